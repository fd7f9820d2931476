//! Attack quotas (event effect `AttackQuota`; engine gap G24, ToO 6.3 Forced Offensive): a side
//! must make a number of attacks of a kind before its combat phase ends, or pay the penalty.

use sandtable::model::Tracks;
use sandtable::session::{Command, Session};

use crate::common::{attack, kell_with, log_has, play};

/// Kell Ford with North VP at 3 and, as the game begins, a quota for the North: one attack on
/// the CRT with an infantry regiment, or 2 VP lost.
fn game(dice: &[u32]) -> Session {
    let rules = r#"rules: (reveal_when_enemy_ends_adjacent: true, scripted: [(turn: "1", phase: "first_movement", rule: Some("6.3"), effects: [
        AttackQuota(count: 1, table: Some("crt"), unit_types: ["n_inf"], penalty: [AdjustTrack(track: "north_vp", amount: Fixed(-2))])])]),"#;
    let vp = (r#"side: Some("north"), start: 0, floor: 0, cap: 10,"#, r#"side: Some("north"), start: 3, floor: 0, cap: 10,"#);
    let n2 = (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0403"),"#);
    let tank = (r#"(id: "N-1Tk", unit_type: "n_tank", at: "0302"),"#, r#"(id: "N-1Tk", unit_type: "n_tank", at: "0304"),"#);
    kell_with(&[(crate::common::KELL_RULES, rules), vp, n2, tank], dice)
}

fn north_vp(s: &Session) -> i32 {
    s.world.resource::<Tracks>().0[s.game().track_index("north_vp").expect("track")]
}

#[test]
fn rule_too_6_3_a_forced_offensive_not_made_costs_its_penalty_when_the_combat_phase_ends() {
    let mut s = game(&[]);
    assert!(log_has(&mut s, "scenario rule 6.3: north must make 1 attack(s) on the Combat Results Table, each with a unit of n_inf before its combat phase ends"));
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(north_vp(&s), 3, "not before the combat phase ends");
    play(&mut s, &[Command::EndPhase]);
    assert!(log_has(&mut s, "scenario rule 6.3: 0 of 1 attacks made, the quota is missed"));
    assert_eq!(north_vp(&s), 1);
    assert!(log_has(&mut s, "North VP 3 -> 1 (scenario rule 6.3: quota missed)"));
}

#[test]
fn rule_too_6_3_a_qualifying_attack_meets_the_quota() {
    let mut s = game(&[6]);
    play(&mut s, &[Command::EndPhase, attack(&["N-2Inf"], "0404"), Command::EndPhase]);
    assert!(log_has(&mut s, "scenario rule 6.3: 1 of 1 attacks made, the quota is met"));
    assert_eq!(north_vp(&s), 3);
}

#[test]
fn rule_too_6_3_an_attack_without_the_named_units_does_not_count() {
    let mut s = game(&[6]);
    play(&mut s, &[Command::EndPhase, attack(&["N-1Tk"], "0404"), Command::EndPhase]);
    assert!(log_has(&mut s, "scenario rule 6.3: 0 of 1 attacks made, the quota is missed"));
    assert_eq!(north_vp(&s), 1);
}

#[test]
fn bad_quotas_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let bad = r#"rules: (scripted: [(turn: "1", phase: "first_movement", effects: [
        AttackQuota(count: 2, table: Some("onslaught"), unit_types: ["corps"], penalty: [AdjustTrack(track: "gold", amount: Fixed(-10))])])]),"#;
    let t = text.replacen(crate::common::KELL_RULES, bad, 1);
    let Err(e) = sandtable::games::load_str(&t, "bad.ron", &crate::common::root()) else { panic!("a bad quota loads") };
    let e = e.to_string();
    for want in ["rules.scripted[0].effects[0].table: unknown table `onslaught`", "rules.scripted[0].effects[0].unit_types[0]", "rules.scripted[0].effects[0].penalty[0].track"] {
        assert!(e.contains(want), "{want} in {e}");
    }
}
