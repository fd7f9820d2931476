//! The legal list as it is made: its commands, with a movement phase's moves held apart as
//! (unit, space) pairs (most of such a list) and made into commands only when asked for. A
//! random player reads hundreds of moves to play one: building and dropping each as a command
//! cost more than finding it.

use std::sync::Arc;

use crate::model::SpaceId;
use crate::model::command::Command;
use crate::model::view::UnitsView;
use crate::scenario::board::Board;

/// A movement phase's moves, held apart: each the place of the unit in `units` and its
/// destination on `board`, listed together at `at` in the list's order.
pub(super) struct HeldMoves {
    pub(super) at: usize,
    pub(super) moves: Vec<(u32, SpaceId)>,
    pub(super) units: Arc<UnitsView>,
    pub(super) board: Arc<Board>,
}

impl HeldMoves {
    fn made(&self, (unit, to): (u32, SpaceId)) -> Command {
        Command::Move { unit: self.units.all()[unit as usize].id.clone(), to: self.board.key_name(to).clone() }
    }

    /// Puts the moves into `out` as commands, at their place.
    pub(super) fn put_into(self, out: &mut Vec<Command>) {
        let at = self.at.min(out.len());
        out.splice(at..at, self.moves.iter().map(|&m| self.made(m)));
    }
}

/// The legal commands of the side to act, in the order `session::legal::legal_commands` lists
/// them, read as the random player reads them: the end of the phase, and the others.
pub struct LegalList {
    pub(super) commands: Vec<Command>,
    pub(super) held: Option<HeldMoves>,
}

impl LegalList {
    #[must_use]
    pub fn len(&self) -> usize {
        self.commands.len() + self.held.as_ref().map_or(0, |h| h.moves.len())
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether ending the phase is listed.
    #[must_use]
    pub fn ends_phase(&self) -> bool {
        self.commands.iter().any(is_end)
    }

    /// How many commands other than ending the phase are listed.
    #[must_use]
    pub fn others(&self) -> usize {
        self.len() - self.commands.iter().filter(|c| is_end(c)).count()
    }

    /// The `k`-th command other than ending the phase, in list order (moves are never the end
    /// of a phase).
    #[must_use]
    pub fn other(mut self, k: usize) -> Option<Command> {
        let Some(held) = self.held.take() else {
            let i = self.commands.iter().enumerate().filter(|(_, c)| !is_end(c)).nth(k)?.0;
            return Some(self.commands.swap_remove(i));
        };
        let at = held.at.min(self.commands.len());
        let before = self.commands[..at].iter().filter(|c| !is_end(c)).count();
        if k < before {
            let i = self.commands[..at].iter().enumerate().filter(|(_, c)| !is_end(c)).nth(k)?.0;
            return Some(self.commands.swap_remove(i));
        }
        if let Some(&m) = held.moves.get(k - before) {
            return Some(held.made(m));
        }
        let k = k - before - held.moves.len();
        let i = self.commands[at..].iter().enumerate().filter(|(_, c)| !is_end(c)).nth(k)?.0;
        Some(self.commands.swap_remove(at + i))
    }

    /// The first command listed.
    #[must_use]
    pub fn first(self) -> Option<Command> {
        self.into_commands().into_iter().next()
    }

    /// Every command, in list order.
    #[must_use]
    pub fn into_commands(mut self) -> Vec<Command> {
        if let Some(held) = self.held.take() {
            held.put_into(&mut self.commands);
        }
        self.commands
    }
}

fn is_end(c: &Command) -> bool {
    matches!(c, Command::EndPhase)
}
