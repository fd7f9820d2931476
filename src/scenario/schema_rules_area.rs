//! Rule parameters of area games (Decision: Iraq): who may enter which spaces, who chooses the
//! first player, attrition outside control, and what controlled spaces yield; and what occupied
//! spaces yield, on any map.

use serde::{Deserialize, Serialize};

/// Units of `contingent` may not enter `spaces`, except (if given) units of one type while fewer
/// than `max` of their side's units of that type stand in those spaces (DI 13.7: one MNF SOF in
/// Iran).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EntryBan {
    pub contingent: String,
    pub spaces: Vec<String>,
    #[serde(default)]
    pub except: Option<(String, u32)>,
    /// The ban holds only for these unit types of the contingent; empty = all of them.
    #[serde(default)]
    pub unit_types: Vec<String>,
    /// The ban holds only while this option is on.
    #[serde(default)]
    pub when_option: Option<String>,
    /// The ban holds only while this option is off.
    #[serde(default)]
    pub unless_option: Option<String>,
}

/// Units of `contingent` (of `unit_types` only, if listed) never enter a space outside
/// `regions` (ToO 9.12, 27.2: Persian units never leave Persia, Bolsheviks Russia): an entry
/// ban on every other space, which holds for moves, retreats, advances, entries and setup.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RegionBound {
    pub contingent: String,
    pub regions: Vec<String>,
    #[serde(default)]
    pub unit_types: Vec<String>,
}

/// Initiative (DI 10.2): when a game turn begins, the side whose track is higher chooses the first
/// player for the turn; on a tie `tie` is first player (DI 10.2), or chooses if `tie_chooses`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct InitiativeRules {
    /// (side, track) for each side.
    pub tracks: Vec<(String, String)>,
    pub tie: String,
    /// On a tie the `tie` side chooses who plays first instead of being first player. Default
    /// false (DI 10.2: the tied Insurgent is First Player).
    #[serde(default)]
    pub tie_chooses: bool,
}

/// Attrition (DI 19): in the side's Supply phases, in every space its side does not control,
/// half (rounded up) of its units of these types there lose a step or level each, the owner's
/// choice.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AttritionRules {
    pub unit_types: Vec<String>,
}

/// In each Scoring phase `side` adds, for every space it controls, the integer space attribute
/// `attribute` to `track` (DI 18.4: each player adds its own points of the districts it controls
/// to its own index).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ControlIncome {
    pub side: String,
    pub attribute: String,
    pub track: String,
}

/// In every Scoring phase, `side` adds to `track` the VP of every space its units occupy (ToO
/// 5.2, 5.3: objective hexes score each turn they are occupied, not only when taken). A space
/// held only by units of the `not_alone` types scores nothing (ToO 5.3: Persian, guerrilla and
/// Bolshevik units; with a British unit the hex scores).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OccupationIncome {
    pub side: String,
    pub track: String,
    #[serde(default)]
    pub not_alone: Vec<String>,
}
