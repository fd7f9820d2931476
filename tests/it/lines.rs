//! Line-crossing scores (tutorial 5.9) and scores for eliminated units.

use sandtable::session::Command;

use crate::common::{kell_rules, mv, play};

const RULES: &str = "(lines: [(id: \"A\", side: \"north\", rows: (4, 6), flag: Some(MechType), track: \"north_vp\", points: 1, \
    reverse_track: Some(\"union\"), reverse_points: 1)], \
    elimination_scores: [(side: \"north\", flag: Some(MechType), track: \"union\", amount: 1)])";

fn session(dice: &[u32]) -> sandtable::session::Session {
    kell_rules(
        RULES,
        &[
            ("    tracks: [", "    tracks: [\n        (id: \"union\", name: \"Union points\", side: Some(\"south\"), start: 0, floor: 0, cap: 20),"),
            (
                "(id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),",
                "(id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),\n            (id: \"first_scoring\", name: \"First Player Scoring\", kind: Scoring, actor: First),",
            ),
        ],
        dice,
    )
}

#[test]
fn rule_5_9_mech_units_score_a_line_once_and_the_enemy_scores_their_return() {
    let mut s = session(&[]);
    // N-1Tk (mech-type) crosses the river to 0304 (row 4); N-2Inf (foot) to 0403 stays north.
    play(&mut s, &[mv("N-1Tk", "0304"), Command::EndPhase, Command::EndPhase]);
    let st = s.state(None);
    assert_eq!(st.phase, "first_scoring");
    assert_eq!(st.tracks["north_vp"], 1, "one line crossing");
    assert_eq!(st.lines, vec![("N-1Tk".to_string(), "A".to_string(), false)]);
    // Next turn the tank goes back north and stays there at the Scoring phase: the Union scores.
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    play(&mut s, &[mv("N-1Tk", "0303"), Command::EndPhase, Command::EndPhase]);
    let st = s.state(None);
    assert_eq!((st.turn.as_str(), st.phase.as_str()), ("2", "first_scoring"));
    assert_eq!(st.tracks["union"], 1);
    assert_eq!(st.tracks["north_vp"], 1, "the North keeps its score");
    // Crossing again scores nothing more.
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    play(&mut s, &[mv("N-1Tk", "0304"), Command::EndPhase, Command::EndPhase]);
    assert_eq!(s.state(None).tracks["north_vp"], 1);
}

#[test]
fn rule_5_9_eliminated_mech_unit_scores_for_the_union() {
    // The tank attacks Kell alone: 6 vs 4 is 1:1, one left for the town = 1:2; a 1 is 2/0 and
    // both its steps go.
    let mut s = session(&[1]);
    play(&mut s, &[mv("N-1Tk", "0304"), Command::EndPhase, Command::Attack { attackers: vec!["N-1Tk".into()], target: "0404".into(), table: None, supports: vec![], declare: None }]);
    let st = s.state(None);
    assert_eq!(st.units.iter().find(|u| u.id == "N-1Tk").map(|u| u.location.as_str()), Some("eliminated"));
    assert_eq!(st.tracks["union"], 1);
}
