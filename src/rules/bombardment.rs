//! Support from the sea and bombardment (ToO 19; engine gap G26). A support unit whose role
//! names sea zones (`support.from_sea`) reaches a coastal target from an all-sea hex of one of
//! them, wherever it stands (19.1, 19.6). A role naming `alone_against` lets such units attack
//! a hex holding those enemy units with no other units: only those defend, nobody retreats or
//! pursues, and the hex counts as bombarded, not attacked (19.2, A26); an option may switch
//! that on (33.2: air bases against air bases, optional). Before its combat, each
//! unit that reaches the target only through a hazardous zone rolls once (19.7).

use super::events::Facts;
use super::losses::LossQuery;
use super::note::CommandCtx;
use crate::model::dice::Dice;
use crate::model::log::LogKind;
use crate::model::view::{UnitView, UnitsView};
use crate::model::{Game, Location, SpaceId, TurnState};
use crate::scenario::schema::{Restriction, SupportRole};

/// A support unit of an attack, its attack strength and its role.
pub type Supporter<'u, 'g> = (&'u UnitView, u32, &'g SupportRole);

/// The sea zones (bits by their place in `map.sea_zones`) from which a unit of `role` of
/// `side` may support an attack on `target` now: the target's coastal zones among the role's,
/// less those an event closes to the side (ToO 6.4).
#[must_use]
pub fn sea_reach(game: &Game, turn: &TurnState, side: usize, role: &SupportRole, target: SpaceId) -> u64 {
    let mut open = game.lookups.sea_zones(target) & super::sea_moves::zone_bits(game, &role.from_sea);
    for (s, r, _) in super::restrictions::in_force(turn) {
        if let (true, Restriction::SeaBan { zones, between_only: false }) = (*s == side, r) {
            open &= !super::sea_moves::zone_bits(game, zones);
        }
    }
    open
}

/// Whether support unit `u` reaches `target`: from the sea (19.1), or within its range of one
/// of the hexes in `from` (the attacking units' hexes; ToO 17.2, 18.3), or, attacking alone,
/// of the target itself.
pub fn reaches(game: &Game, turn: &TurnState, (u, role): (&UnitView, &SupportRole), from: &[SpaceId], target: SpaceId) -> Result<(), String> {
    if !role.from_sea.is_empty() {
        if sea_reach(game, turn, u.side, role, target) == 0 {
            return Err(format!("`{}` supports only from the sea, and {} is on no coast of a sea zone open to it", u.id, game.board.key(target)));
        }
        return Ok(());
    }
    let range = game.scenario.unit_types[u.type_index].support_range.unwrap_or(0);
    let near = |g: SpaceId| u.space().is_some_and(|s| game.board.distance(s, g).is_some_and(|d| d <= range));
    let within = if from.is_empty() { near(target) } else { from.iter().copied().any(near) };
    if within {
        Ok(())
    } else if from.is_empty() {
        Err(format!("`{}` is not within {range} hexes of {}", u.id, game.board.key(target)))
    } else {
        Err(format!("`{}` is not within {range} hexes of an attacking unit", u.id))
    }
}

/// The enemy unit types a support unit of `role` may attack alone now: its `alone_against`,
/// unless the option that switches them on is off (ToO 33.2).
#[must_use]
pub fn alone_targets<'r>(game: &Game, role: &'r SupportRole) -> &'r [String] {
    match &role.alone_option {
        Some(o) if !game.options.contains(o) => &[],
        _ => &role.alone_against,
    }
}

/// ToO 19.2: the defenders of an attack by support units alone: the enemy units at `target` of
/// a type that every one of them may attack alone. An error if one of them may not attack
/// alone, or the target holds no such unit, or the hex was attacked or bombarded this phase
/// (A26: one bombardment, before the hex's attack).
pub fn alone_defenders(game: &Game, turn: &TurnState, units: &UnitsView, supporting: &[Supporter], target: SpaceId) -> Result<Vec<String>, String> {
    let key = game.board.key(target);
    if let Some((u, ..)) = supporting.iter().find(|(_, _, r)| alone_targets(game, r).is_empty()) {
        return Err(format!("`{}` adds to an attack by other units; support units never attack alone", u.id));
    }
    if turn.bombarded.contains(&target) {
        return Err(format!("{key} has already been bombarded this phase"));
    }
    let side = supporting.first().map_or(0, |(u, ..)| u.side);
    let may = |ty: &str| supporting.iter().all(|(_, _, r)| alone_targets(game, r).iter().any(|x| x == ty));
    let defenders: Vec<String> = units.at(target).filter(|d| d.side != side && may(&game.scenario.unit_types[d.type_index].id)).map(|d| String::from(&*d.id)).collect();
    if defenders.is_empty() {
        let wanted: Vec<&str> = supporting.first().map(|(_, _, r)| alone_targets(game, r).iter().map(String::as_str).collect()).unwrap_or_default();
        return Err(format!("support units attack alone only a hex holding an enemy {}; {key} holds none", wanted.join(" or ")));
    }
    Ok(defenders)
}

/// The hazards (by their place in `rules.sea_moves.hazards`) that roll for support unit `u`
/// reaching `target` from the sea: those of the zone it supports from, the open zone with the
/// fewest rolls (the first in zone order of those); none for a unit supporting from its range.
#[must_use]
pub fn hazards_for(facts: Facts, u: &UnitView, role: &SupportRole, target: SpaceId) -> Vec<usize> {
    let game = facts.game;
    let Some(sea) = game.scenario.rules.sea_moves.as_ref() else { return Vec::new() };
    if role.from_sea.is_empty() {
        return Vec::new();
    }
    let open = sea_reach(game, facts.turn, u.side, role, target);
    let contingent = &game.scenario.unit_types[u.type_index].contingent;
    let rolls = |z: usize| -> Vec<usize> {
        let bit = 1u64 << z;
        sea.hazards
            .iter()
            .enumerate()
            .filter(|(_, h)| super::sea_moves::zone_bits(game, std::slice::from_ref(&h.zone)) & bit != 0)
            .filter(|(_, h)| h.contingents.contains(contingent) && !h.unless.iter().any(|w| super::events::condition_holds(facts, w)))
            .map(|(i, _)| i)
            .collect()
    };
    (0..64).filter(|z| open & 1 << z != 0).map(rolls).min_by_key(Vec::len).unwrap_or_default()
}

/// ToO 19.7: the support units among `attackers` that reach `target` through a hazardous
/// zone, each with the hazards it rolls.
#[must_use]
pub fn hazards_of(facts: Facts, attackers: &[String], target: SpaceId) -> Vec<(String, Vec<usize>)> {
    let game = facts.game;
    attackers
        .iter()
        .filter_map(|id| {
            let u = facts.units.get(id)?;
            let role = game.scenario.unit_types[u.type_index].support.as_ref()?;
            let rolls = hazards_for(facts, u, role, target);
            (!rolls.is_empty()).then(|| (id.clone(), rolls))
        })
        .collect()
}

/// ToO 19.7: each unit of `rolls` ([`hazards_of`]) rolls once, after the attack was named and
/// before its combat; the lost ones are eliminated and take no part. Returns them.
pub fn hazard_rolls(ctx: &mut CommandCtx, dice: &mut Dice, q: &mut LossQuery, rolls: &[(String, Vec<usize>)], target: SpaceId) -> Vec<String> {
    let game = ctx.game.clone();
    let Some(sea) = game.scenario.rules.sea_moves.as_ref() else { return Vec::new() };
    let key = game.board.key(target).to_string();
    let mut lost = Vec::new();
    for (id, hazards) in rolls {
        for &h in hazards {
            let hz = &sea.hazards[h];
            let zone = super::sea_moves::zone_name_of(&game, &hz.zone);
            let cause = hz.rule.as_deref().map(|r| format!(" ({r})")).unwrap_or_default();
            let roll = dice.roll_spec(hz.dice, &format!("{id} enters {zone} to support the attack on {key}{cause}"));
            if (hz.lost.0..=hz.lost.1).contains(&roll) {
                if let Some((_, mut loc, ..)) = q.unit_mut(id) {
                    *loc = Location::Eliminated;
                }
                ctx.log(LogKind::Loss, format_args!("{id} enters {zone}: rolled {roll}, it is lost{cause}"), Some(key.clone()));
                lost.push(id.clone());
                break;
            }
            ctx.log(LogKind::Roll, format_args!("{id} enters {zone}: rolled {roll}, it comes through{cause}"), Some(key.clone()));
        }
    }
    lost
}
