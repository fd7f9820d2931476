//! `sandtable script SCENARIO SCRIPT.ron`: play commands with a seed and forced dice, print
//! the state and the log as RON. Exit 0 if every command was accepted, 3 (with the index and
//! reason on stderr) if one was rejected, 2 on file errors. `--save` writes the save only when
//! every command was accepted.

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::scenario::files::shorten;
use crate::games::load_file;
use crate::model::log::LogEntry;
use crate::session::save::write_save;
use crate::session::state::GameState;
use crate::session::{Command, GameSetup, Session};

/// A script file.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptFile {
    pub seed: u64,
    /// Die results used before the seeded generator.
    #[serde(default)]
    pub dice: Vec<u32>,
    /// Optional rules switched on (default: the scenario's defaults).
    #[serde(default)]
    pub options: Option<Vec<String>>,
    pub commands: Vec<Command>,
}

#[derive(Serialize)]
struct Output<'a> {
    state: GameState,
    log: &'a [LogEntry],
}

pub(super) fn run(scenario: &Path, script: &Path, view: Option<&str>, save: Option<&Path>) -> i32 {
    let loaded = match load_file(scenario) {
        Ok(l) => Arc::new(l),
        Err(r) => {
            eprint!("{r}");
            return 2;
        }
    };
    let text = match crate::scenario::files::read_text(script, crate::session::save::MAX_SAVE_BYTES) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: cannot read script: {e}", script.display());
            return 2;
        }
    };
    let sf: ScriptFile = match ron::Options::default().from_str(&text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}:{}:{}: {}", script.display(), e.span.start.line, e.span.start.col, shorten(&e.code.to_string()));
            return 2;
        }
    };
    let options = sf.options.clone().map_or_else(|| Session::default_options(&loaded), |o| o.into_iter().collect());
    let mut session = match Session::new(loaded, GameSetup { options, seed: sf.seed, forced_dice: sf.dice.clone() }) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}: {e}", script.display());
            return 2;
        }
    };
    // The ruleset reads its own commands now, so that a misspelt one is a file error with its
    // place, not a rejection half-way through the game.
    for (i, c) in sf.commands.iter().enumerate() {
        if let Command::Game(crate::model::game_value::GameVal::Raw(raw)) = c
            && let Err(e) = session.read_command(c.clone())
        {
            let at = text.find(raw.get_ron()).unwrap_or(0);
            let line = text[..at].matches('\n').count() + 1;
            let col = text[..at].rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            eprintln!("{}:{line}:{col}: command {i}: {}", script.display(), shorten(&e));
            return 2;
        }
    }
    let viewer = match view {
        None => None,
        Some(v) => match session.game().side_index(v) {
            Some(i) => Some(i),
            None => {
                eprintln!("unknown side `{v}` for --view");
                return 2;
            }
        },
    };
    let mut code = 0;
    for (i, c) in sf.commands.iter().enumerate() {
        if let Err(e) = session.apply(c.clone()) {
            eprintln!("command {i} (`{}`) rejected: {}", shorten(&c.describe()), shorten(&e));
            code = 3;
            break;
        }
    }
    let state = session.state(viewer);
    let glog = session.world.resource::<crate::model::log::GameLog>().0.clone();
    // A side's view leaves out log entries about the other side's secrets: the generic rules
    // log nothing secret, so the whole log is printed.
    let out = Output { state, log: &glog };
    match ron::ser::to_string_pretty(&out, ron::ser::PrettyConfig::default()) {
        Ok(t) => println!("{t}"),
        Err(e) => {
            eprintln!("cannot print state: {e}");
            return 2;
        }
    }
    if let Some(p) = save {
        // A failed script never replaces the save: it would hold only the commands before the
        // rejected one, and the game saved there earlier would be lost.
        if code != 0 {
            eprintln!("{}: not written, because the script failed", p.display());
            return code;
        }
        let sv = session.to_save();
        if let Err(e) = write_save(p, &sv) {
            eprintln!("{e}");
            return 2;
        }
    }
    code
}
