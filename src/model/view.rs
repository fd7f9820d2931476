//! A plain, sorted copy of the units, for rule math (reachability, combat strength), the
//! legal-command list, printing and hashing. Built from the ECS when a unit changed and shared
//! until the next change (`units_now`).

use bevy::prelude::World;

use crate::scenario::board::SpaceId;
use super::components::{Activity, Hidden, Location, StepLevel, Unit};
use super::resources::Game;
use crate::scenario::schema::{Factors, Strength, UnitFlag};

/// A legal destination: total MP and the cheapest path (start excluded, destination included;
/// empty when asked for without paths: `Surroundings::without_paths`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Destination {
    pub space: SpaceId,
    pub cost: u32,
    pub path: super::path::Path,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct UnitView {
    pub id: crate::model::command::Name,
    /// Place of the id in the sorted order of every unit's id.
    #[serde(skip)]
    pub rank: u32,
    pub type_index: usize,
    pub side: usize,
    pub location: Location,
    pub level: u32,
    pub activity: Activity,
    pub hidden: bool,
}

impl UnitView {
    #[must_use]
    pub fn space(&self) -> Option<SpaceId> {
        self.location.space()
    }

    /// Feeds everything about the unit into a state hash, a few words, no text: its rank stands
    /// for its id (ranks follow the ids of the scenario the save names). The patterns name every
    /// field, so a field added later does not compile until it is hashed too.
    pub fn hash_into(&self, h: &mut super::hashing::StateHasher) {
        for w in self.hash_words() {
            h.word(w);
        }
    }

    /// The words [`UnitView::hash_into`] feeds, in order.
    #[must_use]
    pub fn hash_words(&self) -> [u64; 4] {
        let UnitView { id: _, rank, type_index, side, location, level, activity, hidden } = self;
        let Activity { moved, finished, no_attack, reserve, mp_used, attacked, out_of_supply, landed, supply_exempt, forced_march, attacked_below, railed, attack_supply, moved_before, retreated } = *activity;
        let (kind, space) = match location {
            Location::NotEntered => (0u64, 0u64),
            Location::OnMap(s) => (1, u64::from(s.0)),
            Location::Eliminated => (2, 0),
            Location::OutOfPlay => (3, 0),
            Location::Pool => (4, 0),
        };
        // One bit per flag, in this order (the order is part of the hash), shifted in one by one.
        let bits = [moved, finished, no_attack, reserve, attacked, out_of_supply, landed, supply_exempt, forced_march, attacked_below, *hidden, railed, attack_supply, moved_before, retreated];
        let flags = bits.iter().rev().fold(0u64, |acc, &f| acc << 1 | u64::from(f));
        [u64::from(*rank) | (*type_index as u64) << 32, *side as u64 | kind << 32, space | u64::from(*level) << 32, u64::from(mp_used) | flags << 32]
    }
}

/// Every unit, sorted by id, with the units of each space found without a scan (an index built
/// on first use). A view never changes: [`UnitsView::changed`] makes another (the rules try
/// out moves on a copy).
#[derive(Clone, Debug, Default)]
pub struct UnitsView {
    units: Vec<UnitView>,
    /// (space, place in `units`) of every unit on the map, in space then id order.
    by_space: std::sync::OnceLock<Vec<(SpaceId, u32)>>,
    /// Every unit's rank by its id, made once per game and shared by all its views: a unit is
    /// found by its id in one hash lookup, not a search comparing ids.
    ranks: Option<std::sync::Arc<RankIndex>>,
    /// Every unit's hash words ([`UnitView::hash_words`]), in the order of `units`: made at the
    /// first checkpoint and kept true unit by unit as the view is patched, so that hashing the
    /// units at a checkpoint feeds words instead of taking every unit apart again.
    words: std::sync::OnceLock<Vec<[u64; 4]>>,
    /// One bit per place in `units`: set where the unit's activity is not idle
    /// ([`Activity::is_idle`]). Made on first use and kept true as the view is patched, so that
    /// a phase end opens the units that did something without reading every unit.
    busy: std::sync::OnceLock<Vec<u64>>,
}

/// The rank (place in id order) of every unit of a game, by id.
pub type RankIndex = bevy::platform::collections::HashMap<crate::model::command::Name, u32>;

impl PartialEq for UnitsView {
    fn eq(&self, other: &Self) -> bool {
        self.units == other.units
    }
}

impl Eq for UnitsView {}

impl UnitsView {
    /// A view of these units (sorted by id if they are not).
    #[must_use]
    pub fn new(mut units: Vec<UnitView>) -> Self {
        if !units.is_sorted_by_key(|u| u.rank) {
            units.sort_unstable_by_key(|u| u.rank);
        }
        Self { units, by_space: std::sync::OnceLock::new(), ranks: None, words: std::sync::OnceLock::new(), busy: std::sync::OnceLock::new() }
    }

    /// Builds the view from anything that yields unit components (a query or a world scan).
    /// Units are spawned in rank (id) order and never change archetype, so a query yields them
    /// sorted.
    pub fn collect<'a>(
        it: impl Iterator<Item = (&'a Unit, &'a Location, &'a StepLevel, &'a Activity, &'a Hidden)>,
        ranks: Option<std::sync::Arc<RankIndex>>,
    ) -> Self {
        // Sized once for every unit of the game (a query need not say how many it yields).
        let mut units = Vec::with_capacity(ranks.as_ref().map_or(0, |r| r.len()));
        units.extend(
            it.map(|(u, l, s, a, h)| UnitView {
                id: u.id.clone(),
                rank: u.rank,
                type_index: u.type_index,
                side: u.side,
                location: *l,
                level: s.0,
                activity: *a,
                hidden: h.0,
            }),
        );
        Self::with_ranks(units, ranks)
    }

    /// A view of these units (sorted by id if they are not) finding units through `ranks`.
    #[must_use]
    pub fn with_ranks(units: Vec<UnitView>, ranks: Option<std::sync::Arc<RankIndex>>) -> Self {
        Self { ranks, ..Self::new(units) }
    }

    /// Makes this view a copy of `other`, in the memory this view already holds (a plan tried
    /// out on a copy many times over, as the default placement is, allocates once).
    pub fn copy_from(&mut self, other: &UnitsView) {
        // In views of one game (one index of ranks), a unit's rank names its id: where the
        // ranks agree, the id this view holds is the one to copy, and only the rest is copied.
        let one_game = match (&self.ranks, &other.ranks) {
            (Some(a), Some(b)) => std::sync::Arc::ptr_eq(a, b),
            _ => false,
        };
        if one_game && self.units.len() == other.units.len() {
            for (mine, theirs) in self.units.iter_mut().zip(&other.units) {
                // Every field named, so that a field added later is copied too.
                let UnitView { id, rank, type_index, side, location, level, activity, hidden } = theirs;
                if mine.rank != *rank {
                    mine.id.clone_from(id);
                }
                debug_assert_eq!(&mine.id, id, "rank {rank} names one id in one game");
                (mine.rank, mine.type_index, mine.side, mine.location) = (*rank, *type_index, *side, *location);
                (mine.level, mine.activity, mine.hidden) = (*level, *activity, *hidden);
            }
        } else {
            self.units.clone_from(&other.units);
        }
        copy_lazy(&mut self.by_space, &other.by_space);
        self.ranks.clone_from(&other.ranks);
        copy_lazy(&mut self.words, &other.words);
        copy_lazy(&mut self.busy, &other.busy);
    }

    /// Every unit, in id order.
    #[must_use]
    pub fn all(&self) -> &[UnitView] {
        &self.units
    }

    /// Puts one unit elsewhere in this view (a copy on which the rules try out a plan); the
    /// index of the units of each space, if built, moves its entry (a plan of many placements
    /// does not sort every unit again at each).
    pub fn place(&mut self, id: &str, location: Location) {
        let Some(i) = self.position(id) else { return };
        self.place_at(i, location);
    }

    /// [`UnitsView::place`] for the unit at place `i` of [`UnitsView::all`] (found before).
    pub fn place_at(&mut self, i: usize, location: Location) {
        let Some(u) = self.units.get_mut(i) else { return };
        let old = std::mem::replace(&mut u.location, location);
        self.moved(i, old);
    }

    /// Puts a unit's new state at its rank, the view holding every unit at its rank (a view
    /// of the world brought up to date: see `units_now`). False if it does not.
    pub fn patch(&mut self, rank: u32, unit: UnitView) -> bool {
        let i = rank as usize;
        let Some(u) = self.units.get_mut(i).filter(|u| u.rank == rank) else { return false };
        let old = std::mem::replace(u, unit);
        let idle = u.activity.is_idle();
        if let Some(busy) = self.busy.get_mut() {
            let (word, bit) = (i / 64, 1u64 << (i % 64));
            if idle {
                busy[word] &= !bit;
            } else {
                busy[word] |= bit;
            }
        }
        self.moved(i, old.location);
        true
    }

    /// The places in [`UnitsView::all`] of the units whose activity is not idle, in order.
    pub fn busy(&self) -> impl Iterator<Item = usize> + '_ {
        let busy = self.busy.get_or_init(|| {
            let mut bits = vec![0u64; self.units.len().div_ceil(64)];
            for (i, _) in self.units.iter().enumerate().filter(|(_, u)| !u.activity.is_idle()) {
                bits[i / 64] |= 1 << (i % 64);
            }
            bits
        });
        debug_assert!(self.units.iter().enumerate().all(|(i, u)| (busy[i / 64] >> (i % 64) & 1 == 1) != u.activity.is_idle()), "busy units kept true");
        busy.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let b = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    w * 64 + b
                })
            })
        })
    }

    /// Moves the entry of the unit at `i` in the index of the units of each space (if built),
    /// and makes its hash words again (if made).
    fn moved(&mut self, i: usize, old: Location) {
        if let Some(words) = self.words.get_mut() {
            words[i] = self.units[i].hash_words();
        }
        let location = self.units[i].location;
        let Some(index) = self.by_space.get_mut() else { return };
        if old == location {
            return;
        }
        let entry = |s: SpaceId| (s, i as u32);
        if let Some(k) = old.space().and_then(|s| index.binary_search(&entry(s)).ok()) {
            index.remove(k);
        }
        if let Some(s) = location.space() {
            let k = index.binary_search(&entry(s)).unwrap_or_else(|k| k);
            index.insert(k, entry(s));
        }
    }

    /// Feeds every unit into a state hash: their number, then each unit's words in id order
    /// (the same words as [`UnitView::hash_into`] unit by unit).
    pub fn hash_into(&self, h: &mut super::hashing::StateHasher) {
        h.word(self.units.len() as u64);
        let words = self.words.get_or_init(|| self.units.iter().map(UnitView::hash_words).collect());
        debug_assert!(words.iter().zip(&self.units).all(|(w, u)| *w == u.hash_words()), "hash words kept true");
        for w in words.iter().flatten() {
            h.word(*w);
        }
    }

    /// Another view: these units as `change` leaves them.
    #[must_use]
    pub fn changed(&self, change: impl FnOnce(&mut Vec<UnitView>)) -> Self {
        let mut units = self.units.clone();
        change(&mut units);
        Self { ranks: self.ranks.clone(), ..Self::new(units) }
    }

    /// The units as the world stands (the shared view of `UnitsNow`, built if stale).
    pub fn from_world(world: &mut World) -> std::sync::Arc<Self> {
        super::units_now::UnitsNow::of_world(world)
    }

    #[must_use]
    pub fn get(&self, id: &str) -> Option<&UnitView> {
        self.position(id).map(|i| &self.units[i])
    }

    /// The place of a unit in [`UnitsView::all`]: by its rank where the game's ranks are known
    /// (a view of every unit holds each at its rank), else by a search on the ids.
    #[must_use]
    pub fn position(&self, id: &str) -> Option<usize> {
        let Some(ranks) = &self.ranks else { return self.units.binary_search_by(|u| (*u.id).cmp(id)).ok() };
        let r = *ranks.get(id)?;
        match self.units.get(r as usize) {
            Some(u) if u.rank == r => Some(r as usize),
            _ => self.units.binary_search_by_key(&r, |u| u.rank).ok(),
        }
    }

    /// Units on a space, in id order.
    pub fn at(&self, space: SpaceId) -> impl Iterator<Item = &UnitView> {
        let index = self.by_space.get_or_init(|| index_by_space(&self.units));
        let first = index.partition_point(|(s, _)| *s < space);
        index[first..].iter().take_while(move |(s, _)| *s == space).map(move |(_, i)| &self.units[*i as usize])
    }

    /// Every unit on the map with its space, in space then id order (from the index of the
    /// units of each space: no look at the units off the map).
    pub fn on_map(&self) -> impl ExactSizeIterator<Item = (SpaceId, &UnitView)> {
        let index = self.by_space.get_or_init(|| index_by_space(&self.units));
        index.iter().map(move |&(s, i)| (s, &self.units[i as usize]))
    }

    /// Whether the index of the units of each space, if built, is true to the units (a check
    /// for debug builds: patches move entries in it).
    #[must_use]
    pub fn index_is_true(&self) -> bool {
        self.by_space.get().is_none_or(|i| *i == index_by_space(&self.units))
    }

    /// Whether a space holds units of a side other than `side`.
    #[must_use]
    pub fn enemy_at(&self, space: SpaceId, side: usize) -> bool {
        self.at(space).any(|u| u.side != side)
    }
}

/// Makes `mine` a copy of `theirs` (made or not), in the memory `mine` holds if both are made.
fn copy_lazy<T: Clone>(mine: &mut std::sync::OnceLock<Vec<T>>, theirs: &std::sync::OnceLock<Vec<T>>) {
    match (mine.get_mut(), theirs.get()) {
        (Some(m), Some(t)) => m.clone_from(t),
        (None, Some(t)) => *mine = std::sync::OnceLock::from(t.clone()),
        (_, None) => *mine = std::sync::OnceLock::new(),
    }
}

/// (space, place) of every unit on the map, in space then place order.
fn index_by_space(units: &[UnitView]) -> Vec<(SpaceId, u32)> {
    let mut v: Vec<(SpaceId, u32)> = units.iter().enumerate().filter_map(|(i, u)| u.space().map(|s| (s, i as u32))).collect();
    v.sort_unstable();
    v
}

/// Printed factors of a unit at its current step or level.
#[must_use]
pub fn factors(game: &Game, type_index: usize, level: u32) -> Factors {
    let zero = Factors { attack: 0, defense: 0, movement: 0 };
    let Some(t) = game.scenario.unit_types.get(type_index) else { return zero };
    match &t.strength {
        Strength::Steps(f) => f.get(level as usize).copied().unwrap_or(zero),
        Strength::Levels { lowest, factors } => {
            factors.get(level.saturating_sub(*lowest) as usize).copied().unwrap_or(zero)
        }
    }
}

#[must_use]
pub fn has_flag(game: &Game, type_index: usize, flag: UnitFlag) -> bool {
    game.scenario.unit_types.get(type_index).is_some_and(|t| t.flags.contains(&flag))
}

/// Whether a unit type has a flag now: always, or from the calendar year in `control.year` on
/// (an option's `flags_from_year`; ToO 31.1).
#[must_use]
pub fn has_flag_now(game: &Game, control: &crate::model::Control, type_index: usize, flag: UnitFlag) -> bool {
    game.scenario.unit_types.get(type_index).is_some_and(|t| {
        t.flags.contains(&flag) || t.flags_from_year.iter().any(|(f, y)| *f == flag && control.year.is_some_and(|now| now >= *y))
    })
}

/// A unit that never changes place once placed (`UnitFlag::Static`; DI 23.1: FOBs and base
/// zones): no move, retreat, advance or carry takes it elsewhere.
#[must_use]
pub fn is_static(game: &Game, u: &UnitView) -> bool {
    has_flag(game, u.type_index, UnitFlag::Static)
}

/// Steps a unit still has: steps not lost (step units), or levels down to elimination.
#[must_use]
pub fn steps_left(game: &Game, type_index: usize, level: u32) -> u32 {
    match game.scenario.unit_types.get(type_index).map(|t| &t.strength) {
        Some(Strength::Steps(f)) => (f.len() as u32).saturating_sub(level),
        Some(Strength::Levels { lowest, .. }) => (level + 1).saturating_sub(*lowest),
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(id: &str, rank: u32, location: Location) -> UnitView {
        UnitView { id: id.into(), rank, type_index: 0, side: 0, location, level: 0, activity: Activity::default(), hidden: false }
    }

    /// A plan tried on a copy: after each placement the units of every space are those a view
    /// built from scratch finds, whether the index was built before or not.
    #[test]
    fn placing_units_keeps_the_units_of_each_space_true() {
        let at = |n| Location::OnMap(SpaceId(n));
        let mut v = UnitsView::new(vec![unit("a", 0, at(2)), unit("b", 1, Location::NotEntered), unit("c", 2, at(2)), unit("d", 3, at(5))]);
        let ids = |v: &UnitsView, s| v.at(SpaceId(s)).map(|u| u.id.to_string()).collect::<Vec<_>>();
        assert_eq!(ids(&v, 2), ["a", "c"]);
        for (id, to) in [("b", at(2)), ("a", at(5)), ("d", Location::Eliminated), ("c", at(7))] {
            v.place(id, to);
            let fresh = UnitsView::new(v.all().to_vec());
            for s in [2, 5, 7] {
                assert_eq!(ids(&v, s), ids(&fresh, s), "space {s} after placing {id}");
            }
        }
        assert_eq!((ids(&v, 2), ids(&v, 5), ids(&v, 7)), (vec!["b".to_string()], vec!["a".to_string()], vec!["c".to_string()]));
    }

    /// A phase end reads the busy units only: the set, made at the first look, follows the units
    /// patched busy or idle after it, and a copy carries it.
    #[test]
    fn the_busy_units_are_those_whose_activity_is_not_idle_after_patches_and_copies() {
        let at = Location::OnMap(SpaceId(1));
        let mut units: Vec<UnitView> = (0..70).map(|r| unit(&format!("u{r:02}"), r, at)).collect();
        let ranks: RankIndex = units.iter().map(|u| (u.id.clone(), u.rank)).collect();
        let ranks = Some(std::sync::Arc::new(ranks));
        // A copy of the same game's units, before any changed (`copy_from` keeps its ids).
        let mut same_game = UnitsView::with_ranks(units.clone(), ranks.clone());
        units[3].activity.moved = true;
        let mut v = UnitsView::with_ranks(units, ranks);
        assert_eq!(v.busy().collect::<Vec<_>>(), [3]);
        let mut u = v.all()[66].clone();
        u.activity.mp_used = 2;
        assert!(v.patch(66, u));
        let mut u = v.all()[3].clone();
        u.activity = Activity::default();
        assert!(v.patch(3, u));
        assert_eq!(v.busy().collect::<Vec<_>>(), [66]);
        let mut copy = UnitsView::default();
        copy.copy_from(&v);
        assert_eq!(copy.busy().collect::<Vec<_>>(), [66]);
        assert!(same_game.busy().next().is_none());
        same_game.copy_from(&v);
        assert_eq!(same_game.busy().collect::<Vec<_>>(), [66]);
        assert_eq!(same_game.all()[66].activity.mp_used, 2);
    }

    /// A checkpoint's hash of the units: the words made at the first hash are kept true as units
    /// are placed and patched (the hash of a view built from scratch), and differ once a unit does.
    #[test]
    fn hashing_units_again_after_changes_gives_the_hash_of_a_fresh_view() {
        let hash = |v: &UnitsView| {
            let mut h = crate::model::hashing::StateHasher::default();
            v.hash_into(&mut h);
            h.0
        };
        let mut v = UnitsView::new(vec![unit("a", 0, Location::OnMap(SpaceId(2))), unit("b", 1, Location::NotEntered)]);
        let before = hash(&v);
        v.place("b", Location::OnMap(SpaceId(3)));
        let mut moved = v.all()[0].clone();
        moved.activity.mp_used = 2;
        assert!(v.patch(0, moved));
        let after = hash(&v);
        assert_ne!(before, after);
        assert_eq!(after, hash(&UnitsView::new(v.all().to_vec())));
    }
}
