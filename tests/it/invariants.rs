//! The rule invariants a simulation checks after every command (`sim::invariants`): each
//! catches the broken state it names, and a game as set up breaks none.

use sandtable::model::Location;
use sandtable::model::units_now::UnitsNow;
use sandtable::model::view::UnitsView;
use sandtable::sim::invariants::{Checked, check_invariants, check_invariants_after};
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
    let mut checked = Checked::default();
    assert_eq!(check_invariants_after(&mut s, &mut checked), Ok(()));
    let first = checked.seen().expect("the units were read");
    assert_eq!(check_invariants_after(&mut s, &mut checked), Ok(()));
    assert_eq!(checked.seen(), Some(first), "nothing changed: nothing read again");
    let e = s.world.resource::<sandtable::model::UnitIndex>().0["S-1Inf"];
    s.world.get_mut::<sandtable::model::components::Activity>(e).expect("a unit").finished = true;
    s.world.resource_mut::<UnitsNow>().stale();
    assert_eq!(check_invariants_after(&mut s, &mut checked), Ok(()));
    assert_eq!(checked.seen(), Some(first), "only what a unit did changed: nothing read again");
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

/// Once the units were found sound, a check reads only the units placed since and the spaces
/// they left or entered, and finds what a whole check finds: here a box over its capacity
/// (DI 9.3) and a level outside the counter.
#[test]
fn invariant_checks_after_a_sound_check_read_the_units_placed_since_and_catch_what_a_whole_check_does() {
    let mut s = session("scenarios/decision_iraq.ron", 1, &[]);
    let mut checked = Checked::default();
    assert_eq!(check_invariants_after(&mut s, &mut checked), Ok(()));
    let game = s.game().clone();
    let district = game.board.space("baghdad_west").expect("a district");
    let slot = game.board.slots_of(district).next().expect("a box");
    let units = UnitsView::from_world(&mut s.world);
    let [a, b] = [0, 1].map(|side| units.all().iter().find(|u| u.side == side && u.space() != Some(slot)).expect("a unit").id.to_string());
    put(&mut s, &a, slot);
    assert_eq!(check_invariants_after(&mut s, &mut checked), Ok(()), "one unit in a box of one");
    put(&mut s, &b, slot);
    let whole = check_invariants(&mut s).expect_err("two units in a box of one");
    assert!(whole.contains(&format!("{} holds 2 stacking points, its capacity is 1", game.board.key(slot))), "{whole}");
    assert_eq!(check_invariants_after(&mut s, &mut checked), Err(whole.clone()), "the units placed since, read alone");
    assert_eq!(checked.seen(), None, "a broken state is not kept as sound");
    assert_eq!(check_invariants_after(&mut s, &mut checked), Err(whole), "read whole again");
    // Put right, then a level no counter shows.
    let home = game.board.space("anbar").expect("a district");
    put(&mut s, &b, home);
    assert_eq!(check_invariants_after(&mut s, &mut checked), Ok(()));
    // The view records which units were placed since a number it had; a long record is cut,
    // and a check older than what is kept reads every unit.
    let (seen, _) = checked.seen().expect("sound");
    let rank = UnitsView::from_world(&mut s.world).get(&b).expect("a unit").rank;
    let other = game.board.space("basrah").expect("a district");
    put(&mut s, &b, other);
    UnitsView::from_world(&mut s.world);
    assert_eq!(s.world.resource::<UnitsNow>().placed_since(seen).map(Iterator::collect::<Vec<_>>), Some(vec![rank]));
    for i in 0..300 {
        put(&mut s, &b, if i % 2 == 0 { home } else { other });
        UnitsView::from_world(&mut s.world);
    }
    assert!(s.world.resource::<UnitsNow>().placed_since(seen).is_none(), "the record was cut");
    assert_eq!(check_invariants_after(&mut s, &mut checked), Ok(()));
    assert_ne!(checked.seen().map(|(n, _)| n), Some(seen));
    let e = s.world.resource::<sandtable::model::UnitIndex>().0[a.as_str()];
    s.world.get_mut::<sandtable::model::components::StepLevel>(e).expect("a unit").0 = 99;
    s.world.resource_mut::<UnitsNow>().stale();
    let whole = check_invariants(&mut s).expect_err("a level outside the counter");
    assert!(whole.contains(&format!("{a} is at step or level 99")), "{whole}");
    assert_eq!(check_invariants_after(&mut s, &mut checked), Err(whole));
}
