//! The ruleset boundary works: a tiny ruleset defined here, outside the crate, plugs in with
//! `games::register` and no generic file changed. It has one command of its own (`Tally`), one
//! system, one question (`Confirm`) and one resource (`TallyCount`), printed and hashed, read
//! from scripts under its own names, and it plays Kell Ford's map and rules otherwise.

use std::any::Any;
use std::sync::Arc;

use bevy::prelude::*;
use sandtable::games::{Made, Registered, register};
use sandtable::model::command::{Command, GameVal};
use sandtable::model::game_value::Describe;
use sandtable::model::prompt::Prompt;
use sandtable::model::ruleset::{LegalStage, Ruleset};
use sandtable::model::state_parts::{StatePart, part};
use sandtable::model::{Game, PendingPrompt, TurnState};
use sandtable::rules::RulesSystems;
use sandtable::model::rules_builder::RulesBuilder;
use sandtable::rules::note::CommandCtx;
use sandtable::scenario::Loaded;
use sandtable::scenario::validate::RulesetCaps;

/// The tally's own commands: count one, confirm the count, or shrug (which no rule takes).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
enum TallyCommand {
    Tally,
    Confirm,
    Shrug,
}

impl Describe for TallyCommand {
    fn describe(&self) -> String {
        format!("{self:?}").to_lowercase()
    }
}

/// The question after a tally: confirm it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct Confirm {
    count: u32,
}

impl Describe for Confirm {
    fn describe(&self) -> String {
        format!("confirm the tally of {}", self.count)
    }
}

/// The ruleset's one resource.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
struct TallyCount(u32);

fn tally(c: &Command) -> Option<&TallyCommand> {
    match c {
        Command::Game(g) => g.get::<TallyCommand>(),
        _ => None,
    }
}

/// The ruleset's one system: a tally counts and asks for confirmation; a confirmation closes it.
fn count(mut ctx: CommandCtx, mut n: ResMut<TallyCount>, mut prompt: ResMut<PendingPrompt>) {
    let Some((side, c)) = ctx.cmd.0.clone() else { return };
    match tally(&c) {
        Some(TallyCommand::Tally) => {
            n.0 += 1;
            prompt.0 = Some(Prompt::Game { side: ctx.game.side_id(side).to_string(), prompt: GameVal::new(Confirm { count: n.0 }) });
            ctx.log(sandtable::model::log::LogKind::Track, format!("tally {}", n.0), None);
        }
        Some(TallyCommand::Confirm) => {
            prompt.0 = None;
            ctx.log(sandtable::model::log::LogKind::Track, "tally confirmed", None);
        }
        Some(TallyCommand::Shrug) | None => {}
    }
}

#[derive(Debug)]
struct TallyRules;

impl Ruleset for TallyRules {
    fn id(&self) -> &'static str {
        "tally"
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn add_systems(&self, s: &mut RulesBuilder) {
        s.on(|c| tally(c).is_some(), count.in_set(RulesSystems::Movement));
    }
    fn insert_resources(&self, world: &mut World) {
        world.insert_resource(TallyCount::default());
    }
    fn state_parts(&self) -> Vec<StatePart> {
        vec![part::<TallyCount>("tally", false)]
    }
    fn legal_commands(&self, _world: &World, _units: &sandtable::model::view::UnitsView, _side: usize, stage: LegalStage, out: &mut Vec<Command>) {
        if stage == LegalStage::Phase {
            out.push(Command::Game(GameVal::new(TallyCommand::Tally)));
        }
    }
    fn prompt_answers(&self, _game: &Game, prompt: &Prompt) -> Option<Vec<Command>> {
        matches!(prompt, Prompt::Game { .. }).then(|| vec![Command::Game(GameVal::new(TallyCommand::Confirm))])
    }
    fn parse_command(&self, raw: &ron::value::RawValue) -> Result<Command, String> {
        ron::from_str::<TallyCommand>(raw.get_ron()).map(|c| Command::Game(GameVal::new(c))).map_err(|e| e.to_string())
    }
    /// A sloppy sequence of play: any tally command at any time (so that the engine's own guard
    /// against an answer nobody takes shows).
    fn sequence_rejection(&self, _game: &Game, _turn: &TurnState, _prompt: Option<&Prompt>, _cmd: &GameVal) -> Option<String> {
        None
    }
}

fn make(_: &Loaded) -> Made {
    Ok(Arc::new(TallyRules))
}

static TALLY: Registered = Registered { id: "tally", caps: || RulesetCaps { id: "tally".into(), ..RulesetCaps::default() }, make };

fn tally_game() -> sandtable::session::Session {
    let _ = register(&TALLY);
    let text = std::fs::read_to_string(crate::common::root().join("scenarios/kell_ford.ron")).expect("read");
    assert!(text.contains("ruleset: \"generic\","));
    let text = text.replacen("ruleset: \"generic\",", "ruleset: \"tally\",", 1);
    let loaded = Arc::new(sandtable::games::load_str(&text, "tally.ron", &crate::common::root()).unwrap_or_else(|r| panic!("{r}")));
    let options = sandtable::session::Session::default_options(&loaded);
    sandtable::session::Session::new(loaded, sandtable::session::GameSetup { options, seed: 1, forced_dice: vec![] }).expect("session")
}

#[test]
fn a_ruleset_outside_the_crate_plugs_in_with_its_command_system_prompt_and_resource() {
    let mut s = tally_game();
    assert_eq!(s.game().ruleset.id(), "tally");
    let t = Command::Game(GameVal::new(TallyCommand::Tally));
    assert!(s.legal_commands().contains(&t), "its command is in the legal list");
    let h0 = s.state_hash();
    s.apply(t.clone()).expect("its command is played");
    assert_eq!(s.world.resource::<TallyCount>().0, 1, "its system ran");
    assert_ne!(s.state_hash(), h0, "its resource is hashed");
    assert!(format!("{:?}", s.state(None).rules_state.get("tally")).contains("(1)"), "and printed");
    // Its question, answered from its list; the generic commands wait.
    let Some(Prompt::Game { side, prompt }) = s.state(None).prompt else { panic!("its prompt") };
    assert_eq!((side.as_str(), prompt.describe().as_str()), ("north", "confirm the tally of 1"));
    assert_eq!(s.legal_commands(), vec![Command::Game(GameVal::new(TallyCommand::Confirm))]);
    let e = s.apply(Command::EndPhase).expect_err("the question first");
    assert!(e.contains("must first answer: confirm the tally of 1"), "{e}");
    // An answer no rule takes is refused, and changes nothing.
    let before = s.state_hash();
    let e = s.apply(Command::Game(GameVal::new(TallyCommand::Shrug))).expect_err("nobody takes it");
    assert!(e.contains("no rule takes `shrug` as an answer to: confirm the tally of 1"), "{e}");
    assert_eq!(s.state_hash(), before);
    // Read from a script under its own name.
    let raw: Command = ron::from_str("Confirm").expect("a ruleset command reads");
    assert!(matches!(&raw, Command::Game(GameVal::Raw(_))), "kept as written until the ruleset reads it");
    s.apply(raw).expect("the session has the ruleset read it");
    assert!(s.state(None).prompt.is_none());
    assert_eq!(ron::to_string(&t).expect("writes"), "Tally", "written under its own name");
    let e = s.apply(ron::from_str::<Command>("Tallly").expect("reads")).expect_err("no such command");
    assert!(e.contains("Tallly"), "{e}");
}
