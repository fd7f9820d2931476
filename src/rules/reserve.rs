//! Breakthrough reserve (tutorial 5.7.4, HW 1.4): at the start of its own movement phase a side
//! marks in-supply units as reserve, up to its cap. Reserve units do not move or attack in the
//! regular movement and combat phases (they defend normally); they alone act in the phases whose
//! units are `Reserve` (breakthrough movement and combat). Markers go at the next player turn.

use bevy::prelude::*;

use super::note::CommandCtx;
use super::RulesSystems;
use crate::model::view::{UnitView, UnitsView};
use crate::model::{Game, Tracks, TurnState};
use crate::scenario::schema::PhaseUnits;
use crate::model::command::Command;
use crate::model::log::LogKind;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::Reserve { .. }), designate_reserve.in_set(RulesSystems::Movement));
}

/// Whether the current phase lets this unit act (reserve filter).
pub fn phase_allows(game: &Game, turn: &TurnState, unit: &UnitView) -> Result<(), String> {
    let Some(phase) = turn.current_phase(game) else { return Ok(()) };
    if unit.activity.landed && phase.kind == crate::scenario::schema::PhaseKind::Movement {
        return Err(format!("`{}` landed this turn and may not move until the next game turn", unit.id));
    }
    match (phase.units, unit.activity.reserve) {
        (PhaseUnits::NonReserve, true) => Err(format!("`{}` is in reserve and acts only in breakthrough phases", unit.id)),
        (PhaseUnits::Reserve, false) => Err(format!("only reserve units act in the {} phase", phase.name)),
        _ => Ok(()),
    }
}

/// The side's reserve cap now: the first matching entry of `rules.reserve.caps`.
#[must_use]
pub fn reserve_cap(game: &Game, tracks: &Tracks, side: usize) -> u32 {
    let Some(r) = &game.scenario.rules.reserve else { return 0 };
    r.caps
        .iter()
        .filter(|c| game.side_index(&c.side) == Some(side))
        .find(|c| c.when.as_ref().is_none_or(|w| super::tracks::track_holds(game, tracks, w)))
        .map_or(0, |c| c.count)
}

/// Why a unit may not be marked as reserve now, if it may not.
#[must_use]
pub fn reserve_rejection(game: &Game, tracks: &Tracks, units: &UnitsView, side: usize, unit: &str) -> Option<String> {
    let Some(rules) = &game.scenario.rules.reserve else { return Some("this scenario has no reserves".into()) };
    let Some(u) = units.get(unit) else { return Some(format!("unknown unit `{unit}`")) };
    if u.side != side || u.space().is_none() {
        return Some(format!("`{unit}` is not a unit of {} on the map", game.side_id(side)));
    }
    if u.activity.reserve {
        return Some(format!("`{unit}` is already in reserve"));
    }
    if units.all().iter().any(|o| o.side == side && o.activity.moved) {
        return Some("reserves are marked at the start of the movement phase, before any unit moves".into());
    }
    if rules.requires_supply && u.activity.out_of_supply {
        return Some(format!("`{unit}` is out of supply and cannot become reserve"));
    }
    let cap = reserve_cap(game, tracks, side);
    let held = units.all().iter().filter(|o| o.side == side && o.activity.reserve).count() as u32;
    if held >= cap {
        return Some(format!("{} may hold at most {cap} reserve unit(s)", game.side_id(side)));
    }
    None
}

fn designate_reserve(mut ctx: CommandCtx, tracks: Res<Tracks>, mut q: crate::model::units_now::UnitsMut) {
    let Some((side, Command::Reserve { unit })) = ctx.cmd.0.clone() else { return };
    let unit = unit.to_string();
    let view = q.view();
    if let Some(r) = reserve_rejection(&ctx.game, &tracks, &view, side, &unit) {
        return ctx.reject(r);
    }
    if let Some((_, _, _, mut act, _)) = q.unit_mut(unit.as_str()) {
        act.reserve = true;
    }
    let at = view.get(&unit).and_then(|u| u.space()).map(|s| ctx.game.board.key(s).to_string());
    ctx.log(LogKind::Command, format_args!("{unit} is marked as reserve"), at);
}
