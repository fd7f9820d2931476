//! Sea moves (ToO 20.1-20.9, 20.11; engine gap G26): units carried by a side's sea transports
//! from one coastal hex to another, in the sea zones their contingent may sail.

use serde::{Deserialize, Serialize};

use super::schema_tables::{Condition, DiceSpec};

/// Sea moves in the Movement phase (command `SeaMove`). A transport carries one cargo a phase:
/// units that stand in one coastal hex and have not moved, up to `capacity` stacking points, to
/// another coastal hex without enemy units. The voyage runs from a zone the start touches to a
/// zone the end touches (`map.sea_zones`), both open to every unit carried. From a friendly
/// port to a friendly port it costs `port_cost_mp`; any other voyage costs the units' whole
/// allowance (20.3).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SeaMoveRules {
    /// The unit types of the transports (20.4: the amphibious unit). Where a transport stands
    /// does not matter; it records one voyage a phase.
    pub transports: Vec<String>,
    /// Stacking points one transport carries (20.2: one corps or 3 division equivalents).
    pub capacity: u32,
    /// The zones each contingent sails (19.6, 20.7, 20.9); units of a contingent no entry names
    /// never move by sea.
    pub zones: Vec<SeaAccess>,
    /// Unit types that never move by sea (22: guerrillas).
    #[serde(default)]
    pub barred: Vec<String>,
    /// The hex tag of ports. Default `port`.
    #[serde(default = "port")]
    pub port_tag: String,
    /// MP of a voyage from a port the side holds to another (20.3: 1). Default 1.
    #[serde(default = "one")]
    pub port_cost_mp: u32,
    /// Groups of zones joined by water: a voyage between two zones needs a group holding both
    /// (20.9: the Caspian joins no other sea). Empty (default): every zone joins every other.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub basins: Vec<Vec<String>>,
    /// Passages between zones that enemy units can hamper (20.8: a canal).
    #[serde(default)]
    pub passages: Vec<SeaPassage>,
    /// Rolls for the voyages in a zone (20.11: minefields).
    #[serde(default)]
    pub hazards: Vec<SeaHazard>,
    /// Assault landings (20.10): a voyage from a port to a coastal hex enemy units hold
    /// leaves the units at sea next to it, to attack it in their side's next Combat phase.
    /// None: a voyage never ends where enemy units stand (20.2).
    #[serde(default)]
    pub landings: Option<LandingRules>,
    /// The rule, for the log ("20").
    #[serde(default)]
    pub rule: Option<String>,
}

/// Assault landings (ToO 20.10). The force waits in an all-sea hex next to its target (the
/// first in the board's order of the target's neighbours) and must attack the target in its
/// side's next Combat phase, only that hex and never retreating. If the result lets the
/// attacker pursue, the force lands there as its pursuit; otherwise it is eliminated with its
/// transport. A force that could not attack lands at the end of that phase if the target is
/// empty by then, and is otherwise eliminated with its transport [I].
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LandingRules {
    /// The terrain of all-sea hexes.
    pub sea_terrain: String,
    #[serde(default)]
    pub rule: Option<String>,
}

/// The sea zones units of some contingents sail, while every condition holds (20.9: a side's
/// units not while the enemy holds a given city).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SeaAccess {
    pub contingents: Vec<String>,
    pub zones: Vec<String>,
    #[serde(default)]
    pub when: Vec<Condition>,
}

/// A voyage between a zone of `from` and a zone of `to` (either way) that enemy units in any of
/// `watched` hamper (20.8: an enemy unit by a canal; A36: the hexes on one bank of it).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SeaPassage {
    pub from: Vec<String>,
    pub to: Vec<String>,
    pub watched: Vec<String>,
    pub hampered: Hampered,
    #[serde(default)]
    pub rule: Option<String>,
}

/// What a hampered passage allows.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Hampered {
    /// Only from a friendly port to a friendly port, at the units' whole allowance (20.8).
    PortToPortAllMp,
    /// No voyage.
    Closed,
}

/// A roll for each transport whose voyage starts or ends in `zone` carrying units of one of
/// `contingents`, unless a condition of `unless` holds (20.11: 1d6, 1-3 lost; waived while the
/// side holds a given city).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SeaHazard {
    pub zone: String,
    pub contingents: Vec<String>,
    pub dice: DiceSpec,
    /// The rolls (inclusive) that lose the cargo.
    pub lost: (u32, u32),
    /// Any of these waives the roll.
    #[serde(default)]
    pub unless: Vec<Condition>,
    /// Whether the transport is lost with its cargo. 20.11 says "all are lost" of what the
    /// amphibious unit carries; the reference reads the ship as sunk too [I] (alternative:
    /// false, only the cargo).
    pub transport_lost: bool,
    #[serde(default)]
    pub rule: Option<String>,
}

fn port() -> String {
    "port".to_string()
}

fn one() -> u32 {
    1
}
