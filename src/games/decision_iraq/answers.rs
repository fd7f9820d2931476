//! The answers the Netwar prompts accept, for the legal-command list (random players, the
//! client's prompt buttons): every choice where there are few, a spread of them where there are
//! many.

use super::vocabulary::{DiCommand, DiPrompt, di_prompt};
use crate::model::Game;
use crate::model::command::Command;
use crate::model::prompt::Prompt;

/// At most this many answers are listed for one prompt.
const LIMIT: usize = 32;

/// Legal answers to a Netwar prompt.
#[must_use]
pub fn answer_options(game: &Game, prompt: &Prompt) -> Vec<Command> {
    let mut out = Vec::new();
    match di_prompt(prompt) {
        Some(DiPrompt::NetwarPoints { .. }) => {
            out.push(DiCommand::NetwarPoints { subtract: false }.into());
            out.push(DiCommand::NetwarPoints { subtract: true }.into());
        }
        Some(DiPrompt::Airstrike { columns, .. }) => {
            let mut out: Vec<Command> = vec![DiCommand::Airstrike { column: None }.into()];
            out.extend(columns.iter().map(|c| Command::from(DiCommand::Airstrike { column: Some(c.clone()) })));
            return out;
        }
        None => {}
    }
    match prompt {
        Prompt::PickUnits { units: ids, count, .. } => {
            for pick in combinations(ids, *count as usize, LIMIT) {
                out.push(Command::PickUnits { units: crate::model::command::names(&pick) });
            }
        }
        Prompt::Retreat { options, may_stay, .. } => {
            if !may_stay.is_empty() {
                out.push(Command::RetreatTo { moves: Vec::new() });
            }
            for offset in 0..8 {
                let mut moves: Vec<(crate::model::command::Name, crate::model::command::Name)> = Vec::new();
                for (i, (u, d)) in options.iter().enumerate() {
                    if d.is_empty() {
                        continue;
                    }
                    // The first destination from a rotating start that no earlier unit took
                    // (a box holds one unit).
                    let pick = (0..d.len()).map(|k| &d[(offset + i + k) % d.len()]).find(|t| !moves.iter().any(|(_, x)| x == *t && t.contains('/')));
                    if let Some(t) = pick {
                        moves.push((u.into(), t.into()));
                    }
                }
                let cmd = Command::RetreatTo { moves };
                if !out.contains(&cmd) {
                    out.push(cmd);
                }
            }
        }
        Prompt::PlaceUnit { options, optional, .. } => {
            for (unit, spaces) in options {
                for s in spaces {
                    out.push(Command::Place { unit: unit.into(), at: s.into() });
                }
            }
            if *optional {
                out.push(Command::Pass);
            }
            return out;
        }
        Prompt::ChooseSpace { spaces, .. } => {
            return spaces.iter().map(|s| Command::ChooseSpace { space: s.into() }).collect();
        }
        _ => {}
    }
    out.retain(|c| super::conflict_answers::answer_rejection(game, Some(prompt), c).is_none());
    out
}

/// Up to `limit` of the `k`-element subsets of `ids`, in lexicographic order of positions.
#[must_use]
pub fn combinations(ids: &[String], k: usize, limit: usize) -> Vec<Vec<String>> {
    let n = ids.len();
    if k > n {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        out.push(idx.iter().map(|&i| ids[i].clone()).collect());
        if out.len() >= limit {
            return out;
        }
        // The rightmost position that can still move right.
        let Some(i) = (0..k).rev().find(|&i| idx[i] < n - k + i) else { return out };
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}
