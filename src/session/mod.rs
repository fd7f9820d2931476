//! Sessions: the driver (one game in its own world), legal commands, saves and replay, seats.
//! The vocabulary they speak (commands, prompts, dice, the log) is the model's.

pub mod driver;
pub mod legal;
pub mod legal_list;
pub mod save;
pub mod save_names;
pub mod seats;
pub mod spawn;
pub mod state;

pub use crate::model::command::Command;
pub use driver::{GameSetup, Played, Session};
