//! Air interdiction (tutorial 5.7.6): markers placed when the North's movement phase begins
//! remove the road in their hex for that phase only.

use sandtable::model::view::UnitsView;
use sandtable::model::Control;
use sandtable::rules::movement::move_check;
use sandtable::session::Command;
use sandtable::model::prompt::Prompt;

use crate::common::{kell_rules, play};

const RULES: &str = "(interdiction: Some((side: \"south\", against: \"north\", counts: [(count: 2, when: Some((\"north_vp\", AtLeast(3)))), (count: 1)])))";

/// The South's units moved away from the Kell bridge.
const AWAY: [(&str, &str); 3] = [
    (r#"(id: "S-1Inf", unit_type: "s_inf", at: "0404")"#, r#"(id: "S-1Inf", unit_type: "s_inf", at: "0806")"#),
    (r#"(id: "S-2Inf", unit_type: "s_inf", at: "0604")"#, r#"(id: "S-2Inf", unit_type: "s_inf", at: "0706")"#),
    (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305")"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "0106")"#),
];

fn cost(s: &mut sandtable::session::Session, unit: &str, to: &str) -> Result<u32, String> {
    let units = UnitsView::from_world(&mut s.world);
    move_check(s.game(), &units, s.world.resource::<Control>(), 0, unit, to).map(|d| d.cost)
}

#[test]
fn rule_5_7_6_interdiction_exists_only_during_the_movement_phase_it_was_placed_in() {
    let mut s = kell_rules(RULES, &AWAY, &[]);
    // The North's movement phase begins with the South placing its marker.
    let st = s.state(None);
    let Some(Prompt::PlaceMarkers { side, count, spaces, .. }) = st.prompt else { panic!("{:?}", st.prompt) };
    assert_eq!((side.as_str(), count), ("south", 1));
    assert!(spaces.contains(&"0404".to_string()) && !spaces.contains(&"0202".to_string()), "not where North units are");
    let e = s.apply(Command::EndPhase).expect_err("markers first");
    assert!(e.contains("must first answer"), "{e}");
    let e = s.apply(Command::PlaceMarkers { spaces: vec!["0202".into()] }).expect_err("North unit there");
    assert!(e.contains("not a road hex free"), "{e}");
    play(&mut s, &[Command::PlaceMarkers { spaces: vec!["0404".into()] }]);
    // The bridge road is cut in 0404: crossing the river costs its +1 again (2 -> 3 MP).
    assert_eq!(cost(&mut s, "N-2Inf", "0404"), Ok(3));
    play(&mut s, &[Command::EndPhase]);
    // Combat phase: the marker is gone.
    assert!(!s.world.resource::<Control>().interdicted.iter().any(|m| *m));
    let glog = s.world.resource::<sandtable::model::log::GameLog>();
    assert!(glog.0.iter().any(|e| e.text == "interdiction markers are removed"));
    // The next North movement phase (turn 2) asks again; the South's own phases never do.
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    let st = s.state(None);
    assert_eq!((st.turn.as_str(), st.phase.as_str()), ("2", "first_movement"));
    assert!(matches!(st.prompt, Some(Prompt::PlaceMarkers { .. })));
}

#[test]
fn rule_5_7_6_marker_count_follows_a_track() {
    let mut s = kell_rules(RULES, &AWAY, &[]);
    play(&mut s, &[Command::PlaceMarkers { spaces: vec!["0303".into()] }]);
    // Without the marker in its way N-2Inf takes Kell by the bridge: North VP 3.
    play(&mut s, &[Command::Move { unit: "N-2Inf".into(), to: "0404".into() }]);
    assert_eq!(s.state(None).tracks["north_vp"], 3);
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    let Some(Prompt::PlaceMarkers { count, .. }) = s.state(None).prompt else { panic!("prompt") };
    assert_eq!(count, 2, "two markers while north_vp >= 3");
}
