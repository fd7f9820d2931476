//! Concentric attack (`rules.concentric_attack`; engine gap G9, ToO 12.2): when the attacking
//! units and their zones of control cover every hex around the defender, the attack doubles.

use sandtable::rules::combat::AttackPlan;
use sandtable::session::{Command, Session};

use crate::common::{attack, kell_rules, log_has, play};

/// The militia on its hill (0305) with N-2Inf to its north (0304) and N-3Inf to its south
/// (0306): their hexes and zones cover 0204, 0205, 0304, 0306, 0404 (held by S-1Inf) and 0405.
const N2: (&str, &str) = (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0304"),"#);
const N3: (&str, &str) = (r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#, r#"(id: "N-3Inf", unit_type: "n_inf", at: "0306"),"#);
const RULES: &str = "(concentric_attack: Some((multiplier: 2)))";

fn plan(s: &mut Session, attackers: &[&str], target: &str) -> AttackPlan {
    crate::common::plan_now(s, attackers, target)
}

#[test]
fn rule_too_12_2_attackers_and_their_zones_all_round_the_defender_double_the_attack() {
    let mut s = kell_rules(RULES, &[N2, N3], &[1]);
    let p = plan(&mut s, &["N-2Inf", "N-3Inf"], "0305");
    assert_eq!((p.attack, p.attack_multiplier.0, p.attack_multiplier.1.as_str()), (16, 2, "concentric attack"));
    play(&mut s, &[Command::EndPhase, attack(&["N-2Inf", "N-3Inf"], "0305")]);
    assert!(log_has(&mut s, "combat at 0305: 16 (attack ×2: concentric attack) vs 2"));
}

#[test]
fn rule_too_12_2_a_gap_in_the_ring_leaves_the_attack_single() {
    let mut s = kell_rules(RULES, &[N2, N3], &[]);
    // N-2Inf alone covers 0204, 0304 and 0404 only.
    let p = plan(&mut s, &["N-2Inf"], "0305");
    assert_eq!((p.attack, p.attack_multiplier.0), (4, 1));
    // Without the rule the ring doubles nothing.
    let mut plain = kell_rules("()", &[N2, N3], &[]);
    assert_eq!(plan(&mut plain, &["N-2Inf", "N-3Inf"], "0305").attack, 8);
}
