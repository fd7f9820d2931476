//! Questions effects leave for the players (ToO 6.3-6.4, 7.7, 7.10, 26.3): withdrawals, units
//! received and choices of options wait in the turn's state until no other question is open.
//! One system settles and asks them, in that order (a withdrawal's consequences may give units
//! or a choice), once a phase's events or a command's effects are done.

use bevy::prelude::*;

use super::RulesSystems;
use super::events::EffectParams;
use crate::model::PendingPrompt;
use crate::scenario::schema::EventEffect;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    let asks = |e: &EventEffect| matches!(e, EventEffect::Withdraw(_) | EventEffect::Receive(_) | EventEffect::ChooseOne { .. });
    if !s.uses(|sc| super::withdrawals::any_effect(sc, &asks) || super::returns::any(sc)) {
        return;
    }
    s.at_phase_start(ask_pending.after(super::events::event_phase));
    s.always(ask_pending.in_set(super::Gate::Accepted).in_set(RulesSystems::Tracks));
}

fn ask_pending(mut prompt: ResMut<PendingPrompt>, mut p: EffectParams) {
    if prompt.0.is_some() || p.turn.withdrawals.is_empty() && p.turn.receipts.is_empty() && p.turn.choices.is_empty() {
        return;
    }
    super::withdrawals::settle_and_ask(&mut prompt, &mut p);
    super::receipts::offer(&mut prompt, &mut p);
    super::choices::ask(&mut prompt, &p);
}
