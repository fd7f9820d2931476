//! Unit levels and the counter mix (DI 8.1-8.5, 12.9): a level unit rises or falls by exchanging
//! its counter for one showing the new level, so a level is reachable only while a counter of it
//! is free. Going up never skips a level (a missing counter stops the rise); going down skips
//! past missing counters, and below the lowest level the unit is eliminated. Units with a single
//! level (unconventional units, 8.9) never change.
//!
//! The mix is counted per level shown, as the reference's worked cases of 8.4 read it: a type
//! whose mix entries name levels has exactly that many counters able to show each level; a type
//! whose entries name no level is limited only by its number of counters.

use crate::model::Game;
use crate::model::view::UnitsView;
use crate::scenario::schema::Strength;

/// What a level change does to a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelChange {
    /// No counter allows any change (or the unit has a single level).
    Same,
    To(u32),
    Eliminated,
}

/// Counters of type `t` able to show `level`, if the mix limits levels of this type.
#[must_use]
pub fn mix_at(game: &Game, t: usize, level: u32) -> Option<u32> {
    game.lookups.mix_at(t, level)
}

/// A counter of type `t` showing `level` is free (not on the map), leaving `except` out.
#[must_use]
pub fn free_at(game: &Game, units: &UnitsView, t: usize, level: u32, except: &str) -> bool {
    let Some(mix) = mix_at(game, t, level) else { return true };
    let used = units.all().iter().filter(|u| u.type_index == t && u.level == level && u.space().is_some() && &*u.id != except).count() as u32;
    used < mix
}

/// The lowest and highest level of a level type.
#[must_use]
pub fn range(game: &Game, t: usize) -> Option<(u32, u32)> {
    match &game.scenario.unit_types[t].strength {
        Strength::Levels { lowest, factors } => Some((*lowest, lowest + factors.len() as u32 - 1)),
        Strength::Steps(_) => None,
    }
}

/// The result of changing unit `id` (of type `t`, now at `level`) by `delta` levels.
#[must_use]
pub fn change_level(game: &Game, units: &UnitsView, id: &str, t: usize, level: u32, delta: i32) -> LevelChange {
    let Some((lowest, highest)) = range(game, t) else { return LevelChange::Same };
    if lowest == highest {
        // 8.5, 8.9: a single-level unit never rises; an unconventional unit never changes.
        let unconventional = game.scenario.unit_types[t].flags.contains(&crate::scenario::schema::UnitFlag::Unconventional);
        return if delta < 0 && !unconventional { LevelChange::Eliminated } else { LevelChange::Same };
    }
    if delta >= 0 {
        // 8.2, 8.4: one level at a time, stopping at the maximum or a missing counter.
        let mut to = level;
        for _ in 0..delta {
            if to < highest && free_at(game, units, t, to + 1, id) {
                to += 1;
            } else {
                break;
            }
        }
        return if to == level { LevelChange::Same } else { LevelChange::To(to) };
    }
    // 8.3, 8.4: down to the target, or lower while no counter of it is free.
    let mut to = i64::from(level) + i64::from(delta);
    while to >= i64::from(lowest) && !free_at(game, units, t, to as u32, id) {
        to -= 1;
    }
    if to < i64::from(lowest) { LevelChange::Eliminated } else { LevelChange::To(to as u32) }
}

/// The level a new unit of type `t` enters at: `wanted` if a counter of it is free, else none
/// (DI 12.2: a type whose level-1 counters are all in play cannot be recruited).
#[must_use]
pub fn entry_level(game: &Game, units: &UnitsView, t: usize, wanted: u32) -> Option<u32> {
    free_at(game, units, t, wanted, "").then_some(wanted)
}

/// DI 24.5, 12.5: the highest level of type `t` with a free counter.
#[must_use]
pub fn highest_free(game: &Game, units: &UnitsView, t: usize) -> Option<u32> {
    let (lowest, highest) = range(game, t)?;
    (lowest..=highest).rev().find(|l| free_at(game, units, t, *l, ""))
}
