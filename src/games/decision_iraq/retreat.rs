//! Retreats after a Kinetic result (DI 16.43-16.47): every surviving unit of the side moves, and
//! the owner may split them, into an empty infra box of the same district, or into an adjacent
//! district it may enter that holds no open enemy units (its open part or an empty box there).
//! Infiltration units may go up to their movement factor through enemy districts (16.45). A unit
//! with nowhere to go is eliminated (16.44); bases never move, and units in a district with a
//! friendly base may ignore the retreat (16.47, 23.4).

use std::collections::BTreeSet;

use crate::scenario::board::SpaceKind;
use crate::model::view::{UnitView, UnitsView, factors, has_flag};
use crate::model::{Game, SpaceId};
use crate::scenario::schema::UnitFlag;

/// The districts linked to an area (its neighbours on the map, not its boxes).
#[must_use]
pub fn neighbours(game: &Game, area: SpaceId) -> Vec<SpaceId> {
    let mut v: Vec<SpaceId> = game.board.edges[area.index()].iter().map(|e| e.to).filter(|s| matches!(game.board.spaces[s.index()].kind, SpaceKind::Area)).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Units of a side other than `side` in the open part of an area.
#[must_use]
pub fn open_enemies(units: &UnitsView, area: SpaceId, side: usize) -> bool {
    units.at(area).any(|u| u.side != side)
}

/// The empty boxes of an area.
#[must_use]
pub fn empty_boxes(game: &Game, units: &UnitsView, area: SpaceId) -> Vec<SpaceId> {
    game.board.slots_of(area).filter(|s| units.at(*s).next().is_none()).collect()
}

/// Whether the unit is a base (FOB, BZ) of `rules.netwar.bases`.
#[must_use]
pub fn is_base(game: &Game, u: &UnitView) -> bool {
    super::netwar(game).is_some_and(|n| n.bases.contains(&game.scenario.unit_types[u.type_index].id))
}

/// A friendly base stands in the district (open or in a box).
#[must_use]
pub fn friendly_base(game: &Game, units: &UnitsView, area: SpaceId, side: usize) -> bool {
    std::iter::once(area).chain(game.board.slots_of(area)).any(|s| units.at(s).any(|u| u.side == side && is_base(game, u)))
}

/// Where the unit may retreat to from the conflict in `area`, sorted by space id.
#[must_use]
pub fn destinations(game: &Game, units: &UnitsView, u: &UnitView, area: SpaceId) -> Vec<SpaceId> {
    let banned = crate::rules::entry_bans::entry_bans(game, units, u);
    let mut out: BTreeSet<SpaceId> = empty_boxes(game, units, area).into_iter().filter(|s| Some(*s) != u.space()).collect();
    let reach = if has_flag(game, u.type_index, UnitFlag::Infiltration) { factors(game, u.type_index, u.level).movement.max(1) } else { 1 };
    // Breadth-first over districts: infiltrators pass through enemy districts (16.45).
    let mut seen = BTreeSet::from([area]);
    let mut frontier = vec![area];
    for _ in 0..reach {
        let mut next = Vec::new();
        for d in frontier {
            for n in neighbours(game, d) {
                if banned.contains(n) || !seen.insert(n) {
                    continue;
                }
                next.push(n);
                if !open_enemies(units, n, u.side) {
                    out.insert(n);
                    out.extend(empty_boxes(game, units, n));
                }
            }
        }
        frontier = next;
    }
    // 27.4: slow militia retreat only within their sect.
    if let Some(b) = super::netwar(game).and_then(|n| n.sect_bound.as_ref()).filter(|b| game.options.contains(&b.option))
        && b.unit_types.contains(&game.scenario.unit_types[u.type_index].id)
        && factors(game, u.type_index, u.level).movement <= b.max_movement
    {
        let sect = |s: SpaceId| super::space_attr(game, s, &b.attribute).cloned();
        let here = sect(area);
        if here != Some(crate::scenario::schema::AttrValue::Text(b.free.clone())) {
            out.retain(|d| sect(*d) == here);
        }
    }
    out.into_iter().collect()
}
