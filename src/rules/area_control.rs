//! Control of area spaces by their slots (DI 18.2-18.3): a side controls a space whose every slot
//! holds one of its units; units of both sides in the slots, or an empty slot, leave it
//! uncontrolled; a `permanent` space never changes hands. Control income (DI 18.4): in each
//! Scoring phase every side adds the points of the spaces it controls to its own track.

use bevy::ecs::change_detection::Tick;
use bevy::prelude::*;

use super::note::log;
use super::tracks::adjust_track;
use super::RulesSystems;
use crate::model::units_now::UnitQuery;
use crate::model::view::{UnitsView};
use crate::model::{Control, Game, SpaceId, Tracks, TurnState};
use crate::scenario::board::SpaceKind;
use crate::scenario::schema::{AttrValue, Map, PhaseKind};
use crate::model::log::{GameLog, LogKind};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    if s.uses(|sc| matches!(&sc.map, Map::Area(m) if m.control_by_slots)) {
        s.always(control_by_slots.in_set(super::Gate::Accepted).in_set(RulesSystems::Tracks).before(super::tracks::score_control_changes));
    }
    s.at_phase_start(control_income);
}

/// The side whose units fill every slot of `space`, if one does.
#[must_use]
pub fn slot_control(game: &Game, units: &UnitsView, space: SpaceId) -> Option<usize> {
    slot_control_by(game, space, |s| units.at(s).next().map(|u| u.side))
}

/// [`slot_control`] given the side of the first unit (in id order) in each slot.
fn slot_control_by(game: &Game, space: SpaceId, first_side: impl Fn(SpaceId) -> Option<usize>) -> Option<usize> {
    let mut owner = None;
    for s in game.board.slots_of(space) {
        let side = first_side(s)?;
        if owner.is_some_and(|o| o != side) {
            return None;
        }
        owner = Some(side);
    }
    owner
}

/// What the last run of [`control_by_slots`] left, whatever the command (each kind of command
/// has its own schedule, so this is shared, not the system's local): the units' placements it
/// saw ([`crate::model::units_now::UnitsNow::placements`]), the owners of the spaces
/// controlled by their boxes, and the space whose box each unit stood in, by rank. Not part of
/// the game: a run with them equal would change nothing.
#[derive(Resource, Default)]
pub struct BoxControlSeen {
    placements: Option<u64>,
    owners: Vec<Option<usize>>,
    /// The control's Bevy change tick then: the same tick, nothing opened it to writes since.
    control_tick: Option<Tick>,
    box_of: Vec<Option<SpaceId>>,
}

pub fn control_by_slots(game: Res<Game>, turn: Res<TurnState>, mut control: ResMut<Control>, mut glog: ResMut<GameLog>, mut q: UnitQuery, mut seen: ResMut<BoxControlSeen>) {
    let Map::Area(m) = &game.scenario.map else { return };
    if !m.control_by_slots {
        return;
    }
    // Control follows who stands in the boxes. A space is worked out again only if a unit
    // placed since the last run left or entered one of its boxes, or its owner is not what
    // the boxes made it then (another rule set it): the others would come out as they are (a
    // move between districts leaves every box as it was). Where a rule opened the control to
    // writes since (its Bevy change tick moved), the owners are compared, not taken as changed:
    // such rules rarely change these spaces.
    let (units, placed) = q.placed_view();
    let slot_controlled = game.lookups.slot_controlled();
    let box_of = |l: crate::model::Location| match l.space().map(|s| &game.board.spaces[s.index()].kind) {
        Some(SpaceKind::Slot { parent, .. }) => Some(*parent),
        _ => None,
    };
    // The spaces to work out again (all of them, if the view's record of placements does not
    // go back to the last run, or at the first run).
    let mut touched: Vec<SpaceId> = Vec::new();
    let mut whole = seen.owners.len() != slot_controlled.len();
    if let Some(before) = seen.placements
        && seen.box_of.len() == units.all().len()
        && let Some(ranks) = q.placed_since(before)
    {
        for r in ranks {
            let now = box_of(units.all()[r as usize].location);
            touched.extend(seen.box_of[r as usize].into_iter().chain(now));
            seen.box_of[r as usize] = now;
        }
    } else {
        seen.box_of.clear();
        seen.box_of.extend(units.all().iter().map(|u| box_of(u.location)));
        whole = true;
    }
    seen.placements = Some(placed);
    // Most commands touch no box and leave the owners as they were: nothing to look at. The
    // owners are compared only if a rule opened the control to writes since the last run.
    let untouched = seen.control_tick == Some(control.last_changed());
    let owners_kept = untouched || slot_controlled.iter().map(|id| control.owner[id.index()]).eq(seen.owners.iter().copied());
    debug_assert!(!untouched || whole || slot_controlled.iter().map(|id| control.owner[id.index()]).eq(seen.owners.iter().copied()), "the control's tick is the one seen, its owners too");
    if owners_kept && !whole && touched.is_empty() {
        debug_assert!(slot_controlled.iter().all(|&id| control.owner[id.index()] == slot_control(&game, &units, id)), "the boxes hold what they held");
        seen.control_tick = Some(control.last_changed());
        return;
    }
    for (k, &id) in slot_controlled.iter().enumerate() {
        let kept = !whole && seen.owners[k] == control.owner[id.index()] && !touched.contains(&id);
        if kept {
            debug_assert_eq!(control.owner[id.index()], slot_control(&game, &units, id), "the boxes of {} hold what they held", game.board.key(id));
            continue;
        }
        let now = slot_control(&game, &units, id);
        if control.owner[id.index()] != now {
            control.owner[id.index()] = now;
            let who = now.map_or_else(|| "nobody (contested or empty boxes)".to_string(), |s| game.side_id(s).to_string());
            let space = &game.board.spaces[id.index()];
            log(&mut glog, &game, &turn, LogKind::Control, format_args!("{} is now controlled by {who}", space.name.as_deref().unwrap_or(&space.key)), Some(space.key.clone()));
        }
    }
    seen.owners.clear();
    seen.owners.extend(slot_controlled.iter().map(|id| control.owner[id.index()]));
    seen.control_tick = Some(control.last_changed());
}

/// Points of the spaces each side controls, added to its track at the start of a Scoring phase.
pub(super) fn control_income(game: Res<Game>, turn: Res<TurnState>, control: Res<Control>, mut tracks: ResMut<Tracks>, mut glog: ResMut<GameLog>) {
    let Some(phase) = turn.current_phase(&game) else { return };
    if phase.kind != PhaseKind::Scoring || game.scenario.rules.control_income.is_empty() {
        return;
    }
    let Map::Area(m) = &game.scenario.map else { return };
    for inc in &game.scenario.rules.control_income {
        let (Some(side), Some(t)) = (game.side_index(&inc.side), game.track_index(&inc.track)) else { continue };
        let mut total = 0i64;
        let mut named = Vec::new();
        for sp in &m.spaces {
            let held = game.board.space(&sp.id).is_some_and(|id| control.owner[id.index()] == Some(side));
            if let (true, Some(AttrValue::Int(n))) = (held, sp.attributes.get(&inc.attribute))
                && *n != 0
            {
                total += n;
                named.push(format!("{} {n}", sp.name));
            }
        }
        let what = if named.is_empty() { "no district".to_string() } else { named.join(", ") };
        // A ruleset may pay control income its own way (DI 18.4: through its doublings).
        let income = i32::try_from(total).unwrap_or(i32::MAX);
        if game.ruleset.control_income(&game, &turn, &control, &mut tracks, &mut glog, side, t, income, &what) {
            continue;
        }
        let before = tracks.0[t];
        let after = adjust_track(&game, &mut tracks, t, i32::try_from(total).unwrap_or(i32::MAX));
        let text = format!("{} {before} -> {after} (control: {what})", game.scenario.tracks[t].name);
        log(&mut glog, &game, &turn, LogKind::Track, text, None);
    }
}
