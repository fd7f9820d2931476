//! Prompts: decisions the rules wait for, each for a named side and answered by a command.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Prompt {
    /// Pay `steps` loss points with the listed units: in steps, or (up to `max_retreat`) by
    /// retreating every surviving unit that many hexes from `combat_hex` (answered by
    /// `Command::TakeLosses`).
    TakeLosses {
        side: String,
        steps: u32,
        units: Vec<String>,
        rule: String,
        #[serde(default)]
        max_retreat: u32,
        #[serde(default)]
        combat_hex: String,
        /// At least this many of the points must be paid by retreating (a retreat result).
        #[serde(default)]
        min_retreat: u32,
        /// Instead of points: eliminate exactly this many whole units (`units` lists each
        /// eliminated unit as many times as it has steps).
        #[serde(default)]
        whole_units: u32,
        /// Instead of points: lose steps worth at least this much strength (an exchange), none
        /// of them superfluous; `attacking` says which factor counts.
        #[serde(default)]
        min_strength: u32,
        #[serde(default)]
        attacking: bool,
        /// A rout (ToO 12, AT/DT): each unit retreats exactly the hexes it rolled, and pays
        /// nothing else here.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        retreat_each: Vec<(String, u32)>,
        /// Unit types that must be eliminated before any other unit loses a step (a declared
        /// attack's `losses_first`, ToO 31.4(c)).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        first: Vec<String>,
    },
    /// Place up to `count` markers in the listed spaces (answered by `Command::PlaceMarkers`).
    PlaceMarkers { side: String, marker: String, count: u32, spaces: Vec<String>, rule: String },
    /// Whether to make a declaration now (answered by `Command::Declare`).
    Declare { side: String, id: String, name: String, rule: String },
    /// Advance after combat: some of `units`, counting at most `max` stacking points together
    /// (a unit counts its type's points, 1 unless it says otherwise), may enter the vacated
    /// `target` (answered by `Command::Advance`).
    Advance { side: String, units: Vec<String>, target: String, max: u32 },
    /// A held reaction chit may be played now: each chit with its possible targets (empty = no
    /// target needed). Answered by `Command::PlayChit` or `Command::Pass`.
    React { side: String, moment: String, chits: Vec<(String, Vec<String>)> },
    /// A forced operation is revealed: name the complying units (`Command::Comply`) or opt out
    /// (`Command::OptOut`, if `opt_out` says what it costs).
    Obligation { side: String, chit: String, name: String, demand: String, candidates: Vec<String>, opt_out: Option<String>, rule: String },
    /// The side chooses who is first player this turn (answered by `Command::FirstPlayer`).
    FirstPlayer { side: String, rule: String },
    /// The side picks one of `units`, which suffers `what` (answered by `Command::Choose`).
    ChooseUnit {
        side: String,
        units: Vec<String>,
        what: String,
        rule: String,
        /// The chosen unit is eliminated whole (not a step).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        eliminate: bool,
        /// The question holds up the end of the phase, which comes once nothing more is asked.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        then_end_phase: bool,
    },
    /// The side picks exactly `count` of `units`, each of which `what` (answered by
    /// `Command::PickUnits`).
    PickUnits { side: String, units: Vec<String>, count: u32, what: String, rule: String, #[serde(default, skip_serializing_if = "String::is_empty")] by: String },
    /// The side retreats its units (DI 16.43): each unit with the places it may go; units in
    /// `may_stay` may also stay (answered by `Command::RetreatTo`).
    Retreat { side: String, options: Vec<(String, Vec<String>)>, may_stay: Vec<String>, rule: String, #[serde(default, skip_serializing_if = "String::is_empty")] by: String },
    /// The side places one of the units (available counters, each with its spaces) or, for a
    /// unit already on the map, raises it where it stands (answered by `Command::Place`, or
    /// `Command::Pass` if `optional`).
    PlaceUnit { side: String, options: Vec<(String, Vec<String>)>, optional: bool, why: String, rule: String, #[serde(default, skip_serializing_if = "String::is_empty")] by: String },
    /// The side names one of `spaces` (answered by `Command::ChooseSpace`).
    ChooseSpace { side: String, spaces: Vec<String>, why: String, rule: String, #[serde(default, skip_serializing_if = "String::is_empty")] by: String },
    /// Pursuit after combat (ToO 14): each unit with the hexes it may pursue; the first hex of
    /// every path is one of `first` (answered by `Command::Pursue`, no moves for none).
    /// With `combat`, the pursuers may attack again after the move, joined by the attack's
    /// `supports` and keeping the attack supply of the `supplied` (ToO 14.5-14.6).
    Pursue {
        side: String,
        units: Vec<(String, u32)>,
        first: Vec<String>,
        rule: String,
        #[serde(default)]
        combat: bool,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        supports: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        supplied: Vec<String>,
        /// The attack's declaration (its id): a pursuit combat carries it too (ToO 31.4 [I]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        declared: Option<String>,
    },
    /// A pursuit combat (ToO 14.5): the pursuing units (and the attack's supports, if in range)
    /// may attack one enemy hex on their own (answered by `Command::Attack`, or `Command::Pass`
    /// for none).
    PursuitCombat { side: String, units: Vec<String>, supports: Vec<String>, rule: String },
    /// A question of the ruleset's own, for `side` (answered by the ruleset's commands).
    Game { side: String, prompt: super::game_value::GameVal },
    // Variants are added at the end: a state hash reads a variant by its place.
    /// The side chooses one of `options` (their names), whose effects then apply (answered by
    /// `Command::ChooseOption`).
    ChooseOption { side: String, options: Vec<String>, rule: String },
    /// A withdrawal (ToO 7.10): the side names units of `units` worth `quota`, breaking down
    /// any of `composites` first to name their components (answered by
    /// `Command::WithdrawUnits`); with `may_refuse`, fewer or none, at the cost the rule names.
    Withdraw { side: String, units: Vec<String>, composites: Vec<String>, quota: String, may_refuse: bool, rule: String },
}

impl Prompt {
    /// The side that must answer.
    #[must_use]
    pub fn side(&self) -> &str {
        match self {
            Prompt::TakeLosses { side, .. }
            | Prompt::Advance { side, .. }
            | Prompt::PlaceMarkers { side, .. }
            | Prompt::Declare { side, .. }
            | Prompt::React { side, .. }
            | Prompt::Obligation { side, .. }
            | Prompt::FirstPlayer { side, .. }
            | Prompt::ChooseUnit { side, .. }
            | Prompt::PickUnits { side, .. }
            | Prompt::Retreat { side, .. }
            | Prompt::PlaceUnit { side, .. }
            | Prompt::ChooseSpace { side, .. }
            | Prompt::Pursue { side, .. }
            | Prompt::PursuitCombat { side, .. }
            | Prompt::Withdraw { side, .. }
            | Prompt::ChooseOption { side, .. }
            | Prompt::Game { side, .. } => side,
        }
    }
}
