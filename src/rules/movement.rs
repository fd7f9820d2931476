//! Movement: legal destinations with their cost and cheapest path (edge-aware: hexside features
//! and roads are on the edges, not the hexes), stacking, zones of control (stop on entry), and
//! the `Move` and `Enter` commands.

use std::collections::BTreeSet;

use bevy::prelude::*;

use super::note::{CommandCtx, take_control};
use super::RulesSystems;
use super::entry_bans::{banned_from, entry_bans_keyed};
use super::movement_memo::{SearchKey, recall, remember};
use super::movement_search::{Met, SEARCH, search_in};
use super::stacking::{room_for, stacking_points};
use crate::scenario::board::{Edge, MoveClass, SpaceKind};
use crate::model::view::{UnitView, UnitsView, factors, has_flag, has_flag_now};
use crate::model::space_set::SpaceSet;
use crate::model::{Control, ControlChanges, Game, Location, SpaceId, TurnState};
use crate::scenario::schema::{MoveCost, UnitFlag};
use crate::model::command::Command;
pub use super::surroundings::{Reach, Surroundings};
use crate::model::log::LogKind;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // ToO 21.4: a generic carrier moves as any unit (a ruleset may play `Carry` its own way).
    if s.uses(|sc| sc.unit_types.iter().any(|t| t.carries.is_some())) {
        s.on(|c| matches!(c, Command::Move { .. } | Command::Carry { .. }), move_unit.in_set(RulesSystems::Movement));
    } else {
        s.on(|c| matches!(c, Command::Move { .. }), move_unit.in_set(RulesSystems::Movement));
    }
    use crate::scenario::schema::{EventEffect, Restriction};
    let crossing = |e: &EventEffect| matches!(e, EventEffect::Restrict(Restriction::Crossing(_)) | EventEffect::RestrictForGood(Restriction::Crossing(_)));
    if s.uses(|sc| !sc.rules.region_crossings.is_empty() || super::withdrawals::any_effect(sc, &crossing)) {
        if s.uses(|sc| sc.unit_types.iter().any(|t| t.carries.is_some())) {
            s.on(|c| matches!(c, Command::Move { .. } | Command::Carry { .. }), super::crossings::cross.in_set(RulesSystems::Movement).after(move_unit));
        } else {
            s.on(|c| matches!(c, Command::Move { .. }), super::crossings::cross.in_set(RulesSystems::Movement).after(move_unit));
        }
    }
    s.on(|c| matches!(c, Command::Enter { .. }), enter_reinforcement.in_set(RulesSystems::Movement));
}

pub use crate::model::view::Destination;

/// Cost of crossing one edge from `from` for a movement class, or `None` if it cannot be
/// crossed, in printed movement points (supply traces, overrun checks). A road along the edge
/// replaces the terrain cost and ignores the hexside feature (the common rule of hex games;
/// tutorial 5.7.1), unless an interdiction marker in either hex removes the road (5.7.6).
#[must_use]
#[inline]
pub fn edge_cost(game: &Game, from: SpaceId, edge: &Edge, class: MoveClass, allowance: u32, interdicted: &[bool], demolished: &BTreeSet<(SpaceId, SpaceId)>) -> Option<u32> {
    edge_cost_in(game, from, edge, class, allowance, (interdicted, demolished), (1, 1))
}

/// The parts a movement point is counted in while moving: 1, or the denominator of
/// `rules.road_mp` (ToO 9.7: halves, so that a road hex costs one part).
#[must_use]
pub fn mp_parts(game: &Game) -> u32 {
    game.scenario.rules.road_mp.map_or(1, |(_, d)| d.max(1))
}

/// A number of movement parts as a player reads it (`2`, `1.5`, `2 1/3`).
#[must_use]
pub fn mp_text(game: &Game, parts: u32) -> String {
    Mp(mp_parts(game), parts).to_string()
}

/// [`mp_text`] as a log text's part: written only where the log is written. (The parts in a
/// point, the parts.)
pub struct Mp(pub u32, pub u32);

impl std::fmt::Display for Mp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Mp(d, parts) = *self;
        match (parts / d, parts % d) {
            (w, 0) => std::fmt::Display::fmt(&w, f),
            (w, _) if d == 2 => write!(f, "{w}.5"),
            (0, r) => write!(f, "{r}/{d}"),
            (w, r) => write!(f, "{w} {r}/{d}"),
        }
    }
}

/// A path as a log text shows it, its spaces' keys joined by `-`: written only where the log
/// is written (a quiet log, as in batch runs, makes no text).
pub struct PathKeys<'a>(pub &'a crate::scenario::board::Board, pub &'a [SpaceId]);

impl std::fmt::Display for PathKeys<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, s) in self.1.iter().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            f.write_str(self.0.key(*s))?;
        }
        Ok(())
    }
}

/// What crossing an edge costs a moving unit, in movement parts (`mp_parts`): a road hex
/// `rules.road_mp` of a point, anything else its printed cost in parts. `allowance` is in parts.
#[must_use]
#[inline]
pub fn move_cost(game: &Game, from: SpaceId, edge: &Edge, class: MoveClass, allowance: u32, control: &Control) -> Option<u32> {
    let parts = mp_parts(game);
    let road = game.scenario.rules.road_mp.map_or(parts, |(n, _)| n);
    edge_cost_in(game, from, edge, class, allowance, (&control.interdicted, &control.demolished), (parts, road))
}

/// `edge_cost` in `parts` of a movement point, a road hex costing `road` parts.
#[inline(always)]
pub(super) fn edge_cost_in(game: &Game, from: SpaceId, edge: &Edge, class: MoveClass, allowance: u32, (interdicted, demolished): (&[bool], &BTreeSet<(SpaceId, SpaceId)>), (parts, road): (u32, u32)) -> Option<u32> {
    let board = &game.board;
    // Saturating: no scenario field bounds a terrain's or a link's cost, and the least-cost
    // tables (`rules::reach`) price every edge of the map.
    if let Some(c) = edge.link_cost {
        return Some(c.saturating_mul(parts));
    }
    let cut = |s: SpaceId| interdicted.get(s.index()).copied().unwrap_or(false);
    if edge.road.is_some() && !cut(from) && !cut(edge.to) {
        // A demolished bridge: the road still runs, but no longer ignores the hexside (U2).
        let pair = if from < edge.to { (from, edge.to) } else { (edge.to, from) };
        let extra = match edge.hexside {
            Some(f) if demolished.contains(&pair) => board.hexside_extra[f].0,
            _ => 0,
        };
        return Some(road.saturating_add(extra.saturating_mul(parts)));
    }
    let mut extra = 0;
    if let Some(f) = edge.hexside {
        let (add, prohibited, _) = board.hexside_extra[f];
        if prohibited {
            return None;
        }
        extra = add;
    }
    let t = board.footing(edge.to).terrain()?;
    match board.class_cost(t, class) {
        MoveCost::Mp(n) => Some(n.saturating_add(extra).saturating_mul(parts)),
        MoveCost::AllMp => Some(allowance.max(1)),
        MoveCost::RoadOnly | MoveCost::Prohibited => None,
    }
}

/// Whether a unit exerts a zone of control: not flagged `NoZoc`, and with at least the
/// scenario's minimum attack factor (`rules.zoc.min_attack`).
#[must_use]
pub fn exerts_zoc(game: &Game, u: &UnitView) -> bool {
    !has_flag(game, u.type_index, UnitFlag::NoZoc)
        && factors(game, u.type_index, u.level).attack >= game.scenario.rules.zoc.min_attack
}

/// Hexes in the zone of control of units of sides other than `side`: the six hexes around
/// every enemy unit that exerts a ZOC.
#[must_use]
pub fn enemy_zoc(game: &Game, units: &UnitsView, side: usize) -> Vec<bool> {
    let mut z = vec![false; game.board.len()];
    if !game.board.is_hex {
        return z;
    }
    for u in units.all().iter().filter(|u| u.side != side) {
        let Some(s) = u.space() else { continue };
        // ToO 20.10: a landing force waiting at sea has no zone of control ashore [I].
        if !exerts_zoc(game, u) || !matches!(game.board.spaces[s.index()].kind, SpaceKind::Hex { .. }) || super::landings::at_sea(game, s) {
            continue;
        }
        for e in &game.board.edges[s.index()] {
            if game.board.zoc_crosses(e) && super::waters::in_waters(game, u.type_index, e.to) {
                z[e.to.index()] = true;
            }
        }
    }
    z
}

/// Whether `at` is in the zone of control of a unit of a side other than `side` ([`enemy_zoc`]
/// asked of one hex: only the units of the hexes around it are looked at).
#[must_use]
pub fn in_enemy_zoc(game: &Game, units: &UnitsView, side: usize, at: SpaceId) -> bool {
    if !game.board.is_hex {
        return false;
    }
    let exerted_from = |s: SpaceId| {
        matches!(game.board.spaces[s.index()].kind, SpaceKind::Hex { .. })
            && !super::landings::at_sea(game, s)
            && game.board.edges[s.index()].iter().any(|e| e.to == at && game.board.zoc_crosses(e))
            && units.at(s).any(|u| u.side != side && exerts_zoc(game, u) && super::waters::in_waters(game, u.type_index, at))
    };
    // A zone reaches `at` from a hex with an edge to it; the board's edges go both ways.
    let found = game.board.edges[at.index()].iter().any(|e| exerted_from(e.to));
    debug_assert_eq!(found, enemy_zoc(game, units, side)[at.index()], "the zone of control at one hex and of the whole map agree");
    found
}

/// Every space the unit may end its move in this phase, with cost and cheapest path.
/// Ties between equal-cost paths are broken by space id, so the result never depends on
/// iteration order.
#[must_use]
pub fn legal_destinations(game: &Game, units: &UnitsView, control: &Control, unit: &UnitView) -> Vec<Destination> {
    legal_destinations_among(game, units, control, &Surroundings::of(game, units, unit.side), unit)
}

/// [`legal_destinations`] with the side's surroundings worked out already.
#[must_use]
pub fn legal_destinations_among(game: &Game, units: &UnitsView, control: &Control, near: &Surroundings, unit: &UnitView) -> Vec<Destination> {
    destinations(game, units, control, near, unit, None)
}

/// The legal destinations of `unit`, or (`only`) whether one space is among them: the search
/// then ends once no cheaper or equal way to that space is left to find, and no other space
/// is checked further.
fn destinations(game: &Game, units: &UnitsView, control: &Control, near: &Surroundings, unit: &UnitView, only: Option<SpaceId>) -> Vec<Destination> {
    debug_assert_eq!(near.side(), unit.side, "surroundings of the unit's own side");
    let Some(start) = unit.space() else { return Vec::new() };
    let Some(t) = game.scenario.unit_types.get(unit.type_index) else { return Vec::new() };
    if unit.activity.finished || t.flags.contains(&UnitFlag::Static) {
        return Vec::new();
    }
    // What is left of the allowance (halved if out of supply at the phase start, 5.7.5).
    let allowance = movement_allowance(game, unit).saturating_sub(unit.activity.mp_used);
    if allowance == 0 {
        return Vec::new();
    }
    let (banned, bans_key) = entry_bans_keyed(game, units, unit);
    let paths = near.paths || may_not_end_unsupplied(game, unit.side);
    let mut out = search(game, control, near, (&banned, bans_key), unit, (allowance, paths, only), false);
    // A ruleset may multiply the allowance for a move through spaces without open enemies
    // (DI 27.9: from a district with a friendly base, twice the allowance).
    if let Some(m) = game.ruleset.movement_boost(game, units, unit) {
        for d in search(game, control, near, (&banned, bans_key), unit, (allowance * m, paths, only), true) {
            match out.iter_mut().find(|o| o.space == d.space) {
                Some(o) if o.cost <= d.cost => {}
                Some(o) => *o = d,
                None => out.push(d),
            }
        }
        out.sort_by_key(|d| d.space);
    }
    if let Some(s) = only {
        out.retain(|d| d.space == s);
    }
    // A unit that has not moved yet may always make one step for all its MP (DI 13.5 on area
    // maps; ToO 9.4 on hex maps where the scenario says so).
    if unit.activity.mp_used == 0 && !unit.activity.moved {
        let step = super::minimum_move::Step { start, allowance, paths, only };
        super::minimum_move::add_minimum_moves(game, control, near, &banned, unit, step, &mut out);
    }
    // The ruleset's own movement restrictions (DI 27.91 airmobile units, 27.4 slow militia).
    game.ruleset.filter_destinations(game, units, unit, &mut out);
    // A unit named for a forced operation that allows it may end out of supply (5.8 U3).
    if may_not_end_unsupplied(game, unit.side)
        && !unit.activity.supply_exempt
        && let Some(rules) = &game.scenario.rules.supply
    {
        // The enemy's zones are the same wherever the unit ends: worked out once, if asked.
        let zoc = std::cell::OnceCell::new();
        let after = |d: &Destination| supplied_after_move(game, units, control, unit, d, zoc.get_or_init(|| enemy_zoc(game, units, unit.side)));
        if let Some(reach) = near.supply_reach(game, rules, units, control, unit) {
            out.retain(|d| reach[d.space.index()].is_some() || after(d));
        } else {
            let without = units.changed(|v| v.retain(|u| u.rank != unit.rank));
            let base = super::supply::supply_map(game, rules, &without, control, unit.side, &control.interdicted);
            let sure = super::supply::SureSupply::for_spaces(game, &base, unit, out.len());
            out.retain(|d| sure.at(game, &base, unit, d.space) || after(d));
        }
    }
    out
}

/// The cheapest path to every space within `allowance`; `avoid_enemies`: through no space of an
/// area holding enemy units in its open part. `banned`: the unit's entry bans and their key
/// (`entry_bans_keyed`).
fn search(game: &Game, control: &Control, near: &Surroundings, banned: (&SpaceSet, Option<u64>), unit: &UnitView, (allowance, paths, until): (u32, bool, Option<SpaceId>), avoid_enemies: bool) -> Vec<Destination> {
    let mut out = remembered_search(game, control, near, banned, unit, (allowance, paths, until), avoid_enemies);
    // ToO 10.3: where limits are checked at phase ends only, a move may end over them. (Apart
    // from the search: the side's own moves change the stacks, not the ways.)
    if super::stacking::checked_on_entry(game) {
        let full = near.no_room(game, stacking_points(game, unit.type_index));
        debug_assert!(out.iter().all(|d| full.contains(d.space) != near.room_for(game, d.space, stacking_points(game, unit.type_index))));
        out.retain(|d| !full.contains(d.space));
    }
    if game.lookups.stacks_alone() {
        out.retain(|d| !near.alone_clash(game, d.space, unit.type_index, unit.space()));
    }
    out
}

/// [`search`] before the stacking limits, from the thread's memo where it may be.
fn remembered_search(game: &Game, control: &Control, near: &Surroundings, (banned, bans): (&SpaceSet, Option<u64>), unit: &UnitView, (allowance, paths, until): (u32, bool, Option<SpaceId>), avoid_enemies: bool) -> Vec<Destination> {
    let Some(start) = unit.space() else { return Vec::new() };
    // Infiltrating units ignore enemy zones of control, unless the scenario makes them pay to
    // leave one (ToO 31.2, in `search_in`).
    let infiltrates = has_flag_now(game, control, unit.type_index, UnitFlag::Infiltration);
    let ignores_zoc = infiltrates && game.scenario.rules.zoc.infiltration_mp.is_none();
    let none = ignores_zoc.then(|| SpaceSet::new(0));
    let met = Met { enemy: near.enemy(), zoc: none.as_ref().unwrap_or(near.zoc()), banned };
    let key = near.memo.zip(bans).map(|(generation, bans)| {
        let key = SearchKey { rank: unit.rank, start, type_index: unit.type_index, side: unit.side, mp_used: unit.activity.mp_used, allowance, paths, until, avoid_enemies, bans };
        (generation, key)
    });
    if let Some((generation, key)) = &key
        && let Some(found) = recall(*generation, key)
    {
        return found;
    }
    let mut before = Vec::new();
    let wanted = key.is_some().then_some(&mut before);
    let out = SEARCH.with_borrow_mut(|scratch| search_in(game, control, unit, (start, allowance, paths, until), avoid_enemies, &met, (scratch, wanted)));
    if let Some((generation, key)) = key {
        remember(generation, key, &out, &before);
    }
    out
}

fn may_not_end_unsupplied(game: &Game, side: usize) -> bool {
    game.scenario.rules.supply.as_ref().is_some_and(|r| {
        r.effects.iter().any(|e| match e {
            crate::scenario::schema::SupplyEffect::MayNotEndMoveUnsupplied { sides } => {
                sides.iter().any(|s| game.side_index(s) == Some(side))
            }
            _ => false,
        })
    })
}

/// Whether the unit would be in supply at the end of this move (tutorial 5.7.5: the Union may
/// not end a move out of supply). `zoc`: the enemy's zones of control ([`enemy_zoc`] of the
/// unit's side), which its own move does not change.
pub fn supplied_after_move(game: &Game, units: &UnitsView, control: &Control, unit: &UnitView, d: &Destination, zoc: &[bool]) -> bool {
    let after = units.changed(|v| {
        if let Some(u) = v.iter_mut().find(|u| u.rank == unit.rank) {
            u.location = Location::OnMap(d.space);
        }
    });
    let mut ctl = control.clone();
    for s in &d.path {
        if !units.enemy_at(*s, unit.side) {
            ctl.owner[s.index()] = Some(unit.side);
        }
    }
    debug_assert_eq!(enemy_zoc(game, &after, unit.side), zoc, "a unit's move leaves the enemy's zones as they were");
    super::supply::unit_in_supply_within(game, &after, &ctl, (unit.side, &unit.id), zoc)
}

/// A unit's movement allowance this phase, in movement parts (`mp_parts`): printed MA, halved
/// (round up) if it was out of supply when the phase began.
#[must_use]
pub fn movement_allowance(game: &Game, unit: &UnitView) -> u32 {
    printed_allowance(game, unit) * mp_parts(game)
}

/// The same in whole printed movement points.
#[must_use]
pub fn printed_allowance(game: &Game, unit: &UnitView) -> u32 {
    let full = factors(game, unit.type_index, unit.level).movement;
    if unit.activity.out_of_supply {
        return full.div_ceil(2);
    }
    match (&game.scenario.rules.forced_march, unit.activity.forced_march) {
        (Some(fm), true) => full * fm.multiplier,
        _ => full,
    }
}

/// Whether a unit that has just arrived in `at` must stop moving for this phase.
#[must_use]
pub fn must_stop(game: &Game, (units, control): (&UnitsView, &Control), unit: &UnitView, at: SpaceId, mp_used: u32) -> bool {
    let zoc = !has_flag_now(game, control, unit.type_index, UnitFlag::Infiltration)
        && game.scenario.rules.zoc.stop_on_entry
        && in_enemy_zoc(game, units, unit.side, at);
    // A slot of an area with open enemy units: the unit stops there (DI 17.3).
    let contested_slot = matches!(game.board.spaces[at.index()].kind, SpaceKind::Slot { parent, .. } if units.enemy_at(parent, unit.side));
    zoc || units.enemy_at(at, unit.side) || contested_slot || mp_used >= movement_allowance(game, unit)
}

/// Why `unit` may not move to `to` now, or the destination.
pub fn move_check(game: &Game, units: &UnitsView, control: &Control, side: usize, unit: &str, to: &str) -> Result<Destination, String> {
    let u = units.get(unit).ok_or_else(|| format!("unknown unit `{unit}`"))?;
    if u.side != side {
        return Err(format!("`{unit}` is not a unit of {}", game.side_id(side)));
    }
    if u.space().is_none() {
        return Err(format!("`{unit}` is not on the map"));
    }
    if u.activity.finished {
        return Err(format!("`{unit}` has finished moving this phase"));
    }
    if has_flag(game, u.type_index, UnitFlag::Static) {
        return Err(format!("`{unit}` is static and never moves"));
    }
    let target = game.board.space(to).ok_or_else(|| format!("unknown space `{to}`"))?;
    // From what the legal list found for the unit, where the memo holds it.
    let near = Surroundings::of(game, units, u.side).remembering(game, control);
    let found = destinations(game, units, control, &near, u, Some(target)).into_iter().find(|d| d.space == target);
    debug_assert_eq!(found, legal_destinations(game, units, control, u).into_iter().find(|d| d.space == target), "the search for one space and the full search agree on {to} for {unit}");
    found.ok_or_else(|| {
        let allowance = movement_allowance(game, u).saturating_sub(u.activity.mp_used);
        let supply = if may_not_end_unsupplied(game, side) { ", supply" } else { "" };
        format!("{to} is not reachable by `{unit}` with {} MP (terrain, zones of control, enemy units, stacking{supply})", mp_text(game, allowance))
    })
}

pub(super) fn move_unit(
    mut ctx: CommandCtx,
    mut control: ResMut<Control>,
    mut changes: ResMut<ControlChanges>,
    mut q: crate::model::units_now::UnitsMut,
) {
    // ToO 21.4: a carrier (`unit_types[].carries`) moves as any unit; its passenger is checked
    // before and goes with it after (`carrying`).
    let Some((side, Command::Move { unit, to } | Command::Carry { carrier: unit, to, .. })) = ctx.cmd.0.clone() else { return };
    let (unit, to) = (unit.to_string(), to.to_string());
    let view = q.view();
    if let Some(Err(r)) = view.get(&unit).map(|u| super::reserve::phase_allows(&ctx.game, &ctx.turn, u)) {
        return ctx.reject(r);
    }
    let dest = match move_check(&ctx.game, &view, &control, side, &unit, &to) {
        Ok(d) => d,
        Err(r) => return ctx.reject(r),
    };
    let Some(&e) = ctx.index.0.get(&unit) else { return };
    let Some(me) = view.get(&unit).cloned() else { return };
    finish_others(&ctx, &mut q, &view, &me);
    let Ok((_, mut loc, _, mut act, mut hidden)) = q.get_mut(e) else { return };
    *loc = Location::OnMap(dest.space);
    act.moved = true;
    act.mp_used += dest.cost;
    act.finished = must_stop(&ctx.game, (&view, &control), &me, dest.space, act.mp_used);
    let (board, parts) = (ctx.game.board.clone(), mp_parts(&ctx.game));
    ctx.log(LogKind::Command, format_args!("{unit} moves {} ({} MP)", PathKeys(&board, &dest.path), Mp(parts, dest.cost)), Some(to.clone()));
    // For the rules on crossing region boundaries (ToO 22.3, 6.3), where there are any.
    if !ctx.game.scenario.rules.region_crossings.is_empty() || super::restrictions::in_force(&ctx.turn).next().is_some() {
        let start = me.space().into_iter();
        ctx.outcome.moved = Some((unit.clone(), start.chain(dest.path.iter().copied()).collect()));
    }
    if hidden.0 {
        hidden.0 = false;
        ctx.outcome.barrier = true;
        ctx.log(LogKind::Reveal, format_args!("{unit} is revealed by moving"), Some(to));
    }
    // Face-down enemy units next to where the move ends are revealed (tutorial 5.6).
    if ctx.game.scenario.rules.reveal_when_enemy_ends_adjacent {
        let near: Vec<String> = view
            .all()
            .iter()
            .filter(|u| u.side != side && u.hidden)
            .filter(|u| u.space().is_some_and(|s| ctx.game.board.edge(dest.space, s).is_some()))
            .map(|u| String::from(&*u.id))
            .collect();
        for (u, _, _, _, mut h) in q.iter_mut() {
            if near.iter().any(|x| **x == *u.id) {
                h.0 = false;
            }
        }
        for id in near {
            ctx.outcome.barrier = true;
            let at = view.get(&id).and_then(|u| u.space()).map(|s| ctx.game.board.key(s).to_string());
            ctx.log(LogKind::Reveal, format_args!("{id} is revealed: {unit} ends its move next to it"), at);
        }
    }
    // Entering a space with no enemy unit in it takes control of it.
    for s in dest.path {
        if !view.enemy_at(s, side) && super::note::control_by_entry(&ctx.game) {
            take_control(&mut control, &mut changes, s, side);
        }
    }
}

/// ToO 9.3 (`rules.move_ends_when_another_moves`): when `me` moves, the other units of its side
/// that have moved have finished moving.
pub(super) fn finish_others(ctx: &CommandCtx, q: &mut crate::model::units_now::UnitsMut, view: &UnitsView, me: &UnitView) {
    if !ctx.game.scenario.rules.move_ends_when_another_moves {
        return;
    }
    let open = view.all().iter().filter(|u| u.side == me.side && u.rank != me.rank && u.activity.moved && !u.activity.finished);
    let open: Vec<Entity> = open.filter_map(|u| ctx.index.0.get(&*u.id).copied()).collect();
    for other in open {
        if let Ok((_, _, _, mut act, _)) = q.get_mut(other) {
            act.finished = true;
        }
    }
}

/// Why a reinforcement may not enter at `at`, if it may not.
#[must_use]
pub fn enter_rejection(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, side: usize, unit: &str, at: &str) -> Option<String> {
    let Some(r) = game.scenario.reinforcements.iter().find(|r| r.units.iter().any(|u| u.id == unit)) else {
        return Some(format!("`{unit}` is not a reinforcement"));
    };
    if let Some(why) = arrival_refusal(game, turn, side, r) {
        return Some(match why {
            Arrival::NotYours => format!("`{unit}` belongs to {}", r.side),
            Arrival::Later => format!("`{unit}` arrives on turn {}", r.turn),
            Arrival::Undeclared(d) => format!("`{unit}` arrives only after the declaration `{d}`"),
            Arrival::OtherPhase => format!("`{unit}` enters only in the {} phase", r.phase.as_deref().unwrap_or("Reinforcement")),
        });
    }
    match units.get(unit).map(|u| u.location) {
        Some(Location::NotEntered) => {}
        Some(Location::OutOfPlay) => return Some(format!("`{unit}` was not drawn and never enters")),
        _ => return Some(format!("`{unit}` has already entered")),
    }
    let Some(space) = game.board.space(at) else { return Some(format!("unknown space `{at}`")) };
    if super::boxes::box_def(game, space).is_some_and(|b| super::boxes::box_closed(game, control, b)) {
        return Some(format!("{at} is closed while the enemy holds its linked hex"));
    }
    if !r.entry.iter().any(|e| e == at) {
        return Some(format!("`{unit}` may enter only at {}", r.entry.join(", ")));
    }
    if units.enemy_at(space, side) {
        return Some(format!("{at} is held by the enemy"));
    }
    if r.needs_control && control.owner[space.index()] != Some(side) {
        return Some(format!("{at} is not held by {}", game.side_id(side)));
    }
    if units.get(unit).is_some_and(|u| banned_from(game, units, u, space)) {
        return Some(format!("`{unit}` may never enter {at} (an entry ban or its region)"));
    }
    let points = units.get(unit).map_or(1, |u| stacking_points(game, u.type_index));
    // ToO 10.3: reinforcements may be placed over the limit where it is checked at phase ends.
    if super::stacking::checked_on_entry(game) && !room_for(game, units, space, side, points) {
        return Some(format!("{at} has no room: stacking limit reached"));
    }
    if units.get(unit).is_some_and(|u| super::stacking::alone_clash(game, units, space, u.type_index, Some(u.rank))) {
        return Some(format!("{at} holds a unit that never shares its hex, or `{unit}` never does (28.4)"));
    }
    None
}

/// Why a reinforcement group may not enter now, whichever unit and space: the checks of
/// `enter_rejection` that read the group only (the legal list asks them once per group).
pub enum Arrival<'a> {
    /// The group is another side's.
    NotYours,
    /// Its turn has not come.
    Later,
    /// It waits for this declaration to be made.
    Undeclared(&'a str),
    /// It enters in another phase.
    OtherPhase,
}

/// Why the units of `r` may not enter now for `side`, if they may not (see [`Arrival`]).
#[must_use]
pub fn arrival_refusal<'a>(game: &Game, turn: &TurnState, side: usize, r: &'a crate::scenario::schema::Reinforcement) -> Option<Arrival<'a>> {
    if game.side_index(&r.side) != Some(side) {
        return Some(Arrival::NotYours);
    }
    if r.turn as usize > turn.turn + 1 {
        return Some(Arrival::Later);
    }
    if let Some(d) = &r.declaration
        && turn.declared.get(d).is_none_or(|t| *t > turn.turn)
    {
        return Some(Arrival::Undeclared(d));
    }
    let phase = turn.current_phase(game);
    let right_phase = match &r.phase {
        Some(p) => phase.is_some_and(|ph| &ph.id == p),
        None => phase.is_some_and(|ph| ph.kind == crate::scenario::schema::PhaseKind::Reinforcement),
    };
    (!right_phase).then_some(Arrival::OtherPhase)
}

/// The reinforcement group a unit belongs to.
#[must_use]
pub fn reinforcement_of<'a>(game: &'a Game, unit: &str) -> Option<&'a crate::scenario::schema::Reinforcement> {
    game.scenario.reinforcements.iter().find(|r| r.units.iter().any(|u| u.id == unit))
}

fn enter_reinforcement(
    mut ctx: CommandCtx,
    mut control: ResMut<Control>,
    mut changes: ResMut<ControlChanges>,
    mut q: crate::model::units_now::UnitsMut,
) {
    let Some((side, Command::Enter { unit, at })) = ctx.cmd.0.clone() else { return };
    let (unit, at) = (unit.to_string(), at.to_string());
    let view = q.view();
    if let Some(r) = enter_rejection(&ctx.game, &ctx.turn, &view, &control, side, &unit, &at) {
        return ctx.reject(r);
    }
    let (Some(&e), Some(space)) = (ctx.index.0.get(&unit), ctx.game.board.space(&at)) else { return };
    let game = ctx.game.clone();
    let Some(r) = reinforcement_of(&game, &unit) else { return };
    // Entering in a reserve-only phase makes the unit a reserve unit outside the cap (tutorial
    // 5.7.9: wave 2); the entry may cost MP (wave 2 moves with MA - 1).
    let reserve_phase = ctx.turn.current_phase(&game).is_some_and(|p| p.units == crate::scenario::schema::PhaseUnits::Reserve);
    if let Ok((_, mut loc, _, mut act, _)) = q.get_mut(e) {
        *loc = Location::OnMap(space);
        act.mp_used = r.entry_mp * mp_parts(&game);
        act.reserve |= reserve_phase;
        act.landed = r.no_move_on_entry;
    }
    if super::note::control_by_entry(&ctx.game) {
        take_control(&mut control, &mut changes, space, side);
    }
    ctx.log(LogKind::Command, format_args!("{unit} enters at {at}"), Some(at.clone()));
    // A marker supply source goes where the first of its units enters (tutorial 5.7.9).
    if let Some(sup) = &game.scenario.rules.supply {
        for (i, src) in sup.sources.iter().enumerate() {
            if src.marker_with.contains(&unit) && src.spaces.contains(&at) && !control.source_markers.contains_key(&i) {
                control.source_markers.insert(i, Some(space));
                ctx.log(LogKind::Control, format_args!("the supply marker of {} is placed in {at}", src.side), Some(at.clone()));
            }
        }
    }
}
