//! Assault landings (`rules.sea_moves.landings`; engine gap G26, ToO 20.10): a voyage from a
//! port to a coastal hex the enemy holds leaves the force at sea next to it; it must attack
//! that hex in the Combat phase; a result that lets it pursue lands it there, any other
//! eliminates it with its transport.

use sandtable::session::{Command, Session};

use crate::common::{attack, kell_every_roll, location, log_has, play};

const RESULTS: &str = r#"results: [
                (code: "DW", effects: [Retreat(party: Defender, hexes: 1), Pursuit(party: Attacker, combat: false)]),
                (code: "DR", effects: [Retreat(party: Defender, hexes: 1)]),
                (code: "AA", effects: [EliminateUnits(party: Attacker, count: 1)]),
            ],"#;

/// Kell Ford with every roll giving `code`, a sea hex at 0705 (next to S-2Inf's 0604), sea
/// zones West Bay (Hollin, 0202) and the South Sea (0604, 0606), Hollin a port, landings on,
/// pursuit of 1 hex, attack supply within 2 hexes. The North has two transports at 0101, N-2Inf,
/// N-Art and a supply unit in Hollin, N-3Inf at 0102 (on the coast, in no port) and a supply
/// unit at 0603, 2 hexes from the sea hex.
fn game(code: &str) -> Session {
    let rules = r#"rules: (reveal_when_enemy_ends_adjacent: true, pursuit: Some((hexes: 1)), attack_supply: Some((unit_type: "n_sup", range: 2)), sea_moves: Some((transports: ["n_ship"], capacity: 2,
            zones: [(contingents: ["north"], zones: ["west", "south"])],
            landings: Some((sea_terrain: "sea", rule: Some("20.10"))), rule: Some("20")))),"#;
    kell_every_roll(
        code,
        RESULTS,
        &[
            (crate::common::KELL_RULES, rules),
            (
                r#"            (id: "town", name: "Town","#,
                r##"            (id: "sea", name: "Sea", symbol: "~", color: "#9fc3e0", default_cost: Prohibited),
            (id: "town", name: "Town","##,
            ),
            (r#"            ". . h . . h . .","#, r#"            ". . h . . h ~ .","#),
            (r#"(hex: "0202", name: Some("Hollin")),"#, r#"(hex: "0202", name: Some("Hollin"), tags: ["port"]),"#),
            (
                "        vp_tracks:",
                r#"        sea_zones: [
            (id: "west", name: "West Bay", coast: ["0101", "0102", "0202"]),
            (id: "south", name: "South Sea", coast: ["0604", "0606"]),
        ],
        vp_tracks:"#,
            ),
            (
                "    ],\n    counter_mix: [",
                r#"        (id: "n_ship", name: "Transport", contingent: "north", symbol: Infantry, size: "II",
         strength: Steps([(attack: 0, defense: 1, movement: 0)]), flags: [NoZoc, CannotAttack, Static]),
        (id: "n_sup", name: "Supply", contingent: "north", symbol: Supply, strength: Steps([(attack: 0, defense: 1, movement: 4)]), flags: [NoZoc, CannotAttack]),
    ],
    counter_mix: [
        (unit_type: "n_ship", count: 2), (unit_type: "n_sup", count: 2),"#,
            ),
            (r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#, r#"(id: "N-2Inf", unit_type: "n_inf", at: "0202"),"#),
            (
                r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#,
                r#"(id: "N-3Inf", unit_type: "n_inf", at: "0102"), (id: "N-Ship", unit_type: "n_ship", at: "0101"), (id: "N-Ship2", unit_type: "n_ship", at: "0101"),
                   (id: "N-Sup", unit_type: "n_sup", at: "0202"), (id: "N-Sup2", unit_type: "n_sup", at: "0603"),"#,
            ),
        ],
        &[],
    )
}

fn sail(transport: &str, units: &[&str], to: &str) -> Command {
    Command::SeaMove { transport: transport.into(), units: units.iter().map(|u| (*u).into()).collect(), to: to.into() }
}

/// N-2Inf sails from Hollin to land on 0604 and the Combat phase begins.
fn landed(code: &str) -> Session {
    let mut s = game(code);
    assert!(s.legal_commands().contains(&sail("N-Ship", &["N-2Inf"], "0604")), "the landing is listed");
    play(&mut s, &[sail("N-Ship", &["N-2Inf"], "0604")]);
    assert!(log_has(&mut s, "N-2Inf sail from 0202 on N-Ship to land on 0604: they wait at sea in 0705 and must attack 0604 in the next Combat phase (assault landing (20.10))"));
    assert_eq!(location(&mut s, "N-2Inf"), "0705");
    play(&mut s, &[Command::EndPhase]);
    s
}

#[test]
fn rule_too_20_10_a_landing_force_waits_at_sea_and_must_attack_its_target() {
    let mut s = landed("DW");
    assert_eq!(s.apply(Command::EndPhase).expect_err("must attack"), "`N-2Inf` must attack 0604, where it is landing, before the Combat phase ends (20.10)");
    assert!(!s.legal_commands().contains(&Command::EndPhase), "the end is not offered before the attack");
    assert!(s.legal_commands().contains(&attack(&["N-2Inf"], "0604")));
}

/// Reference T17, DW: the result lets the attacker pursue, and the force lands in the hex as
/// its pursuit.
#[test]
fn rule_too_20_10_t17_a_result_that_allows_pursuit_lands_the_force() {
    let mut s = landed("DW");
    play(&mut s, &[attack(&["N-2Inf"], "0604")]);
    // The defender retreats (its owner's choice of hex), then the force lands.
    while let Some(c) = s.legal_commands().into_iter().find(|c| matches!(c, Command::TakeLosses { .. } | Command::RetreatTo { .. })) {
        play(&mut s, &[c]);
    }
    assert!(log_has(&mut s, "N-2Inf land on 0604: the result lets it pursue (assault landing (20.10))"));
    assert_eq!(location(&mut s, "N-2Inf"), "0604");
    assert_eq!(location(&mut s, "N-Ship"), "0101");
    assert!(s.legal_commands().contains(&Command::EndPhase));
}

/// Reference T17: a result with no pursuit eliminates the force and its transport.
#[test]
fn rule_too_20_10_t17_a_result_without_pursuit_eliminates_the_force_and_its_transport() {
    let mut s = landed("DR");
    play(&mut s, &[attack(&["N-2Inf"], "0604")]);
    while let Some(c) = s.legal_commands().into_iter().find(|c| matches!(c, Command::TakeLosses { .. } | Command::RetreatTo { .. })) {
        play(&mut s, &[c]);
    }
    assert!(log_has(&mut s, "the landing on 0604 fails, the result does not let it pursue: N-2Inf, N-Ship eliminated (assault landing (20.10))"));
    assert_eq!(location(&mut s, "N-2Inf"), "eliminated");
    assert_eq!(location(&mut s, "N-Ship"), "eliminated");
    // AA: the attacker loses its unit at sea, and the transport too.
    let mut t = landed("AA");
    play(&mut t, &[attack(&["N-2Inf"], "0604")]);
    assert_eq!(location(&mut t, "N-2Inf"), "eliminated");
    assert_eq!(location(&mut t, "N-Ship"), "eliminated");
}

#[test]
fn rule_too_20_10_a_landing_starts_in_a_port_and_attacks_only_its_target() {
    let mut s = game("DW");
    assert_eq!(s.apply(sail("N-Ship", &["N-3Inf"], "0604")).expect_err("no port"), "enemy units hold 0604: an assault landing starts in a port (20.10)");
    play(&mut s, &[sail("N-Ship", &["N-3Inf"], "0606")]);
    assert_eq!(location(&mut s, "N-3Inf"), "0606", "a voyage to an empty hex is a normal move");
    // At sea in 0705, N-2Inf is next to 0604 and 0606 only: it attacks 0604 alone.
    play(&mut s, &[sail("N-Ship2", &["N-2Inf"], "0604"), Command::EndPhase]);
    let mut t = game("DW");
    play(&mut t, &[sail("N-Ship", &["N-2Inf"], "0604"), Command::EndPhase]);
    assert!(t.legal_commands().iter().all(|c| !matches!(c, Command::Attack { target, .. } if target.as_str() != "0604")));
}

#[test]
fn rule_too_20_10_a_force_that_could_not_attack_is_eliminated_at_the_end_of_the_combat_phase() {
    let mut s = game("AA");
    // N-1Tk attacks 0604 first from the river bank; the hex may be attacked once a phase.
    play(&mut s, &[Command::Move { unit: "N-1Tk".into(), to: "0603".into() }, sail("N-Ship", &["N-2Inf"], "0604"), Command::EndPhase]);
    play(&mut s, &[attack(&["N-1Tk"], "0604")]);
    assert!(s.legal_commands().contains(&Command::EndPhase), "the force can no longer attack");
    play(&mut s, &[Command::EndPhase]);
    assert!(log_has(&mut s, "the landing on 0604 fails, it did not attack, and enemy units hold 0604 at the end of the Combat phase: N-2Inf, N-Ship eliminated (assault landing (20.10))"));
    assert_eq!(location(&mut s, "N-2Inf"), "eliminated");
}

#[test]
fn bad_landings_are_clear_errors() {
    let text = crate::common::kell_text_with(&[(
        crate::common::KELL_RULES,
        r#"rules: (sea_moves: Some((transports: ["n_inf"], capacity: 2, zones: [], landings: Some((sea_terrain: "ocean"))))),"#,
    )]);
    let Err(e) = sandtable::games::load_str(&text, "bad.ron", &crate::common::root()) else { panic!("bad landings load") };
    assert!(e.to_string().contains("rules.sea_moves.landings.sea_terrain: unknown terrain `ocean`"), "{e}");
}

#[test]
fn rule_too_20_10_a_landing_force_has_attack_supply_only_from_a_supply_unit_spent_at_sea_with_it() {
    // The supply unit sails with the force and is spent at sea, though it moved (15.8).
    let mut s = game("DW");
    play(&mut s, &[sail("N-Ship", &["N-2Inf", "N-Sup"], "0604"), Command::EndPhase, Command::AttackSupply { unit: "N-Sup".into() }]);
    assert_eq!(crate::common::plan_now(&mut s, &["N-2Inf"], "0604").attack, 8);
    // One spent on land 2 hexes away doubles nobody at sea.
    let mut t = landed("DW");
    play(&mut t, &[Command::AttackSupply { unit: "N-Sup2".into() }]);
    assert_eq!(crate::common::plan_now(&mut t, &["N-2Inf"], "0604").attack, 4);
}

#[test]
fn rule_too_20_10_a_landing_force_at_sea_has_no_zone_of_control_ashore() {
    let mut s = landed("DW");
    let units = sandtable::model::view::UnitsView::from_world(&mut s.world);
    let zoc = sandtable::rules::movement::enemy_zoc(s.game(), &units, 1);
    let at = |k: &str| s.game().board.space(k).expect("hex").index();
    // N-2Inf at 0705: nothing around it is in the North's zone for the South.
    assert!(!zoc[at("0706")] && !zoc[at("0806")] && !zoc[at("0704")]);
}

#[test]
fn rule_too_20_10_each_landing_on_a_hex_is_settled_by_its_own_attack() {
    // Two forces land on 0604; only N-2Inf attacks (DR: the hex empties, no pursuit).
    let mut s = game("DR");
    play(&mut s, &[sail("N-Ship", &["N-2Inf"], "0604"), sail("N-Ship2", &["N-Art"], "0604"), Command::EndPhase, attack(&["N-2Inf"], "0604")]);
    while let Some(c) = s.legal_commands().into_iter().find(|c| matches!(c, Command::TakeLosses { .. } | Command::RetreatTo { .. })) {
        play(&mut s, &[c]);
    }
    assert_eq!(location(&mut s, "N-2Inf"), "eliminated");
    assert_eq!(location(&mut s, "N-Ship"), "eliminated");
    // N-Art (no attack strength) could not attack: at the phase's end it lands on the empty hex.
    assert_eq!(location(&mut s, "N-Art"), "0705");
    play(&mut s, &[Command::EndPhase]);
    assert!(log_has(&mut s, "N-Art land on 0604: 0604 is empty at the end of the Combat phase (assault landing (20.10))"));
    assert_eq!(location(&mut s, "N-Ship2"), "0101");
}
