//! Victory: sudden-death thresholds on tracks after every command, and the victory conditions
//! in order at the end of the last turn.

use bevy::prelude::*;

use super::note::log;
use super::RulesSystems;
use crate::model::view::UnitsView;
use super::events::EffectParams;
use crate::model::{Control, Game, GameResult, Outcome, SpaceId, Tracks, TurnState};
use crate::scenario::schema::{Expr, VictoryCondition};
use crate::model::log::{GameLog, LogKind};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.at_phase_start(check_held);
    // One system where it can be (every accepted command runs this stage, and each system a
    // schedule visits costs a run of its own); the effects made at final determination come
    // between its checks and the final determination only in scenarios that have them.
    if s.uses(|sc| !sc.victory.before_final.is_empty()) {
        s.always((check_victory.run_if(result_may_change), apply_before_final.run_if(last_turn_over), determine_final_victory).chain().in_set(super::Gate::Accepted).in_set(RulesSystems::Victory));
    } else {
        s.always(check_victory.run_if(result_may_change).in_set(super::Gate::Accepted).in_set(RulesSystems::Victory));
    }
}

/// Whether a check of `check_victory` may find a result: a track moved since this schedule
/// last asked (sudden death reads the tracks, and the turn only through a test's first turn,
/// which comes with a turn's end), a game turn has just ended, or the last one is over. Read
/// from four resources instead of the checks' eight.
fn result_may_change(tracks: Res<Tracks>, ended: Res<TurnEnded>, turn: Res<TurnState>, game: Res<Game>) -> bool {
    turn.result.is_none() && (tracks.is_changed() || ended.0.is_some() || turn.turn >= game.scenario.turns.labels.len())
}

/// What the victory checks read and write.
#[derive(bevy::ecs::system::SystemParam)]
struct VictoryCheck<'w, 's> {
    game: Res<'w, Game>,
    turn: ResMut<'w, TurnState>,
    control: Res<'w, Control>,
    tracks: Res<'w, Tracks>,
    ended: ResMut<'w, TurnEnded>,
    glog: ResMut<'w, GameLog>,
    q: crate::model::units_now::UnitQuery<'w, 's>,
}

impl VictoryCheck<'_, '_> {
    /// Ends the game with `r`, logged.
    fn end(&mut self, r: GameResult) {
        log(&mut self.glog, &self.game, &self.turn, LogKind::Victory, format_args!("{} ({})", r.level, r.reason), None);
        self.turn.result = Some(r);
    }
}

/// After every accepted command, in this order: sudden death, the end of a game turn's tests,
/// and (when the scenario makes no effects before it) the final determination.
fn check_victory(mut v: VictoryCheck) {
    check_sudden_death(&mut v);
    check_end_of_turn(&mut v);
    if v.game.scenario.victory.before_final.is_empty() {
        final_victory(&mut v);
    }
}

/// The final determination, after the effects made at it (tutorial 5.9).
fn determine_final_victory(mut v: VictoryCheck) {
    final_victory(&mut v);
}

/// Set by the sequence when a game turn has just ended (0-based index of that turn).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct TurnEnded(pub Option<usize>);

/// Value of an expression; `turn` is the 1-based turn number it refers to.
#[must_use]
pub fn eval(game: &Game, tracks: &Tracks, turn: i32, e: &Expr) -> i32 {
    match e {
        Expr::Const(c) => *c,
        Expr::Track(t) => game.track_index(t).map_or(0, |i| tracks.0[i]),
        Expr::Turn => turn,
        Expr::Sum(v) => v.iter().map(|x| eval(game, tracks, turn, x)).sum(),
        Expr::Min(v) => v.iter().map(|x| eval(game, tracks, turn, x)).min().unwrap_or(0),
        Expr::Max(v) => v.iter().map(|x| eval(game, tracks, turn, x)).max().unwrap_or(0),
        Expr::Neg(x) => -eval(game, tracks, turn, x),
    }
}

/// The end of a game turn: the scenario's end-of-turn sudden-death tests (tutorial 5.9).
fn check_end_of_turn(v: &mut VictoryCheck) {
    let Some(t) = v.ended.0.take() else { return };
    if v.turn.result.is_some() {
        return;
    }
    let occupation = v.game.scenario.victory.per_side.as_ref().is_some_and(|p| p.occupy_all.is_some());
    let found = if occupation { occupation_result(&v.game, &v.q.view()) } else { None };
    if let Some(r) = found.or_else(|| end_of_turn_tests(&v.game, &v.tracks, t)) {
        v.end(r);
    }
}

/// The first end-of-turn test that holds at the end of game turn `t` (0-based).
fn end_of_turn_tests(game: &Game, tracks: &Tracks, t: usize) -> Option<GameResult> {
    let number = t as i32 + 1;
    for c in &game.scenario.victory.end_of_turn {
        if c.from_turn.is_some_and(|f| number < f as i32) {
            continue;
        }
        let (a, b) = (eval(game, tracks, number, &c.left), eval(game, tracks, number, &c.right));
        if c.op.holds(a, b) {
            return Some(result(game, &c.level, &format!("sudden death at the end of turn {number}: {a} {:?} {b}", c.op)));
        }
    }
    None
}

/// ToO 30.2: a side whose units occupy every space of `occupy_all` wins at once (the first in
/// side order, should two ever do); the others take their lowest band.
#[must_use]
pub fn occupation_result(game: &Game, units: &crate::model::view::UnitsView) -> Option<GameResult> {
    let ps = game.scenario.victory.per_side.as_ref()?;
    let occ = ps.occupy_all.as_ref()?;
    let counts = |u: &&crate::model::view::UnitView| !occ.not_counting.contains(&game.scenario.unit_types[u.type_index].id);
    let occupier = ps.sides.iter().find(|sb| {
        let Some(side) = game.side_index(&sb.side) else { return false };
        occ.spaces.iter().all(|k| game.board.space(k).is_some_and(|s| units.at(s).filter(counts).any(|u| u.side == side)))
    })?;
    let sides: Vec<(String, String)> = ps
        .sides
        .iter()
        .map(|sb| {
            let level = if sb.side == occupier.side { sb.sudden_level.clone() } else { sb.bands.last().map(|(_, l)| l.clone()) };
            (sb.side.clone(), level.unwrap_or_default())
        })
        .collect();
    let level = sides.iter().map(|(_, l)| l.as_str()).collect::<Vec<_>>().join(" + ");
    let reason = format!("automatic victory: {} occupies {}", occupier.side, occ.spaces.join(", "));
    Some(GameResult { level, winner: Some(occupier.side.clone()), reason, sides })
}

fn result(game: &Game, level: &str, reason: &str) -> GameResult {
    let winner = game.scenario.victory.levels.iter().find(|l| l.id == level).and_then(|l| l.side.clone());
    GameResult { level: level.to_string(), winner, reason: reason.to_string(), sides: Vec::new() }
}

/// Per-side victory (ToO 30.1, 30.2): each side's level from its own track. At the end
/// (`sudden == false`) every side is on its bands; in sudden death, when a side is at or below
/// the threshold while another is above it, the sides above take their sudden level. None if
/// nothing is decided. The winner is the side whose level is its own win, if only one's is.
#[must_use]
pub fn per_side_result(game: &Game, tracks: &Tracks, sudden: bool) -> Option<GameResult> {
    let ps = game.scenario.victory.per_side.as_ref()?;
    let value = |t: &str| game.track_index(t).map_or(0, |i| tracks.0[i]);
    let band = |sb: &crate::scenario::schema::SideBands| {
        let v = value(&sb.track);
        sb.bands.iter().find(|(at_least, _)| v >= *at_least).or(sb.bands.last()).map(|(_, l)| l.clone()).unwrap_or_default()
    };
    let reason = if sudden {
        let limit = ps.sudden_death_at_or_below?;
        let down: Vec<&str> = ps.sides.iter().filter(|sb| value(&sb.track) <= limit).map(|sb| sb.side.as_str()).collect();
        if down.is_empty() {
            return None;
        }
        format!("sudden death: {} at {limit} or less", down.join(" and "))
    } else {
        "end of game".to_string()
    };
    let limit = ps.sudden_death_at_or_below.unwrap_or(i32::MIN);
    let some_down = ps.sides.iter().any(|sb| value(&sb.track) <= limit);
    let sides: Vec<(String, String)> = ps
        .sides
        .iter()
        .map(|sb| {
            let above = value(&sb.track) > limit;
            let level = match &sb.sudden_level {
                Some(l) if sudden && some_down && above => l.clone(),
                _ => band(sb),
            };
            (sb.side.clone(), level)
        })
        .collect();
    let wins: Vec<&String> = sides
        .iter()
        .filter(|(side, level)| game.scenario.victory.levels.iter().any(|l| &l.id == level && l.side.as_ref() == Some(side)))
        .map(|(side, _)| side)
        .collect();
    let winner = match wins.as_slice() {
        [one] => Some((*one).clone()),
        [] => None,
        _ => Some("every side".to_string()),
    };
    let level = sides.iter().map(|(_, l)| l.as_str()).collect::<Vec<_>>().join(" + ");
    Some(GameResult { level, winner, reason, sides })
}

/// The margin victory (DI 5.1, 5.2): at the end (`sudden == false`) the side with the higher track
/// wins by the difference; in sudden death, when a side's track is at or below the threshold,
/// the other side's own track plus the bonus. None if nothing is decided.
#[must_use]
pub fn margin_result(game: &Game, tracks: &Tracks, sudden: bool) -> Option<GameResult> {
    let m = game.scenario.victory.margin.as_ref()?;
    let value = |t: &str| game.track_index(t).map_or(0, |i| tracks.0[i]);
    let sides: Vec<(&str, i32)> = m.tracks.iter().map(|(s, t)| (s.as_str(), value(t))).collect();
    let [(a, va), (b, vb)] = sides.as_slice() else { return None };
    let (winner, score, reason) = if sudden {
        let limit = m.sudden_death_at_or_below?;
        let (loser, winner, own) = if *va <= limit { (*a, *b, *vb) } else if *vb <= limit { (*b, *a, *va) } else { return None };
        (winner, own + m.sudden_death_bonus, format!("sudden death: {loser} at {limit} or less; {winner} scores its {own} + {}", m.sudden_death_bonus))
    } else if va >= vb {
        (*a, va - vb, format!("end of game: margin {}", va - vb))
    } else {
        (*b, vb - va, format!("end of game: margin {}", vb - va))
    };
    let band = m.bands.iter().find(|band| score >= band.at_least)?;
    let level = band.levels.iter().find(|(s, _)| s == winner).map(|(_, l)| l.clone())?;
    Some(result(game, &level, &reason))
}

fn check_sudden_death(v: &mut VictoryCheck) {
    if v.turn.result.is_some() {
        return;
    }
    if let Some(r) = sudden_death(&v.game, &v.tracks, v.turn.turn) {
        v.end(r);
    }
}

/// The first sudden-death result that holds during game turn `turn` (0-based).
fn sudden_death(game: &Game, tracks: &Tracks, turn: usize) -> Option<GameResult> {
    if let Some(r) = per_side_result(game, tracks, true).or_else(|| margin_result(game, tracks, true)) {
        return Some(r);
    }
    for (i, t) in game.scenario.tracks.iter().enumerate() {
        for sd in &t.sudden_death {
            if sd.from_turn.is_none_or(|f| f as usize <= turn + 1) && sd.when.holds(tracks.0[i]) {
                return Some(result(game, &sd.level, &format!("sudden death: {} at {}", t.name, tracks.0[i])));
            }
        }
    }
    None
}

/// Whether `space` is cut off: no path of any length to one of `targets` held by `side`.
#[must_use]
pub fn isolated(game: &Game, control: &Control, units: &UnitsView, space: &str, side: usize, targets: &[String]) -> bool {
    let b = &game.board;
    let Some(start) = b.space(space) else { return false };
    let zoc = super::movement::enemy_zoc(game, units, side);
    let open = |s: SpaceId| !units.enemy_at(s, side) && (!zoc[s.index()] || units.at(s).any(|u| u.side == side));
    let goal: Vec<SpaceId> = targets.iter().filter_map(|t| b.space(t)).filter(|t| control.owner[t.index()] == Some(side)).collect();
    let mut seen = vec![false; b.len()];
    let foot = b.move_class("foot");
    let mut stack = vec![start];
    seen[start.index()] = true;
    while let Some(at) = stack.pop() {
        if goal.contains(&at) {
            return false;
        }
        for e in &b.edges[at.index()] {
            if seen[e.to.index()] || !open(e.to) || super::movement::edge_cost(game, at, e, foot, u32::MAX / 4, &[], &control.demolished).is_none() {
                continue;
            }
            seen[e.to.index()] = true;
            stack.push(e.to);
        }
    }
    true
}

/// Whether a victory condition holds now.
#[must_use]
pub fn condition_holds(game: &Game, control: &Control, tracks: &Tracks, units: &UnitsView, turn_number: usize, c: &VictoryCondition) -> bool {
    let controls = |side: &str, key: &str| {
        let s = game.side_index(side);
        game.board.space(key).is_some_and(|id| control.owner[id.index()] == s && s.is_some())
    };
    match c {
        VictoryCondition::ControlsAll { side, spaces, .. } => spaces.iter().all(|k| controls(side, k)),
        VictoryCondition::ControlsAtLeast { side, spaces, count, .. } => {
            spaces.iter().filter(|k| controls(side, k)).count() as u32 >= *count
        }
        VictoryCondition::Track { track, when, .. } => game.track_index(track).is_some_and(|t| when.holds(tracks.0[t])),
        VictoryCondition::Isolated { space, side, targets, .. } => {
            game.side_index(side).is_some_and(|s| isolated(game, control, units, space, s, targets))
        }
        VictoryCondition::Expr { left, op, right, .. } => {
            let n = turn_number as i32;
            op.holds(eval(game, tracks, n, left), eval(game, tracks, n, right))
        }
        VictoryCondition::Any { of, .. } => of.iter().any(|x| condition_holds(game, control, tracks, units, turn_number, x)),
        VictoryCondition::Otherwise { .. } => true,
    }
}

/// Whether the last game turn is over and no result is in (final determination is due).
fn last_turn_over(game: Res<Game>, turn: Res<TurnState>) -> bool {
    turn.result.is_none() && turn.turn >= game.scenario.turns.labels.len()
}

/// The effects made at final determination, before its conditions are read (tutorial 5.9: the
/// landing penalty is rolled then).
pub fn apply_before_final(mut p: EffectParams, mut outcome: ResMut<Outcome>) {
    if p.turn.result.is_some() || p.turn.turn < p.game.scenario.turns.labels.len() || p.game.scenario.victory.before_final.is_empty() {
        return;
    }
    let effects = p.game.scenario.victory.before_final.clone();
    let rolls = p.dice.rolls.len();
    p.run(|fx| fx.apply(0, &effects, "final determination"));
    outcome.barrier |= p.dice.rolls.len() > rolls;
}

fn final_victory(v: &mut VictoryCheck) {
    if v.turn.result.is_some() || v.turn.turn < v.game.scenario.turns.labels.len() {
        return;
    }
    let found = per_side_result(&v.game, &v.tracks, false).or_else(|| margin_result(&v.game, &v.tracks, false));
    let found = found.or_else(|| {
        let units = v.q.view();
        let c = v.game.scenario.victory.conditions.iter().find(|c| condition_holds(&v.game, &v.control, &v.tracks, &units, v.turn.turn, c))?;
        Some(result(&v.game, c.level(), "end of game"))
    });
    match found {
        Some(r) => v.end(r),
        None => {
            let r = GameResult { level: "none".into(), winner: None, reason: "no victory condition held".into(), sides: Vec::new() };
            log(&mut v.glog, &v.game, &v.turn, LogKind::Victory, r.reason.clone(), None);
            v.turn.result = Some(r);
        }
    }
}

/// Consecutive player-turn ends at which each `victory.held` condition held, and the (turn,
/// phase) last counted: phase-start hooks may run again after a prompt, the count may not.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct HeldCount(pub Vec<u32>, pub Option<(usize, usize)>);

/// A player turn has ended when the acting side changes: count and check `victory.held`.
fn check_held(
    game: Res<Game>,
    mut turn: ResMut<TurnState>,
    control: Res<Control>,
    prev: Res<super::boxes::PreviousActor>,
    mut count: ResMut<HeldCount>,
    mut glog: ResMut<GameLog>,
) {
    let now = turn.current_phase(&game).and_then(|p| turn.actor(&game, p));
    let Some(ended) = prev.0.filter(|p| Some(*p) != now) else { return };
    if turn.result.is_some() || count.1 == Some((turn.turn, turn.phase)) {
        return;
    }
    count.1 = Some((turn.turn, turn.phase));
    for (i, h) in game.scenario.victory.held.iter().enumerate() {
        let side = game.side_index(&h.side);
        let held = h.spaces.iter().filter_map(|k| game.board.space(k)).filter(|s| control.owner[s.index()] == side && side.is_some()).count();
        count.0[i] = if held as u32 >= h.count { count.0[i] + 1 } else { 0 };
        if side == Some(ended) && count.0[i] >= h.player_turns {
            let r = result(&game, &h.level, &format!("sudden death: {} held {} of {} for {} player turns", h.side, held, h.spaces.join(", "), h.player_turns));
            log(&mut glog, &game, &turn, LogKind::Victory, format_args!("{} ({})", r.level, r.reason), None);
            turn.result = Some(r);
            return;
        }
    }
}
