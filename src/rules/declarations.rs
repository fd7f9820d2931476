//! One-time declarations (tutorial 5.7.9, HW 1.9): at the start of each game turn in its window
//! the side is asked whether it declares. A declaration can make the side first player for the
//! rest of the game (so it plays two player turns in a row in the declaration turn) and switches
//! on the phases tagged with it for that turn; its effects are typed data.

use bevy::prelude::*;

use super::events::{EffectCtx, condition_holds};
use super::note::{command_is, log};
use super::RulesSystems;
use crate::model::{Control, CurrentCommand, Game, Outcome, PendingPrompt, Pools, Tracks, TurnState};
use crate::session::dice::Dice;
use crate::session::log::GameLog;
use crate::session::command::Command;
use crate::session::log::LogKind;
use crate::session::prompt::Prompt;

pub(super) fn add_systems(s: &mut Schedule) {
    // First in the phase-start hooks: a declaration can change who plays first this turn.
    s.add_systems(
        offer_declarations
            .run_if(super::supply::phase_started)
            .in_set(RulesSystems::PhaseStart)
            .before(super::supply::check_supply_at_movement_start)
            .before(super::interdiction::prompt_for_markers),
    );
    s.add_systems(declare.run_if(command_is(|c| matches!(c, Command::Declare { .. }))).in_set(RulesSystems::Movement));
}

/// Offers the next open declaration when a game turn's first phase begins.
fn offer_declarations(
    game: Res<Game>,
    control: Res<Control>,
    tracks: Res<Tracks>,
    mut glog: ResMut<GameLog>,
    mut prompt: ResMut<PendingPrompt>,
    mut turn: ResMut<TurnState>,
) {
    if prompt.0.is_some() || turn.setup.is_some() || turn.result.is_some() {
        return;
    }
    let first = super::sequence::next_phase_on(&game, &turn.declared, turn.turn, 0);
    if first != Some(turn.phase) {
        return;
    }
    let game = game.clone();
    let now = turn.turn;
    for d in &game.scenario.rules.declarations {
        let window = (d.turns.0 as usize..=d.turns.1 as usize).contains(&(now + 1));
        if !window || turn.declared.contains_key(&d.id) || turn.offered.contains(&(d.id.clone(), now)) {
            continue;
        }
        turn.offered.insert((d.id.clone(), now));
        if d.forbidden_if.iter().any(|c| condition_holds(&game, &turn, &tracks, &control, c)) {
            log(&mut glog, &game, &turn, LogKind::Phase, format!("{} may not be declared this turn", d.name), None);
            continue;
        }
        prompt.0 = Some(Prompt::Declare {
            side: d.side.clone(),
            id: d.id.clone(),
            name: d.name.clone(),
            rule: d.rule.clone().unwrap_or_default(),
        });
        return;
    }
}

#[expect(clippy::too_many_arguments, reason = "a declaration's effects may touch any of these")]
fn declare(
    cmd: Res<CurrentCommand>,
    mut outcome: ResMut<Outcome>,
    mut prompt: ResMut<PendingPrompt>,
    mut turn: ResMut<TurnState>,
    game: Res<Game>,
    control: Res<Control>,
    mut tracks: ResMut<Tracks>,
    mut pools: ResMut<Pools>,
    mut dice: ResMut<Dice>,
    mut glog: ResMut<GameLog>,
    mut started: ResMut<super::supply::PhaseStarted>,
) {
    let Some((side, Command::Declare { id, declare })) = cmd.0.clone() else { return };
    let Some(Prompt::Declare { id: offered, .. }) = prompt.0.clone() else {
        outcome.rejected = Some("no declaration is on offer".into());
        return;
    };
    if offered != id {
        outcome.rejected = Some(format!("the declaration on offer is `{offered}`"));
        return;
    }
    prompt.0 = None;
    // The turn starts again from its first phase: the phase-start hooks that waited for the
    // answer run now, for whoever plays first (and a declaration phase may come first).
    started.0 = true;
    let game = game.clone();
    let Some(d) = game.scenario.rules.declarations.iter().find(|d| d.id == id) else { return };
    if !declare {
        log(&mut glog, &game, &turn, LogKind::Command, format!("{} does not declare {}", game.side_id(side), d.name), None);
        return;
    }
    let now = turn.turn;
    turn.declared.insert(id.clone(), now);
    if d.becomes_first_player {
        turn.first_side = side;
    }
    let first = if d.becomes_first_player { format!("; {} is first player from now on", game.side_id(side)) } else { String::new() };
    log(&mut glog, &game, &turn, LogKind::Command, format!("{} declares {}{first}", game.side_id(side), d.name), None);
    turn.phase = super::sequence::next_phase_on(&game, &turn.declared, now, 0).unwrap_or(turn.phase);
    let t = turn.clone();
    let mut fx = EffectCtx { game: &game, turn: &t, tracks: &mut tracks, pools: &mut pools, control: &control, dice: &mut dice, glog: &mut glog };
    fx.apply(side, &d.effects, &d.name);
}
