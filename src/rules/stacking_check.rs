//! Stacking checked at the ends of phases (`rules.stacking_checked_at_end_of`; ToO 10.3, engine
//! gap G1): units move and enter over the limits, and when a phase of a listed kind ends, the
//! owner of every hex over its limit eliminates units there, one at a time and of his choice,
//! until it fits. The phase ends once the last of them is chosen.

use bevy::prelude::*;

use super::RulesSystems;
use super::note::{CommandCtx, command_is};
use super::stacking::{checked_on_entry, first_overstacked};
use crate::model::command::Command;
use crate::model::log::LogKind;
use crate::model::prompt::Prompt;
use crate::model::units_now::UnitQuery;
use crate::model::{Outcome, PendingPrompt};

pub(super) fn add_systems(s: &mut Schedule) {
    s.add_systems(
        (
            hold_phase_end.run_if(command_is(|c| matches!(c, Command::EndPhase))),
            ask_again.run_if(|o: Res<Outcome>| o.resume_phase_end),
        )
            .in_set(RulesSystems::Combat),
    );
}

/// Whether the current phase is one whose end checks stacking.
fn checked_here(ctx: &CommandCtx) -> bool {
    !checked_on_entry(&ctx.game) && ctx.turn.setup.is_none() && ctx.turn.current_phase(&ctx.game).is_some_and(|p| ctx.game.scenario.rules.stacking_checked_at_end_of.contains(&p.kind))
}

/// The end of a checked phase: the first hex over its limit holds it up with a question to its
/// owner; with none, stacking is recorded as checked.
fn hold_phase_end(mut ctx: CommandCtx, mut prompt: ResMut<PendingPrompt>, mut q: UnitQuery) {
    if ctx.outcome.rejected.is_some() || prompt.0.is_some() || !checked_here(&ctx) {
        return;
    }
    ask(&mut ctx, &mut prompt, &mut q);
}

/// After a unit was chosen: the next hex over its limit, or (none left) the phase ends.
fn ask_again(mut ctx: CommandCtx, mut prompt: ResMut<PendingPrompt>, mut q: UnitQuery) {
    if ctx.outcome.rejected.is_some() || !checked_here(&ctx) {
        return;
    }
    ask(&mut ctx, &mut prompt, &mut q);
}

fn ask(ctx: &mut CommandCtx, prompt: &mut PendingPrompt, q: &mut UnitQuery) {
    let units = q.view();
    let Some((space, side, points, limit)) = first_overstacked(&ctx.game, &units) else {
        ctx.outcome.stacking_checked = true;
        return;
    };
    let key = ctx.game.board.key(space).to_string();
    let mut here: Vec<String> = units.at(space).filter(|u| u.side == side).map(|u| String::from(&*u.id)).collect();
    here.sort();
    ctx.log(LogKind::Phase, format!("{key} holds {points} stacking points of {}, over its limit of {limit}: the owner eliminates units until it fits (10.3)", ctx.game.side_id(side)), Some(key.clone()));
    // The phase does not end with this command: it ends when the last choice is made.
    ctx.outcome.resume_phase_end = false;
    prompt.0 = Some(Prompt::ChooseUnit {
        side: ctx.game.side_id(side).to_string(),
        units: here,
        what: format!("is eliminated: {key} is over its stacking limit"),
        rule: "10.3 stacking is checked at the end of the phase; the owner eliminates the excess".into(),
        eliminate: true,
        then_end_phase: true,
    });
}

/// Whether a question holds up the end of the phase (the phase ends once it is answered).
#[must_use]
pub fn holds_phase_end(prompt: &PendingPrompt) -> bool {
    matches!(prompt.0, Some(Prompt::ChooseUnit { then_end_phase: true, .. }))
}
