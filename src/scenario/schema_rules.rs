//! Rule parameters of the generic rulesets: which variant of a common mechanic a game uses.
//! Every field has the default written next to it, so a scenario states only what differs.

use serde::{Deserialize, Serialize};

use super::schema_rules_area::{AttritionRules, ControlIncome, EntryBan, InitiativeRules, OccupationIncome, RegionBound};

/// Parameters of the generic rules.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RulesConfig {
    #[serde(default)]
    pub zoc: ZocRules,
    #[serde(default)]
    pub losses: LossRules,
    /// How units retreat (ToO 13); the defaults are the tutorial's.
    #[serde(default)]
    pub retreat: super::schema_retreat::RetreatRules,
    /// Pursuit after combat (ToO 14), where a result allows it; none = no pursuit.
    #[serde(default)]
    pub pursuit: Option<super::schema_retreat::PursuitRules>,
    /// Stack fog of war (ToO 10.8): a player sees only the top unit of each enemy stack; none
    /// = every stack is open.
    #[serde(default)]
    pub stack_fog: Option<StackFog>,
    /// Supply; none = every unit is always in supply.
    #[serde(default)]
    pub supply: Option<SupplyRules>,
    /// Overrun during movement; none = no overruns.
    #[serde(default)]
    pub overrun: Option<OverrunRules>,
    /// Breakthrough reserve designation; none = no reserves.
    #[serde(default)]
    pub reserve: Option<ReserveRules>,
    /// Phase-scoped interdiction markers; none = no interdiction.
    #[serde(default)]
    pub interdiction: Option<InterdictionRules>,
    /// Strategic movement along a road class; none = no strategic movement.
    #[serde(default)]
    pub strategic: Option<StrategicRules>,
    /// Concentric attack (ToO 12.2): when the attacking units and their zones of control
    /// cover every hex around the defender, the attack strength is multiplied; none = never.
    #[serde(default)]
    pub concentric_attack: Option<ConcentricRules>,
    /// Rail movement along each side's own rail net (ToO 9.8); none = no rail moves.
    #[serde(default)]
    pub rail_movement: Option<RailMoveRules>,
    /// Forced march by spending a unit; none = no forced march.
    #[serde(default)]
    pub forced_march: Option<SupplySpending>,
    /// Every counter of the mix exists: those not set up and not scheduled wait in the pool,
    /// free to enter by breakdown or combination (ToO 8). Default false.
    #[serde(default)]
    pub counter_pool: bool,
    /// Composite units and their components (ToO 8: corps and divisions), broken down and
    /// combined in the owner's Reorganisation phases.
    #[serde(default)]
    pub reorganisation: Vec<Formation>,
    /// Scenario scripting (ToO 35.6, 36.6): what happens at the start of given phases of given
    /// turns instead of, or besides, their usual rolls.
    #[serde(default)]
    pub scripted: Vec<ScriptedPhase>,
    /// Attack supply spent at the start of the combat phase (ToO 15.7-15.9, "Maximum Attack
    /// Supply"); none = no attack supply.
    #[serde(default)]
    pub attack_supply: Option<SupplySpending>,
    /// ToO 12: the units defending with a unit flagged `Fortress` are multiplied by this when
    /// terrain or a hexside does not multiply them more (never the fortress itself, and never
    /// added to another multiplier); none: fortresses multiply nothing.
    #[serde(default)]
    pub fortress_multiplier: Option<u32>,
    /// Hexes with one of these tags give their defenders no terrain or hexside multiplier; a
    /// fortress still multiplies (ToO 25.1: Mecca, Medina, Jerusalem). Default empty.
    #[serde(default)]
    pub no_terrain_defence: Vec<String>,
    /// The most a unit's attack strength may be multiplied by all causes together (ToO 12.2:
    /// attack supply ×2 and a concentric attack ×2 give ×3, never ×4); none = no cap.
    #[serde(default)]
    pub attack_multiplier_cap: Option<u32>,
    /// What happens in Event phases; none = no Event phases.
    #[serde(default)]
    pub events: Option<EventRules>,
    /// Units bought with track points in Mobilization phases (ToO 7.2-7.9); none = none.
    #[serde(default)]
    pub purchases: Option<super::schema_purchases::PurchaseRules>,
    /// What sides may build by spending units (ToO 29: ports).
    #[serde(default)]
    pub constructions: Vec<super::schema_purchases::Construction>,
    /// Rolls on tables a side may buy with track points (ToO 26: psychological warfare).
    #[serde(default)]
    pub bought_rolls: Vec<super::schema_purchases::BoughtRoll>,
    /// One-time declarations a side may make at the start of given game turns.
    #[serde(default)]
    pub declarations: Vec<DeclarationDef>,
    /// Kinds of attack the attacker may declare as it attacks (ToO 31.4).
    #[serde(default)]
    pub attack_declarations: Vec<super::schema_declared::AttackDeclaration>,
    /// Units that may not attack while a track condition holds (tutorial 5.7.11: militia may
    /// not attack while URL <= 8).
    #[serde(default)]
    pub attack_bans: Vec<AttackBan>,
    /// Combat supports a side commits to its attacks (barrage, air support).
    #[serde(default)]
    pub supports: Vec<SupportDef>,
    /// Line-crossing scores, made in the side's Scoring phases.
    #[serde(default)]
    pub lines: Vec<LineScore>,
    /// Track changes when units are eliminated.
    #[serde(default)]
    pub elimination_scores: Vec<EliminationScore>,
    /// Only the first of `elimination_scores` that matches a unit counts (ToO 30.3: a corps
    /// -11, an HQ -7, any other unit -5, supply units nothing). Default false: every match adds.
    #[serde(default)]
    pub elimination_first_match: bool,
    /// Timed objectives such as sieges, rolled at the end of every game turn.
    #[serde(default)]
    pub timers: Vec<TimerObjective>,
    /// Track changes for controlling given spaces (applied when control changes hands).
    #[serde(default)]
    pub control_scores: Vec<ControlScore>,
    /// What units set off by moving across region boundaries (ToO 22.3: a guerrilla rolls, 1-3
    /// eliminated). Default empty.
    #[serde(default)]
    pub region_crossings: Vec<super::schema_restrictions::RegionCrossing>,
    /// Units carried by sea transports between coastal hexes (ToO 20; engine gap G26); none =
    /// no sea moves.
    #[serde(default)]
    pub sea_moves: Option<super::schema_sea::SeaMoveRules>,
    /// Contingents that never leave their regions (sugar for entry bans on every other space).
    #[serde(default)]
    pub region_bound: Vec<RegionBound>,
    /// Points every occupied space yields in each Scoring phase (ToO 5.2, 5.3).
    #[serde(default)]
    pub occupation_income: Vec<OccupationIncome>,
    /// Points every controlled space yields in each Scoring phase (DI 18.4).
    #[serde(default)]
    pub control_income: Vec<ControlIncome>,
    /// Spaces a contingent may not enter (DI 13.7 Movement Restriction Chart).
    #[serde(default)]
    pub entry_bans: Vec<EntryBan>,
    /// Attrition outside the owner's control, in the side's Supply phases (DI 19).
    #[serde(default)]
    pub attrition: Option<AttritionRules>,
    /// Who chooses the first player at the start of each game turn (DI 10).
    #[serde(default)]
    pub initiative: Option<InitiativeRules>,
    /// Area maps: units fight enemies in their own space, not adjacent ones; open enemies
    /// first, by all open units together, then those in slots (DI 14.1-14.4, 15.1). Default false.
    #[serde(default)]
    pub combat_in_space: bool,
    /// Hex maps: a unit that has not moved yet this phase may always move one hex by spending
    /// all its MP, where the other movement rules allow the step (ToO 9.4). Area maps always
    /// allow one district (DI 13.5). Default false.
    #[serde(default)]
    pub minimum_move: bool,
    /// The track changes of one effect list (an event, a table result) are added together
    /// before the floor and cap apply (ToO 5.7: +4 and -3 at 100 give 100, not 97). Default
    /// false: each change is held within the floor and cap in turn.
    #[serde(default)]
    pub net_track_changes: bool,
    /// A unit's move ends for the phase when another unit of its side moves (ToO 9.3: once a
    /// unit has finished moving it may not move again); until then it may go on, a step at a
    /// time, while MP remain. Default false: a unit may move again while MP remain.
    #[serde(default)]
    pub move_ends_when_another_moves: bool,
    /// Stacking limits are checked only when a phase of these kinds ends, whichever side's it
    /// is (ToO 10.3: the end of every Movement and Combat Phase): units move, enter and pass
    /// through over the limit, and the owner of a hex over it then eliminates the excess, a unit
    /// at a time, his choice. Setup still obeys the limits; a retreat may end over them (ToO
    /// 13.2(4)), where `retreat.least_harm` avoids it if it can. Default empty: every move and
    /// entry must fit.
    #[serde(default)]
    pub stacking_checked_at_end_of: Vec<super::schema::PhaseKind>,
    /// What a hex entered along a road costs, as a fraction of a movement point (ToO 9.7:
    /// `Some((1, 2))`, half a point, whatever the hex's terrain). Movement points are then
    /// counted in parts of one (halves). Default none: a road hex costs 1.
    #[serde(default)]
    pub road_mp: Option<(u32, u32)>,
    /// A face-down unit is revealed for good when an enemy unit ends a move next to it
    /// (tutorial 5.6, OD 12.3). It is always revealed when it moves, attacks or is attacked.
    /// Default false.
    #[serde(default)]
    pub reveal_when_enemy_ends_adjacent: bool,
}

/// Event phases: the acting side (every side, first player first, when the phase has no actor)
/// draws chits from its own cups and rolls on its event tables.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EventRules {
    /// Chits drawn from each of the side's cups per Event phase. Default 1.
    #[serde(default = "one")]
    pub draws: u32,
    /// (side, event table id): tables rolled in the side's Event phases.
    #[serde(default)]
    pub tables: Vec<(String, String)>,
    /// (event table id, entry name): events that happened before the scenario begins (ToO
    /// 36.6: the Balkan Campaign), for once-only events and `Happened` conditions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub happened: Vec<(String, String)>,
}

fn one() -> u32 {
    1
}

/// Strategic movement (tutorial 5.7.1, HW 1.2): a unit that starts in supply and not in an
/// enemy ZOC moves only along roads of `road` class at `hexes_per_mp` hexes per MP, never into a
/// hex adjacent to an enemy unit, and makes no other move that phase. Not in reserve phases.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StrategicRules {
    pub road: RoadClassRef,
    /// Default 2 (half an MP a hex).
    #[serde(default = "two")]
    pub hexes_per_mp: u32,
}

/// Concentric attack (ToO 12.2).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ConcentricRules {
    /// Default 2.
    #[serde(default = "two")]
    pub multiplier: u32,
}

/// Rail movement (ToO 9.8, 9.9): a unit in supply when the movement phase began pays `cost_mp`,
/// then runs up to `max_hexes` along railways (`road`) of its side's net at no further cost;
/// once a phase, before or after its other movement; entering an enemy zone of control ends
/// it. A side's net is the railway in the hexes it held at the start of the scenario.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RailMoveRules {
    /// Default 1.
    #[serde(default = "one_mp")]
    pub cost_mp: u32,
    pub max_hexes: u32,
    /// Default `Rail`.
    #[serde(default = "rail_class")]
    pub road: RoadClassRef,
    /// Railway engineers (ToO 16.2): units of these types extend their side's net in their
    /// Movement phase (command `BuildRail`). Default empty: the nets never change.
    #[serde(default)]
    pub engineers: Vec<String>,
    /// The roads a new railway may follow into a hex (ToO 16.2: any road hex); an enemy rail
    /// hex may always be converted. Default `[Road]`.
    #[serde(default = "road_only")]
    pub build_along: Vec<RoadClassRef>,
}

fn road_only() -> Vec<RoadClassRef> {
    vec![RoadClassRef::Road]
}

fn one_mp() -> u32 {
    1
}

fn rail_class() -> RoadClassRef {
    RoadClassRef::Rail
}

/// Offensive supply spent for one use (ToO 15.7): a unit of `unit_type` is spent, and its
/// effect reaches the side's units within `range` hexes of it, multiplied by `multiplier`; never
/// while one of `forbidden_if` holds (ToO 24.2: winter).
///
/// - Forced march (`rules.forced_march`): at the start of its regular movement phase a side
///   spends one unit, which leaves play; every unit in range that began the phase in supply
///   moves with `multiplier` times its allowance this phase.
/// - Attack supply (`rules.attack_supply`, "Maximum Attack Supply", 15.8-15.9): at the start of
///   its combat phase, before any attack, a side spends any number of units that did not move
///   in the phase just before; each stays on the map until the phase ends, then leaves play;
///   every attacking unit in range attacks with `multiplier` times its strength (units flagged
///   `FixedStrength` never).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SupplySpending {
    /// The types that may be spent (one per side in ToO); `unit_type: "supply"` is read as a
    /// list of one.
    #[serde(alias = "unit_type", deserialize_with = "super::schema_units::one_or_many")]
    pub unit_types: Vec<String>,
    pub range: u32,
    /// Default 2.
    #[serde(default = "two")]
    pub multiplier: u32,
    #[serde(default)]
    pub forbidden_if: Vec<super::schema_tables::Condition>,
}

/// A composite unit type and what it is made of (ToO 8, the reorganisation table).
/// Breakdown: the unit goes to the pool and counters of its components from the pool take its
/// place (never a consumed unit: 8.2). Combination: components in one hex (and in supply where
/// the scenario traces supply, 8.3) go to the pool, with a unit of `consumes` if named (8.5:
/// an expeditionary corps uses up a supply unit, which leaves play), and a counter of
/// `unit_type` from the pool takes their place.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Formation {
    pub unit_type: String,
    /// (component unit type, how many).
    pub components: Vec<(String, u32)>,
    #[serde(default)]
    pub consumes: Option<String>,
    /// Whether the unit may be broken down (ToO 28: one corps never is). Default true.
    #[serde(default = "yes")]
    pub breaks_down: bool,
    /// The unit is formed only while every condition holds (ToO 23.2: a unit formed from a
    /// given year, once its event has happened or the enemy has held one of certain hexes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub when: Vec<super::schema_tables::Condition>,
}

/// A scripted phase (ToO 35.6, 36.6: on a scenario's first turn a side rolls no event and a
/// named event applies instead). At the start of phase `phase` of turn `turn` (its label),
/// `effects` apply for the phase's actor (the first side if none), before anything else the
/// phase does.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ScriptedPhase {
    pub turn: String,
    pub phase: String,
    /// The phase's event draws and table rolls are not made.
    #[serde(default)]
    pub no_roll: bool,
    /// The phase does not happen that turn (ToO 36.7: one side's player turn of the first
    /// game turn is skipped).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skip: bool,
    /// Only while this option is on (a scenario played as a variant of another: ToO 36).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<String>,
    #[serde(default)]
    pub effects: Vec<super::schema_tables::EventEffect>,
    /// The scenario rule, for the log ("35.6").
    #[serde(default)]
    pub rule: Option<String>,
}

/// Air interdiction (tutorial 5.7.6, HW 1.6): when a movement phase of `against` begins,
/// `side` places markers on road hexes free of `against`'s units. In a marked hex the road does
/// not exist, for movement and for supply connectivity. Markers go at the end of that phase.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct InterdictionRules {
    pub side: String,
    pub against: String,
    /// Markers per phase: the first entry whose condition holds.
    pub counts: Vec<MarkerCount>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MarkerCount {
    pub count: u32,
    #[serde(default)]
    pub when: Option<(String, super::schema::Comparison)>,
}

/// A one-time declaration (tutorial 5.7.9, HW 1.9: the landing): at the start of each game turn
/// in `turns` the side is asked whether it declares, unless a `forbidden_if` condition holds.
/// Declaring can make the side first player for the rest of the game, and switches on the phases
/// tagged with this declaration for that game turn.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DeclarationDef {
    pub id: String,
    pub name: String,
    pub side: String,
    pub turns: (u32, u32),
    #[serde(default)]
    pub forbidden_if: Vec<super::schema_tables::Condition>,
    #[serde(default)]
    pub becomes_first_player: bool,
    #[serde(default)]
    pub effects: Vec<super::schema_tables::EventEffect>,
    #[serde(default)]
    pub rule: Option<String>,
    /// After the declaration, another side may answer it once (tutorial 5.7.9: the Coastal
    /// Flotilla's interception).
    #[serde(default)]
    pub response: Option<DeclarationResponse>,
    /// Offered when the side's own phase of this kind begins (DI 24.1: at the start of its own
    /// player turn) instead of when the game turn begins.
    #[serde(default)]
    pub own_phase: Option<super::schema::PhaseKind>,
}

/// An answer to a declaration: if `side` takes it, `effects` apply and, if given, `table` (an
/// event table) is rolled.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DeclarationResponse {
    pub id: String,
    pub name: String,
    pub side: String,
    #[serde(default)]
    pub effects: Vec<super::schema_tables::EventEffect>,
    #[serde(default)]
    pub table: Option<String>,
    #[serde(default)]
    pub rule: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AttackBan {
    pub unit_type: String,
    pub when: (String, super::schema::Comparison),
}

/// A combat support (tutorial 5.7.7-5.7.8): committed to one attack by naming it in the
/// `Attack` command. Consumable markers (`markers`) or a use limit per player turn, an optional
/// unit that must be within range of the defender and in supply, and its effect.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SupportDef {
    pub id: String,
    pub name: String,
    pub side: String,
    /// Markers at the start; each use spends one. None = not consumed.
    #[serde(default)]
    pub markers: Option<u32>,
    /// Uses per player turn of the side. None = no limit.
    #[serde(default)]
    pub per_player_turn: Option<u32>,
    /// A unit of this type must be within `range` hexes of the defender, in supply.
    #[serde(default)]
    pub needs_unit: Option<(String, u32)>,
    /// May be used in an overrun. Default false.
    #[serde(default)]
    pub in_overrun: bool,
    /// The defender must be in one of these spaces; empty = anywhere (tutorial 5.8 U7: naval
    /// gunfire reaches hexes at range 1 or less from the coast).
    #[serde(default)]
    pub targets: Vec<String>,
    pub effect: SupportEffect,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum SupportEffect {
    /// Column shifts (positive = right), applied before the clamp.
    Shift(i32),
    /// Extra defender steps if the defender's result was at least one point (steps only).
    ExtraDefenderSteps(u32),
}

/// Line crossing (tutorial 5.9, HW 20.2): in each Scoring phase of `side`, every unit of that
/// side (with `flag`, if given, and in supply if `requires_supply`) standing beyond the line for
/// the first time scores `points` on `track`. A unit that has scored and ends a later Scoring
/// phase back behind the line gives `reverse_points` to `reverse_track` (once per unit).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LineScore {
    pub id: String,
    pub side: String,
    /// Beyond the line: printed rows in this range (inclusive).
    pub rows: (u32, u32),
    #[serde(default)]
    pub flag: Option<super::schema::UnitFlag>,
    #[serde(default = "yes")]
    pub requires_supply: bool,
    pub track: String,
    pub points: i32,
    #[serde(default)]
    pub reverse_track: Option<String>,
    #[serde(default)]
    pub reverse_points: i32,
}

/// When a unit of `side` (with `flag`, if given) is eliminated, `track` changes by `amount`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EliminationScore {
    pub side: String,
    #[serde(default)]
    pub flag: Option<super::schema::UnitFlag>,
    /// Only units of these types (empty: any).
    #[serde(default)]
    pub unit_types: Vec<String>,
    /// Only units of these sizes, as the unit types give them ("XXX": ToO corps; empty: any).
    #[serde(default)]
    pub sizes: Vec<String>,
    pub track: String,
    pub amount: i32,
}

/// A siege or other timed objective (tutorial 5.7.10, SCW 16.1): an information marker in a
/// space. In each End-of-Turn phase while it holds, `roller` rolls; with `modifier_if_absent`
/// added when no unit of `roller` is in the space, it falls if the result is at most this turn's
/// entry of `falls_on_or_below` (none: no roll that turn). It is relieved the first time a unit
/// of `relief_side` that is in supply stands in the space. Either ends it for good.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TimerObjective {
    pub id: String,
    pub name: String,
    pub space: String,
    pub roller: String,
    pub dice: super::schema::DiceSpec,
    #[serde(default)]
    pub modifier_if_absent: i32,
    pub falls_on_or_below: Vec<Option<u32>>,
    #[serde(default)]
    pub on_fall: Vec<super::schema::EventEffect>,
    pub relief_side: String,
    #[serde(default)]
    pub on_relief: Vec<super::schema::EventEffect>,
}

/// While `side` controls `space`, `track` is changed by `amount` (reversed when it loses the
/// space, unless `once`: then it scores the first time only). Tutorial 5.7.11 and 5.9.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ControlScore {
    pub space: String,
    pub side: String,
    pub track: String,
    pub amount: i32,
    #[serde(default)]
    pub once: bool,
}

/// Breakthrough reserve (tutorial 5.7.4, HW 1.4): at the start of its movement phase (one whose
/// units are `NonReserve`) a side may mark units as reserve; they act only in `Reserve` phases.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ReserveRules {
    /// Most units each side may hold in reserve; the first entry of a side whose condition holds
    /// applies (a side with no entry may not designate reserves).
    pub caps: Vec<ReserveCap>,
    /// Only units in supply at the start of the phase may become reserve. Default true.
    #[serde(default = "yes")]
    pub requires_supply: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ReserveCap {
    pub side: String,
    pub count: u32,
    /// Applies only while this track comparison holds.
    #[serde(default)]
    pub when: Option<(String, super::schema::Comparison)>,
}

/// Overrun during movement (tutorial 5.7.3, HW 1.3).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OverrunRules {
    /// MP on top of the cost of entering the target hex. Default 3.
    #[serde(default = "three")]
    pub extra_mp: u32,
    /// Largest stack that may overrun. Default 2.
    #[serde(default = "two")]
    pub max_units: u32,
    /// Refused from a hex in the ZOC of this many different enemy-occupied hexes. Default 2.
    #[serde(default = "two")]
    pub forbidden_from_zocs: u32,
    /// Units that overran may not attack in the combat phase that follows. Default true.
    #[serde(default = "yes")]
    pub no_attack_after: bool,
}

fn two() -> u32 {
    2
}

fn three() -> u32 {
    3
}

/// Supply: sources, an optional network they feed, the trace from a unit, and what being out
/// of supply does at each moment it is checked (tutorial 5.7.5, HW 1.6).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SupplyRules {
    pub sources: Vec<SupplySource>,
    /// Road classes that carry supply from the sources; empty = units trace to a source itself.
    #[serde(default)]
    pub network: Vec<RoadClassRef>,
    /// Network hexes must be controlled by the side. Default true.
    #[serde(default = "yes")]
    pub network_requires_control: bool,
    /// Longest trace from a unit to the network (or a source), in MP of the unit's class.
    pub trace_mp: u32,
    /// Count the trace in hexes instead of MP (every enterable hex is 1). Default false.
    #[serde(default)]
    pub trace_in_hexes: bool,
    /// An enemy ZOC blocks supply unless a friendly unit occupies the hex. Default true.
    #[serde(default = "yes")]
    pub zoc_blocks_unless_friendly: bool,
    /// What happens to units out of supply, and when.
    pub effects: Vec<SupplyEffect>,
    /// Units that are supply sources (ToO 15.2): every hex within `range` hexes of one counts
    /// as connected, by a line that enemy units and closed terrain block and that an enemy
    /// zone of control stops (it may end in one, never pass through). Default empty.
    #[serde(default)]
    pub unit_sources: Vec<UnitSource>,
    /// Units in supply without a trace (ToO 15.3). Default empty.
    #[serde(default)]
    pub local: Vec<LocalSupply>,
    /// Unit types always in supply (ToO 15.9: supply units, ships, Lawrence). Default empty.
    #[serde(default)]
    pub always: Vec<String>,
    /// Unit types that never block a supply line (ToO 22.3: guerrillas). Default empty.
    #[serde(default)]
    pub not_blocking: Vec<String>,
    /// The movement class whose terrain costs a line from a unit source obeys (ToO 38.0: lava
    /// passes supply only along roads, a `RoadOnly` cost); none: the source unit's own class.
    #[serde(default)]
    pub line_class: Option<String>,
}

/// Stack fog of war (ToO 10.8, 18.8). The top unit of a stack is its unit of most stacking
/// points, first by id [D] (the printed game lets the owner order his stacks). Every stack in a
/// combat is open to both players from the roll on, for the rest of the phase [I].
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct StackFog {
    /// Units of these types let their side look inside every enemy stack within the range
    /// (ToO 18.8: air bases, air reconnaissance). Default empty.
    #[serde(default)]
    pub look_from: Vec<(String, u32)>,
}

/// Units of these types are supply sources with this range in hexes (ToO 15.2).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct UnitSource {
    pub unit_types: Vec<String>,
    pub range: u32,
}

/// Supply a unit has where it stands, without a trace (ToO 15.3).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum LocalSupply {
    /// Units stacked with a friendly unit of this flag (ToO 15.3(b), 15.9: a fortress supplies
    /// the units in its hex, never outside it).
    WithFlag(super::schema::UnitFlag),
    /// A hex worth 1 VP or more supplies units worth up to its VP in stacking points, whole
    /// units first by id (ToO 15.3(c), T10). [D] the owner's choice of which units is not
    /// asked; the alternative, a prompt, would change nothing where the units are alike.
    ObjectiveVp,
}

/// A road class named in supply rules (mirrors the map's `RoadClass`).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum RoadClassRef {
    Road,
    FirstClass,
    Rail,
}

impl RoadClassRef {
    /// The map's road class of the same name.
    #[must_use]
    pub fn class(self) -> super::schema::RoadClass {
        use super::schema::RoadClass;
        match self {
            Self::Road => RoadClass::Road,
            Self::FirstClass => RoadClass::FirstClass,
            Self::Rail => RoadClass::Rail,
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SupplySource {
    pub side: String,
    /// Hexes or off-map boxes. A unit in a source space is in supply.
    pub spaces: Vec<String>,
    /// Supplies at most this many units that trace to it (first by unit id) and does not feed
    /// the network. None = unlimited, feeds the network.
    #[serde(default)]
    pub capacity: Option<u32>,
    /// Works only while the side controls the space. Default true.
    #[serde(default = "yes")]
    pub needs_control: bool,
    /// A marker source (tutorial 5.7.9, the Beachhead): it appears in the space of `spaces`
    /// where the first of these units enters, and is removed for good when an enemy unit enters
    /// its space. Empty = the spaces themselves are sources.
    #[serde(default)]
    pub marker_with: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum SupplyEffect {
    /// Checked at the start of the side's movement phases: movement allowance halved (round up).
    HalveMovement,
    /// Checked when a combat is resolved: the out-of-supply attackers' strength is halved
    /// (their total rounded down).
    HalveAttack,
    /// Checked in the side's Supply phases: each unit out of supply loses one step.
    LoseStep,
    /// Units of these sides may not end a move out of supply (passing through is allowed).
    MayNotEndMoveUnsupplied { sides: Vec<String> },
    /// Checked in the side's Supply phases: each unit out of supply rolls a `die` as many times
    /// as its hex's terrain and the season call for (`checks`), and a roll of at most
    /// `eliminated_at_most` eliminates it (ToO 15.6 and 38.0: 1d6, 1-3).
    DiceAttrition { die: u32, eliminated_at_most: u32, checks: Vec<AttritionChecks> },
}

/// How many attrition rolls a unit out of supply makes in one terrain (ToO 38.0). For a unit, the
/// entries of its terrain that name its type count, or (none naming it) those that name no
/// type; of those, the first whose seasons include the turn's.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct AttritionChecks {
    pub terrain: String,
    /// The seasons it holds in (`turns.seasons`); empty: every turn.
    #[serde(default)]
    pub seasons: Vec<String>,
    pub checks: u32,
    /// Only for these unit types; empty: for the types no entry of the terrain names.
    #[serde(default)]
    pub unit_types: Vec<String>,
}

/// Zones of control.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ZocRules {
    /// Units with at least this attack factor exert a ZOC (units flagged `NoZoc` never do).
    /// Default 0: every unit.
    #[serde(default)]
    pub min_attack: u32,
    /// Entering an enemy ZOC hex ends the move. Default true.
    #[serde(default = "yes")]
    pub stop_on_entry: bool,
    /// Moving directly from one enemy-ZOC hex to another. Default `Allowed`.
    #[serde(default)]
    pub zoc_to_zoc: ZocToZoc,
    /// Extra MP to leave an enemy-ZOC hex. Default 0.
    #[serde(default)]
    pub exit_cost: u32,
    /// A friendly unit in a hex cancels the enemy ZOC there for retreats. Default true.
    #[serde(default = "yes")]
    pub friendly_negates_for_retreat: bool,
    /// Hex maps: units flagged `Infiltration` need not stop in an enemy ZOC; leaving one costs
    /// them this many MP on top of the terrain, out of the zone or straight into another (ToO
    /// 31.2, optional). None (default): they ignore enemy zones of control altogether.
    #[serde(default)]
    pub infiltration_mp: Option<u32>,
}

impl Default for ZocRules {
    fn default() -> Self {
        Self {
            min_attack: 0,
            stop_on_entry: true,
            zoc_to_zoc: ZocToZoc::Allowed,
            exit_cost: 0,
            friendly_negates_for_retreat: true,
            infiltration_mp: None,
        }
    }
}

#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub enum ZocToZoc {
    #[default]
    Allowed,
    Forbidden,
    /// Allowed at this many extra MP.
    Cost(u32),
}

/// How combat losses are paid.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LossRules {
    /// Loss points may be paid by retreating, one point per hex, up to this many hexes
    /// (0: losses are steps only). Default 0.
    #[serde(default)]
    pub max_retreat_hexes: u32,
    /// If the attacker pays any loss by retreating, the defender suffers nothing. Default false.
    #[serde(default)]
    pub attacker_retreat_cancels_defender: bool,
    /// A retreat that ends overstacked goes on, hex by hex, until it is not (the extra hexes
    /// absorb nothing); otherwise an overstacked retreat is illegal. Default true.
    #[serde(default = "yes")]
    pub overstacked_retreat_continues: bool,
    /// Extra defender steps when an attacker with the `Tank` flag attacks a stack with no `Tank`
    /// or `AntiTank` unit, if the defender's result was at least one point. Default 0.
    #[serde(default)]
    pub tank_support_steps: u32,
    /// Attackers may advance into a vacated defender's hex (ignoring ZOC, up to stacking).
    /// Default false.
    #[serde(default)]
    pub advance_after_combat: bool,
}

impl Default for LossRules {
    fn default() -> Self {
        Self {
            max_retreat_hexes: 0,
            attacker_retreat_cancels_defender: false,
            overstacked_retreat_continues: true,
            tank_support_steps: 0,
            advance_after_combat: false,
        }
    }
}

fn yes() -> bool {
    true
}
