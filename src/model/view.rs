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
    pub path: Vec<SpaceId>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct UnitView {
    pub id: std::sync::Arc<str>,
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
        let UnitView { id: _, rank, type_index, side, location, level, activity, hidden } = self;
        let Activity { moved, finished, no_attack, reserve, mp_used, attacked, out_of_supply, landed, supply_exempt, forced_march, attacked_below } = *activity;
        let (kind, space) = match location {
            Location::NotEntered => (0u64, 0u64),
            Location::OnMap(s) => (1, u64::from(s.0)),
            Location::Eliminated => (2, 0),
            Location::OutOfPlay => (3, 0),
        };
        let flags = [moved, finished, no_attack, reserve, attacked, out_of_supply, landed, supply_exempt, forced_march, attacked_below, *hidden]
            .iter()
            .enumerate()
            .fold(0u64, |acc, (i, f)| acc | (u64::from(*f) << i));
        h.word(u64::from(*rank) | (*type_index as u64) << 32);
        h.word(*side as u64 | kind << 32);
        h.word(space | u64::from(*level) << 32);
        h.word(u64::from(mp_used) | flags << 32);
    }
}

/// Every unit, sorted by id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnitsView(pub Vec<UnitView>);

impl UnitsView {
    /// Builds the view from anything that yields unit components (a query or a world scan).
    pub fn collect<'a>(
        it: impl Iterator<Item = (&'a Unit, &'a Location, &'a StepLevel, &'a Activity, &'a Hidden)>,
    ) -> Self {
        let mut v: Vec<UnitView> = it
            .map(|(u, l, s, a, h)| UnitView {
                id: u.id.clone(),
                rank: u.rank,
                type_index: u.type_index,
                side: u.side,
                location: *l,
                level: s.0,
                activity: *a,
                hidden: h.0,
            })
            .collect();
        // Units are spawned in rank (id) order and never change archetype, so a query yields
        // them sorted; the check keeps any other source right.
        if !v.is_sorted_by_key(|u| u.rank) {
            v.sort_unstable_by_key(|u| u.rank);
        }
        Self(v)
    }

    /// The units as the world stands (the shared view of `UnitsNow`, built if stale).
    pub fn from_world(world: &mut World) -> std::sync::Arc<Self> {
        super::units_now::UnitsNow::of_world(world)
    }

    #[must_use]
    pub fn get(&self, id: &str) -> Option<&UnitView> {
        self.0.binary_search_by(|u| (*u.id).cmp(id)).ok().map(|i| &self.0[i])
    }

    /// Units on a space, in id order.
    pub fn at(&self, space: SpaceId) -> impl Iterator<Item = &UnitView> {
        self.0.iter().filter(move |u| u.space() == Some(space))
    }

    /// Whether a space holds units of a side other than `side`.
    #[must_use]
    pub fn enemy_at(&self, space: SpaceId, side: usize) -> bool {
        self.at(space).any(|u| u.side != side)
    }
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
