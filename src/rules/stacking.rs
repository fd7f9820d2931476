//! Stacking (tutorial 5.7.1, DI 9.3 and 17.2, ToO 10.1 and 10.2): what a unit counts toward a
//! limit (its type's stacking points, 1 unless given) and the limit of a space (a slot's
//! capacity for all sides together, else the hex's own limit, else its terrain's, per side).

use crate::model::view::UnitsView;
use crate::model::{Game, SpaceId};
use crate::scenario::board::SpaceKind;

/// Stacking points of `side` allowed in a space: slot capacity (all sides together), else the
/// hex's own limit, else its terrain's (per side).
#[must_use]
pub fn stacking_limit(game: &Game, space: SpaceId) -> Option<u32> {
    let sp = &game.board.spaces[space.index()];
    match sp.kind {
        SpaceKind::Slot { capacity, .. } => Some(capacity),
        _ => sp.stacking.or_else(|| sp.terrain.and_then(|t| game.board.terrain_stacking[t])),
    }
}

/// What a unit of type `t` counts toward a stacking limit (ToO 10.2: a corps 3, any other land
/// unit 1; 1 unless its type says otherwise).
#[must_use]
pub fn stacking_points(game: &Game, t: usize) -> u32 {
    game.scenario.unit_types[t].stacking_points
}

/// Whether `extra` more stacking points of `side` fit in a space.
#[must_use]
pub fn room_for(game: &Game, units: &UnitsView, space: SpaceId, side: usize, extra: u32) -> bool {
    let Some(limit) = stacking_limit(game, space) else { return true };
    let is_slot = matches!(game.board.spaces[space.index()].kind, SpaceKind::Slot { .. });
    let here: u32 = units.at(space).filter(|u| is_slot || u.side == side).map(|u| stacking_points(game, u.type_index)).sum();
    here + extra <= limit
}
