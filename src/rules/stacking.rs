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
    game.board.stacking_limit(space)
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

/// ToO 28.4: whether a unit of type `t` may not end in `space` because it or a unit there never
/// shares a hex (`UnitFlag::StacksAlone`). `itself`: the unit's own rank, not counted where it
/// stands. Checked on entry even where the limits hold only at phase ends: such a unit is not
/// over a limit that may be put right later, it is never with another.
#[must_use]
pub fn alone_clash(game: &Game, units: &UnitsView, space: SpaceId, t: usize, itself: Option<u32>) -> bool {
    if !game.lookups.stacks_alone() {
        return false;
    }
    let alone = stacks_alone(game, t);
    units.at(space).any(|u| Some(u.rank) != itself && (alone || stacks_alone(game, u.type_index)))
}

/// ToO 28.4: whether units of these types entering one hex together break a unit's
/// `StacksAlone` (one of them never shares a hex, and they are more than one).
#[must_use]
pub fn alone_together(game: &Game, types: &[usize]) -> bool {
    game.lookups.stacks_alone() && types.len() > 1 && types.iter().any(|&t| stacks_alone(game, t))
}

/// Whether units of type `t` never share a hex (`UnitFlag::StacksAlone`).
#[must_use]
pub fn stacks_alone(game: &Game, t: usize) -> bool {
    crate::model::view::has_flag(game, t, crate::scenario::schema::UnitFlag::StacksAlone)
}

/// Whether every move and entry must fit the limits (the usual rule), rather than only the ends
/// of the phases `rules.stacking_checked_at_end_of` names (ToO 10.3).
#[must_use]
pub fn checked_on_entry(game: &Game) -> bool {
    game.scenario.rules.stacking_checked_at_end_of.is_empty()
}

/// The first hex (in board order) where a side (in side order) stands over its limit: the
/// space, the side, its stacking points there and the limit. Boxes that hold all sides
/// together are not counted here.
#[must_use]
pub fn first_overstacked(game: &Game, units: &UnitsView) -> Option<(SpaceId, usize, u32, u32)> {
    let sides = game.scenario.sides.len();
    let mut here: Vec<(SpaceId, usize, u32)> = Vec::new();
    for u in units.all() {
        let Some(s) = u.space() else { continue };
        if matches!(game.board.spaces[s.index()].kind, SpaceKind::Slot { .. }) || stacking_limit(game, s).is_none() {
            continue;
        }
        here.push((s, u.side, stacking_points(game, u.type_index)));
    }
    here.sort_unstable_by_key(|&(s, side, _)| s.index() * sides + side);
    let mut i = 0;
    while i < here.len() {
        let (s, side, _) = here[i];
        let total: u32 = here[i..].iter().take_while(|h| (h.0, h.1) == (s, side)).map(|h| h.2).sum();
        let limit = stacking_limit(game, s).unwrap_or(u32::MAX);
        if total > limit {
            return Some((s, side, total, limit));
        }
        i += here[i..].iter().take_while(|h| (h.0, h.1) == (s, side)).count();
    }
    None
}
