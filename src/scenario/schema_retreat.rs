//! How units retreat and pursue after combat (ToO 13-14; engine gaps G14, G15). Every default
//! is the tutorial's, so a scenario states only what its game does differently.

use serde::{Deserialize, Serialize};

/// Retreat variants.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RetreatRules {
    /// What entering a hex in an enemy zone of control on a retreat does. Default `Barred`.
    #[serde(default)]
    pub enemy_zoc: RetreatZoc,
    /// What happens to a unit that cannot retreat the whole distance. Default `PaysSteps`.
    #[serde(default)]
    pub cut_short: CutShort,
    /// ToO 13.2(7): a unit may not take a path that harms it more (its elimination, then more
    /// enemy-ZOC hexes entered, then ending over the stacking limit) when another path exists.
    /// Default false: any legal path.
    #[serde(default)]
    pub least_harm: bool,
    /// ToO 13.4: units flagged `Fortress` ignore retreat results; the units in a hex with a
    /// friendly fortress may stay at their owner's choice; a retreat may end early in a hex
    /// holding a friendly fortress. Default false.
    #[serde(default)]
    pub fortress_shelters: bool,
    /// ToO 13.3: units that retreated into a hex this phase add no defence there while the hex
    /// is over the stacking limit (they still suffer its results). Default false.
    #[serde(default)]
    pub over_limit_add_no_defence: bool,
}

/// Retreating into an enemy zone of control.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub enum RetreatZoc {
    /// Such a hex is closed, unless a friendly unit is there and
    /// `zoc.friendly_negates_for_retreat` (tutorial 5.7.7).
    #[default]
    Barred,
    /// Open, and each such hex entered costs the unit this many stacking points at the end of
    /// its retreat (ToO 13.2(2): 1 DE): a composite worth more is broken down and components
    /// eliminated to pay (ToO 8.2); any other unit is eliminated. Units flagged
    /// `RetreatsThroughZoc` pay nothing (ToO 22.3). [I] each unit pays for the hexes it
    /// enters; the alternative, one payment per hex for units retreating together, is not
    /// stated by the rules.
    Costs(u32),
}

/// A retreat that cannot be made in full.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub enum CutShort {
    /// The hexes it could not retreat are paid in steps (tutorial 5.7.7).
    #[default]
    PaysSteps,
    /// The unit is eliminated in the last hex it reaches (ToO 13.2(5)).
    Eliminated,
}

/// Pursuit (ToO 14): where a combat result allows it (`CombatEffect::Pursuit`), units of the
/// winning party move into the hex the losers left, then on, ignoring enemy zones of control,
/// and may attack again on their own.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PursuitRules {
    /// Hexes a unit with an attack of 1 or more pursues (ToO 14.3: 1). Support units and units
    /// that never move do not pursue. Default 1.
    #[serde(default = "one_hex")]
    pub hexes: u32,
    /// Unit types that pursue another distance (ToO 14.3: cavalry, camels, armoured cars 2).
    #[serde(default)]
    pub by_type: Vec<(String, u32)>,
}

fn one_hex() -> u32 {
    1
}
