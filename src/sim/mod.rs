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

/// Plays `games` games. Any rejected generated command is an error (a bug in the legal list), and
/// so is a broken rule invariant after any command ([`invariants::check_invariants`]).
pub fn simulate(loaded: &Arc<Loaded>, games: u32, seed: u64) -> Result<SimReport, String> {
    let mut rep = SimReport { games, ..Default::default() };
    for g in 0..games {
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(u64::from(g));
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
            invariants::check_invariants(&mut s)
                .map_err(|e| format!("game {g} (seed {game_seed}): after command {} (`{}`): {e}", n + 1, cmd.describe()))?;
            n += 1;
            if n > MAX_COMMANDS_PER_GAME {
                return Err(format!("game {g} (seed {game_seed}) did not end after {n} commands"));
            }
        }
        let st = s.state(None);
        let r = st.result.ok_or_else(|| format!("game {g} ended without a result"))?;
        *rep.wins.entry(r.winner.clone().unwrap_or_else(|| "draw".into())).or_default() += 1;
        *rep.levels.entry(r.level.clone()).or_default() += 1;
        if g == 0 {
            rep.first_game = Some((game_seed, played));
        }
        rep.commands.push(n);
        rep.turns.push(s.world.resource::<crate::model::TurnState>().turn.min(s.game().scenario.turns.labels.len()));
    }
    Ok(rep)
}
