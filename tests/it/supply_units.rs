//! Supply from units and from where a unit stands (`rules.supply.unit_sources`, `local`,
//! `always`, `not_blocking`, `line_class`; engine gap G11, ToO 15.2-15.3, 15.9, 38.0).

use sandtable::model::Control;
use sandtable::model::view::UnitsView;
use sandtable::rules::supply::side_supply;
use sandtable::session::Session;

use crate::common::{KELL_RULES, kell_with};

/// A North supply unit (range 2 by default), a South fortress, a South guerrilla that blocks
/// no supply line, a South corps of 3 stacking points.
const TYPES: (&str, &str) = (
    r#"(id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
    r#"(id: "n_sup", name: "Supply", contingent: "north", symbol: Supply, strength: Steps([(attack: 0, defense: 1, movement: 4)]), flags: [NoZoc, CannotAttack]),
        (id: "s_fort", name: "Fortress", contingent: "south", symbol: Infantry, size: "XX", strength: Steps([(attack: 0, defense: 2, movement: 0)]), flags: [Fortress, Static, CannotAttack]),
        (id: "s_guer", name: "Guerrilla", contingent: "south", symbol: Militia, size: "II", strength: Steps([(attack: 1, defense: 1, movement: 4)]), flags: [NoZoc]),
        (id: "s_corps", name: "Corps", contingent: "south", symbol: Infantry, size: "XXX", stacking_points: 3, strength: Steps([(attack: 6, defense: 6, movement: 4)])),
        (id: "s_inf", name: "Infantry Regiment", contingent: "south","#,
);
const MIX: (&str, &str) = (
    r#"(unit_type: "n_art", count: 1),"#,
    r#"(unit_type: "n_art", count: 1), (unit_type: "n_sup", count: 1), (unit_type: "s_fort", count: 1), (unit_type: "s_guer", count: 1), (unit_type: "s_corps", count: 1),"#,
);
/// Hills pass supply lines only along roads (as ToO's lava does).
const HILLS: (&str, &str) = (
    r##"(id: "hill", name: "Hill", symbol: "h", color: "#b59a6a", default_cost: Mp(2),"##,
    r##"(id: "hill", name: "Hill", symbol: "h", color: "#b59a6a", default_cost: Mp(2), costs: [(class: "supply_line", cost: RoadOnly)],"##,
);

fn rules(range: u32) -> String {
    format!(
        r#"rules: (reveal_when_enemy_ends_adjacent: true, supply: Some((sources: [], trace_mp: 0, trace_in_hexes: true, effects: [LoseStep],
            unit_sources: [(unit_types: ["n_sup"], range: {range})], local: [WithFlag(Fortress), ObjectiveVp], always: ["n_sup"],
            not_blocking: ["s_guer"], line_class: Some("supply_line")))),"#
    )
}

/// Kell Ford with the supply rules, N-Sup in `sup` and `more` units placed where S-Mil was.
fn game(range: u32, sup: &str, more: &str, moves: &[(&str, &str)]) -> Session {
    let r = rules(range);
    let art = r#"(id: "N-Art", unit_type: "n_art", at: "0202"),"#;
    let placed = format!(r#"{art} (id: "N-Sup", unit_type: "n_sup", at: "{sup}"),"#);
    let mil = r#"(id: "S-Mil", unit_type: "s_mil", at: "0305"),"#;
    let mut extra: Vec<(&str, &str)> = vec![TYPES, MIX, HILLS, (KELL_RULES, r.as_str()), (art, placed.as_str()), (mil, more)];
    extra.extend_from_slice(moves);
    kell_with(&extra, &[])
}

fn supplied(s: &mut Session, unit: &str) -> bool {
    let units = UnitsView::from_world(&mut s.world);
    let control = s.world.resource::<Control>().clone();
    let side = units.get(unit).expect("unit").side;
    side_supply(s.game(), &units, &control, side).into_iter().any(|(id, ok)| id == unit && ok)
}

fn distance(s: &Session, a: &str, b: &str) -> u32 {
    let board = &s.game().board;
    board.distance(board.space(a).expect("a"), board.space(b).expect("b")).expect("on the map")
}

fn north_at(id: &str, hex: &str) -> (String, String) {
    let original = match id {
        "N-1Tk" => r#"(id: "N-1Tk", unit_type: "n_tank", at: "0302"),"#,
        "N-2Inf" => r#"(id: "N-2Inf", unit_type: "n_inf", at: "0402"),"#,
        _ => r#"(id: "N-3Inf", unit_type: "n_inf", at: "0602"),"#,
    };
    (original.to_string(), original.replace(&original[original.find("at: ").expect("at")..], &format!("at: \"{hex}\"),")))
}

#[test]
fn rule_too_15_2_units_within_a_supply_units_range_are_in_supply() {
    // N-Sup in 0602 (with N-3Inf): N-2Inf in 0402 is 2 hexes off, N-1Tk in 0302 3.
    let mut s = game(2, "0602", "", &[]);
    assert_eq!((distance(&s, "0602", "0402"), distance(&s, "0602", "0302")), (2, 3));
    assert!(supplied(&mut s, "N-3Inf") && supplied(&mut s, "N-2Inf"));
    assert!(!supplied(&mut s, "N-1Tk"), "beyond the range");
    // 15.9: the supply unit itself always is; N-Art in Hollin (no VP) is not.
    assert!(supplied(&mut s, "N-Sup") && !supplied(&mut s, "N-Art"));
}

#[test]
fn rule_too_15_2_a_line_may_end_in_an_enemy_zone_but_never_pass_through_one() {
    // From 0402 (range 3): 0504 lies in S-1Inf's zone, 2 hexes off; 0505, 3 hexes off, is
    // reached only through 0504 or other zone hexes.
    let (a, b) = north_at("N-1Tk", "0504");
    let (c, d) = north_at("N-3Inf", "0505");
    let mut s = game(3, "0402", "", &[(&a, &b), (&c, &d)]);
    assert_eq!((distance(&s, "0402", "0504"), distance(&s, "0402", "0505")), (2, 3));
    assert!(supplied(&mut s, "N-1Tk"), "the line ends in the zone hex 0504");
    assert!(!supplied(&mut s, "N-3Inf"), "the line does not pass on from a zone hex");
}

#[test]
fn rule_too_22_3_enemy_units_block_a_line_and_guerrillas_do_not() {
    // From 0402 to N-3Inf in 0603 (2 hexes), the only way is through 0503.
    let (c, d) = north_at("N-3Inf", "0603");
    let guer = r#"(id: "S-Guer", unit_type: "s_guer", at: "0503"),"#;
    let mut s = game(2, "0402", guer, &[(&c, &d)]);
    assert!(supplied(&mut s, "N-3Inf"), "a guerrilla does not block supply");
    let inf = r#"(id: "S-Mil", unit_type: "s_mil", at: "0503"),"#;
    let mut s = game(2, "0402", inf, &[(&c, &d)]);
    assert!(!supplied(&mut s, "N-3Inf"), "the militia in 0503 blocks the line");
}

#[test]
fn rule_too_38_0_a_line_crosses_terrain_closed_to_it_only_along_a_road() {
    // N-Sup in 0201: N-Art in Hollin (0202), on the road, 1 hex; N-1Tk in the hill hex 0301, off
    // any road, 1 hex.
    let (a, b) = north_at("N-1Tk", "0301");
    let mut s = game(2, "0201", "", &[(&a, &b)]);
    assert_eq!(distance(&s, "0201", "0301"), 1);
    assert!(supplied(&mut s, "N-Art"));
    assert!(!supplied(&mut s, "N-1Tk"), "the hill passes supply only along a road");
}

#[test]
fn rule_too_15_3_t10_a_city_supplies_units_worth_up_to_its_vp() {
    // Marrow (2 VP) cannot supply a corps of 3 stacking points; Kell (3 VP) can. The South has
    // no supply unit.
    let corps = r#"(id: "S-Corps", unit_type: "s_corps", at: "0506"),"#;
    let mut s = game(2, "0602", corps, &[]);
    assert!(!supplied(&mut s, "S-Corps"));
    assert!(supplied(&mut s, "S-1Inf"), "Kell supplies S-1Inf (1 of its 3)");
    let corps = r#"(id: "S-Corps", unit_type: "s_corps", at: "0404"),"#;
    let one = (r#"(id: "S-1Inf", unit_type: "s_inf", at: "0404"),"#, r#"(id: "S-1Inf", unit_type: "s_inf", at: "0405"),"#);
    let mut s = game(2, "0602", corps, &[one]);
    assert!(supplied(&mut s, "S-Corps"));
    assert!(!supplied(&mut s, "S-1Inf"), "0405 is worth nothing");
}

#[test]
fn rule_too_15_3_a_fortress_supplies_the_units_in_its_hex_and_no_other() {
    let fort = r#"(id: "S-Fort", unit_type: "s_fort", at: "0604"),"#;
    let mut s = game(2, "0602", fort, &[]);
    assert!(supplied(&mut s, "S-2Inf"), "with the fortress in 0604");
    let one = (r#"(id: "S-1Inf", unit_type: "s_inf", at: "0404"),"#, r#"(id: "S-1Inf", unit_type: "s_inf", at: "0605"),"#);
    let mut s = game(2, "0602", fort, &[one]);
    assert!(!supplied(&mut s, "S-1Inf"), "next to the fortress is not in it");
}

#[test]
fn bad_unit_supply_rules_are_clear_errors() {
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    let bad = r#"rules: (supply: Some((sources: [], trace_mp: 0, effects: [], unit_sources: [(unit_types: ["n_wagon"], range: 99)],
        always: ["n_ghost"], not_blocking: ["s_shadow"], line_class: Some("mule")))),"#;
    let report = sandtable::games::load_str(&text.replace(KELL_RULES, bad), "kell_bad.ron", &crate::common::root()).expect_err("bad").to_string();
    for needle in ["n_wagon", "rules.supply.unit_sources[0].range", "n_ghost", "s_shadow", "unknown movement class `mule`"] {
        assert!(report.contains(needle), "{needle}: {report}");
    }
}
