//! Scenario scripting (`rules.scripted`, event effect `TableEntry`; engine gap G33, ToO 35.6,
//! 36.6): given phases of given turns skip their event rolls and apply set effects instead.

use sandtable::model::log::GameLog;
use sandtable::model::{Tracks, TurnState};
use sandtable::session::{Command, Session};

use crate::common::{kell_with, log_has, play};

/// An Event phase every turn in which the South rolls on its table (1-4 Calm, 5-6 Windfall:
/// the North gains 1d6), and `scripted` as the rules' script.
fn game(scripted: &str, dice: &[u32]) -> Session {
    let rules = format!("rules: (reveal_when_enemy_ends_adjacent: true, events: Some((draws: 0, tables: [(\"south\", \"fortune\")])), scripted: [{scripted}]),");
    kell_with(
        &[
            (crate::common::KELL_RULES, rules.as_str()),
            ("        phases: [\n", "        phases: [\n            (id: \"events\", name: \"Event Phase\", kind: Event, actor: Nobody),\n"),
            (
                "    tables: (\n        crts: [(",
                "    tables: (\n        events: [(id: \"fortune\", name: \"Fortunes of War\", side: Some(\"south\"), dice: D6, entries: [\
                 (rolls: (1, 4), name: \"Calm\"), \
                 (rolls: (5, 6), name: \"Windfall\", effects: [AdjustTrack(track: \"north_vp\", amount: Dice(1))])])],\n        crts: [(",
            ),
        ],
        dice,
    )
}

fn north_vp(s: &Session) -> i32 {
    let i = s.game().track_index("north_vp").expect("track");
    s.world.resource::<Tracks>().0[i]
}

/// Ends phases until game turn `turn` (0-based) begins.
fn to_turn(s: &mut Session, turn: usize) {
    while s.world.resource::<TurnState>().turn < turn {
        play(s, &[Command::EndPhase]);
    }
}

#[test]
fn rule_too_35_6_a_scripted_phase_skips_its_roll_and_applies_the_named_entry() {
    let script = r#"(turn: "2", phase: "events", no_roll: true, effects: [TableEntry(table: "fortune", entry: "Windfall")], rule: Some("35.6"))"#;
    // Turn 1 rolls as usual (1: Calm). Turn 2 rolls no event; Windfall applies (its 1d6: 4).
    let mut s = game(script, &[1, 4]);
    assert!(log_has(&mut s, "Fortunes of War: rolled 1: Calm"));
    assert_eq!(north_vp(&s), 0);
    to_turn(&mut s, 1);
    assert!(log_has(&mut s, "scenario rule 35.6: no event roll this phase"));
    assert!(log_has(&mut s, "scenario rule 35.6: Windfall applies"));
    assert_eq!(north_vp(&s), 4);
    let rolled = s.world.resource::<GameLog>().0.iter().filter(|e| e.text.starts_with("Fortunes of War: rolled")).count();
    assert_eq!(rolled, 1, "no roll on turn 2");
    // Turn 3 rolls again (no forced die is left: the seeded dice decide, but a roll is made).
    to_turn(&mut s, 2);
    let rolled = s.world.resource::<GameLog>().0.iter().filter(|e| e.text.starts_with("Fortunes of War: rolled")).count();
    assert_eq!(rolled, 2);
}

#[test]
fn rule_too_36_6_a_script_may_add_effects_to_any_phase_and_keep_its_roll() {
    let script = r#"(turn: "1", phase: "first_movement", effects: [AdjustTrack(track: "north_vp", amount: Fixed(2))], rule: Some("36.6")),
                    (turn: "1", phase: "events", effects: [AdjustTrack(track: "north_vp", amount: Fixed(1))])"#;
    // The event phase (automatic, over at once): its effect, then its usual roll (5: Windfall,
    // 1d6 = 3); then the movement phase's script as it begins.
    let s = game(script, &[5, 3]);
    let texts: Vec<String> = s.world.resource::<GameLog>().0.iter().map(|e| e.text.clone()).collect();
    let at = |t: &str| texts.iter().position(|x| x.starts_with(t)).unwrap_or_else(|| panic!("`{t}` in {texts:?}"));
    assert!(at("North VP 0 -> 1 (scenario rule)") < at("Fortunes of War: rolled 5: Windfall"));
    assert!(at("Fortunes of War: rolled 5: Windfall") < at("scenario rule 36.6"));
    assert!(at("scenario rule 36.6") < at("North VP 4 -> 6 (scenario rule 36.6)"));
    assert_eq!(north_vp(&s), 1 + 3 + 2);
}

#[test]
fn bad_scripts_are_clear_errors() {
    let script = r#"(turn: "9", phase: "nowhere", effects: [TableEntry(table: "fortune", entry: "Storm"), TableEntry(table: "luck", entry: "x"), AdjustTrack(track: "gold", amount: Fixed(1))])"#;
    let rules = format!("rules: (scripted: [{script}]),");
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let text = text.replacen(crate::common::KELL_RULES, &rules, 1).replacen(
        "    tables: (\n        crts: [(",
        "    tables: (\n        events: [(id: \"fortune\", name: \"Fortunes\", dice: D6, entries: [(rolls: (1, 6), name: \"Loop\", effects: [TableEntry(table: \"fortune\", entry: \"Loop\")])])],\n        crts: [(",
        1,
    );
    let Err(e) = sandtable::games::load_str(&text, "bad.ron", &crate::common::root()) else { panic!("a bad script loads") };
    let e = e.to_string();
    for want in [
        "rules.scripted[0].turn: unknown turn `9`",
        "rules.scripted[0].phase: unknown phase `nowhere`",
        "rules.scripted[0].effects[0].entry: table `fortune` has no entry `Storm`",
        "rules.scripted[0].effects[1].table: unknown event table `luck`",
        "rules.scripted[0].effects[2].track",
        "tables.events[0].entries[0].effects[0].entry: `Loop` applies another table entry itself",
    ] {
        assert!(e.contains(want), "{want} in {e}");
    }
}
