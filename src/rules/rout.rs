//! A rout (ToO 12, results AT and DT; engine gap G13): the routed party's units that are not
//! composites are eliminated, its composites are broken down into their components (ToO 8.2:
//! forced, not an elimination), and every survivor rolls its own die for the hexes it retreats.

use super::losses::LossQuery;
use super::note::log;
use crate::model::dice::Dice;
use crate::model::log::{GameLog, LogKind};
use crate::model::view::UnitsView;
use crate::model::{Game, Location, TurnState};

/// Routs the units `ids`: returns the survivors (components of broken-down composites, and
/// composites that stay whole) and the hexes each rolled to retreat.
pub fn rout(game: &Game, turn: &TurnState, glog: &mut GameLog, dice: &mut Dice, q: &mut LossQuery, view: &UnitsView, ids: &[String]) -> (Vec<String>, Vec<(String, u32)>) {
    let mut survivors = Vec::new();
    let mut gone = Vec::new();
    for id in ids {
        let Some(u) = view.get(id).filter(|u| u.space().is_some()) else { continue };
        if super::reorganisation::formation_of(game, u.type_index).is_none() {
            gone.push(id.clone());
            continue;
        }
        match super::reorganisation::break_down_where_it_stands(game, q, id) {
            Some(parts) => {
                log(glog, game, turn, LogKind::Loss, format!("{id} is broken down into {} (rout)", parts.join(", ")), None);
                survivors.extend(parts);
            }
            // One that may not break down, or whose components are not free, stays whole [I].
            None => survivors.push(id.clone()),
        }
    }
    for id in &gone {
        super::reorganisation::place(game, q, std::slice::from_ref(id), Location::Eliminated);
        log(glog, game, turn, LogKind::Loss, format!("{id} is eliminated (rout)"), None);
    }
    let rolls: Vec<(String, u32)> = survivors.iter().map(|id| (id.clone(), dice.roll(6, format!("{id} routs: hexes of retreat")))).collect();
    if !rolls.is_empty() {
        let text: Vec<String> = rolls.iter().map(|(id, n)| format!("{id} {n}")).collect();
        log(glog, game, turn, LogKind::Roll, format!("rout: each survivor retreats what it rolled: {}", text.join(", ")), None);
    }
    (survivors, rolls)
}
