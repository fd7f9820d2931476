//! Supply from units and from where a unit stands (ToO 15.2-15.3, 15.9; engine gap G11):
//! supply units cover the hexes within their range by lines that enemy units and closed terrain
//! block and enemy zones of control stop; fortresses supply the units in their hex; a city
//! supplies units worth up to its VP; some types are always in supply.

use super::movement::edge_cost;
use super::stacking::stacking_points;
use crate::model::view::{UnitView, UnitsView, has_flag};
use crate::model::{Game, SpaceId};
use crate::scenario::board::SpaceKind;
use crate::scenario::schema::{LocalSupply, SupplyRules};

/// Marks as connected every hex a supply unit of `side` reaches (ToO 15.2): within its range in
/// hexes, whatever the terrain costs; never into a hex holding a blocking enemy unit (`enemy`)
/// or closed to the line's class; into an enemy zone of control but not on from it.
pub fn cover_from_units(game: &Game, rules: &SupplyRules, units: &UnitsView, side: usize, (enemy, zoc): (&[bool], &[bool]), connected: &mut [bool]) {
    if rules.unit_sources.is_empty() {
        return;
    }
    let b = &game.board;
    let mut reach: Vec<Option<u32>> = vec![None; b.len()];
    for u in units.all().iter().filter(|u| u.side == side) {
        let Some(at) = u.space() else { continue };
        let ty = &game.scenario.unit_types[u.type_index];
        let Some(range) = rules.unit_sources.iter().filter(|s| s.unit_types.contains(&ty.id)).map(|s| s.range).max() else { continue };
        let class = b.move_class(rules.line_class.as_deref().unwrap_or(&ty.movement_class));
        reach.iter_mut().for_each(|r| *r = None);
        reach[at.index()] = Some(0);
        connected[at.index()] = true;
        let mut frontier = vec![at];
        for d in 1..=range {
            let mut next = Vec::new();
            for here in frontier {
                // The line may end in an enemy zone, not pass through it (its source may stand
                // in one [I]).
                if here != at && zoc[here.index()] {
                    continue;
                }
                for e in &b.edges[here.index()] {
                    let to = e.to.index();
                    if reach[to].is_some() || enemy[to] || matches!(b.spaces[to].kind, SpaceKind::OffMap { .. }) {
                        continue;
                    }
                    if edge_cost(game, here, e, class, u32::MAX / 4, &[], &std::collections::BTreeSet::new()).is_none() {
                        continue;
                    }
                    reach[to] = Some(d);
                    connected[to] = true;
                    next.push(e.to);
                }
            }
            frontier = next;
        }
    }
}

/// Hexes whose units are in supply where they stand because a friendly unit of a flag is
/// there (ToO 15.3(b): a fortress).
#[must_use]
pub fn local_hexes(game: &Game, rules: &SupplyRules, units: &UnitsView, side: usize) -> Vec<bool> {
    // Empty where the scenario has no such supply: no hex is then asked about.
    if !rules.local.iter().any(|l| matches!(l, LocalSupply::WithFlag(_))) {
        return Vec::new();
    }
    let mut local = vec![false; game.board.len()];
    for l in &rules.local {
        let LocalSupply::WithFlag(f) = l else { continue };
        for u in units.all().iter().filter(|u| u.side == side && has_flag(game, u.type_index, *f)) {
            if let Some(s) = u.space() {
                local[s.index()] = true;
            }
        }
    }
    local
}

/// Whether a unit standing at `at` is in supply with no trace at all: a type always in supply
/// (ToO 15.9), or a hex a friendly fortress holds (15.3(b)).
#[must_use]
pub fn supplied_where_it_stands(game: &Game, rules: &SupplyRules, local: &[bool], u: &UnitView, at: SpaceId) -> bool {
    local.get(at.index()).copied().unwrap_or(false) || rules.always.iter().any(|t| *t == game.scenario.unit_types[u.type_index].id)
}

/// What the objective hexes have left to give (ToO 15.3(c)): stacking points per hex, its VP.
#[derive(Clone, Debug, Default)]
pub struct CityShares(Vec<(SpaceId, u32)>);

impl CityShares {
    /// Supplies `u` from its hex's VP if the scenario says so and the unit fits what is left
    /// (whole units, first come by id: T10).
    pub fn take(&mut self, game: &Game, rules: &SupplyRules, u: &UnitView) -> bool {
        if !rules.local.contains(&LocalSupply::ObjectiveVp) {
            return false;
        }
        let Some(at) = u.space() else { return false };
        let vp = game.board.spaces[at.index()].vp;
        if vp < 1 {
            return false;
        }
        let k = match self.0.iter().position(|(s, _)| *s == at) {
            Some(k) => k,
            None => {
                self.0.push((at, vp.unsigned_abs()));
                self.0.len() - 1
            }
        };
        let need = stacking_points(game, u.type_index);
        if need > self.0[k].1 {
            return false;
        }
        self.0[k].1 -= need;
        true
    }
}
