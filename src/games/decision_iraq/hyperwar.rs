//! Hyperwar (DI 27.12, optional): in its own Hyperwar phase a side spends a Leader Node, an ISR
//! and an InfoWar chit for a world information operation (2d6 to its own index or off the
//! enemy's; it can end the game) and/or a defection (1d6 enemy militia in a district become its
//! own, level for level or lower). The enemy may cancel the whole with Black Ops or Fatwa, and
//! the chits then go back unused (27.121); a counter-cancel lets it happen.

use super::vocabulary::{DiCommand, di};
use bevy::prelude::*;

use super::index_track;
use crate::model::view::UnitsView;
use crate::model::{Game, Location, Pools, SpaceId, StepLevel, Tracks, TurnState};
use crate::rules::losses::LossQuery;
use crate::rules::note::{CommandCtx, log};
use crate::rules::RulesSystems;
use crate::scenario::schema::{PhaseKind};
use super::schema::Hyperwar;
use crate::model::command::Command;
use crate::model::dice::Dice;
use crate::model::log::{GameLog, LogKind};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(di(c), Some(DiCommand::Hyperwar { .. })), declare.in_set(RulesSystems::Movement));
}

/// The Hyperwar rules, if their option is on.
#[must_use]
pub fn hyperwar(game: &Game) -> Option<&Hyperwar> {
    super::netwar(game)?.hyperwar.as_ref().filter(|h| game.options.contains(&h.option))
}

/// The enemy militia in a district (open and in boxes), highest levels first.
fn enemy_militia(game: &Game, units: &UnitsView, h: &Hyperwar, side: usize, district: SpaceId) -> Vec<(String, u32, SpaceId)> {
    let mut v: Vec<(String, u32, SpaceId)> = std::iter::once(district)
        .chain(game.board.slots_of(district))
        .flat_map(|s| {
            units.at(s).filter(|u| u.side != side && h.militia.contains(&game.scenario.unit_types[u.type_index].id)).map(|u| (String::from(&*u.id), u.level, s)).collect::<Vec<_>>()
        })
        .collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

/// Why the Hyperwar may not be made as named, if it may not.
#[must_use]
#[expect(clippy::too_many_arguments, reason = "the state a Hyperwar depends on, read-only")]
pub fn rejection(game: &Game, turn: &TurnState, units: &UnitsView, pools: &Pools, side: usize, chits: &[String], info: Option<bool>, defection: Option<&str>) -> Option<String> {
    let Some(h) = hyperwar(game) else { return Some("Hyperwar is an optional rule that is off (27.12)".into()) };
    let phase = turn.current_phase(game)?;
    if phase.kind != PhaseKind::Special || turn.actor(game, phase) != Some(side) {
        return Some("a Hyperwar is made in the side's own Hyperwar phase (27.12)".into());
    }
    if info.is_none() && defection.is_none() {
        return Some("name the world information operation, the defection, or both".into());
    }
    let mut kinds: Vec<_> = chits.iter().filter(|c| pools.hands[side].contains(c)).filter_map(|c| super::chits::chit_kind(game, c)).collect();
    kinds.sort_by_key(|k| format!("{k:?}"));
    let mut want = h.chits.clone();
    want.sort_by_key(|k| format!("{k:?}"));
    if chits.len() != want.len() || kinds != want {
        return Some(format!("a Hyperwar spends one chit of each: {want:?} (27.12)"));
    }
    if let Some(d) = defection {
        let Some(s) = game.board.space(d) else { return Some(format!("unknown district `{d}`")) };
        if enemy_militia(game, units, h, side, s).is_empty() {
            return Some(format!("{d} holds no enemy militia"));
        }
    }
    None
}

fn declare(mut ctx: CommandCtx, mut p: super::chits::ChitParams, mut q: LossQuery) {
    let Some((side, Some(DiCommand::Hyperwar { chits, info, defection }))) = ctx.cmd.0.as_ref().map(|(s, c)| (*s, di(c).cloned())) else { return };
    let units = q.view();
    let game = ctx.game.clone();
    if p.prompt.0.is_some() {
        return ctx.reject("answer the question asked first".into());
    }
    if let Some(r) = rejection(&game, &ctx.turn, &units, &p.pools, side, &chits, info, defection.as_deref()) {
        return ctx.reject(r);
    }
    ctx.outcome.barrier = true;
    let (first, others) = chits.split_first().map(|(f, o)| (f.clone(), o.to_vec())).unwrap_or_default();
    p.pools.hands[side].retain(|c| !others.contains(c));
    let purpose = super::chits::Purpose::Hyperwar { info, defection, others };
    let super::chits::ChitParams { pools, chain, prompt, .. } = &mut p;
    if let Some(done) = super::chits::start(&game, &ctx.turn, &mut ctx.glog, pools, chain, prompt, side, &first, purpose) {
        super::chits::apply(&mut ctx, &mut p, &mut q, side, done);
    }
}

/// The Hyperwar's effects once it stands.
#[expect(clippy::too_many_arguments, reason = "a Hyperwar changes indexes and units")]
pub fn resolve(game: &Game, turn: &TurnState, glog: &mut GameLog, tracks: &mut Tracks, dice: &mut Dice, q: &mut LossQuery, side: usize, info: Option<bool>, defection: Option<&str>) {
    let Some(h) = hyperwar(game) else { return };
    let enemy = (0..game.scenario.sides.len()).find(|s| *s != side).unwrap_or(0);
    if let Some(subtract) = info {
        let sum: i32 = (0..h.info_dice).map(|_| dice.roll(6, "Hyperwar: world information operation") as i32).sum();
        let (t, delta) = if subtract { (index_track(game, enemy), -sum) } else { (index_track(game, side), sum) };
        if let Some(t) = t {
            super::change_index(game, turn, tracks, glog, t, delta, 0, format_args!("Hyperwar world information operation, {}d6 = {sum} (27.12)", h.info_dice));
        }
    }
    let Some(district) = defection.and_then(|d| game.board.space(d)) else { return };
    let n: u32 = (0..h.defection_dice).map(|_| dice.roll(6, "Hyperwar: defection")).sum();
    let units = q.view();
    let own = super::netwar(game).and_then(|x| x.leader_node_militia.iter().find(|(s, ..)| game.side_index(s) == Some(side))).map(|(_, t, _)| t.clone());
    let key = game.board.key(district).to_string();
    log(glog, game, turn, LogKind::Roll, format_args!("Hyperwar defection in {key}: rolled {n} (27.12)"), Some(key.clone()));
    for (id, level, at) in enemy_militia(game, &units, h, side, district).into_iter().take(n as usize) {
        super::conflict::eliminate(game, turn, glog, q, std::slice::from_ref(&id));
        let view = q.view();
        let Some(t) = own.as_ref().and_then(|o| game.scenario.unit_types.iter().position(|u| &u.id == o)) else { continue };
        let lowest = crate::rules::levels::range(game, t).map_or(1, |(lo, _)| lo);
        let Some(l) = (lowest..=level).rev().find(|l| crate::rules::levels::free_at(game, &view, t, *l, "")) else {
            log(glog, game, turn, LogKind::Track, format_args!("no militia counter is free to replace {id}"), None);
            continue;
        };
        let Some(new) = view.all().iter().find(|u| u.type_index == t && u.location == Location::Eliminated).map(|u| String::from(&*u.id)) else { continue };
        if let Some((_, mut loc, mut lvl, ..)) = q.unit_mut(new.as_str()) {
            *loc = Location::OnMap(at);
            *lvl = StepLevel(l);
        }
        log(glog, game, turn, LogKind::Command, format_args!("{id} defects: {new} (level {l}) takes its place at {}", game.board.key(at)), Some(key.clone()));
    }
}

/// The Hyperwars `side` may make now: with its first chit of each kind, each operation alone and
/// each defection district, with and without the information operation.
#[must_use]
pub fn commands(game: &Game, turn: &TurnState, units: &UnitsView, pools: &Pools, side: usize) -> Vec<Command> {
    let Some(h) = hyperwar(game) else { return Vec::new() };
    let chits: Vec<String> = h.chits.iter().filter_map(|k| super::chits::held(game, pools, side, *k).into_iter().next()).collect();
    let mut out = Vec::new();
    let districts: Vec<Option<String>> = std::iter::once(None).chain((0..game.board.len()).map(|i| Some(game.board.key(SpaceId(i as u32)).to_string()))).collect();
    for d in &districts {
        for info in [None, Some(false), Some(true)] {
            if rejection(game, turn, units, pools, side, &chits, info, d.as_deref()).is_none() {
                out.push(DiCommand::Hyperwar { chits: chits.clone(), info, defection: d.clone() }.into());
            }
        }
    }
    out
}
