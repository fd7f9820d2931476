//! Combat: checking an attack, strengths and column shifts, the die roll on the CRT, and the
//! loss pipeline (attacker first, then defender), with a prompt whenever the owner has a
//! choice of which units lose steps.

use bevy::prelude::*;

use super::crt::{ColumnPick, column_label, crt_lookup, odds_column};
use super::losses::{LossQuery, continue_losses};
use super::note::CommandCtx;
use super::RulesSystems;
use crate::model::view::{UnitsView, factors, has_flag};
use crate::model::{CombatInProgress, CombatStage, Game, PendingCombat, PendingPrompt, SpaceId, TurnState};
use crate::scenario::schema::{CombatEffect, CrtDef, Party, UnitFlag};
use crate::model::command::Command;
use crate::model::dice::Dice;
use crate::model::log::LogKind;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    if s.kept(crate::model::ruleset::Mechanism::Attack) {
        s.on(|c| matches!(c, Command::Attack { .. }), resolve_attack.in_set(RulesSystems::Combat));
    }
}

/// A unit barred from attacking by a track threshold (`rules.attack_bans`), if any.
#[must_use]
pub fn attack_ban(game: &Game, tracks: &crate::model::Tracks, units: &UnitsView, attackers: &[String]) -> Option<String> {
    for id in attackers {
        let Some(u) = units.get(id) else { continue };
        for ban in &game.scenario.rules.attack_bans {
            if game.scenario.unit_types[u.type_index].id == ban.unit_type && super::tracks::track_holds(game, tracks, &ban.when) {
                let (track, cmp) = &ban.when;
                return Some(format!("`{id}` may not attack while {track} is {cmp:?}"));
            }
        }
    }
    None
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
    /// Extra defender steps from committed supports (paid if the result was at least 1).
    pub extra_steps: u32,
    /// What `TurnState::attacked` records: the target, or for an attack on units in an area's
    /// slots its first slot (DI 14.4: the open and the boxes are attacked separately).
    pub mark: SpaceId,
    /// The defenders are in slots (DI 15).
    pub underground: bool,
    /// What multiplied the defence (ToO 38.0: rough ×2, a river every attacker crosses ×2;
    /// the highest applies), and why; 1 and empty when nothing did.
    pub defense_multiplier: (u32, String),
    /// What multiplied the attack (ToO 12.2: a concentric attack ×2; 15.7: attack supply),
    /// and why: the highest multiplier of any attacker; 1 and empty when nothing did.
    pub attack_multiplier: (u32, String),
    /// The support units among the attackers (ToO 17-19), each with whether it shares the
    /// attackers' results (none retreats).
    pub supporting: Vec<(String, bool)>,
    /// Support units attack alone (ToO 19.2): the hex is bombarded, not attacked, and nobody
    /// retreats or pursues.
    pub bombardment: bool,
    /// Supply units the supports spend (ToO 34), with the rule, for the log.
    pub spent: Vec<(String, String)>,
    /// The declaration the attack carries (`rules.attack_declarations`; ToO 31.4).
    pub declared: Option<usize>,
}

/// Checks an attack and computes its strengths and column. Errors say why it is illegal.
#[expect(clippy::too_many_arguments, reason = "the state an attack depends on, read-only")]
pub fn plan_attack(
    game: &Game,
    turn: &TurnState,
    units: &UnitsView,
    control: &crate::model::Control,
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
    if game.scenario.rules.combat_in_space {
        let crt = match table {
            Some(t) => game.scenario.tables.crts.iter().position(|c| c.id == t).ok_or_else(|| format!("unknown table `{t}`"))?,
            None if game.scenario.tables.crts.is_empty() => return Err("this scenario has no combat results table".into()),
            None => 0,
        };
        return super::area_combat::plan_area_attack(game, turn, units, side, attackers, target_id, crt);
    }
    // ToO 14.5-14.6: a pursuit combat is made by the pursuing units (and the attack's
    // supports) alone, whatever was attacked before.
    let pursuit = turn.pursuit.as_ref().filter(|p| p.side == side);
    if let Some(p) = pursuit
        && let Some(other) = attackers.iter().find(|a| !p.units.contains(a) && !p.supports.contains(a))
    {
        return Err(format!("`{other}` did not pursue: only the pursuing units and the attack's supports make a pursuit combat (ToO 14.6)"));
    }
    if turn.attacked.contains(&target_id) && pursuit.is_none() {
        return Err(format!("{target} has already been attacked this phase"));
    }
    if super::boxes::box_def(game, target_id).is_some_and(|b| b.protected) {
        return Err(format!("units in {target} cannot be attacked"));
    }
    let defenders: Vec<String> = units.at(target_id).filter(|u| u.side != side).map(|u| String::from(&*u.id)).collect();
    if defenders.is_empty() {
        return Err(format!("{target} holds no enemy unit"));
    }
    let crt_index = match table {
        Some(t) => game.scenario.tables.crts.iter().position(|c| c.id == t).ok_or_else(|| format!("unknown table `{t}`"))?,
        None if game.scenario.tables.crts.is_empty() => return Err("this scenario has no combat results table".into()),
        None => 0,
    };
    let crt: &CrtDef = &game.scenario.tables.crts[crt_index];
    if let Some(why) = super::combat_modifiers::table_ban(game, crt_index, target_id) {
        return Err(why);
    }
    let mut sorted = attackers.to_vec();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != attackers.len() {
        return Err("a unit is listed twice among the attackers".to_string());
    }
    // Supply is checked when the combat is resolved (tutorial 5.7.5): out-of-supply attackers
    // count half, their total rounded down.
    let halve = game.scenario.rules.supply.as_ref().is_some_and(|r| r.effects.contains(&crate::scenario::schema::SupplyEffect::HalveAttack));
    let supply = if halve { super::supply::side_supply(game, units, control, side) } else { Vec::new() };
    let unsupplied = |id: &str| supply.iter().any(|(u, ok)| u == id && !ok);
    let mut members = Vec::with_capacity(sorted.len());
    let mut supporting = Vec::new();
    let mut crossing: Option<Vec<Option<usize>>> = None;
    for id in &sorted {
        let u = units.get(id).ok_or_else(|| format!("unknown unit `{id}`"))?;
        if u.side != side {
            return Err(format!("`{id}` is not a unit of {}", game.side_id(side)));
        }
        let Some(at) = u.space() else { return Err(format!("`{id}` is not on the map")) };
        if u.activity.attacked && pursuit.is_none() {
            return Err(format!("`{id}` has already attacked this phase"));
        }
        super::reserve::phase_allows(game, turn, u)?;

        if u.activity.no_attack {
            return Err(format!("`{id}` overran this turn and may not attack"));
        }
        if let Some(why) = super::restrictions::attack_forbidden(game, turn, u) {
            return Err(why);
        }
        // ToO 28.4: the Bolshevik corps never attacks together with other units.
        if attackers.len() > 1 && has_flag(game, u.type_index, UnitFlag::AttacksAlone) {
            return Err(format!("`{id}` attacks only by itself"));
        }
        // ToO 20.10: a landing force attacks only the hex it lands on.
        if !turn.landings.is_empty()
            && let Some(why) = super::landings::attack_refusal(game, turn, id, target_id)
        {
            return Err(why);
        }
        let role = game.scenario.unit_types[u.type_index].support.as_ref();
        if role.is_none() && has_flag(game, u.type_index, UnitFlag::CannotAttack) {
            return Err(format!("`{id}` may not attack"));
        }
        let f = factors(game, u.type_index, u.level);
        if f.attack == 0 {
            return Err(format!("`{id}` has no attack strength"));
        }
        // ToO 17-19: a support unit adds its strength from its range, checked below.
        if let Some(role) = role {
            // 33.4: before its year, reconnaissance only.
            if let Some(y) = role.from_year
                && game.scenario.turns.calendar.get(turn.turn).is_some_and(|d| d.year < y)
            {
                return Err(format!("`{id}` flies reconnaissance only before {y}: it adds no strength"));
            }
            supporting.push((u, f.attack, role));
            continue;
        }
        let edge = board.edge(at, target_id).ok_or_else(|| format!("`{id}` is not adjacent to {target}"))?;
        // ToO 16.4: an armoured train attacks only along a railway.
        if has_flag(game, u.type_index, UnitFlag::RailBound) && !super::rail::is_railway(control, at, edge) {
            return Err(format!("`{id}` attacks only a hex joined to its own by a railway"));
        }
        // ToO 21.3: a flotilla attacks only hexes of its waters.
        if !super::waters::in_waters(game, u.type_index, target_id) {
            return Err(format!("`{id}` keeps to its waters and attacks only hexes of them"));
        }
        crossing.get_or_insert_with(Vec::new).push(edge.hexside);
        members.push((u, f.attack));
    }
    // ToO 6.3-6.4: contingents an event keeps apart this turn.
    let taking_part: Vec<&crate::model::view::UnitView> = members.iter().map(|(u, _)| *u).chain(supporting.iter().map(|(u, _, _)| *u)).collect();
    if let Some(why) = super::restrictions::attack_apart(game, turn, side, &taking_part) {
        return Err(why);
    }
    let ground: Vec<String> = members.iter().map(|(u, _)| String::from(&*u.id)).collect();
    // ToO 19.2: support units alone bombard only the enemy units they may attack alone.
    let bombardment = members.is_empty();
    let defenders = if bombardment { super::bombardment::alone_defenders(game, turn, units, &supporting, target_id)? } else { defenders };
    let exposed = check_supports(game, turn, units, &members, &supporting, target_id)?;
    // ToO 34: an artillery corps's attack supply bill doubles with the attack's.
    let doubled = members.iter().map(|(u, _)| *u).chain(supporting.iter().map(|(u, ..)| *u)).any(|u| super::attack_supply::in_supply_range(game, units, u));
    let spent = super::supply_spends::spends(game, units, &supporting, doubled)?;
    members.extend(supporting.iter().map(|(u, a, _)| (*u, *a)));
    // ToO 12.2, 15.7: concentric attack and attack supply multiply each unit's strength,
    // support units included, together at most the cap; out of supply (tutorial 5.7.5) halves
    // what is left.
    let ring = super::combat_modifiers::concentric(game, units, &ground, target_id);
    let views: Vec<&crate::model::view::UnitView> = members.iter().map(|(u, _)| *u).collect();
    let (each, why) = super::attack_supply::attack_multipliers(game, units, &views, ring, pursuit.map(|p| p.supplied.as_slice()));
    let (mut attack, mut unsupplied_attack) = (0, 0);
    for ((u, a), m) in members.iter().zip(&each) {
        if unsupplied(&u.id) { unsupplied_attack += a * m } else { attack += a * m }
    }
    attack += unsupplied_attack / 2;
    let attack_multiplier = (each.iter().copied().max().unwrap_or(1), why);
    // Shifts: the defender's terrain, and a hexside feature only if every attacker crosses it.
    let terrain = board.spaces[target_id.index()].terrain;
    // ToO 19.2, 33.2: support units alone meet only the units they attack, terrain ignored.
    let mut shifts = if bombardment { 0 } else { terrain.map_or(0, |t| board.terrain_shift[t]) };
    let crossed = crossing.and_then(|cross| match cross.first().copied() {
        Some(Some(f)) if cross.iter().all(|c| *c == Some(f)) => Some(f),
        _ => None,
    });
    if let Some(f) = crossed {
        shifts += board.hexside_extra[f].2;
    }
    // ToO 12: a fortress doubles the units with it when nothing better does, never itself;
    // multipliers do not add up.
    let fortified = |u: &&crate::model::view::UnitView| has_flag(game, u.type_index, UnitFlag::Fortress);
    let in_hex: Vec<&crate::model::view::UnitView> = defenders.iter().filter_map(|d| units.get(d)).collect();
    // ToO 25.1: a special city gives no terrain or hexside doubling (a fortress still doubles).
    let plain = bombardment || board.spaces[target_id.index()].tags.iter().any(|t| game.scenario.rules.no_terrain_defence.contains(t));
    let mut defense_multiplier = if plain { (1, String::new()) } else { super::combat_modifiers::defense_multiplier(game, terrain, crossed) };
    // Named only where it doubles someone: a fortress alone is never doubled.
    let doubled = in_hex.iter().any(fortified) && in_hex.iter().any(|u| !fortified(u));
    if let Some(m) = game.scenario.rules.fortress_multiplier.filter(|m| *m > defense_multiplier.0 && doubled) {
        defense_multiplier = (m, "a fortress (not for the fortress itself)".into());
    }
    // ToO 13.3: units that retreated into an overstacked hex add no defence there.
    let over = game.scenario.rules.retreat.over_limit_add_no_defence && super::stacking::stacking_limit(game, target_id).is_some_and(|limit| {
        in_hex.iter().map(|u| super::stacking::stacking_points(game, u.type_index)).sum::<u32>() > limit
    });
    let adds = |u: &&&crate::model::view::UnitView| !(over && u.activity.retreated);
    let defense: u32 = in_hex.iter().filter(adds).map(|u| factors(game, u.type_index, u.level).defense * if fortified(u) { 1 } else { defense_multiplier.0 }).sum();
    let pick = odds_column(crt, attack, defense, shifts);
    if pick.prohibited {
        return Err(format!("raw odds of {} are prohibited on {}", pick.raw_label(), crt.name));
    }
    let supporting = supporting.iter().map(|(u, ..)| (String::from(&*u.id), exposed.contains(&&*u.id))).collect();
    Ok(AttackPlan { target: target_id, crt: crt_index, attack, defense, pick, attackers: sorted, defenders, extra_steps: 0, mark: target_id, underground: false, defense_multiplier, attack_multiplier, supporting, bombardment, spent, declared: None })
}

/// ToO 12.13, 17-19: the support units of an attack, checked: each is within its range of a
/// unit attacking from next to the target (of the target, attacking alone) or reaches it from
/// the sea (19.1), no more of a category than it allows. Returns the supports that share the
/// attackers' results: those attacking alone (19.2), and those the defender exposes by
/// holding a unit of a type their role names.
fn check_supports<'u>(
    game: &Game,
    turn: &TurnState,
    units: &UnitsView,
    ground: &[(&crate::model::view::UnitView, u32)],
    supporting: &[super::bombardment::Supporter<'u, '_>],
    target: SpaceId,
) -> Result<Vec<&'u str>, String> {
    let from: Vec<SpaceId> = ground.iter().filter_map(|(g, _)| g.space()).collect();
    let mut exposed = Vec::new();
    for (u, _, role) in supporting {
        super::bombardment::reaches(game, turn, (u, role), &from, target)?;
        let same = supporting.iter().filter(|(_, _, r)| r.category == role.category).count() as u32;
        // ToO 33.2: alone, every air base in range adds (the cap is for attacks by other units).
        if let Some(max) = role.max_per_attack
            && !ground.is_empty()
            && same > max
        {
            return Err(format!("at most {max} {} unit(s) may support one attack", role.category));
        }
        let defender_has = |ty: &String| units.at(target).any(|d| d.side != u.side && game.scenario.unit_types[d.type_index].id == *ty);
        if ground.is_empty() || role.exposed_if_defender_has.iter().any(defender_has) {
            exposed.push(&*u.id);
        }
    }
    Ok(exposed)
}

fn resolve_attack(
    mut ctx: CommandCtx,
    mut combat: CombatParams,
    mut supports: ResMut<super::supports::SupportState>,
    (tracks, timers): (Res<crate::model::Tracks>, Res<super::timers::Timers>),
    mut q: LossQuery,
) {
    let Some((side, Command::Attack { attackers, target, table, supports: named, declare })) = ctx.cmd.0.clone() else { return };
    let (attackers, target, table, named) = (crate::model::command::strings(&attackers), target.to_string(), table.map(|t| t.to_string()), crate::model::command::strings(&named));
    let view = q.view();
    if let Some(r) = attack_ban(&ctx.game, &tracks, &view, &attackers) {
        return ctx.reject(r);
    }
    // ToO 31.4: a declared attack (an infiltration attack).
    let facts = super::events::Facts { game: &ctx.game, turn: &ctx.turn, tracks: &tracks, control: &combat.control, units: &view, timers: &timers.0 };
    let inherited = ctx.turn.pursuit.as_ref().filter(|p| p.side == side).map(|p| p.declared.as_deref());
    let declared = match super::attack_declarations::checked(facts, side, &attackers, declare.as_deref(), inherited) {
        Ok(d) => d,
        Err(r) => return ctx.reject(r),
    };
    let plan = match plan_supported_attack(&ctx.game, &ctx.turn, &view, &combat.control, &supports, side, (&attackers, &target, table.as_deref()), &named) {
        Ok(p) => p,
        Err(r) => return ctx.reject(r),
    };
    // ToO 19.7: ships entering a mined zone roll first; the attack goes on without the lost.
    let game = ctx.game.clone();
    let facts = super::events::Facts { game: &game, turn: &ctx.turn, tracks: &tracks, control: &combat.control, units: &view, timers: &timers.0 };
    let rolls = super::bombardment::hazards_of(facts, &plan.attackers, plan.target);
    let (plan, view) = if rolls.is_empty() {
        (plan, view)
    } else {
        let lost = super::bombardment::hazard_rolls(&mut ctx, &mut combat.dice, &mut q, &rolls, plan.target);
        let left: Vec<String> = attackers.iter().filter(|a| !lost.contains(a)).cloned().collect();
        let view = q.view();
        let replanned = if left.is_empty() {
            Err("no attacking unit is left".to_string())
        } else {
            plan_supported_attack(&ctx.game, &ctx.turn, &view, &combat.control, &supports, side, (&left, &target, table.as_deref()), &named)
        };
        match replanned {
            Ok(p) => (p, view),
            Err(why) => return ctx.log(LogKind::Combat, format_args!("the attack on {target} is not made: {why}"), Some(target.clone())),
        }
    };
    let mut plan = plan;
    plan.declared = declared;
    if let Some(d) = declared.map(|i| &ctx.game.scenario.rules.attack_declarations[i]) {
        let rule = d.rule_suffix();
        let text = format!("{} declared{rule}", d.name);
        ctx.log(LogKind::Combat, text, Some(target.clone()));
    }
    super::supports::spend(&ctx.game, &mut supports, &named);
    if !named.is_empty() {
        ctx.log(LogKind::Combat, format_args!("supports committed: {}", named.join(", ")), Some(target.clone()));
    }
    fight(&mut ctx, &mut combat, &mut q, &view, plan, None);
}

/// An attack with its named supports (`(attackers, target, table)`): the plan with the
/// supports' shift joined to the terrain shifts before the clamp (tutorial 5.7.7) and their
/// extra defender steps. The combat dialog shows the same plan before the roll.
#[expect(clippy::too_many_arguments, reason = "the state an attack depends on, read-only")]
pub fn plan_supported_attack(
    game: &Game,
    turn: &TurnState,
    units: &UnitsView,
    control: &crate::model::Control,
    state: &super::supports::SupportState,
    side: usize,
    (attackers, target, table): (&[String], &str, Option<&str>),
    named: &[String],
) -> Result<AttackPlan, String> {
    let mut plan = plan_attack(game, turn, units, control, side, attackers, target, table)?;
    let bonus = super::supports::check_supports(game, units, control, state, side, named, plan.target, false)?;
    if bonus.shift != 0 {
        let crt = &game.scenario.tables.crts[plan.crt];
        plan.pick = super::crt::odds_column(crt, plan.attack, plan.defense, plan.pick.shifts + bonus.shift);
    }
    plan.extra_steps = bonus.extra_steps;
    Ok(plan)
}

/// What a combat reads and writes besides the command context and the units.
#[derive(bevy::ecs::system::SystemParam)]
pub struct CombatParams<'w> {
    pub control: ResMut<'w, crate::model::Control>,
    pub changes: ResMut<'w, crate::model::ControlChanges>,
    pub dice: ResMut<'w, Dice>,
    pub pending: ResMut<'w, PendingCombat>,
    pub prompt: ResMut<'w, PendingPrompt>,
}

/// Rolls a planned combat and starts its loss pipeline. `overrun` is the overrunning stack
/// and its MP cost (tutorial 5.7.3), which enters the hex if the defender leaves it.
pub fn fight(ctx: &mut CommandCtx, combat: &mut CombatParams, q: &mut LossQuery, view: &UnitsView, plan: AttackPlan, overrun: Option<(Vec<String>, u32)>) {
    let target = ctx.game.board.key(plan.target).to_string();
    let (dice, pending, prompt) = (&mut combat.dice, &mut combat.pending, &mut combat.prompt);
    let game = ctx.game.clone();
    let crt = &game.scenario.tables.crts[plan.crt];
    let col = column_label(crt, plan.pick.column).to_string();
    // ToO 12.2 and 38.0: a multiplied strength is named with its cause.
    let times = |m: &(u32, String), what: &str| match m {
        (1, _) => String::new(),
        (x, why) => format!(" ({what} ×{x}: {why})"),
    };
    let (boosted, doubled) = (times(&plan.attack_multiplier, "attack"), times(&plan.defense_multiplier, "defence"));
    let cause = format!(
        "combat at {target}: {}{boosted} vs {}{doubled} ({}), {:+} shifts, column {col} of {}",
        plan.attack, plan.defense, plan.pick.raw_label(), plan.pick.shifts, crt.name
    );
    // ToO 14.5: a pursuit combat answers the pursuit's offer and uses up its exemptions.
    let pursuing = ctx.turn.pursuit.take();
    if pursuing.is_some() {
        prompt.0 = None;
    }
    let pursuit_note = match (&pursuing, plan.bombardment) {
        (Some(_), _) => " (pursuit combat, ToO 14.5)".to_string(),
        (None, true) => format!(" (bombardment by support units alone: only {} defend, ToO 19.2)", plan.defenders.join(", ")),
        (None, false) => String::new(),
    };
    let cause = format!("{cause}{pursuit_note}");
    // ToO 34: the supports' supply is spent as the attack is made.
    if !plan.spent.is_empty() {
        for (id, _) in &plan.spent {
            if let Some((_, mut loc, ..)) = q.unit_mut(id) {
                *loc = crate::model::Location::OutOfPlay;
            }
        }
        let ids: Vec<&str> = plan.spent.iter().map(|(id, _)| id.as_str()).collect();
        let rule = plan.spent.first().map(|(_, r)| r.as_str()).filter(|r| !r.is_empty()).map(|r| format!(" ({r})")).unwrap_or_default();
        ctx.log(LogKind::Command, format_args!("the supports spend {}{rule}", ids.join(", ")), Some(target.clone()));
    }
    let roll = dice.roll_spec(crt.dice, &cause);
    ctx.outcome.barrier = true;
    let code = crt_lookup(crt, plan.pick.column, roll).unwrap_or("").to_string();
    ctx.log(LogKind::Roll, format_args!("{cause}: rolled {roll}"), Some(target.clone()));
    // A26: a bombardment leaves the hex free to be attacked this phase; it counts toward no
    // attack quota [I].
    if plan.bombardment {
        ctx.turn.bombarded.insert(plan.target);
    } else {
        ctx.turn.attacked.insert(plan.mark);
    }
    // ToO 6.3: the attack counts toward its side's quotas.
    if let Some(side) = plan.attackers.first().and_then(|id| view.get(id)).map(|u| u.side).filter(|_| !plan.bombardment) {
        super::quotas::count_attack(&game, &mut ctx.turn.quotas, view, side, plan.crt, &plan.attackers);
    }
    for id in plan.attackers.iter().chain(&plan.defenders) {
        if let Some(&e) = ctx.index.0.get(id)
            && let Ok((_, _, _, mut act, mut hidden)) = q.get_mut(e)
        {
            if plan.attackers.contains(id) && overrun.is_none() {
                if plan.underground { act.attacked_below = true } else { act.attacked = true }
            }
            if hidden.0 {
                hidden.0 = false;
                ctx.log(LogKind::Reveal, format_args!("{id} is revealed in combat"), Some(target.clone()));
            }
        }
    }
    // ToO 12.13: support units share the attackers' results only where the defender exposes
    // them, and never retreat.
    let sheltered = |id: &String| plan.supporting.iter().any(|(s, exposed)| s == id && !exposed);
    let fighting: Vec<String> = plan.attackers.iter().filter(|id| !sheltered(id)).cloned().collect();
    let mut holding: Vec<String> = plan.supporting.iter().filter(|(_, exposed)| *exposed).map(|(id, _)| id.clone()).collect();
    super::resting::roll_rests(ctx, dice, view, &plan.attackers);
    // ToO 19.2: after a bombardment nobody retreats; 20.10: a landing force never does.
    if plan.bombardment {
        holding.extend(plan.defenders.iter().cloned());
    }
    holding.extend(plan.attackers.iter().filter(|id| ctx.turn.landings.iter().any(|l| l.units.contains(id))).cloned());
    let mut points = [0u32; 2];
    let mut owed = [crate::model::Owed::default(); 2];
    let effects = crt.results.iter().find(|r| r.code == code).map(|r| r.effects.clone()).unwrap_or_default();
    let effects = super::combat_modifiers::speed_test(ctx, &game, view, &plan, crt, effects);
    let ix = |p: &Party| usize::from(*p == Party::Defender);
    let party_name = |p: &Party| if *p == Party::Attacker { "attacker" } else { "defender" };
    let mut routed: Option<usize> = None;
    let mut pursuit: Option<(usize, bool)> = None;
    // What whole-unit results owe, in words (ToO 12), after the loss points.
    let mut whole: Vec<String> = Vec::new();
    for eff in &effects {
        match eff {
            CombatEffect::EliminateUnits { party, count } => {
                owed[ix(party)].units += count;
                whole.push(format!("{} loses {count} unit(s)", party_name(party)));
            }
            // ToO 12, A11: half the printed strength of the party's units, rounded up.
            CombatEffect::HalfStrength { party } => {
                let (ids, attacking) = if *party == Party::Attacker { (&fighting, true) } else { (&plan.defenders, false) };
                let total: u32 = ids.iter().filter_map(|id| view.get(id)).map(|u| super::loss_answers::units_strength(&game, u, attacking)).sum();
                owed[ix(party)].strength += total.div_ceil(2);
                whole.push(format!("{} loses units worth at least {} of its {total} strength", party_name(party), total.div_ceil(2)));
            }
            CombatEffect::LossPoints { party, points: n } | CombatEffect::Steps { party, steps: n } => points[ix(party)] += n,
            CombatEffect::Retreat { party, hexes } => owed[ix(party)].retreat += hexes,
            CombatEffect::EliminatePercent { party, percent } => {
                let n = if *party == Party::Attacker { fighting.len() } else { plan.defenders.len() } as u32;
                owed[ix(party)].units += (n * percent).div_ceil(100);
            }
            // The side with the smaller strength (the defender on a tie) loses every unit; the
            // other loses steps worth at least as much.
            CombatEffect::Exchange => {
                let (small, other, s) = if plan.attack < plan.defense { (0, 1, plan.attack) } else { (1, 0, plan.defense) };
                owed[small].units += if small == 0 { fighting.len() } else { plan.defenders.len() } as u32;
                owed[other].strength += s;
            }
            // Results of a ruleset's own (DI 16.3): the validator accepts them only for rulesets
            // that play them, and those replace this mechanism with their own systems.
            CombatEffect::Level { .. } | CombatEffect::Points { .. } | CombatEffect::NoEffect => {}
            // Replaced by the result it picked (the validator refuses a test naming a test).
            CombatEffect::SpeedTest { .. } => {}
            // Applied below, once the units are known (ToO 12: AT, DT).
            CombatEffect::Rout { party } => routed = Some(ix(party)),
            // Offered once the losses are paid (ToO 14).
            CombatEffect::Pursuit { party, combat } => pursuit = Some((ix(party), *combat)),
        }
    }
    // Tank support (tutorial 5.7.7 step 3): an extra defender step when a tank attacks a stack
    // with no tank or anti-tank unit, if the defender's result is at least one point.
    let has = |ids: &[String], f: UnitFlag| ids.iter().filter_map(|id| view.get(id)).any(|u| has_flag(&game, u.type_index, f));
    let tank_support = game.scenario.rules.losses.tank_support_steps;
    let tank = if tank_support > 0
        && (points[1] > 0 || owed[1] != crate::model::Owed::default())
        && has(&plan.attackers, UnitFlag::Tank)
        && !has(&plan.defenders, UnitFlag::Tank)
        && !has(&plan.defenders, UnitFlag::AntiTank)
    {
        tank_support
    } else {
        0
    };
    let defender_hit = points[1] > 0 || owed[1] != crate::model::Owed::default();
    let support = tank + if defender_hit { plan.extra_steps } else { 0 };
    let support_text = if support > 0 { format!(", +{support} support step(s)") } else { String::new() };
    let whole_text: String = whole.iter().map(|w| format!("; {w}")).collect();
    ctx.log(
        LogKind::Combat,
        format_args!("result {code}: attacker {} loss point(s), defender {}{support_text}{whole_text}", points[0], points[1]),
        Some(target),
    );
    // ToO 12, AT/DT: the routed party's losses are taken now; its survivors then retreat.
    let (mut fighting, mut defenders, mut dice_retreats) = (fighting, plan.defenders, Vec::new());
    if let Some(p) = routed {
        let ids = if p == 0 { fighting.clone() } else { defenders.clone() };
        let (survivors, rolls) = super::rout::rout(&game, &ctx.turn, &mut ctx.glog, &mut combat.dice, q, view, &ids);
        if p == 0 { fighting = survivors } else { defenders = survivors }
        dice_retreats = rolls;
    }
    let pursuit = pursuit.filter(|_| game.scenario.rules.pursuit.is_some() && !plan.bombardment).and_then(|(p, combat)| {
        let ground: Vec<String> = fighting.iter().filter(|id| !plan.supporting.iter().any(|(s, _)| s == *id)).cloned().collect();
        let side = |ids: &[String]| ids.iter().find_map(|id| view.get(id)).map(|u| u.side);
        if p == 0 {
            let supplied = plan.attackers.iter().filter(|id| match &pursuing {
                Some(kept) => kept.supplied.contains(id),
                None => view.get(id).is_some_and(|u| super::attack_supply::in_supply_range(&game, view, u)),
            });
            let farther = super::attack_declarations::pursuit_distances(&game, plan.declared, view, &ground);
            Some(crate::model::PursuitGrant {
                side: side(&plan.attackers)?,
                units: ground,
                first: vec![plan.target],
                combat,
                supports: plan.supporting.iter().map(|(id, _)| id.clone()).collect(),
                supplied: supplied.cloned().collect(),
                farther,
                declared: plan.declared.map(|i| game.scenario.rules.attack_declarations[i].id.clone()),
            })
        } else {
            // After the attacker's rout: into a hex an attacker left [I].
            let left = plan.attackers.iter().filter(|id| !plan.supporting.iter().any(|(s, _)| s == *id));
            let mut first: Vec<SpaceId> = left.filter_map(|id| view.get(id).and_then(|u| u.space())).collect();
            first.sort_unstable();
            first.dedup();
            Some(crate::model::PursuitGrant { side: side(&defenders)?, units: defenders.clone(), first, combat, supports: Vec::new(), supplied: Vec::new(), farther: Vec::new(), declared: None })
        }
    });
    pending.0 = Some(CombatInProgress {
        pursuit,
        target: plan.target,
        attackers: fighting,
        no_retreat: holding,
        dice_retreats,
        defenders,
        attacker_points: points[0],
        defender_points: points[1],
        support_steps: support,
        owed,
        stage: CombatStage::Attacker,
        attacker_retreated: false,
        overrun: overrun.clone(),
        declared: plan.declared,
    });
    continue_losses(&game, &ctx.turn, &ctx.index, pending, prompt, &mut ctx.glog, q, &mut combat.control, &mut combat.changes);
}
