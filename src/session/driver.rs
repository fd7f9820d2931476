//! The session driver: one game in its own ECS world. The GUI, the CLI, bots, replays and
//! tests all give commands through [`Session::apply`], which runs the rules once (the schedule
//! of the command's kind, `rules::BuiltRules::run`).
//! Nothing here calls `App::update`.

use std::collections::BTreeSet;
use std::sync::Arc;

use bevy::prelude::World;
use serde::{Deserialize, Serialize};

use crate::model::command::Command;
use crate::model::dice::Dice;
use super::legal::legal_commands;
use super::spawn::spawn_world;
use super::state::{GameState, checkpoint_state, game_state, legacy_state_hash, state_hash};
use crate::model::rules_builder::CommandKind;
use crate::rules::BuiltRules;
use crate::model::{CurrentCommand, Game, Outcome, PendingPrompt, TurnState};
use crate::scenario::Loaded;

/// A command as played: the side that gave it and the command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Played {
    /// The side's id (held inline: one is written at every command).
    pub side: crate::model::command::Name,
    pub command: Command,
}

/// State hash recorded when a phase ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Checkpoint {
    /// Number of commands played when the phase ended.
    pub after_command: usize,
    pub turn: String,
    pub phase: String,
    /// Hex digits of the state hash.
    pub hash: String,
}

/// Everything needed to recreate a game from the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub options: BTreeSet<String>,
    pub seed: u64,
    pub forced_dice: Vec<u32>,
}

pub struct Session {
    pub world: World,
    pub loaded: Arc<Loaded>,
    pub setup: GameSetup,
    pub played: Vec<Played>,
    pub checkpoints: Vec<Checkpoint>,
    /// Number of commands undo may never go below (the last roll or reveal).
    pub barrier: usize,
    /// What the command at the barrier did, for the reason undo gives: the cause of its roll,
    /// or `None` for a reveal (the text is written only if undo is refused).
    barrier_roll: Option<String>,
    /// Hashes are taken as saves of formats 1 and 2 took them (a game continued from such a
    /// save keeps them, so its save stays in that format).
    pub legacy_hash: bool,
    /// The last command ended a phase whose end checks stacking, and every hex was within its
    /// limit (ToO 10.3; the simulator's invariants check the limits at these moments).
    pub stacking_checked: bool,
    /// Whether the state is hashed at each phase end (`checkpoints`). A batch run turns it off:
    /// its games are rarely saved, and a save of such a session takes its checkpoints by a
    /// replay then (`to_save`).
    pub takes_checkpoints: bool,
    /// The rules schedules built for this session's world, kept here rather than in the world:
    /// a command's run finds its schedule with no lookup in the world.
    rules: BuiltRules,
    /// How many rolls the dice had recorded when the last command (or the game's first run)
    /// was over: nothing else rolls them, so a command's rolls are those recorded after these.
    rolls: usize,
}

impl Session {
    /// A new game on a loaded scenario. Unknown options are an error.
    pub fn new(loaded: Arc<Loaded>, setup: GameSetup) -> Result<Self, String> {
        for o in &setup.options {
            if !loaded.scenario.options.iter().any(|d| &d.id == o) {
                return Err(format!("unknown option `{o}` for scenario {}", loaded.scenario.id));
            }
        }
        let ruleset = crate::games::ruleset_for(&loaded)?;
        let mut world = spawn_world(&loaded, ruleset, &setup.options, setup.seed, &setup.forced_dice);
        let mut rules = BuiltRules::default();
        let rolls = first_run(&mut world, &mut rules);
        Ok(Self { world, loaded, setup, played: Vec::new(), checkpoints: Vec::new(), barrier: 0, barrier_roll: None, legacy_hash: false, stacking_checked: false, takes_checkpoints: true, rules, rolls })
    }

    /// Starts a new game on the same scenario in this session's world (see
    /// `spawn::respawn_world`): the game is the one `Session::new` would start with `setup`, at
    /// a fraction of the cost (batch simulation plays thousands in a row).
    pub fn restart(&mut self, setup: GameSetup) -> Result<(), String> {
        for o in &setup.options {
            if !self.loaded.scenario.options.iter().any(|d| &d.id == o) {
                return Err(format!("unknown option `{o}` for scenario {}", self.loaded.scenario.id));
            }
        }
        let ruleset = self.game().ruleset.clone();
        // The schedules leave out the mechanisms the scenario does not use: built for the
        // scenario as other options made it, they are built again (as `respawn_world` spawns
        // the game again).
        if setup.options != self.setup.options {
            self.rules = BuiltRules::default();
        }
        super::spawn::respawn_world(&mut self.world, &self.loaded, ruleset, &setup.options, setup.seed, &setup.forced_dice);
        // Change ticks stay comparable however many games this world plays (what `App::update`
        // would do; the units' view is patched by them).
        self.world.check_change_ticks();
        self.rolls = first_run(&mut self.world, &mut self.rules);
        self.setup = setup;
        self.played.clear();
        self.checkpoints.clear();
        self.barrier = 0;
        self.barrier_roll = None;
        self.legacy_hash = false;
        Ok(())
    }

    /// The options a scenario switches on by default.
    #[must_use]
    pub fn default_options(loaded: &Loaded) -> BTreeSet<String> {
        loaded.scenario.options.iter().filter(|o| o.default).map(|o| String::from(&*o.id)).collect()
    }

    #[must_use]
    pub fn game(&self) -> &Game {
        self.world.resource::<Game>()
    }

    /// Index of the side that must act now, if any.
    #[must_use]
    pub fn acting_side(&self) -> Option<usize> {
        let turn = self.world.resource::<TurnState>();
        turn.acting_side(self.game(), self.world.resource::<PendingPrompt>().0.as_ref())
    }

    /// Whether a question is pending: only its answers may be given (never the end of a phase).
    #[must_use]
    pub fn is_asking(&self) -> bool {
        self.world.resource::<PendingPrompt>().0.is_some()
    }

    #[must_use]
    pub fn is_over(&self) -> bool {
        self.world.resource::<TurnState>().result.is_some()
    }

    /// Applies a command for the side to act. An illegal command is rejected with the reason
    /// and changes nothing.
    pub fn apply(&mut self, command: Command) -> Result<(), String> {
        // The side to act, its id, the question asked, the command as the ruleset reads it and
        // its kind, from one look at each resource.
        let (side, side_id, asked, in_setup, command, kind) = {
            let (game, prompt, turn) = (self.game(), &self.world.resource::<PendingPrompt>().0, self.world.resource::<TurnState>());
            let Some(side) = turn.acting_side(game, prompt.as_ref()) else {
                return Err("no side is to act: the game is over".to_string());
            };
            let command = read_command(game, command)?;
            let kind = CommandKind::of(Some(&command), game.ruleset.as_ref());
            (side, crate::model::command::Name::new(game.side_id(side)), prompt.clone(), turn.setup.is_some(), command, kind)
        };
        let rolls_before = self.rolls;
        debug_assert_eq!(rolls_before, self.world.resource::<Dice>().rolls.len(), "nothing rolled the dice since the last command");
        // Only an answer to a question is checked for having been taken by a rule.
        let logged = asked.as_ref().map(|_| self.world.resource::<crate::model::log::GameLog>().logged());
        self.world.resource_mut::<CurrentCommand>().0 = Some((side, command.clone()));
        // The outcome is empty between commands: every run's is taken after it.
        debug_assert_eq!(*self.world.resource::<Outcome>(), Outcome::default(), "the last run's outcome was taken");
        self.rules.run(&mut self.world, kind);
        debug_assert!(crate::model::units_now::UnitsNow::is_true_to(&mut self.world), "a rule changed a unit without marking the shared view stale");
        self.world.resource_mut::<CurrentCommand>().0 = None;
        let outcome = std::mem::take(&mut *self.world.resource_mut::<Outcome>());
        if let Some(reason) = outcome.rejected {
            // A rejected command changed nothing; the count is read again all the same.
            self.rolls = self.world.resource::<Dice>().rolls.len();
            return Err(reason);
        }
        // An answer that no rule took: the question still stands, nothing was logged or rolled.
        if let Some(p) = &asked
            && self.world.resource::<PendingPrompt>().0.as_ref() == Some(p)
            && Some(self.world.resource::<crate::model::log::GameLog>().logged()) == logged
            && self.world.resource::<Dice>().rolls.len() == rolls_before
        {
            return Err(format!("no rule takes `{}` as an answer to: {}", command.describe(), crate::rules::sequence::describe_prompt(p)));
        }
        // The answer to a question that held up the end of the phase: the phase ends now (or the
        // next question is asked), as its actor ending it again would (ToO 10.3).
        let resumed = if outcome.resume_phase_end { end_phase_again(&mut self.world, &mut self.rules) } else { Outcome::default() };
        // Only a phase's end, an answer or a set-up's command may leave the game in a phase
        // nobody acts in: any other was given by the side acting in a phase that goes on.
        let auto = if outcome.phase_ended || resumed.phase_ended || asked.is_some() || in_setup {
            auto_advance(&mut self.world, &mut self.rules)
        } else {
            debug_assert!(!automatic(&self.world), "`{}` left a phase nobody acts in without ending a phase", command.describe());
            Outcome::default()
        };
        self.stacking_checked = outcome.stacking_checked || resumed.stacking_checked || auto.stacking_checked;
        // A roll is a barrier because the dice recorded one, not because a rule said so: a
        // command that only opened a question before the roll stays undoable. (Its first roll's
        // cause is the barrier's reason; the phases played out after it count as its own.)
        let roll = {
            let dice = self.world.resource::<Dice>();
            self.rolls = dice.rolls.len();
            dice.rolls.get(rolls_before).map(|r| r.cause.clone())
        };
        let n = self.played.len() + 1;
        if roll.is_some() || outcome.barrier || resumed.barrier || auto.barrier {
            self.barrier = n;
            self.barrier_roll = roll;
        }
        self.played.push(Played { side: side_id, command });
        if self.takes_checkpoints && (outcome.phase_ended || resumed.phase_ended || auto.phase_ended || self.is_over()) {
            let cp = self.checkpoint();
            self.checkpoints.push(cp);
        }
        Ok(())
    }

    /// The state is built once: its labels and its hash.
    fn checkpoint(&mut self) -> Checkpoint {
        let (turn, phase, hash) = checkpoint_state(&mut self.world, self.legacy_hash);
        Checkpoint { after_command: self.played.len(), turn, phase, hash: format!("{hash:016x}") }
    }

    /// Whether the game log is written: a batch run that shows no log only counts its
    /// entries, and their text is never made (no rule reads the log). A log written again
    /// starts empty.
    pub fn write_log(&mut self, write: bool) {
        let mut glog = self.world.resource_mut::<crate::model::log::GameLog>();
        if glog.is_quiet() == write {
            *glog = if write { crate::model::log::GameLog::default() } else { glog.quieted() };
        }
    }

    /// A ruleset command read from a file (kept as written) becomes the ruleset's own type.
    pub fn read_command(&self, command: Command) -> Result<Command, String> {
        read_command(self.game(), command)
    }

    /// Every legal command for the side to act.
    pub fn legal_commands(&mut self) -> Vec<Command> {
        legal_commands(&mut self.world)
    }

    /// The same list as the random player reads it, with a set-up's placements, a movement
    /// phase's moves and a Combat phase's area attacks worked out only where its draws fall
    /// ([`super::legal_list::LegalList`]).
    pub fn legal_list(&mut self) -> super::legal_list::LegalList<'_> {
        super::legal::legal_list(&mut self.world)
    }

    /// The state, whole (`None`) or as one side sees it.
    pub fn state(&mut self, viewer: Option<usize>) -> GameState {
        game_state(&mut self.world, viewer)
    }

    pub fn state_hash(&mut self) -> u64 {
        if self.legacy_hash { legacy_state_hash(&mut self.world) } else { state_hash(&mut self.world) }
    }

    /// Whether undo can step back now (the last command rolled nothing and revealed nothing).
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.undo_refusal(0).is_none()
    }

    /// Why undo may not step back over the last command, if it may not: nothing was played
    /// since `floor` (the commands the side at the screen may take back start there; see
    /// `seats`), or the last command rolled the dice or revealed something.
    #[must_use]
    pub fn undo_refusal(&self, floor: usize) -> Option<String> {
        let n = self.played.len();
        if n == 0 {
            return Some("nothing has been played".into());
        }
        if n <= floor {
            let last = &self.played[n - 1];
            let side = self.game().side_index(&last.side).map_or_else(|| last.side.to_string(), |i| self.game().scenario.sides[i].name.clone());
            return Some(format!(
                "command {n} ({}) was given by the {side} player before you took the screen; undo goes back only over your own commands since then",
                last.command.describe()
            ));
        }
        if n <= self.barrier {
            let b = self.barrier;
            let what = self.played.get(b - 1).map(|p| p.command.describe()).unwrap_or_default();
            return Some(match &self.barrier_roll {
                Some(cause) => format!("command {b} ({what}) rolled the dice ({cause}); undo never goes back over a roll or a reveal"),
                None => format!("command {b} ({what}) revealed what was hidden; undo never goes back over a roll or a reveal"),
            });
        }
        None
    }

    /// Steps back over the last command by replaying the game without it. Never crosses a die
    /// roll or a reveal.
    pub fn undo(&mut self) -> Result<(), String> {
        if let Some(why) = self.undo_refusal(0) {
            return Err(why);
        }
        let mut keep = self.played.clone();
        keep.pop();
        let mut fresh = Session::new(self.loaded.clone(), self.setup.clone())?;
        fresh.legacy_hash = self.legacy_hash;
        fresh.takes_checkpoints = self.takes_checkpoints;
        fresh.write_log(!self.world.resource::<crate::model::log::GameLog>().is_quiet());
        for (i, p) in keep.into_iter().enumerate() {
            fresh.apply(p.command).map_err(|e| format!("undo replay failed at command {}: {e}", i + 1))?;
        }
        *self = fresh;
        Ok(())
    }
}

/// A command as `game`'s ruleset reads it: one of its own read from the text a file gave.
fn read_command(game: &Game, command: Command) -> Result<Command, String> {
    match command {
        Command::Game(crate::model::game_value::GameVal::Raw(raw)) => game.ruleset.parse_command(&raw),
        c => Ok(c),
    }
}

/// The first run of a game's rules: the phase-start hooks of its first phase (when there is no
/// set-up to place first; `spawn` marks the phase begun), then the phases nobody acts in. The
/// rolls the dice have recorded after it.
fn first_run(world: &mut World, rules: &mut BuiltRules) -> usize {
    let kind = CommandKind::of(None, world.resource::<Game>().ruleset.as_ref());
    rules.run(world, kind);
    std::mem::take(&mut *world.resource_mut::<Outcome>());
    auto_advance(world, rules);
    world.resource::<Dice>().rolls.len()
}

/// Ends the current phase for its actor (or, with none, as the automatic phases end).
fn end_phase_again(world: &mut World, rules: &mut BuiltRules) -> Outcome {
    let turn = world.resource::<TurnState>();
    let game = world.resource::<Game>();
    let side = turn.current_phase(game).and_then(|p| turn.actor(game, p)).unwrap_or(0);
    let kind = CommandKind::of(Some(&Command::EndPhase), game.ruleset.as_ref());
    world.resource_mut::<CurrentCommand>().0 = Some((side, Command::EndPhase));
    rules.run(world, kind);
    world.resource_mut::<CurrentCommand>().0 = None;
    std::mem::take(&mut *world.resource_mut::<Outcome>())
}

/// Whether the game is in a phase nobody acts in, with no question asked: it ends at once.
fn automatic(world: &World) -> bool {
    // Each resource is looked up only if the answer still depends on it.
    if world.resource::<PendingPrompt>().0.is_some() {
        return false;
    }
    let turn = world.resource::<TurnState>();
    if turn.result.is_some() || turn.setup.is_some() {
        return false;
    }
    let game = world.resource::<Game>();
    turn.current_phase(game).is_some_and(|p| turn.actor(game, p).is_none())
}

/// Plays out phases in which nobody acts (an Event phase with no actor, an End-of-Turn phase):
/// their start hooks have run, so they end at once. Part of the command that reached them.
fn auto_advance(world: &mut World, rules: &mut BuiltRules) -> Outcome {
    let mut total = Outcome::default();
    for _ in 0..1_000 {
        if !automatic(world) {
            break;
        }
        let game = world.resource::<Game>();
        let kind = CommandKind::of(Some(&Command::EndPhase), game.ruleset.as_ref());
        world.resource_mut::<CurrentCommand>().0 = Some((0, Command::EndPhase));
        rules.run(world, kind);
        world.resource_mut::<CurrentCommand>().0 = None;
        let o = std::mem::take(&mut *world.resource_mut::<Outcome>());
        total.barrier |= o.barrier;
        total.phase_ended |= o.phase_ended;
        total.stacking_checked |= o.stacking_checked;
        if o.rejected.is_some() {
            break;
        }
    }
    total
}
