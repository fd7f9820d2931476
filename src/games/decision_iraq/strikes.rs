//! Attacks outside the usual pattern: the suicide attack of an Ansar brigade, alone (DI 27.6), and
//! the PGM strike of an airstrike and an ISR chit on one open unit (27.10).

use super::vocabulary::{DiCommand, di};
use std::collections::VecDeque;

use bevy::prelude::*;

use super::conflict::{Conflict, ConflictParams, PendingRoll, proceed, table_rejection};
use crate::model::view::UnitsView;
use crate::model::{Game, TurnState};
use crate::rules::crt::column_label;
use crate::rules::losses::LossQuery;
use crate::rules::note::CommandCtx;
use crate::rules::RulesSystems;
use super::schema::NetwarChit;
use crate::model::command::Command;
use crate::model::log::LogKind;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(di(c), Some(DiCommand::Pgm { .. })), pgm_strike.in_set(RulesSystems::Combat));
}

/// Why `attackers` may not make a suicide attack (27.6), if they may not.
#[must_use]
pub fn suicide_rejection(game: &Game, turn: &TurnState, units: &UnitsView, surge: Option<usize>, side: usize, attackers: &[String]) -> Option<String> {
    let Some(x) = super::netwar(game).and_then(|n| n.suicide.as_ref()).filter(|x| game.options.contains(&x.option)) else {
        return Some("suicide attacks are an optional rule that is off (27.6)".into());
    };
    let [a] = attackers else { return Some("a suicide attacker attacks alone (27.6)".into()) };
    let u = units.get(a)?;
    let ty = &game.scenario.unit_types[u.type_index].id;
    let surged = surge == Some(turn.turn) && x.surge_types.contains(ty);
    (u.side != side || !(x.unit_types.contains(ty) || surged)).then(|| format!("`{a}` may not make a suicide attack (27.6)"))
}

/// The suicide attacks `side` may make now: each eligible unit alone, on each table.
#[must_use]
pub fn suicide_attacks(game: &Game, turn: &TurnState, units: &UnitsView, surge: Option<usize>, side: usize) -> Vec<Command> {
    let mut out = Vec::new();
    if super::netwar(game).and_then(|n| n.suicide.as_ref()).is_none_or(|x| !game.options.contains(&x.option)) {
        return out;
    }
    for u in units.all().iter().filter(|u| u.side == side) {
        let Some(at) = u.space() else { continue };
        if suicide_rejection(game, turn, units, surge, side, &[String::from(&*u.id)]).is_some() {
            continue;
        }
        for (crt, t) in game.scenario.tables.crts.iter().enumerate() {
            let Ok(plan) = crate::rules::area_combat::plan_area_attack_with(game, turn, units, side, &[String::from(&*u.id)], at, crt, true) else { continue };
            if table_rejection(game, turn, units, &plan.attackers, plan.underground, crt).is_none() {
                out.push(Command::Attack { attackers: vec![(&*u.id).into()], target: game.board.key(at).into(), table: Some(t.id.as_str().into()), supports: vec!["suicide".into()], declare: None });
            }
        }
    }
    out
}

/// Why `side` may not make this PGM strike (27.10), or the table and column index.
#[expect(clippy::too_many_arguments, reason = "the state a PGM strike depends on, read-only")]
pub fn pgm_check(game: &Game, turn: &TurnState, units: &UnitsView, tracks: &crate::model::Tracks, pools: &crate::model::Pools, side: usize, unit: &str, column: &str, chit: &str) -> Result<(usize, usize), String> {
    let pgm = super::netwar(game).and_then(|n| n.pgm.as_ref()).filter(|p| game.options.contains(&p.option)).ok_or("PGM strikes are an optional rule that is off (27.10)")?;
    let phase = turn.current_phase(game).ok_or("no phase")?;
    if phase.kind != crate::scenario::schema::PhaseKind::Combat || turn.actor(game, phase) != Some(side) {
        return Err("a PGM strike is made in the side's own conflict phase (27.10)".into());
    }
    let crt = game.scenario.tables.crts.iter().position(|c| c.id == pgm.table).ok_or("no PGM table")?;
    let u = units.get(unit).ok_or_else(|| format!("unknown unit `{unit}`"))?;
    let at = u.space().ok_or_else(|| format!("`{unit}` is not on the map"))?;
    if u.side == side || !matches!(game.board.spaces[at.index()].kind, crate::scenario::board::SpaceKind::Area) {
        return Err(format!("`{unit}` is not an enemy unit in the open (27.10)"));
    }
    if !super::airstrike::may_strike(game, tracks, side, crt, at, false) {
        return Err("no airstrike may strike there (22)".into());
    }
    if super::chits::chit_kind(game, chit) != Some(NetwarChit::Isr) || !pools.hands[side].iter().any(|c| c == chit) {
        return Err(format!("`{chit}` is not an ISR chit in your hand (27.10)"));
    }
    let table = &game.scenario.tables.crts[crt];
    let col = (0..table.columns.len()).find(|i| column_label(table, *i) == column).ok_or_else(|| format!("no column `{column}` on {}", table.name))?;
    Ok((crt, col))
}

/// 27.10: an airstrike and an ISR chit against one open enemy unit, at a chosen column, before
/// the district's other conflicts; the enemy's points double; the airstrike ignores results.
fn pgm_strike(mut ctx: CommandCtx, mut p: ConflictParams, mut q: LossQuery) {
    let Some((side, Some(DiCommand::Pgm { unit, column, chit }))) = ctx.cmd.0.as_ref().map(|(s, c)| (*s, di(c).cloned())) else { return };
    let view = q.view();
    let game = ctx.game.clone();
    if p.conflict.0.is_some() || p.prompt.0.is_some() {
        return ctx.reject("a conflict is still being resolved".into());
    }
    let (crt, col) = match pgm_check(&game, &ctx.turn, &view, &p.tracks, &p.pools, side, &unit, &column, &chit) {
        Ok(x) => x,
        Err(r) => return ctx.reject(r),
    };
    let Some(target) = view.get(&unit).cloned() else { return };
    let Some(space) = target.space() else { return };
    if let Some(r) = super::order::district_rejection(&game, &ctx.turn, &view, side, space) {
        return ctx.reject(r);
    }
    super::order::enter(&mut ctx.turn, space);
    // The airstrike and the ISR chit are spent: the airstrike goes back to the pool, the chit to its cup.
    if let Some(t) = super::airstrike::rules(&game).and_then(|a| game.track_index(&a.track)) {
        crate::rules::tracks::adjust_track(&game, &mut p.tracks, t, -1);
    }
    p.pools.hands[side].retain(|c| *c != chit);
    if let Some((pool, _)) = crate::rules::events::chit_def(&game, &chit) {
        p.pools.cups[pool].push(chit.clone());
        p.pools.cups[pool].sort();
    }
    ctx.outcome.barrier = true;
    let key = game.board.key(space).to_string();
    ctx.log(LogKind::Combat, format!("{} makes a PGM strike on {unit} in {key} at {column}, spending an airstrike and ISR (27.10)", game.side_id(side)), Some(key));
    p.conflict.0 = Some(Conflict {
        space,
        sides: [side, target.side],
        units: [Vec::new(), vec![unit]],
        boxes: Vec::new(),
        steps: VecDeque::new(),
        roll: Some(PendingRoll { crt, attack: 0, defense: 0 }),
        offers: VecDeque::new(),
        suicide: false,
        edge: [false; 2],
        offer: None,
        strike_offered: true,
        strike: Some(col),
    });
    proceed(&game, &ctx.turn, &mut ctx.glog, &mut p, &mut q);
}

/// The PGM strikes `side` may make now: each open enemy unit at each column, with its first ISR.
#[must_use]
pub fn pgm_strikes(game: &Game, turn: &TurnState, units: &UnitsView, tracks: &crate::model::Tracks, pools: &crate::model::Pools, side: usize) -> Vec<Command> {
    let mut out = Vec::new();
    let Some(pgm) = super::netwar(game).and_then(|n| n.pgm.as_ref()).filter(|p| game.options.contains(&p.option)) else { return out };
    let Some(chit) = super::chits::held(game, pools, side, NetwarChit::Isr).into_iter().next() else { return out };
    let Some(table) = game.scenario.tables.crts.iter().find(|c| c.id == pgm.table) else { return out };
    for u in units.all().iter().filter(|u| u.side != side && u.space().is_some()) {
        for i in 0..table.columns.len() {
            let column = column_label(table, i).to_string();
            if pgm_check(game, turn, units, tracks, pools, side, &u.id, &column, &chit).is_ok() {
                out.push(DiCommand::Pgm { unit: String::from(&*u.id), column, chit: chit.clone() }.into());
            }
        }
    }
    out
}
