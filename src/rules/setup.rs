//! Setup by the players: "place N of X in any of these spaces" groups, placed one unit at a
//! time with `Place` commands before turn 1, side by side in scenario order.

use bevy::prelude::*;

use super::movement::room_for;
use super::note::{CommandCtx, command_is};
use super::RulesSystems;
use crate::model::view::UnitsView;
use crate::model::{Activity, Game, Hidden, Location, StepLevel, Unit};
use crate::scenario::schema::SetupGroup;
use crate::session::command::Command;
use crate::session::log::LogKind;

pub(super) fn add_systems(s: &mut Schedule) {
    s.add_systems(place_unit.run_if(command_is(|c| matches!(c, Command::Place { .. }))).in_set(RulesSystems::Movement));
}

/// Id of the `k`-th (1-based) unit of a setup group.
#[must_use]
pub fn group_unit_id(group: &SetupGroup, k: u32) -> String {
    format!("{}#{k}", group.id)
}

/// The setup group a unit id belongs to.
#[must_use]
pub fn group_of<'a>(game: &'a Game, unit: &str) -> Option<&'a SetupGroup> {
    let (gid, k) = unit.rsplit_once('#')?;
    let k: u32 = k.parse().ok()?;
    game.scenario.setup.groups.iter().find(|g| g.id == gid && (1..=g.count).contains(&k))
}

/// The next side (after `after`) that has setup groups to place.
#[must_use]
pub fn next_setup_side(game: &Game, after: Option<usize>) -> Option<usize> {
    let start = after.map_or(0, |a| a + 1);
    (start..game.scenario.sides.len())
        .find(|&i| game.scenario.setup.groups.iter().any(|g| game.side_index(&g.side) == Some(i)))
}

/// Why placing `unit` at `at` is illegal, if it is.
#[must_use]
pub fn place_rejection(game: &Game, units: &UnitsView, side: usize, unit: &str, at: &str) -> Option<String> {
    let Some(group) = group_of(game, unit) else { return Some(format!("`{unit}` is not a unit of a setup group")) };
    if game.side_index(&group.side) != Some(side) {
        return Some(format!("`{unit}` belongs to {}", group.side));
    }
    let Some(u) = units.get(unit) else { return Some(format!("unknown unit `{unit}`")) };
    if u.location != Location::NotEntered {
        return Some(format!("`{unit}` is already placed"));
    }
    let Some(space) = game.board.space(at) else { return Some(format!("unknown space `{at}`")) };
    if !group.spaces.iter().any(|s| s == at) {
        return Some(format!("group `{}` may not be placed in {at}", group.id));
    }
    if let Some(max) = group.max_per_space {
        let here = units.at(space).filter(|o| group_of(game, &o.id).is_some_and(|g| g.id == group.id)).count();
        if here as u32 >= max {
            return Some(format!("{at} already holds {max} units of group `{}`", group.id));
        }
    }
    if !room_for(game, units, space, side, 1) {
        return Some(format!("{at} has no room: stacking limit reached"));
    }
    None
}

fn place_unit(mut ctx: CommandCtx, prompt: Res<crate::model::PendingPrompt>, mut q: Query<(&Unit, &mut Location, &StepLevel, &Activity, &Hidden)>) {
    let Some((side, Command::Place { unit, at })) = ctx.cmd.0.clone() else { return };
    // An event's placement (DI 11) is answered by the Netwar rules.
    if matches!(prompt.0, Some(crate::session::prompt::Prompt::PlaceUnit { .. })) {
        return;
    }
    let view = UnitsView::collect(q.iter());
    if let Some(r) = place_rejection(&ctx.game, &view, side, &unit, &at) {
        return ctx.reject(r);
    }
    let (Some(&e), Some(space)) = (ctx.index.0.get(&unit), ctx.game.board.space(&at)) else { return };
    if let Ok((_, mut loc, ..)) = q.get_mut(e) {
        *loc = Location::OnMap(space);
    }
    let text = format!("{} places {unit} in {at}", ctx.game.side_id(side));
    ctx.log(LogKind::Command, text, Some(at));
}
