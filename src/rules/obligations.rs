//! Forced operations (tutorial 5.8: N2 Relieve the Arsenal!, U3 Counterattack Order): chits kept
//! face down until the owner's next regular movement phase, then revealed. The owner names the
//! units that comply, or opts out at the chit's cost. Named units must end the phase where the
//! operation says if they can reach such a hex (every move they make is held to it), and attack
//! as it says; ending a phase that leaves a possible compliance undone is refused. An operation
//! with `repeat_until` comes back at every later movement phase of its owner until a condition
//! holds.

use bevy::prelude::*;

use super::events::{Facts, chit_def, condition_holds};
use super::movement::{Destination, legal_destinations, supplied_after_move};
use super::note::{CommandCtx, accepted, command_is, log};
use super::RulesSystems;
use crate::model::view::{UnitView, UnitsView, has_flag, steps_left};
use crate::model::{Activity, Control, CurrentCommand, Game, Hidden, Location, Outcome, PendingPrompt, Pools, SpaceId, StepLevel, Tracks, TurnState, Unit};
use crate::scenario::schema::{EventEffect, ObligationAttack, ObligationDef, ObligationEnd, ObligationUnits, PhaseKind, PhaseUnits};
use crate::session::command::Command;
use crate::session::log::{GameLog, LogKind};
use crate::session::prompt::Prompt;

pub(super) fn add_systems(s: &mut Schedule) {
    // After the interdiction markers and the movement supply check (5.5 steps 3.1-3.2).
    s.add_systems(
        reveal
            .run_if(super::supply::phase_started)
            .in_set(RulesSystems::PhaseStart)
            .after(super::supply::check_supply_at_movement_start)
            .after(super::reactions::offer_at_phase_start),
    );
    s.add_systems(reveal.run_if(accepted).in_set(RulesSystems::Tracks).after(super::reactions::offer_after_command));
    s.add_systems(
        answer
            .run_if(command_is(|c| matches!(c, Command::Comply { .. } | Command::OptOut)))
            .in_set(RulesSystems::Movement)
            .before(super::declarations::apply_pending_effects),
    );
    s.add_systems(check_command.in_set(RulesSystems::ApplyCommand).after(super::sequence::check_sequence));
}

/// One forced operation in force.
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
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

/// The destinations of `unit` where it would be in supply (fast sure test first).
fn supplied_destinations(game: &Game, units: &UnitsView, control: &Control, unit: &UnitView) -> Vec<Destination> {
    let dests = legal_destinations(game, units, control, unit);
    let Some(rules) = &game.scenario.rules.supply else { return dests };
    let mut without = units.clone();
    without.0.retain(|u| u.id != unit.id);
    let base = super::supply::supply_map(game, rules, &without, control, unit.side, &control.interdicted);
    dests
        .into_iter()
        .filter(|d| super::supply::surely_supplied_at(game, &base, unit, d.space) || supplied_after_move(game, units, control, unit, d))
        .collect()
}

fn distance(game: &Game, a: SpaceId, b: SpaceId) -> u32 {
    game.board.distance(a, b).unwrap_or(u32::MAX)
}

/// Hexes where `ObligationEnd::NextToTargetOrItsAttackers` is met for `side`.
fn near_target(game: &Game, units: &UnitsView, side: usize, target: SpaceId) -> Vec<bool> {
    let b = &game.board;
    let mut ok = vec![false; b.len()];
    let mark_around = |s: SpaceId, ok: &mut Vec<bool>| {
        for e in &b.edges[s.index()] {
            ok[e.to.index()] = true;
        }
    };
    mark_around(target, &mut ok);
    for e in &b.edges[target.index()] {
        if units.enemy_at(e.to, side) {
            mark_around(e.to, &mut ok);
        }
    }
    ok[target.index()] = false;
    ok
}

/// Where a named unit may end its next move now: `None` = anywhere it can reach (it cannot do
/// better for the operation), else the destinations that keep it in compliance.
#[must_use]
pub fn allowed_destinations(game: &Game, units: &UnitsView, control: &Control, def: &ObligationDef, unit: &UnitView) -> Option<Vec<Destination>> {
    let target = game.board.space(&def.target)?;
    let at = unit.space()?;
    match def.end {
        ObligationEnd::ClosestInSupply => {
            let here = distance(game, at, target);
            let supplied = supplied_destinations(game, units, control, unit);
            let best = supplied.iter().map(|d| distance(game, d.space, target)).min()?;
            if best >= here {
                // As close as it can get: it may still move, but not away.
                let keep: Vec<Destination> = supplied.into_iter().filter(|d| distance(game, d.space, target) <= here).collect();
                return Some(keep);
            }
            Some(supplied.into_iter().filter(|d| distance(game, d.space, target) == best).collect())
        }
        ObligationEnd::NextToTargetOrItsAttackers => {
            let ok = near_target(game, units, unit.side, target);
            let good: Vec<Destination> = legal_destinations(game, units, control, unit).into_iter().filter(|d| ok[d.space.index()]).collect();
            if good.is_empty() && !ok[at.index()] { None } else { Some(good) }
        }
    }
}

/// Whether a named unit still has a move to make for the operation.
fn owes_a_move(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, def: &ObligationDef, unit: &UnitView) -> bool {
    // A unit that may not move this phase (landed this turn) owes nothing.
    if unit.activity.finished || unit.space().is_none() || super::reserve::phase_allows(game, turn, unit).is_err() {
        return false;
    }
    let (Some(target), Some(at)) = (game.board.space(&def.target), unit.space()) else { return false };
    match def.end {
        ObligationEnd::ClosestInSupply => {
            let here = distance(game, at, target);
            supplied_destinations(game, units, control, unit).iter().any(|d| distance(game, d.space, target) < here)
        }
        ObligationEnd::NextToTargetOrItsAttackers => {
            let ok = near_target(game, units, unit.side, target);
            !ok[at.index()] && legal_destinations(game, units, control, unit).iter().any(|d| ok[d.space.index()])
        }
    }
}

/// Units of `side` that may be named, and whether each could do anything for the operation.
#[must_use]
pub fn candidates(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, side: usize, def: &ObligationDef) -> Vec<String> {
    let Some(target) = game.board.space(&def.target) else { return Vec::new() };
    units
        .0
        .iter()
        .filter(|u| u.side == side && !u.activity.reserve)
        .filter(|u| u.space().is_some_and(|s| matches!(game.board.spaces[s.index()].kind, crate::model::board::SpaceKind::Hex { .. })))
        .filter(|u| match &def.units {
            ObligationUnits::Steps { beyond, .. } => u.space().is_some_and(|s| distance(game, s, target) > *beyond),
            ObligationUnits::Units { within, .. } => u.space().is_some_and(|s| distance(game, s, target) <= *within),
        })
        .filter(|u| owes_a_move(game, turn, units, control, def, u) || matches!(def.end, ObligationEnd::NextToTargetOrItsAttackers) && u.space().is_some_and(|s| near_target(game, units, side, target)[s.index()]))
        .map(|u| u.id.clone())
        .collect()
}

/// What the owner must name, given the candidates (capped at what they can give).
fn demand(game: &Game, units: &UnitsView, def: &ObligationDef, cands: &[String]) -> (u32, u32, String) {
    let steps = |ids: &mut dyn Iterator<Item = &String>| -> u32 { ids.filter_map(|id| units.get(id)).map(|u| steps_left(game, u.type_index, u.level)).sum() };
    match &def.units {
        ObligationUnits::Steps { min_steps, flagged, .. } => {
            let total = steps(&mut cands.iter()).min(*min_steps);
            let flag_need = flagged.map_or(0, |(f, n)| {
                let have: u32 = steps(&mut cands.iter().filter(|id| units.get(id).is_some_and(|u| has_flag(game, u.type_index, f))));
                have.min(n)
            });
            let text = format!("units worth at least {total} step(s), {flag_need} of them mech-type, toward {}", def.target);
            (total, flag_need, text)
        }
        ObligationUnits::Units { min_units, .. } => {
            let n = (cands.len() as u32).min(*min_units);
            (n, 0, format!("at least {n} unit(s) next to {} or to an enemy unit next to it", def.target))
        }
    }
}

/// Why naming `named` does not meet the operation, if it does not.
#[must_use]
pub fn comply_rejection(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, side: usize, def: &ObligationDef, named: &[String]) -> Option<String> {
    let cands = candidates(game, turn, units, control, side, def);
    for (i, id) in named.iter().enumerate() {
        if !cands.contains(id) {
            return Some(format!("`{id}` may not be named (candidates: {})", cands.join(", ")));
        }
        if named[..i].contains(id) {
            return Some(format!("`{id}` is named twice"));
        }
    }
    let (need, flag_need, text) = demand(game, units, def, &cands);
    let steps_of = |pred: &dyn Fn(&UnitView) -> bool| -> u32 {
        named.iter().filter_map(|id| units.get(id)).filter(|u| pred(u)).map(|u| steps_left(game, u.type_index, u.level)).sum()
    };
    match &def.units {
        ObligationUnits::Steps { flagged, .. } => {
            let flag_have = flagged.map_or(0, |(f, _)| steps_of(&|u: &UnitView| has_flag(game, u.type_index, f)));
            (steps_of(&|_| true) < need || flag_have < flag_need).then(|| format!("name {text}"))
        }
        ObligationUnits::Units { .. } => ((named.len() as u32) < need).then(|| format!("name {text}")),
    }
}

/// Ways to comply for the legal-command list: the candidates in order until the demand is met,
/// flagged units first, and the same starting from each candidate in turn (a few choices).
#[must_use]
pub fn compliance_options(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, side: usize, def: &ObligationDef) -> Vec<Vec<String>> {
    let mut cands = candidates(game, turn, units, control, side, def);
    if let ObligationUnits::Steps { flagged: Some((f, _)), .. } = &def.units {
        cands.sort_by_key(|id| !units.get(id).is_some_and(|u| has_flag(game, u.type_index, *f)));
    }
    let mut out: Vec<Vec<String>> = Vec::new();
    for start in 0..cands.len().clamp(1, 6) {
        let mut pick = Vec::new();
        for id in cands.iter().cycle().skip(start).take(cands.len()) {
            if comply_rejection(game, turn, units, control, side, def, &pick).is_none() {
                break;
            }
            pick.push(id.clone());
        }
        if comply_rejection(game, turn, units, control, side, def, &pick).is_none() && !out.contains(&pick) {
            out.push(pick);
        }
    }
    out
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
        .map(|(attackers, hex)| Command::Attack { attackers, target: game.board.key(hex).to_string(), table: None, supports: Vec::new() })
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
                .map(|u| u.id.clone())
                .collect();
            (!next.is_empty() && can(&next, target)).then_some((next, target))
        }
        ObligationAttack::OnlyNearTarget => {
            if live.iter().any(|u| u.activity.attacked) {
                return None;
            }
            let free: Vec<String> = live.iter().map(|u| u.id.clone()).collect();
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

#[expect(clippy::too_many_arguments, reason = "the check reads what the operations depend on")]
fn check_command(
    game: Res<Game>,
    turn: Res<TurnState>,
    control: Res<Control>,
    obl: Res<Obligations>,
    cmd: Res<CurrentCommand>,
    tracks: Res<Tracks>,
    mut outcome: ResMut<Outcome>,
    q: crate::model::view::UnitQuery,
) {
    if outcome.rejected.is_some() || obl.active.is_empty() {
        return;
    }
    let Some((_, c)) = &cmd.0 else { return };
    let units = UnitsView::collect(q.iter());
    if let Some(r) = obligation_rejection(&game, &turn, &units, (&control, &tracks), &obl, c) {
        outcome.rejected = Some(r);
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
    q: crate::model::view::UnitQuery,
) {
    if prompt.0.is_some() || turn.result.is_some() {
        return;
    }
    let Some(phase) = turn.current_phase(&game) else { return };
    let Some(side) = turn.actor(&game, phase) else { return };
    if phase.kind != PhaseKind::Movement || phase.units == PhaseUnits::Reserve {
        return;
    }
    let units = UnitsView::collect(q.iter());
    let facts = Facts { game: &game, turn: &turn, tracks: &tracks, control: &control, units: &units, timers: &timers.0 };
    let now = (turn.turn, turn.phase);
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
                    log(&mut glog, &game, &turn, LogKind::Track, format!("{}: the operation is over", a.chit), None);
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
                log(&mut glog, &game, &turn, LogKind::Track, format!("{} reveals {} ({}): no event", game.side_id(side), def.id, def.name), None);
                continue;
            }
            log(&mut glog, &game, &turn, LogKind::Track, format!("{} reveals {} ({})", game.side_id(side), def.id, def.name), None);
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
        log(&mut glog, &game, &turn, LogKind::Track, format!("{chit}: too few units can comply: no event"), None);
        return;
    }
    if cands.is_empty() {
        obl.active[i].answered = true;
        log(&mut glog, &game, &turn, LogKind::Track, format!("{chit}: no unit can comply this phase"), None);
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
    mut q: Query<(&Unit, &Location, &StepLevel, &mut Activity, &Hidden)>,
) {
    let Some((side, c)) = ctx.cmd.0.clone() else { return };
    let Some(Prompt::Obligation { chit, opt_out, .. }) = prompt.0.clone() else {
        return ctx.reject("no forced operation is waiting for an answer".into());
    };
    let (game, turn) = (ctx.game.clone(), ctx.turn.clone());
    let Some(def) = obligation_of(&game, &chit).cloned() else { return };
    let Some(i) = obl.active.iter().position(|a| a.chit == chit && !a.answered) else { return };
    let units = UnitsView::collect(q.iter());
    match c {
        Command::OptOut => {
            if opt_out.is_none() {
                return ctx.reject(format!("{chit} has no opt-out"));
            }
            obl.active.remove(i);
            ctx.log(LogKind::Command, format!("{} opts out of {chit}", game.side_id(side)), None);
            pending.0.push((side, def.opt_out.clone(), format!("{chit} opt-out"), None));
        }
        Command::Comply { units: named } => {
            if let Some(r) = comply_rejection(&game, &turn, &units, &control, side, &def, &named) {
                return ctx.reject(r);
            }
            for (u, _, _, mut act, _) in &mut q {
                if def.may_end_unsupplied && named.contains(&u.id) {
                    act.supply_exempt = true;
                }
            }
            ctx.log(LogKind::Command, format!("{} complies with {chit}: {}", game.side_id(side), named.join(", ")), Some(def.target.clone()));
            let a = &mut obl.active[i];
            a.units = named;
            a.answered = true;
        }
        _ => return,
    }
    prompt.0 = None;
}
