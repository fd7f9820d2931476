//! Support that costs supply (`support.spends`; engine gap G7, ToO 34 artillery corps): each
//! attack an artillery corps supports spends a supply unit within range of it, two when the
//! attack has attack supply; without them it supports nothing.

use sandtable::session::{Command, Session};

use crate::common::{attack, kell_every_roll, location, log_has, play};

const RESULTS: &str = r#"results: [(code: "NE", effects: [])],"#;

/// Kell Ford (every roll: no effect) with attack supply (range 2), a North artillery corps
/// (attack 4, range 2, spending one supply unit within 2 hexes, two with attack supply) at 0402
/// beside N-2Inf (0403, next to Kell) and supply units at the hexes given.
fn game(supplies: &[(&str, &str)]) -> Session {
    let rules = r#"rules: (reveal_when_enemy_ends_adjacent: true, attack_supply: Some((unit_type: "n_sup", range: 2))),"#;
    let types = r#"(id: "n_artc", name: "Artillery Corps", contingent: "north", symbol: Artillery, size: "XXX", strength: Steps([(attack: 4, defense: 2, movement: 3)]),
         flags: [CannotAttack], support_range: Some(2),
         support: Some((category: "artillery", spends: Some((unit_type: "n_sup", range: 2, count: 1, with_attack_supply: 2, rule: Some("34")))))),
        (id: "n_sup", name: "Supply", contingent: "north", symbol: Supply, strength: Steps([(attack: 0, defense: 1, movement: 4)])),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#;
    let mix = r#"(unit_type: "n_art", count: 1), (unit_type: "n_artc", count: 1), (unit_type: "n_sup", count: 3),"#;
    let sups: String = supplies.iter().map(|(id, at)| format!(r#"(id: "{id}", unit_type: "n_sup", at: "{at}"), "#)).collect();
    let placed = format!(r#"(id: "N-Art", unit_type: "n_art", at: "0202"), (id: "N-ArtC", unit_type: "n_artc", at: "0402"), {sups}"#);
    kell_every_roll(
        "NE",
        RESULTS,
        &[
            (crate::common::KELL_RULES, rules),
            (r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#, types),
            (r#"(unit_type: "n_art", count: 1),"#, mix),
            (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0403"),"#),
            (r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#, placed.as_str()),
        ],
        &[],
    )
}

#[test]
fn rule_too_34_an_artillery_corps_spends_the_nearest_supply_unit_for_each_attack() {
    let mut s = game(&[("N-Sup1", "0201"), ("N-Sup2", "0401")]);
    play(&mut s, &[Command::EndPhase]);
    let p = crate::common::plan_now(&mut s, &["N-2Inf", "N-ArtC"], "0404");
    assert_eq!((p.attack, p.spent.clone()), (8, vec![("N-Sup2".to_string(), "34".to_string())]));
    play(&mut s, &[attack(&["N-2Inf", "N-ArtC"], "0404")]);
    assert!(log_has(&mut s, "the supports spend N-Sup2 (34)"));
    assert_eq!(location(&mut s, "N-Sup2"), "out of play");
    assert_eq!(location(&mut s, "N-Sup1"), "0201");
}

#[test]
fn rule_too_34_an_artillery_corps_without_supply_in_range_supports_nothing() {
    let mut s = game(&[("N-Sup1", "0101")]);
    play(&mut s, &[Command::EndPhase]);
    let e = s.apply(attack(&["N-2Inf", "N-ArtC"], "0404")).expect_err("no supply in range");
    assert_eq!(e, "`N-ArtC` needs 1 n_sup within 2 hexes to support this attack, and has 0 (34)");
    assert!(!s.legal_commands().contains(&attack(&["N-2Inf", "N-ArtC"], "0404")));
}

#[test]
fn rule_too_34_with_attack_supply_the_artillery_corps_spends_two() {
    // N-Sup3 is spent for attack supply (it doubles the attack): the corps needs two others.
    let mut s = game(&[("N-Sup1", "0201"), ("N-Sup2", "0401"), ("N-Sup3", "0302")]);
    play(&mut s, &[Command::EndPhase, Command::AttackSupply { unit: "N-Sup3".into() }]);
    let p = crate::common::plan_now(&mut s, &["N-2Inf", "N-ArtC"], "0404");
    assert_eq!(p.spent.iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>(), ["N-Sup2", "N-Sup1"]);
    let mut t = game(&[("N-Sup2", "0401"), ("N-Sup3", "0302")]);
    play(&mut t, &[Command::EndPhase, Command::AttackSupply { unit: "N-Sup3".into() }]);
    let e = t.apply(attack(&["N-2Inf", "N-ArtC"], "0404")).expect_err("one is not enough");
    assert_eq!(e, "`N-ArtC` needs 2 n_sup within 2 hexes to support this attack, and has 1 (34)");
}

#[test]
fn rule_too_15_8_a_supply_unit_that_moved_before_is_not_spent_for_an_artillery_corps() {
    // N-Sup2 moves in the Movement phase (0401 to 0301, still within 2 hexes): it pays nothing.
    let mut s = game(&[("N-Sup2", "0401")]);
    play(&mut s, &[Command::Move { unit: "N-Sup2".into(), to: "0301".into() }, Command::EndPhase]);
    let e = s.apply(attack(&["N-2Inf", "N-ArtC"], "0404")).expect_err("moved");
    assert_eq!(e, "`N-ArtC` needs 1 n_sup within 2 hexes to support this attack, and has 0 (34)");
}
