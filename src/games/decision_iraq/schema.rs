//! Rule parameters of Netwar games (Decision: Iraq, `rules.netwar`): whose index a result feeds,
//! how doublings combine, which tables are barred against units in boxes, the mobilization
//! charts, chits, airstrikes, Jihad and Surge, and the optional rules.

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
    /// DI 12.10, 20.2: a side buys a random chit from its pool in its Mobilization phase.
    #[serde(default)]
    pub chit_costs: Vec<ChitCost>,
    /// DI 3.3: chits each side draws at random before play begins: (side, pool, count).
    #[serde(default)]
    pub initial_draws: Vec<(String, String, u32)>,
    /// DI 27.2: recruit bans of optional rules.
    #[serde(default)]
    pub recruit_bans: Vec<RecruitBan>,
    /// DI 27.11: control bonus for whole sects.
    #[serde(default)]
    pub sect_bonus: Option<SectBonus>,
    /// DI 27.1: more chaos rolls for index points.
    #[serde(default)]
    pub extra_chaos: Option<ExtraChaos>,
    /// DI 27.6: suicide attacks.
    #[serde(default)]
    pub suicide: Option<Suicide>,
    /// DI 27.4: slow militia stay in the sect they start in.
    #[serde(default)]
    pub sect_bound: Option<SectBound>,
    /// DI 27.10: PGM strikes (the option; the table, the chit kind spent with an airstrike).
    #[serde(default)]
    pub pgm: Option<Pgm>,
    /// DI 27.13: units bought during set-up.
    #[serde(default)]
    pub setup_recruits: Option<SetupRecruits>,
    /// DI 27.7: the option of coordinated group attacks from a friendly base.
    #[serde(default)]
    pub coordination: Option<String>,
    /// DI 27.5, 27.8: units that carry others.
    #[serde(default)]
    pub transports: Vec<Transport>,
    /// DI 27.12: Hyperwar phases.
    #[serde(default)]
    pub hyperwar: Option<Hyperwar>,
    /// DI 27.9: combat logistics.
    #[serde(default)]
    pub logistics: Option<Logistics>,
    /// DI 22 airstrikes, kept as a count on a track.
    #[serde(default)]
    pub airstrikes: Option<Airstrikes>,
    /// DI 24 Jihad and Surge: one-time declarations that give mobilization points and double
    /// the side's control points in their game turn.
    #[serde(default)]
    pub surges: Vec<Surge>,
    /// DI 20.5 Leader Node: the militia type each side places and the districts where that
    /// militia could have been set up (side, unit type, districts); open or an empty box.
    #[serde(default)]
    pub leader_node_militia: Vec<(String, String, Vec<String>)>,
}

/// DI 22: `side`'s airstrikes available, counted on `track` (its cap is the counter mix). One
/// may join any conflict of the side, attacking or defending, on one of `tables`, never against
/// units in boxes nor in `banned` districts; the side then picks the column freely (22.3), and
/// every point the enemy gains from that conflict counts one more doubling (22.4). Bought for
/// `cost` in the side's Mobilization phase; used up by the conflict.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Airstrikes {
    pub side: String,
    pub track: String,
    pub cost: i32,
    pub tables: Vec<String>,
    #[serde(default)]
    pub banned: Vec<String>,
    /// (option, districts): while the option is on these districts are not banned (DI 27.15).
    #[serde(default)]
    pub allowed_with: Vec<(String, Vec<String>)>,
}

/// DI 24.5: in the Mobilization phase of the game turn in which `declaration` was made, its side
/// rolls `dice` d6 into `track`: points spent like index points, never saved, on units that enter
/// at their highest free level; that turn's control points of the side count one more doubling.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Surge {
    pub declaration: String,
    pub dice: u32,
    pub track: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ChitCost {
    pub side: String,
    pub pool: String,
    pub cost: i32,
}

/// What a Netwar chit does (DI 20.5, 6.8), written in a chit's effects as `Netwar(Chit(...))`.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum NetwarChit {
    /// Black Ops (CI) / Fatwa (Ins): cancels an enemy chit as it is played, a cancel included.
    Cancel,
    /// After a conflict's result: the points the side gains from it count one more doubling.
    InfoWar,
    /// Own conflict phase: one district's units may use the Kinetic table against infra boxes,
    /// or the side looks at the enemy's chits.
    Isr,
    /// Own Mobilization phase: one own unit rises a level, or one own militia is placed where
    /// it could have been set up.
    LeaderNode,
    /// After a conflict is declared, before the roll: the side's units count double.
    TacticalEdge,
}

impl NetwarChit {
    /// How many kinds there are (a kind's place among them is `kind as usize`).
    pub const KINDS: usize = 5;
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
    /// The line exists only while this option is on (DI 27.3); lines are tried in order.
    #[serde(default)]
    pub option: Option<String>,
}

/// With `option` on, units of `contingent` may not be recruited in `space` while `controlled_by`
/// controls it (DI 27.2).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RecruitBan {
    pub option: String,
    pub space: String,
    pub controlled_by: String,
    pub contingent: String,
    pub rule: String,
}

/// With `option` on, a side that controls every district whose `attribute` is one of `values`
/// scores `per` more for each of them in the Control phase (DI 27.11).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SectBonus {
    pub option: String,
    pub attribute: String,
    pub values: Vec<String>,
    pub per: i32,
}

/// With `option` on, a unit of `unit_types` (of `surge_types` too in a game turn of a
/// `SuicideSurge` event) may attack alone as a suicide attack, named by the support `suicide`:
/// its strength counts double, both sides' points from the conflict count one more doubling,
/// and a result in which the attacker rises (`AR`) is read as the same fall (`AL`) (DI 27.6).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Suicide {
    pub option: String,
    pub unit_types: Vec<String>,
    #[serde(default)]
    pub surge_types: Vec<String>,
}

/// With `option` on, units of `unit_types` whose movement factor is at most `max_movement` may
/// enter (and retreat into) only districts whose `attribute` matches the one they are in, unless
/// that is `free` (DI 27.4).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SectBound {
    pub option: String,
    pub attribute: String,
    pub unit_types: Vec<String>,
    pub max_movement: u32,
    pub free: String,
}

/// DI 27.9 combat logistics, with `option` on: a unit starting in a district with a friendly base
/// (`rules.netwar.bases`) and no open enemy doubles its movement through districts without open
/// enemies, except `airmobile` types, which must instead start or end at a district with a
/// friendly unit of `fob_types` (27.91); the `tables` (Kinetic) need a friendly base in the
/// district or in a linked one without open enemies (27.92), or, for `air_side`'s infiltration
/// units, a district with a friendly `fob_types` unit within their movement (27.93).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Logistics {
    pub option: String,
    pub airmobile: Vec<String>,
    pub fob_types: Vec<String>,
    pub tables: Vec<String>,
    pub air_side: String,
}

/// DI 27.10 PGM strike, with `option` on: the airstrike side spends an airstrike and an ISR chit
/// in its conflict phase to attack one open enemy unit alone on `table` at a column it picks; the
/// enemy's points count one more doubling and the airstrike ignores results against it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Pgm {
    pub option: String,
    pub table: String,
}

/// DI 27.12 Hyperwar, with `option` on (its phases carry the same option): spending one chit of
/// each kind in `chits` the side may add the sum of `info_dice` d6 to its index or take it from
/// the enemy's, and/or name a district where `defection_dice` d6 enemy units of `militia` become
/// its own militia (`rules.netwar.leader_node_militia`) at the same level or lower.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Hyperwar {
    pub option: String,
    pub chits: Vec<NetwarChit>,
    pub info_dice: u32,
    pub defection_dice: u32,
    pub militia: Vec<String>,
}

/// DI 27.13, with `option` on: during its set-up `side` may buy units of `unit_types` at
/// `cost_multiplier` times their chart cost, placed as `place` allows, at their lowest level.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SetupRecruits {
    pub option: String,
    pub side: String,
    pub unit_types: Vec<String>,
    pub cost_multiplier: i32,
    pub place: Vec<Placement>,
}

/// DI 27.5, 27.8, with `option` on: a unit of `carriers` may carry one friendly unit of
/// `passengers` that has not moved this phase: it moves to the passenger, picks it up and lands
/// it where it goes within its allowance (it may move on afterwards with what is left).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Transport {
    pub option: String,
    pub carriers: Vec<String>,
    pub passengers: Vec<String>,
}

/// With `option` on, the side may buy more chaos rolls in its own chaos phase (DI 27.1).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ExtraChaos {
    pub option: String,
    pub cost: i32,
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

/// Effects of Netwar games' event tables (DI 11, chaos events), written in event entries as
/// `Netwar(...)`. Units placed by events come from the available counters and cost nothing (12.5);
/// when no counter is free that part of the event has no effect.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum NetwarEffect {
    /// The side places one available unit of one of `unit_types` at `level` (none = its lowest)
    /// in a space passing every test; `optional`: it may decline; `or_raise`: it may instead raise
    /// one of its units of those types on the map to `level`; `then` applies after a placement.
    PlaceUnit {
        unit_types: Vec<String>,
        #[serde(default)]
        level: Option<u32>,
        spaces: Vec<SpaceTest>,
        #[serde(default)]
        optional: bool,
        #[serde(default)]
        or_raise: bool,
        #[serde(default)]
        then: Vec<crate::scenario::schema::EventEffect>,
    },
    /// The side removes one of its units of these contingents from the map (it is available).
    RemoveUnit { contingents: Vec<String> },
    /// `side` reduces by one level one of its units of `unit_types` in each space passing the
    /// tests that holds any (`each`), or one unit among all those spaces (not `each`).
    Reduce { side: String, unit_types: Vec<String>, spaces: Vec<SpaceTest>, each: bool },
    /// `track` changes by `per` for every space with the boolean `attribute` that `count` selects;
    /// `min`: the change never takes it below this.
    PointsPerSpace { track: String, per: i32, attribute: String, count: SpaceCount, #[serde(default)] min: Option<i32> },
    /// Every side adds at once its own printed points of the districts it controls now.
    ControlIncome,
    /// The side names a space passing the tests and adds its own printed points there.
    GainSpacePoints { spaces: Vec<SpaceTest> },
    /// The side names a space passing the tests; there every enemy unit of the `all` types and
    /// half (rounded up, lowest levels first) of the `half` types is replaced by a unit of the
    /// paired own type at the same level and place, if one is available (DI chaos 53-56).
    Defection { spaces: Vec<SpaceTest>, all: Vec<(String, String)>, half: Vec<(String, String)> },
    /// A Netwar chit's effect (held chits only).
    Chit(NetwarChit),
    /// DI chaos 56: for the rest of the game turn suicide attacks are open to the surge types.
    SuicideSurge,
    /// A d6 picks the space (`locations`: first roll of each range); if a unit of the side of
    /// `unit_types` is in it when the side's next conflict phase ends, `track` gains the sum of
    /// `dice` d6 (DI chaos 64-66).
    HighValueTarget { locations: Vec<(u32, String)>, unit_types: Vec<String>, dice: u32, track: String },
}

/// A test a space must pass.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum SpaceTest {
    In(Vec<String>),
    /// The district's attribute has this value.
    Attribute(String, crate::scenario::schema::AttrValue),
    /// Not a foreign district.
    Iraqi,
    /// Holds a unit of these contingents (any side's); empty = any unit of the acting side.
    HasUnits(Vec<String>),
    /// Holds a unit of these types (any side's).
    HasUnitTypes(Vec<String>),
    /// Holds no unit of this side.
    NoUnitsOf(String),
}

/// Which spaces a per-space score counts.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum SpaceCount {
    /// Spaces the side controls.
    Controlled(String),
    /// Spaces with units of the side in the open part.
    OpenUnits(String),
}
