//! Combat: checking an attack, strengths and column shifts, the die roll on the CRT, and the
//! loss pipeline (attacker first, then defender), with a prompt whenever the owner has a
//! choice of which units lose steps.

use bevy::prelude::*;

use super::crt::{ColumnPick, column_label, crt_lookup, odds_column};
use super::note::{CommandCtx, command_is, log};
use super::RulesSystems;
use crate::model::view::{UnitsView, factors, has_flag, steps_left};
use crate::model::{
    Activity, CombatInProgress, Game, Hidden, Location, PendingCombat, PendingPrompt, SpaceId, StepLevel, TurnState, Unit,
    UnitIndex,
};
use crate::scenario::schema::{CombatEffect, CrtDef, Party, Strength, UnitFlag};
use crate::session::command::Command;
use crate::session::dice::Dice;
use crate::session::log::{GameLog, LogKind};
use crate::session::prompt::Prompt;

pub(super) fn add_systems(s: &mut Schedule) {
    s.add_systems(
        (
            resolve_attack.run_if(command_is(|c| matches!(c, Command::Attack { .. }))),
            take_losses.run_if(command_is(|c| matches!(c, Command::TakeLosses { .. }))),
        )
            .in_set(RulesSystems::Combat),
    );
}

/// An attack that passed every check, ready to roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackPlan {
    pub target: SpaceId,
    pub crt: usize,
    pub attack: u32,
    pub defense: u32,
    pub pick: ColumnPick,
    pub attackers: Vec<String>,
    pub defenders: Vec<String>,
}

/// Checks an attack and computes its strengths and column. Errors say why it is illegal.
pub fn plan_attack(
    game: &Game,
    turn: &TurnState,
    units: &UnitsView,
    side: usize,
    attackers: &[String],
    target: &str,
    table: Option<&str>,
) -> Result<AttackPlan, String> {
    let board = &game.board;
    let target_id = board.space(target).ok_or_else(|| format!("unknown space `{target}`"))?;
    if attackers.is_empty() {
        return Err("an attack needs at least one attacking unit".to_string());
    }
    if turn.attacked.contains(&target_id) {
        return Err(format!("{target} has already been attacked this phase"));
    }
    let defenders: Vec<String> = units.at(target_id).filter(|u| u.side != side).map(|u| u.id.clone()).collect();
    if defenders.is_empty() {
        return Err(format!("{target} holds no enemy unit"));
    }
    let crt_index = match table {
        Some(t) => game.scenario.tables.crts.iter().position(|c| c.id == t).ok_or_else(|| format!("unknown table `{t}`"))?,
        None if game.scenario.tables.crts.is_empty() => return Err("this scenario has no combat results table".into()),
        None => 0,
    };
    let crt: &CrtDef = &game.scenario.tables.crts[crt_index];
    let mut sorted = attackers.to_vec();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != attackers.len() {
        return Err("a unit is listed twice among the attackers".to_string());
    }
    let mut attack = 0;
    let mut crossing: Option<Vec<Option<usize>>> = None;
    for id in &sorted {
        let u = units.get(id).ok_or_else(|| format!("unknown unit `{id}`"))?;
        if u.side != side {
            return Err(format!("`{id}` is not a unit of {}", game.side_id(side)));
        }
        let Some(at) = u.space() else { return Err(format!("`{id}` is not on the map")) };
        if u.activity.attacked {
            return Err(format!("`{id}` has already attacked this phase"));
        }
        if has_flag(game, u.type_index, UnitFlag::CannotAttack) {
            return Err(format!("`{id}` may not attack"));
        }
        let f = factors(game, u.type_index, u.level);
        if f.attack == 0 {
            return Err(format!("`{id}` has no attack strength"));
        }
        let edge = board.edge(at, target_id).ok_or_else(|| format!("`{id}` is not adjacent to {target}"))?;
        crossing.get_or_insert_with(Vec::new).push(edge.hexside);
        attack += f.attack;
    }
    let defense: u32 = defenders
        .iter()
        .filter_map(|d| units.get(d))
        .map(|u| factors(game, u.type_index, u.level).defense)
        .sum();
    // Shifts: the defender's terrain, and a hexside feature only if every attacker crosses it.
    let mut shifts = board.spaces[target_id.index()].terrain.map_or(0, |t| board.terrain_shift[t]);
    if let Some(cross) = crossing
        && let Some(Some(f)) = cross.first().copied()
        && cross.iter().all(|c| *c == Some(f))
    {
        shifts += board.hexside_extra[f].2;
    }
    let pick = odds_column(crt, attack, defense, shifts);
    if pick.prohibited {
        return Err(format!("raw odds of {} are prohibited on {}", pick.raw_label, crt.name));
    }
    Ok(AttackPlan { target: target_id, crt: crt_index, attack, defense, pick, attackers: sorted, defenders })
}

fn resolve_attack(
    mut ctx: CommandCtx,
    mut dice: ResMut<Dice>,
    mut pending: ResMut<PendingCombat>,
    mut prompt: ResMut<PendingPrompt>,
    mut q: LossQuery,
) {
    let Some((side, Command::Attack { attackers, target, table })) = ctx.cmd.0.clone() else { return };
    let view = UnitsView::collect(q.iter());
    let plan = match plan_attack(&ctx.game, &ctx.turn, &view, side, &attackers, &target, table.as_deref()) {
        Ok(p) => p,
        Err(r) => return ctx.reject(r),
    };
    let game = ctx.game.clone();
    let crt = &game.scenario.tables.crts[plan.crt];
    let col = column_label(crt, plan.pick.column).to_string();
    let cause = format!(
        "combat at {target}: {} vs {} ({}), {:+} shifts, column {col} of {}",
        plan.attack, plan.defense, plan.pick.raw_label, plan.pick.shifts, crt.name
    );
    let roll = dice.roll_spec(crt.dice, &cause);
    ctx.outcome.barrier = true;
    let code = crt_lookup(crt, plan.pick.column, roll).unwrap_or("").to_string();
    ctx.log(LogKind::Roll, format!("{cause}: rolled {roll}"), Some(target.clone()));
    ctx.turn.attacked.insert(plan.target);
    for id in plan.attackers.iter().chain(&plan.defenders) {
        if let Some(&e) = ctx.index.0.get(id)
            && let Ok((_, _, _, mut act, mut hidden)) = q.get_mut(e)
        {
            if plan.attackers.contains(id) {
                act.attacked = true;
            }
            if hidden.0 {
                hidden.0 = false;
                ctx.log(LogKind::Reveal, format!("{id} is revealed in combat"), Some(target.clone()));
            }
        }
    }
    let mut steps = [0u32; 2];
    let effects = crt.results.iter().find(|r| r.code == code).map(|r| r.effects.clone()).unwrap_or_default();
    for eff in &effects {
        match eff {
            CombatEffect::LossPoints { party, points: n } | CombatEffect::Steps { party, steps: n } => {
                steps[usize::from(*party == Party::Defender)] += n;
            }
            // The validator refuses other effects for rulesets that do not implement them.
            _ => {}
        }
    }
    ctx.log(
        LogKind::Combat,
        format!("result {code}: attacker loses {} step(s), defender {} step(s)", steps[0], steps[1]),
        Some(target),
    );
    pending.0 = Some(CombatInProgress {
        target: plan.target,
        attackers: plan.attackers,
        defenders: plan.defenders,
        attacker_steps: steps[0],
        defender_steps: steps[1],
    });
    continue_losses(&game, &ctx.turn, &ctx.index, &mut pending, &mut prompt, &mut ctx.glog, &mut q);
}

type LossQuery<'w, 's> = Query<'w, 's, (&'static Unit, &'static mut Location, &'static mut StepLevel, &'static mut Activity, &'static mut Hidden)>;

/// Takes one step from a unit; a unit with no step left is eliminated.
fn lose_step(game: &Game, e: Entity, q: &mut LossQuery) -> bool {
    let Ok((u, mut loc, mut lvl, ..)) = q.get_mut(e) else { return false };
    let ty = &game.scenario.unit_types[u.type_index];
    let eliminated = match &ty.strength {
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

/// Applies owed losses, attacker first: automatically when there is no choice, otherwise by
/// raising a prompt for the owner. Clears the combat when nothing is owed.
fn continue_losses(
    game: &Game,
    turn: &TurnState,
    index: &UnitIndex,
    pending: &mut PendingCombat,
    prompt: &mut PendingPrompt,
    glog: &mut GameLog,
    q: &mut LossQuery,
) {
    let Some(c) = pending.0.as_mut() else { return };
    for party in [Party::Attacker, Party::Defender] {
        let (owed, ids) = match party {
            Party::Attacker => (&mut c.attacker_steps, &c.attackers),
            Party::Defender => (&mut c.defender_steps, &c.defenders),
        };
        if *owed == 0 {
            continue;
        }
        let alive: Vec<(String, Entity, u32, usize)> = ids
            .iter()
            .filter_map(|id| {
                let e = *index.0.get(id)?;
                let (u, loc, lvl, ..) = q.get(e).ok()?;
                (*loc != Location::Eliminated).then(|| (id.clone(), e, steps_left(game, u.type_index, lvl.0), u.side))
            })
            .collect();
        let total: u32 = alive.iter().map(|a| a.2).sum();
        if alive.len() > 1 && *owed < total {
            let side = game.side_id(alive[0].3).to_string();
            prompt.0 = Some(Prompt::TakeLosses {
                side,
                steps: *owed,
                units: alive.iter().map(|a| a.0.clone()).collect(),
                rule: "combat results: loss points paid in steps".to_string(),
            });
            return;
        }
        // No choice: one unit, or losses at least equal to every step.
        for (id, e, left, _) in &alive {
            let take = (*left).min(*owed);
            for _ in 0..take {
                if lose_step(game, *e, q) {
                    log(glog, game, turn, LogKind::Loss, format!("{id} is eliminated"), None);
                } else {
                    log(glog, game, turn, LogKind::Loss, format!("{id} loses a step"), None);
                }
            }
            *owed -= take;
        }
        *owed = 0;
    }
    pending.0 = None;
}

/// Why a losses answer is wrong, if it is.
#[must_use]
pub fn losses_rejection(game: &Game, units: &UnitsView, prompt: Option<&Prompt>, chosen: &[String]) -> Option<String> {
    let Some(Prompt::TakeLosses { steps, units: allowed, .. }) = prompt else {
        return Some("no losses are waiting to be taken".to_string());
    };
    if chosen.len() as u32 != *steps {
        return Some(format!("{} step(s) must be taken, {} were given", steps, chosen.len()));
    }
    for id in chosen {
        if !allowed.contains(id) {
            return Some(format!("`{id}` did not take part in this combat"));
        }
        let n = chosen.iter().filter(|c| *c == id).count() as u32;
        let left = units.get(id).map_or(0, |u| steps_left(game, u.type_index, u.level));
        if n > left {
            return Some(format!("`{id}` has only {left} step(s)"));
        }
    }
    None
}

fn take_losses(mut ctx: CommandCtx, mut pending: ResMut<PendingCombat>, mut prompt: ResMut<PendingPrompt>, mut q: LossQuery) {
    let Some((_, Command::TakeLosses { units })) = ctx.cmd.0.clone() else { return };
    let view = UnitsView::collect(q.iter());
    if let Some(r) = losses_rejection(&ctx.game, &view, prompt.0.as_ref(), &units) {
        return ctx.reject(r);
    }
    let Some(c) = pending.0.as_mut() else { return };
    let attacker_turn = c.attacker_steps > 0;
    let game = ctx.game.clone();
    for id in &units {
        if let Some(&e) = ctx.index.0.get(id) {
            let text = if lose_step(&game, e, &mut q) { format!("{id} is eliminated") } else { format!("{id} loses a step") };
            ctx.log(LogKind::Loss, text, None);
        }
    }
    if attacker_turn { c.attacker_steps = 0 } else { c.defender_steps = 0 }
    prompt.0 = None;
    continue_losses(&game, &ctx.turn, &ctx.index, &mut pending, &mut prompt, &mut ctx.glog, &mut q);
}
