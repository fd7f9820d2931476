//! Point tracks: changes within floor and cap, each logged with its cause; VP for controlling
//! spaces that carry a VP value.

use bevy::prelude::*;

use super::note::log;
use super::RulesSystems;
use crate::model::{ControlChanges, Game, Tracks, TurnState};
use crate::model::log::{GameLog, LogKind};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // Most commands change no control: the scoring (six resources to fetch) is not run then.
    s.always(score_control_changes.run_if(control_changed).in_set(super::Gate::Accepted).in_set(RulesSystems::Tracks));
}

/// Whether the current command changed the control of any space.
fn control_changed(changes: Res<ControlChanges>) -> bool {
    !changes.0.is_empty()
}

/// Whether a `(track, comparison)` condition holds (false for an unknown track).
#[must_use]
pub fn track_holds(game: &Game, tracks: &Tracks, (track, cmp): &(String, crate::scenario::schema::Comparison)) -> bool {
    game.track_index(track).is_some_and(|i| cmp.holds(tracks.0[i]))
}

/// Adds `delta` to a track, held within its floor and cap. Returns the new value.
pub fn adjust_track(game: &Game, tracks: &mut Tracks, track: usize, delta: i32) -> i32 {
    let def = &game.scenario.tracks[track];
    let v = (tracks.0[track].saturating_add(delta)).clamp(def.floor, def.cap);
    tracks.0[track] = v;
    v
}

/// Adds `delta` like [`adjust_track`], but never takes the track below `min` if it was not
/// below it already ("not to 0 or below" clauses). Returns (before, after).
pub fn adjust_track_floored(game: &Game, tracks: &mut Tracks, track: usize, delta: i32, min: Option<i32>) -> (i32, i32) {
    let before = tracks.0[track];
    let mut after = adjust_track(game, tracks, track, delta);
    if let Some(m) = min
        && after < m
        && before >= m
    {
        tracks.0[track] = m;
        after = m;
    }
    (before, after)
}

/// The value of an amount, rolling its dice (each roll logged with `cause`).
pub fn amount_value(dice: &mut crate::model::dice::Dice, amount: crate::scenario::schema::Amount, cause: &str) -> i32 {
    use crate::scenario::schema::Amount;
    match amount {
        Amount::Fixed(n) => n,
        Amount::Dice(n) => (0..n).map(|_| dice.roll(6, cause) as i32).sum(),
        Amount::MinusDice(n) => -(0..n).map(|_| dice.roll(6, cause) as i32).sum::<i32>(),
        Amount::HalfDice(n) => ((0..n).map(|_| dice.roll(6, cause)).sum::<u32>().div_ceil(2)) as i32,
        Amount::ByParity { dice: n, odd, even } => {
            let sum = (0..n).map(|_| dice.roll(6, cause) as i32).sum::<i32>();
            sum * if sum % 2 == 1 { odd } else { even }
        }
    }
}

/// Every track's value at the start of the game and at the end of each game turn, for charts:
/// (turn label, values in scenario order).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct TrackHistory(pub Vec<(String, Vec<i32>)>);

/// Control scores already made once (indexes into `rules.control_scores`).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ScoredOnce(pub std::collections::BTreeSet<usize>);

/// Control changes score: VP spaces for the sides' VP tracks, and `rules.control_scores`.
pub fn score_control_changes(
    game: Res<Game>,
    turn: Res<TurnState>,
    mut changes: ResMut<ControlChanges>,
    mut tracks: ResMut<Tracks>,
    mut once: ResMut<ScoredOnce>,
    mut glog: ResMut<GameLog>,
) {
    for (space, old, new) in std::mem::take(&mut changes.0) {
        let sp = &game.board.spaces[space.index()];
        let name = sp.name.clone().unwrap_or_else(|| sp.key.clone());
        log(&mut glog, &game, &turn, LogKind::Control, format_args!("{} takes control of {name}", game.side_id(new)), Some(sp.key.clone()));
        for (i, cs) in game.scenario.rules.control_scores.iter().enumerate() {
            if cs.space != sp.key {
                continue;
            }
            let owner = game.side_index(&cs.side);
            let sign = if owner == Some(new) {
                if cs.once && !once.0.insert(i) {
                    continue;
                }
                1
            } else if owner == old && !cs.once {
                -1
            } else {
                continue;
            };
            let Some(t) = game.track_index(&cs.track) else { continue };
            let before = tracks.0[t];
            let after = adjust_track(&game, &mut tracks, t, sign * cs.amount);
            let how = if sign > 0 { "takes" } else { "loses" };
            log(
                &mut glog,
                &game,
                &turn,
                LogKind::Track,
                format_args!("{} {before} -> {after} ({} {how} {name})", game.scenario.tracks[t].name, cs.side),
                Some(sp.key.clone()),
            );
        }
        let crate::scenario::schema::Map::Hex(map) = &game.scenario.map else { continue };
        if sp.vp == 0 {
            continue;
        }
        for (side, sign) in [(Some(new), 1), (old, -1)] {
            let Some(side) = side else { continue };
            for vt in map.vp_tracks.iter().filter(|v| game.side_index(&v.side) == Some(side)) {
                let Some(t) = game.track_index(&vt.track) else { continue };
                let before = tracks.0[t];
                let after = adjust_track(&game, &mut tracks, t, sign * sp.vp);
                log(
                    &mut glog,
                    &game,
                    &turn,
                    LogKind::Track,
                    format_args!("{} {before} -> {after} (control of {name})", game.scenario.tracks[t].name),
                    Some(sp.key.clone()),
                );
            }
        }
    }
}
