//! A move's path: the spaces stepped into, start excluded. The paths one search finds share
//! one list (each is a range in it), so listing a unit's destinations with their paths costs
//! one allocation, not one per destination.

use std::rc::Rc;

use crate::scenario::board::SpaceId;

/// A path of spaces (start excluded, destination last); reads as a slice.
#[derive(Clone, Default)]
pub struct Path {
    all: Option<Rc<[SpaceId]>>,
    at: u32,
    len: u32,
}

impl Path {
    /// The path `range` of a list of paths shared by several.
    #[must_use]
    pub fn within(all: &Rc<[SpaceId]>, at: u32, len: u32) -> Self {
        let fits = (at as usize).checked_add(len as usize).is_some_and(|end| end <= all.len());
        if fits { Path { all: Some(all.clone()), at, len } } else { Path::default() }
    }
}

impl std::ops::Deref for Path {
    type Target = [SpaceId];

    fn deref(&self) -> &[SpaceId] {
        let range = self.at as usize..(self.at + self.len) as usize;
        self.all.as_deref().and_then(|a| a.get(range)).unwrap_or(&[])
    }
}

impl From<Vec<SpaceId>> for Path {
    fn from(v: Vec<SpaceId>) -> Self {
        if v.is_empty() {
            return Path::default();
        }
        let len = u32::try_from(v.len()).unwrap_or(u32::MAX);
        Path { all: Some(v.into()), at: 0, len }
    }
}

impl PartialEq for Path {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for Path {}

impl std::fmt::Debug for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a Path {
    type Item = &'a SpaceId;
    type IntoIter = std::slice::Iter<'a, SpaceId>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// The spaces of a path in order, by value.
pub struct Steps {
    path: Path,
    next: usize,
}

impl Iterator for Steps {
    type Item = SpaceId;

    fn next(&mut self) -> Option<SpaceId> {
        let s = self.path.get(self.next).copied()?;
        self.next += 1;
        Some(s)
    }
}

impl IntoIterator for Path {
    type Item = SpaceId;
    type IntoIter = Steps;

    fn into_iter(self) -> Steps {
        Steps { path: self, next: 0 }
    }
}

#[cfg(test)]
mod tests {
    use super::Path;
    use crate::scenario::board::SpaceId;

    #[test]
    fn paths_sharing_one_list_read_their_own_range() {
        let all: std::rc::Rc<[SpaceId]> = vec![SpaceId(4), SpaceId(4), SpaceId(7)].into();
        let (one, two) = (Path::within(&all, 0, 1), Path::within(&all, 1, 2));
        assert_eq!(&*one, &[SpaceId(4)]);
        assert_eq!(two.clone().into_iter().collect::<Vec<_>>(), vec![SpaceId(4), SpaceId(7)]);
        assert_eq!(two, Path::from(vec![SpaceId(4), SpaceId(7)]));
        assert!(Path::within(&all, 2, 2).is_empty(), "a range past the list is no path");
        assert!(Path::default().is_empty());
    }
}
