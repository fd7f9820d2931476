//! The generic ruleset: the engine's rules as the scenario data chooses them, and nothing more.
//! Every hook of `model::ruleset::Ruleset` keeps its default. Salt River Line and Kell Ford play
//! with it.

use std::any::Any;

use crate::model::ruleset::Ruleset;

#[derive(Debug, Default)]
pub struct Generic;

impl Ruleset for Generic {
    fn id(&self) -> &'static str {
        "generic"
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
