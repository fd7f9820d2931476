//! Units that come back after their elimination (`unit_types[].returns`; ToO 23.4: Lawrence and
//! Wassmuss roll 1d6, 1-5 back after that many turns, 6 gone for good; 28.4: the Bolshevik corps
//! back in its side's next Mobilisation Phase). The roll is made as the elimination is seen;
//! the unit comes back as a unit received free, which its side places (`receipts.rs`).

use bevy::prelude::*;

use super::RulesSystems;
use super::note::log;
use crate::model::dice::Dice;
use crate::model::log::{GameLog, LogKind};
use crate::model::{Game, Location, PendingReceipt, TurnState};
use crate::scenario::schema::{Amount, PhaseKind, ReceiveDef};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    if !s.uses(|sc| sc.unit_types.iter().any(|t| t.returns.is_some())) {
        return;
    }
    s.always(roll_returns.in_set(super::Gate::Accepted).in_set(RulesSystems::Tracks));
    // Before the questions of the phase are asked: the returning unit is one of them.
    s.at_phase_start(bring_back.before(super::events::event_phase));
}

/// Whether the scenario has units that come back (the receipts' systems serve them too).
#[must_use]
pub fn any(s: &crate::scenario::schema::Scenario) -> bool {
    s.unit_types.iter().any(|t| t.returns.is_some())
}

/// An eliminated unit that comes back rolls for when (or whether) it does, once an elimination.
fn roll_returns(game: Res<Game>, mut turn: ResMut<TurnState>, mut dice: ResMut<Dice>, mut glog: ResMut<GameLog>, mut q: crate::model::units_now::UnitsMut) {
    let view = q.view();
    // Those brought back (due `usize::MAX`) are done with once in play again; one that found no
    // hex to enter stays eliminated and is not rolled for again (7.8).
    if turn.returning.iter().any(|(id, _, due)| *due == usize::MAX && view.get(id).is_some_and(|u| u.location != Location::Eliminated)) {
        turn.returning.retain(|(id, _, due)| *due != usize::MAX || view.get(id).is_some_and(|u| u.location == Location::Eliminated));
    }
    let lost: Vec<(String, usize, usize)> = view
        .all()
        .iter()
        .filter(|u| u.location == Location::Eliminated && game.scenario.unit_types[u.type_index].returns.is_some())
        .filter(|u| !turn.returning.iter().any(|(id, ..)| **id == *u.id))
        .map(|u| (String::from(&*u.id), u.side, u.type_index))
        .collect();
    for (id, side, t) in lost {
        let Some(r) = game.scenario.unit_types[t].returns.clone() else { continue };
        let rule = r.rule.as_deref().map(|x| format!(" ({x})")).unwrap_or_default();
        let Some(spec) = r.dice else {
            let text = format!("{id} comes back in {}'s next Mobilization phase{rule}", game.side_id(side));
            log(&mut glog, &game, &turn, LogKind::Roll, text, None);
            let now = turn.turn;
            turn.returning.push((id, side, now));
            continue;
        };
        let n = dice.roll_spec(spec, &format!("{id} is eliminated: when does it come back{rule}"));
        if r.gone.is_some_and(|(lo, hi)| (lo..=hi).contains(&n)) {
            log(&mut glog, &game, &turn, LogKind::Roll, format_args!("{id} is eliminated and rolls {n}: gone for good{rule}"), None);
            if let Some((_, mut loc, ..)) = q.unit_mut(&id) {
                *loc = Location::OutOfPlay;
            }
            continue;
        }
        let back = turn.turn + n as usize;
        let when = game.scenario.turns.labels.get(back).map_or_else(|| "never again in this game".to_string(), |l| format!("back in {l}"));
        log(&mut glog, &game, &turn, LogKind::Roll, format_args!("{id} is eliminated and rolls {n}: {when}{rule}"), None);
        turn.returning.push((id, side, back));
    }
}

/// A Mobilization phase of a side begins: its units due back are received, to be placed.
fn bring_back(game: Res<Game>, mut turn: ResMut<TurnState>, mut glog: ResMut<GameLog>, mut q: crate::model::units_now::UnitsMut) {
    let Some(phase) = turn.current_phase(&game).cloned() else { return };
    let Some(side) = turn.actor(&game, &phase).filter(|_| phase.kind == PhaseKind::Mobilization) else { return };
    let now = turn.turn;
    let (due, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut turn.returning).into_iter().partition(|(_, s, back)| *s == side && *back <= now && *back != usize::MAX);
    turn.returning = rest;
    let view = q.view();
    for (id, _, _) in due {
        // Kept, done, until the unit is in play again (`roll_returns`).
        turn.returning.push((id.clone(), side, usize::MAX));
        // Brought back by other means meanwhile (an event placed it): nothing to do.
        let Some(u) = view.get(&id).filter(|u| u.location == Location::Eliminated) else { continue };
        let ty = &game.scenario.unit_types[u.type_index];
        let Some(r) = &ty.returns else { continue };
        let rule = r.rule.as_deref().map(|x| format!(" ({x})")).unwrap_or_default();
        log(&mut glog, &game, &turn, LogKind::Command, format_args!("{id} comes back{rule}"), None);
        let def = ReceiveDef { count: Amount::Fixed(1), unit_types: vec![ty.id.clone()], places: r.places.clone(), random: false, rule: r.rule.clone(), in_phase: None };
        turn.receipts.push(PendingReceipt { side, left: 1, def, cause: format!("{id} comes back{rule}"), drawn: Some(id.clone()) });
    }
}
