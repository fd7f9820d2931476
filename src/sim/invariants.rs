//! Rule invariants that must hold after every command of any game: every unit id once (so no
//! unit is in two places), steps and levels within the counter's range, no side over the
//! stacking limit anywhere (moves and retreats end within it; where the limits hold only at the
//! ends of some phases, ToO 10.3, when such a phase has just ended), boxes within their capacity for
//! all sides together, no unit that never shares its hex (ToO 28.4) with another, no more units
//! at a level than the counter mix has, tracks within floor and cap.

use crate::model::Tracks;
use crate::model::Game;
use crate::model::Location;
use crate::model::units_now::UnitsNow;
use crate::model::view::{UnitView, UnitsView};
use crate::rules::stacking::{stacking_limit, stacking_points};
use crate::scenario::schema::Strength;
use crate::session::Session;

/// What the last check that found the units sound saw ([`check_invariants_after`]; starts
/// empty, and the first check reads every unit).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// The units' placement number then (`UnitsNow::placements`), and whether the stacking
    /// limits of every side held at that moment.
    seen: Option<(u64, bool)>,
    /// Each unit's placement then, by rank: what the units' invariants read of it.
    placed: Vec<Placed>,
    /// Units on the map by type and level then (12.9), `width` levels per type.
    at_level: Vec<u32>,
    width: usize,
}

/// A unit's location, level, side and type: all of it that the units' invariants read.
type Placed = (Location, u32, usize, usize);

impl Checked {
    /// The placement number and stacking flag of the last sound check, if any.
    #[must_use]
    pub fn seen(&self) -> Option<(u64, bool)> {
        self.seen
    }
}

fn placed(u: &UnitView) -> Placed {
    (u.location, u.level, u.side, u.type_index)
}

/// [`check_invariants`] after every command of a game (`checked` starts empty): the units'
/// invariants (which ask where units stand, at what level, whose they are and of what type, not
/// what they did this phase) are read again only if a unit was placed since they last held, or
/// the stacking limits of each side hold now and did not then; the tracks' always. When they
/// are read again with the same stacking rule as last time, only the units placed since are
/// checked, and the spaces they left or entered: every other space holds what it held when it
/// was found sound, and the limits and the counter mix do not change during a game.
pub fn check_invariants_after(s: &mut Session, checked: &mut Checked) -> Result<(), String> {
    let units = UnitsView::from_world(&mut s.world);
    // Each resource looked up once.
    let (game, tracks, units_now) = (s.world.resource::<crate::model::Game>(), s.world.resource::<Tracks>(), s.world.get_resource::<UnitsNow>());
    let per_side = crate::rules::stacking::checked_on_entry(game) || s.stacking_checked;
    let now = (units_now.map(UnitsNow::placements), s.stacking_checked);
    if let (Some(changes), Some(before)) = (now.0, checked.seen)
        && before == (changes, now.1)
    {
        return tracks_within(game, tracks);
    }
    // The units placed since the last sound check, if it read the limits as they are read now
    // and the view's record of placements goes back to it.
    let since = checked.seen.filter(|&(_, then)| then == now.1 && checked.placed.len() == units.all().len()).and_then(|(number, _)| units_now?.placed_since(number));
    let result = match since {
        Some(ranks) => {
            let found = check_placed_since(game, &units, per_side, checked, ranks);
            // Debug builds (the tests' random games) read every unit too: the same answer, and
            // the same counts by type and level.
            #[cfg(debug_assertions)]
            {
                let whole = check_units(game, &units, per_side);
                debug_assert_eq!(found, whole.as_ref().map(|_| ()).map_err(Clone::clone), "a check of the units placed since and a whole one agree");
                if let Ok((at_level, _)) = &whole {
                    debug_assert_eq!(&checked.at_level, at_level, "the counts by type and level kept true");
                    debug_assert!(checked.placed.iter().eq(units.all().iter().map(placed).collect::<Vec<_>>().iter()), "every unit placed since was read");
                }
            }
            found
        }
        None => check_units(game, &units, per_side).map(|(at_level, width)| {
            *checked = Checked { seen: None, placed: units.all().iter().map(placed).collect(), at_level, width };
        }),
    };
    // A broken state is not a sound one to compare the next check with.
    if let Err(e) = result.and_then(|()| tracks_within(game, tracks)) {
        *checked = Checked::default();
        return Err(e);
    }
    checked.seen = now.0.map(|c| (c, now.1));
    Ok(())
}

/// The first broken invariant, described.
pub fn check_invariants(s: &mut Session) -> Result<(), String> {
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game();
    // ToO 10.3: where limits hold only at the ends of some phases, a side may stand over them
    // in between; they are checked when such a phase has just ended.
    let per_side = crate::rules::stacking::checked_on_entry(game) || s.stacking_checked;
    check_units(game, &units, per_side)?;
    tracks_within(game, s.world.resource::<Tracks>())
}

/// The lowest level of a unit type, one past its highest, and whether it counts steps (a step
/// unit off the map may show any step).
fn level_bounds(game: &Game, t: usize) -> (u32, u32, bool) {
    match &game.scenario.unit_types[t].strength {
        Strength::Steps(f) => (0, f.len() as u32, true),
        Strength::Levels { lowest, factors } => (*lowest, lowest + factors.len() as u32, false),
    }
}

/// Whether a unit's level is within its counter.
fn level_within(u: &UnitView, (lowest, end, steps): (u32, u32, bool)) -> Result<(), String> {
    if (u.level < lowest || u.level >= end) && !(steps && u.space().is_none()) {
        return Err(format!("{} is at step or level {}, outside its counter", u.id, u.level));
    }
    Ok(())
}

/// Every unit's invariants, read whole: on success, the units on the map by type and level,
/// and the number of levels per type in that count.
fn check_units(game: &Game, units: &UnitsView, per_side: bool) -> Result<(Vec<u32>, usize), String> {
    // Ranks are given at spawn, one per id (the place of the id in sorted order): a unit twice
    // is a rank twice, found by comparing numbers, not text. Levels are checked against each
    // type's range, read once per type.
    let bounds: Vec<(u32, u32, bool)> = (0..game.scenario.unit_types.len()).map(|t| level_bounds(game, t)).collect();
    let mut previous = None;
    for u in units.all() {
        if previous == Some(u.rank) {
            return Err(format!("unit {} exists twice", u.id));
        }
        previous = Some(u.rank);
        level_within(u, bounds[u.type_index])?;
    }
    // Units per space and side, and per box of all sides, counted space by space from the
    // index of the units of each space (no look at units off the map). The same pass counts
    // the units in play by type and level (12.9, below).
    let width = bounds.iter().map(|&(_, end, _)| end as usize).max().unwrap_or(0).max(1);
    let mut at_level = vec![0u32; bounds.len() * width];
    let mut current = None;
    let mut count = SpaceCount::new(game);
    for (sp, u) in units.on_map() {
        at_level[u.type_index * width + u.level as usize] += 1;
        if current != Some(sp) {
            current = Some(sp);
            count.start(game, sp);
        }
        count.add(game, sp, u, per_side)?;
    }
    // ToO 28.4: a unit that never shares its hex stands alone, at every moment.
    if game.lookups.stacks_alone() {
        for (sp, u) in units.on_map() {
            alone(game, units, sp, u)?;
        }
    }
    // 12.9: never more units in play at a level than counters showing it (levels are within
    // the counter: checked above, before the counts index by them).
    for (i, &n) in at_level.iter().enumerate().filter(|(_, n)| **n > 0) {
        within_mix(game, i, n, width)?;
    }
    Ok((at_level, width))
}

/// The invariants of the units placed since the last sound check (`ranks`, from the units'
/// view; `checked`, brought up to date as it goes): their levels, the spaces they left or entered, and the counts by type
/// and level they raised. The first broken one found is the one a whole check would find
/// first: everything else is as it was when found sound.
fn check_placed_since(game: &Game, units: &UnitsView, per_side: bool, checked: &mut Checked, ranks: impl Iterator<Item = u32>) -> Result<(), String> {
    let width = checked.width;
    let mut spaces = Vec::new();
    let mut raised = Vec::new();
    // The view was patched unit by unit since it was read whole: each unit is still at its
    // rank, once. A unit placed twice since is read once, at the first.
    for rank in ranks {
        let (Some(u), Some(then)) = (units.all().get(rank as usize), checked.placed.get_mut(rank as usize)) else {
            return Err(format!("no unit of rank {rank}, though one was placed"));
        };
        let now = placed(u);
        if *then == now {
            continue;
        }
        level_within(u, level_bounds(game, u.type_index))?;
        let (old_at, old_level, _, old_type) = std::mem::replace(then, now);
        if let Some(sp) = old_at.space() {
            checked.at_level[old_type * width + old_level as usize] -= 1;
            spaces.push(sp);
        }
        if let Some(sp) = u.space() {
            let i = u.type_index * width + u.level as usize;
            checked.at_level[i] += 1;
            raised.push(i);
            spaces.push(sp);
        }
    }
    spaces.sort_unstable();
    spaces.dedup();
    let mut count = SpaceCount::new(game);
    for &sp in &spaces {
        count.start(game, sp);
        for u in units.at(sp) {
            count.add(game, sp, u, per_side)?;
        }
    }
    if game.lookups.stacks_alone() {
        for &sp in &spaces {
            for u in units.at(sp) {
                alone(game, units, sp, u)?;
            }
        }
    }
    raised.sort_unstable();
    raised.dedup();
    for i in raised {
        within_mix(game, i, checked.at_level[i], width)?;
    }
    Ok(())
}

/// The stacking points in one space, by side and for all sides together, counted unit by unit
/// (a count goes over its limit only when a unit is added to it: the limit is read once per
/// space).
struct SpaceCount {
    here: Vec<u32>,
    in_box: u32,
    limit: Option<u32>,
    slot: bool,
}

impl SpaceCount {
    fn new(game: &Game) -> Self {
        Self { here: vec![0; game.scenario.sides.len()], in_box: 0, limit: None, slot: false }
    }

    fn start(&mut self, game: &Game, sp: crate::model::SpaceId) {
        self.here.fill(0);
        self.in_box = 0;
        self.slot = matches!(game.board.spaces[sp.index()].kind, crate::scenario::board::SpaceKind::Slot { .. });
        self.limit = stacking_limit(game, sp);
    }

    /// `per_side`: the limits of each side hold now (ToO 10.3: where they hold only at the ends
    /// of some phases, a side may stand over them in between).
    fn add(&mut self, game: &Game, sp: crate::model::SpaceId, u: &UnitView, per_side: bool) -> Result<(), String> {
        let Some(limit) = self.limit else { return Ok(()) };
        let points = stacking_points(game, u.type_index);
        let n = &mut self.here[u.side];
        *n += points;
        if *n > limit && per_side {
            return Err(format!("{} holds {n} stacking points of {}, the limit is {limit}", game.board.key(sp), game.side_id(u.side)));
        }
        // DI 9.3, 17.2: a box (slot) holds its capacity in units of all sides together.
        if self.slot {
            self.in_box += points;
            if self.in_box > limit {
                return Err(format!("{} holds {} stacking points, its capacity is {limit}", game.board.key(sp), self.in_box));
            }
        }
        Ok(())
    }
}

/// ToO 28.4: whether the unit shares its hex though it, or a unit there, never does.
fn alone(game: &Game, units: &UnitsView, sp: crate::model::SpaceId, u: &UnitView) -> Result<(), String> {
    if crate::rules::stacking::alone_clash(game, units, sp, u.type_index, Some(u.rank)) {
        return Err(format!("{} shares {} though one of the units there never shares its hex", u.id, game.board.key(sp)));
    }
    Ok(())
}

/// 12.9: the `n` units in play of count index `i` (type and level) are no more than the
/// counters showing that level.
fn within_mix(game: &Game, i: usize, n: u32, width: usize) -> Result<(), String> {
    let (t, l) = (i / width, (i % width) as u32);
    if let Some(mix) = crate::rules::levels::mix_at(game, t, l)
        && n > mix
    {
        return Err(format!("{n} {} units at level {l} are in play, the counter mix has {mix}", game.scenario.unit_types[t].id));
    }
    Ok(())
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
