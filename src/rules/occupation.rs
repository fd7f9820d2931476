//! Occupation income (ToO 5.2, 5.3; engine gap G21): in every Scoring phase each listed side
//! adds to its track the VP of every space its units occupy, as long as they stay there: a
//! space scores each turn, not only when taken. A space held only by units of the `not_alone`
//! types scores nothing.

use bevy::prelude::*;

use super::note::log;
use super::tracks::adjust_track;
use crate::model::log::{GameLog, LogKind};
use crate::model::units_now::UnitQuery;
use crate::model::{Game, SpaceId, Tracks, TurnState};
use crate::scenario::schema::{OccupationIncome, PhaseKind};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // Only where the scenario pays for occupied spaces.
    if s.uses(|sc| !sc.rules.occupation_income.is_empty()) {
        s.at_phase_start(
            occupation_income
                .after(super::reactions::offer_at_phase_start)
                .after(super::area_control::control_income),
        );
    }
}

/// The spaces with VP that `side` occupies, in board order, with their VP.
#[must_use]
pub fn occupied_vp(game: &Game, units: &crate::model::view::UnitsView, side: usize, inc: &OccupationIncome) -> Vec<(SpaceId, i32)> {
    let scores = |t: usize| !inc.not_alone.iter().any(|x| *x == game.scenario.unit_types[t].id);
    (0..game.board.len())
        .map(|i| SpaceId(i as u32))
        .filter(|s| game.board.spaces[s.index()].vp != 0)
        // 5.3: a space held only by units of `not_alone` types scores nothing.
        .filter(|s| units.at(*s).any(|u| u.side == side && scores(u.type_index)))
        .map(|s| (s, game.board.spaces[s.index()].vp))
        .collect()
}

fn occupation_income(game: Res<Game>, turn: Res<TurnState>, prompt: Res<crate::model::PendingPrompt>, mut tracks: ResMut<Tracks>, mut glog: ResMut<GameLog>, mut q: UnitQuery) {
    if prompt.0.is_some() {
        return;
    }
    let Some(phase) = turn.current_phase(&game) else { return };
    if phase.kind != PhaseKind::Scoring || game.scenario.rules.occupation_income.is_empty() {
        return;
    }
    let units = q.view();
    for inc in &game.scenario.rules.occupation_income {
        let (Some(side), Some(t)) = (game.side_index(&inc.side), game.track_index(&inc.track)) else { continue };
        let held = occupied_vp(&game, &units, side, inc);
        let total: i32 = held.iter().map(|(_, vp)| vp).sum();
        let named: Vec<String> = held.iter().map(|(s, vp)| format!("{} {vp}", game.board.spaces[s.index()].name.as_deref().unwrap_or(game.board.key(*s)))).collect();
        let what = if named.is_empty() { "none".to_string() } else { named.join(", ") };
        let before = tracks.0[t];
        let after = adjust_track(&game, &mut tracks, t, total);
        let text = format!("{} {before} -> {after} (occupation: {what})", game.scenario.tracks[t].name);
        log(&mut glog, &game, &turn, LogKind::Track, text, None);
    }
}
