//! Rule parameters of Netwar games (Decision: Iraq, `rules.netwar`): whose index a result feeds,
//! how doublings combine, which tables are barred against units in boxes, the mobilization
//! charts and the chaos tables.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct NetwarRules {
    /// Each side's index track and the space attribute holding its printed points (DI 16.33).
    pub sides: Vec<NetwarSide>,
    /// Errata to 6: two or more doublings of one change multiply it by this, never more. Default 3.
    #[serde(default = "three")]
    pub max_multiplier: u32,
    /// DI 26.1: on these turns (labels) every change to `side`'s index, gain or loss, counts one
    /// more doubling.
    #[serde(default)]
    pub election: Option<Election>,
    /// DI 15.2, 17.63: these tables (ids) may be used against units in boxes only when every
    /// attacker is unconventional.
    #[serde(default)]
    pub open_only_tables: Vec<String>,
    /// Unit types that are bases (FOB, BZ): never retreat, let friendly units in their space
    /// ignore retreats (16.47) and let the attacker there choose who attacks (23.3).
    #[serde(default)]
    pub bases: Vec<String>,
    /// DI 12: what each side may buy in its Mobilization phases.
    #[serde(default)]
    pub mobilization: Vec<Recruit>,
    /// DI 11: (side, event table id) rolled in the side's chaos phases.
    #[serde(default)]
    pub chaos: Vec<(String, String)>,
}

fn three() -> u32 {
    3
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct NetwarSide {
    pub side: String,
    pub track: String,
    /// Integer space attribute: the side's printed points of a district.
    pub points: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Election {
    pub side: String,
    pub turns: Vec<String>,
}

/// One line of a mobilization chart (DI 12.1, 6.6): a unit type bought for `cost` points of the
/// side's index and placed as `place` allows. Multi-level units enter at their lowest level
/// (12.2, 12.3).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Recruit {
    pub side: String,
    pub unit_type: String,
    pub cost: i32,
    /// Where the unit may be placed: any of these.
    pub place: Vec<Placement>,
    /// The unit may only be placed in spaces whose `foreign` attribute is false (IG and Iraqi
    /// insurgent units are always placed in Iraq). Default false.
    #[serde(default)]
    pub iraq_only: bool,
}

/// A placement rule of a mobilization chart.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum Placement {
    /// One of these spaces.
    In(Vec<String>),
    /// A space that held a unit of the side of one of these types when the phase began (12.4);
    /// `foreign`: only spaces whose `foreign` attribute is this.
    With { unit_types: Vec<String>, #[serde(default)] foreign: Option<bool> },
    /// Any space whose `foreign` attribute is false.
    AnyIraqi,
}
