//! Batch simulation: many complete games with random legal players, results by side and level.

use std::collections::BTreeMap;
use std::sync::Arc;

pub mod invariants;

use crate::bots::random::RandomPlayer;
use crate::scenario::Loaded;
use crate::session::{GameSetup, Session};

#[derive(Clone, Debug, Default)]
pub struct SimReport {
    pub games: u32,
    pub wins: BTreeMap<String, u32>,
    pub levels: BTreeMap<String, u32>,
    pub commands: Vec<usize>,
    pub turns: Vec<usize>,
    /// The first game: its seed and every command, for replaying it as a script.
    pub first_game: Option<(u64, Vec<crate::session::Command>)>,
}

/// Most commands one simulated game may take before it counts as stuck.
pub const MAX_COMMANDS_PER_GAME: usize = 200_000;

/// One game's outcome, for the report.
struct GameOutcome {
    winner: String,
    level: String,
    commands: usize,
    turns: usize,
    /// The game's seed and commands (kept for game 0 only).
    record: Option<(u64, Vec<crate::session::Command>)>,
}

/// The seed of game `g` of a run: it depends only on the run's seed and the game's number, so a
/// report is the same however the games are spread over threads.
#[must_use]
pub fn game_seed(seed: u64, g: u32) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(u64::from(g))
}

/// Plays game `g`. Any rejected generated command is an error (a bug in the legal list), and so
/// is a broken rule invariant after any command ([`invariants::check_invariants`]).
fn play_game(loaded: &Arc<Loaded>, seed: u64, g: u32) -> Result<GameOutcome, String> {
    let game_seed = game_seed(seed, g);
    let setup = GameSetup { options: Session::default_options(loaded), seed: game_seed, forced_dice: Vec::new() };
    let mut s = Session::new(loaded.clone(), setup)?;
    let mut bot = RandomPlayer::new(game_seed ^ 0x5eed);
    let mut n = 0;
    let mut played = Vec::new();
    while !s.is_over() {
        let Some(cmd) = bot.choose(&mut s) else {
            let st = s.state(None);
            return Err(format!(
                "game {g} (seed {game_seed}): no legal command for {} in turn {} phase {} (prompt: {:?})",
                st.active_side.unwrap_or_default(),
                st.turn,
                st.phase,
                st.prompt
            ));
        };
        s.apply(cmd.clone()).map_err(|e| format!("game {g} (seed {game_seed}): generated command `{}` rejected: {e}", cmd.describe()))?;
        if g == 0 {
            played.push(cmd.clone());
        }
        invariants::check_invariants(&mut s).map_err(|e| format!("game {g} (seed {game_seed}): after command {} (`{}`): {e}", n + 1, cmd.describe()))?;
        n += 1;
        if n > MAX_COMMANDS_PER_GAME {
            return Err(format!("game {g} (seed {game_seed}) did not end after {n} commands"));
        }
    }
    let r = s.world.resource::<crate::model::TurnState>().result.clone().ok_or_else(|| format!("game {g} ended without a result"))?;
    Ok(GameOutcome {
        winner: r.winner.clone().unwrap_or_else(|| "draw".into()),
        level: r.level.clone(),
        commands: n,
        turns: s.world.resource::<crate::model::TurnState>().turn.min(s.game().scenario.turns.labels.len()),
        record: (g == 0).then_some((game_seed, played)),
    })
}

/// Plays `games` games on one thread.
pub fn simulate(loaded: &Arc<Loaded>, games: u32, seed: u64) -> Result<SimReport, String> {
    simulate_on(loaded, games, seed, 1, &std::sync::atomic::AtomicU32::new(0))
}

/// Plays `games` games on `threads` threads (game `g` on thread `g % threads`), counting the
/// games done in `done`. The report is the same on any number of threads: each game's seed
/// depends only on its number, and the outcomes are merged in game order.
pub fn simulate_on(loaded: &Arc<Loaded>, games: u32, seed: u64, threads: usize, done: &std::sync::atomic::AtomicU32) -> Result<SimReport, String> {
    let threads = threads.clamp(1, games.max(1) as usize);
    let results: Vec<Result<Vec<(u32, GameOutcome)>, String>> = std::thread::scope(|sc| {
        let workers: Vec<_> = (0..threads)
            .map(|k| {
                sc.spawn(move || {
                    let mut out = Vec::new();
                    for g in (k as u32..games).step_by(threads) {
                        out.push((g, play_game(loaded, seed, g)?));
                        done.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                    Ok(out)
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or_else(|_| Err("a simulation thread panicked".into()))).collect()
    });
    let mut all: Vec<(u32, GameOutcome)> = Vec::with_capacity(games as usize);
    for r in results {
        all.extend(r?);
    }
    all.sort_by_key(|(g, _)| *g);
    let mut rep = SimReport { games, ..Default::default() };
    for (_, o) in all {
        *rep.wins.entry(o.winner).or_default() += 1;
        *rep.levels.entry(o.level).or_default() += 1;
        rep.commands.push(o.commands);
        rep.turns.push(o.turns);
        if o.record.is_some() {
            rep.first_game = o.record;
        }
    }
    Ok(rep)
}
