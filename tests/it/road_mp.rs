//! Roads at a fraction of a movement point (`rules.road_mp`; engine gap G2, ToO 9.7: half a
//! point a road hex, whatever its terrain). Movement points are then counted in halves.

use sandtable::model::Control;
use sandtable::model::view::UnitsView;
use sandtable::rules::movement::{move_check, mp_text};
use sandtable::session::Session;

use crate::common::{kell_rules, log_has, location, mv, play, root};

const HALF: &str = "(road_mp: Some((1, 2)))";

fn cost(s: &mut Session, unit: &str, to: &str) -> Result<u32, String> {
    let units = UnitsView::from_world(&mut s.world);
    move_check(s.game(), &units, s.world.resource::<Control>(), 0, unit, to).map(|d| d.cost)
}

#[test]
fn rule_too_9_7_a_road_hex_costs_half_a_movement_point() {
    let mut s = kell_rules(HALF, &[], &[]);
    // The artillery at Hollin (0202) stands on the Kell road: 0303 along it is half a point,
    // clear 0102 off it a whole one (two halves).
    assert_eq!(cost(&mut s, "N-Art", "0303"), Ok(1));
    assert_eq!(mp_text(s.game(), 1), "0.5");
    assert_eq!(cost(&mut s, "N-Art", "0102"), Ok(2));
    // Without the rule a road hex costs a whole point.
    let mut plain = kell_rules("()", &[], &[]);
    assert_eq!(cost(&mut plain, "N-Art", "0303"), Ok(1));
    assert_eq!(cost(&mut plain, "N-Art", "0102"), Ok(1));
}

#[test]
fn rule_too_9_7_half_points_add_up_over_a_move() {
    // ToO 9.3: a unit may go on moving while MP remain, here in halves.
    let mut s = kell_rules("(road_mp: Some((1, 2)), move_ends_when_another_moves: true)", &[], &[]);
    play(&mut s, &[mv("N-Art", "0201")]);
    assert!(log_has(&mut s, "N-Art moves 0201 (0.5 MP)"));
    // 0.5 of its 4 MP spent: 3.5 left, so the road back (0.5) and three clear hexes (3) fit.
    assert_eq!(cost(&mut s, "N-Art", "0202"), Ok(1));
    let e = cost(&mut s, "N-Art", "0505").expect_err("too far");
    assert!(e.contains("with 3.5 MP"), "{e}");
    assert_eq!(location(&mut s, "N-Art"), "0201");
}

#[test]
fn a_road_fraction_is_checked() {
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let bad = text.replacen(crate::common::KELL_RULES, "rules: (road_mp: Some((1, 0))),", 1);
    let e = sandtable::games::load_str(&bad, "roads.ron", &root()).expect_err("a zero denominator").to_string();
    assert!(e.contains("roads.ron: error: rules.road_mp: (1, 0) is not a fraction of whole numbers from 1 to 12"), "{e}");
}
