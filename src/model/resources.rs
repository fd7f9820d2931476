//! Game-state resources: the scenario, turn and phase, tracks, control, chit pools, prompts.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use bevy::prelude::{Entity, Resource};
use serde::{Deserialize, Serialize};

use crate::scenario::board::{Board, SpaceId};
use crate::scenario::schema::{PhaseActor, PhaseDef, Scenario};
use crate::model::command::Command;
use crate::model::prompt::Prompt;

/// The scenario being played, its compiled board, the options chosen and the ruleset that plays
/// it (read-only).
#[derive(Resource, Clone, Debug)]
pub struct Game {
    pub scenario: Arc<Scenario>,
    pub board: Arc<Board>,
    pub options: BTreeSet<String>,
    /// The game's procedures where they differ from the generic rules (`model::ruleset`).
    pub ruleset: Arc<dyn super::ruleset::Ruleset>,
    /// What the rules look up often, by index (`model::lookups`).
    pub lookups: Arc<super::lookups::Lookups>,
}

impl Game {
    #[must_use]
    pub fn side_index(&self, id: &str) -> Option<usize> {
        self.scenario.sides.iter().position(|s| s.id == id)
    }

    #[must_use]
    pub fn side_id(&self, i: usize) -> &str {
        self.scenario.sides.get(i).map_or("?", |s| s.id.as_str())
    }

    #[must_use]
    pub fn option(&self, id: &str) -> bool {
        self.options.contains(id)
    }

    /// Side index of a unit type (through its contingent).
    #[must_use]
    pub fn type_side(&self, type_index: usize) -> Option<usize> {
        let t = self.scenario.unit_types.get(type_index)?;
        let side = self
            .scenario
            .contingents
            .iter()
            .find(|c| c.id == t.contingent)
            .map_or(t.contingent.as_str(), |c| c.side.as_str());
        self.side_index(side)
    }

    #[must_use]
    pub fn track_index(&self, id: &str) -> Option<usize> {
        self.scenario.tracks.iter().position(|t| t.id == id)
    }
}

/// Turn, phase and who plays first.
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TurnState {
    /// 0-based index into the turn track.
    pub turn: usize,
    /// 0-based index into the phase sequence.
    pub phase: usize,
    /// Side index of the first player.
    pub first_side: usize,
    /// Before turn 1: the side (index) placing its setup groups.
    pub setup: Option<usize>,
    /// Spaces attacked in this phase (each defending space at most once).
    pub attacked: BTreeSet<SpaceId>,
    /// Set when the game has ended.
    pub result: Option<GameResult>,
    /// Declarations made: id -> game turn index.
    pub declared: BTreeMap<String, usize>,
    /// Declarations already offered: (id, game turn index).
    pub offered: BTreeSet<(String, usize)>,
    /// Answers to declarations that were taken (response ids).
    #[serde(default)]
    pub responded: BTreeSet<String>,
    /// The game turn whose initiative has been decided.
    #[serde(default)]
    pub initiative_done: Option<usize>,
    /// DI 20.5 ISR: districts where this phase's attacker may use the Kinetic table against
    /// units in boxes.
    #[serde(default)]
    pub isr: BTreeSet<SpaceId>,
    /// DI 27.7: districts where this phase's attacker coordinates its attack in groups, and the
    /// enemy units attacked there so far.
    #[serde(default)]
    pub coordinated: BTreeSet<SpaceId>,
    #[serde(default)]
    pub attacked_units: BTreeSet<String>,
    /// DI 14.4: the district whose conflicts are being fought, and those finished this phase.
    #[serde(default)]
    pub conflict_district: Option<SpaceId>,
    #[serde(default)]
    pub done_districts: BTreeSet<SpaceId>,
    /// Sides that look inside every enemy stack until the phase ends (`LookInsideStacks`).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub looking: BTreeSet<usize>,
    /// Attack quotas in force (ToO 6.3 Forced Offensive: `AttackQuota`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub quotas: Vec<Quota>,
    /// A pursuit combat on offer (ToO 14.5): the exemptions its attack has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pursuit: Option<PursuitCombat>,
    /// The phase's actor has given a command in it: kept only where the scenario has bought
    /// rolls, which come before anything else in a phase (ToO 26.1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub phase_acted: bool,
    /// (bought roll, side): the rolls bought this game turn (ToO 26.1: once per player turn).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub rolls_bought: BTreeSet<(usize, usize)>,
    /// Units bought this game turn, for the caps: (side, unit, hex) (ToO 7.4, 7.5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bought: Vec<(usize, String, SpaceId)>,
    /// Counters bought under a once-only price, for the whole game (ToO 7.2, 23.1).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub bought_once: BTreeSet<String>,
    /// Choices of effects waiting for their sides: (side, options, cause), first first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<(usize, Vec<crate::scenario::schema::EffectOption>, String)>,
    /// Units passing to another side, set by effects and applied once their list is done:
    /// (unit, new side, cause) (ToO 6.3 Bolshevik Alliance).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub side_changes: Vec<(String, usize, String)>,
    /// Event table entries that happened in this game: (table, entry) (ToO 6.2).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub happened: BTreeSet<(String, String)>,
    /// Units leaving play, set by effects and moved once their list is done: (unit, for good)
    /// (ToO 28.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaving: Vec<(String, bool)>,
    /// Restrictions in force for the rest of the game: (side, restriction, cause) (ToO 28.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lasting_restrictions: Vec<(usize, crate::scenario::schema::Restriction, String)>,
    /// Restrictions in force until the game turn ends: (side, restriction, cause) (ToO 6.3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restrictions: Vec<(usize, crate::scenario::schema::Restriction, String)>,
    /// Units received and still to place, first first (ToO 7.7).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub receipts: Vec<PendingReceipt>,
    /// Withdrawals waiting for their sides' choices, first first (ToO 7.10).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub withdrawals: Vec<PendingWithdrawal>,
    /// Hexes bombarded by support units alone in this phase (ToO 19.2, A26: not attacked).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub bombarded: BTreeSet<SpaceId>,
    /// Assault landings waiting at sea for their attack (ToO 20.10), first first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub landings: Vec<Landing>,
    /// Units out of action after a use (ToO 23.3): the unit, the game turn (index) it comes
    /// back on, and where it stood once it has left (none until the phase of its use ends).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resting: Vec<(String, usize, Option<SpaceId>)>,
    /// Eliminated units that come back (ToO 23.4, 28.4): the unit, its side, and the game turn
    /// (index) from which its side's Mobilization phase brings it back (`usize::MAX` once it
    /// has been brought back, until it is in play again).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub returning: Vec<(String, usize, usize)>,
}

/// An assault landing at sea (ToO 20.10): the force, its transport, the all-sea hex it waits
/// in and the hex it must attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Landing {
    pub side: usize,
    pub units: Vec<String>,
    pub transport: String,
    pub sea: SpaceId,
    pub target: SpaceId,
}

/// An attack quota in force (`EventEffect::AttackQuota`, ToO 6.3): qualifying attacks are
/// counted as they are rolled; when the side's combat phase ends, a quota not met applies its
/// penalty, and either way it is over.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Quota {
    pub side: usize,
    pub count: u32,
    /// The table's index among the CRTs, if one is named.
    pub table: Option<usize>,
    pub unit_types: Vec<String>,
    pub sizes: Vec<String>,
    pub penalty: Vec<crate::scenario::schema::EventEffect>,
    /// What set it (for the log).
    pub cause: String,
    /// Qualifying attacks made so far.
    pub made: u32,
}

/// Units received free, waiting to be placed one by one (`EventEffect::Receive`, ToO 7.7).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingReceipt {
    pub side: usize,
    /// Units still to place.
    pub left: u32,
    pub def: crate::scenario::schema::ReceiveDef,
    pub cause: String,
    /// The counter drawn at random for the next placement (`random`), once drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawn: Option<String>,
}

/// A withdrawal waiting for its side's choice (`EventEffect::Withdraw`, ToO 7.10), its amount
/// rolled.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingWithdrawal {
    pub side: usize,
    pub amount: u32,
    pub def: crate::scenario::schema::WithdrawalDef,
    pub cause: String,
    /// Answered: whether the quota was met (its effects are still to apply).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub met: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// Victory level id.
    pub level: String,
    pub winner: Option<String>,
    /// Why: "sudden death" or "end of game".
    pub reason: String,
    /// Per-side victory (ToO 30.1): each side and its own level; `level` then joins them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<(String, String)>,
}

impl TurnState {
    /// The phase being played, if the game is past setup and not over.
    #[must_use]
    pub fn current_phase<'a>(&self, game: &'a Game) -> Option<&'a PhaseDef> {
        self.current_phase_in(&game.scenario)
    }

    /// [`TurnState::current_phase`] in the scenario itself (a rule holding the scenario apart
    /// from the game's resource reads the phase from it while it changes other resources).
    #[must_use]
    pub fn current_phase_in<'a>(&self, scenario: &'a crate::scenario::schema::Scenario) -> Option<&'a PhaseDef> {
        if self.setup.is_some() || self.result.is_some() {
            return None;
        }
        scenario.turns.phases.get(self.phase)
    }

    /// Side that must act now: the prompt's side, the side setting up, or the phase's actor.
    #[must_use]
    pub fn acting_side(&self, game: &Game, prompt: Option<&Prompt>) -> Option<usize> {
        if self.result.is_some() {
            return None;
        }
        if let Some(p) = prompt {
            return game.side_index(p.side());
        }
        if let Some(s) = self.setup {
            return Some(s);
        }
        self.current_phase(game).and_then(|p| self.actor(game, p))
    }

    /// The side acting in a phase, if any.
    #[must_use]
    pub fn actor(&self, game: &Game, phase: &PhaseDef) -> Option<usize> {
        let n = game.scenario.sides.len();
        match &phase.actor {
            PhaseActor::First => Some(self.first_side),
            // The next side that plays (a neutral side never does: ToO 28.4).
            PhaseActor::Second => (1..n.max(1)).map(|k| (self.first_side + k) % n).find(|&s| !game.scenario.sides[s].neutral).or(Some(self.first_side)),
            PhaseActor::Side(id) => game.side_index(id),
            PhaseActor::Nobody => None,
        }
    }
}

/// Values of the point tracks, in scenario order.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tracks(pub Vec<i32>);

/// Map state that changes in play: control of every space (index by `SpaceId`) and markers.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Control {
    /// Controlling side of every space.
    pub owner: Vec<Option<usize>>,
    /// Spaces where a phase-scoped interdiction marker removes the road (tutorial 5.7.6).
    pub interdicted: Vec<bool>,
    /// Marker supply sources (index into `rules.supply.sources`): where the marker stands, or
    /// `None` once it is removed for good. Absent = not placed yet (tutorial 5.7.9 Beachhead).
    pub source_markers: BTreeMap<usize, Option<SpaceId>>,
    /// Road hexsides whose bridge is demolished: the road no longer ignores the hexside's cost
    /// (tutorial 5.8, U2). Each pair is sorted.
    pub demolished: BTreeSet<(SpaceId, SpaceId)>,
    /// Extra interdiction markers for the next placement (tutorial 5.8 U5).
    pub extra_markers: u32,
    /// The season of the game turn (index into `turns.seasons`), set when the turn begins: the
    /// ground it makes changes movement costs (G3; ToO 24.2). `None` without a calendar.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub season: Option<usize>,
    /// The calendar year of the game turn, set when the turn begins, where a unit type gains a
    /// flag from a year on (ToO 31.1); `None` in every other game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub year: Option<u32>,
    /// The side whose rail net each space is part of, where engineers change the nets (ToO
    /// 16.2); empty otherwise, when the printed nets stand (`Lookups::rail_net`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rail_owner: Vec<Option<usize>>,
    /// Railway links built by engineers, each pair sorted (ToO 16.2).
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub rail_built: BTreeSet<(SpaceId, SpaceId)>,
    /// Tags hexes gained in play, as if printed (ToO 29: ports built).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub built_tags: BTreeSet<(SpaceId, String)>,
}

/// Who controls every space when the scenario begins (`map.initial_control` rows and hexes; an
/// area's `control`).
#[must_use]
pub fn initial_owners(s: &crate::scenario::schema::Scenario, board: &crate::scenario::board::Board) -> Vec<Option<usize>> {
    use crate::scenario::board::SpaceKind;
    use crate::scenario::schema::Map;
    let side_index = |id: &str| s.sides.iter().position(|x| x.id == id);
    let mut owner = vec![None; board.len()];
    match &s.map {
        Map::Hex(m) => {
            for c in &m.initial_control {
                let side = side_index(&c.side);
                for (i, sp) in board.spaces.iter().enumerate() {
                    if let (SpaceKind::Hex { row, .. }, Some((a, b))) = (&sp.kind, c.rows)
                        && (a..=b).contains(row)
                    {
                        owner[i] = side;
                    }
                }
                // Rows, then regions, then the hexes around a hex, then single hexes: each
                // entry over the ones before it.
                for (i, sp) in board.spaces.iter().enumerate() {
                    if sp.region.as_ref().is_some_and(|r| c.regions.contains(r)) {
                        owner[i] = side;
                    }
                }
                for (centre, radius) in &c.around {
                    let Some(centre) = board.space(centre) else { continue };
                    for (i, o) in owner.iter_mut().enumerate() {
                        let id = crate::scenario::board::SpaceId(u32::try_from(i).unwrap_or(u32::MAX));
                        if board.distance(centre, id).is_some_and(|d| d <= *radius) {
                            *o = side;
                        }
                    }
                }
                for h in &c.hexes {
                    if let Some(id) = board.space(h) {
                        owner[id.index()] = side;
                    }
                }
            }
        }
        Map::Area(m) => {
            for sp in &m.spaces {
                if let (Some(c), Some(id)) = (&sp.control, board.space(&sp.id)) {
                    owner[id.index()] = side_index(c);
                }
            }
        }
    }
    owner
}

/// The season of game turn `turn` (an index into `turns.seasons`), if the game has a calendar.
#[must_use]
pub fn season_of(game: &Game, turn: usize) -> Option<usize> {
    let s = &game.scenario.turns;
    let date = s.calendar.get(turn)?;
    s.seasons.iter().position(|x| x.id == date.season)
}

/// The calendar year of game turn `turn`, where some unit type's flags depend on it (ToO 31.1).
#[must_use]
pub fn flag_year_of(game: &Game, turn: usize) -> Option<u32> {
    if !game.scenario.unit_types.iter().any(|t| !t.flags_from_year.is_empty()) {
        return None;
    }
    game.scenario.turns.calendar.get(turn).map(|d| d.year)
}

/// Chit cups and hands.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pools {
    /// Chits in each cup (pool order), sorted by id so the order never leaks draws.
    pub cups: Vec<Vec<String>>,
    /// Chits in each side's hand.
    pub hands: Vec<Vec<String>>,
    /// Last game turn (1-based) whose chits have gone into the cups.
    pub added_through: u32,
    /// Drawn chits kept face down until the owner's next movement phase: (side, chit).
    #[serde(default)]
    pub face_down: Vec<(usize, String)>,
}

/// A decision the rules are waiting for.
#[derive(Resource, Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct PendingPrompt(pub Option<Prompt>);

/// A combat waiting for its owners to choose losses, and the last combat whose losses are over
/// (for reactions after a combat, tutorial 5.8 U1).
#[derive(Resource, Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct PendingCombat(pub Option<CombatInProgress>, pub Option<FinishedCombat>);

/// A combat whose losses are over: the defended space, the attackers and the defending side.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FinishedCombat {
    pub target: SpaceId,
    pub attackers: Vec<String>,
    pub defender: usize,
    /// The result let the attacker pursue (ToO 14; 20.10: a landing force lands).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub attacker_pursues: bool,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct CombatInProgress {
    pub target: SpaceId,
    pub attackers: Vec<String>,
    pub defenders: Vec<String>,
    /// Loss points owed by the attacker and the defender (steps, or retreat hexes where allowed).
    pub attacker_points: u32,
    pub defender_points: u32,
    /// Extra defender steps from support (tank support), paid as steps only.
    pub support_steps: u32,
    /// What each party (attacker, defender) owes besides loss points: whole units, strength
    /// (exchange) and forced retreat hexes.
    pub owed: [Owed; 2],
    pub stage: CombatStage,
    /// The attacker paid some of its loss by retreating.
    pub attacker_retreated: bool,
    /// An overrun: the stack and the MP it pays; it enters the hex if the defender leaves it.
    pub overrun: Option<(Vec<String>, u32)>,
    /// Units that share the results but never retreat or advance (ToO 12.13: support units
    /// the defender exposes; 19.2: everyone in a bombardment).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub no_retreat: Vec<String>,
    /// A rout's survivors and the hexes each rolled to retreat (ToO 12, AT/DT), asked of their
    /// owner before anything else of that party's losses.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dice_retreats: Vec<(String, u32)>,
    /// The result lets a party pursue once its losses are paid (ToO 14).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pursuit: Option<PursuitGrant>,
    /// The attack's declaration (`rules.attack_declarations`; ToO 31.4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declared: Option<usize>,
}

/// A pursuit a combat result allows (ToO 14): who pursues, into which hexes first, whether a
/// pursuit combat may follow, and what of the attack it keeps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PursuitGrant {
    /// The pursuing side.
    pub side: usize,
    /// The units that may pursue (the party's surviving units of the combat).
    pub units: Vec<String>,
    /// The first hex of a pursuit is one of these (14.1: the defender's hex; after the
    /// attacker's rout, a hex an attacker left).
    pub first: Vec<SpaceId>,
    /// A pursuit combat may follow the move (14.5: DC, DD, DT).
    pub combat: bool,
    /// The attack's support units: they may join the pursuit combat if in range (14.6).
    pub supports: Vec<String>,
    /// The attackers that had attack supply: they keep it in the pursuit combat (14.6).
    pub supplied: Vec<String>,
    /// Units that pursue farther than their own distance, with their hexes (ToO 31.4(b)).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub farther: Vec<(String, u32)>,
    /// The attack's declaration (its id), carried into the pursuit combat (ToO 31.4 [I]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared: Option<String>,
}

/// A pursuit combat on offer (ToO 14.5-14.6): the pursuing units may attack again on their own,
/// with the original supports and attack supply, whatever this phase's attacks so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PursuitCombat {
    pub side: usize,
    /// The units that pursued, and the original supports.
    pub units: Vec<String>,
    pub supports: Vec<String>,
    pub supplied: Vec<String>,
    /// The attack's declaration (its id), which the pursuit combat carries too (ToO 31.4 [I]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared: Option<String>,
}

/// Results other than loss points that a party owes (CRT `Retreat`, `EliminatePercent`,
/// `Exchange`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Owed {
    /// Whole units to eliminate, the owner's choice.
    pub units: u32,
    /// Strength to lose in steps, the owner's choice (each step worth the drop in the factor
    /// the party fights with); all its steps if it has less.
    pub strength: u32,
    /// Hexes the whole stack must retreat (paid together with the loss points).
    pub retreat: u32,
}

/// The ordered loss pipeline (tutorial 5.7.7): attacker first, then defender, then support
/// losses, then advance after combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum CombatStage {
    Attacker,
    Defender,
    Support,
    Advance,
}

/// Stable id -> entity (never saved). Looked up only, never walked in order: a hash map (a
/// fixed hasher, the same on every run), which rules look up by id several times per command.
#[derive(Resource, Clone, Debug, Default)]
pub struct UnitIndex(pub bevy::platform::collections::HashMap<String, Entity>);

/// The command being applied, with the side that gave it.
#[derive(Resource, Clone, Debug, Default)]
pub struct CurrentCommand(pub Option<(usize, Command)>);

/// What the rules decided about the current command.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub rejected: Option<String>,
    /// The command rolled dice or revealed hidden information: undo cannot go back over it.
    pub barrier: bool,
    /// A phase ended (save checkpoint).
    pub phase_ended: bool,
    /// A question that held up the end of the phase was answered: the phase may end now.
    pub resume_phase_end: bool,
    /// Stacking was checked at the end of a phase and every hex was within its limit.
    pub stacking_checked: bool,
    /// The move just made, where a rule reads moves across region boundaries: (unit, every
    /// space from where it started to where it stopped).
    pub moved: Option<(String, Vec<SpaceId>)>,
    /// A new phase began in this run (or the game's first, at its first run): its start hooks
    /// run at the PhaseStart stage (`rules::supply::phase_started`).
    pub phase_started: bool,
}

/// Effects of a ruleset's own (`EventEffect` variants the generic rules do not apply) that an
/// event produced, with the side and the cause: the ruleset's systems take them in the same
/// command.
#[derive(Resource, Clone, Debug, Default, serde::Serialize)]
pub struct DeferredEffects(pub Vec<(usize, crate::scenario::schema::EventEffect, String)>);

/// Control changes made by the current command, for scoring.
#[derive(Resource, Clone, Debug, Default, serde::Serialize)]
pub struct ControlChanges(pub Vec<(SpaceId, Option<usize>, usize)>);

/// Puts `r` in the world: written over the one there (a world used again for another game), or
/// inserted. Writing over costs a fraction of inserting again (in Bevy 0.19 a resource is an
/// entity, and inserting one goes through its bundle).
pub fn put_resource<R: Resource + bevy::prelude::Component<Mutability = bevy::ecs::component::Mutable>>(world: &mut bevy::prelude::World, r: R) {
    match world.get_resource_mut::<R>() {
        Some(mut old) => *old = r,
        None => world.insert_resource(r),
    }
}
