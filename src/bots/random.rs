//! A random legal player. It draws from its own seeded generator (never the game's dice, so
//! that a bot's choices do not change the rolls a replay sees), and prefers doing something
//! over ending the phase so that games make progress.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

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
    pub fn choose(&mut self, session: &mut Session) -> Option<Command> {
        let legal = session.legal_list();
        if legal.is_empty() {
            return None;
        }
        let others = legal.others();
        let end_ok = legal.ends_phase();
        if others == 0 || (end_ok && self.rng.random_range(0..100) < self.end_phase_percent) {
            return if end_ok { Some(Command::EndPhase) } else { legal.first() };
        }
        // The pick-th of the other commands, in list order (only that one is made).
        let pick = self.rng.random_range(0..others);
        legal.other(pick)
    }
}
