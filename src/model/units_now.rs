//! The units as the rules see them, built once and shared until a unit changes: every system,
//! the legal list, the invariants and the state hash read one [`UnitsView`] instead of building
//! their own. Systems reach the units through [`UnitQuery`] (read) or [`UnitsMut`] (write);
//! any write access marks the view stale, so the next reader builds it again from the
//! components, which stay the truth.
//!
//! A view handed out is a snapshot (`Arc`): a system that changes units after taking one keeps
//! reading the state it took, as it would with a view of its own.

use std::sync::Arc;

use bevy::ecs::query::QueryEntityError;
use bevy::ecs::system::SystemParam;
use bevy::prelude::{Entity, Mut, Query, ResMut, Resource, World};

use super::components::{Activity, Hidden, Location, StepLevel, Unit};
use super::view::{RankIndex, UnitsView};

/// The shared view (`None` once a unit may have changed since it was built), and how many
/// times units were open to change: a system that depends on the units alone may skip its work
/// when that count has not moved since its last run.
#[derive(Resource, Default)]
pub struct UnitsNow {
    view: Option<Arc<UnitsView>>,
    changes: u64,
    /// The units' ranks by id (set at spawn), shared by every view built.
    ranks: Option<Arc<RankIndex>>,
}

impl UnitsNow {
    /// No view yet; views will find units by id through `ranks`.
    #[must_use]
    pub fn with_ranks(ranks: RankIndex) -> Self {
        Self { view: None, changes: 0, ranks: Some(Arc::new(ranks)) }
    }

    fn get_or_build<'a>(&mut self, it: impl Iterator<Item = (&'a Unit, &'a Location, &'a StepLevel, &'a Activity, &'a Hidden)>) -> Arc<UnitsView> {
        let ranks = &self.ranks;
        self.view.get_or_insert_with(|| Arc::new(UnitsView::collect(it, ranks.clone()))).clone()
    }

    /// Forgets the view: a unit may change.
    pub fn stale(&mut self) {
        self.view = None;
        self.changes += 1;
    }

    /// The view as the world stands, built if it is stale (or if the world keeps none: a world
    /// not spawned by the session).
    pub fn of_world(world: &mut World) -> Arc<UnitsView> {
        if let Some(v) = world.get_resource::<UnitsNow>().and_then(|n| n.view.clone()) {
            return v;
        }
        let mut q = world.query::<(&Unit, &Location, &StepLevel, &Activity, &Hidden)>();
        let ranks = world.get_resource::<UnitsNow>().and_then(|n| n.ranks.clone());
        let v = Arc::new(UnitsView::collect(q.iter(world), ranks));
        if let Some(mut now) = world.get_resource_mut::<UnitsNow>() {
            now.view = Some(v.clone());
        }
        v
    }

    /// Whether the view kept (if any) is the units as they are: checked after every command in
    /// debug builds, so a write that did not mark the view stale fails the tests.
    pub fn is_true_to(world: &mut World) -> bool {
        let Some(kept) = world.get_resource::<UnitsNow>().and_then(|n| n.view.clone()) else { return true };
        let mut q = world.query::<(&Unit, &Location, &StepLevel, &Activity, &Hidden)>();
        *kept == UnitsView::collect(q.iter(world), None)
    }
}

/// Read access to every unit, with the shared view.
#[derive(SystemParam)]
pub struct UnitQuery<'w, 's> {
    q: Query<'w, 's, (&'static Unit, &'static Location, &'static StepLevel, &'static Activity, &'static Hidden)>,
    now: ResMut<'w, UnitsNow>,
}

impl UnitQuery<'_, '_> {
    /// Every unit, sorted by id (shared; built only if a unit changed since the last one).
    pub fn view(&mut self) -> Arc<UnitsView> {
        self.now.get_or_build(self.q.iter())
    }

    /// The units' components, in entity order.
    pub fn iter(&self) -> impl Iterator<Item = (&Unit, &Location, &StepLevel, &Activity, &Hidden)> {
        self.q.iter()
    }

    /// How many times units were open to change since the game began (equal counts: the units
    /// are as they were).
    #[must_use]
    pub fn changes(&self) -> u64 {
        self.now.changes
    }
}

/// The components a unit's item holds when written.
pub type UnitItemMut<'a> = (&'a Unit, Mut<'a, Location>, Mut<'a, StepLevel>, Mut<'a, Activity>, Mut<'a, Hidden>);

/// Read and write access to every unit. Any write access marks the shared view stale.
#[derive(SystemParam)]
pub struct UnitsMut<'w, 's> {
    q: Query<'w, 's, (&'static Unit, &'static mut Location, &'static mut StepLevel, &'static mut Activity, &'static mut Hidden)>,
    now: ResMut<'w, UnitsNow>,
}

impl UnitsMut<'_, '_> {
    /// Every unit, sorted by id, as they stand now (a snapshot: later writes do not show in it).
    pub fn view(&mut self) -> Arc<UnitsView> {
        self.now.get_or_build(self.q.iter())
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
        self.now.stale();
        self.q.get_mut(e)
    }

    /// Every unit's components, to change.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = UnitItemMut<'_>> {
        self.now.stale();
        self.q.iter_mut()
    }
}
