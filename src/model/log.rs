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

/// The entries written, and those only counted where the log is quiet ([`GameLog::quieted`]).
#[derive(Resource, Clone, Debug, Default)]
pub struct GameLog(pub Vec<LogEntry>, Unwritten);

/// Entries counted, not written: a batch run shows nobody its games' logs, and making their
/// text costs a share of each command. No rule reads the log.
#[derive(Clone, Copy, Debug, Default)]
struct Unwritten {
    quiet: bool,
    count: usize,
}

impl GameLog {
    /// This log made quiet: it counts its entries from now on without writing them (their
    /// text is never made); those written so far are counted.
    #[must_use]
    pub fn quieted(&self) -> Self {
        GameLog(Vec::new(), Unwritten { quiet: true, count: self.logged() })
    }

    /// An empty log, quiet if this one is (a new game in the same world).
    #[must_use]
    pub fn emptied(&self) -> Self {
        GameLog(Vec::new(), Unwritten { quiet: self.1.quiet, count: 0 })
    }

    #[must_use]
    pub fn is_quiet(&self) -> bool {
        self.1.quiet
    }

    /// How many entries were logged, written or only counted.
    #[must_use]
    pub fn logged(&self) -> usize {
        self.0.len() + self.1.count
    }

    /// Logs an entry whose text is made by `entry` where the log is written, else counts it.
    pub fn add(&mut self, entry: impl FnOnce() -> LogEntry) {
        if self.1.quiet {
            self.1.count += 1;
        } else {
            self.0.push(entry());
        }
    }
}

/// The text of a log entry, made only where the log is written: a `String`, or the
/// `format_args!` it would be formatted from.
pub trait LogText {
    fn into_text(self) -> String;
}

impl LogText for String {
    fn into_text(self) -> String {
        self
    }
}

impl LogText for &str {
    fn into_text(self) -> String {
        self.to_string()
    }
}

impl LogText for std::fmt::Arguments<'_> {
    fn into_text(self) -> String {
        if let Some(s) = self.as_str() {
            return s.to_string();
        }
        // Room for a usual entry at once: `format` sizes the text by its literal pieces only,
        // and a text of names and numbers grows four or five times as they are written.
        let mut text = String::with_capacity(TEXT_ROOM);
        let _ = std::fmt::Write::write_fmt(&mut text, self);
        text
    }
}

/// The room a log text is given before it is written, in bytes: most entries fit.
const TEXT_ROOM: usize = 96;

/// A list shown with `separator` between its items, for a log text: joined only where the text
/// is written (a quiet log joins nothing).
pub struct Joined<'a, T>(pub &'a [T], pub &'a str);

impl<T: std::fmt::Display> std::fmt::Display for Joined<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, item) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(self.1)?;
            }
            std::fmt::Display::fmt(item, f)?;
        }
        Ok(())
    }
}
