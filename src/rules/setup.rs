//! Setup by the players: "place N of X in any of these spaces" groups, placed one unit at a
//! time with `Place` commands before turn 1, side by side in scenario order.

use bevy::prelude::*;

use super::stacking::{room_for, stacking_points};
use super::note::{CommandCtx, log};
use super::RulesSystems;
use crate::model::view::UnitsView;
use crate::model::{Game, Location};
use crate::scenario::schema::SetupGroup;
use crate::model::command::Command;
use crate::model::log::LogKind;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::Place { .. }), place_unit.in_set(RulesSystems::Movement));
    s.on(|c| matches!(c, Command::DefaultSetup), default_setup.in_set(RulesSystems::Movement));
}

/// Id of the `k`-th (1-based) unit of a setup group.
#[must_use]
pub fn group_unit_id(group: &SetupGroup, k: u32) -> String {
    format!("{}#{k}", group.id)
}

/// The setup group a unit id belongs to.
#[must_use]
pub fn group_of<'a>(game: &'a Game, unit: &str) -> Option<&'a SetupGroup> {
    group_index(game, unit).and_then(|g| game.scenario.setup.groups.get(g))
}

/// The index of the setup group a unit id belongs to: the group named before its last `#`
/// whose count reaches the number after it (a unit's id, found in the game's lookups, or any
/// id of that form).
#[must_use]
pub fn group_index(game: &Game, unit: &str) -> Option<usize> {
    if let Some(g) = game.lookups.group_of_unit(unit) {
        return Some(g);
    }
    let (gid, k) = unit.rsplit_once('#')?;
    let k: u32 = k.parse().ok()?;
    game.scenario.setup.groups.iter().position(|g| g.id == gid && (1..=g.count).contains(&k))
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
    space_rejection(game, units, side, group, space, at, u)
}

/// The checks of [`place_rejection`] that depend on the space, for a unit of `group` (of
/// `side`, not yet placed) in one of the group's spaces: the legal list makes the others once
/// per group.
#[must_use]
pub fn space_rejection(game: &Game, units: &UnitsView, side: usize, group: &SetupGroup, space: crate::model::SpaceId, at: &str, unit: &crate::model::view::UnitView) -> Option<String> {
    space_refusal(game, units, side, group, space, unit).map(|r| match r {
        SpaceRefusal::Full(max) => format!("{at} already holds {max} units of group `{}`", group.id),
        SpaceRefusal::Banned => format!("`{}` may never enter {at} (an entry ban or its region)", unit.id),
        SpaceRefusal::NoRoom => format!("{at} has no room: stacking limit reached"),
        SpaceRefusal::NotWith => format!("group `{}` goes only where a {} already stands", group.id, group.with_units.join(" or ")),
    })
}

/// Whether [`space_rejection`] lets the unit in (the legal list asks this of every space of
/// every group, and needs no text for the refusals).
#[must_use]
pub fn space_allows(game: &Game, units: &UnitsView, side: usize, group: &SetupGroup, space: crate::model::SpaceId, unit: &crate::model::view::UnitView) -> bool {
    space_refusal(game, units, side, group, space, unit).is_none()
}

/// Why a space refuses a unit of a setup group (see [`space_rejection`] for the texts).
enum SpaceRefusal {
    /// The group's most units per space stand there already.
    Full(u32),
    /// An entry ban or the unit's region closes the space to it.
    Banned,
    /// The stacking limit is reached.
    NoRoom,
    /// None of the units the group must join stands there.
    NotWith,
}

fn space_refusal(game: &Game, units: &UnitsView, side: usize, group: &SetupGroup, space: crate::model::SpaceId, unit: &crate::model::view::UnitView) -> Option<SpaceRefusal> {
    if let Some(max) = group.max_per_space {
        let here = units.at(space).filter(|o| group_of(game, &o.id).is_some_and(|g| g.id == group.id)).count();
        if here as u32 >= max {
            return Some(SpaceRefusal::Full(max));
        }
    }
    if super::entry_bans::banned_from(game, units, unit, space) {
        return Some(SpaceRefusal::Banned);
    }
    if !room_for(game, units, space, side, stacking_points(game, unit.type_index)) || super::stacking::alone_clash(game, units, space, unit.type_index, Some(unit.rank)) {
        return Some(SpaceRefusal::NoRoom);
    }
    if !group.with_units.is_empty() {
        let area = game.board.area_of(space);
        let here = std::iter::once(area).chain(game.board.slots_of(area)).any(|s| {
            units.at(s).any(|o| o.side == side && group.with_units.contains(&game.scenario.unit_types[o.type_index].id))
        });
        if !here {
            return Some(SpaceRefusal::NotWith);
        }
    }
    None
}

/// The default placement of the side's units still to place, each placement checked as if made
/// by hand after the ones before it: (unit, space), in group order, or why it cannot be taken.
pub fn default_placement<'g>(game: &'g Game, units: &UnitsView, side: usize) -> Result<Vec<(&'g str, crate::model::SpaceId)>, String> {
    // (group, the unit's place in the view, its id, its space), in the order tried.
    let mut plan = Vec::new();
    // Groups that go where other units stand are placed after the others.
    let mut groups: Vec<(usize, &crate::scenario::schema::SetupGroup)> = game.scenario.setup.groups.iter().enumerate().filter(|(_, g)| game.side_index(&g.side) == Some(side)).collect();
    groups.sort_by_key(|(_, g)| !g.with_units.is_empty());
    for (i, g) in groups {
        if g.default.is_empty() {
            return Err(format!("group `{}` has no default placement", g.id));
        }
        for (id, at) in game.lookups.group_units(i).iter().zip(&g.default) {
            if let Some(k) = units.position(id)
                && units.all()[k].location == Location::NotEntered
            {
                plan.push((g, k, id.as_str(), at.as_str()));
            }
        }
    }
    if plan.is_empty() {
        return Err("every unit is placed".into());
    }
    // The plan is tried out on a copy, kept on the thread: the legal list asks at every
    // set-up command whether the default placement is open.
    PLAN.with_borrow_mut(|now| {
        now.copy_from(units);
        let mut out = Vec::with_capacity(plan.len());
        for (g, k, unit, at) in plan {
            // What `place_rejection` asks before the space holds here by construction: the
            // unit is of a group of the side, and a group's default spaces are among its spaces
            // (checked at load). That it is not placed yet holds too where the plan names each
            // unit once (group ids are unique, with any options on, also checked at load), but
            // it costs one look: the space's own checks follow.
            if now.all()[k].location != Location::NotEntered {
                return Err(format!("the default placement fails: `{unit}` is already placed"));
            }
            let Some(space) = game.board.space(at) else { return Err(format!("the default placement fails: unknown space `{at}`")) };
            let refused = space_rejection(game, now, side, g, space, at, &now.all()[k]);
            debug_assert_eq!(refused, place_rejection(game, now, side, unit, at), "{unit} in {at}");
            if let Some(r) = refused {
                return Err(format!("the default placement fails: {r}"));
            }
            now.place_at(k, Location::OnMap(space));
            out.push((unit, space));
        }
        Ok(out)
    })
}

thread_local! {
    /// The copy of the units on which [`default_placement`] tries its plan.
    static PLAN: std::cell::RefCell<UnitsView> = std::cell::RefCell::new(UnitsView::default());
}

fn default_setup(mut ctx: CommandCtx, mut q: crate::model::units_now::UnitsMut) {
    let Some((side, Command::DefaultSetup)) = ctx.cmd.0.clone() else { return };
    let view = q.view();
    let game = ctx.game.clone();
    let placed = match default_placement(&game, &view, side) {
        Ok(p) => p,
        Err(r) => return ctx.reject(r),
    };
    for (unit, s) in &placed {
        if let Some(&e) = ctx.index.0.get(*unit)
            && let Ok((_, mut loc, ..)) = q.get_mut(e)
        {
            *loc = Location::OnMap(*s);
        }
    }
    ctx.log(LogKind::Command, format_args!("{} takes the default placement ({} units)", game.side_id(side), placed.len()), None);
}

/// A set-up's placement. Runs before the systems that answer a placement asked for (they clear
/// the question this leaves to them: ordered after this).
pub fn place_unit(mut ctx: CommandCtx, prompt: Res<crate::model::PendingPrompt>, mut q: crate::model::units_now::UnitsMut) {
    let Some((side, Command::Place { unit, at })) = ctx.cmd.0.clone() else { return };
    let (unit, at) = (unit.to_string(), at.to_string());
    // A placement an event of the ruleset asked for is answered by the ruleset's systems.
    if matches!(prompt.0, Some(crate::model::prompt::Prompt::PlaceUnit { .. })) {
        return;
    }
    let view = q.view();
    if let Some(r) = place_rejection(&ctx.game, &view, side, &unit, &at) {
        return ctx.reject(r);
    }
    let (Some(&e), Some(space)) = (ctx.index.0.get(&unit), ctx.game.board.space(&at)) else { return };
    if let Ok((_, mut loc, ..)) = q.get_mut(e) {
        *loc = Location::OnMap(space);
    }
    // The log's own fields, so that the text may borrow the game while the log is written.
    log(&mut ctx.glog, &ctx.game, &ctx.turn, LogKind::Command, format_args!("{} places {unit} in {at}", ctx.game.side_id(side)), Some(at.clone()));
}
