//! Twilight of the Ottomans' own section of the scenario (`ruleset_rules`): the procedures no
//! other game has, each optional and named by the option that switches it on.

use serde::{Deserialize, Serialize};

/// The ruleset's section.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TooRules {
    /// 32 (optional): the Goeben's sortie against an enemy naval unit at work in one sea.
    #[serde(default)]
    pub naval_combat: Option<NavalCombat>,
    /// 33.3 (optional): one air base supplies one hex from the air in the side's Supply phase.
    #[serde(default)]
    pub air_supply: Option<AirSupply>,
}

/// 33.3: while the option is on, from `from_year`, as the side's Supply phase begins (before
/// its attrition rolls) the side may send one of its air bases in normal supply on an air
/// supply mission: every unit of the side in one hex within the air base's `support_range` is
/// in normal supply this phase and skips attrition. Once per Supply phase, so once a game turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AirSupply {
    pub option: String,
    pub side: String,
    /// The air bases' unit types.
    pub unit_types: Vec<String>,
    pub from_year: u32,
    pub rule: String,
}

/// 32: while the option is on, whenever the enemy uses a unit of a target type in the zone (a
/// sea transport landing cargo on its coast, a bombardment supporting an attack on its coast),
/// the side of the raider may attack that unit with it: one roll on `results`. The raider then
/// counts as used (its `rests_after_use` roll, 23.3; A28: the one roll of the use).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavalCombat {
    /// The option that switches the rule on.
    pub option: String,
    /// The unit type that sorties (the Goeben).
    pub raider: String,
    /// Enemy unit types it may attack (Russian bombardment and sea transport).
    pub targets: Vec<String>,
    /// The sea zone (`map.sea_zones`) where they must be at work.
    pub zone: String,
    /// One roll of 1d6: an entry for each result.
    pub results: Vec<SortieResult>,
    pub rule: String,
}

/// One line of the sortie table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SortieResult {
    /// The results (first, last) of the roll it covers.
    pub rolls: (u32, u32),
    /// What the log calls it.
    pub name: String,
    /// The target is eliminated, with the cargo it carried.
    #[serde(default)]
    pub sinks: bool,
    /// A track changes: (track, amount). 32: the Allies gain 2 VP when the Goeben is hit.
    #[serde(default)]
    pub track: Option<(String, i32)>,
}
