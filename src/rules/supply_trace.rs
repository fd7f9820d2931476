//! A unit's supply trace (tutorial 5.7.5, HW 1.6): the cheapest cost from its hex to every hex
//! within `trace_mp`, through hexes the side's supply map does not block. The search keeps its
//! costs in a thread's scratch marked by search number, so a trace costs what it reaches, not
//! the size of the map.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::movement::edge_cost;
use super::supply::SupplyMap;
use crate::model::view::UnitView;
use crate::model::{Game, SpaceId};
use crate::scenario::board::SpaceKind;
use crate::scenario::schema::SupplyRules;
use crate::scenario::steps::StepCost;

/// The hexes a trace reached within `trace_mp` (the unit's own hex among them).
#[derive(Clone, Debug, Default)]
pub struct Trace(Vec<SpaceId>);

impl Trace {
    /// Whether the trace reaches a hex connected to the network.
    #[must_use]
    pub fn reaches_network(&self, map: &SupplyMap) -> bool {
        self.0.iter().any(|s| map.connected.get(s.index()).copied().unwrap_or(false))
    }

    /// Whether the trace reaches `s`.
    #[must_use]
    pub fn reaches(&self, s: SpaceId) -> bool {
        self.0.contains(&s)
    }
}

/// Reused between traces on one thread: per hex the number of the trace that reached it last
/// and its best cost there.
#[derive(Default)]
struct Scratch {
    search: u32,
    best: Vec<(u32, u32)>,
    queue: CostQueue,
    reached: Vec<SpaceId>,
}

/// Spaces waiting to be looked at, cheapest first, for searches whose costs are whole points up
/// to a known top: a list per point of cost (the spaces of one cost come in no set order: a
/// search that keeps only least costs finds the same ones), or a heap where the top is too high
/// for a list per point.
#[derive(Default)]
pub(super) struct CostQueue {
    buckets: Vec<Vec<SpaceId>>,
    /// The cost of the list being emptied.
    at: usize,
    top: usize,
    heap: BinaryHeap<Reverse<(u32, SpaceId)>>,
    bucketed: bool,
}

/// The highest top searched with a list per point of cost.
const MAX_BUCKETS: u32 = 4096;

impl CostQueue {
    /// Empty, for costs from 0 to `top`.
    pub(super) fn start(&mut self, top: u32) {
        self.bucketed = top <= MAX_BUCKETS;
        self.heap.clear();
        if self.bucketed {
            let top = top as usize;
            if self.buckets.len() <= top {
                self.buckets.resize_with(top + 1, Vec::new);
            }
            self.buckets[..=top].iter_mut().for_each(Vec::clear);
            (self.at, self.top) = (0, top);
        }
    }

    /// Adds `s` at cost `c`, no less than the cost last taken (past the top, to the heap, taken
    /// after every list). Inlined: a trace pushes and takes every space it reaches, and a call
    /// for each cost more than the search around it.
    #[inline]
    pub(super) fn push(&mut self, c: u32, s: SpaceId) {
        match self.buckets.get_mut(c as usize).filter(|_| self.bucketed && c as usize <= self.top) {
            Some(list) => list.push(s),
            None => self.heap.push(Reverse((c, s))),
        }
    }

    /// The next space, of the least cost waiting, with that cost.
    #[inline(always)]
    pub(super) fn pop(&mut self) -> Option<(u32, SpaceId)> {
        if self.bucketed {
            while self.at <= self.top {
                if let Some(s) = self.buckets[self.at].pop() {
                    return Some((self.at as u32, s));
                }
                self.at += 1;
            }
        }
        self.heap.pop().map(|Reverse(x)| x)
    }
}

thread_local! {
    static TRACE: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// The trace from `unit`'s hex (the unit's own hex is never blocked for itself).
#[must_use]
pub fn trace_costs(game: &Game, rules: &SupplyRules, map: &SupplyMap, unit: &UnitView) -> Trace {
    let Some(start) = unit.space() else { return Trace::default() };
    TRACE.with_borrow_mut(|sc| trace_in(game, rules, map, unit, start, sc))
}

fn trace_in(game: &Game, rules: &SupplyRules, map: &SupplyMap, unit: &UnitView, start: SpaceId, sc: &mut Scratch) -> Trace {
    let b = &game.board;
    if sc.best.len() != b.len() || sc.search == u32::MAX {
        (sc.search, sc.best) = (0, vec![(0, 0); b.len()]);
    }
    sc.search += 1;
    let search = sc.search;
    sc.queue.start(rules.trace_mp);
    sc.reached.clear();
    let class = b.move_class(&game.scenario.unit_types[unit.type_index].movement_class);
    // Every built board has its step table (`Board::build`).
    let Some((steps, table)) = b.steps(class) else { return Trace::default() };
    let allowance = rules.trace_mp.max(1);
    let Some(first) = sc.best.get_mut(start.index()) else { return Trace::default() };
    *first = (search, 0);
    sc.reached.push(start);
    sc.queue.push(0, start);
    while let Some((c, at)) = sc.queue.pop() {
        if sc.best[at.index()] != (search, c) {
            continue;
        }
        let range = table.range(at);
        for (k, step) in steps[range].iter().enumerate() {
            let to = step.to.index();
            if map.blocked[to] {
                continue;
            }
            // As `edge_cost` in whole points, read from the class's steps where it can be.
            let mp = match step.cost() {
                StepCost::Terrain(n) | StepCost::Link(n) => n,
                StepCost::AllMp => allowance,
                StepCost::Prohibited => continue,
                StepCost::Full => {
                    let e = &b.edges[at.index()][k];
                    // An off-map box supplies the units inside it only (tutorial 5.6 Merrow Box).
                    if matches!(b.spaces[to].kind, SpaceKind::OffMap { .. }) {
                        continue;
                    }
                    let Some(mp) = edge_cost(game, at, e, class, allowance, &[], &map.demolished) else { continue };
                    mp
                }
            };
            let step = if rules.trace_in_hexes { 1 } else { mp };
            let n = c + step;
            let (seen, cost) = sc.best[to];
            if n <= rules.trace_mp && (seen != search || n < cost) {
                if seen != search {
                    sc.reached.push(SpaceId(to as u32));
                }
                sc.best[to] = (search, n);
                sc.queue.push(n, SpaceId(to as u32));
            }
        }
    }
    Trace(sc.reached.clone())
}
