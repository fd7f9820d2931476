//! Retreat paths: each hex farther from the combat hex than the one before; never into enemy
//! units, impassable terrain or an enemy ZOC (unless a friendly unit is there, when the game
//! says so); a retreat that ends overstacked goes on until it is not (tutorial 5.7.7, OD 10.13).

use super::movement::{edge_cost, enemy_zoc};
use super::stacking::{stacking_limit, stacking_points};
use crate::scenario::board::SpaceKind;
use crate::model::view::{UnitView, UnitsView, is_static};
use crate::model::{Game, SpaceId};

/// Where the other units are while one unit retreats: units already moved by earlier retreats
/// in the same answer count at their new hexes.
#[derive(Clone, Debug)]
pub struct RetreatWorld<'a> {
    pub units: &'a UnitsView,
    /// (unit id, new hex) of retreats already made in this answer.
    pub moved: Vec<(String, SpaceId)>,
}

impl RetreatWorld<'_> {
    fn space_of(&self, u: &UnitView) -> Option<SpaceId> {
        self.moved.iter().find(|(id, _)| **id == *u.id).map(|(_, s)| *s).or_else(|| u.space())
    }

    fn count(&self, game: &Game, space: SpaceId, side: usize, except: &str) -> (u32, bool, bool) {
        // (own stacking points, any enemy, any friendly) in a space.
        let mut own = 0;
        let (mut enemy, mut friend) = (false, false);
        for u in self.units.all() {
            if &*u.id == except || self.space_of(u) != Some(space) {
                continue;
            }
            if u.side == side {
                own += stacking_points(game, u.type_index);
                friend = true;
            } else {
                enemy = true;
            }
        }
        (own, enemy, friend)
    }
}

/// Why a single retreat step from `from` to `to` is illegal, if it is.
fn step_rejection(game: &Game, w: &RetreatWorld, unit: &UnitView, combat: SpaceId, from: SpaceId, to: SpaceId, zoc: &[bool]) -> Option<String> {
    let b = &game.board;
    let key = b.key(to);
    let Some(edge) = b.edge(from, to) else { return Some(format!("{key} is not adjacent to {}", b.key(from))) };
    if !matches!(b.spaces[to.index()].kind, SpaceKind::Hex { .. }) {
        return Some(format!("{key} is not a map hex"));
    }
    if super::entry_bans::banned_from(game, w.units, unit, to) {
        return Some(format!("{key} may never be entered by {} (an entry ban or its region)", unit.id));
    }
    let class = b.move_class(&game.scenario.unit_types[unit.type_index].movement_class);
    // Interdiction lasts only for movement phases; retreats are not slowed by it.
    if edge_cost(game, from, edge, class, u32::MAX / 4, &[], &std::collections::BTreeSet::new()).is_none() {
        return Some(format!("{key} cannot be entered (terrain or hexside)"));
    }
    let (df, dt) = (b.distance(combat, from).unwrap_or(0), b.distance(combat, to).unwrap_or(0));
    if dt <= df {
        return Some(format!("{key} is not farther from the combat hex {}", b.key(combat)));
    }
    let (_, enemy, friend) = w.count(game, to, unit.side, &unit.id);
    if enemy {
        return Some(format!("{key} holds enemy units"));
    }
    if zoc[to.index()] && !(friend && game.scenario.rules.zoc.friendly_negates_for_retreat) {
        return Some(format!("{key} is in an enemy zone of control"));
    }
    None
}

fn overstacked(game: &Game, w: &RetreatWorld, unit: &UnitView, at: SpaceId) -> bool {
    stacking_limit(game, at).is_some_and(|limit| w.count(game, at, unit.side, &unit.id).0 + stacking_points(game, unit.type_index) > limit)
}

/// Checks a unit's retreat of `hexes` hexes along `path`. Returns the final hex and the steps
/// the unit loses because it could not retreat the full distance. A path longer than `hexes`
/// is legal only while each hex it leaves would be overstacked.
pub fn check_retreat(
    game: &Game,
    w: &RetreatWorld,
    unit: &UnitView,
    combat: SpaceId,
    hexes: u32,
    path: &[String],
) -> Result<(Option<SpaceId>, u32), String> {
    let Some(start) = w.space_of(unit) else { return Err(format!("`{}` is not on the map", unit.id)) };
    if is_static(game, unit) && !path.is_empty() {
        return Err(format!("`{}` never moves once placed (a static unit): it pays its retreat in steps", unit.id));
    }
    let zoc = enemy_zoc(game, w.units, unit.side);
    let mut at = start;
    for (i, key) in path.iter().enumerate() {
        let to = game.board.space(key).ok_or_else(|| format!("unknown space `{key}`"))?;
        if i as u32 >= hexes && !(game.scenario.rules.losses.overstacked_retreat_continues && overstacked(game, w, unit, at)) {
            return Err(format!("`{}` retreats {} hexes, but {hexes} were chosen and {} is not overstacked", unit.id, path.len(), game.board.key(at)));
        }
        if let Some(r) = step_rejection(game, w, unit, combat, at, to, &zoc) {
            return Err(format!("`{}` cannot retreat into {}", unit.id, r));
        }
        at = to;
    }
    let done = path.len() as u32;
    let mut short = 0;
    if done < hexes {
        // Shorter than chosen: only if no legal hex lies further on; the rest is paid in steps.
        if let Some(next) = next_hexes(game, w, unit, combat, at, &zoc).first() {
            return Err(format!("`{}` must retreat further (for example to {})", unit.id, game.board.key(*next)));
        }
        short = hexes - done;
        // Cut short where it would be overstacked, with nowhere further to go: eliminated
        // (tutorial 5.7.7: "if no legal hex can be reached, the unit is eliminated").
        if overstacked(game, w, unit, at) {
            return Ok((None, 0));
        }
    }
    if done >= hexes && overstacked(game, w, unit, at) {
        if !game.scenario.rules.losses.overstacked_retreat_continues {
            return Err(format!("`{}` would end its retreat overstacked in {}", unit.id, game.board.key(at)));
        }
        if next_hexes(game, w, unit, combat, at, &zoc).is_empty() {
            // Overstacked with nowhere to go: eliminated.
            return Ok((None, 0));
        }
        return Err(format!("`{}` ends overstacked in {}: its retreat must go on", unit.id, game.board.key(at)));
    }
    Ok((Some(at), short))
}

fn next_hexes(game: &Game, w: &RetreatWorld, unit: &UnitView, combat: SpaceId, at: SpaceId, zoc: &[bool]) -> Vec<SpaceId> {
    // A static unit has nowhere to retreat to: the rest of the retreat is paid in steps.
    if is_static(game, unit) {
        return Vec::new();
    }
    game.board.edges[at.index()]
        .iter()
        .map(|e| e.to)
        .filter(|to| step_rejection(game, w, unit, combat, at, *to, zoc).is_none())
        .collect()
}

/// One legal retreat path of `hexes` hexes for a unit (continuing while overstacked), the first
/// in space order; `None` if the unit cannot leave its hex at all.
#[must_use]
pub fn first_retreat(game: &Game, w: &RetreatWorld, unit: &UnitView, combat: SpaceId, hexes: u32) -> Option<Vec<String>> {
    let start = w.space_of(unit)?;
    let zoc = enemy_zoc(game, w.units, unit.side);
    let mut path = Vec::new();
    let mut at = start;
    let limit = hexes + game.board.len() as u32;
    while (path.len() as u32) < limit {
        let must_go_on = (path.len() as u32) < hexes
            || (game.scenario.rules.losses.overstacked_retreat_continues && overstacked(game, w, unit, at));
        if !must_go_on {
            break;
        }
        let Some(next) = next_hexes(game, w, unit, combat, at, &zoc).into_iter().next() else { break };
        path.push(game.board.key(next).to_string());
        at = next;
    }
    (!path.is_empty()).then_some(path)
}
