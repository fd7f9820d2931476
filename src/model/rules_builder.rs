//! How the rules schedules are put together. A command runs the schedule of its own kind: the
//! systems of every kind of command (the sequence check, phase-start hooks, tracks, victory)
//! and those of commands of that kind only. Bevy visits every system of a schedule on every run
//! and evaluates every condition it meets, so a schedule holding the systems of all kinds spends
//! most of a run deciding not to run them.
//!
//! A schedule is built when its kind is first played, for the game's ruleset and scenario:
//! mechanisms the ruleset replaces, and those the scenario does not use, are left out then, not
//! asked about on every run. (A world plays one scenario: its options change only the set-up,
//! never the rules, so a schedule built for its first game holds for all.)
//!
//! A phase's start hooks are a schedule of their own, which the rules run at once where a
//! command began a phase ([`RulesBuilder::at_phase_start`]): most commands begin none, and
//! Bevy's executor steps over one system rather than visiting each hook.

use std::hash::Hash;

use bevy::ecs::schedule::{IntoScheduleConfigs, Schedule, ScheduleLabel};
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::Res;

use super::command::Command;
use super::resources::{CurrentCommand, Outcome};
use super::ruleset::{Mechanism, Ruleset};
use crate::scenario::schema::Scenario;

/// The schedule that applies commands of one kind (`CommandKind`).
#[derive(ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RulesFor(pub CommandKind);

/// The schedule of a phase's start hooks (see [`RulesBuilder::at_phase_start`]).
#[derive(ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PhaseStartRules;

/// The kind of command a schedule is built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommandKind {
    /// No command: a phase's start hooks run on their own (a new game, automatic phases).
    None,
    /// Commands of one variant of [`Command`] (the hash of its discriminant).
    Variant(u64),
    /// Every system: commands of a ruleset that does not name their kinds, and the schedule
    /// tests inspect.
    Every,
}

impl CommandKind {
    /// The kind of a command; a ruleset names the kinds of its own.
    #[must_use]
    pub fn of(command: Option<&Command>, ruleset: &dyn Ruleset) -> Self {
        match command {
            None => CommandKind::None,
            // Apart from the generic ones (the top bit tells them apart).
            Some(Command::Game(g)) => ruleset.command_kind(g).map_or(CommandKind::Every, |k| CommandKind::Variant(k | 1 << 63)),
            Some(c) => CommandKind::Variant(kind_number(c) & !(1 << 63)),
        }
    }
}

/// A number for the variant of an enum value (the hash of its discriminant, with fixed keys:
/// the same number on every run; a fast hash, as it is taken at every command).
#[must_use]
pub fn kind_number<T>(value: &T) -> u64 {
    use std::hash::BuildHasher;
    foldhash::fast::FixedState::with_seed(0).hash_one(std::mem::discriminant(value))
}

/// Run condition: the current command is of this kind and nothing rejected it yet.
pub fn command_is(kind: fn(&Command) -> bool) -> impl Fn(Res<CurrentCommand>, Res<Outcome>) -> bool + Clone {
    move |c: Res<CurrentCommand>, o: Res<Outcome>| o.rejected.is_none() && c.0.as_ref().is_some_and(|(_, c)| kind(c))
}

/// Run condition: nothing rejected the current command yet (in a schedule built for one kind
/// of command, what [`command_is`] comes to).
pub fn not_rejected(o: Res<Outcome>) -> bool {
    o.rejected.is_none()
}

/// Puts one rules schedule together: the rules modules and the ruleset add their systems
/// through it.
pub struct RulesBuilder<'a> {
    schedule: Schedule,
    /// The phase-start hooks, run as one system of `schedule` (`at_phase_start`).
    hooks: Schedule,
    /// The command the schedule is built for (one of its kind), none for phase-start runs.
    sample: Option<&'a Command>,
    every: bool,
    ruleset: &'a dyn Ruleset,
    /// The scenario the schedule is for; none: every mechanism is kept.
    scenario: Option<&'a Scenario>,
}

impl<'a> RulesBuilder<'a> {
    /// A builder of the schedule `schedule` for commands like `sample` (`every`: all systems)
    /// of games of `scenario` (none: of any scenario).
    #[must_use]
    pub fn new(schedule: Schedule, sample: Option<&'a Command>, every: bool, ruleset: &'a dyn Ruleset, scenario: Option<&'a Scenario>) -> Self {
        Self { schedule, hooks: Schedule::new(PhaseStartRules), sample, every, ruleset, scenario }
    }

    /// Systems that run on every run of every schedule (their own conditions decide).
    pub fn always<M>(&mut self, systems: impl IntoScheduleConfigs<ScheduleSystem, M>) -> &mut Self {
        self.schedule.add_systems(systems);
        self
    }

    /// Systems that have work only after a system of the commands `kind` accepts (they drain
    /// what those leave in the same run): only the schedules of those kinds hold them, with
    /// their own conditions, and none added (unlike [`on`](Self::on), they run after a
    /// rejection too). A schedule for commands that leave them nothing saves their runs.
    pub fn only_for<M>(&mut self, kind: fn(&Command) -> bool, systems: impl IntoScheduleConfigs<ScheduleSystem, M>) -> &mut Self {
        if self.every || self.sample.is_some_and(kind) {
            self.schedule.add_systems(systems);
        }
        self
    }

    /// Systems that run only where the command began a phase, its start hooks: in a schedule
    /// of their own, in the order their constraints among themselves fix, which the rules run
    /// at their PhaseStart stage (`finish`). Constraints on systems outside it hold nothing.
    pub fn at_phase_start<M>(&mut self, systems: impl IntoScheduleConfigs<ScheduleSystem, M>) -> &mut Self {
        self.hooks.add_systems(systems);
        self
    }

    /// A system (or systems, each given the condition) for commands that `kind` accepts. It
    /// is in a schedule only if the kind the schedule is for is one of them, and keeps the
    /// condition there. `kind` looks at the variant only (`matches!(c, Command::Move { .. })`,
    /// or of a ruleset's own command, `Ruleset::command_kind`): the schedule of a variant is
    /// built from the first command of it that is played.
    pub fn on<M>(&mut self, kind: fn(&Command) -> bool, systems: impl IntoScheduleConfigs<ScheduleSystem, M>) -> &mut Self {
        if self.every {
            self.schedule.add_systems(systems.distributive_run_if(command_is(kind)));
        } else if self.sample.is_some_and(kind) {
            // Every command this schedule runs is of the sample's variant, which `kind` looks
            // at alone: what is left to ask is whether a rule before rejected it (one resource
            // fetched instead of two, on every run of each such system).
            self.schedule.add_systems(systems.distributive_run_if(not_rejected));
        }
        self
    }

    /// [`on`](Self::on) for a system that has work only while `open` holds of the resource `R`
    /// (a question of its own is open, say) and returns at once otherwise: its condition asks
    /// that too, so that where it would return its parameters are not fetched (a command's
    /// system reads a dozen resources; the condition, two or three). `open` must be what the
    /// system itself returns on: the condition is read just before the system runs, on the
    /// same state.
    pub fn on_while<R: bevy::prelude::Resource, M>(&mut self, kind: fn(&Command) -> bool, open: fn(&R) -> bool, systems: impl IntoScheduleConfigs<ScheduleSystem, M>) -> &mut Self {
        if self.every {
            let of_kind = command_is(kind);
            self.schedule.add_systems(systems.distributive_run_if(move |c: Res<CurrentCommand>, o: Res<Outcome>, r: Res<R>| of_kind(c, o) && open(&*r)));
        } else if self.sample.is_some_and(kind) {
            self.schedule.add_systems(systems.distributive_run_if(move |o: Res<Outcome>, r: Res<R>| o.rejected.is_none() && open(&*r)));
        }
        self
    }

    /// Whether the scenario uses a mechanism, as `uses` tells from its data (its systems are
    /// left out if not; a schedule for any scenario keeps them).
    #[must_use]
    pub fn uses(&self, uses: impl FnOnce(&Scenario) -> bool) -> bool {
        self.scenario.is_none_or(uses)
    }

    /// Whether the game's ruleset keeps a generic mechanism (its systems are left out if not).
    #[must_use]
    pub fn kept(&self, m: Mechanism) -> bool {
        !self.ruleset.replaces(m)
    }

    /// The schedule, to configure its sets.
    pub fn schedule(&mut self) -> &mut Schedule {
        &mut self.schedule
    }

    /// The schedule, and the schedule of the phase-start hooks for the caller to run in it.
    #[must_use]
    pub fn finish(self) -> (Schedule, Schedule) {
        (self.schedule, self.hooks)
    }
}
