//! Unit components. A unit's identity never changes; its place, strength and activity do.

use bevy::prelude::Component;

use crate::scenario::board::SpaceId;

/// Identity of a counter: stable id from the scenario, its type and owning side.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Held inline when short (every unit id of the shipped games is): a view of the units
    /// copies it without touching a shared count.
    pub id: crate::model::command::Name,
    /// Place of the id in the sorted order of every unit's id (views sort by it).
    pub rank: u32,
    /// Index into `Scenario::unit_types`.
    pub type_index: usize,
    /// Index into `Scenario::sides`.
    pub side: usize,
}

/// Where a unit is.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Location {
    /// Scheduled to enter later (reinforcement) or waiting in a setup group.
    NotEntered,
    OnMap(SpaceId),
    Eliminated,
    /// Never enters play (a reinforcement not drawn from its pool).
    OutOfPlay,
    /// A counter of the mix not in play, free to enter by a breakdown or a combination
    /// (`rules.counter_pool`, ToO 8.2-8.3): leaving play this way is not an elimination.
    Pool,
}

impl Location {
    #[must_use]
    pub fn space(self) -> Option<SpaceId> {
        match self {
            Location::OnMap(s) => Some(s),
            _ => None,
        }
    }
}

/// Steps lost (step units) or current level (level units).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepLevel(pub u32);

/// What the unit has done in the current phase.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Activity {
    /// Has moved this phase (it may move on while MP remain and nothing stopped it).
    pub moved: bool,
    /// May not move any more this phase (entered an enemy ZOC, spent its MP, failed an overrun).
    pub finished: bool,
    /// Overran this player turn: may not attack in the combat phase that follows.
    pub no_attack: bool,
    /// Marked as breakthrough reserve for this player turn.
    pub reserve: bool,
    pub mp_used: u32,
    pub attacked: bool,
    /// Found out of supply when the phase began (supply hook at the start of movement).
    pub out_of_supply: bool,
    /// Entered this game turn from a group that may not move on its entry turn (tutorial
    /// 5.7.9: wave 1 of the landing).
    pub landed: bool,
    /// Named for a forced operation that lets it end moves out of supply (tutorial 5.8 U3).
    pub supply_exempt: bool,
    /// Its allowance is multiplied by a forced march this phase (ToO 15.7).
    pub forced_march: bool,
    /// Has attacked enemy units in slots this phase (DI 14.4: once in the open, once below).
    pub attacked_below: bool,
    /// Has made its rail move this phase (ToO 9.8: one a phase).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub railed: bool,
    /// Spent for attack supply this combat phase: it stays on the map until the phase ends
    /// (ToO 15.8).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub attack_supply: bool,
    /// Moved in the phase just before (ToO 15.8: such a unit may not be spent for attack
    /// supply). Kept only where the scenario has attack supply.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub moved_before: bool,
    /// Retreated into its hex this phase (ToO 13.3: over the limit there, it adds no defence).
    /// Kept only where the scenario has that rule.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub retreated: bool,
}

impl Activity {
    /// Whether the unit has done nothing and carries nothing over (`Activity::default()`):
    /// every field read at once, not one by one as `==` does, for a phase end that looks at
    /// every unit. The pattern names every field, so a field added later is read too.
    #[must_use]
    pub fn is_idle(&self) -> bool {
        let Activity { moved, finished, no_attack, reserve, mp_used, attacked, out_of_supply, landed, supply_exempt, forced_march, attacked_below, railed, attack_supply, moved_before, retreated } = *self;
        let any = moved | finished | no_attack | reserve | attacked | out_of_supply | landed | supply_exempt | forced_march | attacked_below | railed | attack_supply | moved_before | retreated;
        !any && mp_used == 0
    }
}

/// Face down: the enemy sees only a generic counter.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hidden(pub bool);
