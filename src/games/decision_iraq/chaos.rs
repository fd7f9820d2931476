//! Chaos events (DI 11): each player's chaos phase rolls its own table (the generic Event phase,
//! `rules.events.tables`, with a d66); the Netwar effects of the entry rolled are queued here and
//! applied in order, asking the side whenever it has a choice (where a unit goes, which unit
//! suffers, which district is named). Units come from the available counters; when none is free
//! that part of the event has no effect (11, rule gap: the reference's recommended reading).

use super::vocabulary::{DiCommand, di};
use std::collections::VecDeque;

use bevy::prelude::*;

use super::{index_track, is_foreign, printed_points, space_attr};
use crate::scenario::board::SpaceKind;
use crate::model::view::UnitsView;
use crate::model::{Control, Game, Location, PendingPrompt, SpaceId, StepLevel, Tracks, TurnState};
use crate::rules::levels::{free_at, range};
use crate::rules::losses::LossQuery;
use crate::rules::note::{CommandCtx, accepted, log};
use crate::rules::RulesSystems;
use crate::scenario::schema::{AttrValue, PhaseKind};
use super::schema::{NetwarEffect, SpaceCount, SpaceTest};
use crate::model::command::Command;
use crate::model::dice::Dice;
use crate::model::log::{GameLog, LogKind};
use crate::model::prompt::Prompt;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // After the phase-start hooks (the Event phase's draws among them) where a phase began.
    s.always(proceed_system.run_if(chaos_due).in_set(RulesSystems::PhaseStart).after(crate::rules::PhaseStartHooks));
    s.on(|c| matches!(di(c), Some(DiCommand::ExtraChaos)), extra_roll.in_set(RulesSystems::Movement));
    // Most of these commands answer other questions: the chaos answer runs only for its own
    // (a condition reads three resources where the system fetches a dozen).
    // After the set-up's placement, which leaves a placement asked for to its asker.
    s.on(|c| matches!(c, Command::Place { .. } | Command::Pass | Command::ChooseSpace { .. } | Command::PickUnits { .. }), answer.run_if(chaos_asks).in_set(RulesSystems::Movement).after(crate::rules::setup::place_unit));
    s.on(|c| matches!(c, Command::EndPhase), hvt_check.run_if(accepted).in_set(RulesSystems::Combat));
}

/// Who asks the chaos questions (`Prompt`'s `by`): only the chaos answers take them.
pub const ASKER: &str = "decision_iraq/chaos";

/// Netwar effects waiting to be applied: (side, effect, cause).
#[derive(Resource, Clone, Debug, Default, serde::Serialize)]
pub struct ChaosQueue(pub VecDeque<(usize, Pending, String)>);

/// A queued piece of an event.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub enum Pending {
    Effect(NetwarEffect),
    /// The side reduces one of these units by a level (one pick of a `Reduce` effect).
    ReduceOne(Vec<String>),
}

/// The High Value Target marker (chaos 64-66): its side, district and payoff, until the end of
/// that side's next conflict phase.
#[derive(Resource, Clone, Debug, Default, serde::Serialize)]
pub struct HvtMarker(pub Option<(usize, SpaceId, Vec<String>, u32, String)>);

/// What the chaos systems read and write besides the command context and the units.
#[derive(bevy::ecs::system::SystemParam)]
pub struct ChaosParams<'w> {
    pub queue: ResMut<'w, ChaosQueue>,
    pub prompt: ResMut<'w, PendingPrompt>,
    pub tracks: ResMut<'w, Tracks>,
    pub dice: ResMut<'w, Dice>,
    pub control: Res<'w, Control>,
    pub hvt: ResMut<'w, HvtMarker>,
    pub surge: ResMut<'w, SuicideSurgeTurn>,
    /// Effects an event of the generic rules left for this ruleset.
    pub deferred: ResMut<'w, crate::model::DeferredEffects>,
}

/// The game turn of the last Suicide Bombing Surge event (chaos 56).
#[derive(Resource, Clone, Debug, Default, serde::Serialize)]
pub struct SuicideSurgeTurn(pub Option<usize>);

/// The Netwar effects an event left for this ruleset, queued in order (every `RulesetEffect`
/// of the scenario was read when it loaded).
fn queue_deferred(game: &Game, deferred: &mut crate::model::DeferredEffects, queue: &mut ChaosQueue) {
    for (side, e, cause) in deferred.0.drain(..) {
        if let crate::scenario::schema::EventEffect::RulesetEffect(raw) = e
            && let Some(n) = super::effect(game, &raw)
        {
            queue.0.push_back((side, Pending::Effect(n.clone()), cause));
        }
    }
}

/// Run condition of the chaos procedure: a Netwar effect waits, queued or left by an event (the
/// procedure has nothing to do otherwise). Asked at every command, before the procedure's many
/// parameters are fetched: it reads the two resources that are nearly always empty, and the
/// procedure itself asks the rest (`proceed_system`).
fn chaos_due(queue: Res<ChaosQueue>, deferred: Res<crate::model::DeferredEffects>) -> bool {
    !queue.0.is_empty() || !deferred.0.is_empty()
}

/// The chaos procedure where effects wait (`chaos_due`) and a phase began or the command was
/// accepted.
fn proceed_system(
    game: Res<Game>,
    turn: Res<TurnState>,
    c: Res<crate::model::CurrentCommand>,
    o: Res<crate::model::Outcome>,
    mut glog: ResMut<GameLog>,
    mut p: ChaosParams,
    mut q: LossQuery,
) {
    if !(o.phase_started || accepted(c, o)) {
        return;
    }
    queue_deferred(&game, &mut p.deferred, &mut p.queue);
    if p.prompt.0.is_none() {
        let game = game.clone();
        proceed(&game, &turn, &mut glog, &mut p, &mut q);
    }
}

/// Whether a space passes a test for `side`.
fn passes(game: &Game, units: &UnitsView, side: usize, space: SpaceId, t: &SpaceTest) -> bool {
    let here = || std::iter::once(space).chain(game.board.slots_of(space)).flat_map(|s| units.at(s).collect::<Vec<_>>()).collect::<Vec<_>>();
    match t {
        SpaceTest::In(list) => list.iter().any(|k| k == game.board.key(space)),
        SpaceTest::Attribute(name, v) => space_attr(game, space, name) == Some(v),
        SpaceTest::Iraqi => !is_foreign(game, space),
        SpaceTest::HasUnits(c) if c.is_empty() => here().iter().any(|u| u.side == side),
        SpaceTest::HasUnits(c) => here().iter().any(|u| c.contains(&game.scenario.unit_types[u.type_index].contingent)),
        SpaceTest::HasUnitTypes(ts) => here().iter().any(|u| ts.contains(&game.scenario.unit_types[u.type_index].id)),
        SpaceTest::NoUnitsOf(s) => !here().iter().any(|u| Some(u.side) == game.side_index(s)),
    }
}

/// The districts passing every test, in id order.
fn districts(game: &Game, units: &UnitsView, side: usize, tests: &[SpaceTest]) -> Vec<SpaceId> {
    (0..game.board.len())
        .map(|i| SpaceId(i as u32))
        .filter(|s| matches!(game.board.spaces[s.index()].kind, SpaceKind::Area))
        .filter(|s| tests.iter().all(|t| passes(game, units, side, *s, t)))
        .collect()
}

fn type_index(game: &Game, id: &str) -> Option<usize> {
    game.scenario.unit_types.iter().position(|t| t.id == id)
}

/// The first available counter of a type.
fn available(units: &UnitsView, t: usize) -> Option<String> {
    units.all().iter().find(|u| u.type_index == t && u.location == Location::Eliminated).map(|u| String::from(&*u.id))
}

/// Where a new unit may go in a district: open, or an empty box (34: placed open unless the side
/// picks an empty infra box), and never where the Movement Restriction Chart bars it.
fn places(game: &Game, units: &UnitsView, unit: &str, d: SpaceId) -> Vec<String> {
    let Some(u) = units.get(unit) else { return Vec::new() };
    if crate::rules::entry_bans::entry_bans(game, units, u).contains(d) {
        return Vec::new();
    }
    let mut out = vec![game.board.key(d).to_string()];
    out.extend(super::retreat::empty_boxes(game, units, d).first().map(|b| game.board.key(*b).to_string()));
    out
}

/// The level a placed unit of type `t` takes: `level` (or the lowest) if a counter of it is free.
fn place_level(game: &Game, units: &UnitsView, t: usize, level: Option<u32>) -> Option<u32> {
    let l = level.or_else(|| range(game, t).map(|(lo, _)| lo)).unwrap_or(0);
    free_at(game, units, t, l, "").then_some(l)
}

/// Applies queued effects until one needs a choice or the queue is empty.
fn proceed(game: &Game, turn: &TurnState, glog: &mut GameLog, p: &mut ChaosParams, q: &mut LossQuery) {
    while let Some((side, item, cause)) = p.queue.0.front().cloned() {
        let units = q.view();
        let who = game.side_id(side).to_string();
        let effect = match item {
            Pending::Effect(e) => e,
            Pending::ReduceOne(ids) => {
                let ids: Vec<String> = ids.into_iter().filter(|i| units.get(i).is_some_and(|u| u.space().is_some())).collect();
                if ids.len() <= 1 {
                    p.queue.0.pop_front();
                    super::conflict::apply_levels(game, turn, glog, q, &ids, -1);
                    continue;
                }
                p.prompt.0 = Some(Prompt::PickUnits { side: who, units: ids, count: 1, what: format!("loses a level ({cause})"), rule: "11".into(), by: ASKER.into() });
                return;
            }
        };
        match &effect {
            NetwarEffect::PlaceUnit { unit_types, level, spaces, optional, or_raise, .. } => {
                let mut options: Vec<(String, Vec<String>)> = Vec::new();
                for ty in unit_types {
                    let Some(t) = type_index(game, ty) else { continue };
                    if let (Some(id), Some(_)) = (available(&units, t), place_level(game, &units, t, *level)) {
                        let at: Vec<String> = districts(game, &units, side, spaces).into_iter().flat_map(|d| places(game, &units, &id, d)).collect();
                        if !at.is_empty() {
                            options.push((id, at));
                        }
                    }
                    if *or_raise && let Some(l) = level && free_at(game, &units, t, *l, "") {
                        for u in units.all().iter().filter(|u| u.type_index == t && u.side == side && u.level < *l) {
                            if let Some(s) = u.space() {
                                options.push((String::from(&*u.id), vec![game.board.key(s).to_string()]));
                            }
                        }
                    }
                }
                if options.is_empty() {
                    log(glog, game, turn, LogKind::Track, format_args!("{cause}: no counter is free or no district qualifies, no effect (11)"), None);
                    p.queue.0.pop_front();
                    continue;
                }
                let why = if *or_raise { format!("{cause}; a unit already on the map is raised where it stands") } else { cause.clone() };
                p.prompt.0 = Some(Prompt::PlaceUnit { side: who, options, optional: *optional, why, rule: "11".into(), by: ASKER.into() });
                return;
            }
            NetwarEffect::RemoveUnit { contingents } => {
                let ids: Vec<String> = units
                    .all()
                    .iter()
                    .filter(|u| u.side == side && u.space().is_some() && contingents.contains(&game.scenario.unit_types[u.type_index].contingent))
                    .map(|u| String::from(&*u.id))
                    .collect();
                if ids.is_empty() {
                    log(glog, game, turn, LogKind::Track, format_args!("{cause}: no unit to remove"), None);
                    p.queue.0.pop_front();
                    continue;
                }
                p.prompt.0 = Some(Prompt::PickUnits { side: who, units: ids, count: 1, what: format!("is removed ({cause})"), rule: "11".into(), by: ASKER.into() });
                return;
            }
            NetwarEffect::Reduce { side: owner, unit_types, spaces, each } => {
                let owner = game.side_index(owner).unwrap_or(side);
                let in_space = |d: SpaceId| -> Vec<String> {
                    std::iter::once(d)
                        .chain(game.board.slots_of(d))
                        .flat_map(|s| units.at(s).filter(|u| u.side == owner && unit_types.contains(&game.scenario.unit_types[u.type_index].id)).map(|u| String::from(&*u.id)).collect::<Vec<_>>())
                        .collect()
                };
                let groups: Vec<Vec<String>> = if *each {
                    districts(game, &units, side, spaces).into_iter().map(in_space).filter(|g| !g.is_empty()).collect()
                } else {
                    let all: Vec<String> = districts(game, &units, side, spaces).into_iter().flat_map(in_space).collect();
                    if all.is_empty() { Vec::new() } else { vec![all] }
                };
                p.queue.0.pop_front();
                if groups.is_empty() {
                    log(glog, game, turn, LogKind::Track, format_args!("{cause}: no unit to reduce"), None);
                }
                // One pick per district, asked in district order.
                for g in groups.into_iter().rev() {
                    p.queue.0.push_front((owner, Pending::ReduceOne(g), cause.clone()));
                }
            }
            NetwarEffect::PointsPerSpace { track, per, attribute, count, min } => {
                p.queue.0.pop_front();
                let Some(t) = game.track_index(track) else { continue };
                let counted: Vec<String> = districts(game, &units, side, &[SpaceTest::Attribute(attribute.clone(), AttrValue::Bool(true))])
                    .into_iter()
                    .filter(|d| match count {
                        SpaceCount::Controlled(s) => p.control.owner[d.index()].is_some() && p.control.owner[d.index()] == game.side_index(s),
                        SpaceCount::OpenUnits(s) => units.at(*d).any(|u| Some(u.side) == game.side_index(s)),
                    })
                    .map(|d| game.board.key(d).to_string())
                    .collect();
                let base = per * counted.len() as i32;
                let m = super::multiplier(game, turn, t, 0);
                let (before, after) = crate::rules::tracks::adjust_track_floored(game, &mut p.tracks, t, base * m, *min);
                let list = if counted.is_empty() { "none".to_string() } else { counted.join(", ") };
                let name = &game.scenario.tracks[t].name;
                log(glog, game, turn, LogKind::Track, format_args!("{name} {before} -> {after} ({cause}: {per:+} for each of {list})"), None);
            }
            NetwarEffect::ControlIncome => {
                p.queue.0.pop_front();
                for s in 0..game.scenario.sides.len() {
                    let Some(t) = index_track(game, s) else { continue };
                    let held: Vec<SpaceId> = (0..game.board.len()).map(|i| SpaceId(i as u32)).filter(|d| p.control.owner[d.index()] == Some(s)).collect();
                    let base: i32 = held.iter().map(|d| printed_points(game, *d, s)).sum();
                    super::change_index(game, turn, &mut p.tracks, glog, t, base, 0, format_args!("{cause}: the points of the districts {} controls", game.side_id(s)));
                }
            }
            NetwarEffect::GainSpacePoints { spaces } | NetwarEffect::Defection { spaces, .. } => {
                let ds: Vec<String> = districts(game, &units, side, spaces).into_iter().map(|d| game.board.key(d).to_string()).collect();
                if ds.is_empty() {
                    log(glog, game, turn, LogKind::Track, format_args!("{cause}: no district qualifies, no effect"), None);
                    p.queue.0.pop_front();
                    continue;
                }
                p.prompt.0 = Some(Prompt::ChooseSpace { side: who, spaces: ds, why: cause.clone(), rule: "11".into(), by: ASKER.into() });
                return;
            }
            // Chit effects are played from the hand (chits.rs), never rolled.
            NetwarEffect::Chit(_) => {
                p.queue.0.pop_front();
            }
            NetwarEffect::SuicideSurge => {
                p.queue.0.pop_front();
                p.surge.0 = Some(turn.turn);
                log(glog, game, turn, LogKind::Track, format_args!("{cause}: suicide attacks are open to more units this game turn (27.6)"), None);
            }
            NetwarEffect::HighValueTarget { locations, unit_types, dice, track } => {
                p.queue.0.pop_front();
                let roll = p.dice.roll(6, format!("{cause}: where"));
                let at = locations.iter().rev().find(|(from, _)| roll >= *from).map(|(_, k)| k.clone());
                let Some(space) = at.as_deref().and_then(|k| game.board.space(k)) else { continue };
                log(glog, game, turn, LogKind::Roll, format_args!("{cause}: rolled {roll}, the marker goes to {}", game.board.key(space)), Some(game.board.key(space).to_string()));
                p.hvt.0 = Some((side, space, unit_types.clone(), *dice, track.clone()));
            }
        }
    }
}

/// Run condition of [`answer`]: the question waiting is the chaos procedure's, with effects
/// queued and no conflict under way (what `answer` checks before anything else).
fn chaos_asks(queue: Res<ChaosQueue>, prompt: Res<crate::model::PendingPrompt>, conflict: Res<super::conflict::NetwarConflict>) -> bool {
    conflict.0.is_none() && !queue.0.is_empty() && prompt.0.as_ref().is_some_and(asked_by_chaos)
}

/// Whether the chaos procedure asked this question.
fn asked_by_chaos(p: &Prompt) -> bool {
    matches!(p, Prompt::PickUnits { by, .. } | Prompt::PlaceUnit { by, .. } | Prompt::ChooseSpace { by, .. } if by == ASKER)
}

fn answer(mut ctx: CommandCtx, mut p: ChaosParams, conflict: Res<super::conflict::NetwarConflict>, mut q: LossQuery) {
    let Some((side, cmd)) = ctx.cmd.0.clone() else { return };
    if conflict.0.is_some() || p.queue.0.is_empty() {
        return;
    }
    let Some(prompt) = p.prompt.0.clone().filter(asked_by_chaos) else { return };
    let game = ctx.game.clone();
    let units = q.view();
    let Some((_, item, cause)) = p.queue.0.front().cloned() else { return };
    let effect = match item {
        Pending::Effect(e) => Some(e),
        Pending::ReduceOne(_) => None,
    };
    match (&prompt, &cmd, &effect) {
        (Prompt::PlaceUnit { optional: true, .. }, Command::Pass, _) => {
            ctx.log(LogKind::Command, format_args!("{} declines: {cause}", game.side_id(side)), None);
        }
        (Prompt::PlaceUnit { options, .. }, Command::Place { unit, at }, Some(NetwarEffect::PlaceUnit { level, then, .. })) => {
            let Some((_, spaces)) = options.iter().find(|(u, _)| u == unit) else { return ctx.reject(format!("`{unit}` is not offered")) };
            if !spaces.iter().any(|s| s == at) {
                return ctx.reject(format!("`{unit}` may go to: {}", spaces.join(", ")));
            }
            let (Some(space), Some(u)) = (game.board.space(at), units.get(unit)) else { return };
            let placed = u.location == Location::Eliminated;
            let to_level = if placed { place_level(&game, &units, u.type_index, *level).unwrap_or(0) } else { level.unwrap_or(u.level) };
            if let Some((_, mut loc, mut lvl, mut act, _)) = q.unit_mut(unit.as_str()) {
                *loc = Location::OnMap(space);
                *lvl = StepLevel(to_level);
                if placed {
                    *act = crate::model::Activity::default();
                }
            }
            let what = if placed { format!("{unit} is placed at {at}, level {to_level}") } else { format!("{unit} is raised to level {to_level}") };
            ctx.log(LogKind::Command, format_args!("{what} ({cause})"), Some(at.to_string()));
            if placed && !then.is_empty() {
                // The event's follow-up (chaos 33: the PRT's cost) goes through the effect
                // context like any table effect.
                p.queue.0.pop_front();
                p.prompt.0 = None;
                let then = then.clone();
                apply_follow_up(&game, &ctx.turn, &mut ctx.glog, &mut p, &then, &cause);
                proceed(&game, &ctx.turn, &mut ctx.glog, &mut p, &mut q);
                return;
            }
        }
        (Prompt::PickUnits { units: ids, .. }, Command::PickUnits { units: picked }, Some(NetwarEffect::RemoveUnit { .. })) => {
            if picked.len() != 1 || !ids.iter().any(|s| *s == picked[0]) {
                return ctx.reject(format!("pick one of: {}", ids.join(", ")));
            }
            super::conflict::eliminate(&game, &ctx.turn, &mut ctx.glog, &mut q, &crate::model::command::strings(picked));
        }
        (Prompt::PickUnits { units: ids, .. }, Command::PickUnits { units: picked }, None) => {
            if picked.len() != 1 || !ids.iter().any(|s| *s == picked[0]) {
                return ctx.reject(format!("pick one of: {}", ids.join(", ")));
            }
            super::conflict::apply_levels(&game, &ctx.turn, &mut ctx.glog, &mut q, &crate::model::command::strings(picked), -1);
        }
        (Prompt::ChooseSpace { spaces, .. }, Command::ChooseSpace { space }, _) => {
            if !spaces.iter().any(|s| s == space) {
                return ctx.reject(format!("choose one of: {}", spaces.join(", ")));
            }
            let Some(d) = game.board.space(space) else { return };
            match &effect {
                Some(NetwarEffect::GainSpacePoints { .. }) => {
                    let t = index_track(&game, side).unwrap_or(0);
                    let base = printed_points(&game, d, side);
                    super::change_index(&game, &ctx.turn, &mut p.tracks, &mut ctx.glog, t, base, 0, format_args!("{cause}: {space}"));
                }
                Some(NetwarEffect::Defection { all, half, .. }) => defect(&game, &ctx.turn, &mut ctx.glog, &mut q, side, d, all, half, &cause),
                // Only the two effects above ask for a space.
                Some(
                    NetwarEffect::PlaceUnit { .. }
                    | NetwarEffect::RemoveUnit { .. }
                    | NetwarEffect::Reduce { .. }
                    | NetwarEffect::PointsPerSpace { .. }
                    | NetwarEffect::ControlIncome
                    | NetwarEffect::Chit(_)
                    | NetwarEffect::SuicideSurge
                    | NetwarEffect::HighValueTarget { .. },
                )
                | None => {}
            }
        }
        _ => return ctx.reject("this answer does not fit the question asked".into()),
    }
    p.queue.0.pop_front();
    p.prompt.0 = None;
    proceed(&game, &ctx.turn, &mut ctx.glog, &mut p, &mut q);
}

/// Track effects that follow a placement (chaos 33).
fn apply_follow_up(game: &Game, turn: &TurnState, glog: &mut GameLog, p: &mut ChaosParams, effects: &[crate::scenario::schema::EventEffect], cause: &str) {
    use crate::scenario::schema::EventEffect;
    for e in effects {
        if let EventEffect::AdjustTrack { track, amount, min } = e {
            let Some(t) = game.track_index(track) else { continue };
            let delta = crate::rules::tracks::amount_value(&mut p.dice, *amount, &format!("{cause}: {track}"));
            let delta = delta * super::multiplier(game, turn, t, 0);
            let (before, after) = crate::rules::tracks::adjust_track_floored(game, &mut p.tracks, t, delta, *min);
            let name = &game.scenario.tracks[t].name;
            log(glog, game, turn, LogKind::Track, format_args!("{name} {before} -> {after} ({cause})"), None);
        }
    }
}

/// Chaos 53-56: the enemy's units of the `all` types and half (rounded up, lowest levels first)
/// of the `half` types in the district are replaced by own units of the paired types, at the same
/// level and place, when a counter is free (31: else removed and not replaced).
#[expect(clippy::too_many_arguments, reason = "the state a defection changes")]
fn defect(game: &Game, turn: &TurnState, glog: &mut GameLog, q: &mut LossQuery, side: usize, d: SpaceId, all: &[(String, String)], half: &[(String, String)], cause: &str) {
    let units = q.view();
    let spaces: Vec<SpaceId> = std::iter::once(d).chain(game.board.slots_of(d)).collect();
    let mut swaps: Vec<(String, SpaceId, u32, String)> = Vec::new();
    for (pairs, whole) in [(all, true), (half, false)] {
        for (from, to) in pairs {
            let mut here: Vec<(u32, String, SpaceId)> = spaces
                .iter()
                .flat_map(|s| units.at(*s).filter(|u| u.side != side && game.scenario.unit_types[u.type_index].id == *from).map(|u| (u.level, String::from(&*u.id), *s)).collect::<Vec<_>>())
                .collect();
            here.sort();
            let n = if whole { here.len() } else { here.len().div_ceil(2) };
            swaps.extend(here.into_iter().take(n).map(|(l, id, s)| (id, s, l, to.clone())));
        }
    }
    for (id, at, level, to) in swaps {
        super::conflict::eliminate(game, turn, glog, q, std::slice::from_ref(&id));
        let view = q.view();
        let Some(t) = type_index(game, &to) else { continue };
        let counter = available(&view, t).filter(|_| free_at(game, &view, t, level, ""));
        let Some(new) = counter else {
            log(glog, game, turn, LogKind::Track, format_args!("{cause}: no {to} counter at level {level} is free, {id} is not replaced"), None);
            continue;
        };
        if let Some((_, mut loc, mut lvl, mut act, _)) = q.unit_mut(new.as_str()) {
            *loc = Location::OnMap(at);
            *lvl = StepLevel(level);
            *act = crate::model::Activity::default();
        }
        log(glog, game, turn, LogKind::Command, format_args!("{cause}: {new} ({to}, level {level}) takes the place of {id} at {}", game.board.key(at)), Some(game.board.key(at).to_string()));
    }
}

/// The HVT pays off if a unit of its types is in its district when its side's conflict phase
/// ends; the marker goes either way (chaos 64-66).
fn hvt_check(game: Res<Game>, turn: Res<TurnState>, mut glog: ResMut<GameLog>, mut p: ChaosParams, mut q: crate::model::units_now::UnitQuery) {
    let Some(phase) = turn.current_phase(&game) else { return };
    let Some((side, space, types, dice, track)) = p.hvt.0.clone() else { return };
    if phase.kind != PhaseKind::Combat || turn.actor(&game, phase) != Some(side) {
        return;
    }
    p.hvt.0 = None;
    let units = q.view();
    let key = game.board.key(space).to_string();
    let found = std::iter::once(space).chain(game.board.slots_of(space)).any(|s| units.at(s).any(|u| u.side == side && types.contains(&game.scenario.unit_types[u.type_index].id)));
    if !found {
        log(&mut glog, &game, &turn, LogKind::Track, format!("High Value Target in {key}: no {} there, the marker is removed", types.join("/")), Some(key));
        return;
    }
    let sum: i32 = (0..dice).map(|_| p.dice.roll(6, "High Value Target") as i32).sum();
    if let Some(t) = game.track_index(&track) {
        super::change_index(&game, &turn, &mut p.tracks, &mut glog, t, sum, 0, format_args!("High Value Target taken in {key} ({dice}d6)"));
    }
}

/// Why `side` may not buy another chaos roll now (DI 27.1), if it may not.
#[must_use]
pub fn extra_roll_rejection(game: &Game, turn: &TurnState, tracks: &Tracks, queue: &ChaosQueue, prompt: Option<&Prompt>, side: usize) -> Option<String> {
    let Some(x) = super::netwar(game).and_then(|n| n.extra_chaos.as_ref()).filter(|x| game.options.contains(&x.option)) else {
        return Some("additional chaos rolls are an optional rule that is off (27.1)".into());
    };
    let phase = turn.current_phase(game)?;
    if phase.kind != PhaseKind::Event || turn.actor(game, phase) != Some(side) {
        return Some("more chaos rolls are bought in the side's own chaos phase (27.1)".into());
    }
    if prompt.is_some() || !queue.0.is_empty() {
        return Some("the last chaos event is not over yet".into());
    }
    let t = index_track(game, side)?;
    (tracks.0[t] - x.cost < 1).then(|| format!("a roll costs {} and the index is {}: it may not be spent to 0 (5.2)", x.cost, tracks.0[t]))
}

fn extra_roll(
    cmd: Res<crate::model::CurrentCommand>,
    mut outcome: ResMut<crate::model::Outcome>,
    prompt: Res<PendingPrompt>,
    mut p: crate::rules::events::EffectParams,
    mut queue: ResMut<ChaosQueue>,
) {
    let Some((side, Some(DiCommand::ExtraChaos))) = cmd.0.as_ref().map(|(s, c)| (*s, di(c))) else { return };
    let game = p.game.clone();
    if let Some(r) = extra_roll_rejection(&game, &p.turn, &p.tracks, &queue, prompt.0.as_ref(), side) {
        outcome.rejected = Some(r);
        return;
    }
    outcome.barrier = true;
    let cost = super::netwar(&game).and_then(|n| n.extra_chaos.as_ref()).map_or(0, |x| x.cost);
    let Some(t) = index_track(&game, side) else { return };
    // Spending, not a loss: no election doubling (reference 7.21).
    let before = p.tracks.0[t];
    let after = crate::rules::tracks::adjust_track(&game, &mut p.tracks, t, -cost);
    log(&mut p.glog, &game, &p.turn, LogKind::Track, format_args!("{} {before} -> {after}: {} buys another chaos roll (27.1)", game.scenario.tracks[t].name, game.side_id(side)), None);
    let tables: Vec<String> = game.scenario.rules.events.as_ref().map(|e| e.tables.iter().filter(|(s, _)| game.side_index(s) == Some(side)).map(|(_, t)| t.clone()).collect()).unwrap_or_default();
    let deferred = p.run(|fx| {
        for id in &tables {
            let Some(t) = fx.game.scenario.tables.events.iter().find(|x| &x.id == id) else { continue };
            let roll = fx.dice.roll_spec(t.dice, &format!("{} rolls on {}", fx.game.side_id(side), t.name));
            let Some(entry) = t.entries.iter().find(|e| (e.rolls.0..=e.rolls.1).contains(&roll)) else { continue };
            log(fx.glog, fx.game, fx.turn, LogKind::Roll, format_args!("{}: rolled {roll}: {}", t.name, entry.name), None);
            fx.apply(side, &entry.effects, &format!("{}: {}", t.name, entry.name));
        }
        std::mem::take(&mut fx.deferred)
    });
    for (s, e, c) in deferred {
        if let crate::scenario::schema::EventEffect::RulesetEffect(raw) = e
            && let Some(n) = super::effect(&game, &raw)
        {
            queue.0.push_back((s, Pending::Effect(n.clone()), c));
        }
    }
}
