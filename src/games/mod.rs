//! Rulesets: each game's procedures, built from the generic rules, in a folder of its own. A
//! ruleset implements `model::ruleset::Ruleset`: which generic mechanisms its systems replace,
//! its systems, resources and parts of the hashed state, its legal commands and prompt answers,
//! and the hooks of the generic rule math it changes. The scenario's `ruleset` field picks one
//! from [`RULESETS`], the one list of them.
//!
//! To add a game: a folder `src/games/<name>/` whose `mod.rs` implements the trait, one line in
//! [`RULESETS`]. Nothing in the generic layers names it.

use std::sync::Arc;

use crate::model::ruleset::Ruleset;
use crate::scenario::Loaded;

pub mod decision_iraq;
pub mod generic;

/// A registered ruleset: its id and how to make it for a loaded scenario.
pub struct Registered {
    pub id: &'static str,
    pub make: fn(&Loaded) -> Result<Arc<dyn Ruleset>, String>,
}

/// Every ruleset this program plays.
pub const RULESETS: &[Registered] = &[
    Registered { id: "generic", make: |_| Ok(Arc::new(generic::Generic)) },
    Registered { id: "decision_iraq", make: |_| Ok(Arc::new(decision_iraq::DecisionIraq)) },
];

/// The ruleset that plays a loaded scenario.
pub fn ruleset_for(loaded: &Loaded) -> Result<Arc<dyn Ruleset>, String> {
    // Until the scenario names its ruleset, a Netwar section means Decision: Iraq.
    let id = if loaded.scenario.rules.netwar.is_some() { "decision_iraq" } else { loaded.scenario.ruleset.as_str() };
    let r = RULESETS.iter().find(|r| r.id == id).ok_or_else(|| format!("no ruleset `{id}`; this program plays: {}", RULESETS.iter().map(|r| r.id).collect::<Vec<_>>().join(", ")))?;
    (r.make)(loaded)
}
