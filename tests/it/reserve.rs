//! Breakthrough reserve (tutorial 5.7.4): designation at the start of movement within a cap,
//! reserve units sit out the regular phases and act alone in the breakthrough phases.

use sandtable::model::view::UnitsView;
use sandtable::rules::reserve::reserve_cap;
use sandtable::session::Command;

use crate::common::{kell_rules, location, mv, play};

const RULES: &str = "(reserve: Some((caps: [(side: \"north\", count: 1), \
    (side: \"south\", count: 1, when: Some((\"north_vp\", AtLeast(3)))), (side: \"south\", count: 2)])))";

/// Kell Ford with the North's turn split into regular and breakthrough phases.
fn session() -> sandtable::session::Session {
    kell_rules(
        RULES,
        &[
            (
                "(id: \"first_movement\", name: \"First Player Movement\", kind: Movement, actor: First),\n            (id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First),",
                "(id: \"first_movement\", name: \"First Player Movement\", kind: Movement, actor: First, units: NonReserve),\n            \
                 (id: \"first_combat\", name: \"First Player Combat\", kind: Combat, actor: First, units: NonReserve),\n            \
                 (id: \"first_bt_movement\", name: \"First Player Breakthrough Movement\", kind: Movement, actor: First, units: Reserve),\n            \
                 (id: \"first_bt_combat\", name: \"First Player Breakthrough Combat\", kind: Combat, actor: First, units: Reserve),",
            ),
        ],
        &[],
    )
}

fn reserve(unit: &str) -> Command {
    Command::Reserve { unit: unit.into() }
}

#[test]
fn rule_5_7_4_reserve_designation_cap_and_timing() {
    let mut s = session();
    play(&mut s, &[reserve("N-1Tk")]);
    let e = s.apply(reserve("N-3Inf")).expect_err("cap 1");
    assert!(e.contains("at most 1 reserve unit"), "{e}");
    let e = s.apply(reserve("N-1Tk")).expect_err("twice");
    assert!(e.contains("already in reserve"), "{e}");
    let e = s.apply(mv("N-1Tk", "0303")).expect_err("reserve units wait");
    assert!(e.contains("is in reserve"), "{e}");
    play(&mut s, &[mv("N-2Inf", "0502")]);
    assert!(!s.legal_commands().iter().any(|c| matches!(c, Command::Reserve { .. })), "no designation after a move");
}

#[test]
fn rule_5_7_4_reserve_units_move_alone_in_breakthrough_movement() {
    let mut s = session();
    play(&mut s, &[reserve("N-1Tk"), mv("N-2Inf", "0502"), Command::EndPhase, Command::EndPhase]);
    assert_eq!(s.state(None).phase, "first_bt_movement");
    let e = s.apply(mv("N-3Inf", "0702")).expect_err("not reserve");
    assert!(e.contains("only reserve units act"), "{e}");
    assert!(s.apply(Command::Reserve { unit: "N-3Inf".into() }).is_err(), "no designation in breakthrough phases");
    play(&mut s, &[mv("N-1Tk", "0303")]);
    assert_eq!(location(&mut s, "N-1Tk"), "0303");
    // The marker goes with the player turn: next turn the tank is an ordinary unit again.
    play(&mut s, &[Command::EndPhase, Command::EndPhase, Command::EndPhase, Command::EndPhase]);
    let st = s.state(None);
    assert_eq!((st.turn.as_str(), st.phase.as_str()), ("2", "first_movement"));
    let units = UnitsView::from_world(&mut s.world);
    assert!(!units.get("N-1Tk").expect("unit").activity.reserve);
}

#[test]
fn rule_5_7_4_reserve_cap_can_depend_on_a_track() {
    let mut s = session();
    let game = s.game().clone();
    let mut tracks = s.world.resource::<sandtable::model::Tracks>().clone();
    assert_eq!(reserve_cap(&game, &tracks, 1), 2);
    tracks.0[0] = 3;
    assert_eq!(reserve_cap(&game, &tracks, 1), 1, "1 while north_vp >= 3");
    assert_eq!(reserve_cap(&game, &tracks, 0), 1);
    let _ = &mut s;
}
