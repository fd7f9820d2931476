//! Maps kept in files of their own (`map: File((path, initial_control, vp_tracks, tags))`), the
//! fronts drawn by region and by distance (`initial_control[].regions`, `around`), and setup
//! groups placed anywhere in a region (`setup.groups[].regions`): what the three ToO scenarios
//! need to share one big map (35.5, 36.5).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use sandtable::games::load_file;
use sandtable::session::{Command, GameSetup, Session};

use crate::common::root;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sandtable-mapfiles-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// Kell Ford split in two in `dir`: `kell_map.ron` (its map, with a region `hills` on every
/// hill hex and its control taken out) and `kell.ron`, whose `map` is `file` with the
/// replacements applied to the rest.
fn kell_split(dir: &Path, file: &str, replacements: &[(&str, &str)]) -> PathBuf {
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let start = text.find("map: Hex((").expect("map");
    let end = text.find("    sides: [").expect("sides");
    let map = &text[start + "map: ".len()..end];
    let map = map.trim_end().trim_end_matches(',');
    let map = map
        .replacen("        initial_control: [\n            (side: \"north\", rows: Some((1, 3))),\n            (side: \"south\", rows: Some((4, 6))),\n        ],\n", "", 1)
        .replacen("        vp_tracks: [(side: \"north\", track: \"north_vp\")],\n", "", 1)
        .replacen("default_terrain: \"clear\",", "default_terrain: \"clear\",\n        regions: [(id: \"hills\", name: \"Hills\", symbol: Some(\"h\"))],\n        region_grid: [\"_ _ h _ _ _ h _\", \"_ _ _ _ h _ _ _\", \"_ _ _ _ _ _ _ h\", \"h _ _ _ _ _ _ _\", \"_ _ h _ _ h _ _\", \"_ _ _ _ _ _ _ _\"],", 1);
    std::fs::write(dir.join("kell_map.ron"), format!("// Kell Ford's map, alone.\n{map}\n")).expect("write map");
    let mut rest = format!("{}map: {file},\n{}", &text[..start], &text[end..]);
    for (a, b) in replacements {
        assert!(rest.contains(a), "replacement target not found: {a}");
        rest = rest.replacen(a, b, 1);
    }
    let p = dir.join("kell.ron");
    std::fs::write(&p, rest).expect("write scenario");
    p
}

const KELL_FILE: &str = r#"File((path: "kell_map.ron",
    initial_control: [(side: "north", rows: Some((1, 3))), (side: "south", rows: Some((4, 6)))],
    vp_tracks: [(side: "north", track: "north_vp")], tags: [("0404", ["port"]), ("0101", ["edge"])]))"#;

fn session(p: &Path) -> Session {
    let loaded = Arc::new(load_file(p).unwrap_or_else(|r| panic!("{r}")));
    let options = Session::default_options(&loaded);
    Session::new(loaded, GameSetup { options, seed: 1, forced_dice: vec![] }).expect("session")
}

#[test]
fn a_map_read_from_a_file_plays_as_the_same_map_written_inline() {
    let dir = temp_dir("same");
    let p = kell_split(&dir, KELL_FILE, &[]);
    let loaded = load_file(&p).unwrap_or_else(|r| panic!("{r}"));
    let inline = crate::common::load("scenarios/kell_ford.ron");
    assert_eq!(loaded.board.len(), inline.board.len());
    let kell = loaded.board.space("0404").expect("0404");
    assert_eq!(loaded.board.spaces[kell.index()].tags, vec!["port".to_string()]);
    assert_eq!(loaded.board.spaces[loaded.board.space("0101").expect("0101").index()].tags, vec!["edge".to_string()]);
    // The same game: the opening moves give the same state.
    let mut a = session(&p);
    let mut b = crate::common::kell(&[]);
    for s in [&mut a, &mut b] {
        crate::common::play(s, &[crate::common::mv("N-2Inf", "0403"), Command::EndPhase]);
    }
    assert_eq!(a.state(None).control, b.state(None).control);
    assert_eq!(crate::common::location(&mut a, "N-2Inf"), "0403");
    // The map file's bytes are part of the content hash: a save names the pair.
    let before = loaded.content_hash;
    let map = std::fs::read_to_string(dir.join("kell_map.ron")).expect("read");
    std::fs::write(dir.join("kell_map.ron"), map.replace("// Kell Ford's map, alone.", "// Changed.")).expect("write");
    assert_ne!(load_file(&p).expect("loads").content_hash, before);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_map_files_are_clear_errors() {
    let dir = temp_dir("bad");
    let p = kell_split(&dir, KELL_FILE, &[]);
    let map = std::fs::read_to_string(dir.join("kell_map.ron")).expect("read");
    std::fs::write(dir.join("kell_map.ron"), map.replacen("rows: 6,", "rows: 6,\n        colums: 2,", 1)).expect("write");
    let e = load_file(&p).expect_err("a misspelt field").to_string();
    assert!(e.contains("kell.ron:") && e.contains("map file `kell_map.ron`, line 5, column 9"), "{e}");
    assert!(e.contains("colums"), "{e}");
    for (file, want) in [
        (r#"File((path: "../kell_map.ron"))"#, "map file `../kell_map.ron` must stay inside the scenario's folder"),
        (r#"File((path: "none.ron"))"#, "cannot read `none.ron`"),
        (r#"File((path: "kell_map.ron", extra: 1))"#, "extra"),
    ] {
        let p = kell_split(&dir, file, &[]);
        let e = load_file(&p).expect_err(file).to_string();
        assert!(e.contains(want), "{want} in {e}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn rule_too_35_5_control_by_region_and_around_a_hex_then_single_hexes() {
    let dir = temp_dir("control");
    let file = r#"File((path: "kell_map.ron", initial_control: [
        (side: "north", rows: Some((1, 6))),
        (side: "south", regions: ["hills"], around: [("0505", 1)], hexes: ["0102"]),
        (side: "north", hexes: ["0506"])]))"#;
    let p = kell_split(&dir, file, &[]);
    let mut s = session(&p);
    let control = s.state(None).control;
    let holder = |h: &str| control.get(h).cloned().unwrap_or_default();
    // Every hill hex is the south's (a region), and so is every hex within 1 of 0505 ...
    for h in ["0301", "0701", "0502", "0803", "0104", "0305", "0605", "0505", "0504"] {
        assert_eq!(holder(h), "south", "{h}");
    }
    // ... but 0506 is given back to the north by a later entry, and 0102 is the south's alone.
    assert_eq!(holder("0506"), "north");
    assert_eq!(holder("0102"), "south");
    assert_eq!(holder("0101"), "north");
    let bad = r#"File((path: "kell_map.ron", initial_control: [(side: "north", regions: ["lowlands"], around: [("0909", 1)])]))"#;
    let e = load_file(&kell_split(&dir, bad, &[])).expect_err("bad control").to_string();
    assert!(e.contains("map.initial_control[0].regions[0]: unknown region `lowlands`"), "{e}");
    assert!(e.contains("map.initial_control[0].around[0]"), "{e}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn rule_too_35_setup_groups_may_go_anywhere_in_a_region() {
    let dir = temp_dir("groups");
    let group = r#"            (id: "S-Mil", unit_type: "s_mil", at: "0305"),
        ],
        groups: [(id: "hill_mil", side: "south", unit_type: "s_mil", count: 1, regions: ["hills"], spaces: ["0606"])],"#;
    let mix = "(unit_type: \"s_mil\", count: 1)";
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    assert!(text.contains(mix), "Kell Ford has one militia");
    let p = kell_split(&dir, KELL_FILE, &[
        ("            (id: \"S-Mil\", unit_type: \"s_mil\", at: \"0305\"),\n        ],", group),
        (mix, "(unit_type: \"s_mil\", count: 2)"),
    ]);
    let loaded = load_file(&p).unwrap_or_else(|r| panic!("{r}"));
    let spaces = &loaded.scenario.setup.groups[0].spaces;
    // Its own space first, then every hill hex in board order.
    assert_eq!(spaces.first().map(String::as_str), Some("0606"));
    assert_eq!(spaces.len(), 1 + 7, "{spaces:?}");
    assert!(spaces.iter().any(|h| h == "0104") && !spaces.iter().any(|h| h == "0101"), "{spaces:?}");
    let bad = kell_split(&dir, KELL_FILE, &[
        ("            (id: \"S-Mil\", unit_type: \"s_mil\", at: \"0305\"),\n        ],", &group.replace("\"hills\"", "\"dales\"")),
        (mix, "(unit_type: \"s_mil\", count: 2)"),
    ]);
    let e = load_file(&bad).expect_err("unknown region").to_string();
    assert!(e.contains("setup.groups[0].regions[0]: no hex is in region `dales`"), "{e}");
    let _ = std::fs::remove_dir_all(dir);
}
