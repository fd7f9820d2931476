//! Off-map boxes and drawn reinforcements. A protected box cannot be attacked; a box whose
//! linked hex the enemy holds at the end of a player turn loses every unit in it, and no one may
//! enter it meanwhile (tutorial 5.6, OD 16.1). Reinforcements with `draw` are drawn at random
//! when their turn begins; the others never enter (OD, tutorial 5.4).

use bevy::prelude::*;

use super::note::log;
use crate::model::{Control, Game, Location, Outcome, SpaceId, TurnState};
use crate::scenario::schema::{Map, OffMapBox};
use crate::model::dice::Dice;
use crate::model::log::{GameLog, LogKind};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // Boxes close only on hex maps that have some.
    if s.uses(|sc| matches!(&sc.map, Map::Hex(m) if !m.boxes.is_empty())) {
        s.at_phase_start((close_boxes, draw_reinforcements).chain());
    } else {
        s.at_phase_start(draw_reinforcements);
    }
}

/// Reinforcement groups (indexes into `reinforcements`) already drawn.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Drawn(pub std::collections::BTreeSet<usize>);

pub(crate) fn boxes(game: &Game) -> &[OffMapBox] {
    match &game.scenario.map {
        Map::Hex(m) => &m.boxes,
        Map::Area(_) => &[],
    }
}

/// The box definition of a space, if it is an off-map box.
#[must_use]
pub fn box_def(game: &Game, space: SpaceId) -> Option<&OffMapBox> {
    let key = game.board.key(space);
    boxes(game).iter().find(|b| b.id == key)
}

/// Whether the box is closed: its linked hex is held by a side that may not use it.
#[must_use]
pub fn box_closed(game: &Game, control: &Control, b: &OffMapBox) -> bool {
    let Some(link) = game.board.space(&b.linked_hex) else { return false };
    b.lost_with_linked_hex
        && control.owner[link.index()].is_some_and(|s| !b.sides.iter().any(|x| game.side_index(x) == Some(s)))
}

/// At the end of a player turn: units in a box whose linked hex the enemy holds are lost.
pub fn lose_closed_boxes(
    game: &Game,
    turn: &TurnState,
    control: &Control,
    glog: &mut GameLog,
    q: &mut crate::model::units_now::UnitsMut,
) {
    for b in boxes(game) {
        if !box_closed(game, control, b) {
            continue;
        }
        let Some(space) = game.board.space(&b.id) else { continue };
        for (u, mut loc, ..) in q.iter_mut() {
            if *loc == Location::OnMap(space) {
                *loc = Location::Eliminated;
                log(glog, game, turn, LogKind::Loss, format_args!("{} is lost with {}: {} is in enemy hands", u.id, b.name, b.linked_hex), None);
            }
        }
    }
}

fn draw_reinforcements(
    game: Res<Game>,
    turn: Res<TurnState>,
    mut drawn: ResMut<Drawn>,
    mut dice: ResMut<Dice>,
    mut glog: ResMut<GameLog>,
    mut outcome: ResMut<Outcome>,
    mut q: crate::model::units_now::UnitsMut,
) {
    for (i, r) in game.scenario.reinforcements.iter().enumerate() {
        if r.turn as usize != turn.turn + 1 || drawn.0.contains(&i) {
            continue;
        }
        drawn.0.insert(i);
        let mut pool: Vec<&str> = r.units.iter().map(|u| u.id.as_str()).collect();
        let keep = r.draw.map_or(pool.len(), |k| (k as usize).min(pool.len()));
        let mut chosen = Vec::new();
        while chosen.len() < keep && r.draw.is_some() {
            let k = dice.roll(pool.len() as u32, format!("{} draws reinforcements", r.side)) as usize - 1;
            chosen.push(pool.remove(k.min(pool.len() - 1)));
            outcome.barrier = true;
        }
        if r.draw.is_none() {
            chosen = pool.clone();
            pool.clear();
        }
        for (u, mut loc, _, _, mut hidden) in q.iter_mut() {
            if pool.contains(&&*u.id) {
                *loc = Location::OutOfPlay;
            }
            // Face-down draws: the enemy learns neither which came nor which stayed out.
            if (chosen.contains(&&*u.id) || pool.contains(&&*u.id)) && r.hidden {
                hidden.0 = true;
            }
        }
        if r.draw.is_some() {
            let side = &r.side;
            let text = format!("{side} draws {} reinforcement(s); {} stay(s) out of play", chosen.len(), pool.len());
            log(&mut glog, &game, &turn, LogKind::Phase, text, None);
        }
    }
}

/// Set by the sequence when a phase ends: the side that acted in it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct PreviousActor(pub Option<usize>);

/// A player turn ends when the acting side changes: boxes whose linked hex is lost empty.
fn close_boxes(
    game: Res<Game>,
    turn: Res<TurnState>,
    control: Res<Control>,
    prev: Res<PreviousActor>,
    mut glog: ResMut<GameLog>,
    mut q: crate::model::units_now::UnitsMut,
) {
    let now = turn.current_phase(&game).and_then(|p| turn.actor(&game, p));
    if prev.0.is_some() && prev.0 != now {
        lose_closed_boxes(&game, &turn, &control, &mut glog, &mut q);
    }
}
