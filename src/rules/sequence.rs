//! The sequence of play: which commands each phase allows, and ending a phase (next phase,
//! next turn, end of game). Phases whose `from_turn` is later than the current turn are skipped.

use bevy::prelude::*;

use super::note::log;
use super::RulesSystems;
use crate::model::{Activity, CurrentCommand, Game, Outcome, PendingPrompt, TurnState};
use crate::scenario::schema::{PhaseKind, PhaseUnits};
use crate::model::command::Command;
use crate::model::log::{GameLog, LogKind};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.always(check_sequence.in_set(RulesSystems::ApplyCommand));
    s.on(|c| matches!(c, Command::EndPhase), end_phase.in_set(RulesSystems::Sequence));
}

/// Why a command may not be given now, if it may not.
#[must_use]
pub fn sequence_rejection(game: &Game, turn: &TurnState, prompt: Option<&crate::model::prompt::Prompt>, cmd: &Command) -> Option<String> {
    if let Some(r) = &turn.result {
        return Some(format!("the game is over ({})", r.level));
    }
    // The ruleset's own commands follow its own sequence of play.
    if let Command::Game(g) = cmd {
        return game.ruleset.sequence_rejection(game, turn, prompt, g);
    }
    if let Some(p) = prompt {
        return match (p, cmd) {
            (crate::model::prompt::Prompt::TakeLosses { .. }, Command::TakeLosses { .. })
            | (crate::model::prompt::Prompt::Advance { .. }, Command::Advance { .. })
            | (crate::model::prompt::Prompt::PlaceMarkers { .. }, Command::PlaceMarkers { .. })
            | (crate::model::prompt::Prompt::Declare { .. }, Command::Declare { .. })
            | (crate::model::prompt::Prompt::React { .. }, Command::PlayChit { .. } | Command::Pass)
            | (crate::model::prompt::Prompt::ChooseUnit { .. }, Command::Choose { .. })
            | (crate::model::prompt::Prompt::Obligation { .. }, Command::Comply { .. } | Command::OptOut)
            | (crate::model::prompt::Prompt::FirstPlayer { .. }, Command::FirstPlayer { .. })
            | (crate::model::prompt::Prompt::PickUnits { .. }, Command::PickUnits { .. })
            | (crate::model::prompt::Prompt::Withdraw { .. }, Command::WithdrawUnits { .. })
            | (crate::model::prompt::Prompt::ChooseOption { .. }, Command::ChooseOption { .. })
            | (crate::model::prompt::Prompt::Retreat { .. }, Command::RetreatTo { .. })
            | (crate::model::prompt::Prompt::PlaceUnit { optional: false, .. }, Command::Place { .. })
            | (crate::model::prompt::Prompt::PlaceUnit { optional: true, .. }, Command::Place { .. } | Command::Pass)
            | (crate::model::prompt::Prompt::ChooseSpace { .. }, Command::ChooseSpace { .. })
            | (crate::model::prompt::Prompt::Pursue { .. }, Command::Pursue { .. })
            | (crate::model::prompt::Prompt::PursuitCombat { .. }, Command::Attack { .. } | Command::Pass) => None,
            _ => Some(format!("{} must first answer: {}", p.side(), describe_prompt(p))),
        };
    }
    if matches!(cmd, Command::TakeLosses { .. }) {
        return Some("no losses are waiting to be taken".to_string());
    }
    if matches!(cmd, Command::ChooseOption { .. }) {
        return Some("no choice of options is asked for".to_string());
    }
    if matches!(cmd, Command::WithdrawUnits { .. }) {
        return Some("no withdrawal is waiting for a choice".to_string());
    }
    if matches!(cmd, Command::Pursue { .. }) {
        return Some("no pursuit is on offer".to_string());
    }
    if matches!(cmd, Command::Advance { .. }) {
        return Some("no advance after combat is on offer".to_string());
    }
    if matches!(cmd, Command::Declare { .. }) {
        return Some("no declaration is on offer".to_string());
    }
    if matches!(cmd, Command::PlaceMarkers { .. }) {
        return Some("no markers are waiting to be placed".to_string());
    }
    if matches!(cmd, Command::Pass) {
        return Some("no reaction is on offer".to_string());
    }
    if matches!(cmd, Command::Choose { .. }) {
        return Some("no choice of unit is asked for".to_string());
    }
    if matches!(cmd, Command::FirstPlayer { .. }) {
        return Some("no choice of first player is asked for".to_string());
    }
    if matches!(cmd, Command::ChooseSpace { .. }) {
        return Some("no choice of space is asked for".to_string());
    }
    if matches!(cmd, Command::PickUnits { .. } | Command::RetreatTo { .. }) {
        return Some("no conflict result is waiting for a choice".to_string());
    }
    if matches!(cmd, Command::Comply { .. } | Command::OptOut) {
        return Some("no forced operation is waiting for an answer".to_string());
    }
    if turn.setup.is_some() {
        return match cmd {
            Command::Place { .. } | Command::DefaultSetup | Command::EndPhase | Command::Recruit { .. } => None,
            _ => Some("setup is not finished: place units or end the setup".to_string()),
        };
    }
    let phase = turn.current_phase(game)?;
    let allowed = match cmd {
        Command::Move { .. } | Command::Overrun { .. } | Command::Carry { .. } => phase.kind == PhaseKind::Movement,
        Command::Reserve { .. } => phase.kind == PhaseKind::Movement && phase.units == PhaseUnits::NonReserve,
        Command::ForcedMarch { .. } => phase.kind == PhaseKind::Movement && phase.units != PhaseUnits::Reserve,
        Command::PlayChit { .. } | Command::BuyRoll { .. } | Command::Build { .. } => true,
        Command::StrategicMove { .. } | Command::RailMove { .. } | Command::BuildRail { .. } | Command::SeaMove { .. } => phase.kind == PhaseKind::Movement && phase.units != PhaseUnits::Reserve,
        Command::Attack { .. } | Command::GroupAttack { .. } | Command::AttackSupply { .. } => phase.kind == PhaseKind::Combat,
        Command::Breakdown { .. } | Command::Combine { .. } => phase.kind == PhaseKind::Reorganisation,
        Command::Enter { .. } => {
            phase.kind == PhaseKind::Reinforcement || game.scenario.reinforcements.iter().any(|r| r.phase.as_ref() == Some(&phase.id))
        }
        Command::Place { .. } | Command::DefaultSetup => false,
        Command::Recruit { .. } | Command::Withdraw { .. } | Command::BuyChit => phase.kind == PhaseKind::Mobilization,
        Command::EndPhase
        | Command::Pass
        | Command::Choose { .. }
        | Command::Comply { .. }
        | Command::OptOut
        | Command::FirstPlayer { .. }
        | Command::TakeLosses { .. }
        | Command::ChooseSpace { .. }
        | Command::PickUnits { .. }
        | Command::RetreatTo { .. }
        | Command::Advance { .. }
        | Command::Pursue { .. }
        | Command::WithdrawUnits { .. }
        | Command::ChooseOption { .. }
        | Command::PlaceMarkers { .. }
        | Command::Declare { .. } => true,
        Command::Game(_) => false,
    };
    (!allowed).then(|| format!("`{}` is not allowed in the {} phase", cmd.describe(), phase.name))
}

/// What a prompt asks, for the message that refuses another command.
#[must_use]
pub fn describe_prompt(p: &crate::model::prompt::Prompt) -> String {
    match p {
        crate::model::prompt::Prompt::TakeLosses { steps, rule, .. } => format!("pay {steps} loss point(s) ({rule})"),
        crate::model::prompt::Prompt::Advance { target, .. } => format!("advance into {target} or not"),
        crate::model::prompt::Prompt::PlaceMarkers { count, marker, .. } => format!("place {count} {marker} marker(s)"),
        crate::model::prompt::Prompt::Declare { name, .. } => format!("declare {name} or not"),
        crate::model::prompt::Prompt::React { moment, .. } => format!("play a reaction chit or pass ({moment})"),
        crate::model::prompt::Prompt::ChooseUnit { what, .. } => format!("choose the unit that {what}"),
        crate::model::prompt::Prompt::Obligation { name, demand, .. } => format!("{name}: name {demand}, or opt out"),
        crate::model::prompt::Prompt::FirstPlayer { .. } => "choose the first player".to_string(),
        crate::model::prompt::Prompt::PickUnits { count, what, .. } => format!("pick {count} unit(s) that {what}"),
        crate::model::prompt::Prompt::Retreat { .. } => "retreat the units".to_string(),
        crate::model::prompt::Prompt::PlaceUnit { why, .. } => format!("place a unit ({why})"),
        crate::model::prompt::Prompt::ChooseSpace { why, .. } => format!("choose a space ({why})"),
        crate::model::prompt::Prompt::Pursue { .. } => "pursue or not".to_string(),
        crate::model::prompt::Prompt::PursuitCombat { .. } => "make a pursuit combat or pass".to_string(),
        crate::model::prompt::Prompt::Withdraw { quota, .. } => format!("withdraw {quota}"),
        crate::model::prompt::Prompt::ChooseOption { options, .. } => format!("choose one of: {}", options.join(", ")),
        crate::model::prompt::Prompt::Game { prompt, .. } => prompt.describe(),
    }
}

/// Rejects commands that the sequence of play does not allow now.
pub fn check_sequence(
    game: Res<Game>,
    turn: Res<TurnState>,
    prompt: Res<PendingPrompt>,
    cmd: Res<CurrentCommand>,
    mut outcome: ResMut<Outcome>,
) {
    let Some((_, c)) = &cmd.0 else { return };
    if let Some(reason) = sequence_rejection(&game, &turn, prompt.0.as_ref(), c) {
        outcome.rejected = Some(reason);
    }
}

/// Index of the next phase to play on turn `turn` (0-based) at or after `from`: phases before
/// their `from_turn` and declaration phases of declarations not made this turn are skipped.
#[must_use]
pub fn next_phase_on(game: &Game, declared: &std::collections::BTreeMap<String, usize>, turn: usize, from: usize) -> Option<usize> {
    game.scenario
        .turns
        .phases
        .iter()
        .enumerate()
        .skip(from)
        .find(|(_, p)| {
            p.from_turn.is_none_or(|t| t as usize <= turn + 1)
                && p.declaration.as_ref().is_none_or(|d| declared.get(d) == Some(&turn))
                && (p.only_turns.is_empty() || game.scenario.turns.labels.get(turn).is_some_and(|l| p.only_turns.contains(l)))
                && p.option.as_ref().is_none_or(|o| game.options.contains(o))
                && !skipped(game, turn, &p.id)
        })
        .map(|(i, _)| i)
}

/// Whether the scenario's script skips this phase on this turn (ToO 36.7).
fn skipped(game: &Game, turn: usize, phase: &str) -> bool {
    let Some(label) = game.scenario.turns.labels.get(turn) else { return false };
    game.scenario.rules.scripted.iter().any(|sp| sp.skip && &sp.turn == label && sp.phase == phase && super::events::script_on(game, sp))
}

/// Ends the phase: resets what units did, then moves to the next phase or turn.
#[expect(clippy::too_many_arguments, reason = "ending a phase touches all phase-scoped state")]
pub(super) fn end_phase(
    game: Res<Game>,
    mut turn: ResMut<TurnState>,
    mut outcome: ResMut<Outcome>,
    mut glog: ResMut<GameLog>,
    mut units: crate::model::units_now::UnitsMut,
    mut control: ResMut<crate::model::Control>,
    mut ended: ResMut<super::victory::TurnEnded>,
    mut previous: ResMut<super::boxes::PreviousActor>,
    mut tracks: ResMut<crate::model::Tracks>,
    mut history: ResMut<super::tracks::TrackHistory>,
    mut prompt: ResMut<crate::model::PendingPrompt>,
) {
    // ToO 10.3: a hex over its stacking limit holds the end up until its owner has chosen.
    if outcome.rejected.is_none() && super::stacking_check::holds_up_phase_end(&game, &turn, &units.view(), (&mut prompt, &mut glog, &mut outcome)) {
        return;
    }
    if let Some(side) = turn.setup {
        // Setup: every unit of this side's groups must be placed first.
        let waiting = units
            .iter()
            .filter(|(u, l, ..)| u.side == side && **l == crate::model::Location::NotEntered && super::setup::group_of(&game, &u.id).is_some())
            .count();
        if waiting > 0 {
            outcome.rejected = Some(format!("{waiting} setup units of {} are not placed yet", game.side_id(side)));
            return;
        }
        turn.setup = super::setup::next_setup_side(&game, Some(side));
        if turn.setup.is_none() {
            turn.phase = next_phase_on(&game, &turn.declared, 0, 0).unwrap_or(0);
            outcome.phase_started = true;
        }
        outcome.phase_ended = true;
        let text = match turn.setup {
            Some(s) => format!("setup: {} places units", game.side_id(s)),
            None => "setup complete; the game begins".to_string(),
        };
        log(&mut glog, &game, &turn, LogKind::Phase, text, None);
        return;
    }
    // A new player turn begins with a regular movement phase: "overran, may not attack"
    // (tutorial 5.7.3) and reserve markers (5.7.4) last until then.
    let next = next_phase_on(&game, &turn.declared, turn.turn, turn.phase + 1).or_else(|| next_phase_on(&game, &turn.declared, turn.turn + 1, 0));
    let next_is_movement = next.is_some_and(|p| {
        let ph = &game.scenario.turns.phases[p];
        ph.kind == PhaseKind::Movement && ph.units != PhaseUnits::Reserve
    });
    previous.0 = turn.current_phase(&game).and_then(|p| turn.actor(&game, p));
    let turn_ends = next_phase_on(&game, &turn.declared, turn.turn, turn.phase + 1).is_none();
    // ToO 15.8: spent attack supply leaves at the end of its phase; a unit that moved now may
    // not be spent in the phase that follows.
    let attack_supply = game.scenario.rules.attack_supply.is_some();
    if attack_supply {
        let gone = super::attack_supply::remove_spent(&mut units);
        if !gone.is_empty() {
            log(&mut glog, &game, &turn, LogKind::Phase, format_args!("spent attack supply is removed: {}", gone.join(", ")), None);
        }
    }
    let next_of = |a: &Activity| {
        let no_attack = a.no_attack && !next_is_movement;
        let reserve = a.reserve && !next_is_movement;
        let landed = a.landed && !turn_ends;
        let moved_before = a.moved && attack_supply;
        Activity { no_attack, reserve, landed, moved_before, ..Activity::default() }
    };
    // Written only where it differs, found in the units' view (most units did nothing this
    // phase): only the units changed are opened, and read again by the view. An idle unit
    // stays idle (`next_of` keeps only flags that are set): only the busy ones are looked at.
    debug_assert!(next_of(&Activity::default()).is_idle());
    let view = units.view();
    let mut all = false;
    for u in view.busy().map(|i| &view.all()[i]).filter(|u| u.activity != next_of(&u.activity)) {
        match units.rank_mut(u.rank) {
            Some((_, _, _, mut a, _)) => *a = next_of(&a),
            None => all = true,
        }
    }
    // A world whose units were not spawned by rank: every unit, looked at one by one.
    if all {
        for (_, _, _, mut a, _) in units.iter_mut() {
            let next = next_of(&a);
            if *a != next {
                *a = next;
            }
        }
    }
    turn.attacked.clear();
    turn.bombarded.clear();
    turn.looking.clear();
    turn.phase_acted = false;
    turn.isr.clear();
    turn.coordinated.clear();
    turn.attacked_units.clear();
    turn.conflict_district = None;
    turn.done_districts.clear();
    // Phase-scoped markers (interdiction, tutorial 5.7.6) end with their phase.
    if control.interdicted.iter().any(|m| *m) {
        control.interdicted.fill(false);
        log(&mut glog, &game, &turn, LogKind::Phase, "interdiction markers are removed", None);
    }
    outcome.phase_ended = true;
    let turns = game.scenario.turns.labels.len();
    match next_phase_on(&game, &turn.declared, turn.turn, turn.phase + 1) {
        Some(p) => turn.phase = p,
        None => {
            ended.0 = Some(turn.turn);
            let label = game.scenario.turns.labels.get(turn.turn).cloned().unwrap_or_default();
            history.0.push((label, tracks.0.clone()));
            turn.turn += 1;
            turn.rolls_bought.clear();
            turn.bought.clear();
            turn.restrictions.clear();
            control.season = crate::model::season_of(&game, turn.turn);
            control.year = crate::model::flag_year_of(&game, turn.turn);
            if turn.turn >= turns {
                // The victory systems determine the result at the end of the last turn.
                turn.phase = 0;
                return;
            }
            turn.phase = next_phase_on(&game, &turn.declared, turn.turn, 0).unwrap_or(0);
            // Countdown tracks ("this turn", "next turn" effects) run down one a game turn.
            for (i, t) in game.scenario.tracks.iter().enumerate() {
                if t.countdown && tracks.0[i] > t.floor {
                    tracks.0[i] -= 1;
                }
            }
        }
    }
    outcome.phase_started = true;
    let phase = &game.scenario.turns.phases[turn.phase];
    let actor = turn.actor(&game, phase).map_or("automatic", |s| game.side_id(s));
    log(&mut glog, &game, &turn, LogKind::Phase, format_args!("turn {}: {} ({actor})", game.scenario.turns.labels[turn.turn], phase.name), None);
}
