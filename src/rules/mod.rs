//! The rules: Bevy systems in dedicated schedules, one run per command by the session driver
//! with the single-threaded executor ([`run`]): each kind of command has a schedule of its own,
//! with the systems every command needs and those of its kind (see `model::rules_builder`).
//! Rule math lives in plain functions beside them.
//!
//! Order of one run (`RulesSystems`): the command is checked against the sequence of play
//! (ApplyCommand), then movement, combat and the phase sequence apply it, then point tracks
//! score control changes, then victory is checked.

use bevy::ecs::schedule::{IntoScheduleConfigs, Schedule, ScheduleLabel, SingleThreadedExecutor, SystemSet};
use bevy::prelude::World;

use crate::model::command::Command;
use crate::model::rules_builder::{CommandKind, RulesBuilder, RulesFor};
use crate::model::CurrentCommand;

pub mod allegiance;
pub mod area_combat;
pub mod area_control;
pub mod attack_declarations;
pub mod attack_supply;
pub mod attrition;
pub mod attrition_rolls;
pub mod bought_rolls;
pub mod bombardment;
pub mod boxes;
pub mod carrying;
pub mod choices;
pub mod combat;
pub mod combat_modifiers;
pub mod constructions;
pub mod crossings;
pub mod crt;
pub mod effect_units;
pub mod declarations;
pub mod entry_bans;
pub mod events;
pub mod fog;
pub mod forced_march;
pub mod initiative;
pub mod interdiction;
pub mod landings;
pub mod levels;
pub mod lines;
pub mod loss_answers;
pub mod losses;
pub mod minimum_move;
pub mod movement;
mod movement_memo;
mod movement_search;
mod surroundings;
pub mod note;
pub mod obligation_rules;
pub mod obligations;
pub mod occupation;
pub mod reserve;
pub mod overrun;
pub mod pending;
pub mod rail;
pub mod rail_building;
pub mod purchases;
pub mod pursuit;
pub mod quotas;
pub mod reach;
pub mod reactions;
pub mod receipts;
pub mod reorganisation;
pub mod restrictions;
pub mod resting;
pub mod returns;
pub mod retreat;
pub mod retreat_costs;
pub mod rout;
pub mod sea_moves;
pub mod sequence;
pub mod setup;
pub mod stacking;
pub mod stacking_check;
pub mod strategic;
pub mod supply;
pub mod supply_memo;
pub mod supply_sources;
mod supply_trace;
pub mod supply_spends;
pub mod support_losses;
pub mod supports;
pub mod timers;
pub mod tracks;
pub mod victory;
pub mod waters;
pub mod withdrawals;

/// The full rules schedule, every system of every command kind (tests inspect it; commands run
/// the schedule of their own kind, see [`run`]).
#[derive(ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules;

/// Ordered stages of one command.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RulesSystems {
    ApplyCommand,
    Movement,
    Combat,
    Sequence,
    PhaseStart,
    Tracks,
    Victory,
}

/// Conditions many systems share, each evaluated once per run for all of its systems (Bevy
/// evaluates a condition given to a system on every run, and one costs about as much as a
/// small system). A set's condition is read when its first system comes: every system of
/// `Accepted` is in the Tracks or Victory stage, after anything that may reject the command.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gate {
    /// A command was given and nothing rejected it.
    Accepted,
}

/// The system that runs the phase-start hooks (`RulesBuilder::at_phase_start`) where a phase
/// began, first in the PhaseStart stage: systems of that stage that must follow the hooks are
/// ordered after this set.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PhaseStartHooks;

/// The resources the generic rules keep: parts of the printed and hashed state (every one, so
/// that a replay cannot drift unnoticed; `session::state` checks the list is complete).
#[must_use]
pub fn state_parts() -> Vec<crate::model::state_parts::StatePart> {
    use crate::model::state_parts::{dice_part, part, units_part};
    use crate::model::{Control, ControlChanges, PendingCombat, PendingPrompt, Pools, Tracks, TurnState};
    vec![
        part::<TurnState>("turn", false),
        part::<Tracks>("tracks", false),
        part::<Control>("control", false),
        // The cups' contents and both hands: no side sees them.
        part::<Pools>("pools", true),
        part::<PendingPrompt>("prompt", true),
        part::<PendingCombat>("combat", false),
        part::<ControlChanges>("control_changes", false),
        dice_part(),
        units_part(),
        part::<tracks::ScoredOnce>("scored_once", false),
        part::<victory::TurnEnded>("turn_ended", false),
        part::<victory::HeldCount>("held", false),
        part::<lines::LineState>("lines", false),
        part::<lines::Eliminated>("lines_eliminated", false),
        part::<boxes::Drawn>("boxes_drawn", false),
        part::<boxes::PreviousActor>("previous_actor", false),
        part::<supports::SupportState>("supports", false),
        part::<declarations::PendingEffects>("pending_effects", false),
        part::<declarations::Reductions>("reductions", false),
        part::<reactions::ReactionState>("reactions", false),
        part::<obligations::Obligations>("obligations", false),
        part::<attrition::AttritionQueue>("attrition", false),
        part::<timers::Timers>("timers", false),
        part::<crate::model::DeferredEffects>("deferred_effects", false),
    ]
}

/// Builds the rules schedule with every generic system and the ruleset's own (added among
/// them, before victory, so that the order of the schedule's systems never depends on the game).
#[must_use]
pub fn rules_schedule(ruleset: &dyn crate::model::ruleset::Ruleset) -> Schedule {
    build_schedule(Schedule::new(Rules), None, true, ruleset, None)
}

/// The systems, by type, of the schedule a game of `loaded` (played by its ruleset) builds for
/// commands of the kind of `sample`: what a designer or a test asks to see which mechanisms the
/// scenario's schedules hold.
pub fn schedule_systems(loaded: &crate::scenario::Loaded, sample: &Command) -> Result<Vec<std::any::TypeId>, String> {
    let ruleset = crate::games::ruleset_for(loaded)?;
    let (mut s, mut hooks) = build_parts(Schedule::new(Rules), Some(sample), false, ruleset.as_ref(), Some(&loaded.scenario));
    Ok([&mut s, &mut hooks].into_iter().flat_map(|s| s.graph_mut().systems.iter().map(|(_, system, _)| system.system_type()).collect::<Vec<_>>()).collect())
}

/// The schedule for commands of the kind of `sample` (none: for phase-start runs with no
/// command; `every`: every system), with its phase-start hooks run in it where a phase began.
fn build_schedule(schedule: Schedule, sample: Option<&Command>, every: bool, ruleset: &dyn crate::model::ruleset::Ruleset, scenario: Option<&crate::scenario::schema::Scenario>) -> Schedule {
    let (mut s, mut hooks) = build_parts(schedule, sample, every, ruleset, scenario);
    if every || sample.is_none_or(|c| may_begin_phase(c, ruleset)) {
        s.add_systems((move |world: &mut World| hooks.run(world)).run_if(supply::phase_started).in_set(PhaseStartHooks));
    }
    s.configure_sets(PhaseStartHooks.in_set(RulesSystems::PhaseStart));
    unordered_access(&mut s);
    s
}

/// Whether a command of this kind may begin a phase (`Outcome::phase_started`): ending one
/// (`sequence::end_phase`), choosing the first player (`initiative`), a declaration or the
/// answer to one (`declarations`), an answer to a reaction offer (`reactions`, where the
/// ruleset keeps them). Only their schedules, and the one for runs with no command (a game's
/// first phase), hold the phase-start hooks: in the others the hooks' condition would be asked
/// at every command to find no phase begun. [`BuiltRules::run`] checks it in debug builds.
fn may_begin_phase(c: &Command, ruleset: &dyn crate::model::ruleset::Ruleset) -> bool {
    match c {
        Command::EndPhase | Command::FirstPlayer { .. } | Command::Declare { .. } => true,
        Command::PlayChit { .. } | Command::Pass => !ruleset.replaces(crate::model::ruleset::Mechanism::Reactions),
        _ => false,
    }
}

/// One system runs at a time, in the order the sets fix, so which systems touch the same data
/// needs no analysis: without it, building a schedule (once per game) costs a fraction of what
/// it did. The order of the systems does not change.
fn unordered_access(s: &mut Schedule) {
    let graph = s.graph_mut();
    let systems: Vec<_> = graph.systems.iter().map(|(key, _, _)| bevy::ecs::schedule::NodeId::System(key)).collect();
    graph.ambiguous_with_all.extend(systems);
}

/// The schedule for commands of the kind of `sample`, and the schedule of the phase-start hooks
/// apart.
fn build_parts(schedule: Schedule, sample: Option<&Command>, every: bool, ruleset: &dyn crate::model::ruleset::Ruleset, scenario: Option<&crate::scenario::schema::Scenario>) -> (Schedule, Schedule) {
    let mut b = RulesBuilder::new(schedule, sample, every, ruleset, scenario);
    let s = b.schedule();
    s.set_executor(SingleThreadedExecutor::default());
    s.configure_sets(
        (
            RulesSystems::ApplyCommand,
            RulesSystems::Movement,
            RulesSystems::Combat,
            RulesSystems::Sequence,
            RulesSystems::PhaseStart,
            RulesSystems::Tracks,
            RulesSystems::Victory,
        )
            .chain(),
    );
    s.configure_sets(Gate::Accepted.run_if(note::accepted));
    let s = &mut b;
    sequence::add_systems(s);
    setup::add_systems(s);
    movement::add_systems(s);
    carrying::add_systems(s);
    combat::add_systems(s);
    area_combat::add_systems(s);
    losses::add_systems(s);
    pursuit::add_systems(s);
    overrun::add_systems(s);
    reserve::add_systems(s);
    strategic::add_systems(s);
    rail::add_systems(s);
    rail_building::add_systems(s);
    sea_moves::add_systems(s);
    landings::add_systems(s);
    forced_march::add_systems(s);
    attack_supply::add_systems(s);
    reorganisation::add_systems(s);
    quotas::add_systems(s);
    supply::add_systems(s);
    declarations::add_systems(s);
    initiative::add_systems(s);
    interdiction::add_systems(s);
    events::add_systems(s);
    bought_rolls::add_systems(s);
    purchases::add_systems(s);
    constructions::add_systems(s);
    withdrawals::add_systems(s);
    receipts::add_systems(s);
    allegiance::add_systems(s);
    effect_units::add_systems(s);
    choices::add_systems(s);
    pending::add_systems(s);
    reactions::add_systems(s);
    obligations::add_systems(s);
    timers::add_systems(s);
    resting::add_systems(s);
    returns::add_systems(s);
    lines::add_systems(s);
    boxes::add_systems(s);
    supports::add_systems(s);
    tracks::add_systems(s);
    area_control::add_systems(s);
    occupation::add_systems(s);
    attrition::add_systems(s);
    attrition_rolls::add_systems(s);
    ruleset.add_systems(s);
    victory::add_systems(s);
    let (s, mut hooks) = b.finish();
    hooks.set_executor(SingleThreadedExecutor::default());
    unordered_access(&mut hooks);
    (s, hooks)
}

/// The rules schedules built for a world, one per command kind, in the order they were first
/// needed (a game uses about twenty kinds). Kept apart from `Schedules`: running a schedule from
/// there interns its label and looks it up twice per command, a cost the batch paths pay on
/// every command for nothing. A session keeps its own, outside its world ([`BuiltRules::run`]:
/// no lookup in the world to find one); [`run`] keeps them in the world, as a resource.
#[derive(bevy::prelude::Resource, Default)]
pub struct BuiltRules(Vec<(CommandKind, Schedule)>);

impl BuiltRules {
    /// Runs the rules once in `world` for a command of `kind` (the current command's, or with
    /// none, the phase-start hooks'), with the schedule of that kind built the first time it is
    /// needed. Every run in one world goes through the same `BuiltRules`: its systems were
    /// initialized for that world.
    pub fn run(&mut self, world: &mut World, kind: CommandKind) {
        let at = match self.0.iter().position(|(k, _)| *k == kind) {
            Some(at) => at,
            None => {
                self.0.push((kind, build_for(world, kind)));
                self.0.len() - 1
            }
        };
        self.0[at].1.run(world);
        debug_assert!(
            !world.resource::<crate::model::Outcome>().phase_started
                || world.resource::<CurrentCommand>().0.as_ref().is_none_or(|(_, c)| may_begin_phase(c, world.resource::<crate::model::Game>().ruleset.as_ref())),
            "a phase began in the run of a command whose schedule has no phase-start hooks (`may_begin_phase`)"
        );
        debug_assert!(
            world.get_resource::<declarations::PendingEffects>().is_none_or(|p| p.0.is_empty()),
            "effects were queued by a command whose schedule does not apply them (`declarations::add_systems`)"
        );
        debug_assert!(
            world.get_resource::<declarations::Reductions>().is_none_or(|r| r.0.is_empty()),
            "a unit's reduction was left untaken (`EffectParams::run` takes them all before it returns)"
        );
    }
}

/// The schedule for commands of `kind` in the game of `world` (its current command the sample).
fn build_for(world: &World, kind: CommandKind) -> Schedule {
    let game = world.resource::<crate::model::Game>();
    let (ruleset, scenario) = (game.ruleset.clone(), game.scenario.clone());
    let sample = world.resource::<CurrentCommand>().0.as_ref().map(|(_, c)| c.clone());
    build_schedule(Schedule::new(RulesFor(kind)), sample.as_ref(), kind == CommandKind::Every, ruleset.as_ref(), Some(&scenario))
}

/// Runs the rules once in a world with no session (tests that set a world up by hand): the
/// schedule of the current command's kind (or, with none, the phase-start hooks'), kept in the
/// world and taken out while it runs (its systems have the world).
pub fn run(world: &mut World) {
    let command = world.resource::<CurrentCommand>().0.as_ref().map(|(_, c)| c);
    let kind = CommandKind::of(command, world.resource::<crate::model::Game>().ruleset.as_ref());
    let mut built = world.remove_resource::<BuiltRules>().unwrap_or_default();
    built.run(world, kind);
    world.insert_resource(built);
}
