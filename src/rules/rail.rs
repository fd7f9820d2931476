//! Rail movement (`rules.rail_movement`; ToO 9.8 and 9.9, engine gap G6): a unit that was in
//! supply when the movement phase began pays a few MP, then runs along its side's rail net, up
//! to a number of hexes, at no further cost. One rail move a phase, before or after the unit's
//! other movement; entering an enemy zone of control ends it (it may start in one), and it
//! never enters a hex the enemy holds.

use bevy::prelude::*;

use super::RulesSystems;
use super::movement::{Surroundings, movement_allowance, mp_parts, mp_text, must_stop};
use super::note::{CommandCtx, take_control};
use crate::model::command::Command;
use crate::model::log::LogKind;
use crate::model::view::{UnitView, UnitsView, has_flag};
use crate::model::{Control, ControlChanges, Game, Location, SpaceId, TurnState};
use crate::scenario::schema::UnitFlag;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::RailMove { .. }), rail_move.in_set(RulesSystems::Movement));
}

/// The side whose rail net runs through `space`: as engineers left it where they build (ToO
/// 16.2), else as printed.
#[must_use]
pub fn net_of(game: &Game, control: &Control, space: SpaceId) -> Option<usize> {
    if control.rail_owner.is_empty() { game.lookups.rail_net(space) } else { control.rail_owner.get(space.index()).copied().flatten() }
}

/// Whether `edge` from `from` is a railway, printed or built (ToO 16.2).
#[must_use]
pub fn is_railway(control: &Control, from: SpaceId, edge: &crate::scenario::board::Edge) -> bool {
    edge.road == Some(crate::scenario::schema::RoadClass::Rail) || control.rail_built.contains(&(from.min(edge.to), from.max(edge.to)))
}

/// Whether a network-bound unit may step along `edge`: one bound to its side's rail net only
/// along a railway into a hex of the net (ToO 16.4), one that keeps to its waters only into
/// them (21.1); any step for other units.
#[must_use]
pub fn bound_step(game: &Game, control: &Control, unit: &UnitView, from: SpaceId, edge: &crate::scenario::board::Edge) -> bool {
    let rail = !has_flag(game, unit.type_index, UnitFlag::RailBound) || (is_railway(control, from, edge) && net_of(game, control, edge.to) == Some(unit.side));
    rail && super::waters::in_waters(game, unit.type_index, edge.to)
}

/// Where a unit may go by rail now, each with the path ridden; or why it may not ride.
pub fn rail_destinations(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, unit: &UnitView) -> Result<Vec<(SpaceId, Vec<SpaceId>)>, String> {
    let Some(rules) = &game.scenario.rules.rail_movement else { return Err("this scenario has no rail movement".into()) };
    super::reserve::phase_allows(game, turn, unit)?;
    let Some(start) = unit.space() else { return Err(format!("`{}` is not on the map", unit.id)) };
    if unit.activity.finished || has_flag(game, unit.type_index, UnitFlag::Static) {
        return Err(format!("`{}` may not move any more this phase", unit.id));
    }
    // ToO 21.1: a flotilla never moves by rail.
    if super::waters::waters(game, unit.type_index).is_some() {
        return Err(format!("`{}` keeps to its waters and never moves by rail", unit.id));
    }
    // 9.9: one rail move a phase.
    if unit.activity.railed {
        return Err(format!("`{}` has already moved by rail this phase", unit.id));
    }
    // 9.8: in normal supply at the start of the Movement Phase.
    if unit.activity.out_of_supply {
        return Err(format!("`{}` was out of supply when the phase began", unit.id));
    }
    let cost = rules.cost_mp * mp_parts(game);
    let left = movement_allowance(game, unit).saturating_sub(unit.activity.mp_used);
    if left < cost {
        return Err(format!("`{}` has {} MP left; boarding a train costs {}", unit.id, mp_text(game, left), mp_text(game, cost)));
    }
    // 9.8, 16.1: along the side's own net, boarding where the unit stands.
    let own = |s: SpaceId| net_of(game, control, s) == Some(unit.side);
    if !own(start) {
        return Err(format!("`{}` is not on its side's rail net", unit.id));
    }
    let near = Surroundings::of(game, units, unit.side);
    // Infiltrating units go on by train only where they ignore zones of control altogether
    // (with ToO 31.2 they pay MP to leave one, which a train ride does not count) [I].
    let infiltrates = crate::model::view::has_flag_now(game, control, unit.type_index, UnitFlag::Infiltration) && game.scenario.rules.zoc.infiltration_mp.is_none();
    let banned = (!game.lookups.bans(unit.type_index).is_empty()).then(|| super::entry_bans::entry_bans(game, units, unit));
    let points = super::stacking::stacking_points(game, unit.type_index);
    // ToO 10.3: where limits hold only at phase ends, a move may end over them.
    let fits = |s: SpaceId| (!super::stacking::checked_on_entry(game) || near.room_for(game, s, points)) && !near.alone_clash(game, s, unit.type_index, Some(start));
    let enters = |_: SpaceId, to: SpaceId| own(to) && !units.enemy_at(to, unit.side) && banned.as_ref().is_none_or(|x| !x.contains(to));
    // 9.9: a train that has entered an enemy zone of control stops there.
    let goes_on = |at: SpaceId| infiltrates || !near.in_enemy_zoc(at);
    let out = super::strategic::along_roads(game, control, (start, rules.road.class(), rules.max_hexes), enters, goes_on, fits);
    Ok(out)
}

fn rail_move(mut ctx: CommandCtx, mut control: ResMut<Control>, mut changes: ResMut<ControlChanges>, mut q: crate::model::units_now::UnitsMut) {
    let Some((side, Command::RailMove { unit, to })) = ctx.cmd.0.clone() else { return };
    let (unit, to) = (unit.to_string(), to.to_string());
    let view = q.view();
    let Some(me) = view.get(&unit).filter(|u| u.side == side).cloned() else {
        return ctx.reject(format!("`{unit}` is not a unit of {}", ctx.game.side_id(side)));
    };
    let dests = match rail_destinations(&ctx.game, &ctx.turn, &view, &control, &me) {
        Ok(d) => d,
        Err(r) => return ctx.reject(r),
    };
    let target = ctx.game.board.space(&to);
    let Some((dest, path)) = dests.into_iter().find(|(s, _)| Some(*s) == target) else {
        return ctx.reject(format!("{to} is not on a rail line `{unit}` may ride to (its side's net, enemy units and zones of control, the distance)"));
    };
    let cost = ctx.game.scenario.rules.rail_movement.as_ref().map_or(0, |r| r.cost_mp) * mp_parts(&ctx.game);
    super::movement::finish_others(&ctx, &mut q, &view, &me);
    let Some(&e) = ctx.index.0.get(&unit) else { return };
    let Ok((_, mut loc, _, mut act, _)) = q.get_mut(e) else { return };
    *loc = Location::OnMap(dest);
    act.moved = true;
    act.railed = true;
    act.mp_used += cost;
    act.finished = must_stop(&ctx.game, (&view, &control), &me, dest, act.mp_used);
    for s in &path {
        if !view.enemy_at(*s, side) && super::note::control_by_entry(&ctx.game) {
            take_control(&mut control, &mut changes, *s, side);
        }
    }
    let keys: Vec<&str> = path.iter().map(|s| ctx.game.board.key(*s)).collect();
    let text = format!("{unit} moves by rail {} ({} hexes, {} MP)", keys.join("-"), keys.len(), mp_text(&ctx.game, cost));
    ctx.log(LogKind::Command, text, Some(to));
}
