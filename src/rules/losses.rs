//! The loss pipeline (tutorial 5.7.7, OD 10.12-10.14): the attacker pays its loss points first,
//! in steps or (where `rules.losses.max_retreat_hexes` allows) by retreating; if it retreats at
//! all and the game says so, the defender suffers nothing. Then the defender pays, then support
//! extra steps (steps only), then attackers may advance into a vacated hex. The owner chooses
//! through a prompt whenever there is a choice.

use bevy::prelude::*;

pub use super::loss_answers::{LossPlan, loss_options, plan_losses, step_value};
use super::loss_answers::units_strength;

use super::stacking::{room_for, stacking_points};
use super::note::{CommandCtx, log, take_control};
use super::RulesSystems;
use crate::model::view::{UnitView, UnitsView, is_static, steps_left};
use crate::model::{
    CombatStage, Control, ControlChanges, Game, Location, PendingCombat, PendingPrompt, SpaceId, TurnState, UnitIndex,
};
use crate::scenario::schema::Strength;
use crate::model::command::Command;
use crate::model::log::{GameLog, LogKind};
use crate::model::prompt::Prompt;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::TakeLosses { .. }), take_losses.in_set(RulesSystems::Combat));
    if s.kept(crate::model::ruleset::Mechanism::AdvanceAfterCombat) {
        s.on(|c| matches!(c, Command::Advance { .. }), advance_after_combat.in_set(RulesSystems::Combat));
    }
}

/// Write access to the units (losses change levels and places).
pub type LossQuery<'w, 's> = crate::model::units_now::UnitsMut<'w, 's>;

/// Takes one step from a unit; a unit with no step left is eliminated. Returns true if it was.
pub fn lose_step(game: &Game, e: Entity, q: &mut LossQuery) -> bool {
    // With counters from the mix (DI 8.3), a unit of levels exchanges its counter for a free
    // lower one.
    if game.ruleset.counters_from_mix()
        && let Ok((u, _, lvl, ..)) = q.get(e)
        && matches!(game.scenario.unit_types[u.type_index].strength, Strength::Levels { .. })
    {
        let (id, t, level) = (String::from(&*u.id), u.type_index, lvl.0);
        let view = q.view();
        let change = super::levels::change_level(game, &view, &id, t, level, -1);
        let Ok((_, mut loc, mut lvl, ..)) = q.get_mut(e) else { return false };
        return match change {
            super::levels::LevelChange::To(l) => {
                lvl.0 = l;
                false
            }
            super::levels::LevelChange::Same => false,
            super::levels::LevelChange::Eliminated => {
                *loc = Location::Eliminated;
                true
            }
        };
    }
    let Ok((u, mut loc, mut lvl, ..)) = q.get_mut(e) else { return false };
    let eliminated = match &game.scenario.unit_types[u.type_index].strength {
        Strength::Steps(f) => {
            lvl.0 += 1;
            lvl.0 as usize >= f.len()
        }
        Strength::Levels { lowest, .. } => {
            if lvl.0 <= *lowest {
                true
            } else {
                lvl.0 -= 1;
                false
            }
        }
    };
    if eliminated {
        *loc = Location::Eliminated;
    }
    eliminated
}

pub(super) fn lose_steps(game: &Game, turn: &TurnState, glog: &mut GameLog, e: Entity, id: &str, n: u32, q: &mut LossQuery) {
    for _ in 0..n {
        if q.get(e).is_ok_and(|(_, l, ..)| *l == Location::Eliminated) {
            return;
        }
        let text = if lose_step(game, e, q) { format!("{id} is eliminated") } else { format!("{id} loses a step") };
        log(glog, game, turn, LogKind::Loss, text, None);
    }
}

/// The units of a party still on the map.
/// ToO 31.4(c): the unit types a declared attack's attacker loses first.
fn first_losses(game: &Game, c: &crate::model::CombatInProgress, attacking: bool) -> Vec<String> {
    if attacking { super::attack_declarations::losses_first(game, c.declared) } else { Vec::new() }
}

fn is_fortress(game: &Game, u: &UnitView) -> bool {
    crate::model::view::has_flag(game, u.type_index, crate::scenario::schema::UnitFlag::Fortress)
}

fn alive(ids: &[String], units: &UnitsView) -> Vec<UnitView> {
    ids.iter().filter_map(|id| units.get(id)).filter(|u| u.space().is_some()).cloned().collect()
}

/// The record of a combat whose losses are over.
/// The combat `c` just finished, `pursuer` the side its result lets pursue (ToO 14), if any.
fn finished(c: &crate::model::CombatInProgress, units: &UnitsView, pursuer: Option<usize>) -> Option<crate::model::FinishedCombat> {
    let defender = c.defenders.iter().find_map(|id| units.get(id)).map(|u| u.side)?;
    Some(crate::model::FinishedCombat { target: c.target, attackers: c.attackers.clone(), defender, attacker_pursues: pursuer.is_some_and(|s| s != defender) })
}

/// Moves the combat on until it needs a decision (a prompt is raised) or is over.
#[expect(clippy::too_many_arguments, reason = "the loss pipeline's state, passed through")]
pub fn continue_losses(
    game: &Game,
    turn: &TurnState,
    index: &UnitIndex,
    pending: &mut PendingCombat,
    prompt: &mut PendingPrompt,
    glog: &mut GameLog,
    q: &mut LossQuery,
    control: &mut Control,
    changes: &mut ControlChanges,
) {
    let rules = &game.scenario.rules.losses;
    loop {
        let Some(c) = pending.0.as_mut() else { return };
        let units = q.view();
        let (ids, points, max_retreat, next) = match c.stage {
            CombatStage::Attacker => (c.attackers.clone(), c.attacker_points, rules.max_retreat_hexes, CombatStage::Defender),
            CombatStage::Defender => {
                if c.attacker_retreated && rules.attacker_retreat_cancels_defender {
                    log(glog, game, turn, LogKind::Combat, "the attacker retreated: the defender's result is cancelled", None);
                    let (target, overrun) = (c.target, c.overrun.take());
                    pending.1 = finished(c, &units, None);
                    pending.0 = None;
                    if let Some((stack, cost)) = overrun {
                        finish_overrun(game, turn, glog, q, control, changes, target, &stack, cost);
                    }
                    return;
                }
                (c.defenders.clone(), c.defender_points, rules.max_retreat_hexes, CombatStage::Support)
            }
            CombatStage::Support => {
                // Support steps were counted only if the defender had a result (tutorial 5.7.7 step 3).
                let owed = c.support_steps;
                (c.defenders.clone(), owed, 0, CombatStage::Advance)
            }
            CombatStage::Advance => {
                let target = c.target;
                if let Some((stack, cost)) = c.overrun.take() {
                    pending.1 = finished(c, &units, None);
                    pending.0 = None;
                    finish_overrun(game, turn, glog, q, control, changes, target, &stack, cost);
                    return;
                }
                // ToO 14: a result that allows pursuit offers it instead of the advance.
                if let Some(grant) = c.pursuit.take() {
                    pending.1 = finished(c, &units, Some(grant.side));
                    pending.0 = None;
                    super::pursuit::offer(game, turn, glog, &units, grant, prompt);
                    return;
                }
                let here = units.at(target).count();
                // Static units never advance (they never move once placed).
                let movers: Vec<String> = alive(&c.attackers, &units)
                    .iter()
                    .filter(|u| !c.no_retreat.iter().any(|id| *id == *u.id))
                    .filter(|u| !is_static(game, u) && u.space().is_some_and(|s| game.board.edge(s, target).is_some()))
                    .map(|u| String::from(&*u.id))
                    .collect();
                let side = units.get(c.attackers.first().map_or("", String::as_str)).map(|u| u.side);
                let retreated = c.attacker_retreated;
                pending.1 = finished(c, &units, None);
                pending.0 = None;
                if rules.advance_after_combat
                    && here == 0
                    && !movers.is_empty()
                    && !retreated
                    && let Some(side) = side
                {
                    let max = super::stacking::stacking_limit(game, target).unwrap_or_else(|| movers.iter().filter_map(|id| units.get(id)).map(|u| stacking_points(game, u.type_index)).sum());
                    prompt.0 = Some(Prompt::Advance {
                        side: game.side_id(side).to_string(),
                        units: movers,
                        target: game.board.key(target).to_string(),
                        max,
                    });
                }
                return;
            }
        };
        let mut live = alive(&ids, &units);
        let party = match c.stage {
            CombatStage::Attacker => Some(0),
            CombatStage::Defender => Some(1),
            CombatStage::Support | CombatStage::Advance => None,
        };
        // Whole units and exchange strength come before the loss points (CRT results other
        // than loss points); each is the owner's choice unless it takes everything.
        if let Some(p) = party
            && !live.is_empty()
        {
            if p == 0 && (c.owed[p].units > 0 || c.owed[p].strength > 0) {
                super::support_losses::one_lost_first(game, turn, glog, (index, q), c, &mut live, &units);
            }
            let owed = c.owed[p];
            let total: u32 = live.iter().map(|u| units_strength(game, u, p == 0)).sum();
            // A composite that may be broken down leaves a choice of whole units (ToO 12: a
            // "1 unit" loss met by one division of a corps).
            let ids: Vec<String> = live.iter().map(|u| String::from(&*u.id)).collect();
            let breakable = || ids.iter().any(|id| super::loss_answers::broken_down(game, &units, &ids, std::slice::from_ref(id)).is_ok());
            let everything = (owed.units > 0 && live.len() as u32 <= owed.units && (game.scenario.rules.reorganisation.is_empty() || !breakable()))
                || (owed.strength > 0 && total <= owed.strength);
            if everything {
                for u in &live {
                    if let Some(&e) = index.0.get(&*u.id) {
                        lose_steps(game, turn, glog, e, &u.id, steps_left(game, u.type_index, u.level), q);
                    }
                }
                c.owed[p] = crate::model::Owed::default();
                continue;
            }
            if owed.units > 0 || owed.strength > 0 {
                let what = if owed.units > 0 {
                    format!("eliminate {} whole unit(s)", owed.units)
                } else {
                    format!("lose steps worth at least {} strength (exchange)", owed.strength)
                };
                prompt.0 = Some(Prompt::TakeLosses {
                    side: game.side_id(live[0].side).to_string(),
                    steps: live.iter().map(|u| steps_left(game, u.type_index, u.level)).sum(),
                    units: live.iter().map(|u| String::from(&*u.id)).collect(),
                    rule: format!("combat result: {what}"),
                    max_retreat: 0,
                    combat_hex: game.board.key(c.target).to_string(),
                    min_retreat: 0,
                    whole_units: owed.units,
                    min_strength: if owed.units > 0 { 0 } else { owed.strength },
                    attacking: p == 0,
                    retreat_each: Vec::new(),
                    first: first_losses(game, c, p == 0),
                });
                return;
            }
        }
        // ToO 12, AT/DT: a routed party's survivors each retreat the hexes they rolled.
        if party.is_some() && !c.dice_retreats.is_empty() {
            let each: Vec<(String, u32)> = c.dice_retreats.iter().filter(|(id, _)| live.iter().any(|u| *u.id == **id)).cloned().collect();
            if !each.is_empty() {
                prompt.0 = Some(Prompt::TakeLosses {
                    side: game.side_id(live[0].side).to_string(),
                    steps: 0,
                    units: each.iter().map(|(id, _)| id.clone()).collect(),
                    rule: "rout: each unit retreats the hexes it rolled (eliminated where it cannot)".to_string(),
                    max_retreat: each.iter().map(|(_, n)| *n).max().unwrap_or(0),
                    combat_hex: game.board.key(c.target).to_string(),
                    min_retreat: 0,
                    whole_units: 0,
                    min_strength: 0,
                    attacking: c.stage == CombatStage::Attacker,
                    retreat_each: each,
                    first: Vec::new(),
                });
                return;
            }
        }
        // A retreat result is paid with the loss points: at least that many hexes of retreat.
        let forced = party.map_or(0, |p| c.owed[p].retreat);
        // ToO 12.13: support units stay where they are; 19.2: after a bombardment, everyone.
        if forced > 0 {
            live.retain(|u| !c.no_retreat.iter().any(|id| *id == *u.id));
        }
        // ToO 31.4(a): under a declared infiltration attack the defending fortress falls to the
        // retreat result, and so shelters nobody (13.4).
        if forced > 0
            && party == Some(1)
            && let Some(d) = super::attack_declarations::fortress_falls(game, c.declared)
        {
            let rule = d.rule_suffix();
            let fallen: Vec<UnitView> = live.iter().filter(|u| is_fortress(game, u)).cloned().collect();
            for u in &fallen {
                if let Some(&e) = index.0.get(&*u.id) {
                    log(glog, game, turn, LogKind::Loss, format_args!("{} falls to the {}{rule}", u.id, d.name), None);
                    lose_steps(game, turn, glog, e, &u.id, steps_left(game, u.type_index, u.level), q);
                }
            }
            live.retain(|u| !is_fortress(game, u));
        }
        // ToO 13.4: fortresses ignore retreat results (a retreat paid in steps is no such result).
        if forced > 0 && points == 0 && game.scenario.rules.retreat.fortress_shelters {
            live.retain(|u| !is_fortress(game, u));
        }
        let (points, max_retreat) = if forced > 0 { (points + forced, max_retreat.max(forced).min(points + forced)) } else { (points, max_retreat) };
        if points == 0 || live.is_empty() {
            c.stage = next;
            continue;
        }
        let total: u32 = live.iter().map(|u| steps_left(game, u.type_index, u.level)).sum();
        if forced == 0 && ((max_retreat == 0 && live.len() == 1) || points >= total + max_retreat) {
            // No choice: a single unit that cannot retreat, or losses so large that every
            // step is lost whatever is paid by retreating.
            let mut owed = points;
            for u in &live {
                let take = steps_left(game, u.type_index, u.level).min(owed);
                if let Some(&e) = index.0.get(&*u.id) {
                    lose_steps(game, turn, glog, e, &u.id, take, q);
                }
                owed -= take;
            }
            c.stage = next;
            continue;
        }
        prompt.0 = Some(Prompt::TakeLosses {
            side: game.side_id(live[0].side).to_string(),
            steps: points,
            units: live.iter().map(|u| String::from(&*u.id)).collect(),
            rule: match c.stage {
                CombatStage::Support => "5.7.7 support losses: paid in steps".to_string(),
                _ if max_retreat > 0 => format!("5.7.7 loss points: steps, or retreat up to {max_retreat} hexes"),
                _ => "loss points paid in steps".to_string(),
            },
            max_retreat,
            combat_hex: game.board.key(c.target).to_string(),
            min_retreat: forced,
            whole_units: 0,
            min_strength: 0,
            attacking: c.stage == CombatStage::Attacker,
            retreat_each: Vec::new(),
            first: first_losses(game, c, c.stage == CombatStage::Attacker),
        });
        return;
    }
}

/// After an overrun's losses: if the hex is empty the surviving stack enters it and may move on
/// (ZOC rules apply from there); otherwise it stays and its movement ends (tutorial 5.7.3).
#[expect(clippy::too_many_arguments, reason = "the loss pipeline's state, passed through")]
fn finish_overrun(
    game: &Game,
    turn: &TurnState,
    glog: &mut GameLog,
    q: &mut LossQuery,
    control: &mut Control,
    changes: &mut ControlChanges,
    target: SpaceId,
    stack: &[String],
    cost: u32,
) {
    let units = q.view();
    // Survivors still next to the hex (a unit that retreated does not enter).
    let live: Vec<UnitView> = alive(stack, &units)
        .into_iter()
        .filter(|u| u.space().is_some_and(|s| game.board.edge(s, target).is_some()))
        .collect();
    let vacated = units.at(target).count() == 0;
    let key = game.board.key(target).to_string();
    let after = units.changed(|v| {
        for u in v.iter_mut().filter(|u| live.iter().any(|l| l.rank == u.rank)) {
            if vacated {
                u.location = Location::OnMap(target);
            }
        }
    });
    for (u, mut loc, _, mut act, _) in q.iter_mut() {
        let Some(me) = live.iter().find(|l| l.id == u.id) else { continue };
        act.mp_used += cost;
        act.moved = true;
        act.no_attack = game.scenario.rules.overrun.as_ref().is_some_and(|o| o.no_attack_after);
        if vacated {
            *loc = Location::OnMap(target);
            let mut moved = me.clone();
            moved.activity = *act;
            act.finished = super::movement::must_stop(game, (&after, control), &moved, target, act.mp_used);
        } else {
            act.finished = true;
        }
    }
    if live.is_empty() {
        return;
    }
    let names: Vec<&str> = live.iter().map(|u| &*u.id).collect();
    if vacated {
        take_control(control, changes, target, live[0].side);
        log(glog, game, turn, LogKind::Combat, format!("overrun succeeds: {} enter {key}", names.join(", ")), Some(key));
    } else {
        log(glog, game, turn, LogKind::Combat, format_args!("overrun fails: {} stop", names.join(", ")), Some(key));
    }
}

fn take_losses(
    mut ctx: CommandCtx,
    mut pending: ResMut<PendingCombat>,
    mut prompt: ResMut<PendingPrompt>,
    mut control: ResMut<Control>,
    mut changes: ResMut<ControlChanges>,
    mut q: LossQuery,
) {
    let Some((side, Command::TakeLosses { units, retreat, break_down })) = ctx.cmd.0.clone() else { return };
    let (units, break_down) = (crate::model::command::strings(&units), crate::model::command::strings(&break_down));
    let view = q.view();
    let plan = match plan_losses(&ctx.game, (&view, &control), prompt.0.as_ref(), &units, &retreat, &break_down) {
        Ok(p) => p,
        Err(r) => return ctx.reject(r),
    };
    let game = ctx.game.clone();
    // ToO 12: composites broken down to take the losses; their components stand in for them
    // in the rest of the combat (a retreat, a pursuit).
    for id in &plan.break_down {
        let Some(parts) = super::reorganisation::break_down_where_it_stands(&game, &mut q, id) else { continue };
        ctx.log(LogKind::Loss, format_args!("{id} is broken down into {} to take losses (ToO 8.2)", parts.join(", ")), None);
        if let Some(c) = pending.0.as_mut() {
            for list in [&mut c.attackers, &mut c.defenders] {
                if let Some(i) = list.iter().position(|x| x == id) {
                    list.splice(i..=i, parts.iter().cloned());
                }
            }
        }
    }
    for (id, n) in &plan.steps {
        if let Some(&e) = ctx.index.0.get(id) {
            lose_steps(&game, &ctx.turn, &mut ctx.glog, e, id, *n, &mut q);
        }
    }
    let retreated = !plan.retreats.is_empty();
    for (id, path, r) in &plan.retreats {
        let Some(&e) = ctx.index.0.get(id) else { continue };
        let keys: Vec<&str> = path.iter().map(|s| game.board.key(*s)).collect();
        let short = &r.short;
        match &r.end {
            Some(end) if r.sheltered => {
                ctx.log(LogKind::Loss, format_args!("{id} holds {} with a fortress: it ignores the retreat (ToO 13.4)", game.board.key(*end)), None);
            }
            Some(end) => {
                if let Ok((_, mut loc, _, mut act, _)) = q.get_mut(e) {
                    *loc = Location::OnMap(*end);
                    act.retreated = game.scenario.rules.retreat.over_limit_add_no_defence;
                }
                ctx.log(LogKind::Loss, format_args!("{id} retreats {}", keys.join("-")), Some(game.board.key(*end).to_string()));
                for s in path {
                    if !view.enemy_at(*s, side) {
                        take_control(&mut control, &mut changes, *s, side);
                    }
                }
                if *short > 0 {
                    ctx.log(LogKind::Loss, format_args!("{id} cannot retreat further: {short} step(s) instead"), None);
                    lose_steps(&game, &ctx.turn, &mut ctx.glog, e, id, *short, &mut q);
                }
                let debt = r.zoc_debt(&game);
                if debt > 0 {
                    super::retreat_costs::pay_zoc_debt(&game, &ctx.turn, &mut ctx.glog, &mut q, id, *end, (debt, r.zoc_hexes));
                }
            }
            None => {
                if let Ok((_, mut loc, ..)) = q.get_mut(e) {
                    *loc = Location::Eliminated;
                }
                let why = match path.last() {
                    Some(last) if game.scenario.rules.retreat.cut_short == crate::scenario::schema::CutShort::Eliminated => {
                        format!("cannot retreat the whole distance: eliminated in {} (ToO 13.2(5))", game.board.key(*last))
                    }
                    None if game.scenario.rules.retreat.cut_short == crate::scenario::schema::CutShort::Eliminated => {
                        "has nowhere to retreat: eliminated (ToO 13.2)".to_string()
                    }
                    _ => "ends its retreat overstacked with nowhere to go: eliminated".to_string(),
                };
                ctx.log(LogKind::Loss, format_args!("{id} {why}"), None);
            }
        }
    }
    let sub_payment = matches!(prompt.0, Some(Prompt::TakeLosses { whole_units, min_strength, .. }) if whole_units > 0 || min_strength > 0);
    let rout = matches!(&prompt.0, Some(Prompt::TakeLosses { retreat_each, .. }) if !retreat_each.is_empty());
    if let Some(c) = pending.0.as_mut() {
        let p = usize::from(c.stage == CombatStage::Defender);
        if rout {
            // The rout's retreats made: the party's other losses (if any) come next.
            c.dice_retreats.clear();
            prompt.0 = None;
            continue_losses(&game, &ctx.turn, &ctx.index, &mut pending, &mut prompt, &mut ctx.glog, &mut q, &mut control, &mut changes);
            return;
        }
        if sub_payment {
            // Whole units or exchange strength paid: the loss points (if any) come next.
            c.owed[p].units = 0;
            c.owed[p].strength = 0;
            prompt.0 = None;
            continue_losses(&game, &ctx.turn, &ctx.index, &mut pending, &mut prompt, &mut ctx.glog, &mut q, &mut control, &mut changes);
            return;
        }
        c.owed[p].retreat = 0;
        if c.stage == CombatStage::Attacker && retreated {
            c.attacker_retreated = true;
        }
        c.stage = match c.stage {
            CombatStage::Attacker => CombatStage::Defender,
            CombatStage::Defender => CombatStage::Support,
            CombatStage::Support | CombatStage::Advance => CombatStage::Advance,
        };
    }
    prompt.0 = None;
    continue_losses(&game, &ctx.turn, &ctx.index, &mut pending, &mut prompt, &mut ctx.glog, &mut q, &mut control, &mut changes);
}

/// Why an advance answer is wrong, if it is.
#[must_use]
pub fn advance_rejection(game: &Game, units: &UnitsView, prompt: Option<&Prompt>, chosen: &[String]) -> Option<String> {
    let Some(Prompt::Advance { units: allowed, target, max, .. }) = prompt else {
        return Some("no advance after combat is on offer".to_string());
    };
    let points: u32 = chosen.iter().filter_map(|id| units.get(id)).map(|u| stacking_points(game, u.type_index)).sum();
    if points > *max {
        return Some(format!("at most {max} stacking points may advance into {target} (one per unit, or the unit type's stacking points)"));
    }
    for id in chosen {
        if !allowed.contains(id) || chosen.iter().filter(|c| *c == id).count() > 1 {
            return Some(format!("`{id}` may not advance (or is listed twice)"));
        }
        if units.get(id).is_some_and(|u| is_static(game, u)) {
            return Some(format!("`{id}` never moves once placed (a static unit)"));
        }
        if let (Some(u), Some(space)) = (units.get(id), game.board.space(target))
            && crate::rules::entry_bans::banned_from(game, units, u, space)
        {
            return Some(format!("`{id}` may never enter {target} (an entry ban or its region)"));
        }
    }
    let space = game.board.space(target)?;
    let side = units.get(chosen.first()?)?.side;
    let types: Vec<usize> = chosen.iter().filter_map(|id| units.get(id)).map(|u| u.type_index).collect();
    let clash = chosen.iter().filter_map(|id| units.get(id)).any(|u| crate::rules::stacking::alone_clash(game, units, space, u.type_index, Some(u.rank)));
    if clash || crate::rules::stacking::alone_together(game, &types) {
        return Some(format!("{target}: a unit that never shares its hex would share it (28.4)"));
    }
    (!room_for(game, units, space, side, points)).then(|| format!("{target} has no room for {} unit(s) ({points} stacking points)", chosen.len()))
}


fn advance_after_combat(
    mut ctx: CommandCtx,
    mut prompt: ResMut<PendingPrompt>,
    mut control: ResMut<Control>,
    mut changes: ResMut<ControlChanges>,
    mut q: LossQuery,
) {
    let Some((side, Command::Advance { units })) = ctx.cmd.0.clone() else { return };
    let units = crate::model::command::strings(&units);
    let view = q.view();
    if let Some(r) = advance_rejection(&ctx.game, &view, prompt.0.as_ref(), &units) {
        return ctx.reject(r);
    }
    let Some(Prompt::Advance { target, .. }) = prompt.0.take() else { return };
    let Some(space) = ctx.game.board.space(&target) else { return };
    for id in &units {
        if let Some(&e) = ctx.index.0.get(id)
            && let Ok((_, mut loc, ..)) = q.get_mut(e)
        {
            *loc = Location::OnMap(space);
        }
    }
    if !units.is_empty() {
        take_control(&mut control, &mut changes, space, side);
        ctx.log(LogKind::Command, format!("{} advance(s) into {target}", units.join(", ")), Some(target));
    }
}
