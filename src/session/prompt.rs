//! Prompts: decisions the rules wait for, each for a named side and answered by a command.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Prompt {
    /// Choose which units lose `steps` steps (answered by `Command::TakeLosses`).
    TakeLosses { side: String, steps: u32, units: Vec<String>, rule: String },
}

impl Prompt {
    /// The side that must answer.
    #[must_use]
    pub fn side(&self) -> &str {
        match self {
            Prompt::TakeLosses { side, .. } => side,
        }
    }
}
