//! Air interdiction (tutorial 5.7.6, HW 1.6): when a movement phase of the `against` side
//! begins, the interdicting side is prompted to place its markers on road hexes free of the
//! mover's units; in a marked hex the road does not exist for movement and supply. The movement
//! supply check waits until the markers are down; the sequence removes them at the phase's end.

use bevy::prelude::*;

use super::note::CommandCtx;
use super::supply::movement_start_supply;
use super::RulesSystems;
use crate::model::view::UnitsView;
use crate::model::{Control, Game, PendingPrompt, Tracks, TurnState};
use crate::scenario::schema::PhaseKind;
use crate::model::command::Command;
use crate::model::log::LogKind;
use crate::model::prompt::Prompt;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // Markers are asked for only where the scenario has interdiction.
    if s.uses(|sc| sc.rules.interdiction.is_some()) {
        s.at_phase_start(
            prompt_for_markers
                .before(super::supply::check_supply_at_movement_start),
        );
    }
    s.on(|c| matches!(c, Command::PlaceMarkers { .. }), place_markers.in_set(RulesSystems::Movement));
}

/// Markers the interdicting side places this phase.
#[must_use]
pub fn marker_count(game: &Game, tracks: &Tracks) -> u32 {
    let Some(r) = &game.scenario.rules.interdiction else { return 0 };
    r.counts
        .iter()
        .find(|c| c.when.as_ref().is_none_or(|w| super::tracks::track_holds(game, tracks, w)))
        .map_or(0, |c| c.count)
}

/// Road hexes with no unit of `against`: where markers may go.
#[must_use]
pub fn marker_spaces(game: &Game, units: &UnitsView, against: usize) -> Vec<String> {
    let b = &game.board;
    (0..b.len())
        .filter(|&i| b.edges[i].iter().any(|e| e.road.is_some()))
        .filter(|&i| !units.at(crate::model::SpaceId(i as u32)).any(|u| u.side == against))
        .map(|i| b.spaces[i].key.clone())
        .collect()
}

pub fn prompt_for_markers(
    game: Res<Game>,
    turn: Res<TurnState>,
    tracks: Res<Tracks>,
    mut prompt: ResMut<PendingPrompt>,
    mut control: ResMut<Control>,
    mut q: crate::model::units_now::UnitQuery,
) {
    if prompt.0.is_some() {
        return;
    }
    let (Some(rules), Some(phase)) = (&game.scenario.rules.interdiction, turn.current_phase(&game)) else { return };
    let against = game.side_index(&rules.against);
    if phase.kind != PhaseKind::Movement || turn.actor(&game, phase) != against {
        return;
    }
    // Extra markers from a played chit (tutorial 5.8 U5) go with this placement.
    let count = marker_count(&game, &tracks) + std::mem::take(&mut control.extra_markers);
    let Some(against) = against else { return };
    let spaces = marker_spaces(&game, &q.view(), against);
    if count == 0 || spaces.is_empty() {
        return;
    }
    prompt.0 = Some(Prompt::PlaceMarkers {
        side: rules.side.clone(),
        marker: "interdiction".into(),
        count: count.min(spaces.len() as u32),
        spaces,
        rule: "5.7.6 air interdiction: the road in a marked hex does not exist this phase".into(),
    });
}

/// Why a markers answer is wrong, if it is.
#[must_use]
pub fn markers_rejection(prompt: Option<&Prompt>, chosen: &[String]) -> Option<String> {
    let Some(Prompt::PlaceMarkers { count, spaces, .. }) = prompt else { return Some("no markers are waiting to be placed".into()) };
    if chosen.len() as u32 != *count {
        return Some(format!("{count} marker(s) must be placed, {} were given", chosen.len()));
    }
    for (i, c) in chosen.iter().enumerate() {
        if !spaces.contains(c) {
            return Some(format!("{c} is not a road hex free of the moving side's units"));
        }
        if chosen[..i].contains(c) {
            return Some(format!("{c} is listed twice"));
        }
    }
    None
}

fn place_markers(
    mut ctx: CommandCtx,
    mut prompt: ResMut<PendingPrompt>,
    mut control: ResMut<Control>,
    mut q: crate::model::units_now::UnitsMut,
) {
    let Some((_, Command::PlaceMarkers { spaces })) = ctx.cmd.0.clone() else { return };
    let spaces = crate::model::command::strings(&spaces);
    if let Some(r) = markers_rejection(prompt.0.as_ref(), &spaces) {
        return ctx.reject(r);
    }
    prompt.0 = None;
    for k in &spaces {
        if let Some(id) = ctx.game.board.space(k) {
            control.interdicted[id.index()] = true;
        }
    }
    ctx.log(LogKind::Command, format_args!("interdiction markers placed in {}", spaces.join(", ")), spaces.first().cloned());
    // The movement supply check comes after the markers (tutorial 5.5, step 3.3).
    let game = ctx.game.clone();
    movement_start_supply(&game, &ctx.turn, &control, &mut ctx.glog, &mut q);
}

