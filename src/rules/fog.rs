//! Stack fog of war (ToO 10.8, 18.8; engine gap G29): a player sees only the top unit of each
//! enemy stack, except the stacks of this phase's combats, stacks within range of his units
//! that look (air bases), and every stack when an event lets him look. Nothing here changes
//! what the rules do: it says what a player may be shown.

use super::stacking::stacking_points;
use crate::model::view::UnitsView;
use crate::model::{Game, SpaceId, TurnState};

/// The ranks of the enemy units `viewer` may not see: in each hex holding more than one unit
/// of another side, all but its top unit (most stacking points, first by id), unless the stack
/// is open to the viewer. Empty where the scenario has no stack fog.
#[must_use]
pub fn fogged(game: &Game, turn: &TurnState, units: &UnitsView, viewer: usize) -> Vec<u32> {
    let Some(fog) = &game.scenario.rules.stack_fog else { return Vec::new() };
    if turn.looking.contains(&viewer) {
        return Vec::new();
    }
    // Hexes within look range of one of the viewer's units (ToO 18.8).
    let lookers: Vec<(SpaceId, u32)> = units
        .all()
        .iter()
        .filter(|u| u.side == viewer)
        .filter_map(|u| {
            let ty = &game.scenario.unit_types[u.type_index].id;
            let range = fog.look_from.iter().filter(|(t, _)| t == ty).map(|(_, r)| *r).max()?;
            Some((u.space()?, range))
        })
        .collect();
    let open = |at: SpaceId| turn.attacked.contains(&at) || lookers.iter().any(|(s, r)| game.board.distance(*s, at).is_some_and(|d| d <= *r));
    let mut out = Vec::new();
    let mut here: Vec<&crate::model::view::UnitView> = Vec::new();
    let mut spaces: Vec<SpaceId> = units.all().iter().filter(|u| u.side != viewer).filter_map(|u| u.space()).collect();
    spaces.sort_unstable();
    spaces.dedup();
    for at in spaces {
        here.clear();
        here.extend(units.at(at).filter(|u| u.side != viewer));
        if here.len() < 2 || open(at) {
            continue;
        }
        // Each other side's stack shows its own top unit.
        let mut sides: Vec<usize> = here.iter().map(|u| u.side).collect();
        sides.sort_unstable();
        sides.dedup();
        for side in sides {
            let stack: Vec<&&crate::model::view::UnitView> = here.iter().filter(|u| u.side == side).collect();
            let top = stack.iter().max_by(|a, b| stacking_points(game, a.type_index).cmp(&stacking_points(game, b.type_index)).then_with(|| b.id.cmp(&a.id)));
            let top = top.map(|u| u.rank);
            out.extend(stack.iter().filter(|u| Some(u.rank) != top).map(|u| u.rank));
        }
    }
    out.sort_unstable();
    out
}

/// The units as `viewer` may see them: those hidden by the fog taken off the map view (the
/// odds the attacker is shown use only what he may see [I]).
#[must_use]
pub fn as_seen_by(game: &Game, turn: &TurnState, units: &UnitsView, viewer: usize) -> Option<UnitsView> {
    let hidden = fogged(game, turn, units, viewer);
    (!hidden.is_empty()).then(|| units.changed(|v| v.retain(|u| hidden.binary_search(&u.rank).is_err())))
}
