//! Sandtable: a desktop client for hex-and-counter and area-movement board wargames that
//! enforces the rules from scenario data.
//!
//! Layers, each importing only from those above it in this list:
//!
//! - [`scenario`]: the RON scenario format, loading with positions, validation with field paths,
//!   the compiled board.
//! - [`model`]: ECS components and resources, and the vocabulary every layer speaks (commands,
//!   prompts, dice, the log, the state parts, the `Ruleset` trait).
//! - [`rules`]: the rules as Bevy systems in the `Rules` schedule, and their math.
//! - [`games`]: the rulesets (a game's procedures plugged into the generic rules).
//! - [`session`]: the driver, the legal list, saves and replay, seats.
//! - [`bots`] and [`sim`]: random legal players and batch simulation.
//! - [`client`]: the desktop client's model: selection, clicks, the buttons on screen, scripted runs.
//! - `ui` (feature `gui`): the desktop client's window and drawing.

pub mod bots;
pub mod cli;
pub mod client;
pub mod games;
pub mod model;
pub mod rules;
pub mod scenario;
pub mod session;
pub mod sim;
#[cfg(feature = "gui")]
pub mod ui;
