//! Who may comply with a forced operation and where named units may go (tutorial 5.8 N2, U3):
//! the candidates, the demand, the check of an answer, and each named unit's allowed moves.

use super::movement::{Destination, enemy_zoc, legal_destinations, supplied_after_move};
use crate::model::view::{UnitView, UnitsView, has_flag, steps_left};
use crate::model::{Control, Game, SpaceId, TurnState};
use crate::scenario::schema::{ObligationDef, ObligationEnd, ObligationUnits};

/// The destinations of `unit` where it would be in supply (fast sure test first).
fn supplied_destinations(game: &Game, units: &UnitsView, control: &Control, unit: &UnitView) -> Vec<Destination> {
    let dests = legal_destinations(game, units, control, unit);
    let Some(rules) = &game.scenario.rules.supply else { return dests };
    let without = units.changed(|v| v.retain(|u| u.rank != unit.rank));
    let base = super::supply::supply_map(game, rules, &without, control, unit.side, &control.interdicted);
    let sure = super::supply::SureSupply::for_spaces(game, &base, unit, dests.len());
    // The enemy's zones are the same wherever the unit ends: worked out once, if asked.
    let zoc = std::cell::OnceCell::new();
    dests
        .into_iter()
        .filter(|d| sure.at(game, &base, unit, d.space) || supplied_after_move(game, units, control, unit, d, zoc.get_or_init(|| enemy_zoc(game, units, unit.side))))
        .collect()
}

pub(super) fn distance(game: &Game, a: SpaceId, b: SpaceId) -> u32 {
    game.board.distance(a, b).unwrap_or(u32::MAX)
}

/// Hexes where `ObligationEnd::NextToTargetOrItsAttackers` is met for `side`.
fn near_target(game: &Game, units: &UnitsView, side: usize, target: SpaceId) -> Vec<bool> {
    let b = &game.board;
    let mut ok = vec![false; b.len()];
    let mark_around = |s: SpaceId, ok: &mut Vec<bool>| {
        for e in &b.edges[s.index()] {
            ok[e.to.index()] = true;
        }
    };
    mark_around(target, &mut ok);
    for e in &b.edges[target.index()] {
        if units.enemy_at(e.to, side) {
            mark_around(e.to, &mut ok);
        }
    }
    ok[target.index()] = false;
    ok
}

/// Where a named unit may end its next move now: `None` = anywhere it can reach (it cannot do
/// better for the operation), else the destinations that keep it in compliance.
#[must_use]
pub fn allowed_destinations(game: &Game, units: &UnitsView, control: &Control, def: &ObligationDef, unit: &UnitView) -> Option<Vec<Destination>> {
    let target = game.board.space(&def.target)?;
    let at = unit.space()?;
    match def.end {
        ObligationEnd::ClosestInSupply => {
            let here = distance(game, at, target);
            let supplied = supplied_destinations(game, units, control, unit);
            let best = supplied.iter().map(|d| distance(game, d.space, target)).min()?;
            if best >= here {
                // As close as it can get: it may still move, but not away.
                let keep: Vec<Destination> = supplied.into_iter().filter(|d| distance(game, d.space, target) <= here).collect();
                return Some(keep);
            }
            Some(supplied.into_iter().filter(|d| distance(game, d.space, target) == best).collect())
        }
        ObligationEnd::NextToTargetOrItsAttackers => {
            let ok = near_target(game, units, unit.side, target);
            let good: Vec<Destination> = legal_destinations(game, units, control, unit).into_iter().filter(|d| ok[d.space.index()]).collect();
            if good.is_empty() && !ok[at.index()] { None } else { Some(good) }
        }
    }
}

/// Whether a named unit still has a move to make for the operation.
pub(super) fn owes_a_move(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, def: &ObligationDef, unit: &UnitView) -> bool {
    // A unit that may not move this phase (landed this turn) owes nothing.
    if unit.activity.finished || unit.space().is_none() || super::reserve::phase_allows(game, turn, unit).is_err() {
        return false;
    }
    let (Some(target), Some(at)) = (game.board.space(&def.target), unit.space()) else { return false };
    match def.end {
        ObligationEnd::ClosestInSupply => {
            let here = distance(game, at, target);
            supplied_destinations(game, units, control, unit).iter().any(|d| distance(game, d.space, target) < here)
        }
        ObligationEnd::NextToTargetOrItsAttackers => {
            let ok = near_target(game, units, unit.side, target);
            !ok[at.index()] && legal_destinations(game, units, control, unit).iter().any(|d| ok[d.space.index()])
        }
    }
}

/// Units of `side` that may be named, and whether each could do anything for the operation.
#[must_use]
pub fn candidates(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, side: usize, def: &ObligationDef) -> Vec<String> {
    let Some(target) = game.board.space(&def.target) else { return Vec::new() };
    units
        .all()
        .iter()
        .filter(|u| u.side == side && !u.activity.reserve)
        .filter(|u| u.space().is_some_and(|s| matches!(game.board.spaces[s.index()].kind, crate::scenario::board::SpaceKind::Hex { .. })))
        .filter(|u| match &def.units {
            ObligationUnits::Steps { beyond, .. } => u.space().is_some_and(|s| distance(game, s, target) > *beyond),
            ObligationUnits::Units { within, .. } => u.space().is_some_and(|s| distance(game, s, target) <= *within),
        })
        .filter(|u| owes_a_move(game, turn, units, control, def, u) || matches!(def.end, ObligationEnd::NextToTargetOrItsAttackers) && u.space().is_some_and(|s| near_target(game, units, side, target)[s.index()]))
        .map(|u| String::from(&*u.id))
        .collect()
}

/// What the owner must name, given the candidates (capped at what they can give).
pub(super) fn demand(game: &Game, units: &UnitsView, def: &ObligationDef, cands: &[String]) -> (u32, u32, String) {
    let steps = |ids: &mut dyn Iterator<Item = &String>| -> u32 { ids.filter_map(|id| units.get(id)).map(|u| steps_left(game, u.type_index, u.level)).sum() };
    match &def.units {
        ObligationUnits::Steps { min_steps, flagged, .. } => {
            let total = steps(&mut cands.iter()).min(*min_steps);
            let flag_need = flagged.map_or(0, |(f, n)| {
                let have: u32 = steps(&mut cands.iter().filter(|id| units.get(id).is_some_and(|u| has_flag(game, u.type_index, f))));
                have.min(n)
            });
            let text = format!("units worth at least {total} step(s), {flag_need} of them mech-type, toward {}", def.target);
            (total, flag_need, text)
        }
        ObligationUnits::Units { min_units, .. } => {
            let n = (cands.len() as u32).min(*min_units);
            (n, 0, format!("at least {n} unit(s) next to {} or to an enemy unit next to it", def.target))
        }
    }
}

/// Why naming `named` does not meet the operation, if it does not.
#[must_use]
pub fn comply_rejection(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, side: usize, def: &ObligationDef, named: &[String]) -> Option<String> {
    comply_rejection_among(game, units, def, named, &candidates(game, turn, units, control, side, def))
}

/// [`comply_rejection`] with the candidates worked out already.
fn comply_rejection_among(game: &Game, units: &UnitsView, def: &ObligationDef, named: &[String], cands: &[String]) -> Option<String> {
    for (i, id) in named.iter().enumerate() {
        if !cands.contains(id) {
            return Some(format!("`{id}` may not be named (candidates: {})", cands.join(", ")));
        }
        if named[..i].contains(id) {
            return Some(format!("`{id}` is named twice"));
        }
    }
    let (need, flag_need, text) = demand(game, units, def, cands);
    let steps_of = |pred: &dyn Fn(&UnitView) -> bool| -> u32 {
        named.iter().filter_map(|id| units.get(id)).filter(|u| pred(u)).map(|u| steps_left(game, u.type_index, u.level)).sum()
    };
    match &def.units {
        ObligationUnits::Steps { flagged, .. } => {
            let flag_have = flagged.map_or(0, |(f, _)| steps_of(&|u: &UnitView| has_flag(game, u.type_index, f)));
            (steps_of(&|_| true) < need || flag_have < flag_need).then(|| format!("name {text}"))
        }
        ObligationUnits::Units { .. } => ((named.len() as u32) < need).then(|| format!("name {text}")),
    }
}

/// Ways to comply for the legal-command list: the candidates in order until the demand is met,
/// flagged units first, and the same starting from each candidate in turn (a few choices).
#[must_use]
pub fn compliance_options(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, side: usize, def: &ObligationDef) -> Vec<Vec<String>> {
    let mut cands = candidates(game, turn, units, control, side, def);
    // As `comply_rejection` lists them (it would ask for them again for every pick).
    let listed = cands.clone();
    if let ObligationUnits::Steps { flagged: Some((f, _)), .. } = &def.units {
        cands.sort_by_key(|id| !units.get(id).is_some_and(|u| has_flag(game, u.type_index, *f)));
    }
    let mut out: Vec<Vec<String>> = Vec::new();
    for start in 0..cands.len().clamp(1, 6) {
        let mut pick = Vec::new();
        for id in cands.iter().cycle().skip(start).take(cands.len()) {
            if comply_rejection_among(game, units, def, &pick, &listed).is_none() {
                break;
            }
            pick.push(id.clone());
        }
        if comply_rejection_among(game, units, def, &pick, &listed).is_none() && !out.contains(&pick) {
            out.push(pick);
        }
    }
    out
}

