//! A set of board spaces as one bit per space: a 100x100 map's set is 157 words, cleared and
//! tested without touching the allocator per space.

use crate::scenario::board::SpaceId;

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SpaceSet(Vec<u64>);

impl SpaceSet {
    /// An empty set for a board of `len` spaces.
    #[must_use]
    pub fn new(len: usize) -> Self {
        SpaceSet(vec![0; len.div_ceil(64)])
    }

    pub fn insert(&mut self, s: SpaceId) {
        let i = s.index();
        self.0[i / 64] |= 1 << (i % 64);
    }

    #[must_use]
    pub fn contains(&self, s: SpaceId) -> bool {
        let i = s.index();
        self.0.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// The set as words of 64 spaces each, space `i` at bit `i % 64` of word `i / 64`.
    #[must_use]
    pub fn words(&self) -> &[u64] {
        &self.0
    }

    /// Adds every space of `other` (a set for a board no larger).
    pub fn union_with(&mut self, other: &SpaceSet) {
        for (w, o) in self.0.iter_mut().zip(&other.0) {
            *w |= o;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SpaceSet;
    use crate::scenario::board::SpaceId;

    #[test]
    fn a_space_is_in_the_set_once_inserted_and_others_are_not() {
        let mut s = SpaceSet::new(130);
        for i in [0, 63, 64, 129] {
            s.insert(SpaceId(i));
        }
        assert!([0, 63, 64, 129].iter().all(|i| s.contains(SpaceId(*i))));
        assert!(![1, 62, 65, 128].iter().any(|i| s.contains(SpaceId(*i))));
        assert!(!s.contains(SpaceId(500)), "beyond the board: not in it");
        let mut t = SpaceSet::new(130);
        t.insert(SpaceId(1));
        t.union_with(&s);
        assert!([0, 1, 63, 64, 129].iter().all(|i| t.contains(SpaceId(*i))));
        assert!(![2, 62, 65, 128].iter().any(|i| t.contains(SpaceId(*i))));
    }
}
