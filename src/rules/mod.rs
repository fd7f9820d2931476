//! The rules: Bevy systems in a dedicated `Rules` schedule, run once per command by the session
//! driver with the single-threaded executor. Rule math lives in plain functions beside them.
//!
//! Order of one run (`RulesSystems`): the command is checked against the sequence of play
//! (ApplyCommand), then movement, combat and the phase sequence apply it, then point tracks
//! score control changes, then victory is checked.

use bevy::ecs::schedule::{IntoScheduleConfigs, Schedule, ScheduleLabel, SingleThreadedExecutor, SystemSet};

pub mod area_combat;
pub mod area_control;
pub mod attack_supply;
pub mod attrition;
pub mod attrition_rolls;
pub mod boxes;
pub mod combat;
pub mod crt;
pub mod declarations;
pub mod entry_bans;
pub mod events;
pub mod forced_march;
pub mod initiative;
pub mod interdiction;
pub mod levels;
pub mod lines;
pub mod loss_answers;
pub mod losses;
pub mod minimum_move;
pub mod movement;
pub mod note;
pub mod obligation_rules;
pub mod obligations;
pub mod occupation;
pub mod reserve;
pub mod overrun;
pub mod rail;
pub mod reactions;
pub mod retreat;
pub mod sequence;
pub mod setup;
pub mod stacking;
pub mod stacking_check;
pub mod strategic;
pub mod supply;
pub mod supports;
pub mod timers;
pub mod tracks;
pub mod victory;

/// The schedule that applies one command.
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
    /// A new phase has begun (its start hooks run).
    PhaseStarted,
    /// A command was given and nothing rejected it.
    Accepted,
}

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
    let mut s = Schedule::new(Rules);
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
    s.configure_sets(Gate::PhaseStarted.run_if(supply::phase_started));
    s.configure_sets(Gate::Accepted.run_if(note::accepted));
    sequence::add_systems(&mut s);
    setup::add_systems(&mut s);
    movement::add_systems(&mut s);
    combat::add_systems(&mut s);
    area_combat::add_systems(&mut s);
    losses::add_systems(&mut s);
    overrun::add_systems(&mut s);
    reserve::add_systems(&mut s);
    strategic::add_systems(&mut s);
    rail::add_systems(&mut s);
    forced_march::add_systems(&mut s);
    attack_supply::add_systems(&mut s);
    supply::add_systems(&mut s);
    declarations::add_systems(&mut s);
    initiative::add_systems(&mut s);
    interdiction::add_systems(&mut s);
    events::add_systems(&mut s);
    reactions::add_systems(&mut s);
    obligations::add_systems(&mut s);
    timers::add_systems(&mut s);
    lines::add_systems(&mut s);
    boxes::add_systems(&mut s);
    supports::add_systems(&mut s);
    tracks::add_systems(&mut s);
    area_control::add_systems(&mut s);
    occupation::add_systems(&mut s);
    attrition::add_systems(&mut s);
    attrition_rolls::add_systems(&mut s);
    ruleset.add_systems(&mut s);
    victory::add_systems(&mut s);
    // One system runs at a time, in the order the sets fix, so which systems touch the same
    // data needs no analysis: without it, building the schedule (once per game) costs a
    // fraction of what it did. The order of the systems does not change.
    let graph = s.graph_mut();
    let systems: Vec<_> = graph.systems.iter().map(|(key, _, _)| bevy::ecs::schedule::NodeId::System(key)).collect();
    graph.ambiguous_with_all.extend(systems);
    s
}
