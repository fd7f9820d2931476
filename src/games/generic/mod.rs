//! The generic ruleset: the engine's rules as the scenario data chooses them, and nothing more.
//! Every hook of `model::ruleset::Ruleset` keeps its default. Salt River Line and Kell Ford play
//! with it.

use std::any::Any;
use std::sync::Arc;

use crate::model::ruleset::Ruleset;
use crate::scenario::validate::RulesetCaps;
use crate::scenario::{Diagnostic, Loaded, Place};

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

/// The generic rules play Movement, Combat, Reinforcement, Event, Supply, Scoring and
/// End-of-Turn phases, and no procedure or effect of their own.
#[must_use]
pub fn caps() -> RulesetCaps {
    RulesetCaps { id: "generic".into(), ..RulesetCaps::default() }
}

/// The generic ruleset reads no section of its own.
pub fn make(loaded: &Loaded) -> Result<Arc<dyn Ruleset>, Vec<Diagnostic>> {
    if loaded.scenario.ruleset_rules.is_some() {
        let name = loaded.path.display().to_string();
        return Err(vec![Diagnostic::error(&name, Place::Field("ruleset_rules".into()), "the generic ruleset reads no section of its own; name the ruleset that does in `ruleset`")]);
    }
    Ok(Arc::new(Generic))
}
