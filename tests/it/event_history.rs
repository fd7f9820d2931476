//! The record of events (ToO 6.2, A14, 36.6): an event whose conditions fail is no event, a
//! once-only event happens once, and a scenario may list events as happened before it began.

use sandtable::model::{Tracks, TurnState};
use sandtable::session::{Command, Session};

use crate::common::{kell_with, log_has, play};

/// The North rolls on its table every Event phase: 1-2 Holy War (once a game, +1 VP), 3-4
/// Revolt (only after the Holy War, +2 VP), 5-6 Calm; `happened` lists events before the game.
fn game(happened: &str, dice: &[u32]) -> Session {
    let rules = format!("rules: (reveal_when_enemy_ends_adjacent: true, events: Some((draws: 0, tables: [(\"north\", \"fortune\")], happened: [{happened}]))),");
    kell_with(
        &[
            (crate::common::KELL_RULES, rules.as_str()),
            ("        phases: [\n", "        phases: [\n            (id: \"events\", name: \"Event Phase\", kind: Event, actor: Nobody),\n"),
            (
                "    tables: (\n        crts: [(",
                "    tables: (\n        events: [(id: \"fortune\", name: \"Fortunes\", side: Some(\"north\"), dice: D6, entries: [\
                 (rolls: (1, 2), name: \"Holy War\", once: true, effects: [AdjustTrack(track: \"north_vp\", amount: Fixed(1))]), \
                 (rolls: (3, 4), name: \"Revolt\", when: [Happened(table: \"fortune\", entry: \"Holy War\")], effects: [AdjustTrack(track: \"north_vp\", amount: Fixed(2))]), \
                 (rolls: (5, 6), name: \"Calm\")])],\n        crts: [(",
            ),
        ],
        dice,
    )
}

fn vp(s: &Session) -> i32 {
    s.world.resource::<Tracks>().0[s.game().track_index("north_vp").expect("track")]
}

fn to_turn(s: &mut Session, turn: usize) {
    while s.world.resource::<TurnState>().turn < turn {
        play(s, &[Command::EndPhase]);
    }
}

#[test]
fn rule_too_6_2_events_happen_only_when_their_conditions_hold_and_once_only_events_once() {
    // Turn 1: Revolt before the Holy War: no event. Turn 2: the Holy War. Turn 3: the Holy War
    // again: no event. Turn 4: the Revolt now.
    let mut s = game("", &[3, 1, 2, 4]);
    assert!(log_has(&mut s, "Fortunes: Revolt: its conditions do not hold: no event"));
    assert_eq!(vp(&s), 0);
    to_turn(&mut s, 1);
    assert_eq!(vp(&s), 1, "the Holy War");
    to_turn(&mut s, 2);
    assert!(log_has(&mut s, "Fortunes: Holy War has happened already: no event (once a game)"));
    assert_eq!(vp(&s), 1);
    to_turn(&mut s, 3);
    assert_eq!(vp(&s), 3, "the Revolt, after the Holy War");
}

#[test]
fn rule_too_36_6_a_scenario_lists_events_that_happened_before_it_began() {
    // The Holy War happened before turn 1: rolled, it is no event, and the Revolt may happen.
    let mut s = game(r#"("fortune", "Holy War")"#, &[1, 3]);
    assert!(log_has(&mut s, "Fortunes: Holy War has happened already: no event (once a game)"));
    to_turn(&mut s, 1);
    assert_eq!(vp(&s), 2);
}

#[test]
fn bad_event_records_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let rules = r#"rules: (events: Some((draws: 0, tables: [], happened: [("luck", "Storm")])), scripted: [(turn: "1", phase: "first_movement", effects: [If(when: [Happened(table: "luck", entry: "x")], then: [])])]),"#;
    let text = text.replacen(crate::common::KELL_RULES, rules, 1);
    let Err(e) = sandtable::games::load_str(&text, "bad.ron", &crate::common::root()) else { panic!("bad records load") };
    let e = e.to_string();
    for want in ["rules.events.happened[0]: unknown event table `luck`", "rules.scripted[0].effects[0].when[0]: unknown event table `luck`"] {
        assert!(e.contains(want), "{want} in {e}");
    }
}
