//! Timed objectives such as the Kestrel Arsenal siege (tutorial 5.7.10, SCW 16.1): a roll in each
//! End-of-Turn phase against a per-turn table, with a modifier when the roller has no unit there;
//! relief when an in-supply unit of the relieving side stands in the space. Either ends it.

use bevy::prelude::*;

use super::events::EffectParams;
use super::note::log;
use super::supply::side_supply;
use super::RulesSystems;
use crate::model::Outcome;
use crate::scenario::schema::PhaseKind;
use crate::model::log::LogKind;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // Without timed objectives neither has anything to roll or check.
    if s.uses(|sc| !sc.rules.timers.is_empty()) {
        s.at_phase_start(roll_timers);
        s.always(check_relief.in_set(super::Gate::Accepted).in_set(RulesSystems::Tracks));
    }
}

/// How each timed objective stands: `None` while it holds, else how it ended.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Timers(pub Vec<Option<TimerEnd>>);

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum TimerEnd {
    Fell,
    Relieved,
}

fn roll_timers(mut p: EffectParams, mut outcome: ResMut<Outcome>) {
    let Some(phase) = p.turn.current_phase(&p.game) else { return };
    if phase.kind != PhaseKind::EndOfTurn {
        return;
    }
    p.run(|fx| {
        let units = fx.units;
        let game = fx.game;
        for (i, t) in game.scenario.rules.timers.iter().enumerate() {
            if fx.timers[i].is_some() {
                continue;
            }
            let Some(Some(limit)) = t.falls_on_or_below.get(fx.turn.turn).copied() else { continue };
            let (Some(space), Some(roller)) = (game.board.space(&t.space), game.side_index(&t.roller)) else { continue };
            let present = units.at(space).any(|u| u.side == roller);
            let modifier = if present { 0 } else { t.modifier_if_absent };
            let roll = fx.dice.roll_spec(t.dice, &format!("{} ({})", t.name, game.side_id(roller)));
            outcome.barrier = true;
            let total = roll as i32 + modifier;
            let falls = total <= limit as i32;
            let text = format!(
                "{}: rolled {roll}{}, falls on {limit} or less: {}",
                t.name,
                if modifier != 0 { format!(" {modifier:+} = {total}") } else { String::new() },
                if falls { "it falls" } else { "it holds" }
            );
            log(fx.glog, game, fx.turn, LogKind::Roll, text, Some(t.space.clone()));
            if falls {
                fx.timers[i] = Some(TimerEnd::Fell);
                fx.apply(roller, &t.on_fall, &format!("{} falls", t.name));
            }
        }
    });
}

fn check_relief(mut p: EffectParams) {
    if p.game.scenario.rules.timers.is_empty() {
        return;
    }
    p.run(|fx| {
        let game = fx.game;
        let units = fx.units;
        for (i, t) in game.scenario.rules.timers.iter().enumerate() {
            if fx.timers[i].is_some() {
                continue;
            }
            let (Some(space), Some(side)) = (game.board.space(&t.space), game.side_index(&t.relief_side)) else { continue };
            let here: Vec<&str> = units.at(space).filter(|u| u.side == side).map(|u| &*u.id).collect();
            if here.is_empty() {
                continue;
            }
            let supplied = side_supply(game, units, fx.control, side).into_iter().any(|(id, ok)| ok && here.contains(&id.as_str()));
            if !supplied {
                continue;
            }
            fx.timers[i] = Some(TimerEnd::Relieved);
            log(fx.glog, game, fx.turn, LogKind::Control, format_args!("{} is relieved by {}", t.name, here.join(", ")), Some(t.space.clone()));
            fx.apply(side, &t.on_relief, &format!("{} relieved", t.name));
        }
    });
}
