//! Purchases on hex maps (ToO 7.2-7.9; engine gap G17): in its own Mobilization phase a side
//! pays track points for a counter of the mix that is not in play and places it at once where
//! a placement rule allows. Prices, year and option gates, once-only counters, counters that are
//! never replaced, caps per game turn and per hex, and hexes by tag, region and control are the
//! scenario's data (`rules.purchases`).

use bevy::prelude::*;

use super::RulesSystems;
use super::note::CommandCtx;
use crate::model::command::Command;
use crate::model::log::LogKind;
use crate::model::view::{UnitView, UnitsView};
use crate::model::{Control, Game, Location, SpaceId, Tracks, TurnState};
use crate::scenario::schema::{MoveCost, PhaseKind, PlaceControl, PlacementRule, PurchaseRules, UnitCost};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    if s.uses(|sc| sc.rules.purchases.is_some()) {
        s.on(|c| matches!(c, Command::Recruit { .. }), recruit.in_set(RulesSystems::Movement));
    }
}

/// Whether counters of this type are bought once a game (ToO 23.1: gone for good once lost or
/// withdrawn).
#[must_use]
pub fn once_only(game: &Game, type_index: usize) -> bool {
    let id = &game.scenario.unit_types[type_index].id;
    game.scenario.rules.purchases.as_ref().is_some_and(|r| r.costs.iter().any(|c| c.once && c.unit_type == *id))
}

/// The price of a unit type, and its index, if it may ever be bought.
fn price<'a>(rules: &'a PurchaseRules, game: &Game, unit_type: &str) -> Option<(usize, &'a UnitCost)> {
    let c = rules.costs.iter().find(|c| c.unit_type == unit_type)?;
    Some((game.scenario.unit_types.iter().position(|t| t.id == unit_type)?, c))
}

/// The counter a purchase of type `t` takes: the first by id in the pool, else the first
/// eliminated one where it may be replaced (7.9); never a once-only counter bought before.
fn counter<'u>(units: &'u UnitsView, turn: &TurnState, t: usize, cost: &UnitCost) -> Option<&'u UnitView> {
    let free = |u: &&UnitView| u.type_index == t && !(cost.once && turn.bought_once.contains(&*u.id));
    let pool = units.all().iter().filter(free).find(|u| u.location == Location::Pool);
    let replaceable = cost.replaceable && !cost.once;
    pool.or_else(|| units.all().iter().filter(free).find(|u| replaceable && u.location == Location::Eliminated))
}

/// The counter `side` would buy for `unit_type` now wherever it goes, or why it may not buy one
/// (the checks of [`purchase_rejection`] that do not depend on the hex).
fn buyable_counter(game: &Game, turn: &TurnState, (tracks, units): (&Tracks, &UnitsView), side: usize, unit_type: &str) -> Result<String, String> {
    let Some(rules) = &game.scenario.rules.purchases else { return Err("units are not bought in this scenario".into()) };
    let phase = turn.current_phase(game).filter(|_| turn.setup.is_none()).ok_or("units are bought in the side's own Mobilization phase")?;
    if phase.kind != PhaseKind::Mobilization || turn.actor(game, phase) != Some(side) {
        return Err("units are bought in the side's own Mobilization phase (7.1)".into());
    }
    let (t, cost) = price(rules, game, unit_type).ok_or_else(|| format!("`{unit_type}` cannot be bought"))?;
    let name = &game.scenario.unit_types[t].name;
    let from_year = match &cost.option_from_year {
        Some((o, y)) if game.options.contains(o) => Some(*y),
        _ => cost.from_year,
    };
    if let Some(y) = from_year
        && game.scenario.turns.calendar.get(turn.turn).is_none_or(|d| d.year < y)
    {
        return Err(format!("{name} may be bought from {y} on (7.2)"));
    }
    if let Some(o) = &cost.option
        && !game.options.contains(o)
    {
        return Err(format!("{name} is bought only with the optional rule `{o}`"));
    }
    if let Some(o) = &cost.unless_option
        && game.options.contains(o)
    {
        let what = game.scenario.options.iter().find(|x| &x.id == o).map_or(o.as_str(), |x| x.name.as_str());
        return Err(format!("{name} is never bought in this game ({what})"));
    }
    let track = rules.tracks.iter().find(|(s, _)| game.side_index(s) == Some(side)).and_then(|(_, tr)| game.track_index(tr));
    let track = track.ok_or_else(|| format!("{} pays with no track", game.side_id(side)))?;
    let keep = rules.keep_at_least.unwrap_or(game.scenario.tracks[track].floor);
    let have = tracks.0[track];
    // 5.4: never spent down below what must be kept.
    if have - cost.cost < keep {
        return Err(format!("{name} costs {} and {} is {have}: it may not go below {keep} (5.4)", cost.cost, game.scenario.tracks[track].name));
    }
    let ty = &game.scenario.unit_types[t];
    if let Some(why) = super::restrictions::purchase_banned(turn, side, &ty.contingent) {
        return Err(why);
    }
    for cap in rules.per_turn.iter().filter(|c| game.side_index(&c.side) == Some(side)) {
        let counts = |c: &str, id: &str| (cap.contingents.is_empty() || cap.contingents.iter().any(|x| x == c)) && (cap.unit_types.is_empty() || cap.unit_types.iter().any(|x| x == id));
        if !counts(&ty.contingent, &ty.id) {
            continue;
        }
        let made = turn.bought.iter().filter(|(s, u, _)| *s == side && units.get(u).is_some_and(|b| {
            let bt = &game.scenario.unit_types[b.type_index];
            counts(&bt.contingent, &bt.id)
        })).count() as u32;
        if made >= cap.max {
            return Err(format!("{} buys at most {} such unit(s) a turn (7.5)", game.side_id(side), cap.max));
        }
    }
    let c = counter(units, turn, t, cost).ok_or_else(|| format!("no counter of {name} is free to buy (7.2, 7.9)"))?;
    Ok(String::from(&*c.id))
}

/// Whether a placement rule lets the unit `u` (of `side`) into `space`, leaving aside the
/// checks every placement makes.
fn rule_allows(game: &Game, (turn, control): (&TurnState, &Control), units: &UnitsView, (side, u, space): (usize, &UnitView, SpaceId), r: &PlacementRule, supplied: &dyn Fn() -> Vec<(String, bool)>) -> bool {
    let ty = &game.scenario.unit_types[u.type_index];
    let sp = &game.board.spaces[space.index()];
    let of_rule = |id: &str| units.get(id).is_some_and(|b| {
        let bt = &game.scenario.unit_types[b.type_index];
        (r.contingents.is_empty() || r.contingents.contains(&bt.contingent)) && (r.unit_types.is_empty() || r.unit_types.contains(&bt.id))
    });
    r.side.as_ref().is_none_or(|sd| game.side_index(sd) == Some(side))
        && (!r.empty || units.at(space).next().is_none())
        && (r.contingents.is_empty() || r.contingents.contains(&ty.contingent))
        && (r.unit_types.is_empty() || r.unit_types.contains(&ty.id))
        && (r.tags.is_empty() || r.tags.iter().any(|t| super::constructions::has_tag(game, control, space, t)))
        && (r.regions.is_empty() || sp.region.as_ref().is_some_and(|g| r.regions.contains(g)))
        && match r.control {
            PlaceControl::Own => control.owner[space.index()] == Some(side),
            PlaceControl::NotEnemy => control.owner[space.index()].is_none_or(|o| o == side),
            PlaceControl::Any => true,
        }
        && r.per_hex_per_turn.is_none_or(|max| (turn.bought.iter().filter(|(s, id, at)| *s == side && *at == space && of_rule(id)).count() as u32) < max)
        && (!r.on_supplied_unit || {
            let here: Vec<&str> = units.at(space).filter(|o| o.side == side).map(|o| &*o.id).collect();
            !here.is_empty() && supplied().iter().any(|(id, ok)| *ok && here.contains(&id.as_str()))
        })
}

/// Why the unit `u` (of `side`) may not be placed in `space` by any of `places`.
pub(super) fn place_refusal(game: &Game, (turn, control): (&TurnState, &Control), units: &UnitsView, (side, u, space): (usize, &UnitView, SpaceId), places: &[PlacementRule], supplied: &dyn Fn() -> Vec<(String, bool)>) -> Option<String> {
    let key = game.board.key(space);
    if units.enemy_at(space, side) {
        return Some(format!("{key} holds enemy units (7.3)"));
    }
    let ty = &game.scenario.unit_types[u.type_index];
    let class = game.board.move_class_in(&ty.movement_class, control.season);
    if game.board.spaces[space.index()].terrain.is_some_and(|t| matches!(game.board.class_cost(t, class), MoveCost::Prohibited)) {
        return Some(format!("{} may not be placed in the terrain of {key} (7.3)", ty.name));
    }
    if super::entry_bans::banned_from(game, units, u, space) {
        return Some(format!("{} may never enter {key}", ty.name));
    }
    // 10.3 (A7): where limits are checked at phase ends, a placement may go over them.
    if super::stacking::checked_on_entry(game) && !super::stacking::room_for(game, units, space, side, super::stacking::stacking_points(game, u.type_index)) {
        return Some(format!("{key} has no room: stacking limit reached"));
    }
    if super::stacking::alone_clash(game, units, space, u.type_index, Some(u.rank)) {
        return Some(format!("{key} holds a unit that never shares its hex, or {} never does (28.4)", ty.name));
    }
    if let Some(why) = super::restrictions::placement_banned(game, (turn, control), side, space) {
        return Some(why);
    }
    if !places.iter().any(|r| rule_allows(game, (turn, control), units, (side, u, space), r, supplied)) {
        return Some(format!("{} may not be placed at {key} (7.4)", ty.name));
    }
    None
}

/// Why `side` may not buy a unit of `unit_type` and place it at `at` now, or the counter it
/// takes (ToO 5.4, 7.2-7.5, 7.9).
pub fn purchase_rejection(game: &Game, (turn, control): (&TurnState, &Control), (tracks, units): (&Tracks, &UnitsView), side: usize, (unit_type, at): (&str, &str)) -> Result<String, String> {
    let id = buyable_counter(game, turn, (tracks, units), side, unit_type)?;
    let space = game.board.space(at).ok_or_else(|| format!("unknown space `{at}`"))?;
    let u = units.get(&id).ok_or_else(|| format!("unknown unit `{id}`"))?;
    let supplied = || super::supply::side_supply(game, units, control, side);
    let places = game.scenario.rules.purchases.as_ref().map_or(&[][..], |p| &p.places);
    if let Some(r) = place_refusal(game, (turn, control), units, (side, u, space), places, &supplied) {
        return Err(r);
    }
    Ok(id)
}

/// The price of a unit type and how many of its counters are free to buy, for the purchase
/// list: "4 North VP, 2 free" (none if the type has no price).
#[must_use]
pub fn purchase_note(game: &Game, units: &UnitsView, turn: &TurnState, unit_type: &str) -> Option<String> {
    let rules = game.scenario.rules.purchases.as_ref()?;
    let (t, cost) = price(rules, game, unit_type)?;
    // The side of the type's contingent pays (a contingent is its side where none is listed).
    let contingent = &game.scenario.unit_types[t].contingent;
    let side = game.scenario.contingents.iter().find(|c| c.id == *contingent).map_or(contingent.as_str(), |c| c.side.as_str());
    let track = rules.tracks.iter().find(|(s, _)| s == side).and_then(|(_, tr)| game.track_index(tr)).map_or_else(String::new, |i| format!(" {}", game.scenario.tracks[i].name));
    let free = units.all().iter().filter(|u| u.type_index == t && !(cost.once && turn.bought_once.contains(&*u.id))).filter(|u| {
        u.location == Location::Pool || (u.location == Location::Eliminated && cost.replaceable && !cost.once)
    });
    Some(format!("{}{track}, {} free", cost.cost, free.count()))
}

/// Every purchase `side` may make now, type by type in the order of the prices, each at every
/// hex it may go to in board order.
#[must_use]
pub fn purchase_commands(game: &Game, (turn, control): (&TurnState, &Control), (tracks, units): (&Tracks, &UnitsView), side: usize) -> Vec<Command> {
    let mut out = Vec::new();
    let Some(rules) = &game.scenario.rules.purchases else { return out };
    let supply = std::cell::OnceCell::new();
    let supplied = || supply.get_or_init(|| super::supply::side_supply(game, units, control, side)).clone();
    for c in &rules.costs {
        let Ok(id) = buyable_counter(game, turn, (tracks, units), side, &c.unit_type) else { continue };
        let Some(u) = units.get(&id) else { continue };
        for i in 0..game.board.len() {
            let space = SpaceId(i as u32);
            if place_refusal(game, (turn, control), units, (side, u, space), &rules.places, &supplied).is_none() {
                out.push(Command::Recruit { unit_type: c.unit_type.as_str().into(), at: game.board.key_name(space).clone(), surge: false });
            }
        }
    }
    out
}

fn recruit(mut ctx: CommandCtx, mut tracks: ResMut<Tracks>, control: Res<Control>, mut q: crate::model::units_now::UnitsMut) {
    let Some((side, Command::Recruit { unit_type, at, surge })) = ctx.cmd.0.clone() else { return };
    let game = ctx.game.clone();
    let Some(rules) = &game.scenario.rules.purchases else { return };
    if surge {
        return ctx.reject("purchases here are paid from the side's track only".into());
    }
    let id = match purchase_rejection(&game, (&ctx.turn, &control), (&tracks, &q.view()), side, (&unit_type, &at)) {
        Ok(id) => id,
        Err(r) => return ctx.reject(r),
    };
    let (Some(space), Some((_, cost))) = (game.board.space(&at), price(rules, &game, &unit_type)) else { return };
    let Some(t) = rules.tracks.iter().find(|(s, _)| game.side_index(s) == Some(side)).and_then(|(_, tr)| game.track_index(tr)) else { return };
    super::reorganisation::place(&game, &mut q, std::slice::from_ref(&id), Location::OnMap(space));
    let before = tracks.0[t];
    let after = super::tracks::adjust_track(&game, &mut tracks, t, -cost.cost);
    ctx.turn.bought.push((side, id.clone(), space));
    if cost.once {
        ctx.turn.bought_once.insert(id.clone());
    }
    let name = &game.scenario.unit_types.iter().find(|x| x.id == *unit_type).map_or_else(|| unit_type.to_string(), |x| x.name.clone());
    let track = &game.scenario.tracks[t].name;
    let text = format!("{} buys {name} ({id}) at {at} for {}: {track} {before} -> {after}", game.side_id(side), cost.cost);
    ctx.log(LogKind::Command, text, Some(at.to_string()));
}
