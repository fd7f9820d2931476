//! Bought rolls (`rules.bought_rolls`; engine gap G31, ToO 26 psychological warfare, 5.4):
//! once per player turn, first in one of its phases, a side pays track points for a roll on a
//! table of its choice.

use sandtable::model::{Tracks, TurnState};
use sandtable::session::{Command, Session};

use crate::common::{kell_rules, log_has, mv, play};

/// The North buys rolls on column A (1-3 nothing, 4-6 +1d6 North VP) or column B (1-6: it looks
/// inside the South's stacks) for 2 of its 6 propaganda points, keeping at least 1.
fn game(dice: &[u32]) -> Session {
    let rules = r#"(bought_rolls: [(id: "psywar", name: "Psychological warfare", side: "north", track: "north_pp", cost: 2,
        keep_at_least: Some(1), tables: ["psy_a", "psy_b"], rule: Some("26"))])"#;
    kell_rules(
        rules,
        &[
            (
                "    tables: (\n        crts: [(",
                "    tables: (\n        events: [\
                 (id: \"psy_a\", name: \"Column A\", side: Some(\"north\"), dice: D6, entries: [(rolls: (1, 3), name: \"No effect\"), \
                  (rolls: (4, 6), name: \"Propaganda\", effects: [AdjustTrack(track: \"north_vp\", amount: Dice(1))])]), \
                 (id: \"psy_b\", name: \"Column B\", side: Some(\"north\"), dice: D6, entries: [(rolls: (1, 6), name: \"Intelligence\", effects: [LookInsideStacks])])],\n        crts: [(",
            ),
            ("    tracks: [\n", "    tracks: [\n        (id: \"north_pp\", name: \"North PP\", side: Some(\"north\"), start: 6, floor: 0, cap: 20),\n"),
        ],
        dice,
    )
}

fn track(s: &Session, id: &str) -> i32 {
    let i = s.game().track_index(id).expect("track");
    s.world.resource::<Tracks>().0[i]
}

fn buy(table: &str) -> Command {
    Command::BuyRoll { roll: "psywar".into(), table: table.into() }
}

#[test]
fn rule_too_26_1_a_roll_is_bought_once_per_player_turn_first_in_a_phase() {
    // Turn 1, the North's movement: column A rolls 5 (Propaganda), then 1d6 = 3.
    let mut s = game(&[5, 3]);
    let legal = s.legal_commands();
    assert!(legal.contains(&buy("psy_a")) && legal.contains(&buy("psy_b")), "both columns are offered");
    play(&mut s, &[buy("psy_a")]);
    assert_eq!((track(&s, "north_pp"), track(&s, "north_vp")), (4, 3));
    assert!(log_has(&mut s, "north buys Psychological warfare on Column A, 26: North PP 6 -> 4"));
    assert!(log_has(&mut s, "Column A: rolled 5: Propaganda"));
    assert!(!s.can_undo(), "the roll is an undo barrier");
    // Once per player turn: not again in this phase, nor in the next one of the same turn.
    let e = s.apply(buy("psy_b")).expect_err("twice");
    assert!(e.contains("was bought already this turn"), "{e}");
    play(&mut s, &[Command::EndPhase]);
    assert!(s.apply(buy("psy_b")).expect_err("same turn").contains("already this turn"));
    assert!(!s.legal_commands().iter().any(|c| matches!(c, Command::BuyRoll { .. })));
    // Turn 2: the movement phase has begun with a move, so only the next phase's start is left.
    while s.world.resource::<TurnState>().turn < 1 {
        play(&mut s, &[Command::EndPhase]);
    }
    play(&mut s, &[mv("N-2Inf", "0403")]);
    let e = s.apply(buy("psy_b")).expect_err("after a move");
    assert!(e.contains("at the start of a phase, before anything else in it"), "{e}");
    assert!(!s.legal_commands().contains(&buy("psy_b")));
    play(&mut s, &[Command::EndPhase, buy("psy_b")]);
    assert!(log_has(&mut s, "Column B: rolled"), "column B is rolled at the start of the combat phase");
    assert_eq!(track(&s, "north_pp"), 2);
}

#[test]
fn rule_too_5_4_a_side_never_spends_points_that_would_leave_it_below_its_floor() {
    let mut s = game(&[1, 1]);
    play(&mut s, &[buy("psy_a")]);
    // Turn 2: 4 left, 2 to pay: 2 is kept. Turn 3: 2 left: paying would leave 0.
    while s.world.resource::<TurnState>().turn < 1 {
        play(&mut s, &[Command::EndPhase]);
    }
    play(&mut s, &[buy("psy_b")]);
    assert_eq!(track(&s, "north_pp"), 2);
    while s.world.resource::<TurnState>().turn < 2 {
        play(&mut s, &[Command::EndPhase]);
    }
    let e = s.apply(buy("psy_b")).expect_err("below the floor");
    assert_eq!(e, "Psychological warfare costs 2 and North PP is 2: it may not go below 1");
    assert!(!s.legal_commands().iter().any(|c| matches!(c, Command::BuyRoll { .. })));
}

#[test]
fn rule_too_26_2_only_the_buying_side_rolls_and_only_on_its_tables() {
    let mut s = game(&[]);
    let e = s.apply(Command::BuyRoll { roll: "psywar".into(), table: "fortune".into() }).expect_err("not a column");
    assert_eq!(e, "Psychological warfare rolls on psy_a or psy_b, not on `fortune`");
    // The South's movement phase: the roll is the North's.
    play(&mut s, &[Command::EndPhase, Command::EndPhase]);
    assert_eq!(s.acting_side(), Some(1), "the South acts");
    assert_eq!(s.apply(buy("psy_a")).expect_err("the South"), "Psychological warfare is bought by north");
}

#[test]
fn bad_bought_rolls_are_clear_errors() {
    let rules = r#"rules: (bought_rolls: [(id: "psywar", name: "Psy", side: "east", track: "gold", cost: -2, tables: ["psy_c"])]),"#;
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let text = text.replacen(crate::common::KELL_RULES, rules, 1);
    let Err(e) = sandtable::games::load_str(&text, "bad.ron", &crate::common::root()) else { panic!("bad rolls load") };
    let e = e.to_string();
    for want in [
        "rules.bought_rolls[0].side",
        "rules.bought_rolls[0].track",
        "rules.bought_rolls[0].cost: -2 is below 0",
        "rules.bought_rolls[0].tables[0]: unknown event table `psy_c`",
    ] {
        assert!(e.contains(want), "{want} in {e}");
    }
}
