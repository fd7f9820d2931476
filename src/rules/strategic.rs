//! Strategic movement (tutorial 5.7.1, HW 1.2): along one road class only, several hexes per MP,
//! from a hex in supply and out of enemy ZOCs, never next to an enemy unit; the unit then makes
//! no other move that phase.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::movement::enemy_zoc;
use super::stacking::{room_for, stacking_points};
use super::note::{CommandCtx, take_control};
use super::RulesSystems;
use crate::model::view::{UnitView, UnitsView, has_flag};
use crate::model::{Control, ControlChanges, Game, Location, SpaceId, TurnState};
use crate::scenario::schema::{RoadClass, UnitFlag};
use crate::model::command::Command;
use crate::model::log::LogKind;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::StrategicMove { .. }), strategic_move.in_set(RulesSystems::Movement));
}

/// Hexes a unit may reach by strategic movement, with the number of hexes moved and the path.
pub fn strategic_destinations(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, unit: &UnitView) -> Result<Vec<(SpaceId, Vec<SpaceId>)>, String> {
    strategic_destinations_in(game, turn, (units, control), &|s| enemy_zoc(game, units, unit.side)[s.index()], unit)
}

/// [`strategic_destinations`], asking `in_enemy_zoc` whether a hex is in an enemy zone of
/// control (the legal list has the side's zones already, for every unit).
pub fn strategic_destinations_in(game: &Game, turn: &TurnState, (units, control): (&UnitsView, &Control), in_enemy_zoc: &dyn Fn(SpaceId) -> bool, unit: &UnitView) -> Result<Vec<(SpaceId, Vec<SpaceId>)>, String> {
    let Some(rules) = &game.scenario.rules.strategic else { return Err("this scenario has no strategic movement".into()) };
    super::reserve::phase_allows(game, turn, unit)?;
    // Never in a breakthrough (reserve-only) phase (5.7.1).
    if turn.current_phase(game).is_some_and(|p| p.units == crate::scenario::schema::PhaseUnits::Reserve) {
        return Err("no strategic movement in breakthrough phases".into());
    }
    let Some(start) = unit.space() else { return Err(format!("`{}` is not on the map", unit.id)) };
    if unit.activity.moved || unit.activity.finished || has_flag(game, unit.type_index, UnitFlag::Static) {
        return Err(format!("`{}` has already moved this phase", unit.id));
    }
    if super::waters::waters(game, unit.type_index).is_some() {
        return Err(format!("`{}` keeps to its waters", unit.id));
    }
    if unit.activity.out_of_supply {
        return Err(format!("`{}` is out of supply", unit.id));
    }
    if in_enemy_zoc(start) {
        return Err(format!("`{}` starts in an enemy zone of control", unit.id));
    }
    let b = &game.board;
    let near_enemy = |s: SpaceId| b.edges[s.index()].iter().any(|e| units.enemy_at(e.to, unit.side)) || units.enemy_at(s, unit.side);
    // Built only for a unit with bans (most have none).
    let banned = (!game.lookups.bans(unit.type_index).is_empty()).then(|| super::entry_bans::entry_bans(game, units, unit));
    let max = super::movement::printed_allowance(game, unit) * rules.hexes_per_mp;
    let class = rules.road.class();
    // ToO 10.3: where limits hold only at phase ends, a move may end over them.
    let fits = |s: SpaceId| {
        let room = !super::stacking::checked_on_entry(game) || room_for(game, units, s, unit.side, stacking_points(game, unit.type_index));
        room && !super::stacking::alone_clash(game, units, s, unit.type_index, Some(unit.rank))
    };
    let enters = |_: SpaceId, to: SpaceId| !near_enemy(to) && banned.as_ref().is_none_or(|b| !b.contains(to));
    let out = along_roads(game, control, (start, class, max), enters, |_| true, fits);
    Ok(out)
}

/// A run along one road class from `start`, at most `max` hexes, as strategic and rail moves
/// make it: never through a hex an interdiction marker cuts (tutorial 5.7.6), into `to` from
/// `at` only if `enters(at, to)`, on from a hex only if `goes_on(at)`. Every space reached but
/// the start where the unit `fits`, in board order, with the path to it (the fewest hexes, the
/// first found of equal ones).
pub(super) fn along_roads(
    game: &Game,
    control: &Control,
    (start, class, max): (SpaceId, RoadClass, u32),
    enters: impl Fn(SpaceId, SpaceId) -> bool,
    goes_on: impl Fn(SpaceId) -> bool,
    fits: impl Fn(SpaceId) -> bool,
) -> Vec<(SpaceId, Vec<SpaceId>)> {
    let b = &game.board;
    let cut = |s: SpaceId| control.interdicted[s.index()];
    let mut prev: Vec<Option<SpaceId>> = vec![None; b.len()];
    let mut dist: Vec<Option<u32>> = vec![None; b.len()];
    dist[start.index()] = Some(0);
    let mut queue = VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        let d = dist[at.index()].unwrap_or(0);
        if d >= max || (at != start && !goes_on(at)) {
            continue;
        }
        for e in &b.edges[at.index()] {
            // ToO 16.2: railway links built in play carry trains too.
            let built = class == RoadClass::Rail && control.rail_built.contains(&(at.min(e.to), at.max(e.to)));
            if (e.road != Some(class) && !built) || dist[e.to.index()].is_some() || cut(at) || cut(e.to) || !enters(at, e.to) {
                continue;
            }
            dist[e.to.index()] = Some(d + 1);
            prev[e.to.index()] = Some(at);
            queue.push_back(e.to);
        }
    }
    let mut out = Vec::new();
    for (i, d) in dist.iter().enumerate() {
        let s = SpaceId(i as u32);
        if s == start || d.is_none() || !fits(s) {
            continue;
        }
        let mut path = vec![s];
        while let Some(p) = prev[path[path.len() - 1].index()].filter(|p| *p != start) {
            path.push(p);
        }
        path.reverse();
        out.push((s, path));
    }
    out
}

fn strategic_move(
    mut ctx: CommandCtx,
    mut control: ResMut<Control>,
    mut changes: ResMut<ControlChanges>,
    mut q: crate::model::units_now::UnitsMut,
) {
    let Some((side, Command::StrategicMove { unit, to })) = ctx.cmd.0.clone() else { return };
    let (unit, to) = (unit.to_string(), to.to_string());
    let view = q.view();
    let Some(u) = view.get(&unit).filter(|u| u.side == side).cloned() else {
        return ctx.reject(format!("`{unit}` is not a unit of {}", ctx.game.side_id(side)));
    };
    let dests = match strategic_destinations(&ctx.game, &ctx.turn, &view, &control, &u) {
        Ok(d) => d,
        Err(r) => return ctx.reject(r),
    };
    let target = ctx.game.board.space(&to);
    let Some((dest, path)) = dests.into_iter().find(|(s, _)| Some(*s) == target) else {
        return ctx.reject(format!("{to} is not reachable by strategic movement (the road class, enemy units nearby, stacking)"));
    };
    if let Some((_, mut loc, _, mut act, _)) = q.unit_mut(unit.as_str()) {
        *loc = Location::OnMap(dest);
        act.moved = true;
        act.finished = true;
    }
    for s in &path {
        take_control(&mut control, &mut changes, *s, side);
    }
    let keys: Vec<&str> = path.iter().map(|s| ctx.game.board.key(*s)).collect();
    let text = format!("{unit} moves strategically {}", keys.join("-"));
    ctx.log(LogKind::Command, text, Some(to));
}
