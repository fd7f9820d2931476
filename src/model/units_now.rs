//! The units as the rules see them, built once and kept up to date: every system, the legal
//! list, the invariants and the state hash read one [`UnitsView`] instead of building their own.
//! Systems reach the units through [`UnitQuery`] (read) or [`UnitsMut`] (write); any write
//! access marks the view stale, and the next reader patches it with the units whose components
//! changed since (their Bevy change ticks say which), read from the components, which stay the
//! truth.
//!
//! A view handed out is a snapshot (`Arc`): a system that changes units after taking one keeps
//! reading the state it took, as it would with a view of its own.

use std::sync::Arc;

use bevy::ecs::change_detection::{DetectChanges, Tick};
use bevy::ecs::query::QueryEntityError;
use bevy::ecs::system::{SystemChangeTick, SystemParam};
use bevy::prelude::{Entity, Mut, Query, Ref, ResMut, Resource, World};

use super::components::{Activity, Hidden, Location, StepLevel, Unit};
use super::view::{RankIndex, UnitView, UnitsView};

/// The shared view, whether a unit may have changed since it was built, and a number that
/// changes whenever units are placed: a system that depends on where the units stand may skip
/// its work when that number is the one it saw at its last run.
#[derive(Resource, Default)]
pub struct UnitsNow {
    view: Option<Arc<UnitsView>>,
    /// A unit was open to change since the view was last brought up to date.
    dirty: bool,
    /// The units opened one by one since then (`UnitsMut::get_mut`), if no write reached them
    /// all: only these are read again, with no scan of every unit's change ticks.
    touched: Option<Vec<Entity>>,
    /// Changes stamped after this tick are not in the view yet (the tick before the one at
    /// which the view was last brought up to date: a change made later in the same system
    /// carries that tick).
    since: Tick,
    /// A number drawn anew (`next_placements`) each time the view, brought up to date, found a
    /// unit elsewhere, at another level, of another side or type than before, or was built
    /// whole: equal numbers, the units stand where they stood (what the invariants and control
    /// by boxes look at), whatever else of them changed (what they did this phase). Numbers are
    /// never drawn twice in a process, so a world whose units were spawned again (a restart
    /// with other options) never shows an earlier number.
    placements: u64,
    /// The ranks of the units placed since `log_start` was the placement number, each with the
    /// number the view took when it was placed (in the order drawn): what a reader that saw
    /// an earlier number reads again ([`UnitsNow::placed_since`]). Started again when the
    /// view is built whole, and when it grows past `MAX_LOGGED`.
    placed_log: Vec<(u64, u32)>,
    log_start: u64,
    /// The units' ranks by id (set at spawn), shared by every view built.
    ranks: Option<Arc<RankIndex>>,
    /// The units' entities by rank (set at spawn), for writes to one unit by id.
    entities: Vec<Entity>,
    /// The query readers outside systems go through (`of_world`), made once: making one
    /// matches it against every archetype, which cost more than patching the view.
    query: Option<bevy::ecs::query::QueryState<UnitRefs>>,
}

/// A number for [`UnitsNow::placements`] that no view of this process was given before (the
/// order in which threads draw them never shows: only equality is asked of them).
fn next_placements() -> u64 {
    static DRAWN: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    DRAWN.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1
}

/// A unit's components read with their change ticks.
type UnitRefs = (&'static Unit, Ref<'static, Location>, Ref<'static, StepLevel>, Ref<'static, Activity>, Ref<'static, Hidden>);

/// The units a reader goes through to bring the view up to date: every unit in rank order,
/// each with whether its components changed after the tick, or only these units (each counted
/// as changed).
enum Which<'a> {
    Since(Tick),
    These(&'a [Entity]),
}

/// One unit's components as a query yields them.
type UnitItem<'a> = (&'a Unit, &'a Location, &'a StepLevel, &'a Activity, &'a Hidden);

/// Most units opened one by one that are read again one by one (see `UnitsNow::stale_one`).
const MAX_TOUCHED: usize = 32;

/// Most units placed kept in `UnitsNow::placed_log` (a phase's moves and combats; a reader
/// that looks later reads every unit).
const MAX_LOGGED: usize = 256;

/// A view brought up to date goes back to a full build past this age in ticks (a game plays
/// far fewer; Bevy's change ticks are only comparable within `Tick::MAX`).
const PATCH_AGE: u32 = 1 << 30;

impl UnitsNow {
    /// No view yet; views will find units by id through `ranks`, and writers their entities
    /// through `entities` (by rank).
    #[must_use]
    pub fn with_ranks(ranks: RankIndex, entities: Vec<Entity>) -> Self {
        Self { ranks: Some(Arc::new(ranks)), entities, ..Self::default() }
    }

    /// The units' entities by rank (empty for a world whose units were not spawned by rank).
    #[must_use]
    pub fn entities(&self) -> &[Entity] {
        &self.entities
    }

    /// The entity of the unit with this id, if the world's units were spawned with their ranks.
    fn entity_of(&self, id: &str) -> Option<Entity> {
        let rank = *self.ranks.as_ref()?.get(id)?;
        self.entities.get(rank as usize).copied()
    }

    /// The view, up to date: kept as is if no unit was open to change, else patched with the
    /// units opened one by one, or with those whose components changed after `since` (the Bevy
    /// change ticks tell which: a command changes a few units of hundreds), else built whole.
    /// `each(which, f)` calls `f` on the units `which` names with whether each changed.
    fn up_to_date(&mut self, now: Tick, mut each: impl FnMut(Which<'_>, &mut dyn FnMut(UnitItem<'_>, bool))) -> Arc<UnitsView> {
        let before = Tick::new(now.get().wrapping_sub(1));
        let young = now.get().wrapping_sub(self.since.get()) < PATCH_AGE;
        match (&mut self.view, self.dirty) {
            (Some(v), false) => return v.clone(),
            (Some(v), true) if young => {
                let view = Arc::make_mut(v);
                let mut whole = true;
                let logged = self.placed_log.len();
                let log = &mut self.placed_log;
                let which = self.touched.as_deref().map_or(Which::Since(self.since), Which::These);
                each(which, &mut |(u, l, s, a, h), changed| {
                    if changed {
                        let new = unit_view(u, l, s, a, h);
                        if view.all().get(u.rank as usize).is_none_or(|old| (old.location, old.level, old.side, old.type_index) != (new.location, new.level, new.side, new.type_index)) {
                            log.push((0, u.rank));
                        }
                        whole &= view.patch(u.rank, new);
                    }
                });
                if !whole {
                    self.view = None;
                }
                if self.placed_log.len() > logged {
                    let before = self.placements;
                    self.placements = next_placements();
                    let number = self.placements;
                    self.placed_log[logged..].iter_mut().for_each(|(n, _)| *n = number);
                    // Past the most kept, only these placements are kept: the record goes
                    // back to the number before them.
                    if self.placed_log.len() > MAX_LOGGED {
                        self.placed_log.drain(..logged);
                        self.log_start = before;
                    }
                }
            }
            _ => self.view = None,
        }
        self.dirty = false;
        self.touched = Some(Vec::new());
        self.since = before;
        if let Some(v) = &self.view {
            return v.clone();
        }
        self.placements = next_placements();
        self.placed_log.clear();
        self.log_start = self.placements;
        let mut units = Vec::with_capacity(self.ranks.as_ref().map_or(0, |r| r.len()));
        each(Which::Since(before), &mut |(u, l, s, a, h), _| units.push(unit_view(u, l, s, a, h)));
        let v = Arc::new(UnitsView::with_ranks(units, self.ranks.clone()));
        self.view = Some(v.clone());
        v
    }

    /// [`UnitsNow::placements`] of the view as it was last brought up to date: read it after
    /// the view (a unit moved since changes it only once the next reader brings the view up to
    /// date).
    #[must_use]
    pub fn placements(&self) -> u64 {
        self.placements
    }

    /// The ranks of the units placed (elsewhere, at another level, of another side or type)
    /// since the view, brought up to date, had placement number `number`, each once or more;
    /// none if the record does not go back that far (the view was built whole since, or many
    /// units were placed). Read it after the view, as [`UnitsNow::placements`].
    #[must_use]
    pub fn placed_since(&self, number: u64) -> Option<impl Iterator<Item = u32> + '_> {
        if number < self.log_start || number > self.placements {
            return None;
        }
        let first = self.placed_log.partition_point(|&(n, _)| n <= number);
        Some(self.placed_log[first..].iter().map(|&(_, rank)| rank))
    }

    /// Any unit may change.
    pub fn stale(&mut self) {
        self.dirty = true;
        self.touched = None;
    }

    /// A unit's identity changed (its side, ToO 28.4), which no change tick records: the next
    /// reader builds the view whole.
    pub fn rebuild(&mut self) {
        self.view = None;
        self.stale();
    }

    /// Unit `e` may change.
    fn stale_one(&mut self, e: Entity) {
        self.dirty = true;
        // Past a few dozen, one scan of the change ticks costs less than reading each again.
        match &mut self.touched {
            Some(t) if t.len() < MAX_TOUCHED => t.push(e),
            _ => self.touched = None,
        }
    }

    /// The view as the world stands, brought up to date if a unit may have changed (or built,
    /// if the world keeps none: a world not spawned by the session).
    pub fn of_world(world: &mut World) -> Arc<UnitsView> {
        let now = world.change_tick();
        // Taken out while the units are read and put back after: cheaper than a resource scope,
        // which takes the resource out of the world and inserts it again. (A look into the
        // world costs a lookup by type: one finds the view up to date or takes it out.)
        let Some(mut kept) = world.get_resource_mut::<UnitsNow>() else {
            let mut q = world.query::<UnitRefs>();
            return Arc::new(UnitsView::collect(q.iter(world).map(|item| changed_after(item, now, now).0), None));
        };
        if !kept.dirty
            && let Some(v) = &kept.view
        {
            return v.clone();
        }
        let mut units_now = std::mem::take(&mut *kept);
        let mut q = units_now.query.take().unwrap_or_else(|| world.query::<UnitRefs>());
        let view = units_now.up_to_date(now, |which, f| match which {
            Which::Since(since) => q.iter(world).for_each(|item| {
                let (unit, changed) = changed_after(item, since, now);
                f(unit, changed);
            }),
            Which::These(es) => es.iter().filter_map(|e| q.get(world, *e).ok()).for_each(|item| f(changed_after(item, now, now).0, true)),
        });
        units_now.query = Some(q);
        *world.resource_mut::<UnitsNow>() = units_now;
        view
    }

    /// Whether the view, brought up to date, is the units as they are: checked after every
    /// command in debug builds, so a write that did not mark the view stale, or a patch that
    /// missed a change, fails the tests.
    pub fn is_true_to(world: &mut World) -> bool {
        if !world.contains_resource::<UnitsNow>() {
            return true;
        }
        let kept = Self::of_world(world);
        let mut q = world.query::<(&Unit, &Location, &StepLevel, &Activity, &Hidden)>();
        kept.index_is_true() && *kept == UnitsView::collect(q.iter(world), None)
    }
}

fn unit_view(u: &Unit, l: &Location, s: &StepLevel, a: &Activity, h: &Hidden) -> UnitView {
    UnitView { id: u.id.clone(), rank: u.rank, type_index: u.type_index, side: u.side, location: *l, level: s.0, activity: *a, hidden: h.0 }
}

/// A unit's components and whether any changed after `since` (`now`: the tick of the reader).
fn changed_after<'a>(
    (u, l, s, a, h): (&'a Unit, Ref<'a, Location>, Ref<'a, StepLevel>, Ref<'a, Activity>, Ref<'a, Hidden>),
    since: Tick,
    now: Tick,
) -> (UnitItem<'a>, bool) {
    let newer = |t: Tick| t.is_newer_than(since, now);
    let changed = newer(l.last_changed()) || newer(s.last_changed()) || newer(a.last_changed()) || newer(h.last_changed());
    ((u, l.into_inner(), s.into_inner(), a.into_inner(), h.into_inner()), changed)
}

/// Read access to every unit, with the shared view.
#[derive(SystemParam)]
pub struct UnitQuery<'w, 's> {
    q: Query<'w, 's, UnitRefs>,
    now: ResMut<'w, UnitsNow>,
    tick: SystemChangeTick,
}

impl UnitQuery<'_, '_> {
    /// [`UnitsNow::placed_since`] of the shared view: read it after the view.
    #[must_use]
    pub fn placed_since(&self, number: u64) -> Option<impl Iterator<Item = u32> + '_> {
        self.now.placed_since(number)
    }

    /// Every unit, sorted by id (shared; brought up to date only if a unit changed since).
    pub fn view(&mut self) -> Arc<UnitsView> {
        let (q, now) = (&self.q, self.tick.this_run());
        self.now.up_to_date(now, |which, f| match which {
            Which::Since(since) => q.iter().for_each(|item| {
                let (unit, changed) = changed_after(item, since, now);
                f(unit, changed);
            }),
            Which::These(es) => es.iter().filter_map(|e| q.get(*e).ok()).for_each(|item| f(changed_after(item, now, now).0, true)),
        })
    }

    /// The units' components, in entity order.
    pub fn iter(&self) -> impl Iterator<Item = UnitItem<'_>> {
        self.q.iter().map(|(u, l, s, a, h)| (u, l.into_inner(), s.into_inner(), a.into_inner(), h.into_inner()))
    }

    /// The view brought up to date ([`UnitQuery::view`]) and its placement number (see
    /// [`UnitsNow::placements`]).
    pub fn placed_view(&mut self) -> (Arc<UnitsView>, u64) {
        let view = self.view();
        (view, self.now.placements())
    }
}

/// The components a unit's item holds when written.
pub type UnitItemMut<'a> = (&'a Unit, Mut<'a, Location>, Mut<'a, StepLevel>, Mut<'a, Activity>, Mut<'a, Hidden>);

/// Read and write access to every unit. Any write access marks the shared view stale.
#[derive(SystemParam)]
pub struct UnitsMut<'w, 's> {
    q: Query<'w, 's, (&'static Unit, &'static mut Location, &'static mut StepLevel, &'static mut Activity, &'static mut Hidden)>,
    now: ResMut<'w, UnitsNow>,
    tick: SystemChangeTick,
}

impl UnitsMut<'_, '_> {
    /// Every unit, sorted by id, as they stand now (a snapshot: later writes do not show in it).
    pub fn view(&mut self) -> Arc<UnitsView> {
        let (q, now) = (&mut self.q, self.tick.this_run());
        // `Mut` turned into `Ref` reads without marking anything changed.
        self.now.up_to_date(now, |which, f| match which {
            Which::Since(since) => q.iter_mut().for_each(|(u, l, s, a, h)| {
                let (unit, changed) = changed_after((u, l.into(), s.into(), a.into(), h.into()), since, now);
                f(unit, changed);
            }),
            Which::These(es) => es.iter().filter_map(|e| q.get(*e).ok()).for_each(|(u, l, s, a, h)| f((u, l, s, a, h), true)),
        })
    }

    /// The units' components, in entity order.
    pub fn iter(&self) -> impl Iterator<Item = (&Unit, &Location, &StepLevel, &Activity, &Hidden)> {
        self.q.iter()
    }

    /// One unit's components.
    pub fn get(&self, e: Entity) -> Result<(&Unit, &Location, &StepLevel, &Activity, &Hidden), QueryEntityError> {
        self.q.get(e)
    }

    /// One unit's components, to change.
    pub fn get_mut(&mut self, e: Entity) -> Result<UnitItemMut<'_>, QueryEntityError> {
        self.now.stale_one(e);
        self.q.get_mut(e)
    }

    /// The components of the unit of this rank, to change (only it is read again by the next
    /// reader), or `None` where the world's units were not spawned by rank.
    pub fn rank_mut(&mut self, rank: u32) -> Option<UnitItemMut<'_>> {
        let e = *self.now.entities.get(rank as usize)?;
        self.get_mut(e).ok()
    }

    /// The entity of the unit with this id, found by its rank (the session spawns every unit
    /// with one, counters of the mix too), or `None` for no such unit.
    #[must_use]
    pub fn entity(&self, id: &str) -> Option<Entity> {
        self.now.entity_of(id)
    }

    /// The components of the unit with this id, to change (found by its rank, and only it is
    /// read again by the next reader), or `None` for no such unit.
    pub fn unit_mut(&mut self, id: &str) -> Option<UnitItemMut<'_>> {
        match self.now.entity_of(id) {
            Some(e) => self.get_mut(e).ok(),
            // A world not spawned by the session: look through every unit.
            None => {
                self.now.stale();
                self.q.iter_mut().find(|(u, ..)| &*u.id == id)
            }
        }
    }

    /// Every unit's components, to change.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = UnitItemMut<'_>> {
        self.now.stale();
        self.q.iter_mut()
    }
}
