//! Withdrawals (ToO 7.10; engine gap G18): an effect (`EventEffect::Withdraw`) gives a side a
//! quota of its own units to take off the map, counted in units, stacking points or strength.
//! The side names them (composites may be broken down first to name their components); no unit
//! may be named beyond the quota. Withdrawn units are not eliminated: no VP are lost, and they
//! go to the counter pool (7.9: they may be bought again) or, without one, out of play. Then the
//! effects for a quota met, or not met, apply.

use bevy::prelude::*;

use super::RulesSystems;
use super::events::EffectParams;
use crate::model::command::{Command, names, strings};
use crate::model::log::LogKind;
use crate::model::prompt::Prompt;
use crate::model::view::{UnitView, UnitsView, factors};
use crate::model::{Game, Location, PendingPrompt, PendingWithdrawal};
use crate::scenario::schema::{EventEffect, Scenario, Taken, Whose, WithdrawMeasure, WithdrawalDef};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    if !s.uses(|sc| any_effect(sc, &|e| matches!(e, EventEffect::Withdraw(_)))) {
        return;
    }
    s.on(|c| matches!(c, Command::WithdrawUnits { .. }), answer.in_set(RulesSystems::Movement));
}

/// Whether any effect the scenario holds, at any depth, is one `pred` picks.
#[must_use]
pub fn any_effect(s: &Scenario, pred: &dyn Fn(&EventEffect) -> bool) -> bool {
    crate::scenario::effects::any_effect(s, pred)
}

/// The quota in words: "4 stacking points of units of tr, ru".
#[must_use]
pub fn describe_quota(game: &Game, amount: u32, def: &WithdrawalDef) -> String {
    let what = match def.measure {
        WithdrawMeasure::Units => "unit(s)",
        WithdrawMeasure::StackingPoints => "stacking point(s) of units",
        WithdrawMeasure::Attack => "attack strength of units",
        WithdrawMeasure::Defence => "defence strength of units",
    };
    let f = &def.units;
    // Contingents by name (a side's name where the contingent is the side).
    let contingent = |c: &String| {
        let listed = game.scenario.contingents.iter().find(|x| x.id == *c).map(|x| x.name.clone());
        listed.or_else(|| game.scenario.sides.iter().find(|x| x.id == *c).map(|x| x.name.clone())).unwrap_or_else(|| c.clone())
    };
    let mut of: Vec<String> = f.contingents.iter().map(contingent).chain(f.sizes.iter().cloned()).collect();
    of.extend(f.unit_types.iter().map(|t| game.scenario.unit_types.iter().find(|u| u.id == *t).map_or_else(|| t.clone(), |u| u.name.clone())));
    let of = if of.is_empty() { String::new() } else { format!(" of {}", of.join(", ")) };
    let places: Vec<&str> = f.regions.iter().chain(&f.terrains).map(String::as_str).collect();
    let within = if places.is_empty() { String::new() } else { format!(" in {}", places.join(" or ")) };
    let what = if def.whose == Whose::Enemy { what.replacen("unit", "enemy unit", 1) } else { what.to_string() };
    let then = if def.then == Taken::BrokenDown { " to break down" } else { "" };
    format!("{amount} {what}{of}{within}{then}")
}

/// What a unit is worth toward the quota.
fn value(game: &Game, u: &UnitView, measure: WithdrawMeasure) -> u32 {
    match measure {
        WithdrawMeasure::Units => 1,
        WithdrawMeasure::StackingPoints => super::stacking::stacking_points(game, u.type_index),
        WithdrawMeasure::Attack => factors(game, u.type_index, u.level).attack,
        WithdrawMeasure::Defence => factors(game, u.type_index, u.level).defense,
    }
}

/// Whether a unit on the map is one the withdrawal of `w` counts; `whole`: its type and size
/// too (a composite broken down for its components need not be of them).
fn counts(game: &Game, u: &UnitView, w: &PendingWithdrawal, whole: bool) -> bool {
    let Some(at) = u.space() else { return false };
    let t = &game.scenario.unit_types[u.type_index];
    let f = &w.def.units;
    let in_terrain = || {
        let crate::scenario::schema::Map::Hex(m) = &game.scenario.map else { return false };
        game.board.spaces[at.index()].terrain.and_then(|k| m.terrain.get(k)).is_some_and(|d| f.terrains.contains(&d.id))
    };
    (match w.def.whose {
        Whose::Own => u.side == w.side,
        Whose::Enemy => u.side != w.side,
    }) && (f.terrains.is_empty() || in_terrain())
        && (f.contingents.is_empty() || f.contingents.contains(&t.contingent))
        && (f.regions.is_empty() || game.board.spaces[at.index()].region.as_ref().is_some_and(|r| f.regions.contains(r)))
        && (!whole || f.unit_types.is_empty() || f.unit_types.contains(&t.id))
        && (!whole || f.sizes.is_empty() || f.sizes.contains(&t.size))
}

/// The units the withdrawal may take, in the view's order (to break down: only composites
/// that may be, with their components free).
fn eligible<'u>(game: &Game, units: &'u UnitsView, w: &PendingWithdrawal) -> Vec<&'u UnitView> {
    let breakable = |u: &UnitView| {
        super::reorganisation::formation_of(game, u.type_index).is_some_and(|f| f.breaks_down && super::reorganisation::components_from_pool(game, units, f).is_some())
    };
    units.all().iter().filter(|u| counts(game, u, w, true) && (w.def.then == Taken::SetAside || breakable(u))).collect()
}

/// The composites the side may break down to withdraw their components.
fn composites<'u>(game: &Game, units: &'u UnitsView, w: &PendingWithdrawal) -> Vec<&'u UnitView> {
    if !w.def.break_down || w.def.then == Taken::BrokenDown {
        return Vec::new();
    }
    units
        .all()
        .iter()
        .filter(|u| counts(game, u, w, false))
        .filter(|u| {
            super::reorganisation::formation_of(game, u.type_index).is_some_and(|f| {
                // Only for components the withdrawal may take.
                let wanted = f.components.iter().any(|(ty, _)| {
                    game.scenario.unit_types.iter().find(|t| t.id == *ty).is_some_and(|t| {
                        (w.def.units.unit_types.is_empty() || w.def.units.unit_types.contains(&t.id)) && (w.def.units.sizes.is_empty() || w.def.units.sizes.contains(&t.size))
                    })
                });
                wanted && f.breaks_down && super::reorganisation::components_from_pool(game, units, f).is_some()
            })
        })
        .collect()
}

/// The view once `break_down` are broken down where they stand, and each one's components.
fn broken_down(game: &Game, units: &UnitsView, w: &PendingWithdrawal, break_down: &[String]) -> Result<(UnitsView, Vec<Vec<String>>), String> {
    let mut sim = units.clone();
    let mut parts_of = Vec::new();
    for id in break_down {
        if !composites(game, &sim, w).iter().any(|u| *u.id == **id) {
            return Err(format!("`{id}` may not be broken down for this withdrawal"));
        }
        let u = sim.get(id).cloned().ok_or_else(|| format!("unknown unit `{id}`"))?;
        let (Some(at), Some(f)) = (u.space(), super::reorganisation::formation_of(game, u.type_index)) else { continue };
        let parts: Vec<String> = super::reorganisation::components_from_pool(game, &sim, f).unwrap_or_default().iter().map(|p| String::from(&*p.id)).collect();
        sim.place(id, Location::Pool);
        for p in &parts {
            sim.place(p, Location::OnMap(at));
        }
        parts_of.push(parts);
    }
    Ok((sim, parts_of))
}

/// Checks an answer to the withdrawal: whether it meets the quota, or why it is wrong.
pub fn withdrawal_check(game: &Game, units: &UnitsView, w: &PendingWithdrawal, chosen: &[String], break_down: &[String]) -> Result<bool, String> {
    let (sim, parts_of) = broken_down(game, units, w, break_down)?;
    for (id, parts) in break_down.iter().zip(&parts_of) {
        if !parts.iter().any(|p| chosen.contains(p)) {
            return Err(format!("`{id}` is broken down, but none of its components ({}) is withdrawn", parts.join(", ")));
        }
    }
    let ok = eligible(game, &sim, w);
    let mut total = 0;
    let mut values = Vec::new();
    for (i, id) in chosen.iter().enumerate() {
        if chosen[..i].contains(id) {
            return Err(format!("`{id}` is named twice"));
        }
        let u = ok.iter().find(|u| *u.id == **id).ok_or_else(|| format!("`{id}` is not a unit this withdrawal may take"))?;
        let v = value(game, u, w.def.measure);
        values.push((id, v));
        total += v;
    }
    // 7.10: no more than the quota: every unit named must be needed to make it.
    if let Some((id, _)) = values.iter().find(|(_, v)| *v == 0 || (total >= w.amount && total - v >= w.amount)) {
        return Err(format!("`{id}` is not needed to make the quota ({})", describe_quota(game, w.amount, &w.def)));
    }
    let met = total >= w.amount;
    // 7.10: short of units, every one is withdrawn, unless the rule lets the side refuse.
    if !met && w.def.short.is_empty() {
        let left: Vec<&str> = ok.iter().filter(|u| value(game, u, w.def.measure) > 0 && !chosen.iter().any(|c| *c == *u.id)).map(|u| &*u.id).collect();
        if !left.is_empty() {
            return Err(format!("the quota is {}: {} must be withdrawn too", describe_quota(game, w.amount, &w.def), left.join(", ")));
        }
    }
    Ok(met)
}

/// Answers the side may give, for bots and the client: every way to make the quota when few
/// units may be taken, else the largest first and the smallest first, each also after breaking
/// down each composite; and none where the side may refuse.
#[must_use]
pub fn withdrawal_answers(game: &Game, units: &UnitsView, w: &PendingWithdrawal) -> Vec<Command> {
    const EVERY_WAY_UP_TO: usize = 10;
    const MOST: usize = 64;
    let mut tries: Vec<(Vec<String>, Vec<String>)> = Vec::new();
    let pick = |view: &UnitsView, first: &[String]| -> Vec<Vec<String>> {
        let mut list: Vec<(u32, String)> = eligible(game, view, w).iter().map(|u| (value(game, u, w.def.measure), String::from(&*u.id))).filter(|(v, _)| *v > 0).collect();
        // The broken-down components first, so that the breakdown serves the withdrawal.
        list.sort_by_key(|(v, id)| (!first.contains(id), std::cmp::Reverse(*v), id.clone()));
        let largest = greedy(list.iter(), w.amount);
        list.sort_by_key(|(v, id)| (!first.contains(id), *v, id.clone()));
        let smallest = greedy(list.iter(), w.amount);
        vec![largest, smallest]
    };
    let all = eligible(game, units, w);
    if all.len() <= EVERY_WAY_UP_TO {
        for mask in 1u32..(1 << all.len()) {
            tries.push(((0..all.len()).filter(|i| mask & (1 << i) != 0).map(|i| String::from(&*all[i].id)).collect(), Vec::new()));
        }
    } else {
        tries.extend(pick(units, &[]).into_iter().map(|p| (p, Vec::new())));
    }
    for c in composites(game, units, w) {
        let down = vec![String::from(&*c.id)];
        if let Ok((sim, parts)) = broken_down(game, units, w, &down) {
            tries.extend(pick(&sim, &parts.concat()).into_iter().map(|p| (p, down.clone())));
        }
    }
    // The ways to make the quota, fewest units first; where the side may refuse, refusing
    // (a part of the quota costs as much as none: ToO 6.3) comes after them, and is the only
    // answer when the quota cannot be made.
    let mut out: Vec<(usize, Command)> = Vec::new();
    for (chosen, down) in tries {
        let c = Command::WithdrawUnits { units: names(&chosen), break_down: names(&down) };
        if out.iter().any(|(_, o)| *o == c) {
            continue;
        }
        match withdrawal_check(game, units, w, &chosen, &down) {
            Ok(true) => out.push((chosen.len(), c)),
            Ok(false) if w.def.short.is_empty() => out.push((chosen.len(), c)),
            _ => {}
        }
    }
    out.sort_by_key(|(n, _)| *n);
    let mut out: Vec<Command> = out.into_iter().map(|(_, c)| c).take(MOST).collect();
    if !w.def.short.is_empty() {
        out.push(Command::WithdrawUnits { units: Vec::new(), break_down: Vec::new() });
    }
    out
}

/// Units in the given order until they make `amount`, then without those not needed.
fn greedy<'a>(list: impl Iterator<Item = &'a (u32, String)>, amount: u32) -> Vec<String> {
    let mut taken: Vec<&(u32, String)> = Vec::new();
    let mut total = 0;
    for x in list {
        if total >= amount {
            break;
        }
        total += x.0;
        taken.push(x);
    }
    while let Some(i) = taken.iter().position(|x| total >= amount && total - x.0 >= amount) {
        total -= taken.remove(i).0;
    }
    taken.into_iter().map(|x| x.1.clone()).collect()
}

/// Withdraws the units named in answer to the prompt; the quota is settled by
/// [`settle_and_ask`].
fn answer(mut ctx: super::note::CommandCtx, mut prompt: ResMut<PendingPrompt>, mut q: crate::model::units_now::UnitsMut) {
    let Some((side, Command::WithdrawUnits { units, break_down })) = ctx.cmd.0.clone() else { return };
    let (chosen, down) = (strings(&units), strings(&break_down));
    let Some(w) = ctx.turn.withdrawals.first().cloned().filter(|w| w.side == side) else { return ctx.reject("no withdrawal is waiting for a choice".to_string()) };
    let met = match withdrawal_check(&ctx.game, &q.view(), &w, &chosen, &down) {
        Ok(m) => m,
        Err(r) => return ctx.reject(r),
    };
    let game = ctx.game.clone();
    for id in &down {
        if let Some(parts) = super::reorganisation::break_down_where_it_stands(&game, &mut q, id) {
            ctx.log(LogKind::Loss, format_args!("{id} is broken down into {} for the withdrawal (ToO 7.10)", parts.join(", ")), None);
        }
    }
    if w.def.then == Taken::BrokenDown {
        // 6.3 Miracle / Sandstorm: broken down where they stand, not taken away.
        for id in &chosen {
            if let Some(parts) = super::reorganisation::break_down_where_it_stands(&game, &mut q, id) {
                ctx.log(LogKind::Loss, format_args!("{id} is broken down into {} ({})", parts.join(", "), w.cause), None);
            }
        }
    } else {
        // 7.9, 7.10: set aside, not eliminated: to the pool, where counters may be bought again;
        // 23.1: a counter bought once a game is gone for good.
        let view = q.view();
        let once = |id: &String| view.get(id).is_some_and(|u| super::purchases::once_only(&game, u.type_index));
        let (gone, kept): (Vec<String>, Vec<String>) = chosen.iter().cloned().partition(once);
        let to = if game.scenario.rules.counter_pool { Location::Pool } else { Location::OutOfPlay };
        super::reorganisation::place(&game, &mut q, &kept, to);
        super::reorganisation::place(&game, &mut q, &gone, Location::OutOfPlay);
    }
    let what = if chosen.is_empty() { "no unit".to_string() } else { chosen.join(", ") };
    let how = if met { "the quota is met" } else { "the quota is not met" };
    let verb = match (w.def.then, w.def.whose) {
        (Taken::BrokenDown, _) => "breaks down",
        (Taken::SetAside, Whose::Enemy) => "removes",
        (Taken::SetAside, Whose::Own) => "withdraws",
    };
    ctx.log(LogKind::Loss, format_args!("{} {verb} {what}: {how} ({})", game.side_id(side), w.cause), None);
    prompt.0 = None;
    if let Some(first) = ctx.turn.withdrawals.first_mut() {
        first.met = Some(met);
    }
}

/// Applies the effects of withdrawals answered, and of those no unit can answer; then asks for
/// the next one (`pending::ask_pending`).
pub(super) fn settle_and_ask(prompt: &mut PendingPrompt, p: &mut EffectParams) {
    while prompt.0.is_none() {
        let Some(w) = p.turn.withdrawals.first().cloned() else { return };
        let units = p.q.view();
        let game = p.game.clone();
        let met = match w.met {
            Some(m) => Some(m),
            None if w.amount == 0 => Some(true),
            // 7.10: nothing to withdraw; a rule that lets the side refuse charges its cost.
            None if eligible(&game, &units, &w).is_empty() && composites(&game, &units, &w).is_empty() => {
                p.run(|fx| fx.log(LogKind::Loss, format_args!("{} has no unit to withdraw ({})", game.side_id(w.side), w.cause)));
                Some(false)
            }
            None => None,
        };
        let Some(met) = met else {
            let rule = w.def.rule.as_ref().map_or_else(|| w.cause.clone(), |r| format!("{r} {}", w.cause));
            prompt.0 = Some(Prompt::Withdraw {
                side: game.side_id(w.side).to_string(),
                units: eligible(&game, &units, &w).iter().map(|u| String::from(&*u.id)).collect(),
                composites: composites(&game, &units, &w).iter().map(|u| String::from(&*u.id)).collect(),
                quota: describe_quota(&game, w.amount, &w.def),
                may_refuse: !w.def.short.is_empty(),
                rule,
            });
            return;
        };
        p.turn.withdrawals.remove(0);
        let effects = if met { &w.def.done } else { &w.def.short };
        if !effects.is_empty() {
            p.run(|fx| fx.apply(w.side, effects, &w.cause));
        }
    }
}
