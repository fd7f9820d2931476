//! What a movement search or a supply trace reads of a space at every step, kept small and
//! side by side: five spaces to a cache line, where one `BoardSpace` (key, name, tags, region)
//! spans more than two. Built with the board; the board never changes after that.

use super::board::{BoardSpace, SpaceId, SpaceKind};
use super::schema::MoveCost;

/// One space's footing: its terrain, its kind and the area it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Footing {
    /// Index into the terrain chart, or [`Footing::NO_TERRAIN`].
    terrain: u32,
    /// The area a slot belongs to; the space itself for any other space.
    pub area: SpaceId,
    pub kind: FootingKind,
}

/// The kind of a space, without what the kind carries ([`SpaceKind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FootingKind {
    Hex,
    Area,
    Slot,
    OffMap,
}

impl Footing {
    const NO_TERRAIN: u32 = u32::MAX;

    /// The footing of every space, in board order.
    #[must_use]
    pub fn of_spaces(spaces: &[BoardSpace]) -> Vec<Footing> {
        let footing = |(i, s): (usize, &BoardSpace)| {
            let id = SpaceId(i as u32);
            let (kind, area) = match s.kind {
                SpaceKind::Hex { .. } => (FootingKind::Hex, id),
                SpaceKind::Area => (FootingKind::Area, id),
                SpaceKind::Slot { parent, .. } => (FootingKind::Slot, parent),
                SpaceKind::OffMap { .. } => (FootingKind::OffMap, id),
            };
            // Terrain indexes are small (the chart's length); a larger one would be no terrain.
            let terrain = s.terrain.and_then(|t| u32::try_from(t).ok()).unwrap_or(Self::NO_TERRAIN);
            Footing { terrain, area, kind }
        };
        spaces.iter().enumerate().map(footing).collect()
    }

    /// Index into the terrain chart (hex maps).
    #[must_use]
    #[inline]
    pub fn terrain(self) -> Option<usize> {
        (self.terrain != Self::NO_TERRAIN).then_some(self.terrain as usize)
    }

    /// The parent area of a slot.
    #[must_use]
    #[inline]
    pub fn slot_parent(self) -> Option<SpaceId> {
        (self.kind == FootingKind::Slot).then_some(self.area)
    }
}

/// Movement costs per terrain and class index in one table, row after row (a lookup is one
/// multiplication and one read, not a row's pointer and then its entry).
#[derive(Clone, Debug, Default)]
pub struct ClassCosts {
    costs: Vec<MoveCost>,
    width: usize,
}

impl ClassCosts {
    /// From one row per terrain (every row as long as the first; a shorter one repeats its last).
    #[must_use]
    pub fn from_rows(rows: &[Vec<MoveCost>]) -> Self {
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        let mut costs = Vec::with_capacity(rows.len() * width);
        for row in rows {
            let last = row.last().copied().unwrap_or(MoveCost::Prohibited);
            costs.extend(row.iter().copied().chain(std::iter::repeat(last)).take(width));
        }
        ClassCosts { costs, width }
    }

    /// The cost of terrain `t` for class index `class`: a class past the row's end pays the
    /// row's last column (the terrain's default).
    #[must_use]
    #[inline]
    pub fn get(&self, t: usize, class: usize) -> MoveCost {
        let k = class.min(self.width.saturating_sub(1));
        self.costs.get(t * self.width + k).copied().unwrap_or(MoveCost::Prohibited)
    }
}

#[cfg(test)]
mod tests {
    use super::ClassCosts;
    use crate::scenario::schema::MoveCost;

    #[test]
    fn a_class_past_the_end_of_a_row_pays_its_last_column() {
        let rows = vec![vec![MoveCost::Mp(1), MoveCost::Mp(2)], vec![MoveCost::Mp(3), MoveCost::AllMp]];
        let c = ClassCosts::from_rows(&rows);
        assert_eq!(c.get(0, 0), MoveCost::Mp(1));
        assert_eq!(c.get(0, 1), MoveCost::Mp(2));
        assert_eq!(c.get(0, 7), MoveCost::Mp(2));
        assert_eq!(c.get(1, 0), MoveCost::Mp(3));
        assert_eq!(c.get(1, 5), MoveCost::AllMp);
    }
}
