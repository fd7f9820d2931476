//! Rulesets: each game's procedures, built from the generic rules, in a folder of its own. A
//! ruleset implements `model::ruleset::Ruleset` (which generic mechanisms its systems replace,
//! its systems, resources and parts of the hashed state, its legal commands and prompt answers,
//! the hooks of the generic rule math it changes) and says what the file format needs to know of
//! it (`RulesetCaps`: the phases and results it plays). It reads its own section of the scenario
//! (`ruleset_rules`) and its own effects (`RulesetEffect(...)` in event tables and cups) when
//! the scenario loads, reporting errors at their place in the file. The scenario's `ruleset`
//! field picks one from [`RULESETS`], the one list of them.
//!
//! To add a game: a folder `src/games/<name>/` whose `mod.rs` implements the trait and a `make`
//! function, and one line in [`RULESETS`]. Nothing in the generic layers names it. A ruleset
//! outside the crate plugs in with [`register`] (the tests' `it::ruleset_plugin` does).
//!
//! The hooks a ruleset implements (`model::ruleset::Ruleset`, each defaulting to the generic
//! rules): `replaces` (generic mechanisms its systems take over), `add_systems`,
//! `insert_resources`, `state_parts`, `initial_draws`, `counters_from_mix`, `legal_commands`
//! (at set-up, for chits, in a phase), `prompt_answers`, `parse_command`, `sequence_rejection`,
//! `command_unit`, `purchase_cost`, and the rule-math hooks `movement_boost`,
//! `filter_destinations`, `track_factor`, `control_income`, `required_attackers`, `blend_in`,
//! `attack_rejection`, `owed_attack`. Its own commands and questions are values of its own types
//! carried by `Command::Game` and `Prompt::Game` (`model::game_value`).

use std::path::Path;
use std::sync::Arc;

use crate::model::ruleset::Ruleset;
use crate::scenario::schema::Scenario;
use crate::scenario::validate::RulesetCaps;
use crate::scenario::{Diagnostic, Loaded, Place, Report, RulesetSlot};

pub mod decision_iraq;
pub mod generic;
pub mod twilight;

/// A ruleset read from a scenario, or every problem of its section with its place.
pub type Made = Result<Arc<dyn Ruleset>, Vec<Diagnostic>>;

/// A registered ruleset: its id, what it can play, and how it reads its section.
pub struct Registered {
    pub id: &'static str,
    pub caps: fn() -> RulesetCaps,
    /// Reads and checks the ruleset's section and effects of a scenario that passed the
    /// generic checks: the ruleset, or every problem with its place.
    pub make: fn(&Loaded) -> Made,
}

/// Every ruleset this program plays.
pub const RULESETS: &[Registered] = &[
    Registered { id: "generic", caps: generic::caps, make: generic::make },
    Registered { id: "decision_iraq", caps: decision_iraq::caps, make: decision_iraq::make },
    Registered { id: "twilight", caps: twilight::caps, make: twilight::make },
];

/// Rulesets registered while the program runs ([`register`]): a program built on this crate (a
/// test, a designer's tool) plugs one in without changing any file of the crate.
static MORE: std::sync::RwLock<Vec<&'static Registered>> = std::sync::RwLock::new(Vec::new());

/// Adds a ruleset to those this program plays; its id must be new.
pub fn register(r: &'static Registered) -> Result<(), String> {
    let mut more = MORE.write().unwrap_or_else(std::sync::PoisonError::into_inner);
    if RULESETS.iter().chain(more.iter().copied()).any(|x| x.id == r.id) {
        return Err(format!("a ruleset `{}` is already registered", r.id));
    }
    more.push(r);
    Ok(())
}

fn registered(id: &str) -> Result<&'static Registered, String> {
    let more = MORE.read().unwrap_or_else(std::sync::PoisonError::into_inner);
    let all = || RULESETS.iter().chain(more.iter().copied());
    all().find(|r| r.id == id).ok_or_else(|| {
        format!("unknown ruleset `{}`; this program plays: {}", crate::scenario::files::quote(id), all().map(|r| r.id).collect::<Vec<_>>().join(", "))
    })
}

/// What the ruleset a scenario names can play.
pub fn caps_of(s: &Scenario) -> Result<RulesetCaps, String> {
    registered(&s.ruleset).map(|r| (r.caps)())
}

/// Reads, parses and validates a scenario file with its ruleset's section: the whole loader.
pub fn load_file(path: &Path) -> Result<Loaded, Report> {
    let mut l = crate::scenario::load_file_with(path, &caps_of)?;
    attach(&mut l)?;
    Ok(l)
}

/// As [`load_file`], on scenario text; `base` is the folder assets are resolved against.
pub fn load_str(text: &str, name: &str, base: &Path) -> Result<Loaded, Report> {
    let mut l = crate::scenario::load_str_with(text, name, base, &caps_of)?;
    attach(&mut l)?;
    Ok(l)
}

fn attach(l: &mut Loaded) -> Result<(), Report> {
    let name = l.path.display().to_string();
    let r = registered(&l.scenario.ruleset).map_err(|e| Report(vec![Diagnostic::error(&name, Place::Field("ruleset".into()), e)]))?;
    let ruleset = (r.make)(l).map_err(Report)?;
    l.ruleset = Some(RulesetSlot(Arc::new(ruleset)));
    Ok(())
}

/// The ruleset that plays a loaded scenario.
pub fn ruleset_for(loaded: &Loaded) -> Result<Arc<dyn Ruleset>, String> {
    if let Some(r) = loaded.ruleset.as_ref().and_then(|s| s.0.downcast_ref::<Arc<dyn Ruleset>>()) {
        return Ok(r.clone());
    }
    let r = registered(&loaded.scenario.ruleset)?;
    (r.make)(loaded).map_err(|d| Report(d).to_string())
}
