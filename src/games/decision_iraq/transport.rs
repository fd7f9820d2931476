//! Transport (DI 27.5 airmobile transport, 27.8 riverine; optional): a carrier moves to a
//! friendly passenger's district, picks it up and lands it in a district it goes on to within its
//! allowance; the passenger makes no move of its own that phase (it must not have moved before,
//! reference 7.26) and the carrier may move on with what is left. Pick-up costs nothing.

use bevy::prelude::*;

use crate::scenario::board::SpaceKind;
use crate::model::view::{UnitView, UnitsView};
use super::type_id;
use crate::model::{Control, Game, Location, SpaceId, TurnState};
use crate::rules::losses::LossQuery;
use crate::rules::movement::legal_destinations;
use crate::rules::note::CommandCtx;
use crate::rules::RulesSystems;
use crate::scenario::schema::PhaseKind;
use crate::model::command::Command;
use crate::model::log::LogKind;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::Carry { .. }), carry.in_set(RulesSystems::Movement));
}

/// Whether some transport rule in force lets `carrier` carry `passenger`.
fn may_carry(game: &Game, carrier: &UnitView, passenger: &UnitView) -> bool {
    super::netwar(game).is_some_and(|n| {
        n.transports.iter().any(|t| {
            game.options.contains(&t.option) && t.carriers.iter().any(|c| c == type_id(game, carrier)) && t.passengers.iter().any(|p| p == type_id(game, passenger))
        })
    })
}

/// Where the carrier can land the passenger: (district, total cost), or why it cannot carry it.
pub fn carry_options(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, side: usize, carrier: &str, passenger: &str) -> Result<Vec<(SpaceId, u32)>, String> {
    let phase = turn.current_phase(game).ok_or("no phase")?;
    if phase.kind != PhaseKind::Movement || turn.actor(game, phase) != Some(side) {
        return Err("units are carried in the side's own movement phase (27.5)".into());
    }
    let c = units.get(carrier).ok_or_else(|| format!("unknown unit `{carrier}`"))?;
    let p = units.get(passenger).ok_or_else(|| format!("unknown unit `{passenger}`"))?;
    if c.side != side || p.side != side || c.id == p.id {
        return Err("carry one of your units with another of yours".into());
    }
    if !may_carry(game, c, p) {
        return Err(format!("`{carrier}` may not carry `{passenger}` (27.5, 27.8)"));
    }
    // 23.1: a FOB or base zone never moves once placed, carried or carrying.
    if let Some(s) = [c, p].into_iter().find(|u| crate::model::view::is_static(game, u)) {
        return Err(format!("`{}` never moves once placed (23.1)", s.id));
    }
    if p.activity.moved || p.activity.mp_used > 0 {
        return Err(format!("`{passenger}` has moved this phase"));
    }
    let (Some(cs), Some(ps)) = (c.space(), p.space()) else { return Err("both units must be on the map".into()) };
    let pickup = game.board.area_of(ps);
    // To the passenger's district (nothing if the carrier is there already).
    let to_pickup = if game.board.area_of(cs) == pickup {
        if cs == pickup { 0 } else { 1 }
    } else {
        legal_destinations(game, units, control, c).into_iter().find(|d| d.space == pickup).map(|d| d.cost).ok_or_else(|| format!("`{carrier}` cannot reach {}", game.board.key(pickup)))?
    };
    // On from there with what is left, as if it stood in the open there.
    let mut at_pickup = c.clone();
    at_pickup.location = Location::OnMap(pickup);
    at_pickup.activity.mp_used += to_pickup;
    at_pickup.activity.moved = true;
    let view = units.changed(|v| {
        if let Some(u) = v.iter_mut().find(|u| u.rank == c.rank) {
            *u = at_pickup.clone();
        }
    });
    let out: Vec<(SpaceId, u32)> = legal_destinations(game, &view, control, &at_pickup)
        .into_iter()
        .filter(|d| matches!(game.board.spaces[d.space.index()].kind, SpaceKind::Area))
        .filter(|d| !crate::rules::entry_bans::entry_bans(game, &view, p).contains(d.space))
        .map(|d| (d.space, to_pickup + d.cost))
        .collect();
    Ok(out)
}

fn carry(mut ctx: CommandCtx, control: Res<Control>, mut q: LossQuery) {
    let Some((side, Command::Carry { carrier, passenger, to })) = ctx.cmd.0.clone() else { return };
    let (carrier, passenger, to) = (carrier.to_string(), passenger.to_string(), to.to_string());
    let units = q.view();
    let game = ctx.game.clone();
    let options = match carry_options(&game, &ctx.turn, &units, &control, side, &carrier, &passenger) {
        Ok(o) => o,
        Err(r) => return ctx.reject(r),
    };
    let Some(dest) = game.board.space(&to) else { return ctx.reject(format!("unknown space `{to}`")) };
    let Some((_, cost)) = options.iter().find(|(s, _)| *s == dest) else {
        return ctx.reject(format!("`{carrier}` cannot land `{passenger}` in {to}"));
    };
    let stop = units.at(dest).any(|u| u.side != side);
    for (u, mut loc, _, mut act, _) in q.iter_mut() {
        if &*u.id == carrier.as_str() {
            *loc = Location::OnMap(dest);
            act.mp_used += cost;
            act.moved = true;
            act.finished |= stop;
        } else if &*u.id == passenger.as_str() {
            *loc = Location::OnMap(dest);
            act.moved = true;
            act.finished = true;
        }
    }
    ctx.log(LogKind::Command, format!("{carrier} carries {passenger} to {to} ({cost} MP, 27.5)"), Some(to));
}

/// The carries `side` may make now.
#[must_use]
pub fn commands(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, side: usize) -> Vec<Command> {
    let mut out = Vec::new();
    if super::netwar(game).is_none_or(|n| !n.transports.iter().any(|t| game.options.contains(&t.option))) {
        return out;
    }
    for c in units.all().iter().filter(|u| u.side == side && u.space().is_some()) {
        for p in units.all().iter().filter(|u| u.side == side && u.space().is_some() && u.id != c.id) {
            if !may_carry(game, c, p) {
                continue;
            }
            for (s, _) in carry_options(game, turn, units, control, side, &c.id, &p.id).unwrap_or_default() {
                out.push(Command::Carry { carrier: (&*c.id).into(), passenger: (&*p.id).into(), to: game.board.key(s).into() });
            }
        }
    }
    out
}
