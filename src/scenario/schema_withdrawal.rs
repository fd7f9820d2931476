//! Withdrawals (ToO 7.10; engine gap G18): an effect that makes a side take units of its own off
//! the map, its choice, up to a quota.

use serde::{Deserialize, Serialize};

use super::schema_tables::{Amount, EventEffect};

/// A withdrawal quota (`EventEffect::Withdraw`): the side the effect applies for removes units
/// of its own on the map that match `units`, worth at least `amount` in `measure`, its choice
/// (ToO 7.10, 6.3 Balkan Campaign, 6.4 Influenza). Withdrawn units leave play with no VP lost:
/// to the counter pool where the scenario keeps one (they may be bought again, 7.9), else out
/// of play. No unit may be withdrawn beyond the quota: the last one picked must be needed.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct WithdrawalDef {
    pub amount: Amount,
    /// What the quota counts. Default: units.
    #[serde(default)]
    pub measure: WithdrawMeasure,
    /// Which units count. Default: all of the side's.
    #[serde(default)]
    pub units: UnitFilter,
    /// Whose units: the side's own (default), or its enemy's, which the side chooses and
    /// removes (26.3 Desertion, Sabotage; A31: a removal is a withdrawal).
    #[serde(default)]
    pub whose: Whose,
    /// What happens to the units named: set aside (default), or broken down where they stand
    /// into their components (6.3 Miracle / Sandstorm: an enemy corps in a desert hex); only
    /// composites that may be broken down are named then.
    #[serde(default)]
    pub then: Taken,
    /// Composites of `rules.reorganisation` may be broken down so that their components are
    /// withdrawn (7.10: "corps may be broken down"; 28.1: not for the first revolution).
    /// Default true.
    #[serde(default = "yes")]
    pub break_down: bool,
    /// What follows when the whole quota is withdrawn (6.3 Balkan Campaign: +1 VP).
    #[serde(default)]
    pub done: Vec<EventEffect>,
    /// What follows when it is not (6.3 Balkan Campaign: the Allies gain 10 VP). Where this is
    /// not empty the side may withdraw less, or nothing ("cannot or will not"); where it is, the
    /// side withdraws the quota, or every matching unit if they are not worth it (7.10).
    #[serde(default)]
    pub short: Vec<EventEffect>,
    /// The rule, for the log and the prompt ("6.3").
    #[serde(default)]
    pub rule: Option<String>,
}

fn yes() -> bool {
    true
}

/// What a withdrawal does to the units named.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub enum Taken {
    #[default]
    SetAside,
    BrokenDown,
}

/// Whose units an effect takes.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub enum Whose {
    #[default]
    Own,
    Enemy,
}

/// What a withdrawal quota counts.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub enum WithdrawMeasure {
    /// Each unit counts one.
    #[default]
    Units,
    /// Stacking points (ToO: division equivalents, a corps 3).
    StackingPoints,
    /// Attack strength as the unit stands (6.4 Influenza).
    Attack,
    /// Defence strength as the unit stands (6.4 Wahhabi Fanaticism).
    Defence,
}

/// Which units an effect counts; an empty list does not restrict.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UnitFilter {
    #[serde(default)]
    pub contingents: Vec<String>,
    #[serde(default)]
    pub unit_types: Vec<String>,
    /// Sizes as the unit types give them ("XX": ToO divisions).
    #[serde(default)]
    pub sizes: Vec<String>,
    /// Regions of the map (`map.regions`) the unit must stand in (6.4 Wahhabi Fanaticism:
    /// Arabia or Hejaz).
    #[serde(default)]
    pub regions: Vec<String>,
    /// Terrains (ids) of the hex the unit must stand in (6.3 Miracle / Sandstorm: desert).
    #[serde(default)]
    pub terrains: Vec<String>,
}
