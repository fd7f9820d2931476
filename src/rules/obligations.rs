//! Forced operations (tutorial 5.8: N2 Relieve the Arsenal!, U3 Counterattack Order): chits kept
//! face down until the owner's next regular movement phase, then revealed. The owner names the
//! units that comply, or opts out at the chit's cost. Named units must end the phase where the
//! operation says if they can reach such a hex (every move they make is held to it), and attack
//! as it says; ending a phase that leaves a possible compliance undone is refused. An operation
//! with `repeat_until` comes back at every later movement phase of its owner until a condition
//! holds.

use bevy::ecs::schedule::IntoScheduleConfigs;
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;

pub use super::obligation_rules::{allowed_destinations, candidates, comply_rejection, compliance_options};
use super::obligation_rules::{demand, distance, owes_a_move};

use super::events::{Facts, chit_def, condition_holds};
use super::note::{CommandCtx, log};
use super::RulesSystems;
use crate::model::view::{UnitView, UnitsView};
use crate::model::{Control, CurrentCommand, Game, Outcome, PendingPrompt, Pools, SpaceId, Tracks, TurnState};
use crate::scenario::schema::{EventEffect, ObligationAttack, ObligationDef, ObligationUnits, PhaseKind, PhaseUnits};
use crate::model::command::Command;
use crate::model::log::{GameLog, LogKind};
use crate::model::prompt::Prompt;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // Chits are revealed, and operations bind units, only where some chit is kept face down
    // until its movement phase or carries an operation. Elsewhere the start of each movement
    // phase is only marked (the state hash holds the mark), by a system that reads little.
    let reveals = |sc: &crate::scenario::schema::Scenario| {
        sc.pools.iter().flat_map(|p| &p.chits).any(|c| c.reveal_at_movement) || super::withdrawals::any_effect(sc, &|e| matches!(e, EventEffect::Obligation(_)))
    };
    if s.uses(reveals) {
        at_movement_moments(s, reveal);
    } else {
        at_movement_moments(s, mark_movement_phase);
    }
    s.on(|c| matches!(c, Command::Comply { .. } | Command::OptOut), answer.in_set(RulesSystems::Movement).before(super::declarations::apply_pending_effects));
    // Only operations a chit or an event carries bind units: without any, no command is checked
    // (a system on every command costs a run of its own).
    if s.uses(|sc| super::withdrawals::any_effect(sc, &|e| matches!(e, EventEffect::Obligation(_)))) {
        s.always(check_command.in_set(RulesSystems::ApplyCommand).after(super::sequence::check_sequence));
    }
}

/// `system` at the moments chits are revealed: as a phase begins, and after each accepted
/// command (a movement phase begun by the command's phase end, or an answer given).
fn at_movement_moments<M>(s: &mut crate::model::rules_builder::RulesBuilder, system: impl IntoScheduleConfigs<ScheduleSystem, M> + Copy) {
    s.at_phase_start(
        system
            .after(super::supply::check_supply_at_movement_start)
            .after(super::reactions::offer_at_phase_start),
    );
    s.always(system.in_set(super::Gate::Accepted).in_set(RulesSystems::Tracks).after(super::reactions::offer_after_command));
}

/// One forced operation in force.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Active {
    pub side: usize,
    pub chit: String,
    /// The units named to comply (empty until answered, or when none could).
    pub units: Vec<String>,
    pub answered: bool,
    /// The movement phase (game turn, phase) the current compliance binds.
    pub bound: (usize, usize),
}

/// Forced operations in force, and the last movement phase at whose start they were revealed.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Obligations {
    pub active: Vec<Active>,
    pub revealed_at: Option<(usize, usize)>,
}

/// The operation a chit carries.
#[must_use]
pub fn obligation_of<'a>(game: &'a Game, chit: &str) -> Option<&'a ObligationDef> {
    chit_def(game, chit)?.1.effects.iter().find_map(|e| match e {
        EventEffect::Obligation(d) => Some(d.as_ref()),
        _ => None,
    })
}

/// The operation binding `unit` in the current phase, if any.
fn binding<'a>(game: &'a Game, obl: &'a Obligations, turn: &TurnState, unit: &str) -> Option<&'a ObligationDef> {
    obl.active
        .iter()
        .filter(|a| a.answered && a.bound.0 == turn.turn && a.units.iter().any(|u| u == unit))
        .find_map(|a| obligation_of(game, &a.chit))
}

/// Whether `unit` is named for an operation bound to the current phase.
#[must_use]
pub fn bound_now(turn: &TurnState, obl: &Obligations, unit: &str) -> bool {
    obl.active.iter().any(|a| a.answered && a.bound == (turn.turn, turn.phase) && a.units.iter().any(|u| u == unit))
}

/// Where a bound unit may move now, computed once for the legal list: `None` = anywhere.
#[must_use]
pub fn bound_destinations(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, obl: &Obligations, unit: &str) -> Option<Vec<SpaceId>> {
    let def = binding(game, obl, turn, unit)?;
    let u = units.get(unit)?;
    allowed_destinations(game, units, control, def, u).map(|v| v.into_iter().map(|d| d.space).collect())
}

/// Why a command breaks an operation in force, if it does.
#[must_use]
pub fn obligation_rejection(game: &Game, turn: &TurnState, units: &UnitsView, (control, tracks): (&Control, &Tracks), obl: &Obligations, cmd: &Command) -> Option<String> {
    let phase = turn.current_phase(game)?;
    match cmd {
        Command::Move { unit, to } if bound_now(turn, obl, unit) => {
            let def = binding(game, obl, turn, unit)?;
            let u = units.get(unit)?;
            let allowed = allowed_destinations(game, units, control, def, u)?;
            let dest = game.board.space(to)?;
            (!allowed.iter().any(|d| d.space == dest)).then(|| {
                let keys: Vec<&str> = allowed.iter().map(|d| game.board.key(d.space)).collect();
                format!("`{unit}` is bound by an operation toward {}: it may move only to {}", def.target, if keys.is_empty() { "nowhere farther".to_string() } else { keys.join(", ") })
            })
        }
        Command::StrategicMove { unit, .. } | Command::Reserve { unit } if binding(game, obl, turn, unit).is_some() => {
            Some(format!("`{unit}` is bound by an operation and must move normally this phase"))
        }
        Command::Attack { attackers, target, .. } => {
            for a in attackers {
                if let Some(def) = binding(game, obl, turn, a)
                    && def.attack == ObligationAttack::OnlyNearTarget
                {
                    let (Some(t), Some(d)) = (game.board.space(target), game.board.space(&def.target)) else { continue };
                    if distance(game, t, d) > 1 {
                        return Some(format!("`{a}` may attack only in or next to {} this player turn", def.target));
                    }
                }
            }
            None
        }
        Command::EndPhase if phase.kind == PhaseKind::Movement && phase.units != PhaseUnits::Reserve => {
            for a in obl.active.iter().filter(|a| a.answered && a.bound == (turn.turn, turn.phase)) {
                let Some(def) = obligation_of(game, &a.chit) else { continue };
                for id in &a.units {
                    if let Some(u) = units.get(id)
                        && owes_a_move(game, turn, units, control, def, u)
                    {
                        return Some(format!("`{id}` must still move for {} (toward {})", a.chit, def.target));
                    }
                }
            }
            None
        }
        Command::EndPhase if phase.kind == PhaseKind::Combat && phase.units != PhaseUnits::Reserve => {
            for a in obl.active.iter().filter(|a| a.answered && a.bound.0 == turn.turn && turn.actor(game, phase) == Some(a.side)) {
                let Some(def) = obligation_of(game, &a.chit) else { continue };
                if let Some((attackers, hex)) = attack_owed(game, turn, units, (control, tracks), a, def) {
                    return Some(format!("{} must attack {} ({} toward {})", attackers.join(", "), game.board.key(hex), a.chit, def.target));
                }
            }
            None
        }
        _ => None,
    }
}

/// Attacks the named units owe in the current combat phase and can still make, as commands.
#[must_use]
pub fn owed_attacks(game: &Game, turn: &TurnState, units: &UnitsView, (control, tracks): (&Control, &Tracks), obl: &Obligations) -> Vec<Command> {
    let Some(phase) = turn.current_phase(game) else { return Vec::new() };
    if phase.kind != PhaseKind::Combat || phase.units == PhaseUnits::Reserve {
        return Vec::new();
    }
    obl.active
        .iter()
        .filter(|a| a.answered && a.bound.0 == turn.turn && turn.actor(game, phase) == Some(a.side))
        .filter_map(|a| attack_owed(game, turn, units, (control, tracks), a, obligation_of(game, &a.chit)?))
        .map(|(attackers, hex)| Command::Attack { attackers: crate::model::command::names(&attackers), target: game.board.key(hex).into(), table: None, supports: Vec::new(), declare: None })
        .collect()
}

/// An attack the named units owe and can still make: its attackers and target.
fn attack_owed(game: &Game, turn: &TurnState, units: &UnitsView, (control, tracks): (&Control, &Tracks), a: &Active, def: &ObligationDef) -> Option<(Vec<String>, SpaceId)> {
    let target = game.board.space(&def.target)?;
    let live: Vec<&UnitView> = a.units.iter().filter_map(|id| units.get(id)).filter(|u| u.space().is_some()).collect();
    let can = |attackers: &[String], hex: SpaceId| {
        super::combat::attack_ban(game, tracks, units, attackers).is_none()
            && super::combat::plan_attack(game, turn, units, control, a.side, attackers, game.board.key(hex), None).is_ok()
    };
    match def.attack {
        ObligationAttack::Nothing => None,
        ObligationAttack::TargetIfAdjacent => {
            let next: Vec<String> = live
                .iter()
                .filter(|u| !u.activity.attacked && u.space().is_some_and(|s| game.board.edge(s, target).is_some()))
                .map(|u| String::from(&*u.id))
                .collect();
            (!next.is_empty() && can(&next, target)).then_some((next, target))
        }
        ObligationAttack::OnlyNearTarget => {
            if live.iter().any(|u| u.activity.attacked) {
                return None;
            }
            let free: Vec<String> = live.iter().map(|u| String::from(&*u.id)).collect();
            let mut hexes = vec![target];
            hexes.extend(game.board.edges[target.index()].iter().map(|e| e.to));
            for h in hexes {
                let adj: Vec<String> = free.iter().filter(|id| units.get(id).and_then(|u| u.space()).is_some_and(|s| game.board.edge(s, h).is_some())).cloned().collect();
                if !adj.is_empty() && units.enemy_at(h, a.side) && can(&adj, h) {
                    return Some((adj, h));
                }
            }
            None
        }
    }
}

/// Rejects a command that an operation in force does not allow (see `obligation_rejection`).
#[expect(clippy::too_many_arguments, reason = "the check reads what the operations depend on")]
pub fn check_command(
    game: Res<Game>,
    turn: Res<TurnState>,
    control: Res<Control>,
    obl: Res<Obligations>,
    cmd: Res<CurrentCommand>,
    tracks: Res<Tracks>,
    mut outcome: ResMut<Outcome>,
    mut q: crate::model::units_now::UnitQuery,
) {
    if outcome.rejected.is_some() || obl.active.is_empty() {
        return;
    }
    let Some((_, c)) = &cmd.0 else { return };
    let units = q.view();
    if let Some(r) = obligation_rejection(&game, &turn, &units, (&control, &tracks), &obl, c) {
        outcome.rejected = Some(r);
    }
}

/// The side whose movement phase (not a reserve one) is on, and the moment (game turn,
/// phase), when nothing is asked and the game goes on: when `reveal` acts.
fn movement_phase_now(game: &Game, turn: &TurnState, prompt: &PendingPrompt) -> Option<(usize, (usize, usize))> {
    if prompt.0.is_some() || turn.result.is_some() {
        return None;
    }
    let phase = turn.current_phase(game)?;
    let side = turn.actor(game, phase)?;
    if phase.kind != PhaseKind::Movement || phase.units == PhaseUnits::Reserve {
        return None;
    }
    Some((side, (turn.turn, turn.phase)))
}

/// What `reveal` leaves where no chit is face down and no operation binds units: the mark that
/// this movement phase has begun.
fn mark_movement_phase(game: Res<Game>, turn: Res<TurnState>, prompt: Res<PendingPrompt>, mut obl: ResMut<Obligations>) {
    let Some((_, now)) = movement_phase_now(&game, &turn, &prompt) else { return };
    if obl.revealed_at != Some(now) {
        obl.revealed_at = Some(now);
    }
}

#[expect(clippy::too_many_arguments, reason = "revealing reads the game and raises the prompt")]
fn reveal(
    game: Res<Game>,
    turn: Res<TurnState>,
    tracks: Res<Tracks>,
    control: Res<Control>,
    timers: Res<super::timers::Timers>,
    mut pools: ResMut<Pools>,
    mut obl: ResMut<Obligations>,
    mut prompt: ResMut<PendingPrompt>,
    mut glog: ResMut<GameLog>,
    mut outcome: ResMut<Outcome>,
    mut q: crate::model::units_now::UnitQuery,
) {
    let Some((side, now)) = movement_phase_now(&game, &turn, &prompt) else { return };
    let units = q.view();
    let facts = Facts { game: &game, turn: &turn, tracks: &tracks, control: &control, units: &units, timers: &timers.0 };
    if obl.revealed_at != Some(now) {
        obl.revealed_at = Some(now);
        // Operations of earlier player turns that do not repeat are over; repeating ones come
        // back unless their end condition holds.
        let mut kept = Vec::new();
        for mut a in std::mem::take(&mut obl.active) {
            let Some(def) = obligation_of(&game, &a.chit) else { continue };
            if a.side != side {
                kept.push(a);
                continue;
            }
            match &def.repeat_until {
                Some(until) if until.iter().any(|c| condition_holds(facts, c)) => {
                    log(&mut glog, &game, &turn, LogKind::Track, format_args!("{}: the operation is over", a.chit), None);
                }
                Some(_) => {
                    a.answered = false;
                    a.units.clear();
                    kept.push(a);
                }
                None => {}
            }
        }
        obl.active = kept;
        let mine: Vec<String> = pools.face_down.iter().filter(|(s, _)| *s == side).map(|(_, c)| c.clone()).collect();
        pools.face_down.retain(|(s, _)| *s != side);
        for chit in mine {
            let Some((_, def)) = chit_def(&game, &chit) else { continue };
            outcome.barrier = true;
            if def.no_event.iter().any(|c| condition_holds(facts, c)) {
                log(&mut glog, &game, &turn, LogKind::Track, format_args!("{} reveals {} ({}): no event", game.side_id(side), def.id, def.name), None);
                continue;
            }
            log(&mut glog, &game, &turn, LogKind::Track, format_args!("{} reveals {} ({})", game.side_id(side), def.id, def.name), None);
            obl.active.push(Active { side, chit, units: Vec::new(), answered: false, bound: now });
        }
    }
    // Ask about the first operation waiting for its answer.
    let waiting = obl.active.iter().position(|a| a.side == side && !a.answered);
    let Some(i) = waiting else { return };
    let chit = obl.active[i].chit.clone();
    let (Some(def), Some((_, cdef))) = (obligation_of(&game, &chit), chit_def(&game, &chit)) else { return };
    obl.active[i].bound = now;
    let cands = candidates(&game, &turn, &units, &control, side, def);
    // An order that needs a number of units is void if too few can comply (5.8 U3).
    if let ObligationUnits::Units { min_units, .. } = def.units
        && (cands.len() as u32) < min_units
    {
        obl.active.remove(i);
        log(&mut glog, &game, &turn, LogKind::Track, format_args!("{chit}: too few units can comply: no event"), None);
        return;
    }
    if cands.is_empty() {
        obl.active[i].answered = true;
        log(&mut glog, &game, &turn, LogKind::Track, format_args!("{chit}: no unit can comply this phase"), None);
        return;
    }
    let (_, _, text) = demand(&game, &units, def, &cands);
    let opt_out = (!def.opt_out.is_empty()).then(|| describe_effects(&def.opt_out));
    prompt.0 = Some(Prompt::Obligation {
        side: game.side_id(side).to_string(),
        chit: chit.clone(),
        name: cdef.name.clone(),
        demand: text,
        candidates: cands,
        opt_out,
        rule: cdef.rule.clone().unwrap_or_default(),
    });
}

fn describe_effects(effects: &[EventEffect]) -> String {
    effects
        .iter()
        .map(|e| match e {
            EventEffect::AdjustTrack { track, amount: crate::scenario::schema::Amount::Fixed(n), .. } => format!("{track} {n:+}"),
            other => format!("{other:?}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn answer(
    mut ctx: CommandCtx,
    control: Res<Control>,
    mut obl: ResMut<Obligations>,
    mut prompt: ResMut<PendingPrompt>,
    mut pending: ResMut<super::declarations::PendingEffects>,
    mut q: crate::model::units_now::UnitsMut,
) {
    let Some((side, c)) = ctx.cmd.0.clone() else { return };
    let Some(Prompt::Obligation { chit, opt_out, .. }) = prompt.0.clone() else {
        return ctx.reject("no forced operation is waiting for an answer".into());
    };
    let (game, turn) = (ctx.game.clone(), ctx.turn.clone());
    let Some(def) = obligation_of(&game, &chit).cloned() else { return };
    let Some(i) = obl.active.iter().position(|a| a.chit == chit && !a.answered) else { return };
    let units = q.view();
    match c {
        Command::OptOut => {
            if opt_out.is_none() {
                return ctx.reject(format!("{chit} has no opt-out"));
            }
            obl.active.remove(i);
            ctx.log(LogKind::Command, format_args!("{} opts out of {chit}", game.side_id(side)), None);
            pending.0.push((side, def.opt_out.clone(), format!("{chit} opt-out"), None));
        }
        Command::Comply { units: named } => {
            if let Some(r) = comply_rejection(&game, &turn, &units, &control, side, &def, &crate::model::command::strings(&named)) {
                return ctx.reject(r);
            }
            for (u, _, _, mut act, _) in q.iter_mut() {
                if def.may_end_unsupplied && named.iter().any(|x| **x == *u.id) {
                    act.supply_exempt = true;
                }
            }
            ctx.log(LogKind::Command, format_args!("{} complies with {chit}: {}", game.side_id(side), named.join(", ")), Some(def.target.clone()));
            let a = &mut obl.active[i];
            a.units = crate::model::command::strings(&named);
            a.answered = true;
        }
        _ => return,
    }
    prompt.0 = None;
}
