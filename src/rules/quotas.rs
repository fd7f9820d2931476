//! Attack quotas (ToO 6.3-6.4 Forced Offensive; engine gap G24): an event obliges a side to make
//! a number of attacks of a kind in its next combat phase. Attacks that qualify are counted as
//! they are rolled; when that phase ends, a quota not met applies its penalty.

use bevy::prelude::*;

use super::RulesSystems;
use super::events::EffectParams;
use crate::model::command::Command;
use crate::model::log::LogKind;
use crate::model::view::UnitsView;
use crate::model::{Game, Quota};
use crate::scenario::schema::PhaseKind;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // Quotas come from events only: without such an event, no phase end has one to check.
    if s.uses(|sc| super::withdrawals::any_effect(sc, &|e| matches!(e, crate::scenario::schema::EventEffect::AttackQuota { .. }))) {
        s.on(|c| matches!(c, Command::EndPhase), check_quotas.in_set(RulesSystems::Sequence).before(super::sequence::end_phase));
    }
}

/// Counts an attack just rolled toward its side's quotas: on the quota's table, with an
/// attacking unit of the listed types and sizes.
pub fn count_attack(game: &Game, quotas: &mut [Quota], units: &UnitsView, side: usize, crt: usize, attackers: &[String]) {
    for q in quotas.iter_mut().filter(|q| q.side == side && q.table.is_none_or(|t| t == crt)) {
        let qualifies = attackers.iter().filter_map(|id| units.get(id)).any(|u| {
            let t = &game.scenario.unit_types[u.type_index];
            (q.unit_types.is_empty() || q.unit_types.contains(&t.id)) && (q.sizes.is_empty() || q.sizes.contains(&t.size))
        });
        if qualifies {
            q.made += 1;
        }
    }
}

/// The side's combat phase ends: each of its quotas is met or its penalty applies; either way
/// it is over.
fn check_quotas(mut p: EffectParams, cmd: Res<crate::model::CurrentCommand>) {
    if p.turn.quotas.is_empty() {
        return;
    }
    let Some(phase) = p.turn.current_phase(&p.game).cloned() else { return };
    let Some(side) = p.turn.actor(&p.game, &phase).filter(|_| phase.kind == PhaseKind::Combat) else { return };
    if cmd.0.as_ref().is_none_or(|(s, _)| *s != side) {
        return;
    }
    let (due, rest): (Vec<Quota>, Vec<Quota>) = std::mem::take(&mut p.turn.quotas).into_iter().partition(|q| q.side == side);
    p.turn.quotas = rest;
    for q in due {
        if q.made >= q.count {
            p.run(|fx| fx.log(LogKind::Track, format_args!("{}: {} of {} attacks made, the quota is met", q.cause, q.made, q.count)));
        } else {
            p.run(|fx| {
                fx.log(LogKind::Track, format_args!("{}: {} of {} attacks made, the quota is missed", q.cause, q.made, q.count));
                fx.apply(side, &q.penalty, &format!("{}: quota missed", q.cause));
            });
        }
    }
}
