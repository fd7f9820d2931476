//! Support units among an attack's losses (ToO 19.3, T3): against a fortress, one ship is lost
//! first, never more.

use super::loss_answers::units_strength;
use super::losses::{LossQuery, lose_steps};
use super::note::log;
use crate::model::log::{GameLog, LogKind};
use crate::model::view::{UnitView, UnitsView, steps_left};
use crate::model::{Game, TurnState, UnitIndex};

/// ToO 19.3, T3: of the exposed supports that go one first (`support.one_lost_first`), the
/// strongest is lost before the others pay, counting toward the strength owed, and the rest are
/// never lost; not when such units attack alone (19.2), nor once one of them was lost.
pub(super) fn one_lost_first(game: &Game, turn: &TurnState, glog: &mut GameLog, (index, q): (&UnitIndex, &mut LossQuery), c: &mut crate::model::CombatInProgress, live: &mut Vec<UnitView>, units: &UnitsView) {
    let first = |u: &UnitView| game.scenario.unit_types[u.type_index].support.as_ref().is_some_and(|r| r.one_lost_first);
    if !live.iter().any(&first) || live.iter().all(|u| game.scenario.unit_types[u.type_index].support.is_some()) {
        return;
    }
    let gone = c.attackers.iter().filter_map(|id| units.get(id)).any(|u| first(u) && u.location == crate::model::Location::Eliminated);
    let pick = live.iter().filter(|u| first(u)).max_by_key(|u| (units_strength(game, u, true), std::cmp::Reverse(u.rank))).cloned();
    if let (false, Some(u)) = (gone, pick)
        && let Some(&e) = index.0.get(&*u.id)
    {
        let worth = units_strength(game, &u, true);
        lose_steps(game, turn, glog, e, &u.id, steps_left(game, u.type_index, u.level), q);
        log(glog, game, turn, LogKind::Loss, format_args!("{} is the one support of its kind lost (ToO 19.3)", u.id), Some(game.board.key(c.target).to_string()));
        // It counts toward a strength owed; lost units are owed besides it.
        c.owed[0].strength = c.owed[0].strength.saturating_sub(worth);
    }
    live.retain(|u| !first(u));
}
