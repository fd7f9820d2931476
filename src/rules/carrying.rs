//! Units that carry others as they move (`unit_types[].carries`, command `Carry`; ToO 21.4,
//! engine gap G27): a flotilla takes units of its side that stand in its hex and have not moved
//! this phase, up to its points, moves as any unit, and sets them down wherever its move ends;
//! their own move is then over. The carrier's move is `movement::move_unit`'s; this checks the
//! cargo before it and moves the cargo after it.

use bevy::prelude::*;

use super::RulesSystems;
use super::note::CommandCtx;
use crate::model::command::{Command, Name};
use crate::model::log::LogKind;
use crate::model::view::{UnitView, UnitsView, has_flag};
use crate::model::{Game, Location, TurnState};
use crate::scenario::schema::UnitFlag;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // The generic carriers; a ruleset may play `Carry` its own way for types without `carries`
    // (DI 27.5 transports).
    if !s.uses(|sc| sc.unit_types.iter().any(|t| t.carries.is_some())) {
        return;
    }
    let carry = |c: &Command| matches!(c, Command::Carry { .. });
    s.on(carry, check_cargo.in_set(RulesSystems::Movement).before(super::movement::move_unit));
    s.on(carry, set_down.in_set(RulesSystems::Movement).after(super::movement::move_unit));
}

/// Why `carrier` may not take `cargo` along now, if it may not.
#[must_use]
pub fn cargo_rejection(game: &Game, turn: &TurnState, units: &UnitsView, side: usize, carrier: &str, cargo: &[Name]) -> Option<String> {
    let Some(c) = units.get(carrier) else { return Some(format!("unknown unit `{carrier}`")) };
    let Some(rules) = game.scenario.unit_types[c.type_index].carries.as_ref() else { return Some(format!("`{carrier}` carries no units")) };
    if cargo.is_empty() {
        return Some(format!("`{carrier}` is given nothing to carry"));
    }
    // 21.4: the cargo starts the phase in the carrier's hex: one trip a phase, from its start.
    if c.activity.moved {
        return Some(format!("`{carrier}` has moved this phase: it takes units aboard only where it starts"));
    }
    let mut points = 0;
    let mut seen: Vec<&str> = Vec::new();
    for id in cargo {
        let Some(u) = units.get(id).filter(|u| u.side == side) else { return Some(format!("`{id}` is not a unit of {}", game.side_id(side))) };
        if seen.contains(&id.as_str()) || u.rank == c.rank {
            return Some(format!("`{id}` is named twice"));
        }
        seen.push(id.as_str());
        let ty = &game.scenario.unit_types[u.type_index];
        if u.space().is_none() || u.space() != c.space() {
            return Some(format!("`{id}` does not stand with `{carrier}`"));
        }
        if let Err(r) = super::reserve::phase_allows(game, turn, u) {
            return Some(r);
        }
        if u.activity.moved || u.activity.finished {
            return Some(format!("`{id}` has moved this phase"));
        }
        let kept = ty.carries.is_some() || ty.waters.is_some() || has_flag(game, u.type_index, UnitFlag::Static);
        if kept || (!rules.unit_types.is_empty() && !rules.unit_types.contains(&ty.id)) {
            return Some(format!("`{carrier}` may not carry `{id}`"));
        }
        points += super::stacking::stacking_points(game, u.type_index);
    }
    (points > rules.points).then(|| format!("{points} stacking points are more than `{carrier}` carries ({})", rules.points))
}

fn check_cargo(mut ctx: CommandCtx, mut q: crate::model::units_now::UnitQuery) {
    let Some((side, Command::Carry { carrier, passenger, to })) = ctx.cmd.0.clone() else { return };
    let view = q.view();
    if let Some(why) = cargo_rejection(&ctx.game, &ctx.turn, &view, side, &carrier, std::slice::from_ref(&passenger)) {
        return ctx.reject(why);
    }
    let Some(at) = ctx.game.board.space(&to) else { return };
    if let Some(why) = set_down_rejection(&ctx.game, &view, side, (&carrier, &passenger), at) {
        ctx.reject(why);
    }
}

/// Why the passenger may not be set down at `at`, if it may not: no room where stacking is
/// checked on entry, or a hex closed to it (its terrain, an entry ban or its region).
fn set_down_rejection(game: &Game, units: &UnitsView, side: usize, (carrier, passenger): (&str, &str), at: crate::model::SpaceId) -> Option<String> {
    let key = game.board.key(at);
    if !room_for_both(game, units, side, (carrier, passenger), at) {
        return Some(format!("{key} has no room for `{carrier}` and `{passenger}`"));
    }
    let p = units.get(passenger)?;
    let class = &game.scenario.unit_types[p.type_index].movement_class;
    let prohibited = game.board.spaces[at.index()].terrain.is_some_and(|t| game.board.terrain_cost(t, class) == crate::scenario::schema::MoveCost::Prohibited);
    (prohibited || super::entry_bans::banned_from(game, units, p, at)).then(|| format!("`{passenger}` may not enter {key}"))
}

/// Where stacking is checked on entry, whether `at` has room for the carrier and its passenger.
fn room_for_both(game: &Game, units: &UnitsView, side: usize, (carrier, passenger): (&str, &str), at: crate::model::SpaceId) -> bool {
    let both: Vec<&crate::model::view::UnitView> = [carrier, passenger].iter().filter_map(|id| units.get(id)).collect();
    let types: Vec<usize> = both.iter().map(|u| u.type_index).collect();
    if super::stacking::alone_together(game, &types) || both.iter().any(|u| super::stacking::alone_clash(game, units, at, u.type_index, Some(u.rank))) {
        return false;
    }
    if !super::stacking::checked_on_entry(game) {
        return true;
    }
    let points: u32 = [carrier, passenger].iter().filter_map(|id| units.get(id)).map(|u| super::stacking::stacking_points(game, u.type_index)).sum();
    super::stacking::room_for(game, units, at, side, points)
}

/// The cargo goes where the carrier's move ended; its own move is over.
fn set_down(mut ctx: CommandCtx, mut q: crate::model::units_now::UnitsMut) {
    let Some((_, Command::Carry { carrier, passenger, .. })) = ctx.cmd.0.clone() else { return };
    let cargo = [passenger];
    let view = q.view();
    let Some(c) = view.get(&carrier) else { return };
    let Some(at) = c.space() else { return };
    let rule = ctx.game.scenario.unit_types[c.type_index].carries.as_ref().and_then(|r| r.rule.clone()).map(|r| format!(" ({r})")).unwrap_or_default();
    let mut names = Vec::new();
    for id in &cargo {
        let Some(u) = view.get(id) else { continue };
        let all = super::movement::movement_allowance(&ctx.game, u);
        if let Some((_, mut loc, _, mut act, _)) = q.unit_mut(id) {
            *loc = Location::OnMap(at);
            act.moved = true;
            act.finished = true;
            act.mp_used = all.max(act.mp_used);
        }
        names.push(id.to_string());
    }
    let key = ctx.game.board.key(at).to_string();
    ctx.log(LogKind::Command, format!("{carrier} carries {} to {key}{rule}", names.join(", ")), Some(key));
}

/// The carries `side` may make now, for the legal list: each carrier with each unit of its hex
/// that fits alone, to each of the carrier's destinations.
#[must_use]
pub fn carry_commands(game: &Game, turn: &TurnState, units: &UnitsView, control: &crate::model::Control, side: usize) -> Vec<Command> {
    let mut out = Vec::new();
    // Where no unit type carries, no unit is looked at.
    if game.scenario.unit_types.iter().all(|t| t.carries.is_none()) {
        return out;
    }
    for c in units.all().iter().filter(|u| u.side == side && game.scenario.unit_types[u.type_index].carries.is_some()) {
        let Some(at) = c.space() else { continue };
        let riders: Vec<&UnitView> = units.at(at).filter(|u| cargo_rejection(game, turn, units, side, &c.id, std::slice::from_ref(&u.id)).is_none()).collect();
        if riders.is_empty() || super::reserve::phase_allows(game, turn, c).is_err() {
            continue;
        }
        let dests = super::movement::legal_destinations(game, units, control, c);
        for r in riders {
            for d in dests.iter().filter(|d| set_down_rejection(game, units, side, (&c.id, &r.id), d.space).is_none()) {
                out.push(Command::Carry { carrier: c.id.clone(), passenger: r.id.clone(), to: game.board.key_name(d.space).clone() });
            }
        }
    }
    out
}
