//! `sandtable sim SCENARIO --games N --seed S`

use std::path::Path;
use std::sync::Arc;

use crate::games::load_file;
use crate::sim::simulate;

pub(super) fn run(scenario: &Path, games: u32, seed: u64, record: Option<&Path>) -> i32 {
    let loaded = match load_file(scenario) {
        Ok(l) => Arc::new(l),
        Err(r) => {
            eprint!("{r}");
            return 2;
        }
    };
    #[expect(clippy::disallowed_methods, reason = "reporting wall time of the batch, outside the rules")]
    let start = std::time::Instant::now();
    match simulate(&loaded, games, seed) {
        Ok(rep) => {
            println!("{} games of {} (seed {seed})", rep.games, loaded.scenario.title);
            println!("wins by side:");
            for (side, n) in &rep.wins {
                println!("  {side:<16} {n:>6}  {:>6.1}%", f64::from(*n) * 100.0 / f64::from(rep.games.max(1)));
            }
            println!("victory levels:");
            for (lvl, n) in &rep.levels {
                println!("  {lvl:<16} {n:>6}");
            }
            let mut c = rep.commands.clone();
            c.sort_unstable();
            if !c.is_empty() {
                println!("commands per game: min {}, median {}, max {}", c[0], c[c.len() / 2], c[c.len() - 1]);
            }
            let mut t = rep.turns.clone();
            t.sort_unstable();
            if !t.is_empty() {
                println!("game turns completed: min {}, median {}, max {}", t[0], t[t.len() / 2], t[t.len() - 1]);
                let last = loaded.scenario.turns.labels.len();
                println!("games played through the last turn: {} (the others ended early by sudden death)", t.iter().filter(|n| **n >= last).count());
            }
            println!("elapsed: {:.2} s", start.elapsed().as_secs_f64());
            if let (Some(path), Some((seed, commands))) = (record, rep.first_game) {
                let script = super::script::ScriptFile { seed, dice: Vec::new(), options: None, commands };
                let text = match ron::ser::to_string_pretty(&script, ron::ser::PrettyConfig::default()) {
                    Ok(t) => t,
                    Err(e) => {
                        eprintln!("cannot write the script: {e}");
                        return 2;
                    }
                };
                if let Err(e) = crate::session::save::write_atomic(path, text.as_bytes()) {
                    eprintln!("{}: {e}", path.display());
                    return 2;
                }
                println!("first game written to {}", path.display());
            }
            0
        }
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}
