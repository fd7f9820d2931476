//! The one source of randomness in the rules: a seeded ChaCha generator, scripted results
//! consumed first (for tests and scripts), and every roll recorded with its cause.

use std::collections::VecDeque;

use bevy::prelude::Resource;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollRecord {
    pub cause: String,
    pub sides: u32,
    pub value: u32,
    pub forced: bool,
}

#[derive(Resource, Clone, Debug)]
pub struct Dice {
    rng: ChaCha8Rng,
    forced: VecDeque<u32>,
    /// Every roll made, in order.
    pub rolls: Vec<RollRecord>,
}

impl Dice {
    #[must_use]
    pub fn new(seed: u64, forced: &[u32]) -> Self {
        Self { rng: ChaCha8Rng::seed_from_u64(seed), forced: forced.iter().copied().collect(), rolls: Vec::new() }
    }

    /// Rolls one die with `sides` faces. A forced value is used first; one outside 1..=sides is
    /// clamped into range so that a bad script cannot produce an impossible roll.
    pub fn roll(&mut self, sides: u32, cause: impl Into<String>) -> u32 {
        let sides = sides.max(1);
        let (value, forced) = match self.forced.pop_front() {
            Some(v) => (v.clamp(1, sides), true),
            None => (self.rng.random_range(1..=sides), false),
        };
        self.rolls.push(RollRecord { cause: cause.into(), sides, value, forced });
        value
    }

    /// Rolls for a dice spec: 1d6, 2d6 sum, or d66 (tens and ones).
    pub fn roll_spec(&mut self, spec: crate::scenario::schema::DiceSpec, cause: &str) -> u32 {
        use crate::scenario::schema::DiceSpec;
        match spec {
            DiceSpec::D6 => self.roll(6, cause),
            DiceSpec::TwoD6 => self.roll(6, format!("{cause} (1st die)")) + self.roll(6, format!("{cause} (2nd die)")),
            DiceSpec::D66 => {
                10 * self.roll(6, format!("{cause} (tens)")) + self.roll(6, format!("{cause} (ones)"))
            }
        }
    }

    /// Where the generator stands (its word position) and the forced results left: with the
    /// seed, all that decides the rolls to come.
    #[must_use]
    pub fn position(&self) -> (u128, usize) {
        (self.rng.get_word_pos(), self.forced.len())
    }

    /// Forced results not yet used.
    #[must_use]
    pub fn forced_left(&self) -> usize {
        self.forced.len()
    }

    /// Random index below `n` for bots and shuffles outside the rules (same generator).
    pub fn index(&mut self, n: usize) -> usize {
        if n <= 1 { 0 } else { self.rng.random_range(0..n) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forced_results_come_first_and_are_logged() {
        let mut d = Dice::new(7, &[6, 1, 9]);
        assert_eq!(d.roll(6, "a"), 6);
        assert_eq!(d.roll(6, "b"), 1);
        assert_eq!(d.roll(6, "c"), 6, "out-of-range forced value is clamped");
        let v = d.roll(6, "d");
        assert!((1..=6).contains(&v));
        assert_eq!(d.rolls.len(), 4);
        assert!(d.rolls[0].forced && !d.rolls[3].forced);
        assert_eq!(d.rolls[1].cause, "b");
    }

    #[test]
    fn same_seed_same_rolls() {
        let mut a = Dice::new(42, &[]);
        let mut b = Dice::new(42, &[]);
        let ra: Vec<u32> = (0..50).map(|_| a.roll(6, "x")).collect();
        let rb: Vec<u32> = (0..50).map(|_| b.roll(6, "x")).collect();
        assert_eq!(ra, rb);
        assert!(ra.iter().any(|&v| v != ra[0]));
    }

    #[test]
    fn d66_reads_tens_and_ones() {
        let mut d = Dice::new(1, &[3, 5]);
        assert_eq!(d.roll_spec(crate::scenario::schema::DiceSpec::D66, "event"), 35);
    }
}
