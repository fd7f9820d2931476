//! The rule invariants a simulation checks after every command (`sim::invariants`): each
//! catches the broken state it names, and a game as set up breaks none.

use sandtable::model::Location;
use sandtable::model::units_now::UnitsNow;
use sandtable::model::view::UnitsView;
use sandtable::sim::invariants::{check_invariants, check_invariants_after};
use sandtable::session::Session;

use crate::common::{kell, session};

/// Puts a unit in a space behind the rules' back (as a broken rule would).
fn put(s: &mut Session, unit: &str, at: sandtable::model::SpaceId) {
    let e = s.world.resource::<sandtable::model::UnitIndex>().0[unit];
    *s.world.get_mut::<Location>(e).expect("a unit") = Location::OnMap(at);
    s.world.resource_mut::<UnitsNow>().stale();
}

#[test]
fn invariant_a_hex_over_its_stacking_limit_is_caught() {
    let mut s = kell(&[]);
    assert_eq!(check_invariants(&mut s), Ok(()));
    // Clear terrain holds two units of a side: a third is one too many.
    let hex = s.game().board.space("0505").expect("a hex");
    for u in ["S-1Inf", "S-2Inf", "S-Mil"] {
        put(&mut s, u, hex);
    }
    let e = check_invariants(&mut s).expect_err("three units in a clear hex");
    assert!(e.contains("0505 holds 3 stacking points of south, the limit is 2"), "{e}");
}

/// A simulation reads the units' invariants again only after a unit was placed (moved, or at
/// another level, side or type): a change is caught at the next check, and the checks in
/// between cost nothing, nor do those after a change of what units did this phase alone.
#[test]
fn invariant_checks_after_each_command_read_the_units_again_only_when_one_changed() {
    let mut s = kell(&[]);
    let mut checked = None;
    assert_eq!(check_invariants_after(&mut s, &mut checked), Ok(()));
    let first = checked.expect("the units were read");
    assert_eq!(check_invariants_after(&mut s, &mut checked), Ok(()));
    assert_eq!(checked, Some(first), "nothing changed: nothing read again");
    let e = s.world.resource::<sandtable::model::UnitIndex>().0["S-1Inf"];
    s.world.get_mut::<sandtable::model::components::Activity>(e).expect("a unit").finished = true;
    s.world.resource_mut::<UnitsNow>().stale();
    assert_eq!(check_invariants_after(&mut s, &mut checked), Ok(()));
    assert_eq!(checked, Some(first), "only what a unit did changed: nothing read again");
    assert!(UnitsView::from_world(&mut s.world).get("S-1Inf").expect("a unit").activity.finished, "the view has the change");
    let hex = s.game().board.space("0505").expect("a hex");
    for u in ["S-1Inf", "S-2Inf", "S-Mil"] {
        put(&mut s, u, hex);
    }
    let e = check_invariants_after(&mut s, &mut checked).expect_err("three units in a clear hex");
    assert!(e.contains("0505 holds 3 stacking points of south, the limit is 2"), "{e}");
}

#[test]
fn invariant_di_9_3_a_box_over_its_capacity_for_all_sides_together_is_caught() {
    let mut s = session("scenarios/decision_iraq.ron", 1, &[]);
    assert_eq!(check_invariants(&mut s), Ok(()));
    let game = s.game().clone();
    let district = game.board.space("baghdad_west").expect("a district");
    let slot = game.board.slots_of(district).next().expect("a box");
    // One unit of each side: neither side is over the box's capacity of 1, the box is.
    let units = UnitsView::from_world(&mut s.world);
    let [a, b] = [0, 1].map(|side| units.all().iter().find(|u| u.side == side).expect("a unit").id.to_string());
    put(&mut s, &a, slot);
    put(&mut s, &b, slot);
    let e = check_invariants(&mut s).expect_err("two units in a box of one");
    assert!(e.contains(&format!("{} holds 2 stacking points, its capacity is 1", game.board.key(slot))), "{e}");
}
