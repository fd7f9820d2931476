//! What one step along each edge of the board costs a movement class, worked out once per
//! class and kept side by side with the space the step leads to: a search reads one entry per
//! edge instead of the edge, the hexside chart, the target's footing and the terrain chart.
//! Only what never changes during a game goes in; a step whose cost depends on the state of
//! the map (a road, which interdiction and demolished bridges change) or that leads off the
//! map is marked for the search to work out in full.

use std::sync::OnceLock;

use super::board::{Edge, SpaceId};
use super::footing::{ClassCosts, Footing, FootingKind};
use super::schema::MoveCost;

/// One edge as a search of one movement class reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub to: SpaceId,
    code: u32,
}

/// What a step costs ([`Step::cost`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepCost {
    /// Whole movement points, for the terrain and hexside entered.
    Terrain(u32),
    /// Whole movement points, fixed by the link (area and box links: never "all MP").
    Link(u32),
    /// Every movement point the unit has.
    AllMp,
    /// No step this way.
    Prohibited,
    /// Depends on the state of the map (roads) or leads off the map: the search works it out.
    Full,
}

impl Step {
    const PROHIBITED: u32 = u32::MAX;
    const ALL_MP: u32 = u32::MAX - 1;
    const FULL: u32 = u32::MAX - 2;
    /// Set on the code of a link's fixed cost.
    const LINK: u32 = 1 << 30;

    #[must_use]
    #[inline]
    pub fn cost(self) -> StepCost {
        // The common case first: a step over terrain.
        match self.code {
            c if c < Self::LINK => StepCost::Terrain(c),
            Self::PROHIBITED => StepCost::Prohibited,
            Self::ALL_MP => StepCost::AllMp,
            Self::FULL => StepCost::Full,
            c => StepCost::Link(c & !Self::LINK),
        }
    }

    /// The step along `e` for the class at index `class` (as `movement::edge_cost` with no
    /// road in use).
    fn of(e: &Edge, class: usize, Chart { footing, costs, hexside_extra }: Chart) -> Step {
        let fits = |n: u32, flag: u32| if n < Self::LINK { n | flag } else { Self::FULL };
        let code = if footing[e.to.index()].kind == FootingKind::OffMap || e.road.is_some() {
            Self::FULL
        } else if let Some(c) = e.link_cost {
            fits(c, Self::LINK)
        } else {
            let (extra, prohibited) = e.hexside.and_then(|f| hexside_extra.get(f)).map_or((0, false), |&(add, no, _)| (add, no));
            match footing[e.to.index()].terrain().map(|t| costs.get(t, class)) {
                _ if prohibited => Self::PROHIBITED,
                Some(MoveCost::Mp(n)) => n.checked_add(extra).map_or(Self::FULL, |n| fits(n, 0)),
                Some(MoveCost::AllMp) => Self::ALL_MP,
                Some(MoveCost::RoadOnly | MoveCost::Prohibited) | None => Self::PROHIBITED,
            }
        };
        Step { to: e.to, code }
    }
}

/// What the cost of a step is read from: the footing of each space, the terrain chart, and
/// per hexside type its extra cost and whether it prohibits the step.
#[derive(Clone, Copy)]
pub struct Chart<'a> {
    pub footing: &'a [Footing],
    pub costs: &'a ClassCosts,
    pub hexside_extra: &'a [(u32, bool, i32)],
}

/// The steps of every class, each built when a search of that class first asks.
#[derive(Clone, Debug, Default)]
pub struct StepTable {
    /// Where each space's steps begin (one more entry than spaces): the same order as the
    /// board's edges of the space.
    first: Vec<u32>,
    by_class: Vec<OnceLock<Vec<Step>>>,
}

impl StepTable {
    /// For a board's edges and `classes` class indexes (at least one: an area map's links
    /// cost the same to every class).
    #[must_use]
    pub fn new(edges: &[Vec<Edge>], classes: usize) -> Self {
        let mut first = Vec::with_capacity(edges.len() + 1);
        let mut at = 0u32;
        first.push(at);
        for es in edges {
            at = at.saturating_add(u32::try_from(es.len()).unwrap_or(u32::MAX));
            first.push(at);
        }
        StepTable { first, by_class: (0..classes.max(1)).map(|_| OnceLock::new()).collect() }
    }

    /// Where the steps out of `space` lie in the class's steps (also each one's place in the
    /// board's edges of the space, counted from the start of the range).
    #[must_use]
    #[inline]
    pub fn range(&self, space: SpaceId) -> std::ops::Range<usize> {
        let i = space.index();
        self.first[i] as usize..self.first[i + 1] as usize
    }

    /// Every step of class index `class`, built on first use: a class past the table's last
    /// column pays that column (as [`ClassCosts::get`]); `None` for a table of no columns.
    pub fn of_class(&self, class: usize, edges: &[Vec<Edge>], chart: Chart) -> Option<&[Step]> {
        let class = class.min(self.by_class.len().checked_sub(1)?);
        Some(self.by_class[class].get_or_init(|| edges.iter().flatten().map(|e| Step::of(e, class, chart)).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::{Chart, Step, StepCost, StepTable};
    use crate::scenario::board::{BoardSpace, Edge, SpaceId, SpaceKind};
    use crate::scenario::footing::{ClassCosts, Footing};
    use crate::scenario::schema::MoveCost;

    fn hex(terrain: usize) -> BoardSpace {
        let kind = SpaceKind::Hex { col: 1, row: 1, q: 1, r: 1 };
        BoardSpace { key: String::new(), name: None, kind, terrain: Some(terrain), stacking: None, vp: 0, region: None, tags: vec![] }
    }

    #[test]
    fn each_step_reads_terrain_hexside_link_and_marks_roads() {
        // Space 0 clear, 1 hill (2 MP; "all MP" for class 1), 2 swamp (prohibited), 3 off the map.
        let mut spaces = vec![hex(0), hex(1), hex(2), hex(0)];
        spaces[3].kind = SpaceKind::OffMap { sides: vec![] };
        let footing = Footing::of_spaces(&spaces);
        let costs = ClassCosts::from_rows(&[
            vec![MoveCost::Mp(1), MoveCost::Mp(1)],
            vec![MoveCost::Mp(2), MoveCost::AllMp],
            vec![MoveCost::Prohibited, MoveCost::Prohibited],
        ]);
        let extra = [(1, false, 0), (0, true, 0)];
        let e = |to: u32, hexside, road, link_cost| Edge { to: SpaceId(to), hexside, road, link_cost };
        let edges = vec![
            vec![
                e(1, Some(0), None, None),
                e(2, None, None, None),
                e(1, Some(1), None, None),
                e(1, None, Some(crate::scenario::schema::RoadClass::Road), None),
                e(3, None, None, None),
                e(1, None, None, Some(3)),
            ],
            vec![],
            vec![],
            vec![],
        ];
        let table = StepTable::new(&edges, 2);
        let chart = Chart { footing: &footing, costs: &costs, hexside_extra: &extra };
        let got: Vec<StepCost> = table.of_class(0, &edges, chart).unwrap()[table.range(SpaceId(0))].iter().map(|s| s.cost()).collect();
        let river_hill = StepCost::Terrain(3);
        assert_eq!(got, vec![river_hill, StepCost::Prohibited, StepCost::Prohibited, StepCost::Full, StepCost::Full, StepCost::Link(3)]);
        let all = table.of_class(1, &edges, chart).unwrap();
        assert_eq!(all[0].cost(), StepCost::AllMp);
        assert_eq!(table.of_class(5, &edges, chart).unwrap()[0].cost(), StepCost::AllMp, "past the end: the last column");
        assert!(StepTable::default().of_class(0, &edges, chart).is_none());
        assert_eq!(table.range(SpaceId(1)), 6..6);
        assert_eq!(Step { to: SpaceId(0), code: 5 }.cost(), StepCost::Terrain(5));
    }
}
