//! Restrictions an effect puts on its side for the rest of the game turn (ToO 6.3-6.4:
//! German-Turkish Friction, Command Dispute, Inter-Allied Friction, Orient Express Disrupted,
//! Home Government vs. India Dispute; engine gap G19).

use serde::{Deserialize, Serialize};

/// A restriction on the side an effect applies for, until the game turn ends
/// (`EventEffect::Restrict`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum Restriction {
    /// Units of different groups of contingents may not take part in one attack; units of a
    /// contingent in no group, and units of the `exempt` types, join any attack (6.3 German-
    /// Turkish Friction: groups `[["tr"], ["de"]]`, the Yildirim corps exempt; 6.4 Command
    /// Dispute: `[["br"], ["fr"], ["ru"]]`).
    AttackApart {
        groups: Vec<Vec<String>>,
        #[serde(default)]
        exempt: Vec<String>,
    },
    /// Units of these contingents may not be bought (6.3 Orient Express Disrupted).
    NoPurchase { contingents: Vec<String> },
    /// No unit is bought or received into hexes with one of these tags (6.4 Home Government
    /// vs. India Dispute: Persian Gulf coastal and port hexes).
    NoPlacement { tags: Vec<String> },
    /// A crossing rule for the side's units (6.3 Insubordination: 1 VP each time one of them
    /// crosses a boundary between its own regions).
    Crossing(Box<RegionCrossing>),
    // Variants are added here, at the end: saves and hashes read a variant by its place.
    /// No sea move of the side's units in these zones (ToO 6.4 Russian Naval Superiority), or,
    /// with `between_only`, none between one of them and another zone (ToO 6.4 Home
    /// Government vs. India Dispute).
    SeaBan {
        zones: Vec<String>,
        #[serde(default)]
        between_only: bool,
    },
    /// Units of these types take part in no attack, alone or in support (ToO 6.4 Russian
    /// Naval Superiority: the Goeben).
    NoAttack { unit_types: Vec<String> },
}

/// What a unit that moves across a boundary between two regions of the map sets off, per
/// boundary crossed (`rules.region_crossings`; ToO 22.3, 6.3 Insubordination; engine gap G28).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RegionCrossing {
    /// The units it applies to (their `regions` and `terrains` are not read).
    #[serde(default)]
    pub units: super::schema_withdrawal::UnitFilter,
    /// Boundaries between two of these regions (empty: between any two regions).
    #[serde(default)]
    pub regions: Vec<String>,
    pub effect: CrossingEffect,
    /// The rule, for the log ("22.3").
    #[serde(default)]
    pub rule: Option<String>,
}

/// What crossing a boundary does.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum CrossingEffect {
    /// A roll for each boundary; a result within `eliminated` eliminates the unit there and then
    /// (22.3: 1d6, 1-3).
    Survival { dice: super::schema_tables::DiceSpec, eliminated: (u32, u32) },
    /// The unit's side pays `amount` from `track` for each boundary (6.3 Insubordination).
    Pay { track: String, amount: i32 },
}
