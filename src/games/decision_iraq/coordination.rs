//! FOB/BZ coordination (DI 27.7, optional): with a friendly base in the district the attacker may
//! split its attack into groups, each against enemy units it names; every attacker attacks the
//! open enemies at most once (then those in boxes at most once), every enemy unit is attacked
//! once, and once a district's attack is coordinated every enemy unit there must be attacked by
//! some group (27.71) while attackers remain.

use bevy::prelude::*;

use super::conflict::{ConflictParams, open_conflict, table_rejection};
use super::retreat::friendly_base;
use crate::scenario::board::SpaceKind;
use crate::model::view::{UnitsView, factors};
use crate::model::{Game, SpaceId, TurnState};
use crate::rules::combat::AttackPlan;
use crate::rules::crt::odds_column;
use crate::rules::losses::LossQuery;
use crate::rules::note::CommandCtx;
use crate::rules::RulesSystems;
use crate::model::command::Command;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::GroupAttack { .. }), group_attack.in_set(RulesSystems::Combat));
}

fn option_on(game: &Game) -> bool {
    super::netwar(game).and_then(|n| n.coordination.as_ref()).is_some_and(|o| game.options.contains(o))
}

/// The enemy units a group may still attack in `area`: the open ones not yet attacked, else (none
/// left open) those in boxes not yet attacked.
fn targets(game: &Game, turn: &TurnState, units: &UnitsView, side: usize, area: SpaceId) -> (Vec<String>, bool) {
    let open: Vec<String> = units.at(area).filter(|u| u.side != side).map(|u| String::from(&*u.id)).collect();
    if !open.is_empty() {
        return (open.into_iter().filter(|id| !turn.attacked_units.contains(id)).collect(), false);
    }
    let boxed = game.board.slots_of(area).flat_map(|b| units.at(b).filter(|u| u.side != side).map(|u| String::from(&*u.id)).collect::<Vec<_>>());
    (boxed.filter(|id| !turn.attacked_units.contains(id)).collect(), true)
}

/// Checks a group attack and plans it.
pub fn plan_group(game: &Game, turn: &TurnState, units: &UnitsView, side: usize, attackers: &[String], defenders: &[String], table: Option<&str>) -> Result<AttackPlan, String> {
    if !option_on(game) {
        return Err("coordinated group attacks are an optional rule that is off (27.7)".into());
    }
    let first = attackers.first().and_then(|a| units.get(a)).ok_or("name the attacking units")?;
    let area = first.space().filter(|s| matches!(game.board.spaces[s.index()].kind, SpaceKind::Area)).ok_or("attackers attack from the open part of a district")?;
    if !friendly_base(game, units, area, side) {
        return Err(format!("a group attack needs a friendly FOB or base zone in {} (27.7)", game.board.key(area)));
    }
    if turn.attacked.contains(&area) {
        return Err(format!("the open enemies in {} were attacked all together already", game.board.key(area)));
    }
    let (open_targets, underground) = targets(game, turn, units, side, area);
    if defenders.is_empty() || defenders.iter().any(|d| !open_targets.contains(d)) {
        return Err(format!("the group attacks enemy units not yet attacked in {}: {}", game.board.key(area), open_targets.join(", ")));
    }
    for a in attackers {
        let u = units.get(a).ok_or_else(|| format!("unknown unit `{a}`"))?;
        let done = if underground { u.activity.attacked_below } else { u.activity.attacked };
        if u.side != side || u.space() != Some(area) || done || factors(game, u.type_index, u.level).attack == 0 {
            return Err(format!("`{a}` may not join this group"));
        }
    }
    let crt = match table {
        Some(t) => game.scenario.tables.crts.iter().position(|c| c.id == t).ok_or_else(|| format!("unknown table `{t}`"))?,
        None => 0,
    };
    let attack = attackers.iter().filter_map(|a| units.get(a)).map(|u| factors(game, u.type_index, u.level).attack).sum();
    let defense = defenders.iter().filter_map(|d| units.get(d)).map(|u| factors(game, u.type_index, u.level).defense).sum();
    let pick = odds_column(&game.scenario.tables.crts[crt], attack, defense, 0);
    let mut sorted = attackers.to_vec();
    sorted.sort();
    sorted.dedup();
    let plan = AttackPlan { target: area, crt, attack, defense, pick, attackers: sorted, defenders: defenders.to_vec(), extra_steps: 0, mark: area, underground, defense_multiplier: (1, String::new()), attack_multiplier: (1, String::new()), supporting: Vec::new(), bombardment: false, spent: Vec::new(), declared: None };
    if let Some(r) = table_rejection(game, turn, units, &plan.attackers, underground, crt) {
        return Err(r);
    }
    Ok(plan)
}

fn group_attack(mut ctx: CommandCtx, mut p: ConflictParams, mut q: LossQuery) {
    let Some((side, Command::GroupAttack { attackers, defenders, table })) = ctx.cmd.0.clone() else { return };
    let (attackers, defenders, table) = (crate::model::command::strings(&attackers), crate::model::command::strings(&defenders), table.map(|t| t.to_string()));
    let view = q.view();
    let game = ctx.game.clone();
    if p.conflict.0.is_some() || p.prompt.0.is_some() {
        return ctx.reject("a conflict is still being resolved".into());
    }
    let plan = match plan_group(&game, &ctx.turn, &view, side, &attackers, &defenders, table.as_deref()) {
        Ok(plan) => plan,
        Err(r) => return ctx.reject(r),
    };
    if let Some(r) = super::order::district_rejection(&game, &ctx.turn, &view, side, plan.target) {
        return ctx.reject(r);
    }
    ctx.turn.coordinated.insert(plan.target);
    ctx.turn.attacked_units.extend(plan.defenders.iter().cloned());
    open_conflict(&mut ctx, &mut p, &mut q, view, plan, side, false);
}

/// 27.71: why the side may not end its conflict phase: a coordinated district with enemy units
/// not yet attacked and attackers left.
#[must_use]
pub fn owed_group(game: &Game, turn: &TurnState, units: &UnitsView, side: usize) -> Option<String> {
    turn.coordinated.iter().find_map(|area| {
        let (left, underground) = targets(game, turn, units, side, *area);
        let able = units.at(*area).any(|u| u.side == side && !u.activity.attacked && factors(game, u.type_index, u.level).attack > 0);
        (!left.is_empty() && !underground && able).then(|| format!("every enemy unit in {} must be attacked by a group (27.71): {}", game.board.key(*area), left.join(", ")))
    })
}

/// The group attacks `side` may make: each able open unit alone against each enemy still to be
/// attacked, and all of them against all of those.
#[must_use]
pub fn commands(game: &Game, turn: &TurnState, units: &UnitsView, side: usize) -> Vec<Command> {
    let mut out = Vec::new();
    if !option_on(game) {
        return out;
    }
    let areas: Vec<SpaceId> = units.all().iter().filter(|u| u.side == side).filter_map(|u| u.space()).filter(|s| matches!(game.board.spaces[s.index()].kind, SpaceKind::Area)).collect();
    let mut areas = areas;
    areas.sort_unstable();
    areas.dedup();
    for area in areas {
        let (left, _) = targets(game, turn, units, side, area);
        let own: Vec<String> = units.at(area).filter(|u| u.side == side).map(|u| String::from(&*u.id)).collect();
        let mut groups: Vec<(Vec<String>, Vec<String>)> = vec![(own.clone(), left.clone())];
        for a in &own {
            for d in &left {
                groups.push((vec![a.clone()], vec![d.clone()]));
            }
        }
        for (a, d) in groups {
            for t in &game.scenario.tables.crts {
                if plan_group(game, turn, units, side, &a, &d, Some(&t.id)).is_ok() {
                    out.push(Command::GroupAttack { attackers: crate::model::command::names(&a), defenders: crate::model::command::names(&d), table: Some(t.id.as_str().into()) });
                }
            }
        }
    }
    out
}
