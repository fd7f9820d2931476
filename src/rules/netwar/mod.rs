//! The Netwar ruleset (Decision: Iraq), switched on by `rules.netwar`: each side's Netwar Index
//! gains and loses points by choice (16.33), doublings combine to at most x3 (errata to 6), the
//! election turns double the CI's changes (26.1), conflict results change levels, eliminate and
//! retreat (16), mobilization (12) and chaos events (11).

use bevy::prelude::*;

use crate::model::{Game, Tracks, TurnState};
use crate::scenario::schema::{AttrValue, NetwarRules};
use crate::model::log::{GameLog, LogKind};

pub mod airstrike;
pub mod answers;
pub mod chaos;
pub mod chits;
pub mod conflict;
pub mod conflict_answers;
pub mod coordination;
pub mod hyperwar;
pub mod logistics;
pub mod mobilization;
pub mod order;
pub mod retreat;
pub mod strikes;
pub mod transport;

pub fn add_systems(s: &mut Schedule) {
    airstrike::add_systems(s);
    conflict::add_systems(s);
    conflict_answers::add_systems(s);
    strikes::add_systems(s);
    coordination::add_systems(s);
    mobilization::add_systems(s);
    chaos::add_systems(s);
    chits::add_systems(s);
    hyperwar::add_systems(s);
    transport::add_systems(s);
}

/// The resources of the Netwar ruleset: parts of the printed and hashed state.
#[must_use]
pub fn state_parts() -> Vec<crate::model::state_parts::StatePart> {
    use crate::model::state_parts::part;
    vec![
        part::<conflict::NetwarConflict>("netwar_conflict", false),
        part::<mobilization::MobilizationStart>("mobilization_start", false),
        part::<chaos::ChaosQueue>("chaos_queue", false),
        part::<chaos::HvtMarker>("hvt_marker", false),
        part::<chaos::SuicideSurgeTurn>("suicide_surge_turn", false),
        part::<chits::ChitChain>("chit_chain", false),
    ]
}

/// The Netwar parameters, if the scenario plays Netwar rules.
#[must_use]
pub fn netwar(game: &Game) -> Option<&NetwarRules> {
    game.scenario.rules.netwar.as_ref()
}

/// Run condition: the scenario plays Netwar rules.
pub fn is_netwar(game: Res<Game>) -> bool {
    game.scenario.rules.netwar.is_some()
}

/// Run condition: the scenario does not play Netwar rules.
pub fn not_netwar(game: Res<Game>) -> bool {
    game.scenario.rules.netwar.is_none()
}

/// The side's index track.
#[must_use]
pub fn index_track(game: &Game, side: usize) -> Option<usize> {
    let n = netwar(game)?;
    let s = n.sides.iter().find(|s| game.side_index(&s.side) == Some(side))?;
    game.track_index(&s.track)
}

/// The side's printed points of a district (16.33); 0 for spaces without them (foreign districts).
#[must_use]
pub fn printed_points(game: &Game, space: crate::model::SpaceId, side: usize) -> i32 {
    let Some(n) = netwar(game) else { return 0 };
    let Some(s) = n.sides.iter().find(|s| game.side_index(&s.side) == Some(side)) else { return 0 };
    match space_attr(game, space, &s.points) {
        Some(AttrValue::Int(v)) => i32::try_from(*v).unwrap_or(0),
        _ => 0,
    }
}

/// An attribute of the district a space belongs to (a box reads its district's).
#[must_use]
pub fn space_attr<'a>(game: &'a Game, space: crate::model::SpaceId, name: &str) -> Option<&'a AttrValue> {
    let crate::scenario::schema::Map::Area(m) = &game.scenario.map else { return None };
    let key = game.board.key(game.board.area_of(space));
    m.spaces.iter().find(|d| d.id == key)?.attributes.get(name)
}

/// The district is foreign (its `foreign` attribute is true).
#[must_use]
pub fn is_foreign(game: &Game, space: crate::model::SpaceId) -> bool {
    matches!(space_attr(game, space, "foreign"), Some(AttrValue::Bool(true)))
}

/// The multiplier of a change to `track` that `doublings` sources double: an election turn adds
/// one for the election side's track (26.1); one doubling is x2, two or more x3 (errata to 6).
#[must_use]
pub fn multiplier(game: &Game, turn: &TurnState, track: usize, doublings: u32) -> i32 {
    let Some(n) = netwar(game) else { return 1 };
    let mut d = doublings;
    if let Some(e) = &n.election
        && game.side_index(&e.side).and_then(|s| index_track(game, s)) == Some(track)
        && game.scenario.turns.labels.get(turn.turn).is_some_and(|l| e.turns.contains(l))
    {
        d += 1;
    }
    match d {
        0 => 1,
        1 => 2,
        _ => i32::try_from(n.max_multiplier).unwrap_or(3),
    }
}

/// Changes a side's index by `base` points times the multiplier of `doublings`, logging the
/// cause. Returns the points actually applied (before the track's floor and cap).
#[expect(clippy::too_many_arguments, reason = "the state a Netwar change reads and writes")]
pub fn change_index(game: &Game, turn: &TurnState, tracks: &mut Tracks, glog: &mut GameLog, track: usize, base: i32, doublings: u32, cause: &str) -> i32 {
    let m = multiplier(game, turn, track, doublings);
    let delta = base * m;
    let before = tracks.0[track];
    let after = super::tracks::adjust_track(game, tracks, track, delta);
    let times = if m > 1 { format!(" ({base} x{m})") } else { String::new() };
    let name = &game.scenario.tracks[track].name;
    super::note::log(glog, game, turn, LogKind::Track, format!("{name} {before} -> {after}: {delta:+}{times}, {cause}"), None);
    delta
}

/// DI 27.11: the bonus `side` scores for controlling every district of a sect, and those sects.
#[must_use]
pub fn sect_bonus(game: &Game, control: &crate::model::Control, side: usize) -> (i32, Vec<String>) {
    let Some(b) = netwar(game).and_then(|n| n.sect_bonus.as_ref()).filter(|b| game.options.contains(&b.option)) else { return (0, Vec::new()) };
    let crate::scenario::schema::Map::Area(m) = &game.scenario.map else { return (0, Vec::new()) };
    let mut total = 0;
    let mut sects = Vec::new();
    for v in &b.values {
        let of_sect: Vec<_> = m.spaces.iter().filter(|d| matches!(d.attributes.get(&b.attribute), Some(AttrValue::Text(t)) if t == v)).collect();
        let all = !of_sect.is_empty() && of_sect.iter().all(|d| game.board.space(&d.id).is_some_and(|s| control.owner[s.index()] == Some(side)));
        if all {
            total += b.per * of_sect.len() as i32;
            sects.push(v.clone());
        }
    }
    (total, sects)
}

/// The type id of a unit.
#[must_use]
pub fn type_id<'a>(game: &'a Game, u: &crate::model::view::UnitView) -> &'a str {
    &game.scenario.unit_types[u.type_index].id
}
