//! Pursuit movement and pursuit combat (ToO 14; engine gap G15). A result that allows it
//! (`CombatEffect::Pursuit`) lets the winning party's survivors move into the hex the losers
//! left, then on up to their pursuit distance in any direction, ignoring enemy zones of control
//! and paying no movement points (14.1, 14.3-14.4). Where the result allows a pursuit combat
//! (14.5: DC, DD, DT), the units that pursued may then attack one enemy hex on their own, with
//! the original attack's supports if in range and its attack supply (14.6); a new result that
//! allows pursuit starts the chain again.

use bevy::prelude::*;

use super::RulesSystems;
use super::losses::LossQuery;
use super::note::{CommandCtx, log, take_control};
use super::stacking::{checked_on_entry, room_for, stacking_points};
use crate::model::command::{Command, RetreatMove};
use crate::model::log::{GameLog, LogKind};
use crate::model::prompt::Prompt;
use crate::model::view::{UnitView, UnitsView, factors, is_static};
use crate::model::{Control, ControlChanges, Game, Location, PendingPrompt, PursuitCombat, PursuitGrant, SpaceId, TurnState};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::Pursue { .. }), pursue.in_set(RulesSystems::Combat));
    s.on_while(|c| matches!(c, Command::Pass), |p: &PendingPrompt| matches!(p.0, Some(Prompt::PursuitCombat { .. })), decline_pursuit_combat.in_set(RulesSystems::Combat));
}

/// The hexes a unit pursues (ToO 14.3): its type's distance, else the rules' for a unit with
/// an attack of 1 or more; none for support units and units that never move.
#[must_use]
pub fn pursuit_distance(game: &Game, u: &UnitView) -> u32 {
    let Some(rules) = &game.scenario.rules.pursuit else { return 0 };
    let ty = &game.scenario.unit_types[u.type_index];
    if ty.support.is_some() || is_static(game, u) {
        return 0;
    }
    if let Some((_, n)) = rules.by_type.iter().find(|(t, _)| *t == ty.id) {
        return *n;
    }
    if factors(game, u.type_index, u.level).attack >= 1 { rules.hexes } else { 0 }
}

fn enemy_in(units: &UnitsView, side: usize, at: SpaceId) -> bool {
    units.at(at).any(|u| u.side != side)
}

/// Once a combat's losses are paid: asks the pursuing side to pursue, if any unit may (a
/// first hex still held by the losers allows none: ToO 13.4, T15).
pub fn offer(game: &Game, turn: &TurnState, glog: &mut GameLog, units: &UnitsView, grant: PursuitGrant, prompt: &mut PendingPrompt) {
    let open: Vec<SpaceId> = grant.first.iter().copied().filter(|f| !enemy_in(units, grant.side, *f)).collect();
    let pursuers: Vec<(String, u32)> = grant
        .units
        .iter()
        .filter_map(|id| units.get(id))
        .filter(|u| u.side == grant.side)
        .filter_map(|u| {
            let at = u.space()?;
            // ToO 31.4(b): a declared attack may let some pursue farther.
            let farther = grant.farther.iter().find(|(id, _)| *id == *u.id).map_or(0, |(_, n)| *n);
            let n = pursuit_distance(game, u).max(farther);
            (n > 0 && open.iter().any(|f| game.board.edge(at, *f).is_some())).then(|| (String::from(&*u.id), n))
        })
        .collect();
    let hexes: Vec<&str> = grant.first.iter().map(|f| game.board.key(*f)).collect();
    if pursuers.is_empty() {
        let why = if open.is_empty() { format!("{} is still held", hexes.join(", ")) } else { "no unit may pursue".to_string() };
        log(glog, game, turn, LogKind::Combat, format_args!("no pursuit: {why} (ToO 14)"), None);
        return;
    }
    let rule = if grant.combat { "14 pursuit: move, then a pursuit combat may follow" } else { "14 pursuit: move only, no pursuit combat" };
    prompt.0 = Some(Prompt::Pursue {
        side: game.side_id(grant.side).to_string(),
        units: pursuers,
        first: open.iter().map(|f| game.board.key(*f).to_string()).collect(),
        rule: rule.to_string(),
        combat: grant.combat,
        supports: grant.supports,
        supplied: grant.supplied,
        declared: grant.declared,
    });
}

/// Checks a pursuit answer against the prompt (ToO 14.1, 14.4): each named unit once, a path
/// of 1 to its distance hexes, the first one of the offered hexes next to the unit, each next
/// hex adjacent, none held by the enemy or closed to the unit (enemy zones are ignored), and
/// where limits hold on entry, room where each ends. Returns each unit's path.
pub fn pursuit_rejection(game: &Game, (units, control): (&UnitsView, &Control), prompt: Option<&Prompt>, moves: &[RetreatMove]) -> Result<Vec<(String, Vec<SpaceId>)>, String> {
    let Some(Prompt::Pursue { units: allowed, first, .. }) = prompt else { return Err("no pursuit is on offer".to_string()) };
    let mut out: Vec<(String, Vec<SpaceId>)> = Vec::new();
    for m in moves {
        let id = m.unit.to_string();
        let Some(&(_, n)) = allowed.iter().find(|(a, _)| *a == id) else { return Err(format!("`{id}` may not pursue")) };
        if out.iter().any(|(o, _)| *o == id) {
            return Err(format!("`{id}` is named twice"));
        }
        let u = units.get(&id).ok_or_else(|| format!("unknown unit `{id}`"))?;
        let mut at = u.space().ok_or_else(|| format!("`{id}` is not on the map"))?;
        if m.path.is_empty() || m.path.len() as u32 > n {
            return Err(format!("`{id}` pursues 1 to {n} hex(es); {} were given", m.path.len()));
        }
        if !first.iter().any(|f| **f == *m.path[0]) {
            return Err(format!("`{id}` must pursue first into {} (ToO 14.1)", first.join(" or ")));
        }
        let class = game.board.move_class(&game.scenario.unit_types[u.type_index].movement_class);
        let mut path = Vec::new();
        for key in &m.path {
            let to = game.board.space(key).ok_or_else(|| format!("unknown space `{key}`"))?;
            let edge = game.board.edge(at, to).ok_or_else(|| format!("{key} is not next to {}", game.board.key(at)))?;
            if enemy_in(units, u.side, to) {
                return Err(format!("{key} holds enemy units: a pursuit never enters them (ToO 14.4)"));
            }
            let open = super::movement::edge_cost(game, at, edge, class, u32::MAX / 4, &[], &std::collections::BTreeSet::new()).is_some()
                && super::rail::bound_step(game, control, u, at, edge);
            if !open || super::entry_bans::banned_from(game, units, u, to) {
                return Err(format!("`{id}` may not enter {key}"));
            }
            path.push(to);
            at = to;
        }
        out.push((id, path));
    }
    // 28.4: a pursuer that never shares its hex ends alone, and no pursuer ends with one.
    if game.lookups.stacks_alone() {
        for (id, path) in &out {
            let (Some(u), Some(&end)) = (units.get(id), path.last()) else { continue };
            let with: Vec<usize> = out.iter().filter(|(_, p)| p.last() == Some(&end)).filter_map(|(o, _)| units.get(o)).map(|o| o.type_index).collect();
            if super::stacking::alone_clash(game, units, end, u.type_index, Some(u.rank)) || super::stacking::alone_together(game, &with) {
                return Err(format!("{}: a unit that never shares its hex would share it (28.4)", game.board.key(end)));
            }
        }
    }
    if checked_on_entry(game) {
        let mut ends: Vec<(SpaceId, usize, u32)> = Vec::new();
        for (id, path) in &out {
            let Some(u) = units.get(id) else { continue };
            let end = *path.last().unwrap_or(&SpaceId(0));
            match ends.iter_mut().find(|(s, side, _)| *s == end && *side == u.side) {
                Some(e) => e.2 += stacking_points(game, u.type_index),
                None => ends.push((end, u.side, stacking_points(game, u.type_index))),
            }
        }
        for (end, side, points) in ends {
            if !room_for(game, units, end, side, points) {
                return Err(format!("{} has no room for the pursuers ({points} stacking points)", game.board.key(end)));
            }
        }
    }
    Ok(out)
}

/// Legal answers to a pursuit prompt: no pursuit; every pursuer into the first hex together;
/// each alone into each first hex next to it, and on into each hex beyond within its distance.
#[must_use]
pub fn pursuit_options(game: &Game, (units, control): (&UnitsView, &Control), prompt: &Prompt) -> Vec<Command> {
    let Prompt::Pursue { units: allowed, first, .. } = prompt else { return Vec::new() };
    let mut out = vec![Command::Pursue { moves: Vec::new() }];
    let mv = |id: &str, path: &[String]| RetreatMove { unit: id.into(), path: crate::model::command::names(path) };
    let adjacent = |id: &str, f: &str| {
        let (Some(u), Some(f)) = (units.get(id), game.board.space(f)) else { return false };
        u.space().is_some_and(|at| game.board.edge(at, f).is_some())
    };
    if let Some(f) = first.first()
        && allowed.len() > 1
    {
        out.push(Command::Pursue { moves: allowed.iter().filter(|(id, _)| adjacent(id, f)).map(|(id, _)| mv(id, std::slice::from_ref(f))).collect() });
    }
    for (id, n) in allowed {
        for f in first.iter().filter(|f| adjacent(id, f)) {
            out.push(Command::Pursue { moves: vec![mv(id, std::slice::from_ref(f))] });
            let Some(fs) = game.board.space(f) else { continue };
            if *n >= 2 {
                for e in &game.board.edges[fs.index()] {
                    let on = game.board.key(e.to).to_string();
                    out.push(Command::Pursue { moves: vec![mv(id, &[f.clone(), on])] });
                }
            }
        }
    }
    out.retain(|c| match c {
        Command::Pursue { moves } if !moves.is_empty() => pursuit_rejection(game, (units, control), Some(prompt), moves).is_ok(),
        _ => true,
    });
    out
}

/// The pursuit combat's answers (ToO 14.5-14.6): none, or one attack by the pursuers next to
/// an enemy hex, on each table, alone and with the attack's supports; each checked by the
/// rules like any attack.
#[must_use]
pub fn pursuit_combat_options(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, side: usize, prompt: &Prompt) -> Vec<Command> {
    let Prompt::PursuitCombat { units: pursuers, supports, .. } = prompt else { return Vec::new() };
    let mut out = vec![Command::Pass];
    let mut targets: Vec<SpaceId> = pursuers
        .iter()
        .filter_map(|id| units.get(id).and_then(UnitView::space))
        .flat_map(|at| game.board.edges[at.index()].iter().map(|e| e.to))
        .filter(|t| enemy_in(units, side, *t))
        .collect();
    targets.sort_unstable();
    targets.dedup();
    let tables: Vec<Option<String>> = if game.scenario.tables.crts.len() > 1 { game.scenario.tables.crts.iter().map(|c| Some(c.id.clone())).collect() } else { vec![None] };
    for t in targets {
        let key = game.board.key(t).to_string();
        let group: Vec<String> = pursuers.iter().filter(|id| units.get(id).and_then(UnitView::space).is_some_and(|at| game.board.edge(at, t).is_some())).cloned().collect();
        for table in &tables {
            let with_all: Vec<String> = group.iter().chain(supports).cloned().collect();
            for attackers in [group.clone(), with_all] {
                if super::combat::plan_attack(game, turn, units, control, side, &attackers, &key, table.as_deref()).is_ok() {
                    let cmd = Command::Attack {
                        attackers: crate::model::command::names(&attackers),
                        target: key.as_str().into(),
                        table: table.as_deref().map(crate::model::command::Name::new),
                        supports: Vec::new(),
                        declare: None,
                    };
                    if !out.contains(&cmd) {
                        out.push(cmd);
                    }
                }
            }
        }
    }
    out
}

fn pursue(mut ctx: CommandCtx, mut prompt: ResMut<PendingPrompt>, mut control: ResMut<Control>, mut changes: ResMut<ControlChanges>, mut q: LossQuery) {
    let Some((side, Command::Pursue { moves })) = ctx.cmd.0.clone() else { return };
    let view = q.view();
    let paths = match pursuit_rejection(&ctx.game, (&view, &control), prompt.0.as_ref(), &moves) {
        Ok(p) => p,
        Err(r) => return ctx.reject(r),
    };
    let Some(Prompt::Pursue { combat, supports, supplied, declared, .. }) = prompt.0.take() else { return };
    let game = ctx.game.clone();
    if paths.is_empty() {
        ctx.log(LogKind::Combat, "no pursuit", None);
        return;
    }
    for (id, path) in &paths {
        let Some(&end) = path.last() else { continue };
        if let Some(&e) = ctx.index.0.get(id)
            && let Ok((_, mut loc, ..)) = q.get_mut(e)
        {
            *loc = Location::OnMap(end);
        }
        for s in path {
            take_control(&mut control, &mut changes, *s, side);
        }
        let keys: Vec<&str> = path.iter().map(|s| game.board.key(*s)).collect();
        ctx.log(LogKind::Combat, format_args!("{id} pursues into {} (ToO 14)", keys.join("-")), Some(game.board.key(end).to_string()));
    }
    // 14.5: a pursuit combat, if the result allows one and a pursuer stands next to the enemy.
    let view = q.view();
    let next_to_enemy = |id: &String| view.get(id).and_then(UnitView::space).is_some_and(|at| game.board.edges[at.index()].iter().any(|e| enemy_in(&view, side, e.to)));
    let moved: Vec<String> = paths.iter().map(|(id, _)| id.clone()).collect();
    if combat && moved.iter().any(next_to_enemy) {
        ctx.turn.pursuit = Some(PursuitCombat { side, units: moved.clone(), supports: supports.clone(), supplied, declared });
        prompt.0 = Some(Prompt::PursuitCombat {
            side: game.side_id(side).to_string(),
            units: moved,
            supports,
            rule: "14.5 pursuit combat: the pursuers attack one enemy hex on their own, or pass".to_string(),
        });
    }
}

/// A pass on the pursuit combat asked (run only while it is asked: `add_systems`).
fn decline_pursuit_combat(mut ctx: CommandCtx, mut prompt: ResMut<PendingPrompt>) {
    if !matches!(prompt.0, Some(Prompt::PursuitCombat { .. })) {
        return;
    }
    prompt.0 = None;
    ctx.turn.pursuit = None;
    ctx.log(LogKind::Combat, "no pursuit combat (ToO 14.5)", None);
}
