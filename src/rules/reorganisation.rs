//! Reorganisation (ToO 8; engine gap G16): in his own Reorganisation phase a player breaks
//! composite units (corps) down into their components (divisions) or combines components in
//! one hex into the composite, by the formations of `rules.reorganisation`. Counters come from
//! and go to the counter pool: neither is an elimination.

use bevy::prelude::*;

use super::RulesSystems;
use super::note::CommandCtx;
use crate::model::command::Command;
use crate::model::log::LogKind;
use crate::model::view::{UnitView, UnitsView};
use crate::model::{Activity, Control, Game, Location, SpaceId, TurnState};
use crate::scenario::schema::{Formation, PhaseKind};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::Breakdown { .. }), breakdown.in_set(RulesSystems::Movement));
    s.on(|c| matches!(c, Command::Combine { .. }), combine.in_set(RulesSystems::Movement));
}

/// The formation that makes units of type `t`, if any.
#[must_use]
pub fn formation_of(game: &Game, t: usize) -> Option<&Formation> {
    let id = &game.scenario.unit_types[t].id;
    game.scenario.rules.reorganisation.iter().find(|f| &f.unit_type == id)
}

/// The first `n` counters of type `ty` in the pool, by id (none if fewer are free).
fn from_pool<'u>(game: &Game, units: &'u UnitsView, ty: &str, n: u32) -> Option<Vec<&'u UnitView>> {
    let free: Vec<&UnitView> = units.all().iter().filter(|u| u.location == Location::Pool && game.scenario.unit_types[u.type_index].id == ty).take(n as usize).collect();
    (free.len() as u32 == n).then_some(free)
}

/// The first free counters of every component of a formation, by id (none if some are
/// missing).
#[must_use]
pub fn components_from_pool<'u>(game: &Game, units: &'u UnitsView, f: &Formation) -> Option<Vec<&'u UnitView>> {
    let mut parts = Vec::new();
    for (ty, n) in &f.components {
        parts.extend(from_pool(game, units, ty, *n)?);
    }
    Some(parts)
}

/// The side's own Reorganisation phase (8.1: voluntary changes only then).
fn in_phase(game: &Game, turn: &TurnState, side: usize) -> Option<String> {
    let phase = turn.current_phase(game)?;
    (phase.kind != PhaseKind::Reorganisation || turn.actor(game, phase) != Some(side)).then(|| "units are reorganised in the side's own Reorganisation phase".to_string())
}

/// Why `unit` may not be broken down now, or the component counters that take its place.
pub fn breakdown_check<'u>(game: &Game, turn: &TurnState, units: &'u UnitsView, side: usize, unit: &str) -> Result<(SpaceId, Vec<&'u UnitView>), String> {
    if let Some(r) = in_phase(game, turn, side) {
        return Err(r);
    }
    let u = units.get(unit).ok_or_else(|| format!("unknown unit `{unit}`"))?;
    let at = u.space().filter(|_| u.side == side).ok_or_else(|| format!("`{unit}` is not a unit of {} on the map", game.side_id(side)))?;
    let f = formation_of(game, u.type_index).ok_or_else(|| format!("`{unit}` is not made of other units"))?;
    if !f.breaks_down {
        return Err(format!("`{unit}` may not be broken down"));
    }
    let parts = components_from_pool(game, units, f).ok_or_else(|| format!("not enough component counters are free to break `{unit}` down"))?;
    components_fit(game, units, u, &parts)?;
    Ok((at, parts))
}

/// Where every placement must fit the stacking limit (not ToO 10.3, which checks at phase
/// ends), a composite's components must fit where it stands.
pub fn components_fit(game: &Game, units: &UnitsView, u: &UnitView, parts: &[&UnitView]) -> Result<(), String> {
    let Some(at) = u.space() else { return Ok(()) };
    if super::stacking::checked_on_entry(game)
        && let Some(limit) = super::stacking::stacking_limit(game, at)
    {
        let points = |t: usize| super::stacking::stacking_points(game, t);
        let here: u32 = units.at(at).filter(|o| o.side == u.side && o.id != u.id).map(|o| points(o.type_index)).sum();
        let parts_points: u32 = parts.iter().map(|p| points(p.type_index)).sum();
        if here + parts_points > limit {
            return Err(format!("its components would overstack {} ({} of {limit} stacking points)", game.board.key(at), here + parts_points));
        }
    }
    Ok(())
}

/// Why `chosen` may not combine now, or the formation's composite counter from the pool and
/// the hex. The named units must be exactly a formation's components (and the unit it
/// consumes, if any), all in one hex, of the side, in supply where the scenario traces it.
pub fn combine_check<'u>(facts: super::events::Facts<'u>, side: usize, chosen: &[String]) -> Result<(SpaceId, &'u UnitView, &'u Formation), String> {
    let super::events::Facts { game, turn, units, control, .. } = facts;
    if let Some(r) = in_phase(game, turn, side) {
        return Err(r);
    }
    let mut members = Vec::new();
    for id in chosen {
        let u = units.get(id).ok_or_else(|| format!("unknown unit `{id}`"))?;
        if u.side != side || u.space().is_none() {
            return Err(format!("`{id}` is not a unit of {} on the map", game.side_id(side)));
        }
        if members.iter().any(|m: &&UnitView| m.id == u.id) {
            return Err(format!("`{id}` is named twice"));
        }
        members.push(u);
    }
    let at = members.first().and_then(|u| u.space()).ok_or("name the units to combine")?;
    if members.iter().any(|u| u.space() != Some(at)) {
        return Err("the units to combine must be in one hex (8.3)".into());
    }
    let count = |ty: &str| members.iter().filter(|u| game.scenario.unit_types[u.type_index].id == ty).count() as u32;
    let f = game
        .scenario
        .rules
        .reorganisation
        .iter()
        .find(|f| {
            let needed: u32 = f.components.iter().map(|(_, n)| n).sum::<u32>() + u32::from(f.consumes.is_some());
            needed == members.len() as u32 && f.components.iter().all(|(ty, n)| count(ty) == *n) && f.consumes.as_ref().is_none_or(|c| count(c) == 1)
        })
        .ok_or_else(|| format!("{} make no unit (8.4: the reorganisation table)", chosen.join(", ")))?;
    // ToO 23.2: some units are formed only when their conditions hold.
    if !f.when.iter().all(|c| super::events::condition_holds(facts, c)) {
        let name = game.scenario.unit_types.iter().find(|t| t.id == f.unit_type).map_or(f.unit_type.as_str(), |t| t.name.as_str());
        return Err(format!("{name} may not be formed now (its conditions do not hold)"));
    }
    // 8.3: every component in normal supply, where the scenario traces supply.
    if game.scenario.rules.supply.is_some() {
        let supply = super::supply::side_supply(game, units, control, side);
        if let Some(u) = members.iter().find(|u| supply.iter().any(|(id, ok)| *id == *u.id && !ok)) {
            return Err(format!("`{}` is out of supply: units combine only in supply (8.3)", u.id));
        }
    }
    let corps = from_pool(game, units, &f.unit_type, 1).and_then(|v| v.first().copied()).ok_or_else(|| format!("no `{}` counter is free", f.unit_type))?;
    Ok((at, corps, f))
}

fn breakdown(mut ctx: CommandCtx, mut q: crate::model::units_now::UnitsMut) {
    let Some((side, Command::Breakdown { unit })) = ctx.cmd.0.clone() else { return };
    let view = q.view();
    let (at, parts) = match breakdown_check(&ctx.game, &ctx.turn, &view, side, &unit) {
        Ok(x) => x,
        Err(r) => return ctx.reject(r),
    };
    let ids: Vec<String> = parts.iter().map(|u| String::from(&*u.id)).collect();
    place(&ctx.game, &mut q, &[String::from(&*unit)], Location::Pool);
    place(&ctx.game, &mut q, &ids, Location::OnMap(at));
    let key = ctx.game.board.key(at).to_string();
    ctx.log(LogKind::Command, format_args!("{unit} is broken down into {} (8.2)", ids.join(", ")), Some(key));
}

fn combine(mut ctx: CommandCtx, control: Res<Control>, tracks: Res<crate::model::Tracks>, timers: Res<super::timers::Timers>, mut q: crate::model::units_now::UnitsMut) {
    let Some((side, Command::Combine { units })) = ctx.cmd.0.clone() else { return };
    let chosen = crate::model::command::strings(&units);
    let view = q.view();
    let game = ctx.game.clone();
    let turn = ctx.turn.clone();
    let facts = super::events::Facts { game: &game, turn: &turn, tracks: &tracks, control: &control, units: &view, timers: &timers.0 };
    let (at, corps, f) = match combine_check(facts, side, &chosen) {
        Ok(x) => x,
        Err(r) => return ctx.reject(r),
    };
    let (corps, f) = (String::from(&*corps.id), f.clone());
    let consumed: Vec<String> = match &f.consumes {
        Some(ty) => chosen.iter().filter(|id| view.get(id).is_some_and(|u| ctx.game.scenario.unit_types[u.type_index].id == *ty)).cloned().collect(),
        None => Vec::new(),
    };
    let parts: Vec<String> = chosen.iter().filter(|id| !consumed.contains(id)).cloned().collect();
    let game = ctx.game.clone();
    place(&game, &mut q, &parts, Location::Pool);
    // 8.5: a consumed unit is gone for good.
    place(&game, &mut q, &consumed, Location::OutOfPlay);
    place(&game, &mut q, std::slice::from_ref(&corps), Location::OnMap(at));
    let used = if consumed.is_empty() { String::new() } else { format!(", using up {}", consumed.join(", ")) };
    let key = ctx.game.board.key(at).to_string();
    ctx.log(LogKind::Command, format_args!("{} combine into {corps}{used} (8.3)", parts.join(", ")), Some(key));
}

/// Breaks a composite down where it stands, forced (a rout, a payment: ToO 8.2), if it may, its
/// components are free and (where limits hold on entry) fit: the components take its place and carry on its record of the
/// phase (having attacked, moved), so that breaking down never frees a unit to act again.
/// Returns the components, first by id.
pub(super) fn break_down_where_it_stands(game: &Game, q: &mut crate::model::units_now::UnitsMut, id: &str) -> Option<Vec<String>> {
    let view = q.view();
    let u = view.get(id)?;
    let (at, record) = (u.space()?, u.activity);
    let formation = formation_of(game, u.type_index).filter(|f| f.breaks_down)?;
    let free = components_from_pool(game, &view, formation)?;
    components_fit(game, &view, u, &free).ok()?;
    let parts: Vec<String> = free.iter().map(|p| String::from(&*p.id)).collect();
    place(game, q, &[id.to_string()], Location::Pool);
    place(game, q, &parts, Location::OnMap(at));
    for (u, _, _, mut act, _) in q.iter_mut() {
        if parts.iter().any(|p| *p == *u.id) {
            *act = record;
        }
    }
    Some(parts)
}

/// Puts units somewhere at full strength, each with a fresh record of what it did (a unit that
/// enters from the pool has done nothing this phase).
pub(super) fn place(game: &Game, q: &mut crate::model::units_now::UnitsMut, ids: &[String], to: Location) {
    for (u, mut loc, mut level, mut act, _) in q.iter_mut() {
        if ids.iter().any(|id| *id == *u.id) {
            *loc = to;
            level.0 = match &game.scenario.unit_types[u.type_index].strength {
                crate::scenario::schema::Strength::Steps(_) => 0,
                crate::scenario::schema::Strength::Levels { lowest, .. } => *lowest,
            };
            *act = Activity::default();
        }
    }
}
