//! Twilight of the Ottomans, scenario 35 "Outbreak of War" (`scenarios/twilight/outbreak.ron`):
//! its setup, front and special rules as the reference gives them, and random games played
//! through with the invariants checked after every command.

use sandtable::session::Command;

use crate::common::{load, session};

const FILE: &str = "scenarios/twilight/outbreak.ron";

#[test]
fn rule_too_35_5_the_front_and_the_setup_of_1914() {
    let mut s = session(FILE, 1, &[]);
    let st = s.state(None);
    let holder = |h: &str| st.control.get(h).cloned().unwrap_or_default();
    // 35.5 and the errata: Ottoman Anatolia, Armenia, Syria, Mesopotamia, Hejaz; Allied Egypt,
    // Russia, Persia, Kuwait; Arabia nobody's.
    for (hex, side) in [("1705", "ottoman"), ("3604", "ottoman"), ("3116", "ottoman"), ("4415", "ottoman"), ("4131", "ottoman"),
                        ("2425", "allies"), ("4000", "allies"), ("5110", "allies"), ("5420", "allies")] {
        assert_eq!(holder(hex), side, "{hex}");
    }
    assert_eq!(holder("4325"), "", "Ha'il, in Arabia");
    // 35.0: the ten Ottoman corps stations and the fortresses, the Kars fortress.
    let at = |id: &str| st.units.iter().find(|u| u.id == id).map(|u| u.location.clone()).unwrap_or_default();
    assert_eq!(at("TR-Corps-Erzurum"), "3604");
    assert_eq!(at("TR-Fort-Medina"), "4131");
    assert_eq!(at("RU-Fort-Kars"), "3802");
    // The fleets wait off the map.
    assert_eq!(at("TR-Goeben"), "ottoman_fleet");
    // 35.2: 60 Ottoman VP; the Allies' start is lost, 50 [D].
    assert_eq!(st.tracks.get("ottoman_vp"), Some(&60));
    assert_eq!(st.tracks.get("allied_vp"), Some(&50));
    // Both sides place their groups before 1914-IV: the Ottomans first (3.1).
    assert_eq!(st.active_side.as_deref(), Some("ottoman"));
    assert!(s.legal_commands().iter().any(|c| matches!(c, Command::Place { .. } | Command::DefaultSetup)));
}

#[test]
fn rule_too_35_6_no_ottoman_roll_in_1914_and_the_forced_offensive_applies() {
    let mut s = session(FILE, 1, &[]);
    // Both sides take their default placements; the Ottoman Event phase then plays itself out.
    for _ in 0..2 {
        crate::common::play(&mut s, &[Command::DefaultSetup, Command::EndPhase]);
    }
    assert!(crate::common::log_has(&mut s, "scenario rule 35.6: no event roll this phase"));
    assert!(crate::common::log_has(&mut s, "must make 2 attack(s) on the Onslaught"));
}

#[test]
fn random_games_of_scenario_35_reject_no_listed_command_and_keep_the_invariants() {
    let loaded = load(FILE);
    let report = sandtable::sim::simulate(&loaded, 3, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, 3);
    assert_eq!(report.wins.values().sum::<u32>(), 3, "every game ends with a result");
}

/// 35.1, 37.0: one file, two lengths. An option's `last_turn` ends the game after that turn;
/// the dates after it go with the turns.
#[test]
fn rule_too_35_1_scenario_35_ends_after_1916_ii_and_the_campaign_after_1918_iv() {
    let loaded = load(FILE);
    let short = sandtable::scenario::variants::with_options(&loaded.scenario, &["outbreak".to_string()].into());
    assert_eq!((short.turns.labels.len(), short.turns.labels.last().map(String::as_str)), (7, Some("1916-II")));
    assert_eq!(short.turns.calendar.len(), 7);
    let long = sandtable::scenario::variants::with_options(&loaded.scenario, &std::collections::BTreeSet::new());
    assert_eq!((long.turns.labels.len(), long.turns.labels.last().map(String::as_str)), (17, Some("1918-IV")));
    // A session plays the length of its options: the default is scenario 35.
    let s = session(FILE, 1, &[]);
    assert_eq!(s.game().scenario.turns.labels.len(), 7);
}

#[test]
fn an_options_last_turn_must_be_a_turn_of_the_scenario() {
    let text = crate::common::kell_text_with(&[
        ("    victory: (", "    options: [(id: \"short\", name: \"Short\")],\n    victory: ("),
        ("    setup: (\n", "    setup: (\n        by_option: [(option: \"short\", last_turn: Some(\"9\"))],\n"),
    ]);
    let e = sandtable::games::load_str(&text, "short.ron", &crate::common::root()).expect_err("no turn 9").to_string();
    assert!(e.contains("setup.by_option[0].last_turn: unknown turn `9`"), "{e}");
    let ok = text.replace("last_turn: Some(\"9\")", "last_turn: Some(\"2\")");
    let loaded = std::sync::Arc::new(sandtable::games::load_str(&ok, "short.ron", &crate::common::root()).unwrap_or_else(|r| panic!("{r}")));
    let setup = sandtable::session::GameSetup { options: ["short".to_string()].into(), seed: 1, forced_dice: vec![] };
    let s = sandtable::session::Session::new(loaded, setup).expect("session");
    assert_eq!(s.game().scenario.turns.labels, vec!["1".to_string(), "2".to_string()]);
}

/// Scenario 36 as the variant `last_crusade` of the same file: 1917 I to 1918 IV, its own front
/// (36.5), its ports (36.4), events already happened (36.6), the Ottoman player turn of 1917 I
/// skipped (36.7) and the first Russian Revolution applied in the Allied Random Event phase.
#[test]
fn rule_too_36_the_last_crusade_begins_in_1917_with_its_front_and_its_script() {
    let loaded = load(FILE);
    let setup = sandtable::session::GameSetup { options: ["last_crusade".to_string()].into(), seed: 3, forced_dice: vec![] };
    let mut s = sandtable::session::Session::new(loaded, setup).expect("session");
    assert_eq!(s.game().scenario.turns.labels.first().map(String::as_str), Some("1917-I"));
    assert_eq!(s.game().scenario.turns.labels.len(), 8);
    let st = s.state(None);
    let holder = |h: &str| st.control.get(h).cloned().unwrap_or_default();
    for (hex, side) in [("5218", "allies"), ("4237", "allies"), ("4415", "ottoman"), ("3020", "ottoman"), ("3604", "allies"), ("4812", "ottoman")] {
        assert_eq!(holder(hex), side, "{hex}");
    }
    assert_eq!((st.tracks.get("ottoman_vp"), st.tracks.get("allied_vp"), st.tracks.get("naval_superiority")), (Some(&50), Some(&60), Some(&1)));
    let basra = s.game().board.space("5218").expect("Basra");
    assert!(s.world.resource::<sandtable::model::Control>().built_tags.contains(&(basra, "port".to_string())));
    // Both sides take their default placements; the Ottoman player turn is skipped.
    for _ in 0..2 {
        crate::common::play(&mut s, &[Command::DefaultSetup, Command::EndPhase]);
    }
    // The game's first phase is the Allies' Random Events (the Ottomans place the guerrillas
    // the revolution gives them first, 28.2).
    let st = s.state(None);
    assert_eq!((st.turn.as_str(), st.phase.as_str()), ("1917-I", "all_events"));
    assert!(crate::common::log_has(&mut s, "scenario rule 36.6: Russian Revolution applies"));
    assert!(crate::common::log_has(&mut s, "Russian Naval Superiority 1 -> 0 (scenario rule 36.6)"));
    assert!(!crate::common::log_has(&mut s, "Ottoman Random Events:"));
}
