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
    heap: BinaryHeap<Reverse<(u32, SpaceId)>>,
    reached: Vec<SpaceId>,
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
    sc.heap.clear();
    sc.reached.clear();
    let class = b.move_class(&game.scenario.unit_types[unit.type_index].movement_class);
    // Every built board has its step table (`Board::build`).
    let Some((steps, table)) = b.steps(class) else { return Trace::default() };
    let allowance = rules.trace_mp.max(1);
    let Some(first) = sc.best.get_mut(start.index()) else { return Trace::default() };
    *first = (search, 0);
    sc.reached.push(start);
    sc.heap.push(Reverse((0u32, start)));
    while let Some(Reverse((c, at))) = sc.heap.pop() {
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
                sc.heap.push(Reverse((n, SpaceId(to as u32))));
            }
        }
    }
    Trace(sc.reached.clone())
}
