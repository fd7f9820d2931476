//! The tutorial scenario's map and set-up (other-seeds 5.3, 5.10): the checks the
//! reference's script makes, made by the engine on the scenario data.

use sandtable::model::view::UnitsView;
use sandtable::model::Control;
use sandtable::rules::movement::{enemy_zoc, move_check};
use sandtable::session::Session;

use crate::common::session;

fn map() -> Session {
    session("scenarios/salt_river_line.ron", 1, &[])
}

fn zoc_of(s: &mut Session, side: usize) -> Vec<String> {
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let z = enemy_zoc(&game, &units, side);
    (0..game.board.len()).filter(|&i| z[i]).map(|i| game.board.spaces[i].key.clone()).collect()
}

#[test]
fn rule_5_10_union_setup_screens_the_whole_river() {
    let mut s = map();
    let union_zoc = zoc_of(&mut s, 0);
    let st = s.state(None);
    for c in 2..=10 {
        let hex = format!("{c:02}06");
        let held = st.units.iter().any(|u| u.location == hex && u.side == "su");
        assert!(held || union_zoc.contains(&hex), "{hex} is neither held nor in a Union ZOC");
    }
}

#[test]
fn rule_5_10_no_north_unit_starts_in_a_union_zoc_and_the_north_bank_zoc_hexes() {
    let mut s = map();
    let union_zoc = zoc_of(&mut s, 0);
    let st = s.state(None);
    for u in st.units.iter().filter(|u| u.side == "na") {
        assert!(!union_zoc.contains(&u.location), "{} starts in a Union ZOC at {}", u.id, u.location);
    }
    let row5: Vec<&str> = union_zoc.iter().map(String::as_str).filter(|k| k.ends_with("05")).collect();
    let mut row5 = row5;
    row5.sort_unstable();
    assert_eq!(row5, vec!["0205", "0405", "0605", "0805", "0905", "1005"]);
}

#[test]
fn rule_5_3_map_data_river_roads_and_distances() {
    let s = map();
    let game = s.game().clone();
    let rivers = game.board.edges.iter().flatten().filter(|e| e.hexside.is_some()).count() / 2;
    assert_eq!(rivers, 17, "the Salt River: every land hexside between rows 05 and 06");
    // Gull Bay (0203) to Norby (0302) by the roads R2 and R3: 2 MP for a foot unit.
    let mut s = crate::common::session_from_text(
        &std::fs::read_to_string(crate::common::root().join("scenarios/salt_river_line.ron"))
            .expect("read")
            .replace(r#"(id: "NA-11R", unit_type: "na_inf", at: "0305")"#, r#"(id: "NA-11R", unit_type: "na_inf", at: "0203")"#),
    );
    let units = UnitsView::from_world(&mut s.world);
    let control = s.world.resource::<Control>().clone();
    let cost = |to: &str| move_check(s.game(), &units, &control, 0, "NA-11R", to).map(|d| d.cost);
    assert_eq!(cost("0302"), Ok(2));
    assert_eq!(cost("0603"), Ok(4), "Gull Bay to Tarn");
}

/// Random legal games on the tutorial map with its supply and ZOC rules: every listed command is
/// accepted and the invariants hold after each one.
#[test]
fn random_games_on_the_tutorial_map_keep_the_invariants() {
    for seed in 0..2 {
        let mut s = session("scenarios/salt_river_line.ron", seed, &[]);
        crate::common::play_random_checked(&mut s, seed, 20_000);
    }
}
