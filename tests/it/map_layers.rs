//! Map layers for big maps (engine gaps G32 and G36): holes in the hex rectangle, a region grid
//! beside the terrain grid, and second numbers (aliases) of hexes. ToO's Hejaz extension is a
//! narrower sheet under the main map, numbered on its own; regions cover the whole map.

use sandtable::model::Control;
use sandtable::model::view::UnitsView;
use sandtable::rules::movement::legal_destinations;

use crate::common::{kell_rules, kell_with, root};

/// Kell Ford's fifth row with its sixth hex (0605, a hill) cut out of the map.
const HOLE: (&str, &str) = (r#"            ". . h . . h . .","#, r#"            ". . h . . _ . .","#);

fn load_err(replacements: &[(&str, &str)]) -> String {
    let mut text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    for (a, b) in replacements {
        assert!(text.contains(a), "replacement target not found: {a}");
        text = text.replacen(a, b, 1);
    }
    sandtable::games::load_str(&text, "layers.ron", &root()).expect_err("a bad map").to_string()
}

#[test]
fn rule_too_2_3_a_hole_in_the_grid_is_no_hex() {
    let s = kell_with(&[HOLE], &[]);
    let board = &s.game().board;
    assert_eq!(board.space("0605"), None, "no hex where the grid has `_`");
    assert_eq!(board.spaces.iter().filter(|sp| matches!(sp.kind, sandtable::scenario::board::SpaceKind::Hex { .. })).count(), 47);
    // Its neighbours lose a neighbour, and keep the others.
    let n = board.space("0604").expect("hex");
    let around: Vec<&str> = board.edges[n.index()].iter().map(|e| board.key(e.to)).collect();
    assert!(!around.contains(&"0605") && around.contains(&"0504"), "{around:?}");
    // Every hex after the hole keeps its terrain: 0705 is clear, 0506 the town of Marrow.
    let terrain = |k: &str| board.spaces[board.space(k).expect("hex").index()].terrain;
    assert_eq!(terrain("0705"), terrain("0101"));
    assert_eq!(terrain("0506"), terrain("0404"));
}

#[test]
fn a_hole_cannot_be_named() {
    let e = load_err(&[HOLE, (r#"(hex: "0202", name: Some("Hollin")),"#, r#"(hex: "0605", name: Some("Nowhere")),"#)]);
    assert!(e.contains("map.hexes[0].hex: `0605` is not a hex of this map"), "{e}");
}

/// Regions painted as a grid: `h` is the Hollin country (0202 and the hexes around it).
const REGION_GRID: (&str, &str) = (
    "        hexes: [",
    r#"        region_grid: [
            "_ h _ _ _ _ _ _",
            "h h _ _ _ _ _ _",
            "_ h _ _ _ _ _ _",
            "_ _ _ _ _ _ _ _",
            "_ _ _ _ _ _ _ _",
            "_ _ _ _ _ _ _ _",
        ],
        regions: [(id: "hollin", name: "Hollin country", symbol: Some("h"))],
        hexes: ["#,
);

#[test]
fn rule_too_9_12_a_region_grid_bounds_a_unit_like_named_hexes() {
    let rules = r#"(region_bound: [(contingent: "north", unit_types: ["n_art"], regions: ["hollin"])])"#;
    let mut s = kell_rules(rules, &[REGION_GRID], &[]);
    let game = s.game().clone();
    assert_eq!(game.board.spaces[game.board.space("0102").expect("hex").index()].region.as_deref(), Some("hollin"));
    assert_eq!(game.board.spaces[game.board.space("0302").expect("hex").index()].region, None);
    let units = UnitsView::from_world(&mut s.world);
    let control = s.world.resource::<Control>().clone();
    let art = units.get("N-Art").expect("unit").clone();
    let mut reached: Vec<String> = legal_destinations(&game, &units, &control, &art).iter().map(|d| game.board.key(d.space).to_string()).collect();
    reached.sort();
    assert_eq!(reached, ["0102", "0201", "0203"], "only the region's hexes");
}

#[test]
fn bad_region_grids_are_clear_errors() {
    let unknown = (REGION_GRID.0, &*REGION_GRID.1.replacen("\"h h _", "\"h x _", 1));
    let e = load_err(&[unknown]);
    assert!(e.contains("map.region_grid[1]: unknown region symbol `x` in column 2"), "{e}");
    let short = (REGION_GRID.0, &*REGION_GRID.1.replacen("\"_ _ _ _ _ _ _ _\",\n", "", 1));
    let e = load_err(&[short]);
    assert!(e.contains("map.region_grid: has 5 rows; the map has 6"), "{e}");
    let on_hole = (REGION_GRID.0, &*REGION_GRID.1.replacen("\"_ _ _ _ _ _ _ _\",\n            \"_ _ _ _ _ _ _ _\",\n        ]", "\"_ _ _ _ _ h _ _\",\n            \"_ _ _ _ _ _ _ _\",\n        ]", 1));
    let e = load_err(&[HOLE, on_hole]);
    assert!(e.contains("map.region_grid[4]: region `hollin` on 0605, where the grid has no hex"), "{e}");
    let void = (REGION_GRID.0, &*REGION_GRID.1.replace("symbol: Some(\"h\")", "symbol: Some(\"_\")"));
    let e = load_err(&[void]);
    assert!(e.contains("map.regions[0].symbol: `_` is kept for no hex (or no region) in the grids"), "{e}");
    let twice = (r#"symbol: "h", color"#, r#"symbol: ".", color"#);
    let e = load_err(&[twice]);
    assert!(e.contains("map.terrain[1].symbol: `.` is the symbol of another terrain"), "{e}");
    let e = load_err(&[(r#"(hex: "0202", name: Some("Hollin")),"#, r#"(hex: "0202", name: Some("Hollin"), region: Some("hollin")),"#)]);
    assert!(e.contains("map.hexes[0].region: unknown region `hollin`"), "{e}");
}

/// Kell, numbered 0404 on the map, is also 9904 on a second sheet.
const ALIAS: (&str, &str) = ("        hexes: [", r#"        aliases: [(alias: "9904", hex: "0404")],
        hexes: ["#);

#[test]
fn rule_too_2_3_a_hex_answers_to_its_second_number() {
    let s = kell_with(&[ALIAS, (r#"(hex: "0404", name: Some("Kell")"#, r#"(hex: "9904", name: Some("Kell")"#)], &[]);
    let board = &s.game().board;
    let kell = board.space("0404").expect("hex");
    assert_eq!(board.space("9904"), Some(kell), "the alias names the same hex");
    assert_eq!(board.key(kell), "0404", "the map's own number is the one shown and saved");
    let named = &board.spaces[kell.index()];
    assert_eq!((named.name.as_deref(), named.vp), (Some("Kell"), 3), "a field that names the alias reaches the hex");
}

#[test]
fn bad_aliases_are_clear_errors() {
    let e = load_err(&[("        hexes: [", "        aliases: [(alias: \"0101\", hex: \"0404\"), (alias: \"9904\", hex: \"1204\")],\n        hexes: [")]);
    assert!(e.contains("map.aliases[0].alias: `0101` already names a hex"), "{e}");
    assert!(e.contains("map.aliases[1].hex: `1204` is not a hex of this map"), "{e}");
}
