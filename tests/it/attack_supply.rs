//! Attack supply (`rules.attack_supply`, `rules.attack_multiplier_cap`, unit flag
//! `FixedStrength`; engine gap G10, ToO 15.7-15.9, 12.2, 19.4): supply spent at the start of the
//! combat phase doubles every attacker in its range until the phase ends, when it leaves play.

use sandtable::session::{Command, Session};

use crate::common::{attack, kell_rules, location, log_has, mv, play};

/// A North supply unit (range 2 in the rules below) and a ship whose strength is never
/// multiplied, with their counters.
const TYPES: (&str, &str) = (
    r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
    r#"(id: "n_sup", name: "Supply", contingent: "north", symbol: Supply, strength: Steps([(attack: 0, defense: 1, movement: 4)]),
         flags: [NoZoc, CannotAttack]),
        (id: "n_nav", name: "Naval Bombardment", contingent: "north", symbol: Naval, strength: Steps([(attack: 6, defense: 0, movement: 0)]),
         flags: [NoZoc, FixedStrength]),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
);
const MIX: (&str, &str) = (r#"(unit_type: "n_art", count: 1),"#, r#"(unit_type: "n_art", count: 1), (unit_type: "n_sup", count: 1), (unit_type: "n_nav", count: 1),"#);

fn at(unit: &'static str, hex: &str) -> String {
    format!(r#"(id: "{unit}", unit_type: "{}", at: "{hex}"),"#, if unit == "N-Sup" { "n_sup" } else { "n_nav" })
}

const RULES: &str = r#"(attack_supply: Some((unit_type: "n_sup", range: 2)), concentric_attack: Some((multiplier: 2)), attack_multiplier_cap: Some(3))"#;

/// Kell Ford with the supply unit at `sup` (and the ship at `nav`), North units moved by
/// `moves` (original setup line, new one).
fn game(rules: &str, sup: &str, nav: Option<&str>, moves: &[(&str, &str)], dice: &[u32]) -> Session {
    let art = r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#;
    let placed = format!("{art}\n{}{}", at("N-Sup", sup), nav.map(|h| at("N-Nav", h)).unwrap_or_default());
    let mut extra: Vec<(&str, &str)> = vec![TYPES, MIX, (art, placed.as_str())];
    extra.extend_from_slice(moves);
    kell_rules(rules, &extra, dice)
}

const N2_AT_0403: (&str, &str) = (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0403"),"#);
const N3_AT_0603: (&str, &str) = (r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#, r#"(id: "N-3Inf", unit_type: "n_inf", at: "0603"),"#);
const TK_AT_0704: (&str, &str) = (r#"(id: "N-1Tk", unit_type: "n_tank", at: "0302"),"#, r#"(id: "N-1Tk", unit_type: "n_tank", at: "0704"),"#);

/// Reference T7: S (range 2, not moved) is spent at the start of the combat phase. Attack A
/// (N-2Inf, 1 hex from S) is doubled; in attack B only N-3Inf (2 hexes) is, not N-1Tk (3
/// hexes). S stays for the whole phase and leaves play when it ends.
#[test]
fn rule_too_15_8_attack_supply_doubles_attackers_in_range_for_the_whole_phase() {
    let mut s = game(RULES, "0402", None, &[N2_AT_0403, N3_AT_0603, TK_AT_0704], &[6, 6]);
    play(&mut s, &[Command::EndPhase]);
    assert!(s.legal_commands().contains(&Command::AttackSupply { unit: "N-Sup".into() }), "listed at the start of the combat phase");
    play(&mut s, &[Command::AttackSupply { unit: "N-Sup".into() }]);
    assert!(log_has(&mut s, "N-Sup is spent for attack supply: attack ×2 within 2 hexes this phase"));
    let a = crate::common::plan_now(&mut s, &["N-2Inf"], "0404");
    assert_eq!((a.attack, a.attack_multiplier.0, a.attack_multiplier.1.as_str()), (8, 2, "attack supply"));
    let b = crate::common::plan_now(&mut s, &["N-1Tk", "N-3Inf"], "0604");
    assert_eq!((b.attack, b.attack_multiplier.1.as_str()), (6 + 8, "attack supply for N-3Inf"));
    // Both attacks of the phase use it: S is still on the map after the first.
    play(&mut s, &[attack(&["N-2Inf"], "0404")]);
    assert!(log_has(&mut s, "combat at 0404: 8 (attack ×2: attack supply) vs 4"));
    assert_eq!(location(&mut s, "N-Sup"), "0402");
    play(&mut s, &[attack(&["N-1Tk", "N-3Inf"], "0604")]);
    assert!(log_has(&mut s, "combat at 0604: 14 (attack ×2: attack supply for N-3Inf) vs 4"));
    // 15.9: spent when the phase begins, not between attacks.
    let e = s.apply(Command::AttackSupply { unit: "N-Sup".into() }).expect_err("already spent");
    assert!(e.contains("already spent"), "{e}");
    play(&mut s, &[Command::EndPhase]);
    assert_eq!(location(&mut s, "N-Sup"), "out of play");
    assert!(log_has(&mut s, "spent attack supply is removed: N-Sup"));
}

#[test]
fn rule_too_15_9_attack_supply_is_declared_before_any_attack() {
    let mut s = game(RULES, "0402", None, &[N2_AT_0403], &[6]);
    play(&mut s, &[Command::EndPhase, attack(&["N-2Inf"], "0404")]);
    let e = s.apply(Command::AttackSupply { unit: "N-Sup".into() }).expect_err("an attack was made");
    assert!(e.contains("before any attack"), "{e}");
    assert!(!s.legal_commands().iter().any(|c| matches!(c, Command::AttackSupply { .. })));
}

#[test]
fn rule_too_15_8_a_supply_unit_that_moved_cannot_be_spent() {
    let mut s = game(RULES, "0402", None, &[], &[]);
    play(&mut s, &[mv("N-Sup", "0502"), Command::EndPhase]);
    let e = s.apply(Command::AttackSupply { unit: "N-Sup".into() }).expect_err("it moved");
    assert!(e.contains("moved in the movement phase just before"), "{e}");
    // Only supply units are spent, and only in the combat phase.
    let mut t = game(RULES, "0402", None, &[], &[]);
    let e = t.apply(Command::AttackSupply { unit: "N-Sup".into() }).expect_err("movement phase");
    assert!(e.contains("not allowed in the First Player Movement phase"), "{e}");
    play(&mut t, &[Command::EndPhase]);
    let e = t.apply(Command::AttackSupply { unit: "N-2Inf".into() }).expect_err("not supply");
    assert!(e.contains("only a `n_sup`"), "{e}");
}

#[test]
fn rule_too_24_2_no_attack_supply_in_winter() {
    let winter = (
        r#"labels: ["1", "2", "3", "4"],"#,
        r#"labels: ["1", "2", "3", "4"],
        seasons: [(id: "winter", name: "Winter"), (id: "spring", name: "Spring")],
        calendar: [(year: 1915, season: "winter"), (year: 1915, season: "spring"), (year: 1915, season: "spring"), (year: 1915, season: "spring")],"#,
    );
    let rules = r#"(attack_supply: Some((unit_type: "n_sup", range: 2, forbidden_if: [Season("winter")])))"#;
    let mut s = game(rules, "0402", None, &[winter], &[]);
    play(&mut s, &[Command::EndPhase]);
    let e = s.apply(Command::AttackSupply { unit: "N-Sup".into() }).expect_err("winter");
    assert!(e.contains("a condition forbids it"), "{e}");
}

/// Reference T4: attack supply and a concentric attack give ×3, never ×4; the ship's printed
/// strength is never multiplied. N-2Inf (0304) and N-3Inf (0306) close the ring round the
/// militia (0305) with the ship (0205); S (0204) is within 2 hexes of both.
#[test]
fn rule_too_12_2_attack_supply_and_a_concentric_attack_give_three_times_never_four() {
    let n2 = (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0304"),"#);
    let n3 = (r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#, r#"(id: "N-3Inf", unit_type: "n_inf", at: "0306"),"#);
    let mut s = game(RULES, "0204", Some("0205"), &[n2, n3], &[1]);
    play(&mut s, &[Command::EndPhase]);
    let before = crate::common::plan_now(&mut s, &["N-2Inf", "N-3Inf", "N-Nav"], "0305");
    assert_eq!((before.attack, before.attack_multiplier.1.as_str()), ((4 + 4) * 2 + 6, "concentric attack"));
    play(&mut s, &[Command::AttackSupply { unit: "N-Sup".into() }]);
    let p = crate::common::plan_now(&mut s, &["N-2Inf", "N-3Inf", "N-Nav"], "0305");
    assert_eq!((p.attack, p.attack_multiplier.0), ((4 + 4) * 3 + 6, 3));
    assert_eq!(p.attack_multiplier.1, "concentric attack, attack supply for N-2Inf, N-3Inf, at most ×3");
    // Without the cap the two multiply.
    let uncapped = r#"(attack_supply: Some((unit_type: "n_sup", range: 2)), concentric_attack: Some((multiplier: 2)))"#;
    let mut u = game(uncapped, "0204", Some("0205"), &[n2, n3], &[]);
    play(&mut u, &[Command::EndPhase, Command::AttackSupply { unit: "N-Sup".into() }]);
    assert_eq!(crate::common::plan_now(&mut u, &["N-2Inf", "N-3Inf", "N-Nav"], "0305").attack, (4 + 4) * 4 + 6);
}

#[test]
fn rule_too_15_7_random_games_with_attack_supply_list_only_accepted_commands() {
    for seed in 1..=12 {
        let mut s = game(RULES, "0402", None, &[], &[]);
        crate::common::play_random_checked(&mut s, seed, 2000);
    }
}

#[test]
fn bad_attack_supply_rules_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let bad = text.replacen(
        crate::common::KELL_RULES,
        r#"rules: (attack_supply: Some((unit_type: "nobody", range: 2, multiplier: 0, forbidden_if: [Season("monsoon")])), attack_multiplier_cap: Some(0)),"#,
        1,
    );
    let Err(e) = sandtable::games::load_str(&bad, "bad.ron", &crate::common::root()) else { panic!("bad rules load") };
    let e = e.to_string();
    for want in ["rules.attack_supply.unit_type", "rules.attack_supply.multiplier", "rules.attack_multiplier_cap", "rules.attack_supply.forbidden_if[0]"] {
        assert!(e.contains(want), "{want} in {e}");
    }
}
