//! Twilight of the Ottomans' map (issue 14, part 1): written by `sandtable mapgen` from the
//! painted layers and the features file in `scenarios/twilight/map/`, reproduced byte for byte,
//! and read by the board like any map.

use sandtable::scenario::board::Board;

use crate::common::root;

/// A scenario around the map: two sides, a unit each, the calendar's seasons (the terrain chart
/// names them), so that the map goes through the loader and the validator whole.
pub fn scenario_around_map() -> String {
    let map = std::fs::read_to_string(root().join("scenarios/twilight/map.ron")).expect("read the map");
    format!(
        r##"(
    id: "twilight_map_preview",
    title: "Twilight of the Ottomans: the map",
    map: {map},
    sides: [(id: "ottoman", name: "Ottoman Empire", color: "#c9a27a"), (id: "allies", name: "Allies", color: "#8fa9c9")],
    unit_types: [
        (id: "tu_inf", name: "Infantry Division", contingent: "ottoman", symbol: Infantry, size: "XX",
         strength: Steps([(attack: 3, defense: 3, movement: 4)])),
        (id: "ru_inf", name: "Infantry Division", contingent: "allies", symbol: Infantry, size: "XX",
         strength: Steps([(attack: 3, defense: 3, movement: 4)])),
        (id: "armoured_car", name: "Armoured Car", contingent: "allies", symbol: Armor, size: "II",
         movement_class: "motor", strength: Steps([(attack: 1, defense: 1, movement: 8)])),
    ],
    setup: (units: [
        (id: "TU-9", unit_type: "tu_inf", at: "3604"),
        (id: "RU-Cauc", unit_type: "ru_inf", at: "3802"),
        (id: "BR-LAM", unit_type: "armoured_car", at: "2425"),
    ]),
    turns: (
        labels: ["1", "2", "3", "4"],
        seasons: [(id: "winter", name: "Winter"), (id: "spring", name: "Spring"), (id: "summer", name: "Summer"), (id: "autumn", name: "Autumn")],
        calendar: [(year: 1914, season: "autumn"), (year: 1915, season: "winter"), (year: 1915, season: "spring"), (year: 1915, season: "summer")],
        first_side: "ottoman",
        phases: [
            (id: "ottoman_movement", name: "Ottoman Movement", kind: Movement, actor: First),
            (id: "allied_movement", name: "Allied Movement", kind: Movement, actor: Second),
        ],
    ),
    victory: (
        levels: [(id: "ottoman_win", name: "Ottoman victory", side: Some("ottoman")), (id: "allied_win", name: "Allied victory", side: Some("allies"))],
        conditions: [ControlsAll(side: "allies", spaces: ["1705"], level: "allied_win"), Otherwise(level: "ottoman_win")],
    ),
)"##
    )
}

#[test]
fn the_shipped_map_is_what_its_sources_give() {
    let fresh = sandtable::scenario::mapgen::generate(&root().join("scenarios/twilight/map")).unwrap_or_else(|r| panic!("{r}"));
    let shipped = std::fs::read_to_string(root().join("scenarios/twilight/map.ron")).expect("read the map");
    assert!(fresh == shipped, "scenarios/twilight/map.ron is not what its sources give: run `sandtable mapgen scenarios/twilight/map`");
}

#[test]
fn rule_too_2_3_the_map_loads_with_its_hejaz_sheet_and_regions() {
    let loaded = sandtable::games::load_str(&scenario_around_map(), "twilight_map.ron", &root()).unwrap_or_else(|r| panic!("{r}"));
    let board: &Board = &loaded.board;
    let hex = |k: &str| board.space(k).unwrap_or_else(|| panic!("{k} is a hex"));
    let info = |k: &str| &board.spaces[hex(k).index()];
    // 56 x 29 main hexes and 13 x 10 on the Hejaz sheet; nothing beside the sheet.
    assert_eq!(board.spaces.len(), 56 * 29 + 13 * 10);
    assert_eq!(board.space("3329"), None);
    assert_eq!(board.space("4729"), None);
    // 2.3: the Hejaz sheet's 5700 is the hex straight south of 3428, and joins it.
    assert_eq!(hex("5700"), hex("3429"));
    assert!(board.edge(hex("3428"), hex("5700")).is_some());
    // 1.5: the regions of the cities.
    for (city, region) in [("1705", "anatolia"), ("3604", "armenia"), ("4415", "mesopotamia"), ("3116", "syria"), ("2615", "cyprus"), ("4131", "hejaz"), ("4336", "hejaz"), ("4000", "russia"), ("2425", "egypt"), ("5420", "kuwait"), ("5110", "persia"), ("4325", "arabia")] {
        assert_eq!(info(city).region.as_deref(), Some(region), "{}", info(city).name.as_deref().unwrap_or(city));
    }
    assert_eq!((info("4415").name.as_deref(), info("4415").vp, info("4415").stacking), (Some("Baghdad"), 3, Some(8)));
}

#[test]
fn the_sea_zones_coasts_are_worked_out_from_the_zone_layer() {
    let loaded = sandtable::games::load_str(&scenario_around_map(), "twilight_map.ron", &root()).unwrap_or_else(|r| panic!("{r}"));
    let sandtable::scenario::schema::Map::Hex(m) = &loaded.scenario.map else { panic!("a hex map") };
    let coast = |zone: &str| m.sea_zones.iter().find(|z| z.id == zone).map(|z| z.coast.clone()).unwrap_or_default();
    // Ports of the Black Sea, the Caspian and the Gulf; inland cities on none.
    for (zone, port) in [("black_sea", "3302"), ("black_sea", "2803"), ("caspian", "4900"), ("caspian", "5104"), ("persian_gulf", "5420"), ("red_sea", "4237")] {
        assert!(coast(zone).iter().any(|h| h == port), "{port} on the {zone}");
    }
    assert!(!m.sea_zones.iter().any(|z| z.coast.iter().any(|h| h == "4415")), "Baghdad is inland");
    // A coast is never a sea or closed hex.
    assert!(!coast("mediterranean").iter().any(|h| h == "0909"), "Greece is closed");
}

#[test]
fn rule_too_20_3_every_printed_port_is_on_a_sea_zone_coast() {
    let loaded = sandtable::games::load_str(&scenario_around_map(), "twilight_map.ron", &root()).unwrap_or_else(|r| panic!("{r}"));
    let sandtable::scenario::schema::Map::Hex(m) = &loaded.scenario.map else { panic!("a hex map") };
    let ports: Vec<&str> = m.hexes.iter().filter(|h| h.tags.iter().any(|t| t == "port")).map(|h| h.hex.as_str()).collect();
    // The printed ports of 5.3, Haifa/Jaffa as Jaffa (2920).
    assert_eq!(ports.len(), 17, "{ports:?}");
    for p in &ports {
        assert!(m.sea_zones.iter().any(|z| z.coast.iter().any(|h| h == p)), "port {p} is on no coast");
    }
    // Ports on narrow waters are put on their zone's coast by hand.
    let coast = |zone: &str| m.sea_zones.iter().find(|z| z.id == zone).map(|z| z.coast.clone()).unwrap_or_default();
    for (zone, port) in [("mediterranean", "1511"), ("red_sea", "2625"), ("red_sea", "3124")] {
        assert!(coast(zone).iter().any(|h| h == port), "{port} on the {zone}");
    }
    // A hand-put coast hex must be a hex units may stand in.
    let features = std::fs::read_to_string(root().join("scenarios/twilight/map/features.ron")).expect("read");
    let dir = sources_with("coast", "features.ron", &features.replacen(r#"coast: ["1511"]"#, r#"coast: ["0909"]"#, 1));
    let e = sandtable::scenario::mapgen::generate(&dir).expect_err("a closed hex on the coast").to_string();
    assert!(e.contains("sea_zones[2].coast[0]: 0909 is not a hex where units may stand"), "{e}");
}

#[test]
fn rule_too_38_0_straits_are_closed_but_to_the_bosporus_railway() {
    let s = crate::common::session_from_text_with(&scenario_around_map(), 1, &[]);
    let game = s.game();
    let board = &game.board;
    let hex = |k: &str| board.space(k).expect("hex");
    let class = board.move_class("foot");
    let cost = |a: &str, b: &str| {
        let e = board.edge(hex(a), hex(b)).expect("adjacent");
        sandtable::rules::movement::edge_cost(game, hex(a), e, class, 4, &[], &Default::default())
    };
    assert_eq!(cost("1705", "1806"), Some(1), "the railway crosses the Bosporus");
    assert_eq!(cost("1308", "1309"), None, "nothing crosses the Dardanelles on land");
    // 1.5 and 38.0: all-sea hexes and Bulgaria are closed; desert costs 2.
    let terrain = |k: &str| match &game.scenario.map {
        sandtable::scenario::schema::Map::Hex(m) => m.terrain[board.spaces[hex(k).index()].terrain.expect("terrain")].id.clone(),
        sandtable::scenario::schema::Map::Area(_) => unreachable!("a hex map"),
    };
    assert_eq!((terrain("1704"), cost("1705", "1704")), ("sea".to_string(), None));
    assert_eq!((terrain("1205"), info_region(board, hex("1205")), cost("1305", "1205")), ("closed".to_string(), Some("bulgaria"), None));
    // Desert costs 2, and the Suez Canal 2 more to cross (38.0).
    assert_eq!((terrain("2624"), cost("2625", "2624")), ("desert".to_string(), Some(4)));
    let side = |a: &str, b: &str| board.edge(hex(a), hex(b)).and_then(|e| e.hexside).map(|f| match &game.scenario.map {
        sandtable::scenario::schema::Map::Hex(m) => m.hexside_types[f].id.clone(),
        sandtable::scenario::schema::Map::Area(_) => unreachable!("a hex map"),
    });
    assert_eq!(side("2625", "2624").as_deref(), Some("canal"));
    // 21.5: the Tigris is navigable up to 4415/4514; the lakes have lake shores.
    assert_eq!(side("4415", "4514").as_deref(), Some("navigable_river"));
    assert_eq!(side("3905", "4006").as_deref(), Some("lake"));
}

#[test]
fn rule_too_2_3_the_hejaz_railway_runs_from_3428_onto_the_hejaz_sheet_at_5700() {
    let loaded = sandtable::games::load_str(&scenario_around_map(), "twilight_map.ron", &root()).unwrap_or_else(|r| panic!("{r}"));
    let board = &loaded.board;
    let hex = |k: &str| board.space(k).expect("hex");
    let rail = |a: &str, b: &str| board.edge(hex(a), hex(b)).and_then(|e| e.road);
    assert_eq!(rail("3428", "5700"), Some(sandtable::scenario::schema::RoadClass::Rail));
    assert_eq!(rail("3427", "3428"), Some(sandtable::scenario::schema::RoadClass::Rail));
    // Damascus, Ma'an and Medina are on it.
    for city in ["3116", "3223", "4131"] {
        assert!(board.edges[hex(city).index()].iter().any(|e| e.road.is_some()), "{city} is on a railway");
    }
}

fn info_region(board: &Board, s: sandtable::scenario::board::SpaceId) -> Option<&str> {
    board.spaces[s.index()].region.as_deref()
}

/// A copy of the map's sources in a folder of its own, with one file replaced.
fn sources_with(name: &str, file: &str, text: &str) -> std::path::PathBuf {
    let dir = crate::common::scratch_dir(&format!("mapgen-{name}")).join("map");
    std::fs::create_dir_all(&dir).expect("temp folder");
    for f in ["features.ron", "terrain.txt", "regions.txt", "zones.txt"] {
        std::fs::copy(root().join("scenarios/twilight/map").join(f), dir.join(f)).expect("copy");
    }
    std::fs::write(dir.join(file), text).expect("write");
    dir
}

#[test]
fn bad_map_sources_are_clear_errors_with_their_places() {
    let terrain = std::fs::read_to_string(root().join("scenarios/twilight/map/terrain.txt")).expect("read");
    // A row out of order.
    let dir = sources_with("order", "terrain.txt", &terrain.replacen("\n05 ", "\n06 ", 1));
    let e = sandtable::scenario::mapgen::generate(&dir).expect_err("rows out of order").to_string();
    assert!(e.contains("terrain.txt:8:1: error: row `06` where row 5 was due"), "{e}");
    // A row too long.
    let long = terrain.lines().map(|l| if l.starts_with("07 ") { format!("{l}^") } else { l.to_string() }).collect::<Vec<_>>().join("\n");
    let dir = sources_with("long", "terrain.txt", &long);
    let e = sandtable::scenario::mapgen::generate(&dir).expect_err("a row too long").to_string();
    assert!(e.contains("terrain.txt:10:60: error: 57 columns; the map has 56"), "{e}");
    // A misspelt field of the features file, at its place.
    let features = std::fs::read_to_string(root().join("scenarios/twilight/map/features.ron")).expect("read");
    let dir = sources_with("field", "features.ron", &features.replacen("    default_terrain:", "    default_terrian:", 1));
    let e = sandtable::scenario::mapgen::generate(&dir).expect_err("a misspelt field").to_string();
    assert!(e.contains("features.ron:") && e.contains("default_terrian"), "{e}");
}

/// A small map's sources: 5 x 4 clear hexes (odd-q, like ToO's grid) with a lake in the middle.
fn small_sources(name: &str, railways: &str, rivers: &str) -> std::path::PathBuf {
    let dir = crate::common::scratch_dir(&format!("mapgen-small-{name}")).join("map");
    std::fs::create_dir_all(&dir).expect("temp folder");
    let features = format!(
        r##"(columns: 5, rows: 4, first_column: 1, first_row: 1, offset: OddQ, default_terrain: "clear",
    terrain: [(id: "clear", name: "Clear", symbol: ".", default_cost: Mp(1)), (id: "lake", name: "Lake", symbol: "~", default_cost: Prohibited)],
    hexside_types: [(id: "river", name: "River", extra_cost: 1)],
    railways: [{railways}], rivers: [{rivers}])"##
    );
    std::fs::write(dir.join("features.ron"), features).expect("write");
    std::fs::write(dir.join("terrain.txt"), "   12345\n01 .....\n02 ..~..\n03 .....\n04 .....\n").expect("write");
    dir
}

fn generated_lines(text: &str, what: &str) -> Vec<String> {
    let start = text.find(&format!("    {what}: [")).unwrap_or_else(|| panic!("no {what} in {text}"));
    text[start..].lines().skip(1).take_while(|l| !l.trim_start().starts_with(']')).map(|l| l.trim().to_string()).collect()
}

#[test]
fn a_railway_joins_its_waypoints_by_hex_lines_around_closed_hexes() {
    let text = sandtable::scenario::mapgen::generate(&small_sources("rail", r#"(id: "line", via: ["0101", "0501"])"#, "")).unwrap_or_else(|r| panic!("{r}"));
    // Odd columns sit half a hex lower: the straightest line east from 0101 steps down a row.
    assert_eq!(generated_lines(&text, "roads"), [r#"(id: "line", class: Rail, hexes: ["0101", "0201", "0301", "0402", "0501"]),"#]);
    // A straight line through the lake is refused with the place to mend.
    let e = sandtable::scenario::mapgen::generate(&small_sources("rail_lake", r#"(id: "line", via: ["0301", "0303"])"#, "")).expect_err("through the lake").to_string();
    assert!(e.contains("railways[0] (line): the line from 0301 to 0303 runs through 0302, where no unit may go: add a waypoint"), "{e}");
}

#[test]
fn a_river_runs_along_hex_corners_between_its_waypoint_hexsides() {
    let text = sandtable::scenario::mapgen::generate(&small_sources("river", "", r#"(id: "brook", feature: "river", via: [("0102", "0103"), ("0402", "0403")])"#)).unwrap_or_else(|r| panic!("{r}"));
    // The shortest way along corners: the border between rows 02 and 03, side by side.
    let sides = generated_lines(&text, "hexsides");
    let pairs = [("0102", "0103"), ("0102", "0203"), ("0202", "0203"), ("0203", "0302"), ("0302", "0303"), ("0302", "0403"), ("0402", "0403")];
    let expected: Vec<String> = pairs.iter().map(|(a, b)| format!(r#"(between: ("{a}", "{b}"), feature: "river"),"#)).collect();
    assert_eq!(sides, expected);
    // A waypoint must be a side between two hexes.
    let e = sandtable::scenario::mapgen::generate(&small_sources("river_far", "", r#"(id: "brook", feature: "river", via: [("0101", "0103")])"#)).expect_err("not a side").to_string();
    assert!(e.contains("rivers[0] (brook): 0101 and 0103 are not adjacent"), "{e}");
}

#[test]
fn rule_too_11_2_no_zone_of_control_reaches_across_a_strait() {
    // A Russian division at Scutari (1806) puts the hexes around it in its zone, but not
    // Constantinople across the Bosporus; the Ottomans' own zone does not cross it either.
    let text = scenario_around_map().replace(r#"(id: "RU-Cauc", unit_type: "ru_inf", at: "3802"),"#, r#"(id: "RU-Cauc", unit_type: "ru_inf", at: "1806"),"#);
    let mut s = crate::common::session_from_text_with(&text, 1, &[]);
    let units = sandtable::model::view::UnitsView::from_world(&mut s.world);
    let zoc = sandtable::rules::movement::enemy_zoc(s.game(), &units, 0);
    let at = |k: &str| s.game().board.space(k).expect("hex").index();
    assert!(zoc[at("1906")], "by land");
    assert!(!zoc[at("1705")], "across the Bosporus");
}

#[test]
fn rule_too_7_4_and_21_5_the_tags_of_the_map_are_worked_out_from_it() {
    let loaded = sandtable::games::load_str(&scenario_around_map(), "twilight_map.ron", &root()).unwrap_or_else(|r| panic!("{r}"));
    let board: &Board = &loaded.board;
    let tagged = |tag: &str| -> Vec<&str> { board.spaces.iter().filter(|s| s.tags.iter().any(|t| t == tag)).map(|s| s.key.as_str()).collect() };
    // 7.4: Adrianople is on the Bulgarian border; every tagged hex is Anatolian and land.
    assert!(tagged("bulgarian_border").contains(&"1305"));
    assert!(tagged("bulgarian_border").iter().all(|k| info_region(board, board.space(k).expect("hex")) == Some("anatolia")));
    // 7.4: the Russian north edge is row 00 of Russia.
    let edge = tagged("russia_north_edge");
    assert!(!edge.is_empty() && edge.iter().all(|k| k.ends_with("00") && info_region(board, board.space(k).expect("hex")) == Some("russia")));
    // 21.5: Suez at the head of its gulf and both banks of the canal; Baghdad on the Tigris.
    assert!(["2625", "2522", "2623"].iter().all(|k| tagged("suez_waters").contains(k)), "{:?}", tagged("suez_waters"));
    assert!(tagged("tigris_waters").contains(&"4415") && tagged("tigris_waters").contains(&"5218"));
    assert!(tagged("caspian_waters").contains(&"4900") && tagged("caspian_waters").contains(&"5104"));
    assert_eq!(tagged("ott_mob").len(), 8);
    let mut russian = tagged("ru_mob");
    russian.sort_unstable();
    assert_eq!(russian, vec!["3601", "3802", "4000", "4900"]);
}

#[test]
fn map_sources_tag_hexes_by_rule_and_name_bad_rules() {
    let dir = small_sources("tags", "", r#"(id: "r", feature: "river", via: [("0101", "0102"), ("0401", "0402")])"#);
    std::fs::write(dir.join("regions.txt"), "   12345\n01 NNNNN\n02 SS SS\n03 SSSSS\n04 SSSSS\n").expect("write");
    let features = std::fs::read_to_string(dir.join("features.ron")).expect("read");
    let rules = r#"regions: [(id: "north", name: "North", symbol: Some("N")), (id: "south", name: "South", symbol: Some("S"))],
    tags: [(tag: "bank", beside: ["river"], except: ["0101"]), (tag: "border", next_to: ["north"]),
           (tag: "edge", regions: ["south"], rows: Some((4, 4))), (tag: "bank", hexes: ["0504"])],
    railways"#;
    std::fs::write(dir.join("features.ron"), features.replacen("railways", rules, 1)).expect("write");
    let text = sandtable::scenario::mapgen::generate(&dir).unwrap_or_else(|r| panic!("{r}"));
    let hexes = generated_lines(&text, "hexes");
    let tags_of = |k: &str| hexes.iter().find(|l| l.contains(&format!("hex: \"{k}\""))).cloned().unwrap_or_default();
    // The river runs between rows 1 and 2: both banks are tagged, but the excepted hex.
    assert!(tags_of("0102").contains("\"bank\"") && !tags_of("0101").contains("\"bank\""), "{hexes:?}");
    // The border is the south's hexes next to the north (row 2; the lake is no hex to stand on).
    assert!(tags_of("0202").contains("\"border\"") && !tags_of("0302").contains("border") && !tags_of("0203").contains("border"));
    assert!(tags_of("0304").contains("\"edge\"") && !tags_of("0303").contains("edge"));
    assert!(tags_of("0504").contains("\"bank\"") && tags_of("0504").contains("\"edge\""), "one entry, two tags: {hexes:?}");
    let bad = r#"regions: [(id: "north", name: "North", symbol: Some("N"))],
    tags: [(tag: "x", beside: ["canal"]), (tag: "y", regions: ["west"]), (tag: "z", hexes: ["0302"])],
    railways"#;
    std::fs::write(dir.join("features.ron"), features.replacen("railways", bad, 1)).expect("write");
    let e = sandtable::scenario::mapgen::generate(&dir).expect_err("bad tag rules").to_string();
    for want in ["tags[0].beside[0]: unknown hexside type `canal`", "tags[0]: the tag `x` goes on no hex", "tags[1].regions[0]: unknown region `west`", "tags[2].hexes[0]: 0302 is not a hex where units may stand"] {
        assert!(e.contains(want), "{want} in {e}");
    }
}
