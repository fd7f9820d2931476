//! Units out of action after each use (`unit_types[].rests_after_use`; ToO 23.3, the Goeben):
//! a roll when the unit takes part in a combat gives the game turns it will miss; the phase's
//! end takes it out of play, and the start of the turn it comes back on returns it where it
//! stood.

use bevy::prelude::*;

use super::RulesSystems;
use super::note::{CommandCtx, log};
use crate::model::command::Command;
use crate::model::dice::Dice;
use crate::model::log::{GameLog, LogKind};
use crate::model::view::UnitsView;
use crate::model::{Game, Location, TurnState};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    if !s.uses(|sc| sc.unit_types.iter().any(|t| t.rests_after_use.is_some())) {
        return;
    }
    s.on(|c| matches!(c, Command::EndPhase), leave_play.in_set(RulesSystems::Sequence).before(super::sequence::end_phase));
    s.at_phase_start(come_back);
}

/// ToO 23.3: each of `attackers` that rests after use rolls for the turns it will miss (once
/// a use: a pursuit combat is the same action).
pub fn roll_rests(ctx: &mut CommandCtx, dice: &mut Dice, view: &UnitsView, attackers: &[String]) {
    let game = ctx.game.clone();
    for id in attackers {
        let Some(u) = view.get(id) else { continue };
        let Some(rest) = game.scenario.unit_types[u.type_index].rests_after_use.as_ref() else { continue };
        if ctx.turn.resting.iter().any(|(r, ..)| r == id) {
            continue;
        }
        let rule = rest.rule.as_deref().map(|r| format!(" ({r})")).unwrap_or_default();
        let n = dice.roll_spec(rest.dice, &format!("{id} is out of action after its use{rule}"));
        let back = ctx.turn.turn + n as usize + 1;
        let when = game.scenario.turns.labels.get(back).map_or_else(|| "never again in this game".to_string(), |l| format!("back on turn {l}"));
        ctx.log(LogKind::Roll, format_args!("{id} is out of action for {n} turn(s) after its use: {when}{rule}"), None);
        ctx.turn.resting.push((id.clone(), back, None));
    }
}

/// The phase of its use ends: a resting unit still in play leaves it.
fn leave_play(mut ctx: CommandCtx, mut q: crate::model::units_now::UnitsMut) {
    if ctx.outcome.rejected.is_some() || ctx.turn.resting.iter().all(|(_, _, at)| at.is_some()) {
        return;
    }
    let view = q.view();
    let mut gone = Vec::new();
    for (id, _, at) in ctx.turn.resting.iter_mut().filter(|(_, _, at)| at.is_none()) {
        let Some(here) = view.get(id).and_then(|u| u.space()) else { continue };
        *at = Some(here);
        if let Some((_, mut loc, ..)) = q.unit_mut(id) {
            *loc = Location::OutOfPlay;
        }
        gone.push(id.clone());
    }
    // Eliminated in the combat: nothing comes back.
    ctx.turn.resting.retain(|(_, _, at)| at.is_some());
    for id in gone {
        ctx.log(LogKind::Loss, format_args!("{id} is out of action"), None);
    }
}

/// A new phase begins: resting units whose turn has come are back where they stood.
fn come_back(game: Res<Game>, mut turn: ResMut<TurnState>, mut glog: ResMut<GameLog>, mut q: crate::model::units_now::UnitsMut) {
    if turn.resting.is_empty() {
        return;
    }
    let now = turn.turn;
    let (due, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut turn.resting).into_iter().partition(|(_, back, at)| at.is_some() && *back <= now);
    turn.resting = rest;
    for (id, _, at) in due {
        let Some(at) = at else { continue };
        if let Some((_, mut loc, ..)) = q.unit_mut(&id)
            && *loc == Location::OutOfPlay
        {
            *loc = Location::OnMap(at);
            log(&mut glog, &game, &turn, LogKind::Command, format_args!("{id} is back in action at {}", game.board.key(at)), Some(game.board.key(at).to_string()));
        }
    }
}
