//! Forces part of the scenario format: unit types, the counter mix, setups, reinforcements.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UnitTypeDef {
    pub id: String,
    pub name: String,
    /// Contingent id, or side id when the scenario has no contingents.
    pub contingent: String,
    /// NATO symbol drawn on the counter.
    pub symbol: NatoSymbol,
    /// Size marker (`II`, `III`, `X`...).
    #[serde(default)]
    pub size: String,
    /// Movement class for the terrain effects chart (`foot`, `mech`...).
    #[serde(default = "default_class")]
    pub movement_class: String,
    pub strength: Strength,
    #[serde(default)]
    pub flags: Vec<UnitFlag>,
    /// Flags the type has from a calendar year on (set by an option's `flags_from_year`; ToO
    /// 31.1), read through `Control::year`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags_from_year: Vec<(UnitFlag, u32)>,
    /// What the unit counts toward a stacking limit (ToO 10.2: a corps 3, any other land unit
    /// 1; markers and naval units 0).
    #[serde(default = "one_point")]
    pub stacking_points: u32,
    /// Range in hexes/spaces for support units.
    #[serde(default)]
    pub support_range: Option<u32>,
    /// A support unit (ToO 17-19: HQs, air bases, naval bombardment): named among an attack's
    /// attackers, it adds its attack strength from within `support_range` hexes of any
    /// attacking unit rather than from next to the target.
    #[serde(default)]
    pub support: Option<SupportRole>,
    /// Counter art (path relative to the scenario file), drawn instead of the symbol and
    /// factors; the client still marks level, steps and selection.
    #[serde(default)]
    pub image: Option<String>,
    /// The unit keeps to its waters (ToO 21; engine gap G27): the hexes with this tag.
    #[serde(default)]
    pub waters: Option<Waters>,
    /// The unit carries others as it moves (ToO 21.4: a flotilla).
    #[serde(default)]
    pub carries: Option<Carrying>,
    /// After each combat it takes part in, the unit is out of action for a rolled number of
    /// game turns (ToO 23.3: the Goeben).
    #[serde(default)]
    pub rests_after_use: Option<RestAfterUse>,
    /// Once eliminated, the unit comes back free (ToO 23.4: Lawrence and Wassmuss; 28.4: the
    /// Bolshevik corps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returns: Option<ReturnAfterLoss>,
}

/// How an eliminated unit comes back (ToO 23.4, 28.4): its side rolls `dice` when it is
/// eliminated, and it comes back that many game turns later, or never on a result in `gone`
/// (it leaves play for good); without dice it comes back in the side's next Mobilization phase.
/// It comes back at the start of one of its side's Mobilization phases, placed by the side
/// (prompt `PlaceUnit`) where one of `places` allows, as a unit received free (7.7, 7.8).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ReturnAfterLoss {
    #[serde(default)]
    pub dice: Option<super::schema_tables::DiceSpec>,
    #[serde(default)]
    pub gone: Option<(u32, u32)>,
    pub places: Vec<super::schema_purchases::PlacementRule>,
    #[serde(default)]
    pub rule: Option<String>,
}

/// Out of action after each use (ToO 23.3): when the unit takes part in a combat, `dice` are
/// rolled; when the phase ends it leaves play, and it comes back where it stood when that many
/// game turns have passed, at the start of the next one [I: the reference says "as a free
/// reinforcement"; where it stood is the alternative a naval box makes natural].
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RestAfterUse {
    pub dice: super::schema_tables::DiceSpec,
    #[serde(default)]
    pub rule: Option<String>,
}

/// What a unit carries as it moves (ToO 21.4; engine gap G27, command `Carry`): units of its
/// side that stand in its hex and have not moved this phase, up to `points` stacking points
/// (of `unit_types`; empty: of any type that may move), go with it wherever its move ends, and
/// their own move is over.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Carrying {
    pub points: u32,
    #[serde(default)]
    pub unit_types: Vec<String>,
    /// The rule, for the log ("21.4").
    #[serde(default)]
    pub rule: Option<String>,
}

/// Waters a network-bound unit keeps to (ToO 21.1-21.3: a river flotilla's coast, navigable
/// river and canal hexes). It moves only from hex to hex of them, each step costing `step_mp`
/// whatever the terrain and hexside (38.0: 1 MP); its zone of control reaches only into them,
/// it attacks only them, and it retreats and pursues only into them (a retreat with no such
/// hex eliminates it). It never moves by rail.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Waters {
    /// The hex tag (`map.hexes[].tags`) of its waters.
    pub tag: String,
    /// MP of each step. Default 1.
    #[serde(default = "one_point")]
    pub step_mp: u32,
}

/// How a support unit joins attacks (ToO 12.13, 17-19).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SupportRole {
    /// Units of one category share `max_per_attack`.
    pub category: String,
    /// At most this many units of the category join one attack (ToO 17.2, 18.4: one HQ, one
    /// air base); none: any number (19.2: ships).
    #[serde(default)]
    pub max_per_attack: Option<u32>,
    /// It shares the attacking units' combat results (and counts toward a half-strength loss)
    /// only when the defending hex holds a unit of one of these types (ToO 18.6: an enemy air
    /// base; 12.13: an enemy fortress for ships); otherwise never (17.1: HQs). It never
    /// retreats, and never advances or pursues.
    #[serde(default)]
    pub exposed_if_defender_has: Vec<String>,
    /// It supports from the sea (ToO 19.1, 19.6): from an all-sea hex next to the target, in
    /// one of these sea zones (`map.sea_zones`), so the target must be a coastal hex of one of
    /// them; where the unit stands and its range do not matter. Zones an event closes to the
    /// side (`Restriction::SeaBan`) are closed to it, and the sea's hazards
    /// (`rules.sea_moves.hazards`) roll once for each such unit before its combat (19.7).
    /// Empty: it supports from its range.
    #[serde(default)]
    pub from_sea: Vec<String>,
    /// Units of these types may attack a hex holding an enemy unit of one of these types with
    /// no other units (ToO 19.2: ships against a fortress; 33.2: air bases against air bases,
    /// from their range). Only those enemy units defend and take the results, the terrain
    /// ignored; nobody retreats or pursues; the hex is bombarded, not attacked, so it may be
    /// attacked again this phase, but not bombarded again or after its attack (A26).
    #[serde(default)]
    pub alone_against: Vec<String>,
    /// `alone_against` holds only while this option is on (ToO 33.2: air superiority is an
    /// optional rule). None: always.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alone_option: Option<String>,
    /// It adds no strength before this calendar year (ToO 33.4: air bases bought before 1916
    /// under the optional rule fly reconnaissance only; their stack-fog reach still counts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_year: Option<u32>,
    /// Where the defender exposes it, one unit of its kind, never more, is lost from an attack
    /// that owes losses, before the others pay, counting toward the strength owed (ToO 19.3,
    /// T3: one ship against a fortress). Not when units of its kind attack alone (19.2).
    #[serde(default)]
    pub one_lost_first: bool,
    /// Each attack it supports spends supply units (ToO 34: artillery corps); it supports none
    /// without them.
    #[serde(default)]
    pub spends: Option<SupportSpend>,
}

/// The supply units an attack with a support unit spends (ToO 34): `count` units of `unit_type`
/// of its side within `range` hexes of it (the nearest first, then by their order), or
/// `with_attack_supply` if an attacking unit is within range of a unit spent for attack supply
/// (15.7). The spent units leave play at once and do nothing else.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SupportSpend {
    pub unit_type: String,
    pub range: u32,
    pub count: u32,
    pub with_attack_supply: u32,
    /// The rule, for the log ("34").
    #[serde(default)]
    pub rule: Option<String>,
}

fn one_point() -> u32 {
    1
}

fn default_class() -> String {
    "foot".to_string()
}

/// Printed factors on one side or level of a counter.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Factors {
    pub attack: u32,
    pub defense: u32,
    pub movement: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum Strength {
    /// Step-reduction units: factors for each remaining step count, full strength first.
    Steps(Vec<Factors>),
    /// Level units (Decision: Iraq): factors for levels `lowest..`, lowest first.
    Levels { lowest: u32, factors: Vec<Factors> },
}

impl Strength {
    /// Number of steps or levels the counter can show.
    #[must_use]
    pub fn count(&self) -> usize {
        match self {
            Strength::Steps(f) => f.len(),
            Strength::Levels { factors, .. } => factors.len(),
        }
    }
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
pub enum NatoSymbol {
    Infantry,
    Armor,
    Mechanized,
    Motorized,
    Recon,
    Artillery,
    AntiTank,
    Marine,
    Militia,
    SpecialForces,
    Airmobile,
    Headquarters,
    Base,
    Air,
    Naval,
    Irregular,
    /// Supply units (ToO 15: spent for forced marches and attack supply).
    Supply,
    /// Engineers (ToO 16.2: railway engineers build the rail nets).
    Engineer,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
pub enum UnitFlag {
    /// Ignores enemy zones of control when moving.
    Infiltration,
    /// Not a conventional unit (no levels, special combat treatment).
    Unconventional,
    /// Exerts no zone of control.
    NoZoc,
    /// Never moves once placed.
    Static,
    /// May not attack.
    CannotAttack,
    /// Counts as armour for tank support and scoring.
    Tank,
    AntiTank,
    /// Mechanised-type for scoring rules.
    MechType,
    /// Starts face down; the enemy sees a generic counter until it is revealed.
    Hidden,
    /// Its printed attack strength is never multiplied, by attack supply, a concentric attack
    /// or anything else (ToO 19.4: naval bombardment units).
    FixedStrength,
    /// A fortress (ToO 12): with `rules.fortress_multiplier` the other units defending in its
    /// hex are multiplied (when nothing multiplies them more); its own defence never is.
    Fortress,
    /// Retreats into and through enemy zones of control at no cost where
    /// `rules.retreat.enemy_zoc` charges one (ToO 22.3: guerrillas).
    RetreatsThroughZoc,
    /// Moves, attacks, retreats and pursues only along its side's rail net (ToO 16.4: armoured
    /// trains): each step along a railway into a hex of the net; it attacks only a hex joined
    /// to its own by a railway.
    RailBound,
    /// Counts as faster than any other unit in a speed test (ToO 12 MD: armoured trains).
    Fastest,
    /// Attacks only by itself, never with another unit (ToO 28.4: the Bolshevik corps).
    AttacksAlone,
    /// Never shares a hex with another unit (ToO 28.4: the Bolshevik corps): no move, retreat,
    /// pursuit, advance, landing, placement or set-up ends with it and another unit in one hex.
    /// Checked on entry, also where the limits hold only at phase ends.
    StacksAlone,
}

/// How many counters of a type (and level) exist.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CounterMixEntry {
    pub unit_type: String,
    /// For level units: counters printed with this level on one face; none = any.
    #[serde(default)]
    pub level: Option<u32>,
    pub count: u32,
}

/// Initial placements.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Fixed placements of named counters.
    #[serde(default)]
    pub units: Vec<UnitPlacement>,
    /// "Place N of X in any of these spaces": the owner places them with commands.
    #[serde(default)]
    pub groups: Vec<SetupGroup>,
    /// Changes made when an option is on (a scenario variant's set-up, DI 27.13-27.15).
    #[serde(default)]
    pub by_option: Vec<OptionSetup>,
}

/// Set-up changes of an option: track starting values, more units and groups, smaller groups.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OptionSetup {
    pub option: String,
    /// (track, starting value).
    #[serde(default)]
    pub tracks: Vec<(String, i32)>,
    #[serde(default)]
    pub units: Vec<UnitPlacement>,
    #[serde(default)]
    pub groups: Vec<SetupGroup>,
    /// (group id, units fewer).
    #[serde(default)]
    pub remove: Vec<(String, u32)>,
    /// The game ends after this turn instead of the last label (ToO 35 is the first seven
    /// turns of the campaign, 37).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_turn: Option<String>,
    /// The game begins at this turn instead of the first label (ToO 36 begins in 1917 I).
    /// Turn numbers count from it; the scenario may then have no turn-numbered data
    /// (reinforcements, timers, declarations, chits added on a turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_turn: Option<String>,
    /// The scenario's own set-up (units and groups) is dropped: the option's replaces it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub replace_setup: bool,
    /// Who holds what when the game begins, after the map's (later entries win).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub initial_control: Vec<super::schema_map::ControlDef>,
    /// Event table entries that happened before the game begins (ToO 36.6), as in
    /// `rules.events.happened`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub happened: Vec<(String, String)>,
    /// Tags hexes carry from the start, as if built (ToO 36.4: ports).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<(String, Vec<String>)>,
    /// Railways built before the game begins (ToO 36.3-36.4 railheads): chains of adjacent
    /// hexes, each link a railway of the net of the side holding its hexes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rail: Vec<Vec<String>>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UnitPlacement {
    /// Stable unit id (printed designation).
    pub id: String,
    pub unit_type: String,
    /// Space: a hex `CCRR`, an area space id, `space/slot`, or an off-map box id.
    pub at: String,
    /// Steps lost (step units) or level (level units); default full strength / lowest level.
    #[serde(default)]
    pub level: Option<u32>,
    #[serde(default)]
    pub hidden: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SetupGroup {
    pub id: String,
    pub side: String,
    pub unit_type: String,
    #[serde(default)]
    pub level: Option<u32>,
    pub count: u32,
    /// Spaces where the group may be placed.
    #[serde(default)]
    pub spaces: Vec<String>,
    /// Every hex of these regions too (ToO 35: "anywhere in Persia"); the loader adds them to
    /// `spaces`, in board order, before the scenario is checked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<String>,
    /// At most this many of the group in one space.
    #[serde(default)]
    pub max_per_space: Option<u32>,
    /// The unit may only go where a unit of the side of one of these types already stands
    /// (DI 3.2: an IG militia in a district holding an MNF SOF).
    #[serde(default)]
    pub with_units: Vec<String>,
    /// A ready-made placement, one space per unit, that a player may take instead of placing
    /// the group by hand.
    #[serde(default)]
    pub default: Vec<String>,
}

/// Units that enter on a given turn.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Reinforcement {
    /// Game turn (1-based).
    pub turn: u32,
    pub side: String,
    pub units: Vec<ReinforcementUnit>,
    /// Spaces where they may enter.
    pub entry: Vec<String>,
    /// Draw this many of the units at random when their turn begins; the rest never enter
    /// (OD: "5 of 6 R units"; tutorial 5.4: 2 of 3 from the reserve cup). None = all enter.
    #[serde(default)]
    pub draw: Option<u32>,
    /// The units enter face down.
    #[serde(default)]
    pub hidden: bool,
    /// The units arrive only once this declaration is made (tutorial 5.7.9, the landing
    /// waves), from the game turn of the declaration on; `turn` is then the earliest turn.
    #[serde(default)]
    pub declaration: Option<String>,
    /// Phase (id) in which they enter; none = the side's Reinforcement phases. Entering in a
    /// reserve-only phase makes the unit a reserve unit that does not count against the cap.
    #[serde(default)]
    pub phase: Option<String>,
    /// MP the unit has spent by entering (tutorial 5.7.9: wave 2 moves with MA - 1).
    #[serde(default)]
    pub entry_mp: u32,
    /// The entry space must be controlled by the side. Default false.
    #[serde(default)]
    pub needs_control: bool,
    /// The units may not move in the game turn they enter (they may attack). Default false.
    #[serde(default)]
    pub no_move_on_entry: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ReinforcementUnit {
    pub id: String,
    pub unit_type: String,
    #[serde(default)]
    pub level: Option<u32>,
}

/// A list of strings written as a list, or as one string for a list of one (`unit_type:
/// "supply"` where `unit_types: ["ott_supply", "all_supply"]` is also allowed).
pub fn one_or_many<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct V;
    impl<'de> serde::de::Visitor<'de> for V {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a string or a list of strings")
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
            Ok(vec![v.to_string()])
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut out = Vec::new();
            while let Some(v) = seq.next_element::<String>()? {
                out.push(v);
            }
            Ok(out)
        }
    }
    d.deserialize_any(V)
}
