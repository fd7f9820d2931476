//! What effects do to units once their effect list is done (an effect only reads the units;
//! `EffectParams::run` takes the steps of `ReduceUnit` as it ends):
//! units passing to another side (`ChangeSides`, ToO 6.3 Bolshevik Alliance; G30) and units
//! leaving play (`UnitsLeave`, ToO 28.2-28.3).

use bevy::prelude::*;

use super::RulesSystems;
use crate::model::units_now::UnitsNow;
use crate::model::{Game, Location, TurnState, UnitIndex};
use crate::scenario::schema::EventEffect;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    let changes = |e: &EventEffect| matches!(e, EventEffect::ChangeSides { .. } | EventEffect::UnitsLeave { .. });
    if s.uses(|sc| super::withdrawals::any_effect(sc, &changes)) {
        s.at_phase_start(apply.after(super::events::event_phase));
        s.always(apply.in_set(super::Gate::Accepted).in_set(RulesSystems::Tracks));
    }
}

fn apply(world: &mut World) {
    let turn = world.resource::<TurnState>();
    if turn.side_changes.is_empty() && turn.leaving.is_empty() {
        return;
    }
    let mut turn = world.resource_mut::<TurnState>();
    let (sides, leaving) = (std::mem::take(&mut turn.side_changes), std::mem::take(&mut turn.leaving));
    let pairs: Vec<(String, usize)> = sides.into_iter().map(|(id, side, _)| (id, side)).collect();
    super::allegiance::pass(world, &pairs);
    // 28.2: withdrawn to the pool (they may be bought again, 7.9) where there is one; 28.3: out
    // of play for good; 23.1: a counter bought once a game is gone for good.
    let game = world.resource::<Game>().clone();
    let to_pool = game.scenario.rules.counter_pool;
    for (id, for_good) in leaving {
        let Some(&e) = world.resource::<UnitIndex>().0.get(&id) else { continue };
        let once = world.get::<crate::model::Unit>(e).is_some_and(|u| super::purchases::once_only(&game, u.type_index));
        let for_good = for_good || once;
        if let Some(mut loc) = world.get_mut::<Location>(e) {
            *loc = if for_good || !to_pool { Location::OutOfPlay } else { Location::Pool };
        }
        world.resource_mut::<UnitsNow>().stale();
    }
}
