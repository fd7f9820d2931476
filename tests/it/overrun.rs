//! Overrun during movement (tutorial 5.7.3): cost = entering the hex + 3 MP, refused from a hex
//! in two enemy ZOCs, the stack enters a vacated hex and may move on, no attack afterwards.

use sandtable::session::Command;

use crate::common::{attack, kell_rules, location, mv, play};

const RULES: &str = "(overrun: Some(()), losses: (tank_support_steps: 1))";
const MIL_AT_0303: (&str, &str) = (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305")"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "0303")"#);
const MIL_AT_0301: (&str, &str) = (r#"(id: "S-Mil", unit_type: "s_mil", at: "0305")"#, r#"(id: "S-Mil", unit_type: "s_mil", at: "0301")"#);

fn overrun(units: &[&str], target: &str) -> Command {
    Command::Overrun { units: units.iter().map(|s| (*s).into()).collect(), target: target.into() }
}

fn mp_used(s: &mut sandtable::session::Session, unit: &str) -> u32 {
    let units = sandtable::model::view::UnitsView::from_world(&mut s.world);
    units.get(unit).expect("unit").activity.mp_used
}

#[test]
fn rule_5_7_3_overrun_costs_terrain_plus_3_and_the_stack_moves_on() {
    // N-1Tk (6 MP) at 0302 overruns the militia in clear 0303: 1 + 3 MP. 6 vs 2 = 3:1, a 6 is 0/2.
    let mut s = kell_rules(RULES, &[MIL_AT_0303], &[6]);
    play(&mut s, &[overrun(&["N-1Tk"], "0303")]);
    assert_eq!(location(&mut s, "S-Mil"), "eliminated");
    assert_eq!(location(&mut s, "N-1Tk"), "0303", "the stack enters the vacated hex");
    assert_eq!(mp_used(&mut s, "N-1Tk"), 4);
    // It may move on with the 2 MP it has left...
    play(&mut s, &[mv("N-1Tk", "0403")]);
    assert_eq!(location(&mut s, "N-1Tk"), "0403");
    // ...but may not attack in the combat phase that follows.
    play(&mut s, &[Command::EndPhase]);
    let e = s.apply(attack(&["N-1Tk"], "0404")).expect_err("overran this turn");
    assert!(e.contains("overran this turn"), "{e}");
}

#[test]
fn rule_5_7_3_overrun_of_a_hill_costs_5_and_needs_the_mp() {
    let mut s = kell_rules(RULES, &[MIL_AT_0301], &[6]);
    // Two single-hex moves first: 0302 -> 0202 -> 0201 by road, 2 MP; 4 left, the hill costs 5.
    play(&mut s, &[mv("N-1Tk", "0202"), mv("N-1Tk", "0201")]);
    let e = s.apply(overrun(&["N-1Tk"], "0301")).expect_err("not enough MP");
    assert!(e.contains("overrunning 0301 costs 5 MP; `N-1Tk` has 4"), "{e}");
    let mut s = kell_rules(RULES, &[MIL_AT_0301], &[6]);
    play(&mut s, &[overrun(&["N-1Tk"], "0301")]);
    assert_eq!(mp_used(&mut s, "N-1Tk"), 5, "hill 2 + 3");
}

#[test]
fn rule_5_7_3_overrun_refused_from_a_hex_in_two_enemy_zocs() {
    let mut s = kell_rules(
        RULES,
        &[MIL_AT_0303, (r#"(id: "S-2Inf", unit_type: "s_inf", at: "0604")"#, r#"(id: "S-2Inf", unit_type: "s_inf", at: "0401")"#)],
        &[6],
    );
    let before = s.state_hash();
    let e = s.apply(overrun(&["N-1Tk"], "0303")).expect_err("two ZOCs");
    assert!(e.contains("0302 is in the zone of control of 2 enemy-occupied hexes"), "{e}");
    assert_eq!(s.state_hash(), before);
}

#[test]
fn rule_5_7_3_failed_overrun_stops_the_stack() {
    // A 1 on 3:1 is 1/0: the tank loses a step, the militia holds; the tank stops in 0302.
    let mut s = kell_rules(RULES, &[MIL_AT_0303], &[1]);
    play(&mut s, &[overrun(&["N-1Tk"], "0303")]);
    assert_eq!(location(&mut s, "N-1Tk"), "0302");
    assert_eq!(location(&mut s, "S-Mil"), "0303");
    let e = s.apply(mv("N-1Tk", "0202")).expect_err("movement ended");
    assert!(e.contains("finished moving"), "{e}");
    let legal = s.legal_commands();
    assert!(!legal.iter().any(|c| matches!(c, Command::Overrun { .. })), "no second overrun: {legal:?}");
}
