//! The scenario file format: plain serde data, read from RON.
//!
//! Every struct denies unknown fields so that a misspelt field is an error with a position
//! instead of a silently ignored line. Cross references (ids) are checked afterwards by
//! [`super::validate`], which reports every problem at once with a field path.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use super::schema_declared::*;
pub use super::schema_map::*;
pub use super::schema_purchases::*;
pub use super::schema_restrictions::*;
pub use super::schema_retreat::*;
pub use super::schema_rules::*;
pub use super::schema_rules_area::*;
pub use super::schema_sea::*;
pub use super::schema_tables::*;
pub use super::schema_units::*;
pub use super::schema_withdrawal::*;

/// A whole scenario: map, forces, sequence of play, tables, tracks and victory.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Stable identifier, written into saves.
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub description: String,
    /// Which registered ruleset plays this scenario (`generic` when absent; `sandtable check`
    /// names the others when the field is wrong).
    #[serde(default = "default_ruleset")]
    pub ruleset: String,
    /// Parameters of the generic rules (ZOC variant, how losses are paid...).
    #[serde(default)]
    pub rules: RulesConfig,
    /// The ruleset's own section, in its own format: kept as written and read (with its
    /// positions in this file) by the ruleset that `ruleset` names.
    #[serde(default, skip_serializing_if = "Option::is_none", serialize_with = "raw_section::write", deserialize_with = "raw_section::read")]
    pub ruleset_rules: Option<Box<ron::value::RawValue>>,
    /// The map, written here or read from a file (`File((path, ...))`, see `map_file`).
    #[serde(deserialize_with = "super::map_file::read")]
    pub map: Map,
    pub sides: Vec<SideDef>,
    #[serde(default)]
    pub contingents: Vec<ContingentDef>,
    pub unit_types: Vec<UnitTypeDef>,
    /// The counters that exist: a hard limit on how many of each type (and level) can be in play.
    #[serde(default)]
    pub counter_mix: Vec<CounterMixEntry>,
    #[serde(default)]
    pub setup: Setup,
    #[serde(default)]
    pub reinforcements: Vec<Reinforcement>,
    pub turns: TurnTrack,
    #[serde(default)]
    pub tables: Tables,
    #[serde(default)]
    pub pools: Vec<ChitPool>,
    #[serde(default)]
    pub tracks: Vec<TrackDef>,
    pub victory: Victory,
    #[serde(default)]
    pub options: Vec<OptionalRule>,
    #[serde(default)]
    pub variants: Vec<Variant>,
    /// Free-form designer notes (sources, uncertain data, decisions).
    #[serde(default)]
    pub notes: Vec<String>,
}

fn default_ruleset() -> String {
    "generic".to_string()
}

/// A section written as itself (`ruleset_rules: (...)`), not as `Some(...)`.
mod raw_section {
    use ron::value::RawValue;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Box<RawValue>>, D::Error> {
        Box::<RawValue>::deserialize(d).map(Some)
    }

    #[expect(clippy::ref_option, reason = "the signature serde's serialize_with calls")]
    pub fn write<S: Serializer>(v: &Option<Box<RawValue>>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(raw) => raw.serialize(s),
            None => s.serialize_unit(),
        }
    }
}

/// A side (player).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    pub id: String,
    pub name: String,
    /// Counter background colour, `#rrggbb`.
    #[serde(default = "default_color")]
    pub color: String,
    /// A side no player plays (ToO 28.4: the Bolshevik corps starts neutral): it acts in no
    /// phase and places no setup group; its units are the enemy of every side, and a unit of it
    /// that is attacked joins the side not attacking it. Default false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub neutral: bool,
}

/// A nationality or contingent within a side (own colours, own rules hooks).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ContingentDef {
    pub id: String,
    pub name: String,
    pub side: String,
    #[serde(default = "default_color")]
    pub color: String,
    #[serde(default = "default_text_color")]
    pub text_color: String,
}

pub(crate) fn default_color() -> String {
    "#c8c8c8".to_string()
}

fn default_text_color() -> String {
    "#000000".to_string()
}

/// The turn track and the phase sequence of one game turn.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TurnTrack {
    /// One label per game turn, in order (`["1", "2"]` or `["2003B", "2004A"]`).
    pub labels: Vec<String>,
    /// The side that plays first in each player turn of the sequence.
    pub first_side: String,
    pub phases: Vec<PhaseDef>,
    /// The seasons of the year, in order (ToO 24.1: winter, spring, summer, autumn); none for
    /// a game without a calendar.
    #[serde(default)]
    pub seasons: Vec<SeasonDef>,
    /// The date of every game turn, one per label: its year and season (a season id). Empty for
    /// a game without a calendar.
    #[serde(default)]
    pub calendar: Vec<TurnDate>,
}

/// A season of the calendar.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SeasonDef {
    pub id: String,
    pub name: String,
}

/// When a game turn takes place.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TurnDate {
    pub year: u32,
    pub season: String,
}

/// One phase of the sequence of play.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PhaseDef {
    pub id: String,
    pub name: String,
    /// What the phase is for; decides which commands are legal in it.
    pub kind: PhaseKind,
    /// Who acts: a side id, `First`/`Second` player, or nobody (automatic phase).
    pub actor: PhaseActor,
    /// First game turn (1-based) on which this phase happens.
    #[serde(default)]
    pub from_turn: Option<u32>,
    /// Rule number in the game's rulebook, shown in the UI.
    #[serde(default)]
    pub rule: Option<String>,
    /// Which units act in this phase: all (default), only units not in reserve, or only reserve
    /// units (breakthrough phases).
    #[serde(default)]
    pub units: PhaseUnits,
    /// The phase happens only in the game turn in which this declaration was made.
    #[serde(default)]
    pub declaration: Option<String>,
    /// The phase happens only on these game turns (labels); empty = every turn (DI: A turns
    /// have Mobilization, B turns Attrition).
    #[serde(default)]
    pub only_turns: Vec<String>,
    /// The phase happens only while this optional rule is on (DI 27.12: a phase of its own).
    #[serde(default)]
    pub option: Option<String>,
}

#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub enum PhaseUnits {
    #[default]
    All,
    NonReserve,
    Reserve,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum PhaseKind {
    Event,
    Reinforcement,
    Mobilization,
    Movement,
    Combat,
    Supply,
    Scoring,
    EndOfTurn,
    /// A phase a ruleset plugin handles by its id.
    Special,
    /// Breakdown and combination of units (ToO 8: `rules.reorganisation`).
    Reorganisation,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum PhaseActor {
    First,
    Second,
    Side(String),
    Nobody,
}

/// A point track: VP, a side's index, morale, resolve.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TrackDef {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub side: Option<String>,
    pub start: i32,
    pub floor: i32,
    pub cap: i32,
    /// Checked after every command that changes the track.
    #[serde(default)]
    pub sudden_death: Vec<SuddenDeath>,
    /// Named thresholds that rules switch on and off (for display and rule hooks).
    #[serde(default)]
    pub thresholds: Vec<Threshold>,
    /// A countdown: the track drops by one at the start of every game turn until it reaches
    /// its floor (an effect "for this turn" or "for the next turn" sets it). Default false.
    #[serde(default)]
    pub countdown: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SuddenDeath {
    pub when: Comparison,
    /// The victory level reached at once.
    pub level: String,
    /// First game turn (1-based) on which the check applies.
    #[serde(default)]
    pub from_turn: Option<u32>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Threshold {
    pub id: String,
    pub when: Comparison,
    pub effect: String,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Comparison {
    AtLeast(i32),
    AtMost(i32),
}

impl Comparison {
    #[must_use]
    pub fn holds(self, value: i32) -> bool {
        match self {
            Comparison::AtLeast(v) => value >= v,
            Comparison::AtMost(v) => value <= v,
        }
    }
}

/// Victory levels and the conditions, checked in order at the end of the game.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    pub levels: Vec<VictoryLevel>,
    /// Evaluated in order at the end of the last turn; the first that holds decides.
    pub conditions: Vec<VictoryCondition>,
    /// Sudden-death tests on expressions, made at the end of every game turn from `from_turn`
    /// (for example "P + min(S, P) < turn number" from turn 3, tutorial 5.9).
    #[serde(default)]
    pub end_of_turn: Vec<ExprCheck>,
    /// Sudden death for holding spaces over several player turns (tutorial 5.9 depot strike).
    #[serde(default)]
    pub held: Vec<HeldCheck>,
    /// Effects applied once at the end of the last turn, before `conditions` are read (tutorial
    /// 5.9: the landing penalty is rolled at final determination).
    #[serde(default)]
    pub before_final: Vec<EventEffect>,
    /// Victory by the margin between the sides' tracks, read before `conditions` (DI 5.1, 5.2).
    #[serde(default)]
    pub margin: Option<MarginVictory>,
    /// Each side judged on its own track, so both may win or both lose (ToO 30.1), read before
    /// `margin` and `conditions`.
    #[serde(default)]
    pub per_side: Option<PerSideVictory>,
}

/// Per-side victory (ToO 30.1, 30.2): at the end each side's own track picks its level from
/// its bands; the totals are not compared. Sudden death: when a side's track is at or below
/// `sudden_death_at_or_below` and another's is above it, the game ends at once; the sides above
/// take their `sudden_level`, the others their bands. When every side is at or below it
/// together, the game ends with every side on its bands [D: ToO leaves a mutual zero open;
/// the alternative is to play on].
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PerSideVictory {
    pub sides: Vec<SideBands>,
    #[serde(default)]
    pub sudden_death_at_or_below: Option<i32>,
    /// Automatic victory by occupation (ToO 30.2), checked at the end of every game turn.
    #[serde(default)]
    pub occupy_all: Option<OccupyAll>,
}

/// A side whose units occupy every one of `spaces` at the end of a game turn wins at once: it
/// takes its `sudden_level`, every other side its lowest band (ToO 30.2). Units of the
/// `not_counting` types do not occupy [I: the rules do not say; the errata names Persians,
/// guerrillas and the Bolshevik corps as the question].
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OccupyAll {
    pub spaces: Vec<String>,
    #[serde(default)]
    pub not_counting: Vec<String>,
}

/// One side's track and bands, highest first: the first band whose `at_least` its track
/// reaches gives its level (a level whose `side` is this side is a win for it).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SideBands {
    pub side: String,
    pub track: String,
    /// (at_least, level), highest first; the last should cover the track's floor.
    pub bands: Vec<(i32, String)>,
    /// Its level when the game ends by another side's sudden death.
    #[serde(default)]
    pub sudden_level: Option<String>,
}

/// Victory by margin (DI 5.1): at the end the side with the higher track wins, the difference
/// picking the level from `bands` (the first whose `at_least` it reaches). Sudden death (DI 5.2):
/// when a side's track falls to `sudden_death_at_or_below`, the game ends and the other side's
/// own track plus `sudden_death_bonus` picks its level.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MarginVictory {
    /// (side, track) for each side.
    pub tracks: Vec<(String, String)>,
    /// Highest first: (at_least, [(winning side, level)]).
    pub bands: Vec<MarginBand>,
    #[serde(default)]
    pub sudden_death_at_or_below: Option<i32>,
    #[serde(default)]
    pub sudden_death_bonus: i32,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MarginBand {
    pub at_least: i32,
    /// The level for each winning side (a draw band names the same draw level for both).
    pub levels: Vec<(String, String)>,
}

/// At the end of a player turn of `side`: if `side` has controlled at least `count` of `spaces`
/// at the end of each of the last `player_turns` player turns (this one included), it reaches
/// `level` at once.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HeldCheck {
    pub side: String,
    pub spaces: Vec<String>,
    pub count: u32,
    pub player_turns: u32,
    pub level: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ExprCheck {
    pub left: Expr,
    pub op: CompareOp,
    pub right: Expr,
    pub level: String,
    /// First game turn (1-based) at whose end the test is made.
    #[serde(default)]
    pub from_turn: Option<u32>,
}

/// An integer expression over tracks and the turn number.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum Expr {
    Const(i32),
    Track(String),
    /// The current game turn number (1-based).
    Turn,
    Sum(Vec<Expr>),
    Min(Vec<Expr>),
    Max(Vec<Expr>),
    Neg(Box<Expr>),
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum CompareOp {
    Lt,
    Le,
    Eq,
    Ge,
    Gt,
}

impl CompareOp {
    #[must_use]
    pub fn holds(self, a: i32, b: i32) -> bool {
        match self {
            CompareOp::Lt => a < b,
            CompareOp::Le => a <= b,
            CompareOp::Eq => a == b,
            CompareOp::Ge => a >= b,
            CompareOp::Gt => a > b,
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct VictoryLevel {
    pub id: String,
    pub name: String,
    /// The winning side, or none for a draw.
    #[serde(default)]
    pub side: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum VictoryCondition {
    /// The side controls every listed space.
    ControlsAll { side: String, spaces: Vec<String>, level: String },
    /// The side controls at least `count` of the listed spaces.
    ControlsAtLeast { side: String, spaces: Vec<String>, count: u32, level: String },
    /// A track compared with a value.
    Track { track: String, when: Comparison, level: String },
    /// `space` has no path of any length to a target held by `side`, through hexes free of
    /// enemy units and not in an enemy ZOC unless `side` occupies them (tutorial 5.9, SCW 17.1).
    Isolated { space: String, side: String, targets: Vec<String>, level: String },
    /// An expression compared with another (tutorial 5.9: NS = P + min(S, P) - U >= 12).
    Expr { left: Expr, op: CompareOp, right: Expr, level: String },
    /// Any of the conditions holds (their own levels are ignored).
    Any { of: Vec<VictoryCondition>, level: String },
    /// Always holds: the default result.
    Otherwise { level: String },
}

impl VictoryCondition {
    /// The level the condition gives.
    #[must_use]
    pub fn level(&self) -> &str {
        match self {
            VictoryCondition::ControlsAll { level, .. }
            | VictoryCondition::ControlsAtLeast { level, .. }
            | VictoryCondition::Track { level, .. }
            | VictoryCondition::Isolated { level, .. }
            | VictoryCondition::Expr { level, .. }
            | VictoryCondition::Any { level, .. }
            | VictoryCondition::Otherwise { level } => level,
        }
    }
}

/// An optional rule: a named switch read by the rules.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OptionalRule {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub rule: Option<String>,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub default: bool,
    /// Flags unit types have while the option is on: (unit type, flag) (ToO 31.1: British
    /// cavalry and guerrillas infiltrate under the optional rule).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<(String, UnitFlag)>,
    /// Flags unit types have while the option is on, from the first game turn of a calendar
    /// year on: (unit type, flag, year) (ToO 31.1: German infantry infiltrate in 1918).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags_from_year: Vec<(String, UnitFlag, u32)>,
}

/// A scenario variant: a named set of options switched on (and setup changes).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub options: Vec<String>,
}

/// Free-form attribute values on spaces (sect, points, oil...).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum AttrValue {
    Int(i64),
    Bool(bool),
    Text(String),
}

pub type Attributes = BTreeMap<String, AttrValue>;
