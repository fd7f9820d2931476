//! The game log: every command, roll, result and point change, with its cause and time.

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// Turn label and phase id when it happened (short names, held inline: a few entries are
    /// written at every command).
    pub turn: smol_str::SmolStr,
    pub phase: smol_str::SmolStr,
    pub kind: LogKind,
    pub text: String,
    /// A space the entry is about (the UI centres the map there).
    #[serde(default)]
    pub space: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LogKind {
    Command,
    Roll,
    Combat,
    Loss,
    Control,
    Track,
    Phase,
    Reveal,
    Supply,
    Victory,
}

#[derive(Resource, Clone, Debug, Default)]
pub struct GameLog(pub Vec<LogEntry>);
