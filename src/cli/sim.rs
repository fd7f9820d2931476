//! `sandtable sim SCENARIO --games N --seed S [--threads T]`: random legal games on every core,
//! a progress line on a terminal, the report, the wall time and games per second.

use std::path::Path;
use std::sync::Arc;

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU32, Ordering};

use crate::games::load_file;
use crate::sim::simulate_with;

pub(super) fn run(scenario: &Path, (games, seed, max_commands): (u32, u64, usize), (record, longest): (Option<&Path>, bool), threads: Option<usize>, (variant, options): (Option<&str>, Option<Vec<String>>)) -> i32 {
    if max_commands == 0 {
        eprintln!("--max-commands must be at least 1");
        return 2;
    }
    let loaded = match load_file(scenario) {
        Ok(l) => Arc::new(l),
        Err(r) => {
            eprint!("{r}");
            return 2;
        }
    };
    let options = match chosen_options(&loaded, variant, options) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    let played = crate::scenario::variants::with_options(&loaded.scenario, &options);
    #[expect(clippy::disallowed_methods, reason = "reporting wall time of the batch, outside the rules")]
    let start = std::time::Instant::now();
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get)).max(1);
    let done = AtomicU32::new(0);
    let finished = std::sync::atomic::AtomicBool::new(false);
    let result = std::thread::scope(|sc| {
        // The progress line, on a terminal only, once the run has taken a second.
        if std::io::stderr().is_terminal() {
            sc.spawn(|| {
                while !finished.load(Ordering::Relaxed) {
                    std::thread::sleep(std::time::Duration::from_millis(250));
                    let t = start.elapsed().as_secs_f64();
                    let n = done.load(Ordering::Relaxed);
                    if t >= 1.0 && n > 0 && !finished.load(Ordering::Relaxed) {
                        let rate = f64::from(n) / t;
                        eprint!("\r{n}/{games} games, {rate:.0} games/s, {:.0} s left   ", f64::from(games - n.min(games)) / rate);
                    }
                }
            });
        }
        let r = simulate_with(&loaded, (games, seed, &options), (threads, longest && record.is_some(), max_commands), &done);
        finished.store(true, Ordering::Relaxed);
        r
    });
    if std::io::stderr().is_terminal() && start.elapsed().as_secs_f64() >= 1.0 {
        eprint!("\r{:60}\r", "");
    }
    match result {
        Ok(rep) => {
            let on = if options.is_empty() { String::new() } else { format!(", options {}", options.iter().cloned().collect::<Vec<_>>().join(", ")) };
            println!("{} games of {} (seed {seed}{on}; {} turns)", rep.games, loaded.scenario.title, played.turns.labels.len());
            println!("wins by side:");
            for (side, n) in &rep.wins {
                println!("  {side:<16} {n:>6}  {:>6.1}%", f64::from(*n) * 100.0 / f64::from(rep.games.max(1)));
            }
            println!("victory levels:");
            for (lvl, n) in &rep.levels {
                println!("  {lvl:<16} {n:>6}");
            }
            if let Some((min, median, max)) = crate::sim::min_median_max(&rep.commands) {
                println!("commands per game: min {min}, median {median}, max {max}");
            }
            if let Some((min, median, max)) = crate::sim::min_median_max(&rep.turns) {
                println!("game turns completed: min {min}, median {median}, max {max}");
                let last = played.turns.labels.len();
                let through: u32 = rep.turns.range(last..).map(|(_, n)| n).sum();
                match rep.games.saturating_sub(through) {
                    0 => println!("games played through the last turn: {through} (every game)"),
                    early => println!("games played through the last turn: {through} (the other {early} ended early by sudden death)"),
                }
            }
            let wall = start.elapsed().as_secs_f64();
            println!("elapsed: {wall:.2} s on {threads} thread(s), {:.1} games/s", f64::from(rep.games) / wall.max(1e-9));
            if let (Some(path), Some((seed, commands))) = (record, rep.first_game) {
                let script = super::script::ScriptFile { seed, dice: Vec::new(), options: Some(options.iter().cloned().collect()), commands };
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

/// The options a run plays with: a variant's, or those named, or the scenario's defaults.
fn chosen_options(loaded: &crate::scenario::Loaded, variant: Option<&str>, options: Option<Vec<String>>) -> Result<std::collections::BTreeSet<String>, String> {
    let known = |o: &str| loaded.scenario.options.iter().any(|x| x.id == o);
    if let Some(v) = variant {
        let Some(v) = loaded.scenario.variants.iter().find(|x| x.id == v) else {
            let ids: Vec<&str> = loaded.scenario.variants.iter().map(|x| x.id.as_str()).collect();
            return Err(format!("unknown variant `{v}`; the scenario has: {}", if ids.is_empty() { "none".to_string() } else { ids.join(", ") }));
        };
        return Ok(v.options.iter().cloned().collect());
    }
    match options {
        Some(list) => {
            if let Some(bad) = list.iter().find(|o| !known(o)) {
                return Err(format!("unknown option `{bad}`"));
            }
            Ok(list.into_iter().collect())
        }
        None => Ok(crate::session::Session::default_options(loaded)),
    }
}
