//! Sessions: commands, prompts, dice, the log, the driver, legal commands, saves and replay.

pub mod command;
pub mod dice;
pub mod driver;
pub mod hash;
pub mod legal;
pub mod log;
pub mod prompt;
pub mod save;
pub mod save_names;
pub mod seats;
pub mod spawn;
pub mod state;

pub use command::Command;
pub use driver::{GameSetup, Played, Session};
