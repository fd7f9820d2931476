//! Airstrikes (DI 22): the side's airstrikes are a count on a track. One may join a conflict of
//! the side, attacking or defending, once it is declared and before the roll, on the allowed
//! tables only, never against units in infra boxes nor in the banned districts; the side then
//! picks the column freely (22.3) and the enemy's points from the conflict count one more
//! doubling (22.4, collateral damage). The airstrike is used up. Bought in the side's
//! Mobilization phase.

use super::vocabulary::{DiCommand, di};
use bevy::prelude::*;

use super::index_track;
use crate::model::{Game, Tracks, TurnState};
use crate::rules::note::CommandCtx;
use crate::rules::RulesSystems;
use crate::scenario::schema::{PhaseKind};
use super::schema::Airstrikes;
use crate::model::log::LogKind;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(di(c), Some(DiCommand::BuyAirstrike)), buy.in_set(RulesSystems::Movement));
}

/// The airstrike rules, if the game has them.
#[must_use]
pub fn rules(game: &Game) -> Option<&Airstrikes> {
    super::netwar(game)?.airstrikes.as_ref()
}

/// Whether `side` may commit an airstrike to a conflict on table `crt` in `space` now.
#[must_use]
pub fn may_strike(game: &Game, tracks: &Tracks, side: usize, crt: usize, space: crate::model::SpaceId, underground: bool) -> bool {
    let Some(a) = rules(game) else { return false };
    let Some(t) = game.track_index(&a.track) else { return false };
    game.side_index(&a.side) == Some(side)
        && tracks.0[t] > 0
        && !underground
        && a.tables.contains(&game.scenario.tables.crts[crt].id)
        && !a.banned.iter().any(|b| b == game.board.key(space) && !a.allowed_with.iter().any(|(o, ok)| game.options.contains(o) && ok.contains(b)))
}

/// Why `side` may not buy an airstrike now, if it may not.
#[must_use]
pub fn buy_rejection(game: &Game, turn: &TurnState, tracks: &Tracks, side: usize) -> Option<String> {
    let a = rules(game)?;
    if game.side_index(&a.side) != Some(side) {
        return Some("this side has no airstrikes".into());
    }
    let phase = turn.current_phase(game)?;
    if phase.kind != PhaseKind::Mobilization || turn.actor(game, phase) != Some(side) {
        return Some("airstrikes are bought in the side's own Mobilization phase (22.1)".into());
    }
    let t = game.track_index(&a.track)?;
    if tracks.0[t] >= game.scenario.tracks[t].cap {
        return Some("every airstrike counter is available already (12.9)".into());
    }
    let i = index_track(game, side)?;
    (tracks.0[i] - a.cost < 1).then(|| format!("an airstrike costs {} and the index is {}: it may not be spent to 0 (5.2)", a.cost, tracks.0[i]))
}

fn buy(mut ctx: CommandCtx, mut tracks: ResMut<Tracks>) {
    let Some((side, Some(DiCommand::BuyAirstrike))) = ctx.cmd.0.as_ref().map(|(s, c)| (*s, di(c))) else { return };
    let game = ctx.game.clone();
    if let Some(r) = buy_rejection(&game, &ctx.turn, &tracks, side) {
        return ctx.reject(r);
    }
    let Some(a) = rules(&game) else { return };
    let (Some(t), Some(i)) = (game.track_index(&a.track), index_track(&game, side)) else { return };
    let before = tracks.0[i];
    let after = crate::rules::tracks::adjust_track(&game, &mut tracks, i, -a.cost);
    crate::rules::tracks::adjust_track(&game, &mut tracks, t, 1);
    let name = &game.scenario.tracks[i].name;
    ctx.log(LogKind::Command, format_args!("{} buys an airstrike ({} available): {name} {before} -> {after} (22.1)", game.side_id(side), tracks.0[t]), None);
}
