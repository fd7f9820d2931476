//! The least a move can cost from each space to each other, per movement class, kept with the
//! board (`Board::least_costs`): what bounds the spaces a unit could end a move in before its
//! search is made (`rules::reach`). Each class's table is built when first asked for.

use std::sync::OnceLock;

/// Boards of more spaces keep no table: it holds a cost for every pair of spaces (a board of
/// this size holds a million; a map of a few thousand hexes keeps none, and draws its movers'
/// candidates from the whole map).
pub const MAX_SPACES: usize = 1024;

/// One class's table: for each space (the start), every space's least cost from it; and, for
/// any class, the spaces one step from the start or from its area (a minimum move's reach).
#[derive(Clone, Default)]
pub struct LeastCostTable {
    n: usize,
    /// Row by row: the least cost in movement parts (`u32::MAX`: out of reach).
    costs: Vec<u32>,
    /// Where each start's spaces one step away begin in `near` (one more entry than spaces).
    near_first: Vec<u32>,
    /// The spaces one step from each start or from its area, in board order, each once.
    near: Vec<u32>,
}

/// Its size only: a board's debug print would otherwise hold every pair of spaces.
impl std::fmt::Debug for LeastCostTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LeastCostTable({} spaces)", self.n)
    }
}

impl LeastCostTable {
    /// The table of `costs` (row by row, `n` spaces) and of each start's `near` spaces.
    #[must_use]
    pub fn new(n: usize, costs: Vec<u32>, near: &[Vec<u32>]) -> Self {
        let mut near_first = Vec::with_capacity(n + 1);
        near_first.push(0);
        let mut flat = Vec::new();
        for spaces in near {
            flat.extend(spaces);
            near_first.push(flat.len() as u32);
        }
        LeastCostTable { n, costs, near_first, near: flat }
    }

    /// Each space's least cost from `start`.
    #[must_use]
    pub fn costs(&self, start: usize) -> &[u32] {
        &self.costs[start * self.n..(start + 1) * self.n]
    }

    /// The spaces one step from `start` or from its area.
    #[must_use]
    pub fn near(&self, start: usize) -> &[u32] {
        &self.near[self.near_first[start] as usize..self.near_first[start + 1] as usize]
    }
}

/// Per class index: the table ([`LeastCostTable`]), or `None` where the board is too large to
/// keep one.
#[derive(Clone, Debug, Default)]
pub struct LeastCosts {
    by_class: Vec<OnceLock<Option<LeastCostTable>>>,
}

impl LeastCosts {
    /// For `classes` class indexes (at least one, as [`super::steps::StepTable`]).
    #[must_use]
    pub fn new(classes: usize) -> Self {
        LeastCosts { by_class: (0..classes.max(1)).map(|_| OnceLock::new()).collect() }
    }

    /// The table of class index `class`, built by `build` for the index it is kept under on
    /// first use: a class past the last index shares the last one's (its costs are that
    /// column's, as the step table's are).
    pub fn of_class(&self, class: usize, build: impl FnOnce(usize) -> Option<LeastCostTable>) -> Option<&LeastCostTable> {
        let class = class.min(self.by_class.len().checked_sub(1)?);
        self.by_class[class].get_or_init(|| build(class)).as_ref()
    }
}
