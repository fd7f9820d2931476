//! The cheapest-path search behind legal destinations: cost by cost from the unit's hex,
//! reading each step from the board's step table of the unit's movement class
//! (`scenario::steps`), and working out in full only the steps the table leaves open (roads,
//! off-map boxes) or every step of a unit the table does not serve (bound to a rail net or to
//! waters, or on a doubled move that avoids enemy areas).

use super::movement::{edge_cost_in, mp_parts};
use std::rc::Rc;

use crate::model::space_set::SpaceSet;
use crate::model::path::Path;
use crate::model::view::{Destination, UnitView, has_flag_now};
use crate::model::{Control, Game, SpaceId};
use crate::scenario::board::{Edge, SpaceKind};
use crate::scenario::footing::FootingKind;
use crate::scenario::schema::{UnitFlag, ZocToZoc};
use crate::scenario::steps::{Step, StepCost, StepTable};

/// Reused between searches on one thread: the best cost and the step before of every space the
/// current search reached, valid where the space's node holds the search's number (so a search
/// costs what it reaches, not the size of the map).
#[derive(Default)]
pub(super) struct Scratch {
    search: u32,
    nodes: Vec<Node>,
    touched: Vec<SpaceId>,
    /// The spaces to look at, by the cost at which they were reached (costs are small whole
    /// numbers up to the allowance: a bucket per cost, not a heap).
    buckets: Vec<Vec<SpaceId>>,
    /// The spaces reached, as a set of words, while they are listed (empty in between).
    marks: Vec<u64>,
    /// The spaces looked at, in the order their costs became final.
    order: Vec<SpaceId>,
    /// Paths end to end, each a path before it one step longer ([`Scratch::paths`]).
    arena: Vec<SpaceId>,
    /// Where each space's path lies in `arena` (a node's `span` indexes this).
    spans: Vec<(u32, u32)>,
    /// Spaces no step enters, for the search under way (enemy hexes and banned spaces).
    blocked: Vec<u64>,
    /// Spaces where movement ends, for the search under way.
    stops: Vec<u64>,
}

/// What a search knows of one space, side by side (one memory access per look).
#[derive(Clone, Copy, Default)]
struct Node {
    /// The number of the search that reached the space last.
    search: u32,
    best: u32,
    /// The space before on the cheapest path (`NO_PREV` for none).
    prev: u32,
    /// Where the path to the space lies ([`Scratch::paths`]; `NO_SPAN` before, or for none).
    span: u32,
}

const NO_PREV: u32 = u32::MAX;
const NO_SPAN: u32 = u32::MAX;

thread_local! {
    pub(super) static SEARCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// The most movement points a search counts (see `scenario::validate::MAX_MOVEMENT`).
const MAX_SEARCH_MP: u32 = 1 << 16;

/// Whether `s` is in a set given as its words (a space past the words is not).
#[inline(always)]
fn bit(words: &[u64], s: SpaceId) -> bool {
    let i = s.index();
    words.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
}

/// Runs `f` out of line: what the search's loop asks seldom, kept out of the loop's registers.
#[cold]
#[inline(never)]
fn aside<T>(f: impl FnOnce() -> T) -> T {
    f()
}

/// What every step of one search reads, as plain values (the loop keeps them in registers).
struct Walk<'a> {
    steps: &'a [Step],
    table: &'a StepTable,
    /// Every step worked out in full, whatever the table says.
    all_full: bool,
    /// Spaces no step enters.
    blocked: &'a [u64],
    /// Spaces where movement ends on entering.
    stops: &'a [u64],
    /// The enemy zones of control the unit heeds (none for a unit that ignores them).
    zoc: &'a [u64],
    start: SpaceId,
    allowance: u32,
    parts: u32,
    /// The unit has spent movement points already: no "all MP" step even from its start.
    moved: bool,
    /// What leaving a zone of control adds, in parts.
    exit: u32,
    /// Straight from one zone into another: `None` forbidden, else what it adds in parts.
    zoc_to_zoc: Option<u32>,
    until: Option<SpaceId>,
}

impl Scratch {
    fn start(&mut self, len: usize) {
        if self.nodes.len() != len || self.search == u32::MAX {
            self.search = 0;
            self.nodes = vec![Node::default(); len];
        }
        self.search += 1;
        self.touched.clear();
        self.order.clear();
    }

    fn node(&self, s: SpaceId) -> Option<Node> {
        self.nodes.get(s.index()).filter(|n| n.search == self.search).copied()
    }

    fn best(&self, s: SpaceId) -> Option<u32> {
        self.node(s).map(|n| n.best)
    }

    fn set(&mut self, s: SpaceId, cost: u32, prev: Option<SpaceId>) {
        let n = &mut self.nodes[s.index()];
        if n.search != self.search {
            n.search = self.search;
            self.touched.push(s);
        }
        n.best = cost;
        n.prev = prev.map_or(NO_PREV, |p| p.0);
        n.span = NO_SPAN;
    }

    /// Cost by cost, as a heap would give them (within one cost the order changes nothing: a
    /// space's cost is the least found, and its step before the lowest of equal ways).
    /// `full(here, k)`: the `k`th step out of `here` worked out in full, with whether its cost
    /// is fixed (never an "all MP" step). Kept out of line: its loop has the registers to itself.
    #[inline(never)]
    fn walk(&mut self, w: &Walk, buckets: &mut [Vec<SpaceId>], full: &dyn Fn(SpaceId, usize) -> Option<(u32, bool)>) {
        self.set(w.start, 0, None);
        buckets[0].push(w.start);
        for cost in 0..=w.allowance {
            // Past the cost of the one space asked about: its cost and its path (ties going to
            // the lower space before) can no longer change.
            if w.until.is_some_and(|u| self.best(u).is_some_and(|b| cost > b)) {
                break;
            }
            while let Some(here) = buckets[cost as usize].pop() {
                if self.best(here) != Some(cost) {
                    continue;
                }
                self.order.push(here);
                if here != w.start && bit(w.stops, here) {
                    continue;
                }
                let leaving_zoc = bit(w.zoc, here);
                for (k, step) in w.steps[w.table.range(here)].iter().enumerate() {
                    let to = step.to;
                    if bit(w.blocked, to) {
                        continue;
                    }
                    let known = if w.all_full { StepCost::Full } else { step.cost() };
                    let (mut step, fixed) = match known {
                        StepCost::Terrain(n) => (n * w.parts, false),
                        StepCost::Link(n) => (n * w.parts, true),
                        StepCost::AllMp => (w.allowance.max(1), false),
                        StepCost::Prohibited => continue,
                        StepCost::Full => match aside(|| full(here, k)) {
                            Some(s) => s,
                            None => continue,
                        },
                    };
                    if leaving_zoc {
                        step += w.exit;
                        if bit(w.zoc, to) {
                            match w.zoc_to_zoc {
                                Some(n) => step += n,
                                None => continue,
                            }
                        }
                    }
                    let total = cost + step;
                    if total > w.allowance {
                        continue;
                    }
                    // A move into "all MP" terrain is only possible as the unit's first step.
                    if step == w.allowance && !fixed && (here != w.start || w.moved) {
                        continue;
                    }
                    // A cheaper way: the space is looked at again at its new cost. An equal way
                    // from a lower space only changes the step before (what the space leads to
                    // depends on its cost alone), so it is not looked at twice.
                    let Some(n) = self.nodes.get_mut(to.index()) else { continue };
                    if n.search != self.search {
                        *n = Node { search: self.search, best: total, prev: here.0, span: NO_SPAN };
                        self.touched.push(to);
                        buckets[total as usize].push(to);
                    } else if total < n.best {
                        (n.best, n.prev) = (total, here.0);
                        buckets[total as usize].push(to);
                    } else if total == n.best && n.prev != NO_PREV && here.0 < n.prev {
                        n.prev = here.0;
                    }
                }
            }
        }
    }

    /// Every space reached but the start, in board order (as a scan of the map would list
    /// them), with its cost and, if `paths`, its path: the reached spaces marked in a set and
    /// read back word by word (the set is left empty).
    fn reached(&mut self, start: SpaceId, paths: bool) -> Vec<Destination> {
        let all = if paths { self.paths(start) } else { None };
        self.marks.resize(self.nodes.len().div_ceil(64), 0);
        let (mut low, mut high) = (usize::MAX, 0);
        for s in &self.touched {
            let i = s.index();
            self.marks[i / 64] |= 1 << (i % 64);
            (low, high) = (low.min(i / 64), high.max(i / 64));
        }
        let mut out = Vec::with_capacity(self.touched.len());
        for k in low..=high.min(self.marks.len().saturating_sub(1)) {
            let mut word = std::mem::take(&mut self.marks[k]);
            while word != 0 {
                let space = SpaceId((k * 64) as u32 + word.trailing_zeros());
                word &= word - 1;
                let Some(n) = self.node(space) else { continue };
                if space == start {
                    continue;
                }
                out.push(Destination { space, cost: n.best, path: Path::default() });
                // The path written in place (a whole destination built aside and copied in
                // stalls on its own narrow stores).
                if let (Some(all), Some(&(at, len)), Some(d)) = (&all, self.spans.get(n.span as usize), out.last_mut()) {
                    d.path = Path::within(all, at, len);
                }
            }
        }
        out
    }

    /// The path to every space reached but the start, end to end in one list shared by all
    /// (each space's `span` says where its own lies). In the order costs became final, a path
    /// is the path of the step before and one step more; a space whose step before came later
    /// (a free step may do that) is walked back on its own.
    fn paths(&mut self, start: SpaceId) -> Option<Rc<[SpaceId]>> {
        self.arena.clear();
        self.spans.clear();
        for i in 0..self.order.len() {
            let s = self.order[i];
            let Some(n) = self.nodes.get(s.index()).copied() else { continue };
            if s == start || n.search != self.search {
                continue;
            }
            let before = match self.nodes.get(n.prev as usize) {
                _ if n.prev == start.0 => Some((0, 0)),
                Some(p) if p.search == self.search => self.spans.get(p.span as usize).copied(),
                _ => None,
            };
            let from = self.arena.len() as u32;
            if let Some((at, len)) = before {
                // Step by step: a few spaces, not worth a call to copy memory.
                for k in at..at + len {
                    let step = self.arena[k as usize];
                    self.arena.push(step);
                }
                self.arena.push(s);
            } else {
                self.walk_back(start, s);
            }
            self.nodes[s.index()].span = self.spans.len() as u32;
            self.spans.push((from, self.arena.len() as u32 - from));
        }
        // Spaces reached but never looked at (a search for one space stops early).
        for i in 0..self.touched.len() {
            let s = self.touched[i];
            if s != start && self.nodes.get(s.index()).is_some_and(|n| n.span == NO_SPAN) {
                let from = self.arena.len() as u32;
                self.walk_back(start, s);
                self.nodes[s.index()].span = self.spans.len() as u32;
                self.spans.push((from, self.arena.len() as u32 - from));
            }
        }
        (!self.arena.is_empty()).then(|| Rc::from(&self.arena[..]))
    }

    /// Adds to the arena the steps from `start` to `end`, `end` last, walked back from `end`.
    fn walk_back(&mut self, start: SpaceId, end: SpaceId) {
        // Steps before are spaces of the same search; a path is no longer than what it reached.
        let from = self.arena.len();
        let mut at = Some(end);
        while let Some(s) = at
            && s != start
            && self.arena.len() - from < self.touched.len()
        {
            self.arena.push(s);
            at = self.nodes.get(s.index()).filter(|n| n.prev != NO_PREV).map(|n| SpaceId(n.prev));
        }
        self.arena[from..].reverse();
    }
}

/// The spaces a unit's search meets: `enemy` (spaces holding enemy units), `zoc` (the enemy
/// zones of control the unit heeds) and `banned` (spaces it may not enter).
pub(super) struct Met<'a> {
    pub enemy: &'a SpaceSet,
    pub zoc: &'a SpaceSet,
    pub banned: &'a SpaceSet,
}

/// The cheapest path to every space `unit` reaches from `start` within `allowance` parts;
/// `avoid_enemies`: through no space of an area holding enemy units in its open part; `until`:
/// only that space's cost and path need be right.
pub(super) fn search_in(
    game: &Game,
    control: &Control,
    unit: &UnitView,
    (start, allowance, paths, until): (SpaceId, u32, bool, Option<SpaceId>),
    avoid_enemies: bool,
    met: &Met,
    (sc, before): (&mut Scratch, Option<&mut Vec<u32>>),
) -> Vec<Destination> {
    let board = &game.board;
    let Some(t) = game.scenario.unit_types.get(unit.type_index) else { return Vec::new() };
    let class = board.move_class_in(&t.movement_class, control.season);
    // Every built board has its step table (`Board::build`).
    let Some((steps, table)) = board.steps(class) else { return Vec::new() };
    sc.start(board.len());
    // Factors are at most `MAX_MOVEMENT` and multipliers small (validation); a ruleset that
    // multiplied without bound would still not size the buckets past this.
    let allowance = allowance.min(MAX_SEARCH_MP);
    let mut buckets = std::mem::take(&mut sc.buckets);
    let top = allowance as usize;
    if buckets.len() <= top {
        buckets.resize_with(top + 1, Vec::new);
    }
    // Every cost up to the allowance has its bucket, empty (a search that stopped early may
    // have left some spaces in them).
    buckets[..=top].iter_mut().for_each(Vec::clear);
    let zr = &game.scenario.rules.zoc;
    let parts = mp_parts(game);
    let road = game.scenario.rules.road_mp.map_or(parts, |(n, _)| n);
    // Area maps: an infiltrating unit passes through spaces holding enemy units (DI 13.6).
    let infiltrates = has_flag_now(game, control, unit.type_index, UnitFlag::Infiltration);
    let passes_enemies = !board.is_hex && infiltrates;
    let rail_bound = t.flags.contains(&UnitFlag::RailBound);
    // ToO 21.1: a flotilla keeps to its waters, at a fixed cost a step.
    let waters = t.waters.as_ref();
    // ToO 31.2: an infiltrating unit need not stop in an enemy zone of control; leaving one
    // costs it this much more, out of the zone or straight into another.
    let infiltration = zr.infiltration_mp.filter(|_| infiltrates);
    // Hex maps: no entering a hex held by the enemy (that is combat, not movement); spaces the
    // unit's contingent may not enter (DI 13.7).
    let mut blocked = std::mem::take(&mut sc.blocked);
    blocked.clear();
    blocked.extend_from_slice(met.banned.words());
    if board.is_hex {
        blocked.resize(blocked.len().max(met.enemy.words().len()), 0);
        blocked.iter_mut().zip(met.enemy.words()).for_each(|(b, e)| *b |= e);
    }
    let enemy = |s: SpaceId| met.enemy.contains(s);
    // Movement ends on entering an enemy zone of control (if the game says so), an enemy-held
    // area (its open part: DI 13.3-13.4), or a slot of such an area (DI 17.3).
    let mut stops = std::mem::take(&mut sc.stops);
    stops.clear();
    stops.resize(board.len().div_ceil(64), 0);
    if zr.stop_on_entry && infiltration.is_none() {
        stops.iter_mut().zip(met.zoc.words()).for_each(|(s, z)| *s |= z);
    }
    if !passes_enemies {
        for (k, &word) in met.enemy.words().iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let area = SpaceId((k * 64) as u32 + word.trailing_zeros());
                word &= word - 1;
                for s in std::iter::once(area).chain(board.slots_of(area)) {
                    if let Some(w) = stops.get_mut(s.index() / 64) {
                        *w |= 1 << (s.index() % 64);
                    }
                }
            }
        }
    }
    let full = |here: SpaceId, k: usize| {
        let e: &Edge = board.edges[here.index()].get(k)?;
        let to = e.to;
        // ToO 16.4: an armoured train keeps to its side's rail net.
        if (rail_bound || waters.is_some()) && !super::rail::bound_step(game, control, unit, here, e) {
            return None;
        }
        if board.footing(to).kind == FootingKind::OffMap
            && let SpaceKind::OffMap { sides } = &board.spaces[to.index()].kind
            && (!sides.iter().any(|s| game.side_index(s) == Some(unit.side))
                || super::boxes::box_def(game, to).is_some_and(|b| super::boxes::box_closed(game, control, b)))
        {
            return None;
        }
        // A doubled move (DI 27.9) uses no district with open enemy units.
        if avoid_enemies && enemy(board.area_of(to)) {
            return None;
        }
        let cost_in = || edge_cost_in(game, here, e, class, allowance, (&control.interdicted, &control.demolished), (parts, road));
        let step = waters.map_or_else(cost_in, |w| Some(w.step_mp * parts))?;
        Some((step, e.link_cost.is_some() || e.road.is_some()))
    };
    let walk = Walk {
        steps,
        table,
        all_full: rail_bound || waters.is_some() || avoid_enemies,
        blocked: &blocked,
        stops: &stops,
        zoc: met.zoc.words(),
        start,
        allowance,
        parts,
        moved: unit.activity.mp_used > 0,
        exit: infiltration.unwrap_or(zr.exit_cost) * parts,
        zoc_to_zoc: match zr.zoc_to_zoc {
            _ if infiltration.is_some() => Some(0),
            ZocToZoc::Allowed => Some(0),
            ZocToZoc::Forbidden => None,
            ZocToZoc::Cost(n) => Some(n * parts),
        },
        until,
    };
    sc.walk(&walk, &mut buckets, &full);
    sc.buckets = buckets;
    sc.blocked = blocked;
    sc.stops = stops;
    let out = sc.reached(start, paths);
    // The step before of each destination, for a caller that remembers the search.
    if let Some(before) = before {
        before.clear();
        before.extend(out.iter().map(|d| sc.nodes.get(d.space.index()).map_or(NO_PREV, |n| n.prev)));
    }
    out
}
