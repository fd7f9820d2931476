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
    let mut out = SpaceSet::new(game.board.len());
    for ban in game.lookups.bans(unit.type_index) {
        if !ban_excepted(units, unit, ban) {
            for s in &ban.spaces {
                out.insert(*s);
            }
        }
    }
    out
}

/// Whether a ban's exception lets the unit in: it is of the excepted type and fewer than the
/// allowed number of its side's units of that type stand in the ban's spaces.
fn ban_excepted(units: &UnitsView, unit: &UnitView, ban: &crate::model::lookups::Ban) -> bool {
    ban.except.is_some_and(|(ty, max)| {
        let inside = |u: &UnitView| u.rank != unit.rank && u.side == unit.side && u.type_index == ty && u.space().is_some_and(|s| ban.spaces.contains(&s));
        (units.all().iter().filter(|u| inside(u)).count() as u32) < max
    })
}

/// Whether one space is among the unit's [`entry_bans`] (without building the set: most
/// units have no ban at all).
#[must_use]
pub fn banned_from(game: &Game, units: &UnitsView, unit: &UnitView, space: SpaceId) -> bool {
    game.lookups.bans(unit.type_index).iter().any(|ban| ban.spaces.contains(&space) && !ban_excepted(units, unit, ban))
}
