//! Rule invariants that must hold after every command of any game: every unit id once (so no
//! unit is in two places), steps and levels within the counter's range, no side over the
//! stacking limit anywhere (moves and retreats end within it; where the limits hold only at the
//! ends of some phases, ToO 10.3, when such a phase has just ended), boxes within their capacity for
//! all sides together, no more units at a level than the counter mix has, tracks within floor
//! and cap.

use crate::model::Tracks;
use crate::model::view::UnitsView;
use crate::rules::stacking::{stacking_limit, stacking_points};
use crate::scenario::schema::Strength;
use crate::session::Session;

/// The first broken invariant, described.
pub fn check_invariants(s: &mut Session) -> Result<(), String> {
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game();
    // Ranks are given at spawn, one per id (the place of the id in sorted order): a unit twice
    // is a rank twice, found by comparing numbers, not text.
    for w in units.all().windows(2) {
        if w[0].rank == w[1].rank {
            return Err(format!("unit {} exists twice", w[0].id));
        }
    }
    for u in units.all() {
        let ok = match &game.scenario.unit_types[u.type_index].strength {
            Strength::Steps(f) => (u.level as usize) < f.len() || u.space().is_none(),
            Strength::Levels { lowest, factors } => u.level >= *lowest && u.level < lowest + factors.len() as u32,
        };
        if !ok {
            return Err(format!("{} is at step or level {}, outside its counter", u.id, u.level));
        }
    }
    // Units per space and side, and per box of all sides, counted in one pass over the units:
    // a count goes over its limit only when a unit is added to it, so the limit is read there
    // (not for every space of the board).
    let sides = game.scenario.sides.len();
    // ToO 10.3: where limits hold only at the ends of some phases, a side may stand over them
    // in between; they are checked when such a phase has just ended.
    let per_side = crate::rules::stacking::checked_on_entry(game) || s.stacking_checked;
    let mut here = vec![0u32; game.board.len() * sides];
    let mut in_box = vec![0u32; game.board.len()];
    for u in units.all() {
        let Some(sp) = u.space() else { continue };
        let Some(limit) = stacking_limit(game, sp) else { continue };
        let points = stacking_points(game, u.type_index);
        let n = &mut here[sp.index() * sides + u.side];
        *n += points;
        if *n > limit && per_side {
            return Err(format!("{} holds {n} stacking points of {}, the limit is {limit}", game.board.key(sp), game.side_id(u.side)));
        }
        // DI 9.3, 17.2: a box (slot) holds its capacity in units of all sides together.
        if let crate::scenario::board::SpaceKind::Slot { .. } = game.board.spaces[sp.index()].kind {
            let n = &mut in_box[sp.index()];
            *n += points;
            if *n > limit {
                return Err(format!("{} holds {n} stacking points, its capacity is {limit}", game.board.key(sp)));
            }
        }
    }
    // 12.9: never more units in play at a level than counters showing it.
    // Counted in a table by type and level (levels are checked within the counter above).
    let width = game.scenario.unit_types.iter().map(|t| match &t.strength {
        Strength::Steps(f) => f.len(),
        Strength::Levels { lowest, factors } => *lowest as usize + factors.len(),
    });
    let width = width.max().unwrap_or(0).max(1);
    let mut at_level = vec![0u32; game.scenario.unit_types.len() * width];
    for u in units.all().iter().filter(|u| u.space().is_some()) {
        at_level[u.type_index * width + u.level as usize] += 1;
    }
    for (i, &n) in at_level.iter().enumerate().filter(|(_, n)| **n > 0) {
        let (t, l) = (i / width, (i % width) as u32);
        if let Some(mix) = crate::rules::levels::mix_at(game, t, l)
            && n > mix
        {
            return Err(format!("{n} {} units at level {l} are in play, the counter mix has {mix}", game.scenario.unit_types[t].id));
        }
    }
    let tracks = s.world.resource::<Tracks>();
    for (t, v) in game.scenario.tracks.iter().zip(&tracks.0) {
        if *v < t.floor || *v > t.cap {
            return Err(format!("track {} is {v}, outside {}..{}", t.id, t.floor, t.cap));
        }
    }
    Ok(())
}
