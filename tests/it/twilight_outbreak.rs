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

/// Both sides set up with their default placements (35).
fn after_setup(seed: u64) -> sandtable::session::Session {
    let mut s = session(FILE, seed, &[]);
    for _ in 0..2 {
        crate::common::play(&mut s, &[Command::DefaultSetup, Command::EndPhase]);
    }
    s
}

/// The legal destinations of a unit now, by hex key.
fn destinations(s: &mut sandtable::session::Session, unit: &str) -> Vec<String> {
    let units = sandtable::model::view::UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let control = s.world.resource::<sandtable::model::Control>().clone();
    let u = units.get(unit).expect("unit").clone();
    sandtable::rules::movement::legal_destinations(&game, &units, &control, &u).into_iter().map(|d| game.board.key(d.space).to_string()).collect()
}

fn region_of(s: &sandtable::session::Session, key: &str) -> Option<String> {
    let b = &s.game().board;
    b.space(key).and_then(|id| b.spaces[id.index()].region.clone())
}

#[test]
fn rule_too_1_5_bulgaria_is_closed_to_every_unit() {
    let mut s = after_setup(1);
    // The Adrianople corps stands on the Bulgarian border: none of its moves enters Bulgaria.
    let d = destinations(&mut s, "TR-Corps-Adrianople");
    assert!(!d.is_empty());
    assert!(d.iter().all(|h| region_of(&s, h).as_deref() != Some("bulgaria")), "{d:?}");
    let border = s.game().board.space("1305").expect("Adrianople");
    assert!(s.game().board.edges[border.index()].iter().any(|e| s.game().board.spaces[e.to.index()].region.as_deref() == Some("bulgaria")));
}

#[test]
fn rule_too_3_1_the_ottomans_set_up_first_then_the_allies() {
    let mut s = session(FILE, 1, &[]);
    assert_eq!(s.state(None).active_side.as_deref(), Some("ottoman"));
    crate::common::play(&mut s, &[Command::DefaultSetup, Command::EndPhase]);
    assert_eq!(s.state(None).active_side.as_deref(), Some("allies"));
    // 3.2: the Allies may not set up among enemy units: no Allied placement in an Ottoman-held hex.
    let listed = s.legal_commands();
    let places: Vec<String> = listed.iter().filter_map(|c| match c { Command::Place { at, .. } => Some(at.to_string()), _ => None }).collect();
    assert!(!places.is_empty());
    let st = s.state(None);
    assert!(places.iter().all(|h| st.control.get(h).map(String::as_str) != Some("ottoman")), "an Allied unit offered an Ottoman hex");
}

#[test]
fn rule_too_4_0_each_game_turn_is_the_ottoman_player_turn_the_allied_then_the_end_phase() {
    let s = session(FILE, 1, &[]);
    let ids: Vec<&str> = s.game().scenario.turns.phases.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, vec![
        "ott_events", "ott_mobilization", "ott_reorganisation", "ott_movement", "ott_combat", "ott_supply",
        "all_events", "all_mobilization", "all_reorganisation", "all_movement", "all_combat", "all_supply", "vp", "end",
    ]);
    let mut s = after_setup(1);
    // Through the Ottoman player turn by its phases (placing the Forced Offensive's units first).
    while !matches!(s.state(None).phase.as_str(), "all_events" | "all_mobilization") {
        // End the phase where it may end; else answer the question asked (a placement, the
        // unit to lose over the stacking limit at Constantinople, 10.3).
        let listed = s.legal_commands();
        let c = listed.iter().find(|c| matches!(c, Command::EndPhase)).or(listed.first()).cloned().expect("a way on");
        let was = s.state(None).phase;
        crate::common::play(&mut s, &[c]);
        let now = s.state(None).phase;
        if was != now {
            let order = |p: &str| ids.iter().position(|x| *x == p).expect("phase");
            assert!(order(&now) > order(&was), "{was} -> {now}");
        }
    }
}

#[test]
fn rule_too_27_persians_never_leave_persia_and_kuwait_begins_british() {
    let mut s = after_setup(1);
    assert_eq!(s.state(None).control.get("5420").map(String::as_str), Some("allies"), "Kuwait (27.3)");
    let d = destinations(&mut s, "pe_persia_cossack#1");
    assert!(!d.is_empty());
    assert!(d.iter().all(|h| region_of(&s, h).as_deref() == Some("persia")), "{d:?}");
}
