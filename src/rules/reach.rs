//! How far a unit could go at most: the spaces it could end a move in were the map at its most
//! open (every road usable, nothing in the way), found without searching its moves. The legal
//! list reads a mover's candidates from this bound instead of the whole map, and works out the
//! mover's real destinations only for a draw that falls inside it (`session::legal_list`).

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};

use super::movement::{edge_cost_in, movement_allowance, mp_parts};
use crate::model::view::{UnitView, UnitsView};
use crate::model::{Control, Game, SpaceId};
use crate::scenario::board::MoveClass;
use crate::scenario::least_costs::LeastCostTable;

/// The least cost of a move of `class` between any two spaces, with the spaces one step from
/// each start or its area; `None` where the board keeps no table.
#[must_use]
pub fn least_costs(game: &Game, class: MoveClass) -> Option<&LeastCostTable> {
    game.board.least_costs(class, |class| Some(least_cost_table(game, class)))
}

/// The least cost of each step: what `movement::edge_cost_in` asks of it with every road
/// usable and with every road cut (a cut road leaves the terrain's cost, which may be the
/// lower), no bridge demolished, and "all MP" terrain at its least, one part. A search adds
/// to these (leaving a zone of control) or forbids steps; it never pays less.
fn least_cost_table(game: &Game, class: MoveClass) -> LeastCostTable {
    let board = &game.board;
    let n = board.len();
    let parts = mp_parts(game);
    let road = game.scenario.rules.road_mp.map_or(parts, |(r, _)| r);
    let (open, cut, none) = (vec![false; n], vec![true; n], BTreeSet::new());
    let step = |from: SpaceId, e| {
        let by_road = edge_cost_in(game, from, e, class, 1, (&open, &none), (parts, road));
        let off_road = edge_cost_in(game, from, e, class, 1, (&cut, &none), (parts, road));
        match (by_road, off_road) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    };
    let steps: Vec<Vec<(usize, u32)>> = (0..n)
        .map(|i| {
            let from = SpaceId(i as u32);
            board.edges[i].iter().filter_map(|e| Some((e.to.index(), step(from, e)?))).collect()
        })
        .collect();
    let mut costs = vec![u32::MAX; n * n];
    let mut queue = BinaryHeap::new();
    for start in 0..n {
        let row = &mut costs[start * n..(start + 1) * n];
        row[start] = 0;
        queue.push(Reverse((0u32, start)));
        while let Some(Reverse((cost, here))) = queue.pop() {
            if cost > row[here] {
                continue;
            }
            for &(to, c) in &steps[here] {
                let total = cost.saturating_add(c);
                if total < row[to] {
                    row[to] = total;
                    queue.push(Reverse((total, to)));
                }
            }
        }
    }
    // A minimum move's reach: one step from the start or from its area (DI 13.5, ToO 9.4).
    let near: Vec<Vec<u32>> = (0..n)
        .map(|i| {
            let start = SpaceId(i as u32);
            let mut spaces: Vec<u32> = [start, board.area_of(start)].iter().flat_map(|s| &board.edges[s.index()]).map(|e| e.to.0).filter(|&s| s != start.0).collect();
            spaces.sort_unstable();
            spaces.dedup();
            spaces
        })
        .collect();
    LeastCostTable::new(n, costs, &near)
}

/// The spaces a unit could end a move in this phase at most, in board order: those within its
/// allowance left (times the ruleset's boost, DI 27.9) at their least cost, and those one step
/// from its space or from its space's area (a minimum move, DI 13.5 and ToO 9.4). Its
/// destinations (`movement::legal_destinations_among`) are among them. Read from the class's
/// table where asked, nothing gathered.
pub struct Reach<'a> {
    start: usize,
    costs: &'a [u32],
    near: &'a [u32],
    limit: u32,
    len: usize,
}

impl Reach<'_> {
    /// How many spaces it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether it holds `s`.
    #[must_use]
    pub fn contains(&self, s: SpaceId) -> bool {
        s.index() != self.start && (self.costs.get(s.index()).is_some_and(|&c| c <= self.limit) || self.near.binary_search(&s.0).is_ok())
    }

    /// Its spaces in board order (the start's steps in `near` are in board order too).
    fn spaces(&self) -> impl Iterator<Item = SpaceId> + '_ {
        let mut near = self.near.iter().peekable();
        (0..self.costs.len()).filter_map(move |i| {
            let one_step = near.next_if(|&&s| s as usize == i).is_some();
            (i != self.start && (one_step || self.costs[i] <= self.limit)).then_some(SpaceId(i as u32))
        })
    }

    /// Its `j`-th space in board order (`j` below [`Reach::len`]).
    #[must_use]
    pub fn get(&self, j: usize) -> Option<SpaceId> {
        self.spaces().nth(j)
    }
}

/// The reach of `unit` ([`Reach`]). `None`: any space may be a destination, as far as this
/// tells (a board without a table, or a unit that keeps to its waters, whose steps cost the
/// same whatever the terrain, ToO 21.1).
#[must_use]
pub fn reach_of<'a>(game: &'a Game, units: &UnitsView, control: &Control, unit: &UnitView) -> Option<Reach<'a>> {
    let t = game.scenario.unit_types.get(unit.type_index)?;
    if t.waters.is_some() {
        return None;
    }
    let board = &game.board;
    let table = least_costs(game, board.move_class_in(&t.movement_class, control.season))?;
    let Some(start) = unit.space() else { return Some(Reach { start: usize::MAX, costs: &[], near: &[], limit: 0, len: 0 }) };
    let allowance = movement_allowance(game, unit).saturating_sub(unit.activity.mp_used);
    let boost = game.ruleset.movement_boost(game, units, unit).unwrap_or(1).max(1);
    let limit = allowance.saturating_mul(boost);
    let (costs, near) = (table.costs(start.index()), table.near(start.index()));
    // The start costs nothing and is never one step from itself. (Summed rather than
    // filtered and counted: the compiler then compares many costs at once.)
    let within = costs.iter().map(|&c| usize::from(c <= limit)).sum::<usize>() - 1;
    let len = within + near.iter().filter(|&&s| costs[s as usize] > limit).count();
    Some(Reach { start: start.index(), costs, near, limit, len })
}

/// The spaces of [`reach_of`], in board order.
#[must_use]
pub fn reach_bound(game: &Game, units: &UnitsView, control: &Control, unit: &UnitView) -> Option<Vec<SpaceId>> {
    let reach = reach_of(game, units, control, unit)?;
    let spaces: Vec<SpaceId> = reach.spaces().collect();
    debug_assert_eq!(spaces.len(), reach.len());
    Some(spaces)
}
