//! Units leaving play by event and restrictions for the rest of the game (`UnitsLeave`,
//! `RestrictForGood`; ToO 28.2-28.3, worked case T25).

use sandtable::model::TurnState;
use sandtable::session::{Command, Session};

use crate::common::{kell_with, location, log_has, play};

/// The North's first phase of turn 1 begins with its "revolution": the battalions (the HQ and
/// the naval units of T25) are withdrawn, each regiment rolls (1-3 withdrawn), and it may buy no
/// more units of its own for the rest of the game.
fn game(dice: &[u32]) -> Session {
    let rules = r#"rules: (reveal_when_enemy_ends_adjacent: true, counter_pool: true, scripted: [(turn: "1", phase: "first_movement", rule: Some("28.2"), effects: [
        UnitsLeave(units: (unit_types: ["n_art", "n_tank"])),
        UnitsLeave(units: (unit_types: ["n_inf"]), roll: Some((D6, (1, 3)))),
        RestrictForGood(NoPurchase(contingents: ["north"]))])]),"#;
    kell_with(&[(crate::common::KELL_RULES, rules)], dice)
}

#[test]
fn rule_too_28_2_t25_the_first_revolution_withdraws_some_units_and_rolls_for_the_rest() {
    // N-2Inf rolls 2 (withdrawn), N-3Inf rolls 5 (stays).
    let mut s = game(&[2, 5]);
    for (id, at) in [("N-Art", "pool"), ("N-1Tk", "pool"), ("N-2Inf", "pool"), ("N-3Inf", "0602")] {
        assert_eq!(location(&mut s, id), at, "{id}");
    }
    assert!(log_has(&mut s, "scenario rule 28.2: N-1Tk is withdrawn"));
    assert!(log_has(&mut s, "scenario rule 28.2: N-2Inf rolls 2 and is withdrawn"));
    assert!(log_has(&mut s, "scenario rule 28.2: N-3Inf rolls 5 and stays"));
    assert!(!s.can_undo(), "the rolls are an undo barrier");
}

#[test]
fn rule_too_28_2_no_more_units_may_be_bought_for_the_rest_of_the_game() {
    let mut s = game(&[4, 4]);
    assert!(log_has(&mut s, "scenario rule 28.2: from now on, north may not buy units of north"));
    while s.world.resource::<TurnState>().turn < 2 {
        play(&mut s, &[Command::EndPhase]);
    }
    let turn = s.world.resource::<TurnState>();
    assert!(turn.restrictions.is_empty());
    assert_eq!(sandtable::rules::restrictions::purchase_banned(turn, 0, "north"), Some("units of north may not be bought for the rest of the game (scenario rule 28.2)".to_string()));
}
