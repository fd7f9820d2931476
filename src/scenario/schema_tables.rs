//! Tables part of the scenario format: combat results tables, event tables, chit pools and
//! cost charts. Result codes map to typed effects; nothing here is parsed from prose.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    #[serde(default)]
    pub crts: Vec<CrtDef>,
    #[serde(default)]
    pub events: Vec<EventTableDef>,
    #[serde(default)]
    pub costs: Vec<CostChart>,
}

/// Dice and how they are read.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum DiceSpec {
    /// One six-sided die, 1-6.
    D6,
    /// Sum of two dice, 2-12.
    TwoD6,
    /// Two dice read as tens and ones, 11-66.
    D66,
}

impl DiceSpec {
    /// Every value the dice can show, in ascending order.
    #[must_use]
    pub fn outcomes(self) -> Vec<u32> {
        match self {
            DiceSpec::D6 => (1..=6).collect(),
            DiceSpec::TwoD6 => (2..=12).collect(),
            DiceSpec::D66 => (1..=6).flat_map(|t| (1..=6).map(move |o| t * 10 + o)).collect(),
        }
    }

    /// Probability of one outcome, in 36ths (exact).
    #[must_use]
    pub fn weight_36(self, value: u32) -> u32 {
        match self {
            DiceSpec::D6 => 6,
            DiceSpec::D66 => 1,
            DiceSpec::TwoD6 => 6 - (7i64 - i64::from(value)).unsigned_abs() as u32,
        }
    }
}

/// A combat results table.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CrtDef {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub rule: Option<String>,
    pub index: CrtIndex,
    /// Column headings on the ladder of `index`: `"1:2"`, `"3:1"` (odds), `"-2"`, `"+3"`
    /// (differential), `"150"` (minimum percentage of the column).
    pub columns: Vec<String>,
    /// Labels printed on the table, when they differ from `columns` (`"<1-1"`).
    #[serde(default)]
    pub labels: Vec<String>,
    pub dice: DiceSpec,
    /// One row per die value; each holds one result code per column.
    pub rows: Vec<CrtRow>,
    /// Raw values at or below this heading are prohibited (checked before shifts).
    #[serde(default)]
    pub prohibited_at_or_below: Option<String>,
    /// Result codes and their effects.
    pub results: Vec<ResultDef>,
    /// Spaces this table may never be used against (ToO 25.2: the Onslaught table against the
    /// holy cities).
    #[serde(default)]
    pub banned_targets: Vec<String>,
    /// The headings and the prohibited value as ladder values, read once ([`CrtDef::ladder`]).
    #[serde(skip)]
    pub parsed: ParsedOnce<CrtLadder>,
}

/// The ladder values of a table's headings (those that parse: the validator reports the
/// others) and of its prohibited heading.
#[derive(Clone, Debug, Default)]
pub struct CrtLadder {
    pub heads: Vec<i64>,
    pub prohibited: Option<i64>,
}

impl CrtDef {
    /// The headings on the table's ladder: parsed on first use, not at every attack.
    #[must_use]
    pub fn ladder(&self) -> &CrtLadder {
        self.parsed.0.get_or_init(|| CrtLadder {
            heads: self.columns.iter().filter_map(|c| super::headings::parse_heading(self.index, c)).collect(),
            prohibited: self.prohibited_at_or_below.as_deref().and_then(|p| super::headings::parse_heading(self.index, p)),
        })
    }
}

/// A value worked out from the rest of its struct on first use: no part of what the struct
/// means (always equal), never written to a file.
#[derive(Clone, Debug, Default)]
pub struct ParsedOnce<T>(pub std::sync::OnceLock<T>);

impl<T> PartialEq for ParsedOnce<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// How attack and defence strengths pick a column. Rounding always favours the defender.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum CrtIndex {
    Odds,
    Differential,
    Percentage,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CrtRow {
    pub roll: u32,
    pub results: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ResultDef {
    pub code: String,
    #[serde(default)]
    pub name: String,
    pub effects: Vec<CombatEffect>,
}

/// Which side of a combat an effect applies to.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Party {
    Attacker,
    Defender,
}

/// Typed effect of a combat result.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum CombatEffect {
    /// Loss points the owner pays in steps (and, where the ruleset allows, retreat hexes).
    LossPoints { party: Party, points: u32 },
    /// Steps that must be lost.
    Steps { party: Party, steps: u32 },
    /// The whole stack retreats this many hexes.
    Retreat { party: Party, hexes: u32 },
    /// Both sides lose; the side with the smaller strength loses all, the other as much.
    Exchange,
    /// Eliminate this percentage of the party's units (rounded up).
    EliminatePercent { party: Party, percent: u32 },
    /// Eliminate this many of the party's units, whole, the owner's choice (ToO 12: AA, DA).
    EliminateUnits { party: Party, count: u32 },
    /// Lose units (steps) worth at least half the party's printed strength, rounded up: attack
    /// for the attacker, defence for the defender; the owner's choice (ToO 12: AD, DD, BB).
    HalfStrength { party: Party },
    /// A rout (ToO 12, AT/DT): every unit of the party that is not a composite is eliminated,
    /// every composite is broken down (`rules.reorganisation`; one that may not, or whose
    /// components are not free, stays whole), and each survivor rolls 1d6 and retreats that
    /// many hexes.
    Rout { party: Party },
    /// The party's surviving units may pursue (`rules.pursuit`, ToO 14): into the hex the
    /// other party held (the defender's hex; after an attacker's rout, a hex an attacker left),
    /// then on up to their pursuit distance; with `combat`, they may then attack again on their
    /// own (ToO 14.5: DC, DD, DT).
    Pursuit { party: Party, combat: bool },
    /// The result `faster` applies if every defending unit's printed movement allowance is
    /// greater than that of the fastest attacking unit, else `otherwise` (ToO 12: MD gives DW
    /// or BA). Both name other results of the same table.
    SpeedTest { faster: String, otherwise: String },
    /// Change the level of all or half of the party's units.
    Level { party: Party, portion: Portion, delta: i32 },
    /// The party's side gains points (own value, or subtracts the enemy's), times `multiplier`.
    Points { party: Party, multiplier: u32 },
    NoEffect,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Portion {
    All,
    Half,
}

/// An event table rolled on with dice.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EventTableDef {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub side: Option<String>,
    pub dice: DiceSpec,
    pub entries: Vec<EventEntry>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EventEntry {
    /// Inclusive range of dice values.
    pub rolls: (u32, u32),
    pub name: String,
    #[serde(default)]
    pub effects: Vec<EventEffect>,
    /// The event happens only while every one of these holds; rolled before, it is no event
    /// (ToO 6.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub when: Vec<Condition>,
    /// The event happens at most once a game; rolled again, it is no event. A roll whose `when`
    /// fails does not use it up (ToO 6.2, A14). Default false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub once: bool,
}

/// An amount: fixed or rolled.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum Amount {
    Fixed(i32),
    /// Roll this many d6 and add them.
    Dice(u32),
    /// Minus the sum of this many d6.
    MinusDice(u32),
    /// The sum of this many d6, halved, rounded up (ToO 6.3 Pro-Turkish Revolt).
    HalfDice(u32),
    /// The sum of this many d6, times `odd` if it is odd and `even` if it is even (ToO 6.3
    /// Political Crisis: odd added, even subtracted: `(odd: 1, even: -1)`).
    ByParity { dice: u32, odd: i32, even: i32 },
}

/// Typed effect of an event (table entry or chit).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum EventEffect {
    /// The side looks inside every enemy stack until the end of the phase (ToO 6.3-6.4
    /// Intelligence Leak, 26 Intelligence; with `rules.stack_fog`).
    LookInsideStacks,
    /// Add to a track, respecting its floor and cap; `min` keeps it from going lower.
    AdjustTrack { track: String, amount: Amount, #[serde(default)] min: Option<i32> },
    /// Draw chits from a pool into the side's hand.
    DrawChits { pool: String, count: u32 },
    /// One more marker for a combat support (tutorial 5.8: N5 extra barrage, N1, U7).
    AddSupport { support: String, count: u32 },
    /// Extra interdiction markers in the current (or next) interdiction placement (5.8 U5).
    ExtraMarkers { count: u32 },
    /// Reaction target: one of these bridges (road hexsides, `(north bank, south bank)`) with
    /// a unit of the owner in or next to its second hex no longer ignores the hexside (5.8 U2).
    DemolishBridge { bridges: Vec<(String, String)> },
    /// Reaction target: an enemy unit with at most `max_steps` steps left and defence at most
    /// `max_defense`, next to a unit of the owner, is eliminated (revealed first) (5.8 N7).
    EliminateUnit { max_steps: u32, max_defense: u32 },
    /// A forced operation (tutorial 5.8 N2, U3); see [`ObligationDef`].
    Obligation(Box<ObligationDef>),
    /// After a combat: one surviving attacker loses a step, chosen by the attacker; a unit with
    /// `flag` if any unit with it attacked (5.8 U1: a tank if a tank attacked).
    AttackerLosesStep { flag: Option<super::schema::UnitFlag> },
    /// The first listed unit that is in play and has a step to lose loses one (tutorial 5.7.9:
    /// interception hits a wave-1 unit; the units listed are identical at that moment).
    ReduceUnit { units: Vec<String> },
    /// The effects apply only if every condition holds; with `side: Enemy`, for the other side
    /// that plays, which then chooses, places, withdraws or is restricted as they say (ToO 6.4:
    /// an event of one side that binds the other; 6.3: a check that makes the side behind
    /// withdraw). Conditions are read before the side changes.
    If {
        #[serde(default)]
        when: Vec<Condition>,
        then: Vec<EventEffect>,
        #[serde(default, skip_serializing_if = "is_own")]
        side: super::schema_withdrawal::Whose,
    },
    /// An attack quota (ToO 6.3 Forced Offensive): before the end of the side's next combat
    /// phase it must make at least `count` attacks on table `table` (any, if none), each with an
    /// attacking unit of one of `unit_types` (any, if empty) of one of `sizes` (any, if empty);
    /// else `penalty` applies then.
    AttackQuota {
        count: u32,
        #[serde(default)]
        table: Option<String>,
        #[serde(default)]
        unit_types: Vec<String>,
        #[serde(default)]
        sizes: Vec<String>,
        penalty: Vec<EventEffect>,
    },
    /// A roll on a small table of its own: the entry whose range holds the roll applies (ToO
    /// 6.3 Afghanistan Expedition: 1-2 success, 3-5 nothing, 6 fiasco).
    Roll { dice: DiceSpec, entries: Vec<EventEntry> },
    /// The effects of a named entry of an event table, as if it had been rolled (ToO 35.6: the
    /// Forced Offensive applies on turn 1 without a roll).
    TableEntry { table: String, entry: String },
    /// Procedure implemented by the ruleset plugin under this name.
    Ruleset { handler: String },
    /// An effect in the ruleset's own format (its section of the file format), kept as written:
    /// the ruleset reads and checks it when the scenario loads, and its systems apply it.
    RulesetEffect(Box<ron::value::RawValue>),
    NoEffect,
    // Variants are added at the end: a state hash reads a variant by its place.
    /// The side chooses one of the options whose conditions hold, and its effects apply (ToO
    /// 6.3 Miracle / Sandstorm, 26.3 Subversion, 6.4 Emergency Reinforcements). With no option
    /// open, nothing happens.
    ChooseOne { options: Vec<EffectOption> },
    /// Units of these types on the map pass to the side (`Own`) or to its enemy (ToO 6.3-6.4
    /// Bolshevik Alliance, 26.3 Subversion).
    ChangeSides { unit_types: Vec<String>, #[serde(default)] to: super::schema_withdrawal::Whose },
    /// A restriction on the side until the game turn ends (ToO 6.3-6.4).
    Restrict(super::schema_restrictions::Restriction),
    /// A restriction on the side for the rest of the game (ToO 28.2: no more Russian units
    /// may be bought).
    RestrictForGood(super::schema_restrictions::Restriction),
    /// Every unit of the side on the map that `units` counts leaves play: withdrawn (to the
    /// counter pool where there is one), or out of play for good with `permanently`; with
    /// `roll`, each rolls and leaves only on a result in the range (ToO 28.2: the Russian naval
    /// units and the Grand Duke go; each other Russian unit rolls 1d6, 1-3 withdrawn; 28.3).
    UnitsLeave {
        #[serde(default)]
        units: super::schema_withdrawal::UnitFilter,
        #[serde(default)]
        roll: Option<(DiceSpec, (u32, u32))>,
        #[serde(default)]
        permanently: bool,
    },
    /// The side receives units free, placed where it may (ToO 6.3, 7.7, 7.8).
    Receive(Box<super::schema_purchases::ReceiveDef>),
    /// The side withdraws units of its own, its choice, up to a quota (ToO 7.10).
    Withdraw(Box<super::schema_withdrawal::WithdrawalDef>),
}

/// One option of a `ChooseOne` effect.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EffectOption {
    pub name: String,
    /// Offered only while every one of these holds (26.3: Wassmuss "if not already in play").
    #[serde(default)]
    pub when: Vec<Condition>,
    #[serde(default)]
    pub effects: Vec<EventEffect>,
}

/// A cup of chits.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ChitPool {
    pub id: String,
    pub name: String,
    /// Owner; the contents of an owner's hand are hidden from the other side.
    #[serde(default)]
    pub side: Option<String>,
    pub chits: Vec<ChitDef>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ChitDef {
    pub id: String,
    pub name: String,
    #[serde(default = "one")]
    pub count: u32,
    /// Game turn on which the chit goes into the cup (1 = at setup).
    #[serde(default = "one")]
    pub added_on_turn: u32,
    pub mode: ChitMode,
    #[serde(default)]
    pub effects: Vec<EventEffect>,
    #[serde(default)]
    pub rule: Option<String>,
    /// When drawn: "no event" if any of these holds (the chit is discarded unused).
    #[serde(default)]
    pub no_event: Vec<Condition>,
    /// Held chits: phases (ids) in which the owner may play it; empty = any of its own phases.
    #[serde(default)]
    pub play_in: Vec<String>,
    /// Held chits: playable only while all of these hold.
    #[serde(default)]
    pub playable_if: Vec<Condition>,
    /// Held chits played in the enemy's turn: the owner is offered the chit at these moments
    /// and only then (tutorial 5.8: U1, U2, U5, N7).
    #[serde(default)]
    pub reaction: Option<ReactionWindow>,
    /// Immediate chits: kept face down when drawn and resolved when the owner's next regular
    /// movement phase begins (tutorial 5.8: N2, U3). Default false.
    #[serde(default)]
    pub reveal_at_movement: bool,
}

/// A forced operation (tutorial 5.8 N2, U3): when it is revealed the owner either names the
/// units that comply or opts out at the listed cost. Named units must end this movement phase
/// where `end` says (if they can), and attack as `attack` says.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ObligationDef {
    /// The space the operation is about (Harle, Ferrow).
    pub target: String,
    pub units: ObligationUnits,
    pub end: ObligationEnd,
    #[serde(default)]
    pub attack: ObligationAttack,
    /// Named units may end their moves out of supply (an exception to `MayNotEndMoveUnsupplied`).
    #[serde(default)]
    pub may_end_unsupplied: bool,
    /// Repeat at every later regular movement phase of the owner until one of these holds;
    /// none = this movement phase only.
    #[serde(default)]
    pub repeat_until: Option<Vec<Condition>>,
    /// What opting out costs (it ends the obligation); empty = no opt-out.
    #[serde(default)]
    pub opt_out: Vec<EventEffect>,
}

/// Which units the owner must name.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum ObligationUnits {
    /// Units worth at least `min_steps` steps, from units more than `beyond` hexes from the
    /// target, of which at least `flagged.1` steps of units with `flagged.0` if there are so
    /// many (N2).
    Steps { min_steps: u32, beyond: u32, flagged: Option<(super::schema::UnitFlag, u32)> },
    /// At least `min_units` units within `within` hexes of the target; if fewer can comply the
    /// chit is void (U3).
    Units { min_units: u32, within: u32 },
}

/// Where named units must end the movement phase (if they can reach such a hex).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum ObligationEnd {
    /// Closer to the target, and as close as any hex they can reach in supply (N2).
    ClosestInSupply,
    /// Next to the target, or next to an enemy unit that is next to the target (U3).
    NextToTargetOrItsAttackers,
}

/// What named units must attack.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub enum ObligationAttack {
    #[default]
    Nothing,
    /// Named units next to the target must attack it if it holds enemy units (N2).
    TargetIfAdjacent,
    /// Named units must attack at least one enemy hex in or next to the target and may attack
    /// nothing else this player turn (U3).
    OnlyNearTarget,
}

/// When a held reaction chit is offered to its owner.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum ReactionWindow {
    /// When an enemy movement phase begins, before its interdiction markers are placed;
    /// `breakthrough`: breakthrough movement phases too.
    EnemyMovementStart { breakthrough: bool },
    /// During an enemy regular movement phase: when it begins and after each enemy move.
    EnemyMovement,
    /// After a combat in which the owner defended a hex of one of these terrains (ids).
    AfterDefence { terrains: Vec<String> },
}

/// A condition on the game state, for event windows and "no event" clauses.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum Condition {
    /// Game turn (1-based) at least / at most.
    TurnAtLeast(u32),
    TurnAtMost(u32),
    /// The game turn falls in this season (a season id of the calendar).
    Season(String),
    /// The game turn's year is at least / at most this one (the calendar's).
    YearAtLeast(u32),
    YearAtMost(u32),
    Track { track: String, when: super::schema::Comparison },
    Controls { side: String, space: String },
    NotControls { side: String, space: String },
    /// The declaration has been made (in this game turn or an earlier one).
    Declared(String),
    /// The answer to a declaration (its response id) was taken.
    Responded(String),
    /// The side has units in every listed space.
    Occupies { side: String, spaces: Vec<String> },
    /// The unit has been eliminated.
    Eliminated(String),
    /// The timed objective (siege) has ended, by falling or by relief.
    TimerEnded(String),
    /// The optional rule is on / off in this game.
    OptionOn(String),
    OptionOff(String),
    /// An expression compared with another (ToO 6.3 Morale Check: one side has at least 26 VP
    /// more than the other, `Sum([Track("a"), Neg(Track("b"))]) Ge Const(26)`).
    Expr { left: super::schema::Expr, op: super::schema::CompareOp, right: super::schema::Expr },
    /// The entry (by name) of the event table has happened in this game, or the scenario lists
    /// it as happened before it began (`rules.events.happened`; ToO 6.2, 36.6).
    Happened { table: String, entry: String },
    /// At least one of the conditions holds (ToO 23.2: an event happened, or the enemy has
    /// held one of certain hexes).
    Any(Vec<Condition>),
    /// A unit of one of these types stands alone, with no other unit, in a hex of one of these
    /// regions (ToO 6.4 Balfour Declaration: a pro-Allied guerrilla alone in Syria, A15).
    Alone { unit_types: Vec<String>, regions: Vec<String> },
    /// A unit of one of these types is on the map (ToO 26.3: Wassmuss "if not already in play",
    /// with `Not`).
    OnMap(Vec<String>),
    /// The condition does not hold.
    Not(Box<Condition>),
}

fn one() -> u32 {
    1
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum ChitMode {
    /// Resolved when drawn.
    Immediate,
    /// Kept face down in the hand and played later.
    Held,
}

/// A cost chart (mobilization, purchases).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CostChart {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub side: Option<String>,
    pub entries: Vec<CostEntry>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CostEntry {
    pub item: String,
    pub cost: i32,
    #[serde(default)]
    pub unit_type: Option<String>,
    #[serde(default)]
    pub level: Option<u32>,
}

fn is_own(w: &super::schema_withdrawal::Whose) -> bool {
    *w == super::schema_withdrawal::Whose::Own
}
