//! Entry bans (`rules.entry_bans`, DI 13.7; `rules.region_bound`, ToO 9.12 and 27.2): spaces a
//! unit may never enter, by a move or any other way (a retreat, an advance, an entry, setup).

use crate::model::space_set::SpaceSet;
use crate::model::view::{UnitView, UnitsView};
use crate::model::{Game, SpaceId};

/// Spaces a unit may not enter (`rules.entry_bans`, DI 13.7): those of a ban on its contingent,
/// unless it is of the excepted type and fewer than the allowed number of its side's units of
/// that type stand in the ban's spaces.
#[must_use]
pub fn entry_bans(game: &Game, units: &UnitsView, unit: &UnitView) -> SpaceSet {
    entry_bans_keyed(game, units, unit).0.into_owned()
}

/// [`entry_bans`], and which of the unit type's bans hold (bit k for its k-th ban; `None` for a
/// type with more than 64): with the unit's type, the mask says what the set holds, so a search
/// remembered under it is keyed by a number, not by the set. The set is the board's empty set
/// or the one ban's own where no union is needed (the legal list asks for every unit).
#[must_use]
pub fn entry_bans_keyed<'g>(game: &'g Game, units: &UnitsView, unit: &UnitView) -> (std::borrow::Cow<'g, SpaceSet>, Option<u64>) {
    use std::borrow::Cow;
    let bans = game.lookups.bans(unit.type_index);
    let mut out = Cow::Borrowed(game.lookups.no_spaces());
    let mut mask = 0u64;
    let mut held = 0;
    for (k, ban) in bans.iter().enumerate() {
        if !ban_excepted(units, unit, ban) {
            held += 1;
            if held == 1 {
                out = Cow::Borrowed(&ban.set);
            } else {
                out.to_mut().union_with(&ban.set);
            }
            if k < 64 {
                mask |= 1 << k;
            }
        }
    }
    (out, (bans.len() <= 64).then_some(mask))
}

/// Whether a ban's exception lets the unit in: it is of the excepted type and fewer than the
/// allowed number of its side's units of that type stand in the ban's spaces (counted from the
/// index of the units of each space; the ban's spaces are distinct).
fn ban_excepted(units: &UnitsView, unit: &UnitView, ban: &crate::model::lookups::Ban) -> bool {
    ban.except.is_some_and(|(ty, max)| {
        let inside = |u: &&UnitView| u.rank != unit.rank && u.side == unit.side && u.type_index == ty;
        let count: usize = ban.spaces.iter().map(|s| units.at(*s).filter(inside).count()).sum();
        (count as u32) < max
    })
}

/// Whether one space is among the unit's [`entry_bans`] (without building the set: most
/// units have no ban at all).
#[must_use]
pub fn banned_from(game: &Game, units: &UnitsView, unit: &UnitView, space: SpaceId) -> bool {
    game.lookups.bans(unit.type_index).iter().any(|ban| ban.set.contains(space) && !ban_excepted(units, unit, ban))
}
