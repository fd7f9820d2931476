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
        let mut legal = session.legal_commands();
        if legal.is_empty() {
            return None;
        }
        let other = |c: &Command| !matches!(c, Command::EndPhase);
        let others = legal.iter().filter(|c| other(c)).count();
        let end_ok = others < legal.len();
        if others == 0 || (end_ok && self.rng.random_range(0..100) < self.end_phase_percent) {
            return Some(if end_ok { Command::EndPhase } else { legal.swap_remove(0) });
        }
        // The pick-th of the other commands, in list order (no list of them is built).
        let pick = self.rng.random_range(0..others);
        let at = legal.iter().enumerate().filter(|(_, c)| other(c)).nth(pick).map(|(i, _)| i)?;
        Some(legal.swap_remove(at))
    }
}
