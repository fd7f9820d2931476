//! The ECS model: components of units, resources of the game state, and the vocabulary every
//! layer above speaks: commands, prompts, dice and the game log. No systems here.

pub mod command;
pub mod components;
pub mod dice;
pub mod game_value;
pub mod hashing;
pub mod held_blocks;
pub mod log;
pub mod path;
pub mod lookups;
pub mod prompt;
pub mod resources;
pub mod ruleset;
pub mod rules_builder;
pub mod space_set;
pub mod state_parts;
pub mod units_now;
pub mod view;

pub use crate::scenario::board::{Board, SpaceId};
pub use components::*;
pub use resources::*;
