//! Decision: Iraq Jihad and Surge (24): declared once per game at the start of the side's own
//! player turn, under the index condition; 5d6 mobilization points spent on units that enter at
//! their highest free level, never saved; that turn's control points doubled.

use sandtable::model::prompt::Prompt;
use sandtable::session::Command;

use crate::common::{log_has, play};
use crate::it::decision_iraq::with_units_edited;


#[test]
fn rule_24_jihad_at_78_gives_5d6_points_units_at_their_highest_level_and_double_control() {
    // The first game turn is made an A turn (the worked case is 2006A) and the Insurgent starts at 78.
    let edits = [
        (r#"labels: ["2003B", "2004A","#, r#"labels: ["2004A", "2003B","#),
        (r#"side: Some("ins"), start: 70,"#, r#"side: Some("ins"), start: 78,"#),
    ];
    // Chaos 11 (a chit, one die for the draw), then 5d6 = 19.
    let units = [("J", "ins_jihadi", "tikrit", 0), ("M1", "ins_militia", "tikrit/infra1", 1), ("M2", "ins_militia", "tikrit/infra2", 1)];
    let mut s = with_units_edited(&units, &[1, 1, 1, 4, 4, 4, 4, 3], &edits);
    play(&mut s, &[Command::FirstPlayer { side: "ins".into() }]);
    let Some(Prompt::Declare { id, side, name, .. }) = s.state(None).prompt else { panic!("Jihad offered at 78") };
    assert_eq!((id.as_str(), side.as_str(), name.as_str()), ("jihad", "ins", "Jihad"));
    play(&mut s, &[Command::Declare { id: "jihad".into(), declare: true }, Command::EndPhase]);
    assert_eq!(s.state(None).phase, "first_mobilization");
    assert_eq!(s.state(None).tracks["ins_jihad_points"], 19);
    play(&mut s, &[Command::Recruit { unit_type: "ins_militia".into(), at: "tikrit".into(), surge: true }]);
    let st = s.state(None);
    assert_eq!((st.tracks["ins_jihad_points"], st.tracks["ins_ni"]), (16, 78), "paid with mobilization points, not the index");
    assert!(st.units.iter().any(|u| u.unit_type == "ins_militia" && u.location == "tikrit" && u.level == 4), "24.5: the highest free level");
    // Normal purchases enter at level 1 and cost the index.
    play(&mut s, &[Command::Recruit { unit_type: "ins_militia".into(), at: "tikrit".into(), surge: false }]);
    assert_eq!(s.state(None).tracks["ins_ni"], 75);
    // The points cannot be saved.
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(s.state(None).tracks["ins_jihad_points"], 0);
    assert!(log_has(&mut s, "Jihad Mobilization Points unspent: 16 lost"));
    // On to the Control phase (the CI makes no conflict: it has no units).
    let before = loop {
        let st = s.state(None);
        if st.phase == "second_conflict" && st.prompt.is_none() {
            break st.tracks["ins_ni"];
        }
        let legal = s.legal_commands();
        let c = if legal.contains(&Command::EndPhase) { Command::EndPhase } else if legal.contains(&Command::Pass) { Command::Pass } else { legal[0].clone() };
        play(&mut s, &[c]);
    };
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(s.state(None).tracks["ins_ni"], (before + 10).min(100), "Tikrit's 5 doubled (24.52)");
    // Never a second Jihad.
    while s.state(None).turn == "2004A" || s.state(None).phase != "first_chaos" {
        let legal = s.legal_commands();
        if let Some(Prompt::Declare { id, .. }) = s.state(None).prompt {
            panic!("{id} offered again");
        }
        let c = if legal.contains(&Command::EndPhase) { Command::EndPhase } else if legal.iter().any(|c| matches!(c, Command::FirstPlayer { .. })) { Command::FirstPlayer { side: "ins".into() } } else { legal[0].clone() };
        play(&mut s, &[c]);
    }
    assert!(!matches!(s.state(None).prompt, Some(Prompt::Declare { .. })));
}

#[test]
fn rule_24_13_surge_needs_25_or_less_and_on_a_b_turn_warns_that_only_the_doubling_applies() {
    let mut s = with_units_edited(&[], &[1, 1, 1], &[(r#"side: Some("ci"), start: 30,"#, r#"side: Some("ci"), start: 26,"#)]);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }]);
    assert!(!matches!(s.state(None).prompt, Some(Prompt::Declare { .. })), "26 is too high");
    let mut s = with_units_edited(&[], &[1, 1, 1], &[(r#"side: Some("ci"), start: 30,"#, r#"side: Some("ci"), start: 25,"#)]);
    play(&mut s, &[Command::FirstPlayer { side: "ci".into() }]);
    let Some(Prompt::Declare { id, name, .. }) = s.state(None).prompt else { panic!("Surge offered at 25") };
    assert_eq!(id, "surge");
    assert!(name.contains("only the control doubling"), "2003B has no Mobilization phase: {name}");
}
