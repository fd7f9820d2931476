//! Movement searches remembered between legal lists on one thread, and the checks of a move
//! answered from them: a legal list searches every unit's destinations; a move of one of those
//! units, checked right after, finds its space and path in what the list found.

use std::collections::BTreeSet;

use crate::model::path::Path;
use crate::model::space_set::SpaceSet;
use crate::model::view::Destination;
use crate::model::{Control, Game, SpaceId};

/// Searches remembered between legal lists, on one thread. A search's result depends on the
/// map and the scenario, the options, the parts of the control of the map it reads
/// ([`MovesControl`]), where enemy units stand and their zones of control, and on the unit
/// ([`SearchKey`]). The first four are the memo's generation: when any differs,
/// the memo starts again; the unit's part is the key. Lookups only: nothing depends on the
/// order of the entries.
#[derive(Default)]
struct Memo {
    generation: u64,
    board: Option<std::sync::Arc<crate::scenario::board::Board>>,
    scenario: Option<std::sync::Arc<crate::scenario::schema::Scenario>>,
    options: BTreeSet<String>,
    control: MovesControl,
    enemy: SpaceSet,
    zoc: SpaceSet,
    found: std::collections::HashMap<SearchKey, Found, foldhash::fast::FixedState>,
}

/// The parts of the control of the map a search reads (`search_in`): interdiction, demolished
/// bridges, the season, the rail nets, and who holds the hexes boxes are linked to (a box closes
/// with its hex). Who holds any other space changes no search: a move stops at enemy units and
/// their zones, not at the enemy's control, so a move that takes control keeps the memo.
#[derive(Default)]
struct MovesControl {
    interdicted: Vec<bool>,
    demolished: BTreeSet<(SpaceId, SpaceId)>,
    season: Option<usize>,
    year: Option<u32>,
    rail_owner: Vec<Option<usize>>,
    rail_built: BTreeSet<(SpaceId, SpaceId)>,
    /// The holder of each box's linked hex, in the scenario's order of boxes.
    box_links: Vec<Option<usize>>,
}

impl MovesControl {
    /// The holders of the boxes' linked hexes, one by one.
    fn box_links<'g>(game: &'g Game, control: &'g Control) -> impl Iterator<Item = Option<usize>> + 'g {
        super::boxes::boxes(game).iter().map(|b| game.board.space(&b.linked_hex).and_then(|s| control.owner[s.index()]))
    }

    fn is(&self, game: &Game, control: &Control) -> bool {
        self.interdicted == control.interdicted
            && self.demolished == control.demolished
            && self.season == control.season
            && self.year == control.year
            && self.rail_owner == control.rail_owner
            && self.rail_built == control.rail_built
            && self.box_links.iter().copied().eq(Self::box_links(game, control))
    }

    fn set(&mut self, game: &Game, control: &Control) {
        self.interdicted.clone_from(&control.interdicted);
        self.demolished.clone_from(&control.demolished);
        self.season = control.season;
        self.year = control.year;
        self.rail_owner.clone_from(&control.rail_owner);
        self.rail_built.clone_from(&control.rail_built);
        self.box_links.clear();
        self.box_links.extend(Self::box_links(game, control));
    }
}

/// What a search depends on from the unit and its caller.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) struct SearchKey {
    /// The unit (a rail-bound unit's steps depend on its side's net; its rank keeps it simple).
    pub rank: u32,
    pub start: SpaceId,
    pub type_index: usize,
    pub side: usize,
    /// Whether the step into "all MP" terrain is still its first.
    pub mp_used: u32,
    pub allowance: u32,
    pub paths: bool,
    pub until: Option<SpaceId>,
    pub avoid_enemies: bool,
    /// Which of the type's entry bans hold (with `type_index`, what the banned set holds).
    pub bans: u64,
}

/// A remembered search: its destinations in board order and the step before of each.
struct Found {
    destinations: Vec<Destination>,
    before: Vec<u32>,
}

/// At most this many searches are remembered before the memo starts again.
const MEMO_ENTRIES: usize = 4096;

thread_local! {
    static MEMO: std::cell::RefCell<Memo> = std::cell::RefCell::new(Memo::default());
}

impl Memo {
    /// The generation for searches on this map, control and these surroundings: the current
    /// one if nothing it depends on changed, else a new one, empty.
    fn valid_for(&mut self, game: &Game, control: &Control, (enemy, zoc): (&SpaceSet, &SpaceSet)) -> u64 {
        let same = self.board.as_ref().is_some_and(|b| std::sync::Arc::ptr_eq(b, &game.board))
            && self.scenario.as_ref().is_some_and(|s| std::sync::Arc::ptr_eq(s, &game.scenario))
            && self.options == game.options
            && self.enemy == *enemy
            && self.zoc == *zoc
            && self.control.is(game, control);
        if !same {
            self.generation += 1;
            self.board = Some(game.board.clone());
            self.scenario = Some(game.scenario.clone());
            self.options.clone_from(&game.options);
            self.control.set(game, control);
            self.enemy.clone_from(enemy);
            self.zoc.clone_from(zoc);
            self.found.clear();
        }
        self.generation
    }

    fn remember(&mut self, generation: u64, key: SearchKey, found: &[Destination], before: &[u32]) {
        if generation != self.generation || found.len() != before.len() {
            return;
        }
        if self.found.len() >= MEMO_ENTRIES {
            self.found.clear();
        }
        self.found.insert(key, Found { destinations: found.to_vec(), before: before.to_vec() });
    }

    /// A search for the key, if remembered: the same search, or for one space (`until`), the
    /// full search of the same unit, with or without paths: the space's cost is the same and
    /// its path is the full search's (the search for one space keeps ties as the full one
    /// does; `movement::move_check` asserts it), walked back from the steps before.
    fn recall(&self, generation: u64, key: &SearchKey) -> Option<Vec<Destination>> {
        if generation != self.generation {
            return None;
        }
        if let Some(found) = self.found.get(key) {
            return Some(found.destinations.clone());
        }
        let target = key.until?;
        let full = |paths| SearchKey { paths, until: None, ..key.clone() };
        let found = self.found.get(&full(key.paths)).or_else(|| self.found.get(&full(!key.paths)))?;
        Some(found.one(key.start, target, key.paths).into_iter().collect())
    }
}

impl Found {
    /// The destination `target` with, if `paths`, its path.
    fn one(&self, start: SpaceId, target: SpaceId, paths: bool) -> Option<Destination> {
        let at = |s: SpaceId| self.destinations.binary_search_by_key(&s, |d| d.space).ok();
        let mut d = self.destinations[at(target)?].clone();
        if paths && d.path.is_empty() {
            let mut path = vec![target];
            let mut s = target;
            while let Some(k) = at(s)
                && self.before[k] != start.0
                && path.len() <= self.destinations.len()
            {
                s = SpaceId(self.before[k]);
                path.push(s);
            }
            path.reverse();
            d.path = path.into();
        } else if !paths {
            d.path = Path::default();
        }
        Some(d)
    }
}

/// The memo's generation for searches with these surroundings (enemy units and their zones).
pub(super) fn generation(game: &Game, control: &Control, enemy: &SpaceSet, zoc: &SpaceSet) -> u64 {
    MEMO.with_borrow_mut(|m| m.valid_for(game, control, (enemy, zoc)))
}

/// What was remembered for the key in this generation, if anything ([`Memo::recall`]).
pub(super) fn recall(generation: u64, key: &SearchKey) -> Option<Vec<Destination>> {
    MEMO.with_borrow(|m| m.recall(generation, key))
}

/// Remembers a search's destinations and the step before of each (in the same order).
pub(super) fn remember(generation: u64, key: SearchKey, found: &[Destination], before: &[u32]) {
    MEMO.with_borrow_mut(|m| m.remember(generation, key, found, before));
}

