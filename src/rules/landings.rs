//! Assault landings (`rules.sea_moves.landings`; ToO 20.10, engine gap G26). A voyage from a
//! port to a coastal hex that enemy units hold leaves the units at sea, in an all-sea hex next
//! to it. In their side's next Combat phase they must attack that hex, and only it; they never
//! retreat. If the result lets them pursue, they land in it as their pursuit; if not, they and
//! their transport are eliminated. At the end of that Combat phase, a force that never attacked
//! lands if its target is empty by then, and is eliminated with its transport otherwise [I].

use bevy::prelude::*;

use super::RulesSystems;
use super::note::{CommandCtx, take_control};
use super::sea_moves::Voyage;
use crate::model::command::{Command, Name};
use crate::model::log::LogKind;
use crate::model::prompt::Prompt;
use crate::model::view::UnitsView;
use crate::model::{Control, ControlChanges, Game, Landing, Location, PendingCombat, PendingPrompt, SpaceId, TurnState};
use crate::scenario::schema::{LandingRules, PhaseKind};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    if !s.uses(|sc| sc.rules.sea_moves.as_ref().is_some_and(|r| r.landings.is_some())) {
        return;
    }
    s.on(|c| matches!(c, Command::EndPhase), refuse_end_before_attack.in_set(RulesSystems::ApplyCommand).after(super::sequence::check_sequence));
    s.always(settle_after_combat.in_set(RulesSystems::Sequence).before(super::sequence::end_phase));
    s.on(|c| matches!(c, Command::EndPhase), settle_at_phase_end.in_set(RulesSystems::Sequence).after(settle_after_combat).before(super::sequence::end_phase));
}

fn rule(game: &Game) -> String {
    let r = game.scenario.rules.sea_moves.as_ref().and_then(|s| s.landings.as_ref()).and_then(|l| l.rule.as_deref());
    r.map(|r| format!(" ({r})")).unwrap_or_default()
}

/// The all-sea hex a force landing on `target` waits in: the first of the target's neighbours,
/// in the board's order, of the sea terrain.
#[must_use]
pub fn sea_next_to(game: &Game, rules: &LandingRules, target: SpaceId) -> Option<SpaceId> {
    let crate::scenario::schema::Map::Hex(m) = &game.scenario.map else { return None };
    let sea = m.terrain.iter().position(|t| t.id == rules.sea_terrain)?;
    let mut around: Vec<SpaceId> = game.board.edges[target.index()].iter().map(|e| e.to).filter(|n| game.board.spaces[n.index()].terrain == Some(sea)).collect();
    around.sort_unstable();
    around.first().copied()
}

/// Whether `space` is an all-sea hex, where only landing forces stand (20.10).
#[must_use]
pub fn at_sea(game: &Game, space: SpaceId) -> bool {
    let Some(l) = game.scenario.rules.sea_moves.as_ref().and_then(|r| r.landings.as_ref()) else { return false };
    let crate::scenario::schema::Map::Hex(m) = &game.scenario.map else { return false };
    game.board.spaces[space.index()].terrain.is_some_and(|t| m.terrain.get(t).is_some_and(|d| d.id == l.sea_terrain))
}

/// The voyage of a landing force ends at sea (20.10): the units wait in `sea` with no MP left,
/// and the landing is recorded for their side's next Combat phase.
pub(super) fn put_to_sea(ctx: &mut CommandCtx, q: &mut crate::model::units_now::UnitsMut, (side, transport, ids): (usize, &Name, &[Name]), v: &Voyage, sea: SpaceId) {
    let game = ctx.game.clone();
    let view = q.view();
    for id in ids {
        let Some(me) = view.get(id) else { continue };
        let all = super::movement::movement_allowance(&game, me);
        if let Some((_, mut loc, _, mut act, _)) = q.unit_mut(id) {
            *loc = Location::OnMap(sea);
            act.moved = true;
            act.mp_used = all;
            act.finished = true;
        }
    }
    let units: Vec<String> = ids.iter().map(|n| n.to_string()).collect();
    let (from, to, at) = (game.board.key(v.from), game.board.key(v.to), game.board.key(sea));
    ctx.log(
        LogKind::Command,
        format_args!("{} sail from {from} on {transport} to land on {to}: they wait at sea in {at} and must attack {to} in the next Combat phase (assault landing{})", units.join(", "), rule(&game)),
        Some(to.to_string()),
    );
    ctx.turn.landings.push(Landing { side, units, transport: transport.to_string(), sea, target: v.to });
}

/// Why a unit of a landing force may not attack `target`, if it may not: it attacks only its
/// landing's target (20.10).
#[must_use]
pub fn attack_refusal(game: &Game, turn: &TurnState, unit: &str, target: SpaceId) -> Option<String> {
    let l = turn.landings.iter().find(|l| l.units.iter().any(|u| u == unit))?;
    (l.target != target).then(|| format!("`{unit}` is landing on {}: it attacks only that hex{}", game.board.key(l.target), rule(game)))
}

/// The units of `side`'s landings that must still attack before its Combat phase ends: at sea,
/// not yet attacked, with an attack on their target they may make alone.
#[must_use]
pub fn owed_attack(game: &Game, turn: &TurnState, units: &UnitsView, (control, tracks): (&Control, &crate::model::Tracks), side: usize) -> Option<String> {
    for l in turn.landings.iter().filter(|l| l.side == side) {
        for id in &l.units {
            let Some(u) = units.get(id) else { continue };
            if u.space() != Some(l.sea) || u.activity.attacked {
                continue;
            }
            let key = game.board.key(l.target);
            let alone = std::slice::from_ref(id);
            if super::combat::attack_ban(game, tracks, units, alone).is_none() && super::combat::plan_attack(game, turn, units, control, side, alone, key, None).is_ok() {
                return Some(format!("`{id}` must attack {key}, where it is landing, before the Combat phase ends{}", rule(game)));
            }
        }
    }
    None
}

fn refuse_end_before_attack(mut ctx: CommandCtx, (control, tracks): (Res<Control>, Res<crate::model::Tracks>), mut q: crate::model::units_now::UnitQuery) {
    let Some((side, _)) = ctx.cmd.0 else { return };
    if ctx.turn.landings.is_empty() || ctx.turn.current_phase(&ctx.game).is_none_or(|p| p.kind != PhaseKind::Combat) {
        return;
    }
    let view = q.view();
    if let Some(why) = owed_attack(&ctx.game, &ctx.turn, &view, (&control, &tracks), side) {
        ctx.reject(why);
    }
}

/// A landing force's combat is over (20.10): with a result that lets the attacker pursue and
/// its target empty, the force lands there as its pursuit (and pursues no further); otherwise
/// it and its transport are eliminated.
fn settle_after_combat(
    mut ctx: CommandCtx,
    pending: Res<PendingCombat>,
    mut prompt: ResMut<PendingPrompt>,
    (mut control, mut changes): (ResMut<Control>, ResMut<ControlChanges>),
    mut q: crate::model::units_now::UnitsMut,
) {
    if ctx.outcome.rejected.is_some() || ctx.turn.landings.is_empty() {
        return;
    }
    // A combat that ended with this command (the record stays until the next one ends), in
    // the landing side's own Combat phase, fought by units of the landing.
    let Some(done) = pending.1.clone() else { return };
    let combat_phase = ctx.turn.current_phase(&ctx.game).filter(|p| p.kind == PhaseKind::Combat).and_then(|p| ctx.turn.actor(&ctx.game, p));
    let view = q.view();
    let fought = |l: &Landing| {
        combat_phase == Some(l.side)
            && l.target == done.target
            && l.units.iter().any(|u| done.attackers.contains(u) && view.get(u).is_some_and(|v| v.activity.attacked))
    };
    let (due, rest): (Vec<Landing>, Vec<Landing>) = std::mem::take(&mut ctx.turn.landings).into_iter().partition(fought);
    ctx.turn.landings = rest;
    for l in due {
        let held = q.view().at(l.target).any(|u| u.side != l.side);
        let key = ctx.game.board.key(l.target).to_string();
        let outcome = match (done.attacker_pursues, held) {
            (true, false) => Ok("the result lets it pursue".to_string()),
            (true, true) => Err(format!("enemy units still hold {key}")),
            (false, _) => Err("the result does not let it pursue".to_string()),
        };
        settle(&mut ctx, &mut q, (&mut control, &mut changes), &l, outcome);
        // The landing was the force's pursuit: the others pursue as offered.
        if let Some(Prompt::Pursue { units, .. }) = prompt.0.as_mut() {
            units.retain(|(id, _)| !l.units.contains(id));
            if units.is_empty() {
                prompt.0 = None;
            }
        }
    }
}

/// The landing side's Combat phase ends: a force that never attacked lands if its target is
/// empty, and is eliminated with its transport otherwise.
fn settle_at_phase_end(mut ctx: CommandCtx, (mut control, mut changes): (ResMut<Control>, ResMut<ControlChanges>), mut q: crate::model::units_now::UnitsMut) {
    let Some((side, _)) = ctx.cmd.0 else { return };
    if ctx.outcome.rejected.is_some() || ctx.turn.current_phase(&ctx.game).is_none_or(|p| p.kind != PhaseKind::Combat) {
        return;
    }
    let (due, rest): (Vec<Landing>, Vec<Landing>) = std::mem::take(&mut ctx.turn.landings).into_iter().partition(|l| l.side == side);
    ctx.turn.landings = rest;
    for l in due {
        let view = q.view();
        let key = ctx.game.board.key(l.target).to_string();
        let outcome = if view.at(l.target).any(|u| u.side != l.side) {
            Err(format!("it did not attack, and enemy units hold {key} at the end of the Combat phase"))
        } else {
            Ok(format!("{key} is empty at the end of the Combat phase"))
        };
        settle(&mut ctx, &mut q, (&mut control, &mut changes), &l, outcome);
    }
}

/// Lands the surviving units of `l` on its target (`Ok`, and why), or eliminates them with
/// the transport (`Err`, and why).
fn settle(ctx: &mut CommandCtx, q: &mut crate::model::units_now::UnitsMut, (control, changes): (&mut Control, &mut ControlChanges), l: &Landing, outcome: Result<String, String>) {
    let game = ctx.game.clone();
    let view = q.view();
    let afloat: Vec<String> = l.units.iter().filter(|id| view.get(id).is_some_and(|u| u.space() == Some(l.sea))).cloned().collect();
    let key = game.board.key(l.target).to_string();
    let rule = rule(&game);
    match outcome {
        // Nothing is left to land: the transport sails home.
        Ok(_) if afloat.is_empty() => {}
        Ok(why) => {
            for id in &afloat {
                if let Some((_, mut loc, ..)) = q.unit_mut(id) {
                    *loc = Location::OnMap(l.target);
                }
            }
            if super::note::control_by_entry(&game) {
                take_control(control, changes, l.target, l.side);
            }
            ctx.log(LogKind::Command, format!("{} land on {key}: {why} (assault landing{rule})", afloat.join(", ")), Some(key));
        }
        Err(why) => {
            let mut lost = afloat;
            lost.push(l.transport.clone());
            for id in &lost {
                if let Some((_, mut loc, ..)) = q.unit_mut(id) {
                    *loc = Location::Eliminated;
                }
            }
            ctx.log(LogKind::Loss, format!("the landing on {key} fails, {why}: {} eliminated (assault landing{rule})", lost.join(", ")), Some(key));
        }
    }
}
