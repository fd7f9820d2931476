//! Region-bound units (`rules.region_bound`; engine gap G28, ToO 9.12 and 27.2: Persian units
//! never leave Persia): an entry ban on every space outside the regions, for every way in.

use sandtable::model::Control;
use sandtable::model::view::UnitsView;
use sandtable::rules::movement::{legal_destinations, move_check};

use crate::common::{kell_rules, root};

/// The North's artillery may not leave the Hollin country: 0202 and the hexes around it.
const RULES: &str = r#"(region_bound: [(contingent: "north", unit_types: ["n_art"], regions: ["hollin"])])"#;
const HOLLIN: (&str, &str) = (
    r#"(hex: "0202", name: Some("Hollin")),"#,
    r#"(hex: "0202", name: Some("Hollin"), region: Some("hollin")), (hex: "0201", region: Some("hollin")), (hex: "0102", region: Some("hollin")), (hex: "0203", region: Some("hollin")),"#,
);

/// The region, declared on the map.
const REGION: (&str, &str) = ("        hexes: [", "        regions: [(id: \"hollin\", name: \"Hollin country\")],\n        hexes: [");

#[test]
fn rule_too_9_12_a_region_bound_unit_never_leaves_its_region() {
    let mut s = kell_rules(RULES, &[REGION, HOLLIN], &[]);
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let control = s.world.resource::<Control>().clone();
    let art = units.get("N-Art").expect("unit").clone();
    let mut reached: Vec<String> = legal_destinations(&game, &units, &control, &art).iter().map(|d| game.board.key(d.space).to_string()).collect();
    reached.sort();
    assert_eq!(reached, ["0102", "0201", "0203"], "only the region's hexes");
    let e = move_check(&game, &units, &control, 0, "N-Art", "0302").expect_err("outside the region");
    assert!(!e.is_empty());
    // Other units of the contingent are not bound: the infantry next to it goes where it likes.
    let inf = units.get("N-2Inf").expect("unit").clone();
    assert!(legal_destinations(&game, &units, &control, &inf).iter().any(|d| game.board.key(d.space) == "0302"));
}

#[test]
fn a_region_bound_names_a_region_some_space_is_in() {
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let bad = text.replacen(crate::common::KELL_RULES, &format!("rules: {},", RULES.replace("[\"hollin\"]", "[\"atlantis\"]")), 1);
    let e = sandtable::games::load_str(&bad, "regions.ron", &root()).expect_err("an unknown region").to_string();
    assert!(e.contains("regions.ron: error: rules.region_bound[0].regions[0]: no space is in the region `atlantis`"), "{e}");
}
