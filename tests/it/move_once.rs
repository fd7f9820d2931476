//! A unit's move ends when another unit moves (`rules.move_ends_when_another_moves`, ToO 9.3:
//! once a unit has finished moving it may not move again that phase).

use crate::common::{kell_rules, location, mv, play};

#[test]
fn rule_too_9_3_a_finished_unit_may_not_move_again() {
    let mut s = kell_rules("(move_ends_when_another_moves: true)", &[], &[]);
    // N-3Inf (4 MP) moves a step at a time while no other unit has moved...
    play(&mut s, &[mv("N-3Inf", "0702"), mv("N-3Inf", "0701")]);
    assert_eq!(location(&mut s, "N-3Inf"), "0701");
    // ...and its move is over once another unit moves, MP left or not.
    play(&mut s, &[mv("N-1Tk", "0402")]);
    let e = s.apply(mv("N-3Inf", "0702")).expect_err("finished");
    assert!(e.contains("has finished moving this phase"), "{e}");
    assert!(!s.legal_commands().contains(&mv("N-3Inf", "0702")));
    // The unit that moved last may go on.
    play(&mut s, &[mv("N-1Tk", "0502")]);
    // Without the rule a unit moves again while MP remain (the tutorial's reading).
    let mut free = kell_rules("()", &[], &[]);
    play(&mut free, &[mv("N-3Inf", "0702"), mv("N-1Tk", "0402"), mv("N-3Inf", "0701")]);
    assert_eq!(location(&mut free, "N-3Inf"), "0701");
}
