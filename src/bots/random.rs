//! A random legal player. It draws from its own seeded generator (never the game's dice, so
//! that a bot's choices do not change the rolls a replay sees), and prefers doing something
//! over ending the phase so that games make progress.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::session::legal_list::LegalList;
use crate::session::{Command, Session};

pub struct RandomPlayer {
    rng: ChaCha8Rng,
    /// Chance (in percent) of ending the phase when other commands are available.
    pub end_phase_percent: u32,
}

impl RandomPlayer {
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self { rng: ChaCha8Rng::seed_from_u64(seed), end_phase_percent: 15 }
    }

    /// Picks one legal command, or `None` if there is none (game over).
    ///
    /// The player first draws whether it would end the phase (`end_phase_percent`), then reads
    /// the list: it ends the phase if that draw says so and the phase may end, or if nothing
    /// else is listed; otherwise it takes one of the other commands, each as likely.
    pub fn choose(&mut self, session: &mut Session) -> Option<Command> {
        let ends = self.draws_end();
        let legal = session.legal_list();
        self.pick(legal, ends)
    }

    /// Picks a command as [`RandomPlayer::choose`] does and gives it to the session: the same
    /// command for the same seed and game, and the session's answer to it. `None`: no legal
    /// command (game over).
    ///
    /// Where the first draw says "end the phase" and no question is pending, ending the phase
    /// is given to the session before any list is read: if the session accepts it, it was
    /// listed (`session::legal` lists it exactly when the rules accept it; debug builds check
    /// this every time), and the list would only have been read to learn so. A batch game
    /// saves one list in about seven where the phase may end.
    pub fn play(&mut self, session: &mut Session) -> Option<(Command, Result<(), String>)> {
        let ends = self.draws_end();
        let tried = ends && !session.is_asking() && !session.is_over();
        if tried {
            #[cfg(debug_assertions)]
            let listed = session.legal_list().ends_phase();
            let accepted = session.apply(Command::EndPhase).is_ok();
            #[cfg(debug_assertions)]
            assert_eq!(listed, accepted, "the legal list and the rules agree on whether the phase may end");
            if accepted {
                return Some((Command::EndPhase, Ok(())));
            }
        }
        // The rules refused the end of the phase: the list is not asked again.
        let legal = session.legal_list();
        let command = self.pick(legal, ends && !tried)?;
        let applied = session.apply(command.clone());
        Some((command, applied))
    }

    /// Whether the player would end the phase now, were it allowed and other commands listed.
    fn draws_end(&mut self) -> bool {
        self.rng.random_range(0..100) < self.end_phase_percent
    }

    /// The command taken from `legal`, given the draw of [`RandomPlayer::draws_end`]: the end
    /// of the phase if drawn and listed, else one of the other commands, each as likely (the
    /// end if none is listed, nothing if the list is empty). The commands the list holds apart
    /// (a mover's destinations, a district's attacks, a set-up's placements) are worked out
    /// only where a draw falls on them ([`LegalList::draw_other`]).
    ///
    /// Whether the phase may end is asked only when the answer is needed: the list may hold
    /// that question apart too (DI 14.3, where the attacks are held apart).
    fn pick(&mut self, legal: LegalList<'_>, ends: bool) -> Option<Command> {
        if ends && legal.ends_phase() {
            return Some(Command::EndPhase);
        }
        let rng = &mut self.rng;
        legal.draw_other(|n| rng.random_range(0..n)).or_else(|| legal.ends_phase().then_some(Command::EndPhase))
    }
}
