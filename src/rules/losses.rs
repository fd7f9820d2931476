//! The loss pipeline (tutorial 5.7.7, OD 10.12-10.14): the attacker pays its loss points first,
//! in steps or (where `rules.losses.max_retreat_hexes` allows) by retreating; if it retreats at
//! all and the game says so, the defender suffers nothing. Then the defender pays, then support
//! extra steps (steps only), then attackers may advance into a vacated hex. The owner chooses
//! through a prompt whenever there is a choice.

use bevy::prelude::*;

use super::movement::room_for;
use super::note::{CommandCtx, command_is, log, take_control};
use super::retreat::{RetreatWorld, check_retreat, first_retreat};
use super::RulesSystems;
use crate::model::view::{UnitView, UnitsView, steps_left};
use crate::model::{
    Activity, CombatStage, Control, ControlChanges, Game, Hidden, Location, PendingCombat, PendingPrompt, SpaceId,
    StepLevel, TurnState, Unit, UnitIndex,
};
use crate::scenario::schema::Strength;
use crate::session::command::{Command, RetreatMove};
use crate::session::log::{GameLog, LogKind};
use crate::session::prompt::Prompt;

pub(super) fn add_systems(s: &mut Schedule) {
    s.add_systems(
        (
            take_losses.run_if(command_is(|c| matches!(c, Command::TakeLosses { .. }))),
            advance_after_combat.run_if(command_is(|c| matches!(c, Command::Advance { .. }))),
        )
            .in_set(RulesSystems::Combat),
    );
}

pub type LossQuery<'w, 's> =
    Query<'w, 's, (&'static Unit, &'static mut Location, &'static mut StepLevel, &'static mut Activity, &'static mut Hidden)>;

/// Takes one step from a unit; a unit with no step left is eliminated. Returns true if it was.
pub fn lose_step(game: &Game, e: Entity, q: &mut LossQuery) -> bool {
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

fn lose_steps(game: &Game, turn: &TurnState, glog: &mut GameLog, e: Entity, id: &str, n: u32, q: &mut LossQuery) {
    for _ in 0..n {
        if q.get(e).is_ok_and(|(_, l, ..)| *l == Location::Eliminated) {
            return;
        }
        let text = if lose_step(game, e, q) { format!("{id} is eliminated") } else { format!("{id} loses a step") };
        log(glog, game, turn, LogKind::Loss, text, None);
    }
}

/// The units of a party still on the map.
fn alive(ids: &[String], units: &UnitsView) -> Vec<UnitView> {
    ids.iter().filter_map(|id| units.get(id)).filter(|u| u.space().is_some()).cloned().collect()
}

/// The record of a combat whose losses are over.
fn finished(c: &crate::model::CombatInProgress, units: &UnitsView) -> Option<crate::model::FinishedCombat> {
    let defender = c.defenders.iter().find_map(|id| units.get(id)).map(|u| u.side)?;
    Some(crate::model::FinishedCombat { target: c.target, attackers: c.attackers.clone(), defender })
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
        let units = UnitsView::collect(q.iter());
        let (ids, points, max_retreat, next) = match c.stage {
            CombatStage::Attacker => (c.attackers.clone(), c.attacker_points, rules.max_retreat_hexes, CombatStage::Defender),
            CombatStage::Defender => {
                if c.attacker_retreated && rules.attacker_retreat_cancels_defender {
                    log(glog, game, turn, LogKind::Combat, "the attacker retreated: the defender's result is cancelled".into(), None);
                    let (target, overrun) = (c.target, c.overrun.take());
                    pending.1 = finished(c, &units);
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
                    pending.1 = finished(c, &units);
                    pending.0 = None;
                    finish_overrun(game, turn, glog, q, control, changes, target, &stack, cost);
                    return;
                }
                let here = units.at(target).count();
                let movers: Vec<String> = alive(&c.attackers, &units)
                    .iter()
                    .filter(|u| u.space().is_some_and(|s| game.board.edge(s, target).is_some()))
                    .map(|u| u.id.clone())
                    .collect();
                let side = units.get(c.attackers.first().map_or("", String::as_str)).map(|u| u.side);
                let retreated = c.attacker_retreated;
                pending.1 = finished(c, &units);
                pending.0 = None;
                if rules.advance_after_combat
                    && here == 0
                    && !movers.is_empty()
                    && !retreated
                    && let Some(side) = side
                {
                    let max = crate::rules::movement::stacking_limit(game, target).unwrap_or(movers.len() as u32);
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
        let live = alive(&ids, &units);
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
            let owed = c.owed[p];
            let total: u32 = live.iter().map(|u| units_strength(game, u, p == 0)).sum();
            let everything = (owed.units > 0 && live.len() as u32 <= owed.units) || (owed.strength > 0 && total <= owed.strength);
            if everything {
                for u in &live {
                    if let Some(&e) = index.0.get(&u.id) {
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
                    units: live.iter().map(|u| u.id.clone()).collect(),
                    rule: format!("combat result: {what}"),
                    max_retreat: 0,
                    combat_hex: game.board.key(c.target).to_string(),
                    min_retreat: 0,
                    whole_units: owed.units,
                    min_strength: if owed.units > 0 { 0 } else { owed.strength },
                    attacking: p == 0,
                });
                return;
            }
        }
        // A retreat result is paid with the loss points: at least that many hexes of retreat.
        let forced = party.map_or(0, |p| c.owed[p].retreat);
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
                if let Some(&e) = index.0.get(&u.id) {
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
            units: live.iter().map(|u| u.id.clone()).collect(),
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
        });
        return;
    }
}

/// The strength one step of a unit is worth: the drop in the factor it fights with (attack for
/// an attacker, defence for a defender) when it loses that step; the whole factor for its last.
#[must_use]
pub fn step_value(game: &Game, type_index: usize, level: u32, attacking: bool) -> u32 {
    let pick = |f: crate::scenario::schema::Factors| if attacking { f.attack } else { f.defense };
    let now = pick(crate::model::view::factors(game, type_index, level));
    let next = match &game.scenario.unit_types[type_index].strength {
        Strength::Steps(f) if (level as usize) + 1 < f.len() => pick(crate::model::view::factors(game, type_index, level + 1)),
        Strength::Levels { lowest, .. } if level > *lowest => pick(crate::model::view::factors(game, type_index, level - 1)),
        _ => 0,
    };
    now.saturating_sub(next)
}

/// The strength of every step a unit has left.
fn units_strength(game: &Game, u: &UnitView, attacking: bool) -> u32 {
    chosen_value(game, u, steps_left(game, u.type_index, u.level), attacking).0
}

/// The strength of a unit's next `k` steps, and the value of the last of them.
fn chosen_value(game: &Game, u: &UnitView, k: u32, attacking: bool) -> (u32, u32) {
    let mut level = u.level;
    let (mut sum, mut last) = (0, 0);
    for _ in 0..k {
        last = step_value(game, u.type_index, level, attacking);
        sum += last;
        level = match &game.scenario.unit_types[u.type_index].strength {
            Strength::Steps(_) => level + 1,
            Strength::Levels { .. } => level.saturating_sub(1),
        };
    }
    (sum, last)
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
    let units = UnitsView::collect(q.iter());
    // Survivors still next to the hex (a unit that retreated does not enter).
    let live: Vec<UnitView> = alive(stack, &units)
        .into_iter()
        .filter(|u| u.space().is_some_and(|s| game.board.edge(s, target).is_some()))
        .collect();
    let vacated = units.at(target).count() == 0;
    let key = game.board.key(target).to_string();
    let mut after = units.clone();
    for u in after.0.iter_mut().filter(|u| live.iter().any(|l| l.id == u.id)) {
        if vacated {
            u.location = Location::OnMap(target);
        }
    }
    for (u, mut loc, _, mut act, _) in q.iter_mut() {
        let Some(me) = live.iter().find(|l| l.id == u.id) else { continue };
        act.mp_used += cost;
        act.moved = true;
        act.no_attack = game.scenario.rules.overrun.as_ref().is_some_and(|o| o.no_attack_after);
        if vacated {
            *loc = Location::OnMap(target);
            let mut moved = me.clone();
            moved.activity = *act;
            act.finished = super::movement::must_stop(game, &after, &moved, target, act.mp_used);
        } else {
            act.finished = true;
        }
    }
    if live.is_empty() {
        return;
    }
    let names: Vec<&str> = live.iter().map(|u| u.id.as_str()).collect();
    if vacated {
        take_control(control, changes, target, live[0].side);
        log(glog, game, turn, LogKind::Combat, format!("overrun succeeds: {} enter {key}", names.join(", ")), Some(key));
    } else {
        log(glog, game, turn, LogKind::Combat, format!("overrun fails: {} stop", names.join(", ")), Some(key));
    }
}

/// A checked losses answer, ready to apply.
#[derive(Debug, Default)]
pub struct LossPlan {
    /// (unit, steps) taken as chosen losses.
    pub steps: Vec<(String, u32)>,
    /// (unit, path, final hex or None if eliminated, extra steps for a short retreat).
    pub retreats: Vec<(String, Vec<SpaceId>, Option<SpaceId>, u32)>,
}

/// Checks a losses answer against the prompt. Returns what to apply, or why it is wrong.
pub fn plan_losses(game: &Game, units: &UnitsView, prompt: Option<&Prompt>, chosen: &[String], retreat: &[RetreatMove]) -> Result<LossPlan, String> {
    let Some(Prompt::TakeLosses { steps, units: allowed, max_retreat, combat_hex, min_retreat, whole_units, min_strength, attacking, .. }) = prompt
    else {
        return Err("no losses are waiting to be taken".to_string());
    };
    if *whole_units > 0 || *min_strength > 0 {
        return plan_choice_losses(game, units, allowed, chosen, retreat, *whole_units, *min_strength, *attacking);
    }
    let n = chosen.len() as u32;
    if n > *steps {
        return Err(format!("{steps} loss point(s) are owed, {n} steps were given"));
    }
    let hexes = steps - n;
    if hexes < *min_retreat {
        return Err(format!("the result forces a retreat of {min_retreat} hex(es); {hexes} were given"));
    }
    if hexes > *max_retreat {
        return Err(if *max_retreat == 0 {
            format!("{steps} step(s) must be taken, {n} were given")
        } else {
            format!("at most {max_retreat} loss point(s) may be paid by retreating; {hexes} would be")
        });
    }
    let mut plan = LossPlan::default();
    for id in allowed {
        let k = chosen.iter().filter(|c| *c == id).count() as u32;
        if k > 0 {
            plan.steps.push((id.clone(), k));
        }
    }
    for id in chosen {
        if !allowed.contains(id) {
            return Err(format!("`{id}` did not take part in this combat"));
        }
    }
    let mut survivors = Vec::new();
    for id in allowed {
        let Some(u) = units.get(id) else { continue };
        let left = steps_left(game, u.type_index, u.level);
        let k = chosen.iter().filter(|c| *c == id).count() as u32;
        if k > left {
            return Err(format!("`{id}` has only {left} step(s)"));
        }
        if k < left {
            survivors.push(u);
        }
    }
    if hexes == 0 {
        if !retreat.is_empty() {
            return Err("no loss is paid by retreating, so no unit retreats".to_string());
        }
        return Ok(plan);
    }
    let combat = game.board.space(combat_hex).ok_or_else(|| format!("unknown combat hex `{combat_hex}`"))?;
    let mut world = RetreatWorld { units, moved: Vec::new() };
    for r in retreat {
        if !survivors.iter().any(|u| u.id == r.unit) {
            return Err(format!("`{}` is not a surviving unit of this combat", r.unit));
        }
    }
    for u in &survivors {
        let moves: Vec<&RetreatMove> = retreat.iter().filter(|r| r.unit == u.id).collect();
        let [m] = moves.as_slice() else {
            return Err(format!("`{}` must retreat {hexes} hex(es): give its path exactly once", u.id));
        };
        let (end, short) = check_retreat(game, &world, u, combat, hexes, &m.path)?;
        let path: Vec<SpaceId> = m.path.iter().filter_map(|k| game.board.space(k)).collect();
        if let Some(end) = end {
            world.moved.push((u.id.clone(), end));
        }
        plan.retreats.push((u.id.clone(), path, end, short));
    }
    Ok(plan)
}

/// Checks an answer that eliminates whole units or loses a given strength (the owner's choice).
#[expect(clippy::too_many_arguments, reason = "the prompt's fields, unpacked")]
fn plan_choice_losses(
    game: &Game,
    units: &UnitsView,
    allowed: &[String],
    chosen: &[String],
    retreat: &[RetreatMove],
    whole_units: u32,
    min_strength: u32,
    attacking: bool,
) -> Result<LossPlan, String> {
    if !retreat.is_empty() {
        return Err("this result is paid in steps only".to_string());
    }
    let mut plan = LossPlan::default();
    let (mut value, mut smallest_last) = (0u32, u32::MAX);
    for id in chosen {
        if !allowed.contains(id) {
            return Err(format!("`{id}` did not take part in this combat"));
        }
    }
    for id in allowed {
        let k = chosen.iter().filter(|c| *c == id).count() as u32;
        if k == 0 {
            continue;
        }
        let Some(u) = units.get(id) else { continue };
        let left = steps_left(game, u.type_index, u.level);
        if k > left {
            return Err(format!("`{id}` has only {left} step(s)"));
        }
        if whole_units > 0 && k != left {
            return Err(format!("`{id}` must lose all its {left} step(s) or none: whole units are eliminated"));
        }
        let (v, last) = chosen_value(game, u, k, attacking);
        value += v;
        smallest_last = smallest_last.min(last);
        plan.steps.push((id.clone(), k));
    }
    if whole_units > 0 {
        let n = plan.steps.len() as u32;
        return if n == whole_units { Ok(plan) } else { Err(format!("eliminate exactly {whole_units} unit(s); {n} were named")) };
    }
    if value < min_strength {
        return Err(format!("steps worth {value} strength were named; at least {min_strength} must be lost"));
    }
    if value - smallest_last >= min_strength {
        return Err(format!("one step fewer would still make {min_strength} strength: no step may be lost in excess"));
    }
    Ok(plan)
}

fn take_losses(
    mut ctx: CommandCtx,
    mut pending: ResMut<PendingCombat>,
    mut prompt: ResMut<PendingPrompt>,
    mut control: ResMut<Control>,
    mut changes: ResMut<ControlChanges>,
    mut q: LossQuery,
) {
    let Some((side, Command::TakeLosses { units, retreat })) = ctx.cmd.0.clone() else { return };
    let view = UnitsView::collect(q.iter());
    let plan = match plan_losses(&ctx.game, &view, prompt.0.as_ref(), &units, &retreat) {
        Ok(p) => p,
        Err(r) => return ctx.reject(r),
    };
    let game = ctx.game.clone();
    for (id, n) in &plan.steps {
        if let Some(&e) = ctx.index.0.get(id) {
            lose_steps(&game, &ctx.turn, &mut ctx.glog, e, id, *n, &mut q);
        }
    }
    let retreated = !plan.retreats.is_empty();
    for (id, path, end, short) in &plan.retreats {
        let Some(&e) = ctx.index.0.get(id) else { continue };
        let keys: Vec<&str> = path.iter().map(|s| game.board.key(*s)).collect();
        match end {
            Some(end) => {
                if let Ok((_, mut loc, ..)) = q.get_mut(e) {
                    *loc = Location::OnMap(*end);
                }
                ctx.log(LogKind::Loss, format!("{id} retreats {}", keys.join("-")), Some(game.board.key(*end).to_string()));
                for s in path {
                    if !view.enemy_at(*s, side) {
                        take_control(&mut control, &mut changes, *s, side);
                    }
                }
                if *short > 0 {
                    ctx.log(LogKind::Loss, format!("{id} cannot retreat further: {short} step(s) instead"), None);
                    lose_steps(&game, &ctx.turn, &mut ctx.glog, e, id, *short, &mut q);
                }
            }
            None => {
                if let Ok((_, mut loc, ..)) = q.get_mut(e) {
                    *loc = Location::Eliminated;
                }
                ctx.log(LogKind::Loss, format!("{id} ends its retreat overstacked with nowhere to go: eliminated"), None);
            }
        }
    }
    let sub_payment = matches!(prompt.0, Some(Prompt::TakeLosses { whole_units, min_strength, .. }) if whole_units > 0 || min_strength > 0);
    if let Some(c) = pending.0.as_mut() {
        let p = usize::from(c.stage == CombatStage::Defender);
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
    if chosen.len() as u32 > *max {
        return Some(format!("at most {max} unit(s) may advance into {target}"));
    }
    for id in chosen {
        if !allowed.contains(id) || chosen.iter().filter(|c| *c == id).count() > 1 {
            return Some(format!("`{id}` may not advance (or is listed twice)"));
        }
    }
    let space = game.board.space(target)?;
    let side = units.get(chosen.first()?)?.side;
    (!room_for(game, units, space, side, chosen.len() as u32)).then(|| format!("{target} has no room for {} unit(s)", chosen.len()))
}

fn advance_after_combat(
    mut ctx: CommandCtx,
    mut prompt: ResMut<PendingPrompt>,
    mut control: ResMut<Control>,
    mut changes: ResMut<ControlChanges>,
    mut q: LossQuery,
) {
    let Some((side, Command::Advance { units })) = ctx.cmd.0.clone() else { return };
    let view = UnitsView::collect(q.iter());
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

/// Legal answers to a losses prompt: every step allocation, and for each number of retreat
/// hexes one set of legal retreat paths (the first in space order). At most `cap`.
#[must_use]
pub fn loss_options(game: &Game, units: &UnitsView, prompt: &Prompt, cap: usize) -> Vec<Command> {
    let Prompt::TakeLosses { steps, units: ids, max_retreat, combat_hex, whole_units, min_strength, .. } = prompt else { return Vec::new() };
    let caps: Vec<u32> = ids.iter().map(|id| units.get(id).map_or(0, |u| steps_left(game, u.type_index, u.level))).collect();
    let mut out = Vec::new();
    if *whole_units > 0 || *min_strength > 0 {
        // Every allocation of 1..=all steps, kept if the rules accept it.
        for k in 1..=*steps {
            let mut alloc = vec![0u32; ids.len()];
            allocations(&caps, k, 0, &mut alloc, &mut |a| {
                let chosen: Vec<String> = a.iter().enumerate().flat_map(|(i, n)| std::iter::repeat_n(ids[i].clone(), *n as usize)).collect();
                if plan_losses(game, units, Some(prompt), &chosen, &[]).is_ok() {
                    out.push(Command::TakeLosses { units: chosen, retreat: Vec::new() });
                }
                out.len() < cap
            });
            if out.len() >= cap {
                break;
            }
        }
        return out;
    }
    let combat = game.board.space(combat_hex);
    for hexes in 0..=(*max_retreat).min(*steps) {
        let k = steps - hexes;
        let mut alloc = vec![0u32; ids.len()];
        allocations(&caps, k, 0, &mut alloc, &mut |a| {
            let chosen: Vec<String> = a.iter().enumerate().flat_map(|(i, n)| std::iter::repeat_n(ids[i].clone(), *n as usize)).collect();
            let mut retreat = Vec::new();
            if hexes > 0 {
                let Some(combat) = combat else { return true };
                let mut world = RetreatWorld { units, moved: Vec::new() };
                for (i, id) in ids.iter().enumerate() {
                    if a[i] >= caps[i] {
                        continue;
                    }
                    let Some(u) = units.get(id) else { continue };
                    let path = first_retreat(game, &world, u, combat, hexes).unwrap_or_default();
                    if let Some(end) = path.last().and_then(|k| game.board.space(k)) {
                        world.moved.push((id.clone(), end));
                    }
                    retreat.push(RetreatMove { unit: id.clone(), path });
                }
            }
            let cmd = Command::TakeLosses { units: chosen, retreat };
            // Keep only answers the rules accept (a unit with no retreat at all, for example).
            if let Command::TakeLosses { units: c, retreat: r } = &cmd
                && plan_losses(game, units, Some(prompt), c, r).is_ok()
            {
                out.push(cmd);
            }
            out.len() < cap
        });
    }
    out
}

/// Calls `f` with each way to spread `steps` over units with `caps` steps each; stops when `f`
/// returns false.
fn allocations(caps: &[u32], steps: u32, i: usize, alloc: &mut Vec<u32>, f: &mut dyn FnMut(&[u32]) -> bool) -> bool {
    if i == caps.len() {
        return if steps == 0 { f(alloc) } else { true };
    }
    for n in (0..=caps[i].min(steps)).rev() {
        alloc[i] = n;
        if !allocations(caps, steps - n, i + 1, alloc, f) {
            return false;
        }
    }
    alloc[i] = 0;
    true
}
