//! Commands a ruleset holds apart from the legal list it makes for a reader that draws one
//! command ([`super::ruleset::Ruleset::held_commands`], the random player): blocks of
//! candidates, each worked out only when a draw falls on it (`session::legal_list`).

use std::cell::OnceCell;

use super::command::Command;

/// Works out block `b`: puts each of its commands with its candidate, in list order, the
/// candidates rising and below the block's bound.
type Work<'w> = Box<dyn Fn(usize, &mut dyn FnMut(usize, Command)) + 'w>;

/// A ruleset's blocks of held commands: each with a bound on its commands (its candidates)
/// and its commands once worked out.
pub struct HeldBlocks<'w> {
    bounds: Vec<usize>,
    work: Work<'w>,
    found: Vec<OnceCell<Vec<(usize, Command)>>>,
}

impl<'w> HeldBlocks<'w> {
    /// Blocks with these bounds, worked out by `work` (see [`Work`]).
    pub fn new(bounds: Vec<usize>, work: impl Fn(usize, &mut dyn FnMut(usize, Command)) + 'w) -> Self {
        let found = bounds.iter().map(|_| OnceCell::new()).collect();
        HeldBlocks { bounds, work: Box::new(work), found }
    }

    #[must_use]
    pub fn blocks(&self) -> usize {
        self.bounds.len()
    }

    /// Block `b`'s commands with their candidates, worked out once.
    pub fn block(&self, b: usize) -> &[(usize, Command)] {
        self.found[b].get_or_init(|| {
            let mut found = Vec::new();
            (self.work)(b, &mut |slot, c| found.push((slot, c)));
            debug_assert!(found.windows(2).all(|w| w[0].0 < w[1].0) && found.last().is_none_or(|l| l.0 < self.bounds[b]), "each command of a block has a candidate of its own, below the bound");
            found
        })
    }

    /// Block `b`'s candidates: its commands once worked out, else its bound.
    #[must_use]
    pub fn weight(&self, b: usize) -> usize {
        self.found[b].get().map_or(self.bounds[b], Vec::len)
    }

    /// Candidate `j` of block `b` (below its weight) as a command, if it is listed: a block
    /// worked out lists every candidate it has; another is worked out now.
    #[must_use]
    pub fn pick(&self, b: usize, j: usize) -> Option<Command> {
        match self.found[b].get() {
            Some(found) => Some(found[j].1.clone()),
            None => {
                let found = self.block(b);
                found.binary_search_by_key(&j, |(slot, _)| *slot).ok().map(|i| found[i].1.clone())
            }
        }
    }

    /// Every block's commands, in list order.
    #[must_use]
    pub fn listed(&self) -> Vec<Command> {
        (0..self.blocks()).flat_map(|b| self.block(b).iter().map(|(_, c)| c.clone())).collect()
    }

    /// How many commands the blocks list (every block worked out).
    #[must_use]
    pub fn listed_len(&self) -> usize {
        (0..self.blocks()).map(|b| self.block(b).len()).sum()
    }
}
