//! Initiative (DI 10.2-10.3): when a game turn begins, the side with the higher track chooses
//! who is first player for that turn. On a tie the `tie` side *is* first player, with no choice
//! (DI 10.2), unless the scenario says that it chooses (`tie_chooses`).

use bevy::prelude::*;

use super::note::{CommandCtx, log};
use super::RulesSystems;
use crate::model::{Game, PendingPrompt, Tracks, TurnState};
use crate::model::command::Command;
use crate::model::log::{GameLog, LogKind};
use crate::model::prompt::Prompt;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // Initiative is offered only where the scenario decides it by tracks (ToO 10.2).
    if s.uses(|sc| sc.rules.initiative.is_some()) {
        s.at_phase_start(
            offer_initiative
                .before(super::declarations::offer_declarations),
        );
    }
    s.on(|c| matches!(c, Command::FirstPlayer { .. }), choose_first.in_set(RulesSystems::Movement));
}

/// How the first player of a game turn is settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Initiative {
    /// This side chooses who plays first.
    Chooses(usize),
    /// The tracks are tied and this side is first player without a choice (DI 10.2).
    TiedFirst(usize),
}

/// Who settles the first player this turn, and how.
#[must_use]
pub fn initiative(game: &Game, tracks: &Tracks) -> Option<Initiative> {
    let r = game.scenario.rules.initiative.as_ref()?;
    let value = |(s, t): &(String, String)| Some((game.side_index(s)?, game.track_index(t).map(|i| tracks.0[i])?));
    let v: Vec<(usize, i32)> = r.tracks.iter().filter_map(value).collect();
    let best = v.iter().map(|(_, x)| *x).max()?;
    let leaders: Vec<usize> = v.iter().filter(|(_, x)| *x == best).map(|(s, _)| *s).collect();
    match leaders.as_slice() {
        [one] => Some(Initiative::Chooses(*one)),
        _ if r.tie_chooses => game.side_index(&r.tie).map(Initiative::Chooses),
        _ => game.side_index(&r.tie).map(Initiative::TiedFirst),
    }
}

fn offer_initiative(mut glog: ResMut<GameLog>, game: Res<Game>, tracks: Res<Tracks>, mut turn: ResMut<TurnState>, mut prompt: ResMut<PendingPrompt>) {
    if prompt.0.is_some() || turn.setup.is_some() || turn.result.is_some() || turn.initiative_done == Some(turn.turn) {
        return;
    }
    if super::sequence::next_phase_on(&game, &turn.declared, turn.turn, 0) != Some(turn.phase) {
        return;
    }
    let Some(how) = initiative(&game, &tracks) else { return };
    turn.initiative_done = Some(turn.turn);
    match how {
        Initiative::Chooses(side) => {
            let rule = "10.2 initiative: the side with more points chooses".into();
            prompt.0 = Some(Prompt::FirstPlayer { side: game.side_id(side).to_string(), rule });
        }
        Initiative::TiedFirst(side) => {
            // 10.2: a tie makes the `tie` side first player; nobody is asked. This hook runs
            // first of the turn's phase-start hooks, so the first phase begins for that side.
            turn.first_side = side;
            let text = format!("the tracks are tied: {} is first player this turn (10.2)", game.side_id(side));
            log(&mut glog, &game, &turn, LogKind::Command, text, None);
        }
    }
}

fn choose_first(mut ctx: CommandCtx, mut prompt: ResMut<PendingPrompt>) {
    let Some((side, Command::FirstPlayer { side: first })) = ctx.cmd.0.clone() else { return };
    let first = first.to_string();
    if !matches!(prompt.0, Some(Prompt::FirstPlayer { .. })) {
        return ctx.reject("no choice of first player is asked for".into());
    }
    let Some(f) = ctx.game.side_index(&first) else { return ctx.reject(format!("unknown side `{first}`")) };
    prompt.0 = None;
    ctx.turn.first_side = f;
    // The turn's first phase begins again, for the player now first.
    ctx.outcome.phase_started = true;
    let text = format!("{} chooses {} as first player this turn", ctx.game.side_id(side), ctx.game.side_id(f));
    ctx.log(LogKind::Command, text, None);
}
