//! Where Decision: Iraq's mobilization chart places a unit (12.4, 27.3): each chart line's
//! districts, those its named and Iraqi places give found once for the game, and those its
//! `With` places give (where a unit of the side stood when the Mobilization phase began) as the
//! phase begins.

use super::is_foreign;
use super::mobilization::MobilizationStart;
use super::schema::{Placement, Recruit};
use crate::model::space_set::SpaceSet;
use crate::model::{Game, SpaceId};
use crate::scenario::board::SpaceKind;

/// Whether the chart lets the unit be placed in `district` (12.4).
#[must_use]
pub fn placement_allows(game: &Game, start: &MobilizationStart, side: usize, r: &Recruit, district: SpaceId) -> bool {
    if r.iraq_only && is_foreign(game, district) {
        return false;
    }
    let key = game.board.key(district);
    r.place.iter().any(|p| match p {
        Placement::In(list) => list.iter().any(|k| k == key),
        Placement::AnyIraqi => !is_foreign(game, district),
        Placement::With { unit_types, foreign } => {
            foreign.is_none_or(|f| f == is_foreign(game, district))
                && start.0.iter().any(|(d, t, s)| *d == district && *s == side && unit_types.contains(&game.scenario.unit_types[*t].id))
        }
    })
}

/// Per chart line (in `mobilization` order): its side's index and its unit type's index.
#[must_use]
pub fn line_types(rules: &super::schema::NetwarRules, s: &crate::scenario::schema::Scenario) -> Vec<(Option<usize>, Option<usize>)> {
    rules.mobilization.iter().map(|r| (s.sides.iter().position(|x| x.id == r.side), s.unit_types.iter().position(|u| u.id == r.unit_type))).collect()
}

/// Per side: its chart lines that list purchases, the first of each unit type, in chart order
/// (`line_types` gives each line's side).
#[must_use]
pub fn type_lines(rules: &super::schema::NetwarRules, line_types: &[(Option<usize>, Option<usize>)], sides: usize) -> Vec<Vec<usize>> {
    (0..sides)
        .map(|side| {
            let mut lines: Vec<usize> = Vec::new();
            for (i, r) in rules.mobilization.iter().enumerate().filter(|(i, _)| line_types.get(*i).is_some_and(|(s, _)| *s == Some(side))) {
                if !lines.iter().any(|&o| rules.mobilization[o].unit_type == r.unit_type) {
                    lines.push(i);
                }
            }
            lines
        })
        .collect()
}

/// Per chart line (in `mobilization` order): the districts its `In` and `AnyIraqi` places let
/// it place in (those of [`placement_allows`] that do not depend on who stood where when the
/// phase began), found once for the game. `foreign`: every space's flag ([`super::foreign_flags`]).
#[must_use]
pub fn fixed_places(rules: &super::schema::NetwarRules, board: &crate::scenario::board::Board, foreign: &[bool]) -> Vec<SpaceSet> {
    let fixed = |r: &Recruit| {
        let mut set = SpaceSet::new(board.len());
        let district = |d: SpaceId| matches!(board.spaces[d.index()].kind, SpaceKind::Area) && !(r.iraq_only && foreign[d.index()]);
        for p in &r.place {
            match p {
                Placement::In(list) => list.iter().filter_map(|k| board.space(k)).filter(|&d| district(d)).for_each(|d| set.insert(d)),
                Placement::AnyIraqi => (0..board.len()).map(|i| SpaceId(i as u32)).filter(|&d| !foreign[d.index()] && district(d)).for_each(|d| set.insert(d)),
                Placement::With { .. } => {}
            }
        }
        set
    };
    rules.mobilization.iter().map(fixed).collect()
}

/// A chart line's `With` place, read once for the game: per unit type (by index), whether a
/// unit of it opens a district, and the district's foreign flag it asks for, if any.
#[derive(Clone, Debug)]
pub struct WithPlace {
    types: Vec<bool>,
    foreign: Option<bool>,
}

/// Per chart line (in `mobilization` order): its `With` places, in order ([`WithPlace`]).
#[must_use]
pub fn with_places(rules: &super::schema::NetwarRules, s: &crate::scenario::schema::Scenario) -> Vec<Vec<WithPlace>> {
    let with = |r: &Recruit| {
        r.place
            .iter()
            .filter_map(|p| match p {
                Placement::With { unit_types, foreign } => Some(WithPlace { types: s.unit_types.iter().map(|t| unit_types.contains(&t.id)).collect(), foreign: *foreign }),
                _ => None,
            })
            .collect()
    };
    rules.mobilization.iter().map(with).collect()
}

/// Per chart line: the districts it places in for `side` with the phase begun as `start` holds
/// ([`placement_set`]), an empty set for another side's lines.
pub(super) fn line_places_at(di: &super::DecisionIraq, board: &crate::scenario::board::Board, start: &MobilizationStart, side: usize) -> Vec<SpaceSet> {
    let lines = di.rules.mobilization.iter().zip(&di.line_types).zip(di.fixed_places.iter().zip(&di.with_places));
    lines.map(|((r, (s, _)), (fixed, with))| if *s == Some(side) { placement_set(di, board, (start, side), r, (fixed, with)) } else { SpaceSet::new(0) }).collect()
}

/// The districts the chart line lets the unit be placed in: [`placement_allows`] asked of every
/// district at once. `fixed`: those its `In` and `AnyIraqi` places give ([`fixed_places`]); its
/// `With` places add those where a unit of the side stood when the phase began.
pub(super) fn placement_set(di: &super::DecisionIraq, board: &crate::scenario::board::Board, (start, side): (&MobilizationStart, usize), r: &Recruit, (fixed, with): (&SpaceSet, &[WithPlace])) -> SpaceSet {
    let mut out = fixed.clone();
    let foreign = |d: SpaceId| di.foreign.get(d.index()).copied().unwrap_or(false);
    for w in with {
        for &(d, t, s) in &start.0 {
            let opens = s == side && w.types.get(t).copied().unwrap_or(false) && w.foreign.is_none_or(|f| f == foreign(d));
            if opens && matches!(board.spaces[d.index()].kind, SpaceKind::Area) && !(r.iraq_only && foreign(d)) {
                out.insert(d);
            }
        }
    }
    out
}
