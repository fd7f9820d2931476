//! Restrictions in force until the end of the game turn (`EventEffect::Restrict`; engine gap
//! G19, ToO 6.3-6.4): which units may attack together, which contingents may be bought, and
//! which hexes take no new units. The rules that make attacks and placements ask here.

use crate::model::view::UnitView;
use crate::model::{Game, SpaceId, TurnState};
use crate::scenario::schema::Restriction;

/// The restriction in words, after "until the turn ends, <side> ".
#[must_use]
pub fn describe(r: &Restriction) -> String {
    match r {
        Restriction::AttackApart { groups, exempt } => {
            let g: Vec<String> = groups.iter().map(|x| x.join("+")).collect();
            let ex = if exempt.is_empty() { String::new() } else { format!(" ({} exempt)", exempt.join(", ")) };
            format!("may not attack with units of {} together{ex}", g.join(" and "))
        }
        Restriction::NoPurchase { contingents } => format!("may not buy units of {}", contingents.join(", ")),
        Restriction::NoPlacement { tags } => format!("may not place new units in hexes tagged {}", tags.join(", ")),
        Restriction::Crossing(c) => match &c.effect {
            crate::scenario::schema::CrossingEffect::Pay { track, amount } => format!("pays {amount} {track} for each region boundary its units cross"),
            crate::scenario::schema::CrossingEffect::Survival { .. } => "rolls for each region boundary its units cross".to_string(),
        },
        Restriction::SeaBan { zones, between_only: false } => format!("may not move units by sea in {}", zones.join(", ")),
        Restriction::SeaBan { zones, between_only: true } => format!("may not move units by sea between {} and other zones", zones.join(", ")),
        Restriction::NoAttack { unit_types } => format!("may not attack or support with {}", unit_types.join(", ")),
    }
}

/// Why `u` may take part in no attack now, if an event forbids it (ToO 6.4 Russian Naval
/// Superiority: the Goeben).
#[must_use]
pub fn attack_forbidden(game: &crate::model::Game, turn: &TurnState, u: &crate::model::view::UnitView) -> Option<String> {
    let ty = &game.scenario.unit_types[u.type_index].id;
    in_force(turn).find_map(|(s, r, cause)| match r {
        Restriction::NoAttack { unit_types } if *s == u.side && unit_types.contains(ty) => Some(format!("`{}` may take part in no attack ({cause})", u.id)),
        _ => None,
    })
}

/// The restrictions in force: for the rest of the game, then for the turn.
pub fn in_force(turn: &TurnState) -> impl Iterator<Item = &(usize, Restriction, String)> {
    turn.lasting_restrictions.iter().chain(&turn.restrictions)
}

/// How long a restriction lasts, in words.
fn how_long(turn: &TurnState, r: &(usize, Restriction, String)) -> &'static str {
    if turn.lasting_restrictions.iter().any(|x| std::ptr::eq(x, r)) { "for the rest of the game" } else { "this turn" }
}

/// Why these units of `side` may not attack together now, if they may not (6.3 German-Turkish
/// Friction, 6.4 Command Dispute, Inter-Allied Friction).
#[must_use]
pub fn attack_apart(game: &Game, turn: &TurnState, side: usize, attackers: &[&UnitView]) -> Option<String> {
    for entry in in_force(turn) {
        let (s, r, cause) = entry;
        let (true, Restriction::AttackApart { groups, exempt }) = (*s == side, r) else { continue };
        let when = how_long(turn, entry);
        let group_of = |u: &UnitView| {
            let t = &game.scenario.unit_types[u.type_index];
            if exempt.contains(&t.id) {
                return None;
            }
            groups.iter().position(|g| g.contains(&t.contingent))
        };
        let mut seen: Option<(usize, &str)> = None;
        for u in attackers {
            let Some(g) = group_of(u) else { continue };
            match seen {
                Some((first, id)) if first != g => return Some(format!("`{id}` and `{}` may not attack together {when} ({cause})", u.id)),
                Some(_) => {}
                None => seen = Some((g, &u.id)),
            }
        }
    }
    None
}

/// Why `side` may not buy a unit of contingent `contingent` now, if it may not (6.3 Orient
/// Express Disrupted).
#[must_use]
pub fn purchase_banned(turn: &TurnState, side: usize, contingent: &str) -> Option<String> {
    in_force(turn).find_map(|entry| match entry {
        (s, Restriction::NoPurchase { contingents }, cause) if *s == side && contingents.iter().any(|c| c == contingent) => {
            Some(format!("units of {contingent} may not be bought {} ({cause})", how_long(turn, entry)))
        }
        _ => None,
    })
}

/// Why `side` may not place a new unit in `space` now, if it may not (6.4 Home Government vs.
/// India Dispute).
#[must_use]
pub fn placement_banned(game: &Game, (turn, control): (&TurnState, &crate::model::Control), side: usize, space: SpaceId) -> Option<String> {
    in_force(turn).find_map(|entry| match entry {
        (s, Restriction::NoPlacement { tags: banned }, cause) if *s == side && banned.iter().any(|t| super::constructions::has_tag(game, control, space, t)) => {
            Some(format!("no new unit may be placed at {} {} ({cause})", game.board.key(space), how_long(turn, entry)))
        }
        _ => None,
    })
}
