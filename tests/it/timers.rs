//! Timed objectives (tutorial 5.7.10, the Kestrel Arsenal): an end-of-turn roll against a
//! per-turn table, +2 when the roller has no unit there; relief by an in-supply enemy unit.

use sandtable::rules::timers::TimerEnd;
use sandtable::session::Command;

use crate::common::{kell_rules, mv, play};

const RULES: &str = "(timers: [(id: \"arsenal\", name: \"Kestrel Arsenal\", space: \"0404\", roller: \"south\", dice: D6, \
    modifier_if_absent: 2, falls_on_or_below: [None, Some(1), Some(2), Some(2)], \
    on_fall: [AdjustTrack(track: \"resolve\", amount: Fixed(1))], relief_side: \"north\", \
    on_relief: [AdjustTrack(track: \"north_vp\", amount: Fixed(1))])])";

fn extra() -> Vec<(&'static str, &'static str)> {
    vec![
        ("    tracks: [", "    tracks: [\n        (id: \"resolve\", name: \"Union Resolve\", side: Some(\"south\"), start: 12, floor: 0, cap: 20),"),
        (
            "(id: \"second_combat\", name: \"Second Player Combat\", kind: Combat, actor: Second),",
            "(id: \"second_combat\", name: \"Second Player Combat\", kind: Combat, actor: Second),\n            (id: \"end_of_turn\", name: \"End of Turn\", kind: EndOfTurn, actor: Nobody),",
        ),
    ]
}

#[test]
fn rule_5_7_10_siege_roll_at_the_end_of_turn_falls_on_the_table_value() {
    let mut s = kell_rules(RULES, &extra(), &[1]);
    // Turn 1: no roll ("-" on the table).
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    assert_eq!(s.state(None).dice_rolled, 0);
    assert_eq!(s.state(None).timers, vec![None]);
    // Turn 2: a 1 with S-1Inf in Kell (no modifier) is at most 1: it falls.
    play(&mut s, &vec![Command::EndPhase; 5]);
    let st = s.state(None);
    assert_eq!(st.turn, "3");
    assert_eq!(st.timers, vec![Some(TimerEnd::Fell)]);
    assert_eq!(st.tracks["resolve"], 13);
    let glog = s.world.resource::<sandtable::model::log::GameLog>();
    assert!(glog.0.iter().any(|e| e.text == "Kestrel Arsenal: rolled 1, falls on 1 or less: it falls"));
}

#[test]
fn rule_5_7_10_siege_relieved_by_an_in_supply_unit_entering() {
    let mut away = extra();
    away.extend([
        (r#"(id: "S-1Inf", unit_type: "s_inf", at: "0404")"#, r#"(id: "S-1Inf", unit_type: "s_inf", at: "0806")"#),
        (r#"(id: "S-2Inf", unit_type: "s_inf", at: "0604")"#, r#"(id: "S-2Inf", unit_type: "s_inf", at: "0706")"#),
        (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305")"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "0106")"#),
    ]);
    // Turn 2's roll: 1 + 2 (no Union unit in Kell) = 3 > 1: it holds.
    let mut s = kell_rules(RULES, &away, &[1]);
    play(&mut s, &vec![Command::EndPhase; 9]);
    let st = s.state(None);
    assert_eq!((st.turn.as_str(), st.timers.clone()), ("3", vec![None]));
    let glog = s.world.resource::<sandtable::model::log::GameLog>();
    assert!(glog.0.iter().any(|e| e.text == "Kestrel Arsenal: rolled 1 +2 = 3, falls on 1 or less: it holds"));
    play(&mut s, &[mv("N-2Inf", "0404")]);
    let st = s.state(None);
    assert_eq!(st.timers, vec![Some(TimerEnd::Relieved)]);
    assert_eq!(st.tracks["north_vp"], 3 + 1, "Kell's VP and the relief point");
}
