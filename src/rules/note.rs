//! Small helpers the rules systems share: writing the log, reading the current command.

use bevy::prelude::Res;

use crate::model::{CurrentCommand, Game, Outcome, TurnState};
use crate::model::log::{GameLog, LogEntry, LogKind};

/// Appends a log entry stamped with the current turn and phase.
pub fn log(log: &mut GameLog, game: &Game, turn: &TurnState, kind: LogKind, text: impl crate::model::log::LogText, space: Option<String>) {
    log.add(|| {
        let s = &game.scenario;
        let label = s.turns.labels.get(turn.turn).map_or_else(|| "end".into(), smol_str::SmolStr::new);
        let phase = if turn.setup.is_some() {
            "setup".into()
        } else {
            s.turns.phases.get(turn.phase).map_or_else(|| "-".into(), |p| smol_str::SmolStr::new(&*p.id))
        };
        LogEntry { turn: label, phase, kind, text: text.into_text(), space }
    });
}

/// Run condition: a command was accepted so far.
pub fn accepted(c: Res<CurrentCommand>, o: Res<Outcome>) -> bool {
    c.0.is_some() && o.rejected.is_none()
}

/// What every command system reads and writes besides its own query: the game, the turn, the
/// command, the unit index, the outcome and the log.
#[derive(bevy::ecs::system::SystemParam)]
pub struct CommandCtx<'w> {
    pub game: Res<'w, Game>,
    pub turn: bevy::prelude::ResMut<'w, TurnState>,
    pub cmd: Res<'w, CurrentCommand>,
    pub index: Res<'w, crate::model::UnitIndex>,
    pub outcome: bevy::prelude::ResMut<'w, Outcome>,
    pub glog: bevy::prelude::ResMut<'w, GameLog>,
}

impl CommandCtx<'_> {
    /// Rejects the command with a reason (nothing may have been changed before this).
    pub fn reject(&mut self, reason: String) {
        self.outcome.rejected = Some(reason);
    }

    /// Logs an entry stamped with the current turn and phase.
    pub fn log(&mut self, kind: LogKind, text: impl crate::model::log::LogText, space: Option<String>) {
        log(&mut self.glog, &self.game, &self.turn, kind, text, space);
    }
}

/// Gives control of a space to `side`, recording the change for scoring.
pub fn take_control(
    control: &mut crate::model::Control,
    changes: &mut crate::model::ControlChanges,
    space: crate::model::SpaceId,
    side: usize,
) {
    let before = control.owner[space.index()];
    if before != Some(side) {
        changes.0.push((space, before, side));
        control.owner[space.index()] = Some(side);
    }
}

/// Whether entering a space takes control of it: not on area maps whose control comes from
/// holding every slot (DI 18.2).
#[must_use]
pub fn control_by_entry(game: &Game) -> bool {
    !matches!(&game.scenario.map, crate::scenario::schema::Map::Area(m) if m.control_by_slots)
}
