//! Loading and validation: good files load, broken files give every diagnostic with a place.

use sandtable::games::{load_file, load_str};
use sandtable::scenario::Place;

use crate::common::root;

fn errors(rel: &str) -> Vec<String> {
    let report = load_file(&root().join(rel)).expect_err("the file is broken");
    report.0.iter().map(ToString::to_string).collect()
}

#[test]
fn every_shipped_scenario_validates() {
    let mut n = 0;
    let folders = [root().join("scenarios"), root().join("scenarios/twilight")];
    for entry in folders.iter().flat_map(|f| std::fs::read_dir(f).expect("scenarios folder")) {
        let p = entry.expect("entry").path();
        // A map file (`map: File(...)` reads it) is not a scenario.
        if p.extension().is_some_and(|e| e == "ron") && p.file_name().is_some_and(|f| f != "map.ron") {
            let l = load_file(&p).unwrap_or_else(|r| panic!("{} does not validate:\n{r}", p.display()));
            assert!(l.warnings.is_empty(), "{}: {:?}", p.display(), l.warnings);
            n += 1;
        }
    }
    assert!(n >= 4, "{n} scenarios found");
}

#[test]
fn test_fixtures_validate() {
    load_file(&root().join("tests/fixtures/three_provinces.ron")).unwrap_or_else(|r| panic!("{r}"));
}

#[test]
fn syntax_error_names_file_line_and_column() {
    let e = errors("tests/fixtures/broken/syntax_error.ron");
    assert_eq!(e.len(), 1, "{e:?}");
    // The missing comma after `rows: 6` is found where the next field starts (line 13).
    assert!(e[0].contains("syntax_error.ron:13:9: error: Expected comma"), "{}", e[0]);
}

#[test]
fn unknown_ids_are_all_reported_with_field_paths() {
    let e = errors("tests/fixtures/broken/unknown_ids.ron").join("\n");
    assert!(e.contains("unit_types[2].contingent: unknown contingent or side `nort`"), "{e}");
    assert!(e.contains("setup.units[2].unit_type: unknown unit type `n_infantry`"), "{e}");
    assert!(e.contains("setup.units[2].at: unknown space `0699`"), "{e}");
    assert!(e.contains("victory.conditions[0].level: unknown victory level `north_major`"), "{e}");
}

#[test]
fn crt_of_wrong_width_with_gaps_is_reported() {
    let e = errors("tests/fixtures/broken/crt_gaps.ron").join("\n");
    assert!(e.contains("tables.crts[0].rows[2].results: row has 7 results; the table has 8 columns"), "{e}");
    assert!(e.contains("tables.crts[0].rows: the table has gaps: no row for roll 6"), "{e}");
    assert!(e.contains("tables.crts[0].rows[1].results[7]: result code `X/9` is not defined in results"), "{e}");
}

#[test]
fn area_map_link_to_missing_space_and_unreachable_space() {
    let e = errors("tests/fixtures/broken/area_links.ron").join("\n");
    assert!(e.contains("map.spaces[1].links[1]: link to unknown space `east`"), "{e}");
    assert!(e.contains("map.spaces[3]: space `island` is unreachable"), "{e}");
    assert!(e.contains("tables.events[0].entries: the table has gaps: no entry for roll 4"), "{e}");
}

#[test]
fn setup_over_the_counter_mix_and_broken_road() {
    let e = errors("tests/fixtures/broken/over_counter_mix.ron").join("\n");
    assert!(e.contains("setup and reinforcements use 2 counters of `n_inf`; the counter mix has 1"), "{e}");
    assert!(e.contains("map.roads[0].hexes[3]: 0404 is not adjacent to 0303"), "{e}");
}

#[test]
fn asset_paths_may_not_leave_the_scenario_folder() {
    let e = errors("tests/fixtures/broken/asset_escape.ron").join("\n");
    assert!(e.contains("map.background.image: asset path `../../../etc/map.png` must stay inside"), "{e}");
}

#[test]
fn oversized_map_is_refused() {
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let big = text.replacen("columns: 8,", "columns: 100000,", 1).replacen("rows: 6,", "rows: 100000,", 1);
    let e = load_str(&big, "big.ron", &root()).expect_err("too big").to_string();
    assert!(e.contains("map.columns: map of 100000x100000 hexes is empty or over the limit"), "{e}");
}

#[test]
fn unknown_field_is_a_syntax_error_with_position() {
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let bad = text.replacen("title: \"Kell Ford\",", "title: \"Kell Ford\", colour: 3,", 1);
    let r = load_str(&bad, "x.ron", &root()).expect_err("unknown field");
    assert!(matches!(r.0[0].place, Place::Text { line: 6, column: 25 }), "{r}");
    assert!(r.to_string().contains("colour"), "{r}");
}

/// No panic on any input: truncations and byte flips of a real scenario all give diagnostics.
#[test]
fn mangled_scenarios_never_panic() {
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let bytes = text.as_bytes();
    let mut tried = 0;
    for cut in (0..bytes.len()).step_by(97) {
        let s = String::from_utf8_lossy(&bytes[..cut]);
        assert!(load_str(&s, "cut.ron", &root()).is_err());
        tried += 1;
    }
    let swaps: [(&str, &str); 8] = [
        ("\"0404\"", "\"9999\""),
        ("Mp(1)", "Mp(4294967295)"),
        ("count: 2", "count: 4294967295"),
        ("columns: 8", "columns: 0"),
        ("start: 0", "start: -2147483648"),
        ("D6", "D66"),
        ("EvenQ", "OddR"),
        ("first_side: \"north\"", "first_side: \"\""),
    ];
    for (a, b) in swaps {
        let s = text.replace(a, b);
        let _ = load_str(&s, "swap.ron", &root());
        tried += 1;
    }
    assert!(tried > 20);
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("sandtable-loader-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("dir");
    d
}

/// Kell Ford in `dir` with `map.background` naming `image`.
fn kell_with_background(dir: &std::path::Path, image: &str) -> std::path::PathBuf {
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let text = text.replacen("columns: 8,", &format!("background: Some((image: \"{image}\", origin: (60.0, 52.0), hex_size: 40.0)),\n        columns: 8,"), 1);
    let p = dir.join("kell.ron");
    std::fs::write(&p, text).expect("write");
    p
}

/// A link inside the scenario's folder that leads out of it is refused like `..` (the real
/// path is checked), by `check` and by the client's decoder.
#[test]
fn hostile_files_a_symlink_may_not_lead_an_asset_out_of_the_scenario_folder() {
    let outside = temp_dir("outside");
    image::RgbImage::from_pixel(8, 8, image::Rgb([1, 2, 3])).save(outside.join("secret.png")).expect("png");
    let dir = temp_dir("symlink");
    std::os::unix::fs::symlink(outside.join("secret.png"), dir.join("link.png")).expect("symlink");
    let p = kell_with_background(&dir, "link.png");
    let e = load_file(&p).expect_err("the link leads out").to_string();
    assert!(e.contains("map.background.image: asset path `link.png` leads out of the scenario's folder"), "{e}");
    // A link that stays inside is fine.
    image::RgbImage::from_pixel(8, 8, image::Rgb([1, 2, 3])).save(dir.join("real.png")).expect("png");
    std::fs::remove_file(dir.join("link.png")).expect("rm");
    std::os::unix::fs::symlink(dir.join("real.png"), dir.join("link.png")).expect("symlink");
    let loaded = load_file(&p).unwrap_or_else(|r| panic!("{r}"));
    assert!(sandtable::client::images::load_background(&loaded).expect("decodes").is_some());
    let _ = (std::fs::remove_dir_all(dir), std::fs::remove_dir_all(outside));
}

/// A FIFO named as an image is refused at once (not opened, which would block).
#[test]
fn hostile_files_a_fifo_as_an_image_is_refused_not_opened() {
    let dir = temp_dir("fifo_image");
    let made = std::process::Command::new("mkfifo").arg(dir.join("map.png")).status().is_ok_and(|s| s.success());
    assert!(made, "mkfifo");
    let p = kell_with_background(&dir, "map.png");
    let e = load_file(&p).expect_err("a FIFO is no image").to_string();
    assert!(e.contains("map.background.image: `map.png` is not a regular file"), "{e}");
    let _ = std::fs::remove_dir_all(dir);
}

/// The counter mix has the unit limit: every counter of it may be spawned (today a count of
/// 100000000 passed `check` and `script` died allocating 3.5 GB).
#[test]
fn hostile_files_the_counter_mix_has_a_limit_like_the_unit_count() {
    let text = std::fs::read_to_string(root().join("scenarios/decision_iraq.ron")).expect("read");
    let needle = "(unit_type: \"mnf_bct\", level: Some(1), count: ";
    let at = text.find(needle).expect("a mix entry");
    let end = at + needle.len() + text[at + needle.len()..].find(')').expect("end");
    let big = format!("{}{needle}100000000{}", &text[..at], &text[end..]);
    let e = load_str(&big, "di.ron", &root()).expect_err("over the limit").to_string();
    assert!(e.contains("counter_mix:") && e.contains("counters in all; the limit is 5000"), "{e}");
}

/// A movement factor in the billions is refused where it is written (a movement search keeps a
/// list per movement point): the message names the unit type and the entry.
#[test]
fn hostile_files_a_movement_factor_has_a_limit() {
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let bad = text.replacen("(attack: 6, defense: 3, movement: 6), (attack: 3", "(attack: 6, defense: 3, movement: 4000000000), (attack: 3", 1);
    assert_ne!(bad, text);
    let e = load_str(&bad, "fast.ron", &root()).expect_err("over the limit").to_string();
    assert!(e.contains("fast.ron: error: unit_types[0].strength: movement factor 4000000000 (entry 0) is more than 1000"), "{e}");
    let ok = text.replacen("(attack: 6, defense: 3, movement: 6), (attack: 3", "(attack: 6, defense: 3, movement: 1000), (attack: 3", 1);
    assert!(load_str(&ok, "fast.ron", &root()).is_ok());
    // ToO 15.7's forced march doubles: a multiplier past ten is refused.
    let rules = "rules: (forced_march: Some((unit_type: \"n_art\", range: 2, multiplier: 100))),";
    let bad = text.replacen(crate::common::KELL_RULES, rules, 1);
    assert_ne!(bad, text);
    let e = load_str(&bad, "march.ron", &root()).expect_err("over the limit").to_string();
    assert!(e.contains("march.ron: error: rules.forced_march.multiplier: 100 is not between 1 and 10"), "{e}");
}

/// A movement cost in the billions is refused where it is written: added to the movement
/// points a unit has spent, it would pass the largest number a cost can hold. No unit may have
/// more than 1000 movement points, so no such cost can ever be paid (`Prohibited` says so).
#[test]
fn hostile_files_movement_costs_have_a_limit() {
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let huge = "4294967295";
    for (from, to, path) in [
        ("default_cost: Mp(2),", format!("default_cost: Mp({huge}),"), "map.terrain[1].default_cost"),
        ("default_cost: Mp(2),", format!("default_cost: Mp(2), costs: [(class: \"mech\", cost: Mp({huge}))],"), "map.terrain[1].costs[0].cost"),
        ("extra_cost: 1,", format!("extra_cost: {huge},"), "map.hexside_types[0].extra_cost"),
        (
            crate::common::KELL_RULES,
            format!("rules: (zoc: (exit_cost: {huge}, zoc_to_zoc: Cost({huge}), infiltration_mp: Some({huge}))),"),
            "rules.zoc.exit_cost",
        ),
        (crate::common::KELL_RULES, format!("rules: (overrun: Some((extra_mp: {huge}))),"), "rules.overrun.extra_mp"),
        ("entry: [\"0506\", \"0806\"]", format!("entry: [\"0506\", \"0806\"], entry_mp: {huge}"), "reinforcements[0].entry_mp"),
    ] {
        let bad = text.replacen(from, &to, 1);
        assert_ne!(bad, text);
        let e = load_str(&bad, "costly.ron", &root()).expect_err("over the limit").to_string();
        let want = format!("costly.ron: error: {path}: a cost of {huge} MP is more than 1000");
        assert!(e.contains(&want), "{want} in {e}");
    }
    let e = load_str(&text.replacen(crate::common::KELL_RULES, &format!("rules: (zoc: (zoc_to_zoc: Cost({huge}), infiltration_mp: Some({huge}))),"), 1), "z.ron", &root()).expect_err("over").to_string();
    assert!(e.contains("rules.zoc.zoc_to_zoc") && e.contains("rules.zoc.infiltration_mp"), "{e}");
    // Tutorial 5.7.1's strategic moves: the hexes a point times a printed allowance.
    let e = load_str(&text.replacen(crate::common::KELL_RULES, &format!("rules: (strategic: Some((road: Road, hexes_per_mp: {huge}))),"), 1), "s.ron", &root()).expect_err("over").to_string();
    assert!(e.contains("rules.strategic.hexes_per_mp: 4294967295 hexes a point is more than 1000"), "{e}");
    let ok = text.replacen("default_cost: Mp(2),", "default_cost: Mp(1000),", 1);
    assert!(load_str(&ok, "costly.ron", &root()).is_ok());
}

/// Messages about bad input quote a short prefix of it: a 50 MB unit id is not echoed whole.
#[test]
fn hostile_files_messages_quote_only_a_short_prefix_of_bad_input() {
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let long = "Z".repeat(1_000_000);
    let bad = text.replacen("(id: \"N-1Tk\", unit_type: \"n_tank\"", &format!("(id: \"N-1Tk\", unit_type: \"{long}\""), 1);
    let e = load_str(&bad, "long.ron", &root()).expect_err("unknown type").to_string();
    assert!(e.contains("ZZZZ... (1000002 characters)") || e.contains("ZZZZ... (1000000 characters)"), "{}", &e[..e.len().min(500)]);
    assert!(e.len() < 2_000, "the message is {} bytes", e.len());
}

/// A scenario that is not UTF-8 says where.
#[test]
fn hostile_files_a_file_that_is_not_utf8_says_where() {
    let dir = temp_dir("utf8");
    let p = dir.join("bad.ron");
    std::fs::write(&p, b"(\n  id: \"ok\",\n  title: \"\xff\xfe\",\n)").expect("write");
    let e = load_file(&p).expect_err("not UTF-8").to_string();
    assert!(e.contains("not UTF-8 text at line 3, column 11"), "{e}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A ruleset reads its own section: a syntax error inside `ruleset_rules` is reported at its line
/// and column in the file, a generic scenario may not carry one, and an unknown ruleset is named.
#[test]
fn ruleset_sections_are_read_by_their_ruleset_with_their_place_in_the_file() {
    let di = std::fs::read_to_string(root().join("scenarios/decision_iraq.ron")).expect("read");
    let line = di.lines().position(|l| l.contains("max_multiplier: 3,")).expect("the section") + 1;
    let bad = di.replacen("max_multiplier: 3,", "max_multiplier: three,", 1);
    let e = load_str(&bad, "di.ron", &root()).expect_err("a syntax error in the section").to_string();
    assert!(e.contains(&format!("di.ron:{line}:")), "line {line}: {e}");
    let missing = di.replacen("ruleset: \"decision_iraq\",", "ruleset: \"decision_iraqq\",", 1);
    let e = load_str(&missing, "di.ron", &root()).expect_err("unknown ruleset").to_string();
    assert!(e.contains("ruleset: unknown ruleset `decision_iraqq`; this program plays: generic, decision_iraq"), "{e}");
    let kell = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let extra = kell.replacen("    title: \"Kell Ford\",", "    title: \"Kell Ford\",\n    ruleset_rules: (sides: []),", 1);
    let e = load_str(&extra, "k.ron", &root()).expect_err("no section for the generic ruleset").to_string();
    assert!(e.contains("ruleset_rules: the generic ruleset reads no section of its own"), "{e}");
    // Decision: Iraq's phases need their ruleset.
    let generic = di.replacen("ruleset: \"decision_iraq\",", "ruleset: \"generic\",", 1);
    let e = load_str(&generic, "di.ron", &root()).expect_err("the generic ruleset cannot play it").to_string();
    assert!(e.contains("the `generic` ruleset has no procedure for Mobilization phases"), "{e}");
}

#[test]
fn a_hex_listed_twice_in_map_hexes_is_a_clear_error() {
    let text = crate::common::kell_text_with(&[(r#"(hex: "0202", name: Some("Hollin")),"#, r#"(hex: "0202", name: Some("Hollin")), (hex: "0404", tags: ["river"]),"#)]);
    let Err(e) = sandtable::games::load_str(&text, "twice.ron", &crate::common::root()) else { panic!("a hex listed twice loads") };
    assert!(e.to_string().contains("map.hexes[2].hex: 0404 is listed already (map.hexes[1])"), "{e}");
}

#[test]
fn unit_ids_name_one_unit_each_group_ids_numbered_names_and_option_units() {
    let tiny = std::fs::read_to_string(root().join("tests/fixtures/three_provinces.ron")).expect("fixture");
    let broken = |pairs: &[(&str, &str)], name: &str| {
        let text = pairs.iter().fold(tiny.clone(), |t, (a, b)| {
            assert!(t.contains(a), "{a}");
            t.replacen(a, b, 1)
        });
        load_str(&text, name, &root()).expect_err("a clash of unit ids loads").to_string()
    };
    // Two groups of one id would both name their units `cells#1`...
    let e = broken(&[(r#"(id: "guards""#, r#"(id: "cells""#)], "twice.ron");
    assert!(e.contains("setup.groups[1].id: duplicate id `cells`"), "{e}");
    // ...a named unit may not take a group unit's name...
    let e = broken(&[(r#"(id: "R-1""#, r#"(id: "cells#2""#)], "named.ron");
    assert!(e.contains("setup.units[0].id: `cells#2` has the form of the names given to the units of setup group `cells`"), "{e}");
    // ...nor a spare counter's of the mix (`type#n`), and a group may not share a type's id.
    let e = broken(&[(r#"(id: "R-1""#, r#"(id: "brigade#1""#)], "spare.ron");
    assert!(e.contains("setup.units[0].id: `brigade#1` has the form of the names given to the spare counters of unit type `brigade`"), "{e}");
    let e = broken(&[(r#"(id: "guards""#, r#"(id: "brigade""#)], "typed.ron");
    assert!(e.contains("setup.groups[1].id: `brigade` is also a unit type's id"), "{e}");
    // A name with a `#` that no group or type numbers is a name like any other.
    let ok = tiny.replacen(r#"(id: "R-1""#, r#"(id: "R#1""#, 1);
    load_str(&ok, "hash.ron", &root()).unwrap_or_else(|r| panic!("{r}"));
    // An option's units keep their own ids: one named as a base unit is refused (an option that
    // replaces the set-up may reuse them).
    let option = [
        (r#"spaces: ["capital/infra1"])],"#, r#"spaces: ["capital/infra1"])], by_option: [(option: "more", units: [(id: "R-1", unit_type: "brigade", at: "plains")])],"#),
        ("    victory: (", "    options: [(id: \"more\", name: \"More\")],\n    victory: ("),
    ];
    let e = broken(&option, "option.ron");
    assert!(e.contains("setup.by_option[0].units[0].id: duplicate unit id `R-1` (also setup.units[0])"), "{e}");
    // Two options may be on together: each adds units of its own ids.
    let twice = [
        (option[0].0, r#"spaces: ["capital/infra1"])], by_option: [(option: "more", units: [(id: "R-2", unit_type: "brigade", at: "plains")]), (option: "more", units: [(id: "R-2", unit_type: "brigade", at: "frontier")])],"#),
        option[1],
    ];
    let e = broken(&twice, "twice_on.ron");
    assert!(e.contains("setup.by_option[1].units[0].id: duplicate unit id `R-2` (also setup.by_option[0].units[0]): options may be on together"), "{e}");
    let own = option.map(|(a, b)| (a, b.replace("units: [", "replace_setup: true, units: [")));
    let own: Vec<(&str, &str)> = own.iter().map(|(a, b)| (*a, b.as_str())).collect();
    let text = own.iter().fold(tiny.clone(), |t, (a, b)| t.replacen(a, b, 1));
    load_str(&text, "own.ron", &root()).unwrap_or_else(|r| panic!("{r}"));
    // An option that keeps the base set-up adds groups of its own: Decision: Iraq's Variant 1
    // with a group named as a base group is refused.
    let di = std::fs::read_to_string(root().join("scenarios/decision_iraq.ron")).expect("scenario");
    let clash = di.replacen(r#"(id: "ci_bct2_v1""#, r#"(id: "ci_bct2""#, 1);
    let e = load_str(&clash, "di.ron", &root()).expect_err("an option group named as a base group").to_string();
    assert!(e.contains("setup.by_option[0].groups[1].id: `ci_bct2` is the id of setup.groups[1]"), "{e}");
    // Variants 1 and 2 may be played together: their groups keep apart.
    let clash = di.replacen(r#"(id: "ci_v2_div""#, r#"(id: "ci_bct2_v1""#, 1);
    let e = load_str(&clash, "di.ron", &root()).expect_err("two options' groups of one id").to_string();
    assert!(e.contains("setup.by_option[1].groups[0].id: `ci_bct2_v1` is also the id of setup.by_option[0].groups[1]: options may be on together"), "{e}");
}
