//! Neutral and side-switching units (engine gap G30; ToO 28.4, A27, T26): a neutral side plays
//! no phase and its units are the enemy of every side; a neutral unit that is attacked joins the
//! side not attacking it, at the moment the attack is made. Effects pass units from side to
//! side (6.3-6.4 Bolshevik Alliance, 26.3 Subversion).

use bevy::prelude::*;

use super::RulesSystems;
use crate::model::command::Command;
use crate::model::log::{GameLog, LogKind};
use crate::model::units_now::UnitsNow;
use crate::model::view::UnitsView;
use crate::model::{Control, CurrentCommand, Game, Outcome, TurnState, Unit, UnitIndex};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    let neutral = s.uses(|sc| sc.sides.iter().any(|x| x.neutral));
    if neutral {
        s.on(|c| matches!(c, Command::Attack { .. }), join_when_attacked.in_set(RulesSystems::ApplyCommand).after(super::sequence::check_sequence));
    }
}

/// The first side other than `side` that plays (not neutral), if any.
#[must_use]
pub fn other_side(game: &Game, side: usize) -> Option<usize> {
    (0..game.scenario.sides.len()).find(|&s| s != side && !game.scenario.sides[s].neutral)
}

/// Gives each unit its new side; the units' view is built again (a side is no change tick's).
pub(super) fn pass(world: &mut World, changes: &[(String, usize)]) {
    for (id, side) in changes {
        let Some(&e) = world.resource::<UnitIndex>().0.get(id) else { continue };
        if let Some(mut u) = world.get_mut::<Unit>(e) {
            u.side = *side;
        }
    }
    if !changes.is_empty() {
        world.resource_mut::<UnitsNow>().rebuild();
    }
}

fn note(world: &mut World, text: String, space: Option<String>) {
    let (game, turn) = (world.resource::<Game>().clone(), world.resource::<TurnState>().clone());
    super::note::log(&mut world.resource_mut::<GameLog>(), &game, &turn, LogKind::Track, text, space);
}

/// ToO 28.4 (A27): the neutral units in an attacked hex join the side not attacking, if the
/// attack is one the rules allow once they have (it is then made against that side).
fn join_when_attacked(world: &mut World) {
    let Some((side, Command::Attack { attackers, target, table, .. })) = world.resource::<CurrentCommand>().0.clone() else { return };
    if world.resource::<Outcome>().rejected.is_some() {
        return;
    }
    let game = world.resource::<Game>().clone();
    let Some(space) = game.board.space(&target) else { return };
    let units = UnitsView::from_world(world);
    let neutral: Vec<String> = units.at(space).filter(|u| game.scenario.sides[u.side].neutral).map(|u| String::from(&*u.id)).collect();
    let Some(joins) = other_side(&game, side).filter(|_| !neutral.is_empty()) else { return };
    let sim = units.changed(|v| v.iter_mut().filter(|u| neutral.iter().any(|n| *n == *u.id)).for_each(|u| u.side = joins));
    let (turn, control) = (world.resource::<TurnState>().clone(), world.resource::<Control>().clone());
    let attackers = crate::model::command::strings(&attackers);
    if super::combat::plan_attack(&game, &turn, &sim, &control, side, &attackers, &target, table.as_deref()).is_err() {
        return;
    }
    pass(world, &neutral.iter().map(|id| (id.clone(), joins)).collect::<Vec<_>>());
    let text = format!("{} joins {}: attacked by {} (ToO 28.4)", neutral.join(", "), game.side_id(joins), game.side_id(side));
    note(world, text, Some(target.to_string()));
}

