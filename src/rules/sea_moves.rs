//! Sea moves (`rules.sea_moves`; ToO 20.1-20.9 and 20.11, engine gap G26): a transport of the
//! side carries units that stand in one coastal hex, and have not moved this phase, to another
//! coastal hex without enemy units. The voyage runs from a sea zone whose coast the start is to
//! one whose coast the end is, both open to every unit carried (19.6, 20.7, 20.9) and to the
//! side (no event bans them). Port to port it costs a little; any other voyage the whole
//! allowance (20.3). Enemy units by a passage hamper it (20.8), and some zones take a roll per
//! transport (20.11). Each transport carries once a Movement phase.

use bevy::prelude::*;

use super::RulesSystems;
use super::events::Facts;
use super::movement::{movement_allowance, mp_parts, mp_text, must_stop};
use super::note::{CommandCtx, take_control};
use crate::model::command::{Command, Name};
use crate::model::dice::Dice;
use crate::model::log::LogKind;
use crate::model::view::{UnitView, UnitsView, has_flag};
use crate::model::{Control, ControlChanges, Game, Location, SpaceId, Tracks};
use crate::scenario::schema::{Hampered, MoveCost, Restriction, SeaMoveRules, UnitFlag};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::SeaMove { .. }), sea_move.in_set(RulesSystems::Movement));
}

/// What one voyage costs each unit carried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum VoyageCost {
    /// Movement parts (`mp_parts`) from a friendly port to a friendly port (20.3).
    Mp(u32),
    /// The whole allowance: the units move no more this phase (20.3, 20.8).
    All,
}

/// A voyage the rules allow: its ends, the zones it sails from and to (by their place in
/// `map.sea_zones`), its cost, and the hazards (by their place in `rules.sea_moves.hazards`)
/// that roll for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Voyage {
    pub from: SpaceId,
    pub to: SpaceId,
    pub zones: (usize, usize),
    pub cost: VoyageCost,
    pub hazards: Vec<usize>,
    /// An assault landing on `to` (20.10): the all-sea hex the units wait in.
    pub landing: Option<SpaceId>,
}

/// The units a transport would carry, checked once for every destination.
pub struct Cargo<'a> {
    units: Vec<&'a UnitView>,
    from: SpaceId,
    /// The zones open to every unit carried and to the side now (bits by zone).
    open: u64,
    /// The contingents carried (hazards roll for some).
    contingents: Vec<&'a str>,
    points: u32,
}

fn rules(game: &Game) -> Result<&SeaMoveRules, String> {
    game.scenario.rules.sea_moves.as_ref().ok_or_else(|| "this scenario has no sea moves".to_string())
}

fn zone_name(game: &Game, z: usize) -> &str {
    match &game.scenario.map {
        crate::scenario::schema::Map::Hex(m) => m.sea_zones.get(z).map_or("?", |d| d.name.as_str()),
        crate::scenario::schema::Map::Area(_) => "?",
    }
}

/// The name of the sea zone `id` (the id itself if the map has none such).
#[must_use]
pub fn zone_name_of<'a>(game: &'a Game, id: &'a str) -> &'a str {
    match &game.scenario.map {
        crate::scenario::schema::Map::Hex(m) => m.sea_zones.iter().find(|z| z.id == id).map_or(id, |z| z.name.as_str()),
        crate::scenario::schema::Map::Area(_) => id,
    }
}

pub(super) fn zone_bits(game: &Game, ids: &[String]) -> u64 {
    let crate::scenario::schema::Map::Hex(m) = &game.scenario.map else { return 0 };
    m.sea_zones.iter().enumerate().take(64).filter(|(_, z)| ids.contains(&z.id)).fold(0, |acc, (i, _)| acc | 1 << i)
}

/// Whether a unit of this type is a transport of the sea rules.
#[must_use]
pub fn is_transport(game: &Game, type_index: usize) -> bool {
    game.scenario.rules.sea_moves.as_ref().is_some_and(|r| r.transports.contains(&game.scenario.unit_types[type_index].id))
}

/// The transport `side` names for a voyage, if it may sail this phase.
fn transport_check<'a>(game: &Game, units: &'a UnitsView, side: usize, id: &str) -> Result<&'a UnitView, String> {
    let t = units.get(id).ok_or_else(|| format!("unknown unit `{id}`"))?;
    if t.side != side || !is_transport(game, t.type_index) {
        return Err(format!("`{id}` is not a sea transport of {}", game.side_id(side)));
    }
    if !matches!(t.location, Location::OnMap(_)) {
        return Err(format!("`{id}` is not in play"));
    }
    // 20.2: each transport carries once a Movement phase.
    if t.activity.moved {
        return Err(format!("`{id}` has sailed this phase"));
    }
    Ok(t)
}

/// The units `side` would carry, checked: they stand together in a coastal hex, have not moved
/// this phase, may sail, and fit the transport (20.2).
pub fn cargo<'a>(game: &Game, facts: Facts<'a>, side: usize, ids: &[Name]) -> Result<Cargo<'a>, String> {
    let rules = rules(game)?;
    let units = facts.units;
    if ids.is_empty() {
        return Err("a sea move carries at least one unit".into());
    }
    let mut list: Vec<&UnitView> = Vec::new();
    for id in ids {
        let u = units.get(id).filter(|u| u.side == side).ok_or_else(|| format!("`{id}` is not a unit of {}", game.side_id(side)))?;
        if list.iter().any(|x| x.rank == u.rank) {
            return Err(format!("`{id}` is named twice"));
        }
        let t = &game.scenario.unit_types[u.type_index];
        // 21.5: a flotilla keeps to its waters.
        if is_transport(game, u.type_index) || rules.barred.contains(&t.id) || has_flag(game, u.type_index, UnitFlag::Static) || t.waters.is_some() {
            return Err(format!("`{id}` never moves by sea"));
        }
        super::reserve::phase_allows(game, facts.turn, u)?;
        // 20.2: the cargo begins the phase in the coastal hex it sails from.
        if u.activity.moved || u.activity.finished {
            return Err(format!("`{id}` has moved this phase"));
        }
        list.push(u);
    }
    let Some(from) = list[0].space() else { return Err(format!("`{}` is not on the map", list[0].id)) };
    if let Some(u) = list.iter().find(|u| u.space() != Some(from)) {
        return Err(format!("`{}` does not stand with `{}`: a transport loads in one hex", u.id, list[0].id));
    }
    if game.lookups.sea_zones(from) == 0 {
        return Err(format!("{} is not a coastal hex", game.board.key(from)));
    }
    let points: u32 = list.iter().map(|u| super::stacking::stacking_points(game, u.type_index)).sum();
    if points > rules.capacity {
        return Err(format!("{points} stacking points are more than a transport carries ({})", rules.capacity));
    }
    let mut open = u64::MAX;
    let mut contingents: Vec<&str> = Vec::new();
    for u in &list {
        let c = facts.game.scenario.unit_types[u.type_index].contingent.as_str();
        let holds = |a: &&crate::scenario::schema::SeaAccess| a.contingents.iter().any(|x| x == c) && a.when.iter().all(|w| super::events::condition_holds(facts, w));
        open &= rules.zones.iter().filter(holds).fold(0, |acc, a| acc | zone_bits(game, &a.zones));
        if !contingents.contains(&c) {
            contingents.push(c);
        }
    }
    // 6.4 Russian Naval Superiority: zones an event closes to the side.
    for (s, r, _) in super::restrictions::in_force(facts.turn) {
        if let (true, Restriction::SeaBan { zones, between_only: false }) = (*s == side, r) {
            open &= !zone_bits(game, zones);
        }
    }
    if open == 0 {
        return Err(format!("no sea zone is open to {} now", list.iter().map(|u| u.id.as_str()).collect::<Vec<_>>().join(", ")));
    }
    Ok(Cargo { units: list, from, open, contingents, points })
}

/// The voyage of `cargo` to `to`, the cheapest the zones allow, or why there is none.
pub fn voyage(game: &Game, facts: Facts, side: usize, cargo: &Cargo, to: SpaceId) -> Result<Voyage, String> {
    let rules = rules(game)?;
    let (units, control) = (facts.units, facts.control);
    let key = game.board.key(to);
    let here = game.lookups.sea_zones(to);
    if to == cargo.from {
        return Err(format!("the units already stand in {key}"));
    }
    if here == 0 {
        return Err(format!("{key} is not a coastal hex"));
    }
    // 20.2: the landing hex holds no enemy unit, unless this is an assault landing (20.10).
    let landing = if units.enemy_at(to, side) {
        let Some(l) = &rules.landings else { return Err(format!("enemy units hold {key}")) };
        let rule = l.rule.as_deref().map(|r| format!(" ({r})")).unwrap_or_default();
        if !super::constructions::has_tag(game, control, cargo.from, &rules.port_tag) {
            return Err(format!("enemy units hold {key}: an assault landing starts in a port{rule}"));
        }
        let sea = super::landings::sea_next_to(game, l, to).ok_or_else(|| format!("enemy units hold {key}, and no all-sea hex lies next to it for a landing{rule}"))?;
        Some(sea)
    } else {
        None
    };
    for u in &cargo.units {
        let t = &game.scenario.unit_types[u.type_index];
        let prohibited = game.board.spaces[to.index()].terrain.is_some_and(|tr| game.board.terrain_cost(tr, &t.movement_class) == MoveCost::Prohibited);
        if prohibited || super::entry_bans::banned_from(game, units, u, to) {
            return Err(format!("`{}` may not enter {key}", u.id));
        }
    }
    let types: Vec<usize> = cargo.units.iter().map(|u| u.type_index).collect();
    let alone = super::stacking::alone_together(game, &types) || cargo.units.iter().any(|u| super::stacking::alone_clash(game, units, to, u.type_index, Some(u.rank)));
    if alone {
        return Err(format!("{key}: a unit that never shares its hex would share it (28.4)"));
    }
    if landing.is_none() && super::stacking::checked_on_entry(game) && !super::stacking::room_for(game, units, to, side, cargo.points) {
        return Err(format!("{key} has no room for {} more stacking points", cargo.points));
    }
    let port = |s: SpaceId| super::constructions::has_tag(game, control, s, &rules.port_tag) && control.owner[s.index()] == Some(side);
    let port_to_port = port(cargo.from) && port(to);
    let bans: Vec<u64> = super::restrictions::in_force(facts.turn)
        .filter_map(|(s, r, _)| match r {
            Restriction::SeaBan { zones, between_only: true } if *s == side => Some(zone_bits(game, zones)),
            _ => None,
        })
        .collect();
    let mut best: Option<Voyage> = None;
    let mut why = format!("no sea zone open to the units joins {} and {key}", game.board.key(cargo.from));
    let starts = game.lookups.sea_zones(cargo.from) & cargo.open;
    let ends = here & cargo.open;
    let basins: Vec<u64> = rules.basins.iter().map(|b| zone_bits(game, b)).collect();
    for z1 in (0..64).filter(|z| starts & 1 << z != 0) {
        for z2 in (0..64).filter(|z| ends & 1 << z != 0) {
            let (b1, b2) = (1u64 << z1, 1u64 << z2);
            // 20.9: no water joins some zones (the Caspian).
            if z1 != z2 && !basins.is_empty() && !basins.iter().any(|b| b & b1 != 0 && b & b2 != 0) {
                why = format!("no water joins {} and {}", zone_name(game, z1), zone_name(game, z2));
                continue;
            }
            // 6.4 Home Government vs. India Dispute: not between a banned zone and another.
            if z1 != z2 && bans.iter().any(|b| (b & b1 != 0) != (b & b2 != 0)) {
                why = format!("an event bars voyages between {} and {}", zone_name(game, z1), zone_name(game, z2));
                continue;
            }
            let mut cost = if port_to_port && landing.is_none() { VoyageCost::Mp(rules.port_cost_mp * mp_parts(game)) } else { VoyageCost::All };
            let mut closed = false;
            for p in &rules.passages {
                let (f, t) = (zone_bits(game, &p.from), zone_bits(game, &p.to));
                let through = z1 != z2 && ((f & b1 != 0 && t & b2 != 0) || (t & b1 != 0 && f & b2 != 0));
                let watched = p.watched.iter().filter_map(|k| game.board.space(k)).any(|s| units.enemy_at(s, side));
                if !through || !watched {
                    continue;
                }
                let rule = p.rule.as_deref().map(|r| format!(" ({r})")).unwrap_or_default();
                match p.hampered {
                    Hampered::Closed => {
                        closed = true;
                        why = format!("enemy units close the passage from {} to {}{rule}", zone_name(game, z1), zone_name(game, z2));
                    }
                    Hampered::PortToPortAllMp if !port_to_port => {
                        closed = true;
                        why = format!("enemy units by the passage from {} to {} allow only port to port voyages{rule}", zone_name(game, z1), zone_name(game, z2));
                    }
                    Hampered::PortToPortAllMp => cost = VoyageCost::All,
                }
            }
            if closed {
                continue;
            }
            let hazards: Vec<usize> = rules
                .hazards
                .iter()
                .enumerate()
                .filter(|(_, h)| {
                    let zone = zone_bits(game, std::slice::from_ref(&h.zone));
                    (zone & (b1 | b2) != 0) && cargo.contingents.iter().any(|c| h.contingents.iter().any(|x| x == c)) && !h.unless.iter().any(|w| super::events::condition_holds(facts, w))
                })
                .map(|(i, _)| i)
                .collect();
            let v = Voyage { from: cargo.from, to, zones: (z1, z2), cost, hazards, landing };
            // The cheapest voyage, then the one with fewer rolls; the first in zone order.
            if best.as_ref().is_none_or(|b| (v.cost, v.hazards.len()) < (b.cost, b.hazards.len())) {
                best = Some(v);
            }
        }
    }
    let v = best.ok_or(why)?;
    if let VoyageCost::Mp(c) = v.cost
        && let Some(u) = cargo.units.iter().find(|u| movement_allowance(game, u).saturating_sub(u.activity.mp_used) < c)
    {
        return Err(format!("`{}` has less than the {} MP a voyage from port to port costs", u.id, mp_text(game, c)));
    }
    Ok(v)
}

/// The voyages `side` may make now with the units `ids` on its first transport free
/// (transports are alike): one command per coastal hex they may reach; none when no transport
/// is free or the units may not sail.
#[must_use]
pub fn voyages_of(game: &Game, facts: Facts, side: usize, ids: &[Name]) -> Vec<Command> {
    let units = facts.units;
    let Some(transport) = units.all().iter().find(|t| transport_check(game, units, side, &t.id).is_ok()) else { return Vec::new() };
    let Ok(c) = cargo(game, facts, side, ids) else { return Vec::new() };
    coast(game)
        .filter(|to| voyage(game, facts, side, &c, *to).is_ok())
        .map(|to| Command::SeaMove { transport: transport.id.clone(), units: ids.to_vec(), to: game.board.key_name(to).clone() })
        .collect()
}

/// Every coastal hex, in board order.
fn coast(game: &Game) -> impl Iterator<Item = SpaceId> + '_ {
    (0..game.board.len() as u32).map(SpaceId).filter(|s| game.lookups.sea_zones(*s) != 0)
}

/// The sea moves `side` may make now, for the legal list: each unit alone, and each coastal
/// stack whole where it fits one transport.
#[must_use]
pub fn sea_move_commands(game: &Game, facts: Facts, side: usize) -> Vec<Command> {
    let mut out = Vec::new();
    if game.scenario.rules.sea_moves.is_none() || !facts.units.all().iter().any(|t| transport_check(game, facts.units, side, &t.id).is_ok()) {
        return out;
    }
    for from in coast(game) {
        let here: Vec<Name> = facts.units.at(from).filter(|u| u.side == side && !u.activity.moved && !is_transport(game, u.type_index)).map(|u| u.id.clone()).collect();
        for id in &here {
            out.extend(voyages_of(game, facts, side, std::slice::from_ref(id)));
        }
        if here.len() > 1 {
            out.extend(voyages_of(game, facts, side, &here));
        }
    }
    out
}

fn sea_move(
    mut ctx: CommandCtx,
    (tracks, timers): (Res<Tracks>, Res<super::timers::Timers>),
    mut dice: ResMut<Dice>,
    (mut control, mut changes): (ResMut<Control>, ResMut<ControlChanges>),
    mut q: crate::model::units_now::UnitsMut,
) {
    let Some((side, Command::SeaMove { transport, units: ids, to })) = ctx.cmd.0.clone() else { return };
    let game = ctx.game.clone();
    let view = q.view();
    let facts = Facts { game: &game, turn: &ctx.turn, tracks: &tracks, control: &control, units: &view, timers: &timers.0 };
    let checked = transport_check(&game, &view, side, &transport).and_then(|_| {
        let c = cargo(&game, facts, side, &ids)?;
        let to = game.board.space(&to).ok_or_else(|| format!("unknown space `{to}`"))?;
        voyage(&game, facts, side, &c, to)
    });
    let v = match checked {
        Ok(v) => v,
        Err(r) => return ctx.reject(r),
    };
    let Some(rules) = game.scenario.rules.sea_moves.as_ref() else { return };
    if let Some(first) = view.get(&ids[0]) {
        super::movement::finish_others(&ctx, &mut q, &view, first);
    }
    if let Some((_, _, _, mut act, _)) = q.unit_mut(&transport) {
        act.moved = true;
        act.finished = true;
    }
    let rule = rules.rule.as_deref().map(|r| format!(" ({r})")).unwrap_or_default();
    let (from_key, to_key) = (game.board.key(v.from).to_string(), game.board.key(v.to).to_string());
    let names = ids.iter().map(Name::as_str).collect::<Vec<_>>().join(", ");
    // 20.11: one roll for the transport and everything it carries.
    for &h in &v.hazards {
        let hz = &rules.hazards[h];
        let cause = hz.rule.as_deref().map(|r| format!(" ({r})")).unwrap_or_default();
        let zone = zone_name_of(&game, &hz.zone);
        let roll = dice.roll_spec(hz.dice, &format!("{transport} sails in {zone}{cause}"));
        if (hz.lost.0..=hz.lost.1).contains(&roll) {
            for id in &ids {
                if let Some((_, mut loc, ..)) = q.unit_mut(id) {
                    *loc = Location::Eliminated;
                }
            }
            let ship = if hz.transport_lost {
                if let Some((_, mut loc, ..)) = q.unit_mut(&transport) {
                    *loc = Location::Eliminated;
                }
                format!(" with {transport}")
            } else {
                String::new()
            };
            return ctx.log(LogKind::Loss, format!("{transport} sails from {from_key} with {names}: rolled {roll}, all are lost{ship}{cause}"), Some(from_key));
        }
        ctx.log(LogKind::Roll, format_args!("{transport} sails from {from_key} with {names}: rolled {roll}, they come through{cause}"), None);
    }
    if let Some(sea) = v.landing {
        return super::landings::put_to_sea(&mut ctx, &mut q, (side, &transport, &ids), &v, sea);
    }
    let after = q.view();
    for id in &ids {
        let Some(me) = after.get(id).cloned() else { continue };
        let used = match v.cost {
            VoyageCost::Mp(c) => me.activity.mp_used + c,
            VoyageCost::All => movement_allowance(&game, &me),
        };
        if let Some((_, mut loc, _, mut act, _)) = q.unit_mut(id) {
            *loc = Location::OnMap(v.to);
            act.moved = true;
            act.mp_used = used;
            act.finished = matches!(v.cost, VoyageCost::All) || must_stop(&game, (&after, &control), &me, v.to, used);
        }
    }
    if super::note::control_by_entry(&game) {
        take_control(&mut control, &mut changes, v.to, side);
    }
    let cost = match v.cost {
        VoyageCost::Mp(c) => format!("port to port, {} MP", mp_text(&game, c)),
        VoyageCost::All => "all their MP".to_string(),
    };
    let (z1, z2) = (zone_name(&game, v.zones.0), zone_name(&game, v.zones.1));
    let sea = if z1 == z2 { z1.to_string() } else { format!("{z1} to {z2}") };
    ctx.log(LogKind::Command, format!("{names} sail from {from_key} to {to_key} on {transport} ({sea}; {cost}){rule}"), Some(to_key));
}
