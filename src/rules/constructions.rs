//! Building by spending units (ToO 29: ports; engine gap G34): in one of its own phases of the
//! construction's kind, a side spends the units a construction uses up in a hex, and the hex
//! gains a tag for the rest of the game, read as if printed (purchases by port, for one).

use bevy::prelude::*;

use super::RulesSystems;
use super::note::CommandCtx;
use crate::model::command::Command;
use crate::model::log::LogKind;
use crate::model::view::UnitsView;
use crate::model::{Control, Game, Location, SpaceId, TurnState};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    if s.uses(|sc| !sc.rules.constructions.is_empty()) {
        s.on(|c| matches!(c, Command::Build { .. }), build.in_set(RulesSystems::Movement));
    }
}

/// Whether a space carries a tag, printed or gained in play.
#[must_use]
pub fn has_tag(game: &Game, control: &Control, space: SpaceId, tag: &str) -> bool {
    game.board.spaces[space.index()].tags.iter().any(|t| t == tag) || control.built_tags.iter().any(|(s, t)| *s == space && t == tag)
}

/// The units `side` would spend to build `id` at `at`, or why it may not build it now.
pub fn build_check(game: &Game, (turn, control): (&TurnState, &Control), units: &UnitsView, side: usize, (id, at): (&str, &str)) -> Result<Vec<String>, String> {
    let c = game.scenario.rules.constructions.iter().find(|c| c.id == id).ok_or_else(|| format!("no construction `{id}` in this scenario"))?;
    if game.side_index(&c.side) != Some(side) {
        return Err(format!("{} is built by {}", c.name, c.side));
    }
    let phase = turn.current_phase(game).filter(|_| turn.setup.is_none()).ok_or("nothing is built during the setup")?;
    if phase.kind != c.phase || turn.actor(game, phase) != Some(side) {
        return Err(format!("{} is built in the side's own {:?} phase", c.name, c.phase));
    }
    let space = game.board.space(at).ok_or_else(|| format!("unknown space `{at}`"))?;
    if has_tag(game, control, space, &c.adds_tag) {
        return Err(format!("{at} has a {} already", c.adds_tag));
    }
    if let Some(t) = c.on_tags.iter().find(|t| !has_tag(game, control, space, t)) {
        return Err(format!("{} is built only in a hex that is {}: {at} is not {t}", c.name, c.on_tags.join(" and ")));
    }
    let mut spent = Vec::new();
    for (ty, n) in &c.spend {
        let here: Vec<String> = units.at(space).filter(|u| u.side == side && game.scenario.unit_types[u.type_index].id == *ty).map(|u| String::from(&*u.id)).collect();
        if (here.len() as u32) < *n {
            return Err(format!("{} uses up {n} {ty} unit(s) in the hex; {at} holds {}", c.name, here.len()));
        }
        let mut here = here;
        here.sort();
        spent.extend(here.into_iter().take(*n as usize));
    }
    Ok(spent)
}

/// Every construction `side` may make now, hex by hex in board order.
#[must_use]
pub fn build_commands(game: &Game, (turn, control): (&TurnState, &Control), units: &UnitsView, side: usize) -> Vec<Command> {
    let mut out = Vec::new();
    let mut hexes: Vec<SpaceId> = units.all().iter().filter(|u| u.side == side).filter_map(|u| u.space()).collect();
    hexes.sort();
    hexes.dedup();
    for c in game.scenario.rules.constructions.iter().filter(|c| game.side_index(&c.side) == Some(side)) {
        for &h in &hexes {
            let at = game.board.key(h);
            if build_check(game, (turn, control), units, side, (&c.id, at)).is_ok() {
                out.push(Command::Build { construction: c.id.as_str().into(), at: game.board.key_name(h).clone() });
            }
        }
    }
    out
}

fn build(mut ctx: CommandCtx, mut control: ResMut<Control>, mut q: crate::model::units_now::UnitsMut) {
    let Some((side, Command::Build { construction, at })) = ctx.cmd.0.clone() else { return };
    let game = ctx.game.clone();
    let spent = match build_check(&game, (&ctx.turn, &control), &q.view(), side, (&construction, &at)) {
        Ok(s) => s,
        Err(r) => return ctx.reject(r),
    };
    let (Some(c), Some(space)) = (game.scenario.rules.constructions.iter().find(|c| c.id == *construction), game.board.space(&at)) else { return };
    let to = if game.scenario.rules.counter_pool { Location::Pool } else { Location::OutOfPlay };
    super::reorganisation::place(&game, &mut q, &spent, to);
    control.built_tags.insert((space, c.adds_tag.clone()));
    let rule = c.rule.as_ref().map(|r| format!(" ({r})")).unwrap_or_default();
    ctx.log(LogKind::Command, format_args!("{} builds {} at {at}, using up {}{rule}", game.side_id(side), c.name, spent.join(", ")), Some(at.to_string()));
}
