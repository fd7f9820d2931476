//! One-time declarations (tutorial 5.7.9, HW 1.9): at the start of each game turn in its window
//! the side is asked whether it declares. A declaration can make the side first player for the
//! rest of the game (so it plays two player turns in a row in the declaration turn) and switches
//! on the phases tagged with it for that turn; its effects are typed data.

use bevy::prelude::*;

use super::events::{EffectParams, Facts, condition_holds};
use super::note::log;
use super::RulesSystems;
use crate::model::units_now::UnitQuery;
use crate::model::{Control, CurrentCommand, Game, Outcome, PendingPrompt, Tracks, TurnState};
use crate::scenario::schema::EventEffect;
use crate::model::log::GameLog;
use crate::model::command::Command;
use crate::model::log::LogKind;
use crate::model::prompt::Prompt;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // Offers only where the scenario has declarations to make.
    if s.uses(|sc| !sc.rules.declarations.is_empty()) {
        s.at_phase_start(
            offer_declarations
                .before(super::supply::check_supply_at_movement_start)
                .before(super::interdiction::prompt_for_markers),
        );
    }
    s.on(|c| matches!(c, Command::Declare { .. }), declare.in_set(RulesSystems::Movement).before(apply_pending_effects));
    // Effects are queued only by a declaration, an answer to a reaction offer (`reactions`,
    // where the ruleset keeps them) and an answer to a forced operation (`obligations`), each
    // before `apply_pending_effects` in the same run, which drains them: the schedules of
    // other commands never find any.
    let queues: fn(&Command) -> bool = if s.kept(crate::model::ruleset::Mechanism::Reactions) {
        |c| matches!(c, Command::Declare { .. } | Command::PlayChit { .. } | Command::Pass | Command::Comply { .. } | Command::OptOut)
    } else {
        |c| matches!(c, Command::Declare { .. } | Command::Comply { .. } | Command::OptOut)
    };
    s.only_for(
        queues,
        apply_pending_effects.run_if(|p: Res<PendingEffects>| !p.0.is_empty()).in_set(RulesSystems::Movement),
    );
}

/// Offers the next open declaration when a game turn's first phase begins.
#[expect(clippy::too_many_arguments, reason = "a declaration's conditions may read any of these")]
pub fn offer_declarations(
    game: Res<Game>,
    control: Res<Control>,
    tracks: Res<Tracks>,
    mut glog: ResMut<GameLog>,
    mut prompt: ResMut<PendingPrompt>,
    mut turn: ResMut<TurnState>,
    timers: Res<super::timers::Timers>,
    mut q: UnitQuery,
) {
    if prompt.0.is_some() || turn.setup.is_some() || turn.result.is_some() {
        return;
    }
    let first = super::sequence::next_phase_on(&game, &turn.declared, turn.turn, 0) == Some(turn.phase);
    let game = game.clone();
    let phase = turn.current_phase(&game).cloned();
    let now = turn.turn;
    for d in &game.scenario.rules.declarations {
        // Offered when the game turn begins, or when the side's own phase of a kind begins.
        let moment = match d.own_phase {
            None => first,
            Some(kind) => phase.as_ref().is_some_and(|p| p.kind == kind && turn.actor(&game, p) == game.side_index(&d.side)),
        };
        if !moment {
            continue;
        }
        let window = (d.turns.0 as usize..=d.turns.1 as usize).contains(&(now + 1));
        if !window || turn.declared.contains_key(&d.id) || turn.offered.contains(&(String::from(&*d.id), now)) {
            continue;
        }
        turn.offered.insert((String::from(&*d.id), now));
        let units = q.view();
        let facts = Facts { game: &game, turn: &turn, tracks: &tracks, control: &control, units: &units, timers: &timers.0 };
        if d.forbidden_if.iter().any(|c| condition_holds(facts, c)) {
            // Declarations offered at every own phase (DI 24) say nothing while they are barred.
            if d.own_phase.is_none() {
                log(&mut glog, &game, &turn, LogKind::Phase, format_args!("{} may not be declared this turn", d.name), None);
            }
            continue;
        }
        // DI 24 on a B turn (reference 7.15): allowed, but without a Mobilization phase left only
        // its other effects apply; the offer says so.
        let side = game.side_index(&d.side);
        let label = game.scenario.turns.labels.get(now).cloned().unwrap_or_default();
        let mobilizes = game.scenario.turns.phases.iter().enumerate().skip(turn.phase).any(|(_, p)| {
            p.kind == crate::scenario::schema::PhaseKind::Mobilization && turn.actor(&game, p) == side && (p.only_turns.is_empty() || p.only_turns.contains(&label))
        });
        let has_mobilization = game.scenario.turns.phases.iter().any(|p| p.kind == crate::scenario::schema::PhaseKind::Mobilization);
        let warn = d.own_phase.is_some() && has_mobilization && !mobilizes;
        let name = if warn { format!("{} (no Mobilization phase this turn: only the control doubling applies)", d.name) } else { d.name.clone() };
        prompt.0 = Some(Prompt::Declare { side: d.side.clone(), id: String::from(&*d.id), name, rule: d.rule.clone().unwrap_or_default() });
        return;
    }
}

/// Effects waiting to be applied by [`apply_pending_effects`]: (side, effects, cause, event
/// table to roll afterwards).
#[derive(Resource, Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct PendingEffects(pub Vec<(usize, Vec<EventEffect>, String, Option<String>)>);

/// Units that lose a step through the effects being applied (`ReduceUnit`): the effect context
/// records them here and `EffectParams::run` takes their steps before it returns, so it is
/// empty between commands. A part of the state all the same: saves of format 3 hash it.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Reductions(pub Vec<String>);

fn declare(
    cmd: Res<CurrentCommand>,
    mut outcome: ResMut<Outcome>,
    mut prompt: ResMut<PendingPrompt>,
    mut turn: ResMut<TurnState>,
    game: Res<Game>,
    mut glog: ResMut<GameLog>,
    mut pending: ResMut<PendingEffects>,
) {
    let Some((side, Command::Declare { id, declare })) = cmd.0.clone() else { return };
    let id = id.to_string();
    let Some(Prompt::Declare { id: offered, .. }) = prompt.0.clone() else {
        outcome.rejected = Some("no declaration is on offer".into());
        return;
    };
    if offered != id {
        outcome.rejected = Some(format!("the declaration on offer is `{offered}`"));
        return;
    }
    prompt.0 = None;
    let game = game.clone();
    // An answer to a declaration (tutorial 5.7.9: the NA decides whether to intercept).
    if let Some((d, resp)) = game.scenario.rules.declarations.iter().find_map(|d| d.response.as_ref().filter(|r| r.id == id).map(|r| (d, r))) {
        outcome.phase_started = true;
        let verb = if declare { "takes" } else { "does not take" };
        log(&mut glog, &game, &turn, LogKind::Command, format_args!("{} {verb} {} ({})", game.side_id(side), resp.name, d.name), None);
        if declare {
            turn.responded.insert(String::from(&*resp.id));
            pending.0.push((side, resp.effects.clone(), resp.name.clone(), resp.table.clone()));
        }
        return;
    }
    let Some(d) = game.scenario.rules.declarations.iter().find(|d| d.id == id) else { return };
    if !declare {
        // The turn starts again from its first phase: the phase-start hooks that waited for the
        // answer run now.
        outcome.phase_started = true;
        log(&mut glog, &game, &turn, LogKind::Command, format_args!("{} does not declare {}", game.side_id(side), d.name), None);
        return;
    }
    let now = turn.turn;
    turn.declared.insert(id.clone(), now);
    if d.becomes_first_player {
        turn.first_side = side;
    }
    let first = if d.becomes_first_player { format!("; {} is first player from now on", game.side_id(side)) } else { String::new() };
    log(&mut glog, &game, &turn, LogKind::Command, format_args!("{} declares {}{first}", game.side_id(side), d.name), None);
    if d.own_phase.is_none() {
        turn.phase = super::sequence::next_phase_on(&game, &turn.declared, now, 0).unwrap_or(turn.phase);
    }
    pending.0.push((side, d.effects.clone(), d.name.clone(), None));
    match &d.response {
        // The phase-start hooks wait for the answer.
        Some(r) => {
            prompt.0 = Some(Prompt::Declare {
                side: r.side.clone(),
                id: String::from(&*r.id),
                name: format!("{} against {}", r.name, d.name),
                rule: r.rule.clone().or_else(|| d.rule.clone()).unwrap_or_default(),
            });
        }
        None => outcome.phase_started = true,
    }
}

/// Applies the effects queued by declarations and their answers, rolling their tables.
pub fn apply_pending_effects(mut p: EffectParams, mut pending: ResMut<PendingEffects>, mut outcome: ResMut<Outcome>) {
    if pending.0.is_empty() {
        return;
    }
    let list = std::mem::take(&mut pending.0);
    p.run(|fx| {
        for (side, effects, cause, table) in &list {
            fx.apply(*side, effects, cause);
            let Some(t) = table.as_ref().and_then(|t| fx.game.scenario.tables.events.iter().find(|x| &x.id == t)) else { continue };
            let roll = fx.dice.roll_spec(t.dice, &format!("{} rolls on {}", fx.game.side_id(*side), t.name));
            let Some(entry) = t.entries.iter().find(|e| (e.rolls.0..=e.rolls.1).contains(&roll)) else { continue };
            log(fx.glog, fx.game, fx.turn, LogKind::Roll, format_args!("{}: rolled {roll}: {}", t.name, entry.name), None);
            fx.apply(*side, &entry.effects, &format!("{}: {}", t.name, entry.name));
        }
    });
    if list.iter().any(|(_, _, _, t)| t.is_some()) {
        outcome.barrier = true;
    }
}
