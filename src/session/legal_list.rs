//! The legal list as it is made: its commands, with a movement phase's moves held apart as
//! (unit, space) pairs (most of such a list) and made into commands only when asked for. A
//! random player reads hundreds of moves to play one: building and dropping each as a command
//! cost more than finding it.
//!
//! A set-up list's placements and default placement are held apart too, unsure: whether each
//! may be taken is worked out only when the list is read in full or when a random pick falls
//! on it (the checks of every space of every group, and of each step of the default
//! placement, cost more than the rest of the list; the random player takes one command).

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

/// A set-up list's unsure commands, held apart at `at`: the placements (each the place of the
/// unit in `units`, its group, and the place of the space among the group's spaces), then the
/// default placement (the list is of a set-up with groups left to place). Each is listed if
/// the rules take it: asked once, when first needed (`known`, by item).
pub(super) struct UnsureSetup {
    pub(super) at: usize,
    pub(super) game: Game,
    pub(super) units: Arc<UnitsView>,
    pub(super) side: usize,
    pub(super) places: Vec<(u32, u32, u32)>,
    pub(super) known: Vec<std::cell::OnceCell<bool>>,
}

impl UnsureSetup {
    pub(super) fn new(at: usize, (game, units, side): (&Game, &Arc<UnitsView>, usize), places: Vec<(u32, u32, u32)>) -> Self {
        let known = (0..=places.len()).map(|_| std::cell::OnceCell::new()).collect();
        UnsureSetup { at, game: game.clone(), units: units.clone(), side, places, known }
    }

    fn len(&self) -> usize {
        self.known.len()
    }

    /// Whether item `i` is listed (`rules::setup`'s checks, as the sure list asks them).
    fn holds(&self, i: usize) -> bool {
        *self.known[i].get_or_init(|| match self.places.get(i) {
            Some(&(k, gi, si)) => {
                let (game, units) = (&self.game, &self.units);
                let (unit, group) = (&units.all()[k as usize], &game.scenario.setup.groups[gi as usize]);
                let space = game.lookups.group_spaces(gi as usize)[si as usize];
                let ok = space.is_some_and(|space| crate::rules::setup::space_allows(game, units, self.side, group, space, unit));
                let at = &group.spaces[si as usize];
                debug_assert_eq!(ok, crate::rules::setup::place_rejection(game, units, self.side, &unit.id, at).is_none(), "the list and the command agree on {} at {at}", unit.id);
                ok
            }
            None => crate::rules::setup::default_placement(&self.game, &self.units, self.side).is_ok(),
        })
    }

    fn command(&self, i: usize) -> Command {
        match self.places.get(i) {
            Some(&(k, gi, si)) => {
                let at = &self.game.scenario.setup.groups[gi as usize].spaces[si as usize];
                Command::Place { unit: self.units.all()[k as usize].id.clone(), at: at.as_str().into() }
            }
            None => Command::DefaultSetup,
        }
    }

    /// The items listed, as commands, in order.
    pub(super) fn listed(&self) -> Vec<Command> {
        (0..self.len()).filter(|&i| self.holds(i)).map(|i| self.command(i)).collect()
    }
}

/// The legal commands of the side to act, in the order `session::legal::legal_commands` lists
/// them, read as the random player reads them: the end of the phase, and the others.
pub struct LegalList {
    pub(super) commands: Vec<Command>,
    pub(super) held: Option<HeldMoves>,
    pub(super) unsure: Option<Box<UnsureSetup>>,
}

impl LegalList {
    #[must_use]
    pub fn len(&self) -> usize {
        self.sure_len() + self.unsure.as_ref().map_or(0, |u| (0..u.len()).filter(|&i| u.holds(i)).count())
    }

    /// The commands listed but the unsure ones.
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

    /// How many commands other than ending the phase may be listed: the others, with every
    /// unsure command counted (nothing is worked out). The random player's candidates.
    #[must_use]
    pub fn candidates(&self) -> usize {
        let ends = self.commands.iter().filter(|c| is_end(c)).count();
        self.sure_len() - ends + self.unsure.as_ref().map_or(0, |u| u.len())
    }

    /// Which unsure command candidate `k` is, if it is one (candidates in list order).
    fn unsure_item(&self, k: usize) -> Option<usize> {
        let u = self.unsure.as_ref()?;
        let before = self.commands[..u.at.min(self.commands.len())].iter().filter(|c| !is_end(c)).count();
        k.checked_sub(before).filter(|&i| i < u.len())
    }

    /// Whether candidate `k` is listed (an unsure one is worked out, once).
    #[must_use]
    pub fn candidate_listed(&self, k: usize) -> bool {
        match (self.unsure_item(k), &self.unsure) {
            (Some(i), Some(u)) => u.holds(i),
            _ => k < self.candidates(),
        }
    }

    /// Candidate `k` as a command, listed or not (see [`LegalList::candidate_listed`]). A
    /// random player that draws candidates until one is listed picks each listed command as
    /// likely as one drawing from the list itself, and works out only the unsure commands
    /// it draws.
    #[must_use]
    pub fn candidate(mut self, k: usize) -> Option<Command> {
        let Some(u) = self.unsure.take() else { return self.other(k) };
        debug_assert!(self.held.is_none(), "a set-up list holds no moves");
        let before = self.commands[..u.at.min(self.commands.len())].iter().filter(|c| !is_end(c)).count();
        match k.checked_sub(before) {
            None => self.other(k),
            Some(i) if i < u.len() => Some(u.command(i)),
            Some(_) => self.other(k - u.len()),
        }
    }

    /// Puts the unsure commands that are listed into the list, at their place.
    fn settle(&mut self) {
        if let Some(u) = self.unsure.take() {
            debug_assert!(self.held.is_none(), "a set-up list holds no moves");
            let at = u.at.min(self.commands.len());
            self.commands.splice(at..at, u.listed());
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
