//! Decision: Iraq's own commands and questions: the choice of points (16.33), airstrikes (22),
//! PGM strikes (27.10), Hyperwar (27.12) and extra chaos rolls (27.1). They travel through the
//! generic engine as `Command::Game` and `Prompt::Game` and are written in saves and scripts as
//! their own names (`NetwarPoints(subtract: true)`).

use serde::{Deserialize, Serialize};

use crate::model::command::{Command, GameVal};
use crate::model::game_value::Describe;
use crate::model::prompt::Prompt;
use crate::model::{Game, TurnState};
use crate::scenario::schema::PhaseKind;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum DiCommand {
    /// Answer a points choice (16.33): subtract the enemy's printed points from its index
    /// instead of adding one's own to one's own.
    NetwarPoints { subtract: bool },
    /// Answer an airstrike offer (22): the column the conflict is resolved on, or none.
    Airstrike { column: Option<String> },
    /// 27.10 PGM strike: spend an airstrike and an ISR chit to attack one open enemy unit alone
    /// on the Kinetic table at the named column.
    Pgm { unit: String, column: String, chit: String },
    /// 27.12 Hyperwar: spend a Leader Node, an ISR and an InfoWar chit for a world information
    /// operation (`info`: add 2d6 to the own index, or with `Some(true)` take it from the
    /// enemy's) and/or a defection of enemy militia in a district.
    Hyperwar {
        chits: Vec<String>,
        #[serde(default)]
        info: Option<bool>,
        #[serde(default)]
        defection: Option<String>,
    },
    /// 27.1: pay for one more roll on the side's chaos table in its chaos phase.
    ExtraChaos,
    /// Mobilization (22.1): buy an airstrike.
    BuyAirstrike,
}

impl Describe for DiCommand {
    fn describe(&self) -> String {
        match self {
            DiCommand::NetwarPoints { subtract: false } => "add own points".to_string(),
            DiCommand::NetwarPoints { subtract: true } => "subtract the enemy's points".to_string(),
            DiCommand::BuyAirstrike => "buy an airstrike".to_string(),
            DiCommand::ExtraChaos => "buy another chaos roll".to_string(),
            DiCommand::Hyperwar { info, defection, .. } => {
                let mut parts = Vec::new();
                match info {
                    Some(false) => parts.push("a world information operation for the own index".to_string()),
                    Some(true) => parts.push("a world information operation against the enemy's index".to_string()),
                    None => {}
                }
                if let Some(d) = defection {
                    parts.push(format!("a defection in {d}"));
                }
                format!("Hyperwar: {}", parts.join(" and "))
            }
            DiCommand::Pgm { unit, column, .. } => format!("PGM strike on {unit} at {column}"),
            DiCommand::Airstrike { column: None } => "no airstrike".to_string(),
            DiCommand::Airstrike { column: Some(c) } => format!("airstrike: resolve on {c}"),
        }
    }
}

impl From<DiCommand> for Command {
    fn from(c: DiCommand) -> Self {
        Command::Game(GameVal::new(c))
    }
}

/// The command, if it is one of Decision: Iraq's.
#[must_use]
pub fn di(c: &Command) -> Option<&DiCommand> {
    match c {
        Command::Game(g) => g.get::<DiCommand>(),
        _ => None,
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum DiPrompt {
    /// The side gains points from a result in `space` (16.33): add `gain` to its own index, or
    /// take `subtract` from the enemy's (answered by `NetwarPoints`).
    NetwarPoints { space: String, gain: i32, subtract: i32, rule: String },
    /// The side may commit an airstrike to the conflict in `space` and pick its column (22;
    /// answered by `Airstrike`).
    Airstrike { space: String, column: String, columns: Vec<String>, rule: String },
}

impl Describe for DiPrompt {
    fn describe(&self) -> String {
        match self {
            DiPrompt::NetwarPoints { space, gain, subtract, .. } => format!("points from {space}: +{gain} to your index, or -{subtract} to the enemy's"),
            DiPrompt::Airstrike { space, column, .. } => format!("airstrike in {space}? (now {column}; with it, any column)"),
        }
    }
    fn rule(&self) -> String {
        match self {
            DiPrompt::NetwarPoints { rule, .. } | DiPrompt::Airstrike { rule, .. } => rule.clone(),
        }
    }
}

impl DiPrompt {
    /// The question, put to `side`.
    #[must_use]
    pub fn to(self, side: &str) -> Prompt {
        Prompt::Game { side: side.to_string(), prompt: GameVal::new(self) }
    }
}

/// The prompt, if it is one of Decision: Iraq's.
#[must_use]
pub fn di_prompt(p: &Prompt) -> Option<&DiPrompt> {
    match p {
        Prompt::Game { prompt, .. } => prompt.get::<DiPrompt>(),
        _ => None,
    }
}

/// Why a Decision: Iraq command may not be given now (the sequence of play), if it may not.
#[must_use]
pub fn sequence_rejection(game: &Game, turn: &TurnState, prompt: Option<&Prompt>, cmd: &DiCommand) -> Option<String> {
    let answers = match (prompt.and_then(di_prompt), cmd) {
        (Some(DiPrompt::NetwarPoints { .. }), DiCommand::NetwarPoints { .. }) | (Some(DiPrompt::Airstrike { .. }), DiCommand::Airstrike { .. }) => return None,
        (_, DiCommand::NetwarPoints { .. }) => Some("no conflict result is waiting for a choice"),
        (_, DiCommand::Airstrike { .. }) => Some("no airstrike is on offer"),
        _ => None,
    };
    if let Some(p) = prompt {
        return Some(format!("{} must first answer: {}", p.side(), crate::rules::sequence::describe_prompt(p)));
    }
    if let Some(r) = answers {
        return Some(r.to_string());
    }
    if turn.setup.is_some() {
        return Some("setup is not finished: place units or end the setup".to_string());
    }
    let phase = turn.current_phase(game)?;
    let kind = match cmd {
        DiCommand::Pgm { .. } => PhaseKind::Combat,
        DiCommand::ExtraChaos => PhaseKind::Event,
        DiCommand::Hyperwar { .. } => PhaseKind::Special,
        DiCommand::BuyAirstrike => PhaseKind::Mobilization,
        DiCommand::NetwarPoints { .. } | DiCommand::Airstrike { .. } => return None,
    };
    (phase.kind != kind).then(|| format!("`{}` is not allowed in the {} phase", Describe::describe(cmd), phase.name))
}
