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
    let on_map = |id: &&String| view.get(id).is_some_and(|u| u.space().is_some());
    let composite = |id: &&String| view.get(id).is_some_and(|u| super::reorganisation::formation_of(game, u.type_index).is_some());
    // The others go first, so that the components find the room they leave.
    for id in ids.iter().filter(on_map).filter(|id| !composite(id)) {
        super::reorganisation::place(game, q, std::slice::from_ref(id), Location::Eliminated);
        log(glog, game, turn, LogKind::Loss, format_args!("{id} is eliminated (rout)"), None);
    }
    let mut survivors = Vec::new();
    for id in ids.iter().filter(on_map).filter(composite) {
        match super::reorganisation::break_down_where_it_stands(game, q, id) {
            Some(parts) => {
                log(glog, game, turn, LogKind::Loss, format_args!("{id} is broken down into {} (rout)", parts.join(", ")), None);
                survivors.extend(parts);
            }
            // One that may not break down, or whose components are not free or do not fit,
            // stays whole [I].
            None => survivors.push(id.clone()),
        }
    }
    let rolls: Vec<(String, u32)> = survivors.iter().map(|id| (id.clone(), dice.roll(6, format!("{id} routs: hexes of retreat")))).collect();
    if !rolls.is_empty() {
        let text: Vec<String> = rolls.iter().map(|(id, n)| format!("{id} {n}")).collect();
        log(glog, game, turn, LogKind::Roll, format_args!("rout: each survivor retreats what it rolled: {}", text.join(", ")), None);
    }
    (survivors, rolls)
}
