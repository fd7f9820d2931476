//! Forced march (ToO 15.7, T8): at the start of its movement phase, before any of its units
//! moves, a side may spend a unit of the configured type (a supply unit). It leaves play, and
//! every friendly unit within its range that began the phase in supply has its movement
//! allowance multiplied for the phase.

use bevy::prelude::*;

use super::note::CommandCtx;
use super::RulesSystems;
use crate::model::view::UnitsView;
use crate::model::{Control, Game, Location, Tracks, TurnState};
use crate::scenario::schema::{PhaseKind, PhaseUnits};
use crate::model::command::Command;
use crate::model::log::LogKind;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::ForcedMarch { .. }), force_march.in_set(RulesSystems::Movement));
}

/// Why `unit` may not be spent for a forced march now, if it may not.
#[must_use]
pub fn forced_march_rejection(game: &Game, turn: &TurnState, tracks: &Tracks, control: &Control, units: &UnitsView, side: usize, unit: &str) -> Option<String> {
    let Some(rules) = &game.scenario.rules.forced_march else { return Some("this scenario has no forced march".into()) };
    let phase = turn.current_phase(game)?;
    if phase.kind != PhaseKind::Movement || phase.units == PhaseUnits::Reserve || turn.actor(game, phase) != Some(side) {
        return Some("a forced march is declared in the side's own regular movement phase".into());
    }
    if let Err(r) = spent_unit(game, turn, (tracks, control), units, side, unit, (&rules.unit_types, &rules.forbidden_if, "a forced march")) {
        return Some(r);
    }
    if units.all().iter().any(|o| o.side == side && o.activity.moved) {
        return Some("a forced march is declared at the start of the movement phase, before any unit moves".into());
    }
    if units.all().iter().any(|o| o.side == side && o.activity.forced_march) {
        return Some("a forced march has already been declared this phase".into());
    }
    None
}

/// What spending a unit for offensive supply always asks (ToO 15.7, 24.2): no condition
/// forbids it now, and `unit` is a unit of `side` on the map of the spent type. `what` names
/// the use in the refusals.
pub(super) fn spent_unit<'u>(
    game: &Game,
    turn: &TurnState,
    (tracks, control): (&Tracks, &Control),
    units: &'u UnitsView,
    side: usize,
    unit: &str,
    (unit_types, forbidden_if, what): (&[String], &[crate::scenario::schema::Condition], &str),
) -> Result<&'u crate::model::view::UnitView, String> {
    let facts = super::events::Facts { game, turn, tracks, control, units, timers: &[] };
    if forbidden_if.iter().any(|c| super::events::condition_holds(facts, c)) {
        return Err(format!("no {} now (a condition forbids it)", what.trim_start_matches("a ")));
    }
    let Some(u) = units.get(unit) else { return Err(format!("unknown unit `{unit}`")) };
    if u.side != side || u.space().is_none() {
        return Err(format!("`{unit}` is not a unit of {} on the map", game.side_id(side)));
    }
    if !unit_types.contains(&game.scenario.unit_types[u.type_index].id) {
        return Err(format!("only a `{}` can be spent for {what}", unit_types.join("` or `")));
    }
    Ok(u)
}

fn force_march(mut ctx: CommandCtx, tracks: Res<Tracks>, control: Res<Control>, mut q: crate::model::units_now::UnitsMut) {
    let Some((side, Command::ForcedMarch { unit })) = ctx.cmd.0.clone() else { return };
    let unit = unit.to_string();
    let view = q.view();
    if let Some(r) = forced_march_rejection(&ctx.game, &ctx.turn, &tracks, &control, &view, side, &unit) {
        return ctx.reject(r);
    }
    let Some(rules) = ctx.game.scenario.rules.forced_march.clone() else { return };
    let Some(from) = view.get(&unit).and_then(|u| u.space()) else { return };
    let mut marched = Vec::new();
    for (u, mut loc, _, mut act, _) in q.iter_mut() {
        if &*u.id == unit.as_str() {
            // Spent: the unit leaves play.
            *loc = Location::OutOfPlay;
            continue;
        }
        let near = loc.space().and_then(|s| ctx.game.board.distance(s, from)).is_some_and(|d| d <= rules.range);
        if u.side == side && near && !act.out_of_supply {
            act.forced_march = true;
            marched.push(String::from(&*u.id));
        }
    }
    let at = ctx.game.board.key(from).to_string();
    let text = format!("{unit} is spent for a forced march: movement x{} for {}", rules.multiplier, if marched.is_empty() { "no unit".to_string() } else { marched.join(", ") });
    ctx.log(LogKind::Command, text, Some(at));
}
