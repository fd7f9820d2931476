//! Moves across region boundaries (`rules.region_crossings`, restriction `Crossing`; engine gap
//! G28, ToO 22.3, 6.3 Insubordination): each boundary crossed sets off a roll or a payment.

use sandtable::model::Tracks;
use sandtable::session::Session;

use crate::common::{kell_with, location, log_has, mv, play};

/// Kell Ford split in a west (columns 1-4) and an east (5-8) region, with 5 North PP.
fn game(rules: &str, dice: &[u32]) -> Session {
    kell_with(
        &[
            (crate::common::KELL_RULES, rules),
            (
                "        hexes: [",
                r#"        region_grid: [
            "w w w w e e e e",
            "w w w w e e e e",
            "w w w w e e e e",
            "w w w w e e e e",
            "w w w w e e e e",
            "w w w w e e e e",
        ],
        regions: [(id: "west", name: "West", symbol: Some("w")), (id: "east", name: "East", symbol: Some("e"))],
        hexes: ["#,
            ),
            ("    tracks: [\n", "    tracks: [\n        (id: \"north_pp\", name: \"North PP\", side: Some(\"north\"), start: 5, floor: 0, cap: 20),\n"),
        ],
        dice,
    )
}

const BORDER_ROLL: &str = r#"rules: (reveal_when_enemy_ends_adjacent: true, region_crossings: [(units: (unit_types: ["n_inf"]), effect: Survival(dice: D6, eliminated: (1, 3)), rule: Some("22.3"))]),"#;

#[test]
fn rule_too_22_3_a_unit_crossing_a_border_rolls_and_1_to_3_eliminates_it() {
    // N-2Inf from 0402 (west) to 0503 (east): one boundary; the die says 2.
    let mut s = game(BORDER_ROLL, &[2]);
    play(&mut s, &[mv("N-2Inf", "0503")]);
    assert!(log_has(&mut s, "N-2Inf crosses a border: rolled 2, eliminated (22.3)"));
    assert_eq!(location(&mut s, "N-2Inf"), "eliminated");
    // 4 to 6: it stays; a move within a region rolls nothing.
    let mut s = game(BORDER_ROLL, &[5]);
    play(&mut s, &[mv("N-2Inf", "0503"), mv("N-3Inf", "0702")]);
    assert!(log_has(&mut s, "N-2Inf crosses a border: rolled 5, it stays (22.3)"));
    assert_eq!(location(&mut s, "N-2Inf"), "0503");
    assert_eq!(s.world.resource::<sandtable::model::dice::Dice>().rolls.len(), 1, "one roll, for one boundary");
}

#[test]
fn rule_too_6_3_insubordination_each_boundary_crossed_this_turn_costs_a_point() {
    let rules = r#"rules: (reveal_when_enemy_ends_adjacent: true, scripted: [(turn: "1", phase: "first_movement", rule: Some("6.3"),
        effects: [Restrict(Crossing((units: (contingents: ["north"]), effect: Pay(track: "north_pp", amount: 1))))])]),"#;
    let mut s = game(rules, &[]);
    play(&mut s, &[mv("N-2Inf", "0503")]);
    assert!(log_has(&mut s, "North PP 5 -> 4 (N-2Inf crosses 1 boundary(ies): scenario rule 6.3)"));
    let pp = |s: &Session| s.world.resource::<Tracks>().0[s.game().track_index("north_pp").expect("track")];
    assert_eq!(pp(&s), 4);
}

#[test]
fn bad_crossing_rules_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let rules = r#"rules: (region_crossings: [(regions: ["syria"], effect: Pay(track: "gold", amount: 1))]),"#;
    let text = text.replacen(crate::common::KELL_RULES, rules, 1);
    let Err(e) = sandtable::games::load_str(&text, "bad.ron", &crate::common::root()) else { panic!("bad crossings load") };
    let e = e.to_string();
    for want in ["rules.region_crossings[0]: the map has no regions to cross", "rules.region_crossings[0].regions[0]: unknown region `syria`", "rules.region_crossings[0].effect.track"] {
        assert!(e.contains(want), "{want} in {e}");
    }
}
