//! The set-up changes of an option that plays another scenario of the same game (ToO 36 on
//! the file of 35 and 37): its first turn, its front, the events already happened, what it
//! finds built.

use std::collections::BTreeSet;

use super::board::Board;
use super::schema::{OptionSetup, Scenario};
use super::validate::Ctx;
use super::validate_refs::{side_ref, space_ref};

/// Every reference of an option's set-up changes, with its field path under `p`.
pub(super) fn check(ctx: &mut Ctx, s: &Scenario, board: Option<&Board>, (p, os): (&str, &OptionSetup), sides: &BTreeSet<&str>) {
    if let Some(l) = &os.first_turn {
        if !s.turns.labels.contains(l) {
            ctx.err(format!("{p}.first_turn"), format!("unknown turn `{l}`"));
        }
        // Turn numbers would count from another turn: only a scenario without them may start later.
        let numbered = [
            (!s.reinforcements.is_empty(), "reinforcements"),
            (!s.rules.timers.is_empty(), "timers"),
            (!s.rules.declarations.is_empty(), "declarations"),
            (s.pools.iter().flat_map(|x| &x.chits).any(|c| c.added_on_turn > 1), "chits added on a turn"),
        ];
        for (_, what) in numbered.iter().filter(|(has, _)| *has) {
            ctx.err(format!("{p}.first_turn"), format!("a game that begins later cannot have turn-numbered {what}"));
        }
    }
    for (i, c) in os.initial_control.iter().enumerate() {
        let at = format!("{p}.initial_control[{i}]");
        side_ref(ctx, sides, &format!("{at}.side"), &c.side);
        for (j, k) in c.hexes.iter().enumerate() {
            space_ref(ctx, board, &format!("{at}.hexes[{j}]"), k);
        }
        for (j, (k, _)) in c.around.iter().enumerate() {
            space_ref(ctx, board, &format!("{at}.around[{j}]"), k);
        }
        for (j, r) in c.regions.iter().enumerate() {
            if board.is_some_and(|b| !b.spaces.iter().any(|x| x.region.as_ref() == Some(r))) {
                ctx.err(format!("{at}.regions[{j}]"), format!("no hex is in region `{r}`"));
            }
        }
    }
    for (i, (table, entry)) in os.happened.iter().enumerate() {
        match s.tables.events.iter().find(|t| &t.id == table) {
            None => ctx.err(format!("{p}.happened[{i}]"), format!("unknown event table `{table}`")),
            Some(t) if !t.entries.iter().any(|e| &e.name == entry) => {
                ctx.err(format!("{p}.happened[{i}]"), format!("`{table}` has no entry `{entry}`"));
            }
            Some(_) => {}
        }
        if s.rules.events.is_none() {
            ctx.err(format!("{p}.happened[{i}]"), "events happen only where `rules.events` is set");
        }
    }
    for (i, (hex, _)) in os.tags.iter().enumerate() {
        space_ref(ctx, board, &format!("{p}.tags[{i}]"), hex);
    }
    for (i, chain) in os.rail.iter().enumerate() {
        if chain.len() < 2 {
            ctx.err(format!("{p}.rail[{i}]"), "a railway joins at least two hexes");
        }
        for (j, k) in chain.iter().enumerate() {
            space_ref(ctx, board, &format!("{p}.rail[{i}][{j}]"), k);
        }
        let Some(b) = board else { continue };
        for (j, w) in chain.windows(2).enumerate() {
            if let (Some(a), Some(c)) = (b.space(&w[0]), b.space(&w[1]))
                && b.edge(a, c).is_none()
            {
                ctx.err(format!("{p}.rail[{i}][{}]", j + 1), format!("{} is not adjacent to {}", w[1], w[0]));
            }
        }
    }
}
