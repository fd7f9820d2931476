//! What a side may buy with track points besides units: rolls on tables (ToO 26,
//! psychological warfare; engine gap G31).

use serde::{Deserialize, Serialize};

/// A roll a side may buy: once per game turn (its player turn), as the first thing it does in
/// one of its own phases, it pays `cost` from `track` and rolls on one of `tables` (event
/// tables), its choice; the entry rolled applies for it (ToO 26.1-26.3: 2 VP, column A or B).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BoughtRoll {
    pub id: String,
    pub name: String,
    pub side: String,
    /// The track paid from.
    pub track: String,
    pub cost: i32,
    /// The least the track may hold once paid (ToO 5.4: a side never spends VP that would
    /// leave it at 0 or less, so 1). Default: the track's floor.
    #[serde(default)]
    pub keep_at_least: Option<i32>,
    /// The event tables the side chooses among (ToO 26.3: the columns A and B).
    pub tables: Vec<String>,
    /// The rule, for the log ("26").
    #[serde(default)]
    pub rule: Option<String>,
}

/// Units bought with track points in the side's own Mobilization phases (ToO 7.2-7.9; engine
/// gap G17): a counter of the mix that is not in play (in the pool, or eliminated where it may
/// be replaced) is placed at once where a placement rule allows (command `Recruit`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PurchaseRules {
    /// (side, track): what each side pays from.
    pub tracks: Vec<(String, String)>,
    /// The least a track may hold once paid (ToO 5.4: 1). Default: the track's floor.
    #[serde(default)]
    pub keep_at_least: Option<i32>,
    /// The unit types that may be bought, each with its price (7.2); others never are.
    pub costs: Vec<UnitCost>,
    /// Where bought units may be placed (7.4); a unit goes where any rule for it allows.
    pub places: Vec<PlacementRule>,
    /// Caps on the units of some kinds a side buys in one game turn (7.5: one German or
    /// Austro-Hungarian unit).
    #[serde(default)]
    pub per_turn: Vec<PurchaseCap>,
}

/// The price of a unit type and when it may be bought (ToO 7.2).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UnitCost {
    pub unit_type: String,
    pub cost: i32,
    /// Only from this year of the calendar on (7.2: tanks 1917+).
    #[serde(default)]
    pub from_year: Option<u32>,
    /// While this option is on, from this year instead of `from_year` (ToO 33.4: air bases
    /// from 1914 with the optional air missions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option_from_year: Option<(String, u32)>,
    /// Only while this optional rule is on (34: the artillery corps).
    #[serde(default)]
    pub option: Option<String>,
    /// Never while this option is on (23.1: no ANZAC in the scenarios that begin in 1916 or
    /// later, ToO 36 played as an option).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unless_option: Option<String>,
    /// Each counter enters play by purchase at most once a game, and is never replaced (7.2
    /// "once", 23.1 ANZAC). Default false.
    #[serde(default)]
    pub once: bool,
    /// An eliminated counter may be bought again (7.9); false: never (HQs). Withdrawn counters
    /// are in the pool and may always be. Default true.
    #[serde(default = "yes")]
    pub replaceable: bool,
}

fn yes() -> bool {
    true
}

/// Hexes where units a side buys may be placed (ToO 7.4). Every placement is also refused in a
/// hex holding enemy units, in terrain the unit may not enter, where an entry ban closes it,
/// and over the stacking limit where limits hold on entry (10.3 and A7: where they are checked
/// at phase ends, a placement may go over them).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PlacementRule {
    /// The side it serves (none: any side; in an effect, the side receiving).
    #[serde(default)]
    pub side: Option<String>,
    /// Units of these contingents (empty: any).
    #[serde(default)]
    pub contingents: Vec<String>,
    /// Units of these types (empty: any).
    #[serde(default)]
    pub unit_types: Vec<String>,
    /// Hexes with one of these tags (`hexes[].tags`; empty: any hex).
    #[serde(default)]
    pub tags: Vec<String>,
    /// Hexes in one of these regions (empty: any).
    #[serde(default)]
    pub regions: Vec<String>,
    /// Who must hold the hex. Default: the side.
    #[serde(default)]
    pub control: PlaceControl,
    /// At most this many units bought this game turn may be placed in one hex under this rule
    /// (7.4: one supply, garrison, cavalry or camel unit at each other mobilisation hex).
    #[serde(default)]
    pub per_hex_per_turn: Option<u32>,
    /// Only on a hex holding a unit of the side in supply (7.4: fortresses).
    #[serde(default)]
    pub on_supplied_unit: bool,
    /// Only on a hex holding no unit at all (6.3 Persian Unrest: "an empty hex in Persia").
    #[serde(default)]
    pub empty: bool,
}

/// Who must hold a placement hex.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub enum PlaceControl {
    /// The side holds it (7.4: a capital "if controlled by the side").
    #[default]
    Own,
    /// The enemy does not (7.4: Bulgarian border hexes "the Allies do not control").
    NotEnemy,
    Any,
}

/// At most `max` units of the listed contingents and types (empty: any) bought by `side` in one
/// game turn.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PurchaseCap {
    pub side: String,
    #[serde(default)]
    pub contingents: Vec<String>,
    #[serde(default)]
    pub unit_types: Vec<String>,
    pub max: u32,
}

/// Units a side receives free (`EventEffect::Receive`; ToO 6.3 Forced Offensive, Holy War,
/// revolts; 7.7): `count` counters of `unit_types` not in play, each placed where one of
/// `places` allows, in turn. The side chooses the type of each among those with a free counter,
/// or, with `random`, each is drawn at random from the free counters of those types (22.1:
/// guerrillas). A unit with no hex to go to is lost: it stays out of play (7.8).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ReceiveDef {
    pub count: super::schema_tables::Amount,
    pub unit_types: Vec<String>,
    pub places: Vec<PlacementRule>,
    #[serde(default)]
    pub random: bool,
    /// The rule, for the log and the prompt ("6.3").
    #[serde(default)]
    pub rule: Option<String>,
    /// The units wait for the side's next phase of this kind to be placed (ToO 28.3: a bought
    /// unit arrives in its side's next Mobilization phase). None: at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_phase: Option<super::schema::PhaseKind>,
}

/// Something a side builds in a hex by spending units there (ToO 29: the Allies spend 3 supply
/// units in a coastal city in their Mobilisation Phase for a permanent port; engine gap G34):
/// the hex gains the tag `adds_tag` for the rest of the game, as if printed (command `Build`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Construction {
    pub id: String,
    pub name: String,
    pub side: String,
    /// Built in the side's own phases of this kind.
    pub phase: super::schema::PhaseKind,
    /// Units of the side in the hex that the building uses up: (unit type, how many). They
    /// leave play: to the counter pool where there is one.
    pub spend: Vec<(String, u32)>,
    /// The hex must carry every one of these tags (printed or built).
    #[serde(default)]
    pub on_tags: Vec<String>,
    pub adds_tag: String,
    /// The rule, for the log ("29").
    #[serde(default)]
    pub rule: Option<String>,
}
