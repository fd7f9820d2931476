//! The legal list as it is made: its commands, with a movement phase's moves held apart as
//! (unit, space) pairs (most of such a list) and made into commands only when asked for. A
//! random player reads hundreds of moves to play one: building and dropping each as a command
//! cost more than finding it.
//!
//! A set-up list's default placement is held apart too, unsure: whether it may be taken is
//! worked out only when the list is read in full or when a random pick falls on it (each of
//! its placements checked in turn costs more than the rest of the list).

use std::sync::Arc;

use crate::model::command::Command;
use crate::model::{Game, SpaceId};
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
/// The default placement of a side's set-up (`Command::DefaultSetup`), listed at `at` if
/// `rules::setup::default_placement` takes it: asked once, when first needed.
pub(super) struct UnsureDefault {
    pub(super) at: usize,
    pub(super) game: Game,
    pub(super) units: Arc<UnitsView>,
    pub(super) side: usize,
    pub(super) holds: std::cell::OnceCell<bool>,
}

impl UnsureDefault {
    fn holds(&self) -> bool {
        *self.holds.get_or_init(|| crate::rules::setup::default_placement(&self.game, &self.units, self.side).is_ok())
    }
}

pub struct LegalList {
    pub(super) commands: Vec<Command>,
    pub(super) held: Option<HeldMoves>,
    pub(super) unsure: Option<Box<UnsureDefault>>,
}

impl LegalList {
    #[must_use]
    pub fn len(&self) -> usize {
        self.sure_len() + usize::from(self.unsure.as_ref().is_some_and(|u| u.holds()))
    }

    /// The commands listed but an unsure one.
    fn sure_len(&self) -> usize {
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

    /// [`LegalList::others`], counting an unsure command as listed (nothing is worked out).
    #[must_use]
    pub fn others_if_unsure_listed(&self) -> usize {
        let ends = self.commands.iter().filter(|c| is_end(c)).count();
        self.sure_len() - ends + usize::from(self.unsure.as_ref().is_some_and(|u| u.holds.get().copied().unwrap_or(true)))
    }

    /// The `k`-th of the [`LegalList::others_if_unsure_listed`] commands, in list order; if it
    /// is an unsure command that is not listed after all, the list, sure now, back. A random
    /// player that then picks again among the others picks each as likely as from the sure
    /// list, without working out the unsure command unless its pick falls on it.
    pub fn other_if_listed(mut self, k: usize) -> Result<Option<Command>, Self> {
        let Some(unsure) = self.unsure.take_if(|u| u.holds.get().is_none()) else { return Ok(self.other(k)) };
        debug_assert!(self.held.is_none(), "a set-up list holds no moves");
        let at = unsure.at.min(self.commands.len());
        let before = self.commands[..at].iter().filter(|c| !is_end(c)).count();
        match k.cmp(&before) {
            std::cmp::Ordering::Less => Ok(self.other(k)),
            std::cmp::Ordering::Greater => Ok(self.other(k - 1)),
            std::cmp::Ordering::Equal if unsure.holds() => Ok(Some(Command::DefaultSetup)),
            std::cmp::Ordering::Equal => {
                self.unsure = Some(unsure);
                Err(self)
            }
        }
    }

    /// Puts an unsure command into the list if it is listed.
    fn settle(&mut self) {
        if let Some(unsure) = self.unsure.take()
            && unsure.holds()
        {
            debug_assert!(self.held.is_none(), "a set-up list holds no moves");
            self.commands.insert(unsure.at.min(self.commands.len()), Command::DefaultSetup);
        }
    }

    /// The `k`-th command other than ending the phase, in list order (moves are never the end
    /// of a phase).
    #[must_use]
    pub fn other(mut self, k: usize) -> Option<Command> {
        self.settle();
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
        self.settle();
        if let Some(held) = self.held.take() {
            held.put_into(&mut self.commands);
        }
        self.commands
    }
}

fn is_end(c: &Command) -> bool {
    matches!(c, Command::EndPhase)
}
