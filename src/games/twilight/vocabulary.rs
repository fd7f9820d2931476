//! Twilight of the Ottomans' own commands and questions: the Goeben's sortie (32). They travel
//! through the generic engine as `Command::Game` and `Prompt::Game` and are written in saves
//! and scripts under their own names (`Sortie(attack: true)`).

use serde::{Deserialize, Serialize};

use crate::model::command::{Command, GameVal};
use crate::model::game_value::Describe;
use crate::model::prompt::Prompt;

/// A command of this ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum TooCommand {
    /// The answer to a sortie offer: attack the enemy naval unit, or let it be.
    Sortie { attack: bool },
    /// The answer to an air supply offer: (air base, hex), or none.
    AirSupply { mission: Option<(String, String)> },
}

impl Describe for TooCommand {
    fn describe(&self) -> String {
        match self {
            TooCommand::Sortie { attack: true } => "sortie: attack it".to_string(),
            TooCommand::Sortie { attack: false } => "no sortie".to_string(),
            TooCommand::AirSupply { mission: Some((base, hex)) } => format!("air supply: {base} supplies {hex}"),
            TooCommand::AirSupply { mission: None } => "no air supply".to_string(),
        }
    }
}

impl From<TooCommand> for Command {
    fn from(c: TooCommand) -> Self {
        Command::Game(GameVal::new(c))
    }
}

/// The command, if it is one of this ruleset's.
#[must_use]
pub fn too(c: &Command) -> Option<&TooCommand> {
    match c {
        Command::Game(g) => g.get::<TooCommand>(),
        _ => None,
    }
}

/// A question of this ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum TooPrompt {
    /// 32: `raider` may attack `target`, at work off `at`, with `cargo` aboard.
    Sortie { raider: String, target: String, cargo: Vec<String>, at: String, rule: String },
    /// 33.3: an air base (first) may supply one of the hexes (second) of its range.
    AirSupply { missions: Vec<(String, Vec<String>)>, rule: String },
}

impl Describe for TooPrompt {
    fn describe(&self) -> String {
        match self {
            TooPrompt::Sortie { raider, target, cargo, at, .. } if cargo.is_empty() => format!("{raider} may sortie against {target} off {at}"),
            TooPrompt::Sortie { raider, target, cargo, at, .. } => format!("{raider} may sortie against {target} off {at}, with {} aboard", cargo.join(", ")),
            TooPrompt::AirSupply { .. } => "supply one hex from the air before attrition?".to_string(),
        }
    }
    fn rule(&self) -> String {
        match self {
            TooPrompt::Sortie { rule, .. } | TooPrompt::AirSupply { rule, .. } => rule.clone(),
        }
    }
}

impl TooPrompt {
    #[must_use]
    pub fn to(self, side: &str) -> Prompt {
        Prompt::Game { side: side.to_string(), prompt: GameVal::new(self) }
    }
}

/// The prompt, if it is one of this ruleset's.
#[must_use]
pub fn too_prompt(p: &Prompt) -> Option<&TooPrompt> {
    match p {
        Prompt::Game { prompt, .. } => prompt.get::<TooPrompt>(),
        _ => None,
    }
}

/// Why a command of this ruleset may not be given now, if it may not.
#[must_use]
pub fn sequence_rejection(prompt: Option<&Prompt>, cmd: &TooCommand) -> Option<String> {
    match (prompt.and_then(too_prompt), cmd) {
        (Some(TooPrompt::Sortie { .. }), TooCommand::Sortie { .. }) | (Some(TooPrompt::AirSupply { .. }), TooCommand::AirSupply { .. }) => None,
        (None, TooCommand::Sortie { .. }) if prompt.is_none() => Some("no sortie is on offer (32)".to_string()),
        (None, TooCommand::AirSupply { .. }) if prompt.is_none() => Some("no air supply mission is on offer (33.3)".to_string()),
        _ => prompt.map(|p| format!("{} must first answer: {}", p.side(), crate::rules::sequence::describe_prompt(p))),
    }
}
