//! Small helpers the rules systems share: writing the log, reading the current command.

use bevy::prelude::Res;

use crate::model::{CurrentCommand, Game, Outcome, TurnState};
use crate::session::command::Command;
use crate::session::log::{GameLog, LogEntry, LogKind};

/// Appends a log entry stamped with the current turn and phase.
pub fn log(log: &mut GameLog, game: &Game, turn: &TurnState, kind: LogKind, text: String, space: Option<String>) {
    let s = &game.scenario;
    let label = s.turns.labels.get(turn.turn).cloned().unwrap_or_else(|| "end".to_string());
    let phase = if turn.setup.is_some() {
        "setup".to_string()
    } else {
        s.turns.phases.get(turn.phase).map_or_else(|| "-".to_string(), |p| p.id.clone())
    };
    log.0.push(LogEntry { turn: label, phase, kind, text, space });
}

/// Run condition: the current command is of this kind and nothing rejected it yet.
pub fn command_is(kind: fn(&Command) -> bool) -> impl Fn(Res<CurrentCommand>, Res<Outcome>) -> bool + Clone {
    move |c: Res<CurrentCommand>, o: Res<Outcome>| o.rejected.is_none() && c.0.as_ref().is_some_and(|(_, c)| kind(c))
}

/// Run condition: a command was accepted so far.
pub fn accepted(c: Res<CurrentCommand>, o: Res<Outcome>) -> bool {
    c.0.is_some() && o.rejected.is_none()
}
