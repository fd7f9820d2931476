//! Combat logistics (DI 27.9, optional): bases double a move through quiet districts, airmobile
//! units must start or end at a FOB, and the Kinetic table needs a base nearby (27.92) or, for
//! the CI's infiltration units, a FOB within reach by air (27.93).

use crate::scenario::board::SpaceKind;
use crate::model::view::{UnitView, UnitsView, factors, has_flag};
use super::type_id;
use crate::model::{Game, SpaceId};
use crate::scenario::schema::{UnitFlag};
use super::schema::Logistics;

use super::retreat::{friendly_base, neighbours, open_enemies};

/// The logistics rules, if their option is on.
#[must_use]
pub fn logistics(game: &Game) -> Option<&Logistics> {
    super::netwar(game)?.logistics.as_ref().filter(|l| game.options.contains(&l.option))
}

/// A friendly unit of the FOB types stands in the district.
fn friendly_fob(game: &Game, units: &UnitsView, area: SpaceId, side: usize, l: &Logistics) -> bool {
    std::iter::once(area).chain(game.board.slots_of(area)).any(|s| units.at(s).any(|u| u.side == side && l.fob_types.iter().any(|t| t == type_id(game, u))))
}

/// 27.9: the unit's move may use twice its allowance (it has not moved yet, starts in a district
/// with a friendly base and no open enemy, and is not airmobile).
#[must_use]
pub fn doubles(game: &Game, units: &UnitsView, u: &UnitView) -> bool {
    let Some(l) = logistics(game) else { return false };
    let Some(at) = u.space() else { return false };
    let area = game.board.area_of(at);
    u.activity.mp_used == 0 && !l.airmobile.iter().any(|t| t == type_id(game, u)) && friendly_base(game, units, area, u.side) && !open_enemies(units, area, u.side)
}

/// 27.91: an airmobile unit that does not start at a FOB district may only end at one.
pub fn airmobile_filter(game: &Game, units: &UnitsView, u: &UnitView, out: &mut Vec<crate::rules::movement::Destination>) {
    let Some(l) = logistics(game) else { return };
    let Some(at) = u.space() else { return };
    if !l.airmobile.iter().any(|t| t == type_id(game, u)) || friendly_fob(game, units, game.board.area_of(at), u.side, l) {
        return;
    }
    out.retain(|d| friendly_fob(game, units, game.board.area_of(d.space), u.side, l));
}

/// 27.92-27.93: why the attackers may not use `table` in `area`, if they may not.
#[must_use]
pub fn kinetic_rejection(game: &Game, units: &UnitsView, attackers: &[String], area: SpaceId, table: &str) -> Option<String> {
    let l = logistics(game)?;
    if !l.tables.iter().any(|t| t == table) {
        return None;
    }
    let first = units.get(attackers.first()?)?;
    let side = first.side;
    if friendly_base(game, units, area, side) || neighbours(game, area).into_iter().any(|n| friendly_base(game, units, n, side) && !open_enemies(units, n, side)) {
        return None;
    }
    // 27.93: air supply for the air side's infiltration units: a FOB district within their MF.
    let air = game.side_index(&l.air_side) == Some(side)
        && attackers.iter().filter_map(|a| units.get(a)).all(|u| has_flag(game, u.type_index, UnitFlag::Infiltration));
    if air {
        let reach = attackers.iter().filter_map(|a| units.get(a)).map(|u| factors(game, u.type_index, u.level).movement).min().unwrap_or(0);
        let mut seen = vec![area];
        let mut frontier = vec![area];
        for _ in 0..=reach {
            if frontier.iter().any(|d| friendly_fob(game, units, *d, side, l)) {
                return None;
            }
            let mut next = Vec::new();
            for d in frontier {
                for n in neighbours(game, d) {
                    if !seen.contains(&n) && matches!(game.board.spaces[n.index()].kind, SpaceKind::Area) {
                        seen.push(n);
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
    }
    Some(format!("the {table} table needs a friendly FOB or base zone in {} or next to it (27.92)", game.board.key(area)))
}
