//! Victory: sudden-death thresholds on tracks after every command, and the victory conditions
//! in order at the end of the last turn.

use bevy::prelude::*;

use super::note::{accepted, log};
use super::RulesSystems;
use crate::model::{Control, Game, GameResult, Tracks, TurnState};
use crate::scenario::schema::VictoryCondition;
use crate::session::log::{GameLog, LogKind};

pub(super) fn add_systems(s: &mut Schedule) {
    s.add_systems((check_sudden_death, determine_final_victory).chain().run_if(accepted).in_set(RulesSystems::Victory));
}

fn result(game: &Game, level: &str, reason: &str) -> GameResult {
    let winner = game.scenario.victory.levels.iter().find(|l| l.id == level).and_then(|l| l.side.clone());
    GameResult { level: level.to_string(), winner, reason: reason.to_string() }
}

fn check_sudden_death(game: Res<Game>, mut turn: ResMut<TurnState>, tracks: Res<Tracks>, mut glog: ResMut<GameLog>) {
    if turn.result.is_some() {
        return;
    }
    for (i, t) in game.scenario.tracks.iter().enumerate() {
        for sd in &t.sudden_death {
            if sd.from_turn.is_none_or(|f| f as usize <= turn.turn + 1) && sd.when.holds(tracks.0[i]) {
                let r = result(&game, &sd.level, &format!("sudden death: {} at {}", t.name, tracks.0[i]));
                log(&mut glog, &game, &turn, LogKind::Victory, format!("{} ({})", r.level, r.reason), None);
                turn.result = Some(r);
                return;
            }
        }
    }
}

/// Whether a victory condition holds now.
#[must_use]
pub fn condition_holds(game: &Game, control: &Control, tracks: &Tracks, c: &VictoryCondition) -> bool {
    let controls = |side: &str, key: &str| {
        let s = game.side_index(side);
        game.board.space(key).is_some_and(|id| control.owner[id.index()] == s && s.is_some())
    };
    match c {
        VictoryCondition::ControlsAll { side, spaces, .. } => spaces.iter().all(|k| controls(side, k)),
        VictoryCondition::ControlsAtLeast { side, spaces, count, .. } => {
            spaces.iter().filter(|k| controls(side, k)).count() as u32 >= *count
        }
        VictoryCondition::Track { track, when, .. } => game.track_index(track).is_some_and(|t| when.holds(tracks.0[t])),
        VictoryCondition::Otherwise { .. } => true,
    }
}

fn determine_final_victory(
    game: Res<Game>,
    mut turn: ResMut<TurnState>,
    control: Res<Control>,
    tracks: Res<Tracks>,
    mut glog: ResMut<GameLog>,
) {
    if turn.result.is_some() || turn.turn < game.scenario.turns.labels.len() {
        return;
    }
    for c in &game.scenario.victory.conditions {
        if condition_holds(&game, &control, &tracks, c) {
            let level = match c {
                VictoryCondition::ControlsAll { level, .. }
                | VictoryCondition::ControlsAtLeast { level, .. }
                | VictoryCondition::Track { level, .. }
                | VictoryCondition::Otherwise { level } => level,
            };
            let r = result(&game, level, "end of game");
            log(&mut glog, &game, &turn, LogKind::Victory, format!("{} ({})", r.level, r.reason), None);
            turn.result = Some(r);
            return;
        }
    }
    let r = GameResult { level: "none".into(), winner: None, reason: "no victory condition held".into() };
    log(&mut glog, &game, &turn, LogKind::Victory, r.reason.clone(), None);
    turn.result = Some(r);
}
