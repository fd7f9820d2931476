//! Batch simulation: many complete games with random legal players, results by side and level.

use std::collections::BTreeMap;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64};

pub mod invariants;

use crate::bots::random::RandomPlayer;
use crate::scenario::Loaded;
use crate::session::{GameSetup, Session};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimReport {
    pub games: u32,
    pub wins: BTreeMap<String, u32>,
    pub levels: BTreeMap<String, u32>,
    /// Games by the number of commands they took (counts, so a report's size does not grow with
    /// the number of games).
    pub commands: BTreeMap<usize, u32>,
    /// Games by the number of game turns they completed.
    pub turns: BTreeMap<usize, u32>,
    /// The game kept to be replayed as a script (the first, or with `longest` the one that
    /// went furthest): its seed and every command.
    pub first_game: Option<(u64, Vec<crate::session::Command>)>,
    /// What the kept game is ranked by when the longest is kept: (turns, commands, the game's
    /// number), the most turns first, then the most commands, then the lowest number.
    kept: Option<(usize, usize, u32)>,
}

/// Whether `a` (turns, commands, game) ranks before `b` as the longest game.
fn longer(a: (usize, usize, u32), b: Option<(usize, usize, u32)>) -> bool {
    b.is_none_or(|b| (a.0, a.1, std::cmp::Reverse(a.2)) > (b.0, b.1, std::cmp::Reverse(b.2)))
}

impl SimReport {
    /// Adds one game's outcome.
    fn add(&mut self, o: GameOutcome) {
        *self.wins.entry(o.winner).or_default() += 1;
        *self.levels.entry(o.level).or_default() += 1;
        *self.commands.entry(o.commands).or_default() += 1;
        *self.turns.entry(o.turns).or_default() += 1;
        if o.record.is_some() && longer((o.turns, o.commands, o.game), self.kept) {
            self.first_game = o.record;
            self.kept = Some((o.turns, o.commands, o.game));
        }
    }

    /// Adds another report of games of the same run (every count is a sum: the order in which
    /// games are added never shows).
    fn merge(&mut self, other: SimReport) {
        for (k, n) in other.wins {
            *self.wins.entry(k).or_default() += n;
        }
        for (k, n) in other.levels {
            *self.levels.entry(k).or_default() += n;
        }
        for (k, n) in other.commands {
            *self.commands.entry(k).or_default() += n;
        }
        for (k, n) in other.turns {
            *self.turns.entry(k).or_default() += n;
        }
        if let Some(k) = other.kept
            && longer(k, self.kept)
        {
            self.first_game = other.first_game;
            self.kept = other.kept;
        }
    }
}

/// The least, the middle (the value at place `n / 2` of the `n` values in order) and the
/// greatest value counted in `counts`.
#[must_use]
pub fn min_median_max(counts: &BTreeMap<usize, u32>) -> Option<(usize, usize, usize)> {
    let n: u64 = counts.values().map(|c| u64::from(*c)).sum();
    let (&min, &max) = (counts.keys().next()?, counts.keys().next_back()?);
    let mut seen = 0u64;
    let median = counts.iter().find(|(_, c)| {
        seen += u64::from(**c);
        seen > n / 2
    })?;
    Some((min, *median.0, max))
}

/// Most commands one simulated game may take before it counts as stuck (`sim --max-commands`).
pub const MAX_COMMANDS_PER_GAME: usize = 200_000;

/// One game's outcome, for the report.
struct GameOutcome {
    winner: String,
    level: String,
    commands: usize,
    turns: usize,
    /// The game's seed and commands (kept for game 0 only, or for every game when the longest
    /// is looked for).
    record: Option<(u64, Vec<crate::session::Command>)>,
    game: u32,
}

/// The seed of game `g` of a run: it depends only on the run's seed and the game's number, so a
/// report is the same however the games are spread over threads.
#[must_use]
pub fn game_seed(seed: u64, g: u32) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(u64::from(g))
}

/// Plays game `g` in the thread's session (started on the first game, restarted for each one
/// after: the game is the same, its rules schedule is not built again). Any rejected generated
/// command is an error (a bug in the legal list), and so is a broken rule invariant after any
/// command ([`invariants::check_invariants`]).
fn play_game(loaded: &Arc<Loaded>, (seed, options, (longest, max_commands)): (u64, &BTreeSet<String>, (bool, usize)), g: u32, session: &mut Option<Session>) -> Result<GameOutcome, String> {
    let keep = g == 0 || longest;
    let game_seed = game_seed(seed, g);
    let setup = GameSetup { options: options.clone(), seed: game_seed, forced_dice: Vec::new() };
    let s = match session {
        Some(s) => {
            s.restart(setup)?;
            s
        }
        None => {
            let s = session.insert(Session::new(loaded.clone(), setup)?);
            // Its games are never saved: no checkpoint of theirs would ever be read, and no
            // log of theirs shown.
            s.takes_checkpoints = false;
            s.write_log(false);
            s
        }
    };
    let mut bot = RandomPlayer::new(game_seed ^ 0x5eed);
    let mut n = 0;
    let mut played = Vec::new();
    let mut checked = invariants::Checked::default();
    while !s.is_over() {
        if n >= max_commands {
            return Err(format!("game {g} (seed {game_seed}) did not end after {n} commands (the most a game may take: --max-commands)"));
        }
        let Some((cmd, applied)) = bot.play(s) else {
            let st = s.state(None);
            return Err(format!(
                "game {g} (seed {game_seed}): no legal command for {} in turn {} phase {} (prompt: {:?})",
                st.active_side.unwrap_or_default(),
                st.turn,
                st.phase,
                st.prompt
            ));
        };
        applied.map_err(|e| format!("game {g} (seed {game_seed}): generated command `{}` rejected: {e}", cmd.describe()))?;
        if keep {
            played.push(cmd.clone());
        }
        invariants::check_invariants_after(s, &mut checked).map_err(|e| format!("game {g} (seed {game_seed}): after command {} (`{}`): {e}", n + 1, cmd.describe()))?;
        n += 1;
    }
    let r = s.world.resource::<crate::model::TurnState>().result.clone().ok_or_else(|| format!("game {g} ended without a result"))?;
    Ok(GameOutcome {
        winner: r.winner.clone().unwrap_or_else(|| "draw".into()),
        level: r.level.clone(),
        commands: n,
        turns: s.world.resource::<crate::model::TurnState>().turn.min(s.game().scenario.turns.labels.len()),
        record: keep.then_some((game_seed, played)),
        game: g,
    })
}

/// Plays `games` games on one thread.
pub fn simulate(loaded: &Arc<Loaded>, games: u32, seed: u64) -> Result<SimReport, String> {
    simulate_on(loaded, games, seed, 1, &AtomicU32::new(0))
}

/// Plays `games` games on `threads` threads, counting the games done in `done`. Each thread
/// takes the next game not taken yet, so a thread slowed by the machine plays fewer of them.
/// The report is the same on any number of threads: each game's seed depends only on its
/// number, each thread adds its games into counts that are summed, and of games that fail the
/// lowest-numbered one is reported (every game before it was taken, and is played out).
pub fn simulate_on(loaded: &Arc<Loaded>, games: u32, seed: u64, threads: usize, done: &AtomicU32) -> Result<SimReport, String> {
    simulate_with(loaded, (games, seed, &Session::default_options(loaded)), (threads, false, MAX_COMMANDS_PER_GAME), done)
}

/// [`simulate_on`] with these options on (a scenario's variant) instead of its defaults; with
/// `longest`, the report keeps the game that went furthest instead of the first; a game still
/// on after `max_commands` commands fails the run.
pub fn simulate_with(loaded: &Arc<Loaded>, (games, seed, options): (u32, u64, &BTreeSet<String>), (threads, longest, max_commands): (usize, bool, usize), done: &AtomicU32) -> Result<SimReport, String> {
    let threads = threads.clamp(1, games.max(1) as usize);
    // Counted past `games` by one per thread at most: wide enough never to wrap.
    let next = AtomicU64::new(0);
    let failed = AtomicBool::new(false);
    let run = (games, seed, options, (longest, max_commands));
    let results: Vec<(SimReport, Option<(u32, String)>)> = std::thread::scope(|sc| {
        let workers: Vec<_> = (0..threads).map(|_| sc.spawn(|| play_taken(loaded, run, (&next, &failed, done)))).collect();
        // A game's panic is caught in `play_taken`: a thread that still panics failed outside
        // any game.
        workers.into_iter().map(|w| w.join().unwrap_or_else(|_| (SimReport::default(), Some((0, "a simulation thread panicked".into()))))).collect()
    });
    let mut rep = SimReport { games, ..Default::default() };
    let mut first_failure: Option<(u32, String)> = None;
    for (part, failure) in results {
        rep.merge(part);
        if let Some((g, e)) = failure
            && first_failure.as_ref().is_none_or(|(f, _)| g < *f)
        {
            first_failure = Some((g, e));
        }
    }
    if let Some((_, e)) = first_failure {
        return Err(e);
    }
    Ok(rep)
}

/// One thread's share of a run: it takes the next game not taken yet until none is left or a
/// game failed (after a failure no game is taken: the games before it are all taken). Its
/// report, and its failed game's number and error, if one failed.
fn play_taken(
    loaded: &Arc<Loaded>,
    (games, seed, options, play): (u32, u64, &BTreeSet<String>, (bool, usize)),
    (next, failed, done): (&AtomicU64, &AtomicBool, &AtomicU32),
) -> (SimReport, Option<(u32, String)>) {
    let mut part = SimReport::default();
    let mut session = None;
    while !failed.load(Relaxed) {
        let Ok(g) = u32::try_from(next.fetch_add(1, Relaxed)) else { break };
        if g >= games {
            break;
        }
        // A panic (a bug) is that game's failure like any other, so that the report names the
        // lowest-numbered game that failed either way; the thread's world is dropped with it.
        let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| play_game(loaded, (seed, options, play), g, &mut session)));
        let failure = match played {
            Ok(Ok(o)) => {
                part.add(o);
                None
            }
            Ok(Err(e)) => Some(e),
            Err(panic) => {
                session = None;
                let what = panic.downcast_ref::<&str>().map(|s| (*s).to_string()).or_else(|| panic.downcast_ref::<String>().cloned());
                Some(format!("game {g} (seed {}): the rules panicked: {}", game_seed(seed, g), what.unwrap_or_else(|| "no message".into())))
            }
        };
        if let Some(e) = failure {
            failed.store(true, Relaxed);
            return (part, Some((g, e)));
        }
        done.fetch_add(1, Relaxed);
    }
    (part, None)
}

#[cfg(test)]
mod tests {
    use super::min_median_max;

    #[test]
    fn the_median_of_counted_values_is_the_middle_value_in_order() {
        // 1, 2, 2, 5: the value at place 2.
        let counts = [(1, 1), (2, 2), (5, 1)].into_iter().collect();
        assert_eq!(min_median_max(&counts), Some((1, 2, 5)));
        // 1, 9, 9: place 1.
        let counts = [(1, 1), (9, 2)].into_iter().collect();
        assert_eq!(min_median_max(&counts), Some((1, 9, 9)));
        assert_eq!(min_median_max(&std::collections::BTreeMap::new()), None);
    }
}
