//! Railway engineers (`rules.rail_movement.engineers`, command `BuildRail`; engine gap G6, ToO
//! 16.2-16.3, worked case T21): engineers extend their side's net, a hex for each, into road
//! hexes or enemy rail hexes, never into the enemy; trains then use the new line.

use sandtable::session::{Command, Session};

use crate::common::{kell_rules, location, log_has, mv, play};

use super::rail::{LINE, SOUTH_EAST};

const RULES: &str = r#"(rail_movement: Some((cost_mp: 1, max_hexes: 25, engineers: ["n_eng"])))"#;
const TYPES: (&str, &str) = (
    r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
    r#"(id: "n_eng", name: "Railway Engineer", contingent: "north", symbol: Engineer, size: "II", strength: Steps([(attack: 0, defense: 1, movement: 4)]), flags: [NoZoc, CannotAttack]),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
);
const MIX: (&str, &str) = (r#"(unit_type: "n_art", count: 1),"#, r#"(unit_type: "n_art", count: 1), (unit_type: "n_eng", count: 2),"#);

/// Two engineers in the railhead hex `at`.
fn game(at: &str, more: &[(&str, &str)]) -> Session {
    let art = r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#;
    let engs = format!(r#"{art} (id: "N-Eng1", unit_type: "n_eng", at: "{at}"), (id: "N-Eng2", unit_type: "n_eng", at: "{at}"),"#);
    let mut extra: Vec<(&str, &str)> = vec![LINE, SOUTH_EAST, TYPES, MIX, (art, engs.as_str())];
    extra.extend_from_slice(more);
    kell_rules(RULES, &extra, &[])
}

fn build(engineers: &[&str], hexes: &[&str]) -> Command {
    Command::BuildRail { engineers: engineers.iter().map(|e| (*e).into()).collect(), hexes: hexes.iter().map(|h| (*h).into()).collect() }
}

#[test]
fn rule_too_16_2_t21_two_engineers_build_two_hexes_and_trains_use_them() {
    let mut s = game("0101", &[]);
    assert!(s.legal_commands().contains(&build(&["N-Eng1", "N-Eng2"], &["0102", "0103"])));
    let e = s.apply(build(&["N-Eng1"], &["0102", "0103"])).expect_err("one engineer, one hex");
    assert!(e.contains("1 engineer(s) build at most 1 hex(es)"), "{e}");
    play(&mut s, &[build(&["N-Eng1", "N-Eng2"], &["0102", "0103"])]);
    assert!(log_has(&mut s, "N-Eng1, N-Eng2 build the railway into 0102-0103 (ToO 16.2)"));
    assert_eq!((location(&mut s, "N-Eng1"), location(&mut s, "N-Eng2")), ("0103".to_string(), "0103".to_string()));
    // That was their whole move.
    assert!(s.apply(mv("N-Eng1", "0104")).is_err());
    // A train now runs from the old line onto the new one (0103 is full: 2 stacking points).
    play(&mut s, &[mv("N-3Inf", "0601"), Command::RailMove { unit: "N-3Inf".into(), to: "0102".into() }]);
    assert_eq!(location(&mut s, "N-3Inf"), "0102");
}

#[test]
fn rule_too_16_2_building_converts_enemy_rail_and_never_enters_the_enemy() {
    // Engineers in 0601: 0701 is the South's rail; trains may not use it until converted.
    let mut s = game("0601", &[]);
    play(&mut s, &[build(&["N-Eng1"], &["0701"])]);
    play(&mut s, &[mv("N-3Inf", "0501"), Command::RailMove { unit: "N-3Inf".into(), to: "0701".into() }]);
    assert_eq!(location(&mut s, "N-3Inf"), "0701", "0701 is the North's now");
    // An enemy unit in the hex bars the building; an enemy zone does not.
    let mil = (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305"),"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "0103"),"#);
    let mut s = game("0101", &[mil]);
    let e = s.apply(build(&["N-Eng1", "N-Eng2"], &["0102", "0103"])).expect_err("0103 is held");
    assert!(e.contains("0103 holds enemy units"), "{e}");
    play(&mut s, &[build(&["N-Eng1"], &["0102"])]);
    assert_eq!(location(&mut s, "N-Eng1"), "0102", "into the militia's zone of control");
}

#[test]
fn rule_too_16_2_only_along_a_road_from_the_net_and_before_any_move() {
    let mut s = game("0101", &[]);
    // 0201 is rail already; 0202 is not next to the engineers' hex.
    let e = s.apply(build(&["N-Eng1"], &["0201"])).expect_err("already rail");
    assert!(e.contains("already in north's rail net"), "{e}");
    let e = s.apply(build(&["N-Eng1"], &["0202"])).expect_err("not next to 0101");
    assert!(e.contains("is not next to 0101"), "{e}");
    let mut off_road = game("0301", &[]);
    let e = off_road.apply(build(&["N-Eng1"], &["0302"])).expect_err("no road into 0302");
    assert!(e.contains("neither a road hex reached by road from 0301 nor an enemy rail hex"), "{e}");
    play(&mut s, &[mv("N-Eng2", "0102")]);
    let e = s.apply(build(&["N-Eng2"], &["0102"])).expect_err("moved");
    assert!(e.contains("has moved this phase"), "{e}");
}

#[test]
fn rule_too_16_random_games_with_engineers_list_only_accepted_commands() {
    for seed in [4, 21] {
        let mut s = game("0101", &[]);
        crate::common::play_random_checked(&mut s, seed, 3000);
    }
}
