//! The minimum move: a unit that has not moved yet this phase may always make one step, however
//! short its allowance, by spending all of it. Area maps have it always (DI 13.5: one district,
//! leaving its box on the way); hex maps when the scenario asks (`rules.minimum_move`, ToO 9.4:
//! one hex, every other restriction of movement still holding).

use crate::model::view::{Destination, UnitView};
use crate::model::{Control, Game, SpaceId};
use crate::model::space_set::SpaceSet;
use crate::scenario::board::SpaceKind;
use crate::scenario::schema::{UnitFlag, ZocToZoc};

use super::movement::{Surroundings, edge_cost};

/// The move being listed: where the unit stands, its allowance, whether destinations carry
/// their paths, and the one space asked about (if any).
pub struct Step {
    pub start: SpaceId,
    pub allowance: u32,
    pub paths: bool,
    pub only: Option<SpaceId>,
}

/// Adds to `out` the one-step moves for all MP that the search did not find (the unit has not
/// moved this phase), and keeps `out` in space order.
pub fn add_minimum_moves(game: &Game, control: &Control, near: &Surroundings, banned: &SpaceSet, unit: &UnitView, step: Step, out: &mut Vec<Destination>) {
    let board = &game.board;
    let Step { start, allowance, paths, only } = step;
    let before = out.len();
    // What the search found is in space order: a space is looked for by halves there.
    debug_assert!(out.is_sorted_by_key(|d| d.space), "destinations in space order");
    let found = |to: SpaceId, out: &[Destination]| out[..before].binary_search_by_key(&to, |d| d.space).is_ok() || out[before..].iter().any(|d| d.space == to);
    let wanted = |to: SpaceId, out: &[Destination]| only.is_none_or(|s| s == to) && !banned.contains(to) && !found(to, out) && !near.alone_clash(game, to, unit.type_index, Some(start)) && (!super::stacking::checked_on_entry(game) || near.room_for(game, to, super::stacking::stacking_points(game, unit.type_index)));
    if !board.is_hex {
        // DI 13.5: one district, not past the Movement Restriction Chart (reference 7.23).
        let area = board.area_of(start);
        for e in &board.edges[area.index()] {
            let to = e.to;
            if !matches!(board.spaces[to.index()].kind, SpaceKind::Area) || !wanted(to, out) {
                continue;
            }
            let path = match (paths, area == start) {
                (false, _) => Vec::new(),
                (true, true) => vec![to],
                (true, false) => vec![area, to],
            };
            out.push(Destination { space: to, cost: allowance, path: path.into() });
        }
    } else if game.scenario.rules.minimum_move {
        // ToO 9.4: one hex, and 9.3 still holds: no hex held by the enemy, no prohibited
        // terrain or hexside (the unit's class could not enter it at any cost), no move from
        // one enemy zone of control straight into another where the game forbids it.
        let Some(t) = game.scenario.unit_types.get(unit.type_index) else { return };
        let class = board.move_class_in(&t.movement_class, control.season);
        let infiltrates = crate::model::view::has_flag_now(game, control, unit.type_index, UnitFlag::Infiltration);
        let zoc = |s: SpaceId| !infiltrates && near.in_enemy_zoc(s);
        for e in &board.edges[start.index()] {
            let to = e.to;
            if !matches!(board.spaces[to.index()].kind, SpaceKind::Hex { .. }) || near.enemy_at(to) || !wanted(to, out) || !super::rail::bound_step(game, control, unit, start, e) {
                continue;
            }
            if edge_cost(game, start, e, class, allowance, &control.interdicted, &control.demolished).is_none() {
                continue;
            }
            if zoc(start) && zoc(to) && game.scenario.rules.zoc.zoc_to_zoc == ZocToZoc::Forbidden {
                continue;
            }
            out.push(Destination { space: to, cost: allowance, path: if paths { vec![to].into() } else { Default::default() } });
        }
    }
    if out.len() > before {
        out.sort_by_key(|d| d.space);
    }
}
