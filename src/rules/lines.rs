//! Line-crossing scores (tutorial 5.9, HW 20.2) in Scoring phases, and scores for eliminated
//! units. A unit keeps its line scores even if it is later eliminated.

use std::collections::BTreeMap;

use bevy::prelude::*;

use super::note::log;
use super::supply::side_supply;
use super::tracks::adjust_track;
use super::RulesSystems;
use crate::scenario::board::SpaceKind;
use crate::model::units_now::UnitQuery;
use crate::model::view::has_flag;
use crate::model::{Control, Game, Location, Tracks, TurnState};
use crate::scenario::schema::PhaseKind;
use crate::model::log::{GameLog, LogKind};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // Tutorial 5.9 line scores, where the scenario draws lines.
    if s.uses(|sc| !sc.rules.lines.is_empty()) {
        s.at_phase_start(score_lines);
    }
    if s.uses(|sc| !sc.rules.elimination_scores.is_empty()) {
        s.always(score_eliminations.in_set(super::Gate::Accepted).in_set(RulesSystems::Tracks));
    }
}

/// Per (unit, line): scored, and whether its return behind the line has been scored.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct LineState(pub BTreeMap<(String, String), bool>);

/// Units eliminated and counted for scoring, while they stay eliminated.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Eliminated(pub std::collections::BTreeSet<String>);

#[expect(clippy::too_many_arguments, reason = "line scores read supply, control and units, and write tracks")]
fn score_lines(
    game: Res<Game>,
    turn: Res<TurnState>,
    control: Res<Control>,
    mut state: ResMut<LineState>,
    mut tracks: ResMut<Tracks>,
    mut glog: ResMut<GameLog>,
    mut q: UnitQuery,
    previous: Res<super::boxes::PreviousActor>,
) {
    let Some(phase) = turn.current_phase(&game) else { return };
    // An automatic Scoring phase scores for the side whose player turn just ended.
    let Some(actor) = turn.actor(&game, phase).or(previous.0) else { return };
    if phase.kind != PhaseKind::Scoring {
        return;
    }
    let units = q.view();
    let supply = side_supply(&game, &units, &control, actor);
    for line in game.scenario.rules.lines.iter().filter(|l| game.side_index(&l.side) == Some(actor)) {
        for u in units.all().iter().filter(|u| u.side == actor) {
            let Some(at) = u.space() else { continue };
            if line.flag.is_some_and(|f| !has_flag(&game, u.type_index, f)) {
                continue;
            }
            let SpaceKind::Hex { row, .. } = game.board.spaces[at.index()].kind else { continue };
            let beyond = (line.rows.0..=line.rows.1).contains(&row);
            let key = (String::from(&*u.id), String::from(&*line.id));
            match state.0.get(&key).copied() {
                None if beyond => {
                    if line.requires_supply && !supply.iter().any(|(id, ok)| **id == *u.id && *ok) {
                        continue;
                    }
                    state.0.insert(key, false);
                    if let Some(t) = game.track_index(&line.track) {
                        let after = adjust_track(&game, &mut tracks, t, line.points);
                        let text = format!("{} crosses line {}: {} {:+} = {after}", u.id, line.id, game.scenario.tracks[t].name, line.points);
                        log(&mut glog, &game, &turn, LogKind::Track, text, Some(game.board.key(at).to_string()));
                    }
                }
                Some(false) if !beyond => {
                    state.0.insert(key, true);
                    if let Some(t) = line.reverse_track.as_deref().and_then(|t| game.track_index(t)) {
                        let after = adjust_track(&game, &mut tracks, t, line.reverse_points);
                        let text = format!(
                            "{} is back behind line {}: {} {:+} = {after}",
                            u.id, line.id, game.scenario.tracks[t].name, line.reverse_points
                        );
                        log(&mut glog, &game, &turn, LogKind::Track, text, Some(game.board.key(at).to_string()));
                    }
                }
                _ => {}
            }
        }
    }
}

fn score_eliminations(
    game: Res<Game>,
    turn: Res<TurnState>,
    mut counted: ResMut<Eliminated>,
    mut tracks: ResMut<Tracks>,
    mut glog: ResMut<GameLog>,
    mut q: UnitQuery,
) {
    if game.scenario.rules.elimination_scores.is_empty() {
        return;
    }
    let units = q.view();
    // A counter back in play (bought again, 7.9; received) is eliminated anew the next time:
    // it scores again (ToO 30.3 counts every elimination).
    if counted.0.iter().any(|id| units.get(id).is_some_and(|u| u.location != Location::Eliminated)) {
        counted.0.retain(|id| units.get(id).is_none_or(|u| u.location == Location::Eliminated));
    }
    for u in units.all().iter().filter(|u| u.location == Location::Eliminated) {
        if !counted.0.insert(String::from(&*u.id)) {
            continue;
        }
        let ty = &game.scenario.unit_types[u.type_index];
        for es in &game.scenario.rules.elimination_scores {
            let matches = game.side_index(&es.side) == Some(u.side)
                && es.flag.is_none_or(|f| has_flag(&game, u.type_index, f))
                && (es.unit_types.is_empty() || es.unit_types.contains(&ty.id))
                && (es.sizes.is_empty() || es.sizes.contains(&ty.size));
            if !matches {
                continue;
            }
            let Some(t) = game.track_index(&es.track) else { continue };
            // ToO 30.3: an entry worth nothing still ends the search (supply units cost no VP).
            if es.amount != 0 {
                let after = adjust_track(&game, &mut tracks, t, es.amount);
                let text = format!("{} eliminated: {} {:+} = {after}", u.id, game.scenario.tracks[t].name, es.amount);
                log(&mut glog, &game, &turn, LogKind::Track, text, None);
            }
            if game.scenario.rules.elimination_first_match {
                break;
            }
        }
    }
}
