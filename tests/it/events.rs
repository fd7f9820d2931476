//! Events and chits (tutorial 5.8): cups per side, chits added on given turns, immediate versus
//! held chits, "no event" conditions, play windows, event tables, hidden hands.

use sandtable::session::Command;

use crate::common::{kell_with, play};

fn session(dice: &[u32]) -> sandtable::session::Session {
    kell_with(
        &[
            (crate::common::KELL_RULES, "rules: (reveal_when_enemy_ends_adjacent: true, events: Some((draws: 1, tables: [(\"south\", \"fortune\")]))),"),
            (
                "        phases: [\n",
                "        phases: [\n            (id: \"events\", name: \"Event Phase\", kind: Event, actor: Nobody, from_turn: Some(2)),\n",
            ),
            (
                "    tables: (\n        crts: [(",
                "    tables: (\n        events: [(id: \"fortune\", name: \"Fortunes of War\", side: Some(\"south\"), dice: D6, entries: [\
                 (rolls: (1, 4), name: \"Calm\"), \
                 (rolls: (5, 6), name: \"Windfall\", effects: [AdjustTrack(track: \"north_vp\", amount: Dice(1))])])],\n        crts: [(",
            ),
            (
                "    tracks: [",
                "    pools: [(id: \"north_cup\", name: \"North cup\", side: Some(\"north\"), chits: [\n\
                 (id: \"N1\", name: \"Ground-Attack Wing\", mode: Held, play_in: [\"first_combat\"], effects: [AdjustTrack(track: \"north_vp\", amount: Fixed(1))]),\n\
                 (id: \"N4\", name: \"Quiet Front\", mode: Immediate),\n\
                 (id: \"N6\", name: \"Propaganda\", mode: Immediate, added_on_turn: 3, no_event: [NotControls(side: \"north\", space: \"0404\")], \
                  effects: [AdjustTrack(track: \"north_vp\", amount: Fixed(2))]),\n\
                 ])],\n    tracks: [",
            ),
        ],
        dice,
    )
}

fn end(n: usize) -> Vec<Command> {
    vec![Command::EndPhase; n]
}

#[test]
fn rule_5_8_draws_tables_held_chits_and_play_windows() {
    // Turn 2's Event phase: the North draws (1 = first chit in the cup: N1, held), the South
    // rolls on its table (6: Windfall) and then a die for the amount (2).
    let mut s = session(&[1, 6, 2]);
    assert_eq!(s.state(None).cups["north_cup"], 2, "N6 is not in the cup before turn 3");
    play(&mut s, &end(4));
    let st = s.state(None);
    assert_eq!((st.turn.as_str(), st.phase.as_str()), ("2", "first_movement"), "the Event phase played itself out");
    assert_eq!(st.hands["north"], vec!["N1".to_string()]);
    assert_eq!(st.tracks["north_vp"], 2, "Windfall: +1d6 = 2");
    // The South sees only that the North holds a chit.
    let south = s.state(Some(1));
    assert_eq!(south.hands["north"], vec!["hidden".to_string()]);
    let glog = s.world.resource::<sandtable::model::log::GameLog>();
    assert!(glog.0.iter().any(|e| e.text == "north draws a chit from North cup and keeps it face down"));
    assert!(!glog.0.iter().any(|e| e.text.contains("Ground-Attack")), "the held chit's name stays secret");
    // N1 may be played only in the North's combat phase.
    let e = s.apply(Command::PlayChit { chit: "N1".into(), target: None }).expect_err("window");
    assert!(e.contains("may be played only in: first_combat"), "{e}");
    play(&mut s, &[Command::EndPhase]);
    assert!(s.legal_commands().contains(&Command::PlayChit { chit: "N1".into(), target: None }));
    play(&mut s, &[Command::PlayChit { chit: "N1".into(), target: None }]);
    let st = s.state(None);
    assert_eq!(st.tracks["north_vp"], 3);
    assert!(st.hands["north"].is_empty());
    assert!(!s.can_undo(), "playing a chit reveals it: an undo barrier");
}

#[test]
fn rule_5_8_chits_enter_on_their_turn_and_no_event_conditions_void_them() {
    // Turn 2: draw 2 of [N1, N4] = N4 (quiet), table 1 (calm). Turn 3: N6 joins the cup
    // [N1, N6]; draw 2 = N6, void because the North does not hold Kell; table 1.
    let mut s = session(&[2, 1, 2, 1]);
    play(&mut s, &end(4));
    assert_eq!(s.state(None).cups["north_cup"], 1);
    play(&mut s, &end(5));
    let st = s.state(None);
    assert_eq!((st.turn.as_str(), st.phase.as_str()), ("3", "first_movement"));
    assert_eq!(st.cups["north_cup"], 1, "N6 went in and one chit came out");
    assert_eq!(st.tracks["north_vp"], 0, "N6 had no effect");
    let glog = s.world.resource::<sandtable::model::log::GameLog>();
    assert!(glog.0.iter().any(|e| e.text == "1 chit(s) go into North cup"));
    assert!(glog.0.iter().any(|e| e.text == "north draws N6 (Propaganda): no event"));
    assert!(glog.0.iter().any(|e| e.text == "north draws N4 (Quiet Front)"));
}

/// Kell Ford with a South table, "Night Raid", rolled in a turn-2 Event phase: on 5-6 it
/// reduces the first of N-Art, N-2Inf and N-3Inf with a step to lose. Played to that turn's
/// first movement phase with the die forced to 5.
fn raided(changes: &[(&str, &str)]) -> sandtable::session::Session {
    let mut all = vec![
        (crate::common::KELL_RULES, "rules: (reveal_when_enemy_ends_adjacent: true, events: Some((draws: 0, tables: [(\"south\", \"raid\")]))),"),
        (
            "        phases: [\n",
            "        phases: [\n            (id: \"events\", name: \"Event Phase\", kind: Event, actor: Nobody, from_turn: Some(2)),\n",
        ),
        (
            "    tables: (\n        crts: [(",
            "    tables: (\n        events: [(id: \"raid\", name: \"Night Raid\", side: Some(\"south\"), dice: D6, entries: [\
             (rolls: (1, 4), name: \"Quiet\"), \
             (rolls: (5, 6), name: \"Raid\", effects: [ReduceUnit(units: [\"N-Art\", \"N-2Inf\", \"N-3Inf\"])])])],\n        crts: [(",
        ),
    ];
    all.extend_from_slice(changes);
    let mut s = kell_with(&all, &[5]);
    play(&mut s, &end(4));
    let st = s.state(None);
    assert_eq!((st.turn.as_str(), st.phase.as_str()), ("2", "first_movement"), "the Event phase played itself out");
    s
}

fn level(s: &mut sandtable::session::Session, id: &str) -> Option<u32> {
    s.state(None).units.iter().find(|u| u.id == id).map(|u| u.level)
}

/// A table entry that reduces a unit (`ReduceUnit`, tutorial 5.7.9's interception) takes the
/// step wherever the table is rolled: here in the Event phase (5.8), not through a declaration.
/// The first unit listed that has a step to lose loses it; one already at its last step is passed
/// over.
#[test]
fn rule_5_8_an_event_table_entry_that_reduces_a_unit_takes_its_step() {
    let mut s = raided(&[]);
    assert_eq!(level(&mut s, "N-Art"), Some(0), "a one-step unit has no step to lose: passed over");
    assert_eq!(level(&mut s, "N-2Inf"), Some(1), "the raid took its step");
    assert_eq!(level(&mut s, "N-3Inf"), Some(0), "one unit only");
    let glog = s.world.resource::<sandtable::model::log::GameLog>();
    assert!(glog.0.iter().any(|e| e.text.contains("N-2Inf loses a step")), "the log says so");
}

/// The same for a unit of levels (DI 8): losing a step takes it down a level, as a combat loss
/// does, not past its highest.
#[test]
fn rule_5_8_a_reduced_unit_of_levels_goes_down_a_level() {
    let levels = "strength: Levels(lowest: 1, factors: [(attack: 2, defense: 2, movement: 4), (attack: 4, defense: 4, movement: 4)])),";
    let mut s = raided(&[
        ("strength: Steps([(attack: 4, defense: 4, movement: 4), (attack: 2, defense: 2, movement: 4)])),", levels),
        ("(id: \"N-2Inf\", unit_type: \"n_inf\", at: \"0402\")", "(id: \"N-2Inf\", unit_type: \"n_inf\", at: \"0402\", level: Some(2))"),
        ("(id: \"N-3Inf\", unit_type: \"n_inf\", at: \"0602\")", "(id: \"N-3Inf\", unit_type: \"n_inf\", at: \"0602\", level: Some(2))"),
    ]);
    assert_eq!(level(&mut s, "N-2Inf"), Some(1), "down from its highest level");
    assert_eq!(level(&mut s, "N-3Inf"), Some(2), "one unit only");
}
