//! Units that keep to their waters (`unit_types[].waters`; ToO 21.1-21.3, engine gap G27): a
//! river flotilla moves, exerts its zone of control, attacks, retreats and pursues only from
//! hex to hex of its waters (the hexes with its tag), at a fixed cost a step. The movement
//! search, zones of control, combat, retreats, pursuit and the minimum move ask here.

use crate::model::{Game, SpaceId};
use crate::scenario::schema::Waters;

/// The waters units of this type keep to, if they do.
#[must_use]
pub fn waters(game: &Game, type_index: usize) -> Option<&Waters> {
    game.scenario.unit_types[type_index].waters.as_ref()
}

/// Whether a unit of this type may be in `space`: always, unless it keeps to waters that do
/// not include it.
#[must_use]
pub fn in_waters(game: &Game, type_index: usize, space: SpaceId) -> bool {
    waters(game, type_index).is_none_or(|w| game.board.spaces[space.index()].tags.contains(&w.tag))
}
