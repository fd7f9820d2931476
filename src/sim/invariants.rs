//! Rule invariants that must hold after every command of any game: every unit id once (so no
//! unit is in two places), steps and levels within the counter's range, no side over the
//! stacking limit anywhere (moves and retreats end within it; where the limits hold only at the
//! ends of some phases, ToO 10.3, when such a phase has just ended), boxes within their capacity for
//! all sides together, no unit that never shares its hex (ToO 28.4) with another, no more units
//! at a level than the counter mix has, tracks within floor and cap.

use crate::model::Tracks;
use crate::model::view::UnitsView;
use crate::rules::stacking::{stacking_limit, stacking_points};
use crate::scenario::schema::Strength;
use crate::session::Session;

/// The units as they stood at the last check that found them sound: their placement number
/// then (`UnitsNow::placements`), and whether the stacking limits of every side held at that
/// moment.
pub type Checked = Option<(u64, bool)>;

/// [`check_invariants`] after every command of a game (`checked` starts as `None`): the units'
/// invariants (which ask where units stand, at what level, whose they are and of what type, not
/// what they did this phase) are read again only if a unit was placed since they last held, or
/// the stacking limits of each side hold now and did not then; the tracks' always.
pub fn check_invariants_after(s: &mut Session, checked: &mut Checked) -> Result<(), String> {
    UnitsView::from_world(&mut s.world);
    let now = (s.world.get_resource::<crate::model::units_now::UnitsNow>().map(|n| n.placements()), s.stacking_checked);
    if let (Some(changes), Some(before)) = (now.0, *checked)
        && before == (changes, now.1)
    {
        return tracks_within(s.game(), s.world.resource::<Tracks>());
    }
    check_invariants(s)?;
    *checked = now.0.map(|c| (c, now.1));
    Ok(())
}

/// The first broken invariant, described.
pub fn check_invariants(s: &mut Session) -> Result<(), String> {
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game();
    // Ranks are given at spawn, one per id (the place of the id in sorted order): a unit twice
    // is a rank twice, found by comparing numbers, not text. Levels are checked against each
    // type's range, read once per type (a step unit off the map may show any step).
    let bounds: Vec<(u32, u32, bool)> = game
        .scenario
        .unit_types
        .iter()
        .map(|t| match &t.strength {
            Strength::Steps(f) => (0, f.len() as u32, true),
            Strength::Levels { lowest, factors } => (*lowest, lowest + factors.len() as u32, false),
        })
        .collect();
    let mut previous = None;
    for u in units.all() {
        if previous == Some(u.rank) {
            return Err(format!("unit {} exists twice", u.id));
        }
        previous = Some(u.rank);
        let (lowest, end, steps) = bounds[u.type_index];
        if (u.level < lowest || u.level >= end) && !(steps && u.space().is_none()) {
            return Err(format!("{} is at step or level {}, outside its counter", u.id, u.level));
        }
    }
    // Units per space and side, and per box of all sides, counted space by space from the
    // index of the units of each space (no look at units off the map): a count goes over its
    // limit only when a unit is added to it, so the limit is read once per space. The same
    // pass counts the units in play by type and level (12.9, below).
    let sides = game.scenario.sides.len();
    // ToO 10.3: where limits hold only at the ends of some phases, a side may stand over them
    // in between; they are checked when such a phase has just ended.
    let per_side = crate::rules::stacking::checked_on_entry(game) || s.stacking_checked;
    let width = bounds.iter().map(|&(_, end, _)| end as usize).max().unwrap_or(0).max(1);
    let mut at_level = vec![0u32; bounds.len() * width];
    let mut here = vec![0u32; sides];
    let mut in_box = 0u32;
    let mut current: Option<(crate::model::SpaceId, Option<u32>, bool)> = None;
    for (sp, u) in units.on_map() {
        at_level[u.type_index * width + u.level as usize] += 1;
        if current.is_none_or(|(c, ..)| c != sp) {
            here.fill(0);
            in_box = 0;
            let slot = matches!(game.board.spaces[sp.index()].kind, crate::scenario::board::SpaceKind::Slot { .. });
            current = Some((sp, stacking_limit(game, sp), slot));
        }
        let Some((_, Some(limit), slot)) = current else { continue };
        let points = stacking_points(game, u.type_index);
        let n = &mut here[u.side];
        *n += points;
        if *n > limit && per_side {
            return Err(format!("{} holds {n} stacking points of {}, the limit is {limit}", game.board.key(sp), game.side_id(u.side)));
        }
        // DI 9.3, 17.2: a box (slot) holds its capacity in units of all sides together.
        if slot {
            in_box += points;
            if in_box > limit {
                return Err(format!("{} holds {in_box} stacking points, its capacity is {limit}", game.board.key(sp)));
            }
        }
    }
    // ToO 28.4: a unit that never shares its hex stands alone, at every moment.
    if game.lookups.stacks_alone() {
        for (sp, u) in units.on_map() {
            if crate::rules::stacking::alone_clash(game, &units, sp, u.type_index, Some(u.rank)) {
                return Err(format!("{} shares {} though one of the units there never shares its hex", u.id, game.board.key(sp)));
            }
        }
    }
    // 12.9: never more units in play at a level than counters showing it (levels are within
    // the counter: checked above, before the counts index by them).
    for (i, &n) in at_level.iter().enumerate().filter(|(_, n)| **n > 0) {
        let (t, l) = (i / width, (i % width) as u32);
        if let Some(mix) = crate::rules::levels::mix_at(game, t, l)
            && n > mix
        {
            return Err(format!("{n} {} units at level {l} are in play, the counter mix has {mix}", game.scenario.unit_types[t].id));
        }
    }
    tracks_within(game, s.world.resource::<Tracks>())
}

/// Every track within its floor and cap.
fn tracks_within(game: &crate::model::Game, tracks: &Tracks) -> Result<(), String> {
    for (t, v) in game.scenario.tracks.iter().zip(&tracks.0) {
        if *v < t.floor || *v > t.cap {
            return Err(format!("track {} is {v}, outside {}..{}", t.id, t.floor, t.cap));
        }
    }
    Ok(())
}
