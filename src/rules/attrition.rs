//! Attrition of units outside their side's control (DI 19): in the side's Supply phases, in every
//! space not controlled by the units' owner, half (rounded up) of the side's units of the listed
//! types there lose one step or level each; the owner picks which, one at a time, through a
//! choose-unit prompt, unless all of them must.

use bevy::prelude::*;

use super::losses::{LossQuery, lose_step};
use super::note::log;
use super::RulesSystems;
use crate::model::view::UnitsView;
use crate::model::{Control, Game, PendingPrompt, SpaceId, TurnState, UnitIndex};
use crate::scenario::schema::{Map, PhaseKind};
use crate::model::log::{GameLog, LogKind};
use crate::model::prompt::Prompt;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // Attrition by choice is rolled on area maps only (`start_attrition`).
    if s.uses(|sc| sc.rules.attrition.is_some() && matches!(sc.map, Map::Area(_))) {
        s.at_phase_start(start_attrition);
        // Asked of one resource on every command: a queue is rarely waiting.
        s.always(next_choice.run_if(choices_waiting).in_set(super::Gate::Accepted).in_set(RulesSystems::Tracks));
    }
}

/// Whether attrition is still to be chosen somewhere (`next_choice` has work).
fn choices_waiting(queue: Res<AttritionQueue>) -> bool {
    !queue.0.is_empty()
}

/// Attrition still to be chosen: (space, how many more units lose a level, the candidates left).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct AttritionQueue(pub Vec<(SpaceId, u32, Vec<String>)>);

/// The units of `side` subject to attrition in each space it does not control: (space, count
/// that must lose a level, candidates), in space order.
#[must_use]
pub fn attrition_due(game: &Game, units: &UnitsView, control: &Control, side: usize) -> Vec<(SpaceId, u32, Vec<String>)> {
    let Some(rules) = &game.scenario.rules.attrition else { return Vec::new() };
    let b = &game.board;
    let subject: Vec<bool> = game.scenario.unit_types.iter().map(|t| rules.unit_types.contains(&t.id)).collect();
    // (space, place in id order) of every unit subject to it, in one pass over the units: a
    // slot belongs to its space (units underground share their district's control).
    let mut found: Vec<(SpaceId, usize)> = units
        .all()
        .iter()
        .enumerate()
        .filter(|(_, u)| u.side == side && subject[u.type_index])
        .filter_map(|(i, u)| u.space().map(|s| (b.area_of(s), i)))
        .filter(|(space, _)| control.owner[space.index()] != Some(side))
        .collect();
    found.sort_unstable();
    let mut out: Vec<(SpaceId, u32, Vec<String>)> = Vec::new();
    for (space, i) in found {
        let id = String::from(&*units.all()[i].id);
        match out.last_mut() {
            Some((s, _, here)) if *s == space => here.push(id),
            _ => out.push((space, 0, vec![id])),
        }
    }
    for (_, count, here) in &mut out {
        *count = (here.len() as u32).div_ceil(2);
    }
    out
}

#[expect(clippy::too_many_arguments, reason = "attrition reads control and units and costs levels")]
fn start_attrition(
    game: Res<Game>,
    turn: Res<TurnState>,
    control: Res<Control>,
    index: Res<UnitIndex>,
    mut queue: ResMut<AttritionQueue>,
    mut prompt: ResMut<PendingPrompt>,
    mut glog: ResMut<GameLog>,
    mut q: LossQuery,
) {
    let Some(phase) = turn.current_phase(&game) else { return };
    if phase.kind != PhaseKind::Supply || game.scenario.rules.attrition.is_none() || !matches!(game.scenario.map, Map::Area(_)) {
        return;
    }
    let Some(side) = turn.actor(&game, phase) else { return };
    let due = attrition_due(&game, &q.view(), &control, side);
    queue.0.clear();
    // The view is let go before levels are lost: one still held would be copied whole at the
    // next look (`lose_step` looks after each loss).
    for (space, k, ids) in due {
        let name = game.board.key(space).to_string();
        if k as usize >= ids.len() {
            // No choice: every one of them.
            for id in &ids {
                if let Some(&e) = index.0.get(id) {
                    let gone = lose_step(&game, e, &mut q);
                    let text = format!("{id} suffers attrition in {name}{}", if gone { " and is eliminated" } else { ": one level down" });
                    log(&mut glog, &game, &turn, LogKind::Supply, text, Some(name.clone()));
                }
            }
        } else {
            queue.0.push((space, k, ids));
        }
    }
    ask(&game, &mut queue, &mut prompt, side);
}

/// Raises the next attrition choice, if one is waiting and nothing else is asked.
fn ask(game: &Game, queue: &mut AttritionQueue, prompt: &mut PendingPrompt, side: usize) {
    if prompt.0.is_some() {
        return;
    }
    queue.0.retain(|(_, k, ids)| *k > 0 && !ids.is_empty());
    let Some((space, k, ids)) = queue.0.first() else { return };
    prompt.0 = Some(Prompt::ChooseUnit {
        side: game.side_id(side).to_string(),
        units: ids.clone(),
        what: format!("loses a level to attrition in {} ({k} to choose)", game.board.key(*space)),
        rule: "19.3 attrition: half the militia, rounded up, the owner's choice".into(),
        eliminate: false,
        then_end_phase: false,
    });
}

/// After a choice: that unit is off the list, one fewer is owed, and the next choice is asked.
pub fn next_choice(
    game: Res<Game>,
    turn: Res<TurnState>,
    cmd: Res<crate::model::CurrentCommand>,
    mut queue: ResMut<AttritionQueue>,
    mut prompt: ResMut<PendingPrompt>,
) {
    if queue.0.is_empty() {
        return;
    }
    if let Some((_, crate::model::command::Command::Choose { unit })) = &cmd.0
        && let Some(first) = queue.0.first_mut()
        && first.2.iter().any(|u| u == unit)
    {
        first.1 -= 1;
        first.2.retain(|u| u != unit);
    }
    let Some(side) = turn.current_phase(&game).and_then(|p| turn.actor(&game, p)) else { return };
    ask(&game, &mut queue, &mut prompt, side);
}
