//! What a retreat through enemy zones of control costs (ToO 13.2(2); engine gap G14): each such
//! hex entered costs the unit stacking points at the end of its retreat. A composite worth more
//! than it owes is broken down and pays with components (ToO 8.2, "a corps may be broken down
//! to pay"); any other unit is eliminated.

use super::losses::LossQuery;
use super::note::log;
use super::stacking::stacking_points;
use crate::model::log::{GameLog, LogKind};
use crate::model::{Game, Location, SpaceId, TurnState};

/// Makes unit `id`, ending its retreat in `at`, pay `debt` stacking points for the `hexes`
/// enemy-ZOC hexes it entered.
pub fn pay_zoc_debt(game: &Game, turn: &TurnState, glog: &mut GameLog, q: &mut LossQuery, id: &str, at: SpaceId, (debt, hexes): (u32, u32)) {
    let view = q.view();
    let Some(u) = view.get(id) else { return };
    let worth = stacking_points(game, u.type_index);
    let why = format!("entered {hexes} enemy zone(s) of control retreating, owing {debt} stacking point(s) (ToO 13.2)");
    let parts = if worth > debt { super::reorganisation::break_down_where_it_stands(game, q, id) } else { None };
    let Some(parts) = parts else {
        super::reorganisation::place(game, q, &[id.to_string()], Location::Eliminated);
        log(glog, game, turn, LogKind::Loss, format_args!("{id} {why}: eliminated in {}", game.board.key(at)), None);
        return;
    };
    // The components pay, first by id, until the debt is met [I]: they are alike in every
    // formation of the games that charge for zones.
    let view = q.view();
    let mut paid = 0;
    let mut lost = Vec::new();
    for p in &parts {
        if paid >= debt {
            break;
        }
        paid += view.get(p).map_or(0, |c| stacking_points(game, c.type_index));
        lost.push(p.clone());
    }
    super::reorganisation::place(game, q, &lost, Location::Eliminated);
    log(glog, game, turn, LogKind::Loss, format_args!("{id} {why}: broken down into {}, and {} eliminated", parts.join(", "), lost.join(", ")), None);
}
