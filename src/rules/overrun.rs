//! Overrun during movement (tutorial 5.7.3, HW 1.3): a stack of up to `max_units` units in one
//! hex attacks an adjacent enemy hex for the cost of entering it plus `extra_mp`, resolved at
//! once on the CRT with terrain shifts; never from a hex in the ZOC of `forbidden_from_zocs`
//! different enemy-occupied hexes. If the hex is vacated the stack enters it and may move on.

use bevy::prelude::*;

use super::combat::{AttackPlan, CombatParams, fight, plan_attack};
use super::losses::LossQuery;
use super::movement::{exerts_zoc, move_cost, movement_allowance, mp_parts, mp_text};
use super::note::CommandCtx;
use super::RulesSystems;
use crate::model::view::UnitsView;
use crate::model::{Control, Game, TurnState};
use crate::model::command::Command;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::Overrun { .. }), overrun.in_set(RulesSystems::Combat));
}

/// Different enemy-occupied hexes whose units put `hex` in their ZOC (across no hexside that
/// blocks it, as `movement::enemy_zoc`).
#[must_use]
pub fn zoc_sources(game: &Game, units: &UnitsView, side: usize, hex: crate::model::SpaceId) -> u32 {
    game.board.edges[hex.index()]
        .iter()
        .filter(|e| game.board.zoc_crosses(e) && !super::landings::at_sea(game, e.to) && units.at(e.to).any(|u| u.side != side && exerts_zoc(game, u) && super::waters::in_waters(game, u.type_index, hex)))
        .count() as u32
}

/// Checks an overrun; returns the combat plan and the MP it costs each unit.
pub fn plan_overrun(
    game: &Game,
    turn: &TurnState,
    units: &UnitsView,
    control: &Control,
    side: usize,
    stack: &[String],
    target: &str,
) -> Result<(AttackPlan, u32), String> {
    let Some(rules) = &game.scenario.rules.overrun else { return Err("this scenario has no overruns".into()) };
    if stack.is_empty() || stack.len() as u32 > rules.max_units {
        return Err(format!("an overrun takes 1 to {} units", rules.max_units));
    }
    let first = units.get(&stack[0]).ok_or_else(|| format!("unknown unit `{}`", stack[0]))?;
    let Some(launch) = first.space() else { return Err(format!("`{}` is not on the map", first.id)) };
    let to = game.board.space(target).ok_or_else(|| format!("unknown space `{target}`"))?;
    let edge = game.board.edge(launch, to).ok_or_else(|| format!("{target} is not adjacent to {}", game.board.key(launch)))?;
    let sources = zoc_sources(game, units, side, launch);
    if sources >= rules.forbidden_from_zocs {
        return Err(format!(
            "{} is in the zone of control of {sources} enemy-occupied hexes: no overrun from there",
            game.board.key(launch)
        ));
    }
    let mut cost = 0;
    for id in stack {
        let u = units.get(id).ok_or_else(|| format!("unknown unit `{id}`"))?;
        if u.side != side {
            return Err(format!("`{id}` is not a unit of {}", game.side_id(side)));
        }
        if u.space() != Some(launch) {
            return Err("the overrunning units must be stacked in one hex".into());
        }
        if crate::model::view::is_static(game, u) {
            return Err(format!("`{id}` never moves once placed (a static unit): it cannot overrun"));
        }
        // A stack that has just entered a single enemy ZOC (and so had to stop) may still
        // overrun from there: only its MP count, not the stop.
        let class = game.board.move_class_in(&game.scenario.unit_types[u.type_index].movement_class, control.season);
        // In movement parts, as the unit's MP are counted (ToO 9.7 halves).
        let enter = move_cost(game, launch, edge, class, u32::MAX / 4, control).ok_or_else(|| format!("`{id}` could not enter {target}"))?;
        cost = enter + rules.extra_mp * mp_parts(game);
        let left = movement_allowance(game, u).saturating_sub(u.activity.mp_used);
        if left < cost {
            return Err(format!("overrunning {target} costs {} MP; `{id}` has {}", mp_text(game, cost), mp_text(game, left)));
        }
    }
    // Strengths, shifts and the prohibited odds as for an attack. A stack that has overrun
    // once this turn may not overrun again (it may not attack either).
    let plan = plan_attack(game, turn, units, control, side, stack, target, None)?;
    Ok((plan, cost))
}

fn overrun(mut ctx: CommandCtx, mut combat: CombatParams, tracks: Res<crate::model::Tracks>, mut q: LossQuery) {
    let Some((side, Command::Overrun { units, target })) = ctx.cmd.0.clone() else { return };
    let (units, target) = (crate::model::command::strings(&units), target.to_string());
    let view = q.view();
    if let Some(r) = super::combat::attack_ban(&ctx.game, &tracks, &view, &units) {
        return ctx.reject(r);
    }
    let (plan, cost) = match plan_overrun(&ctx.game, &ctx.turn, &view, &combat.control, side, &units, &target) {
        Ok(p) => p,
        Err(r) => return ctx.reject(r),
    };
    let stack = plan.attackers.clone();
    fight(&mut ctx, &mut combat, &mut q, &view, plan, Some((stack, cost)));
}
