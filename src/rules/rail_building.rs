//! Railway engineers (ToO 16.2-16.3; engine gap G6): in its Movement phase, a group of
//! engineers in normal supply that have not moved extends its side's rail net from the hex it
//! stands in, one hex for each engineer, into road hexes or enemy rail hexes (which become its
//! own), never into a hex the enemy holds (an enemy zone of control is no bar); the engineers'
//! whole move is into the last hex built. Railways are never destroyed.

use bevy::prelude::*;

use super::RulesSystems;
use super::note::{CommandCtx, control_by_entry, take_control};
use super::rail::net_of;
use crate::model::command::{Command, Name};
use crate::model::log::LogKind;
use crate::model::view::{UnitView, UnitsView};
use crate::model::{Control, ControlChanges, Game, Location, SpaceId, TurnState};
use crate::scenario::schema::RailMoveRules;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::BuildRail { .. }), build_rail.in_set(RulesSystems::Movement));
}

fn is_engineer(game: &Game, rules: &RailMoveRules, u: &UnitView) -> bool {
    rules.engineers.contains(&game.scenario.unit_types[u.type_index].id)
}

/// Why `engineers` may not build into `hexes` now, or the links built (each from the hex
/// before it) and the hex they end in.
pub fn build_check(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, side: usize, (engineers, hexes): (&[String], &[String])) -> Result<Vec<(SpaceId, SpaceId)>, String> {
    let rules = game.scenario.rules.rail_movement.as_ref().filter(|r| !r.engineers.is_empty()).ok_or("this scenario has no railway engineers")?;
    let first = engineers.first().ok_or("name the engineers that build")?;
    if hexes.is_empty() {
        return Err("name the hexes to build into".to_string());
    }
    // 16.2: one hex for the first engineer and one more for each other.
    if hexes.len() > engineers.len() {
        return Err(format!("{} engineer(s) build at most {} hex(es)", engineers.len(), engineers.len()));
    }
    let start = units.get(first).and_then(UnitView::space).ok_or_else(|| format!("`{first}` is not on the map"))?;
    for (i, id) in engineers.iter().enumerate() {
        let u = units.get(id).ok_or_else(|| format!("unknown unit `{id}`"))?;
        if u.side != side || !is_engineer(game, rules, u) || engineers[..i].contains(id) {
            return Err(format!("`{id}` is not an engineer of {} (or is named twice)", game.side_id(side)));
        }
        super::reserve::phase_allows(game, turn, u)?;
        if u.space() != Some(start) {
            return Err(format!("the engineers must start in one hex; `{id}` is not in {}", game.board.key(start)));
        }
        // 16.2: the building is the engineer's whole move, in normal supply at the start.
        if u.activity.moved || u.activity.mp_used > 0 || u.activity.finished {
            return Err(format!("`{id}` has moved this phase: building is an engineer's whole move"));
        }
        if u.activity.out_of_supply {
            return Err(format!("`{id}` was out of supply when the phase began"));
        }
    }
    let b = &game.board;
    let own = |s: SpaceId| net_of(game, control, s) == Some(side);
    let road_into = |from: SpaceId, to: SpaceId| b.edge(from, to).and_then(|e| e.road).is_some_and(|r| rules.build_along.iter().any(|c| c.class() == r));
    let mut links = Vec::new();
    // From the net: the engineers stand in it, or in the first hex to build, next to it.
    let mut prev = if own(start) {
        start
    } else {
        let from = b.edges[start.index()].iter().map(|e| e.to).filter(|n| own(*n)).min();
        from.ok_or_else(|| format!("{} is neither in {}'s rail net nor next to it", b.key(start), game.side_id(side)))?
    };
    // 16.2: engineers outside the net build first the hex they stand in.
    if !own(start) && hexes[0] != b.key(start) {
        return Err(format!("engineers outside the net build first the hex they stand in, {}", b.key(start)));
    }
    for key in hexes {
        let to = b.space(key).ok_or_else(|| format!("unknown space `{key}`"))?;
        if b.edge(prev, to).is_none() {
            return Err(format!("{key} is not next to {}: a net grows hex by hex", b.key(prev)));
        }
        if own(to) {
            return Err(format!("{key} is already in {}'s rail net", game.side_id(side)));
        }
        if units.enemy_at(to, side) {
            return Err(format!("{key} holds enemy units: no railway is built into it"));
        }
        let enemy_rail = net_of(game, control, to).is_some_and(|o| o != side);
        if !enemy_rail && !road_into(prev, to) {
            return Err(format!("{key} is neither a road hex reached by road from {} nor an enemy rail hex", b.key(prev)));
        }
        links.push((prev, to));
        prev = to;
    }
    Ok(links)
}

/// The builds the legal list offers: for each hex holding engineers that may build, every
/// chain of one hex per engineer there, all of them building (ToO 16.2).
#[must_use]
pub fn build_options(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, side: usize) -> Vec<Command> {
    let Some(rules) = game.scenario.rules.rail_movement.as_ref().filter(|r| !r.engineers.is_empty()) else { return Vec::new() };
    let mut groups: Vec<(SpaceId, Vec<String>)> = Vec::new();
    for u in units.all().iter().filter(|u| u.side == side && is_engineer(game, rules, u)) {
        let Some(at) = u.space() else { continue };
        match groups.iter_mut().find(|(s, _)| *s == at) {
            Some((_, g)) => g.push(String::from(&*u.id)),
            None => groups.push((at, vec![String::from(&*u.id)])),
        }
    }
    let mut out = Vec::new();
    for (at, group) in groups {
        // Chains grown hex by hex, each kept if the rules accept it.
        let mut chains: Vec<Vec<String>> = game.board.edges[at.index()].iter().map(|e| vec![game.board.key(e.to).to_string()]).collect();
        chains.push(vec![game.board.key(at).to_string()]);
        while let Some(chain) = chains.pop() {
            let engineers = &group[..chain.len().min(group.len())];
            if build_check(game, turn, units, control, side, (engineers, &chain)).is_err() {
                continue;
            }
            out.push(Command::BuildRail { engineers: engineers.iter().map(Name::new).collect(), hexes: chain.iter().map(Name::new).collect() });
            if chain.len() < group.len()
                && let Some(last) = chain.last().and_then(|k| game.board.space(k))
            {
                for e in &game.board.edges[last.index()] {
                    let mut longer = chain.clone();
                    longer.push(game.board.key(e.to).to_string());
                    chains.push(longer);
                }
            }
        }
    }
    out
}

fn build_rail(mut ctx: CommandCtx, mut control: ResMut<Control>, mut changes: ResMut<ControlChanges>, mut q: crate::model::units_now::UnitsMut) {
    let Some((side, Command::BuildRail { engineers, hexes })) = ctx.cmd.0.clone() else { return };
    let (engineers, hexes) = (crate::model::command::strings(&engineers), crate::model::command::strings(&hexes));
    let view = q.view();
    let links = match build_check(&ctx.game, &ctx.turn, &view, &control, side, (&engineers, &hexes)) {
        Ok(l) => l,
        Err(r) => return ctx.reject(r),
    };
    let Some(&(_, end)) = links.last() else { return };
    for &(a, b) in &links {
        control.rail_owner[b.index()] = Some(side);
        control.rail_built.insert((a.min(b), a.max(b)));
        if control_by_entry(&ctx.game) && !view.enemy_at(b, side) {
            take_control(&mut control, &mut changes, b, side);
        }
    }
    for (u, mut loc, _, mut act, _) in q.iter_mut() {
        if engineers.iter().any(|e| *e == *u.id) {
            *loc = Location::OnMap(end);
            act.moved = true;
            act.finished = true;
        }
    }
    let key = ctx.game.board.key(end).to_string();
    ctx.log(LogKind::Command, format_args!("{} build the railway into {} (ToO 16.2)", engineers.join(", "), hexes.join("-")), Some(key));
}
