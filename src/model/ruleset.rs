//! What a ruleset changes in the generic engine. The generic rules never ask which game is
//! running: where a game's procedure differs they call a hook of the game's [`Ruleset`] (held
//! by [`Game`]), whose default is the generic behaviour, or they leave a [`Mechanism`] to the
//! ruleset's own systems. A ruleset implements this trait in its folder under `src/games/` and
//! overrides only what its rules change.
//!
//! The hooks, in the order a command meets them:
//! - the schedule: [`Ruleset::replaces`] (generic systems switched off) and
//!   [`Ruleset::add_systems`] (its own, in the `RulesSystems` sets);
//! - the world: [`Ruleset::insert_resources`], [`Ruleset::initial_draws`],
//!   [`Ruleset::state_parts`] (its resources, printed and hashed);
//! - the legal list: [`Ruleset::legal_commands`] and [`Ruleset::prompt_answers`];
//! - the rule math: movement ([`Ruleset::movement_boost`], [`Ruleset::filter_destinations`]),
//!   tracks ([`Ruleset::track_factor`], [`Ruleset::control_income`]), combat in a space
//!   ([`Ruleset::required_attackers`], [`Ruleset::blend_in`], [`Ruleset::attack_rejection`],
//!   [`Ruleset::owed_attack`]) and counters ([`Ruleset::counters_from_mix`]).

use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

use bevy::prelude::World;

use super::command::Command;
use super::dice::Dice;
use super::held_blocks::HeldBlocks;
use super::log::GameLog;
use super::prompt::Prompt;
use super::resources::{Control, Game, Pools, Tracks, TurnState};
use super::state_parts::StatePart;
use super::view::{Destination, UnitView, UnitsView};
use crate::scenario::board::SpaceId;

/// A generic mechanism whose systems a ruleset may replace with its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mechanism {
    /// Playing a held chit from the hand (`PlayChit` outside a reaction offer).
    ChitPlay,
    /// Answers to reaction offers (`PlayChit`/`Pass` while a `React` prompt is open).
    Reactions,
    /// Resolving an `Attack` on a combat results table with the generic loss pipeline.
    Attack,
    /// The generic advance after combat (`Advance`).
    AdvanceAfterCombat,
}

/// Where the legal list asks the ruleset for its commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegalStage {
    /// During set-up, after the placements.
    Setup,
    /// The chits the side may play now (only if the ruleset replaces [`Mechanism::ChitPlay`]).
    Chits,
    /// In the current phase, after the generic commands of its kind.
    Phase,
}

/// A ruleset's procedures, as the generic engine sees them. Every method has the generic
/// behaviour as its default.
pub trait Ruleset: Send + Sync + Debug + 'static {
    /// The id the scenario's `ruleset` field names.
    fn id(&self) -> &'static str;

    /// The ruleset itself, for its own systems to reach their data.
    fn as_any(&self) -> &dyn Any;

    /// Whether its own systems take over a generic mechanism.
    fn replaces(&self, _mechanism: Mechanism) -> bool {
        false
    }

    /// Adds its systems to the rules schedule.
    fn add_systems(&self, _rules: &mut super::rules_builder::RulesBuilder) {}

    /// Inserts its resources into a new game's world.
    fn insert_resources(&self, _world: &mut World) {}

    /// Its resources as parts of the printed and hashed state.
    fn state_parts(&self) -> Vec<StatePart> {
        Vec::new()
    }

    /// Chits drawn before play begins (after the units are spawned, with the game's dice).
    fn initial_draws(&self, _game: &Game, _turn: &TurnState, _log: &mut GameLog, _pools: &mut Pools, _dice: &mut Dice) {}

    /// Every counter of the counter mix exists from the start; those not set up wait in the
    /// available pool, where eliminated units return, and a unit changing level exchanges its
    /// counter for a free one of the new level.
    fn counters_from_mix(&self) -> bool {
        false
    }

    /// Adds the ruleset's legal commands for `side` at `stage` to `out`, after the generic ones.
    /// It only adds: the list may hold generic commands apart, at their place, while the
    /// ruleset adds its own (set-up placements, moves, area attacks; `session::legal_list`);
    /// debug builds check it. Generic commands its procedure forbids are kept out by the hooks
    /// the generic list asks (such as [`Ruleset::attacks_confined_to`]).
    fn legal_commands(&self, _world: &World, _units: &UnitsView, _side: usize, _stage: LegalStage, _out: &mut Vec<Command>) {}

    /// [`Ruleset::legal_commands`] in a phase (`LegalStage::Phase`), for a reader that draws
    /// one command (the random player): the ruleset may hold a costly part of its commands
    /// apart, as blocks worked out only when a draw falls on them, and says where in `out`
    /// they are listed. Every block worked out, the list is the one `legal_commands` makes.
    /// By default nothing is held.
    fn held_commands<'w>(&self, world: &'w World, units: &Arc<UnitsView>, side: usize, out: &mut Vec<Command>) -> Option<(usize, HeldBlocks<'w>)> {
        self.legal_commands(world, units, side, LegalStage::Phase, out);
        None
    }

    /// Reads a command of the ruleset's own vocabulary, as a file wrote it.
    fn parse_command(&self, raw: &ron::value::RawValue) -> Result<Command, String> {
        Err(format!("the `{}` ruleset has no command `{}`", self.id(), crate::scenario::files::quote(raw.get_ron().trim())))
    }

    /// The unit a command of the ruleset's own is about, if it is about one (the client lists
    /// it with that unit's actions).
    fn command_unit<'a>(&self, _cmd: &'a super::game_value::GameVal) -> Option<&'a str> {
        None
    }

    /// A number for the kind of a command of the ruleset's own, the same for every command of
    /// that kind (its variant), different for different kinds: commands of one kind run a
    /// rules schedule built for that kind. `None`: every command of the ruleset runs the
    /// schedule of every system.
    fn command_kind(&self, _cmd: &super::game_value::GameVal) -> Option<u64> {
        None
    }

    /// Why a command of the ruleset's own may not be given now (its sequence of play).
    fn sequence_rejection(&self, _game: &Game, _turn: &TurnState, _prompt: Option<&Prompt>, cmd: &super::game_value::GameVal) -> Option<String> {
        Some(format!("the `{}` ruleset has no command `{}`", self.id(), cmd.describe()))
    }

    /// The answers to a prompt of the ruleset's own (`None`: not its prompt).
    fn prompt_answers(&self, _game: &Game, _prompt: &Prompt) -> Option<Vec<Command>> {
        None
    }

    /// What buying a unit of this type costs (the client's purchase list shows it).
    fn purchase_cost(&self, _game: &Game, _unit_type: &str) -> Option<i64> {
        None
    }

    /// A multiplier of the unit's remaining allowance for a move through spaces without open
    /// enemy units (searched besides the ordinary move).
    fn movement_boost(&self, _game: &Game, _units: &UnitsView, _unit: &UnitView) -> Option<u32> {
        None
    }

    /// Drops destinations the ruleset's movement restrictions forbid. It only drops: a unit's
    /// destinations stay within its reach (`rules::reach`), which the legal list relies on.
    fn filter_destinations(&self, _game: &Game, _units: &UnitsView, _unit: &UnitView, _out: &mut Vec<Destination>) {}

    /// What a change of `track` by an event counts for now (a doubling on some turns).
    fn track_factor(&self, _game: &Game, _turn: &TurnState, _track: usize) -> i32 {
        1
    }

    /// Pays a side's control income itself; `false` lets the generic rule add `total` to the
    /// track.
    #[expect(clippy::too_many_arguments, reason = "the state control income reads and writes")]
    fn control_income(&self, _game: &Game, _turn: &TurnState, _control: &Control, _tracks: &mut Tracks, _log: &mut GameLog, _side: usize, _track: usize, _total: i32, _what: &str) -> bool {
        false
    }

    /// The units among `able` that must join an attack on the open enemy units of `space`.
    fn required_attackers(&self, _game: &Game, _units: &UnitsView, _side: usize, _space: SpaceId, able: &[String]) -> Vec<String> {
        able.to_vec()
    }

    /// Whether the side's open units in `space` may attack the enemy units in its slots at once,
    /// with open enemy units still there.
    fn blend_in(&self, _game: &Game, _units: &UnitsView, _side: usize, _space: SpaceId) -> bool {
        false
    }

    /// Why these attackers may not use table `crt` here, if the ruleset forbids it.
    fn attack_rejection(&self, _game: &Game, _turn: &TurnState, _units: &UnitsView, _attackers: &[String], _underground: bool, _crt: usize) -> Option<String> {
        None
    }

    /// An attack the side still owes under the ruleset's procedure before its combat phase may
    /// end, with why.
    fn owed_attack(&self, _game: &Game, _turn: &TurnState, _units: &UnitsView, _side: usize) -> Option<String> {
        None
    }

    /// The one district where the side's area attacks may be made now, where the ruleset's
    /// procedure confines them (DI 14.4: the district under way, while it still owes a
    /// conflict): the legal list lists the attacks of no other district.
    fn attacks_confined_to(&self, _game: &Game, _turn: &TurnState, _units: &UnitsView, _side: usize) -> Option<crate::model::SpaceId> {
        None
    }
}
