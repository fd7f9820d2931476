//! The command-line interface: `check`, `script`, `replay`, `crt`, `mapgen`, `sim`, and (with the `gui`
//! feature) `play`, the default.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

mod check;
mod crt;
mod mapgen;
mod replay;
mod script;
mod sim;

pub use script::ScriptFile;

#[derive(Parser, Debug)]
#[command(name = "sandtable", version, about = "Hex-and-counter wargames with the rules enforced from data")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Cmd>,
}

#[derive(Subcommand, Debug)]
pub enum Cmd {
    /// Open the desktop client on a scenario (the default command).
    Play {
        /// Scenario file; without one (and without --load) the start screen opens.
        scenario: Option<PathBuf>,
        /// Game seed (default: from the clock).
        #[arg(long)]
        seed: Option<u64>,
        /// Load a save instead of starting a new game.
        #[arg(long)]
        load: Option<PathBuf>,
        /// Take a screenshot to this PNG after a few frames, then exit (for smoke tests).
        #[arg(long)]
        screenshot: Option<PathBuf>,
        /// One person plays both sides: no hand-off screens between the sides' turns.
        #[arg(long)]
        solo: bool,
        /// Play a client script (clicks, buttons, screenshots; see `scenarios/README.md`), then exit.
        #[arg(long)]
        script: Option<PathBuf>,
        /// Where a script's screenshots are written.
        #[arg(long, default_value = ".")]
        shots: PathBuf,
    },
    /// Validate scenario files and print every diagnostic; exits 1 on any error.
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Play a script of commands and print the resulting state as RON.
    Script {
        scenario: PathBuf,
        script: PathBuf,
        /// Print the state as this side sees it.
        #[arg(long)]
        view: Option<String>,
        /// Write a save of the game at the end of the script.
        #[arg(long)]
        save: Option<PathBuf>,
    },
    /// Replay a save and verify every recorded state hash.
    Replay {
        save: PathBuf,
        /// Scenario file (default: the path recorded in the save).
        #[arg(long)]
        scenario: Option<PathBuf>,
    },
    /// Show a combat results table column and its results.
    Crt {
        scenario: PathBuf,
        table: String,
        #[arg(long)]
        attack: u32,
        #[arg(long)]
        defense: u32,
        /// Net column shift (positive = right).
        #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
        shift: i32,
        /// A die roll to resolve; without it, the probability of every result.
        #[arg(long)]
        roll: Option<u32>,
    },
    /// Write a hex map file from its sources: painted layers and a features file.
    Mapgen {
        /// The folder of sources (`features.ron`, `terrain.txt`, `regions.txt`).
        dir: PathBuf,
        /// The map file to write (default: `map.ron` beside the folder).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Write nothing: exit 1 unless the file is what the sources give.
        #[arg(long)]
        check: bool,
    },
    /// Play many games with random legal players and report the results.
    Sim {
        scenario: PathBuf,
        #[arg(long, default_value_t = 100)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the first game as a script (`sandtable script` plays it again).
        #[arg(long)]
        record: Option<PathBuf>,
        /// With --record: write the game that went furthest (most turns, then commands).
        #[arg(long)]
        longest: bool,
        /// A game still on after this many commands is stuck: the run stops with an error
        /// naming it (and its seed, to play it again).
        #[arg(long, default_value_t = crate::sim::MAX_COMMANDS_PER_GAME)]
        max_commands: usize,
        /// Threads to play on (default: every core); the report is the same on any number.
        #[arg(long)]
        threads: Option<usize>,
        /// Play this variant of the scenario (its options on, the others off).
        #[arg(long)]
        variant: Option<String>,
        /// Options on, comma-separated (default: the scenario's defaults, or the variant's).
        #[arg(long, value_delimiter = ',')]
        options: Option<Vec<String>>,
    },
}

/// Runs a parsed command line; returns the process exit code.
#[must_use]
pub fn run(cli: Cli) -> i32 {
    match cli.command {
        None => play(PlayArgs { scenario: None, seed: None, load: None, screenshot: None, solo: false, script: None, shots: PathBuf::from(".") }),
        Some(Cmd::Play { scenario, seed, load, screenshot, solo, script, shots }) => play(PlayArgs { scenario, seed, load, screenshot, solo, script, shots }),
        Some(Cmd::Check { files }) => check::run(&files),
        Some(Cmd::Script { scenario, script, view, save }) => script::run(&scenario, &script, view.as_deref(), save.as_deref()),
        Some(Cmd::Replay { save, scenario }) => replay::run(&save, scenario.as_deref()),
        Some(Cmd::Crt { scenario, table, attack, defense, shift, roll }) => crt::run(&scenario, &table, attack, defense, shift, roll),
        Some(Cmd::Mapgen { dir, out, check }) => {
            let out = out.unwrap_or_else(|| dir.parent().unwrap_or(&dir).join("map.ron"));
            mapgen::run(&dir, &out, check)
        }
        Some(Cmd::Sim { scenario, games, seed, record, longest, max_commands, threads, variant, options }) => {
            sim::run(&scenario, (games, seed, max_commands), (record.as_deref(), longest), threads, (variant.as_deref(), options))
        }
    }
}

/// What `sandtable play` was asked.
pub struct PlayArgs {
    pub scenario: Option<PathBuf>,
    pub seed: Option<u64>,
    pub load: Option<PathBuf>,
    pub screenshot: Option<PathBuf>,
    pub solo: bool,
    pub script: Option<PathBuf>,
    pub shots: PathBuf,
}

#[cfg(feature = "gui")]
fn play(a: PlayArgs) -> i32 {
    // A script's screenshots go into a directory made for them, not lost to a missing one.
    if a.script.is_some()
        && let Err(e) = std::fs::create_dir_all(&a.shots)
    {
        eprintln!("error: cannot create the screenshot directory {}: {e}", a.shots.display());
        return 2;
    }
    let open = crate::client::OpenArgs { scenario: a.scenario, seed: a.seed, load: a.load, solo: a.solo };
    crate::ui::run(crate::ui::ClientArgs { open, screenshot: a.screenshot, script: a.script, shots: a.shots })
}

#[cfg(not(feature = "gui"))]
fn play(_args: PlayArgs) -> i32 {
    eprintln!("this build has no desktop client (built without the `gui` feature); see `sandtable --help`");
    2
}
