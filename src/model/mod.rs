//! The ECS model: components of units, resources of the game state. No systems here.

pub mod board;
pub mod components;
pub mod resources;
pub mod view;

pub use board::{Board, SpaceId};
pub use components::*;
pub use resources::*;
