//! Units received free (`EventEffect::Receive`; engine gap G19, ToO 6.3-6.4, 7.7, 7.8, 22.1):
//! an effect gives a side counters of the mix that are not in play, which it places one by one
//! where the effect's placement rules allow. It chooses each unit's type among those with a free
//! counter, or, where the units are drawn at random, the dice pick the counter. A unit with no
//! hex to go to is lost (7.8). Received units count against no purchase cap (7.7).

use bevy::prelude::*;

use super::RulesSystems;
use super::events::EffectParams;
use crate::model::command::Command;
use crate::model::log::LogKind;
use crate::model::prompt::Prompt;
use crate::model::view::{UnitView, UnitsView};
use crate::model::{Control, Game, Location, PendingPrompt, PendingReceipt, SpaceId, TurnState};
use crate::scenario::schema::EventEffect;

/// Who asks the generic placement prompts (`Prompt::PlaceUnit { by }`): a ruleset's own
/// prompts of that kind are its own to answer.
pub const RECEIVE: &str = "receive";

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    if !s.uses(|sc| super::withdrawals::any_effect(sc, &|e| matches!(e, EventEffect::Receive(_))) || super::returns::any(sc)) {
        return;
    }
    // After the set-up's placement, which leaves this question to it (and would take the
    // placement for its own once the question is answered).
    s.on(|c| matches!(c, Command::Place { .. }), place.in_set(RulesSystems::Movement).after(super::setup::place_unit));
}

/// The counters free to receive of a type: in the pool, then eliminated, each by id.
fn free_counters(units: &UnitsView, t: usize) -> impl Iterator<Item = &UnitView> {
    let of = move |l: Location| units.all().iter().filter(move |u| u.type_index == t && u.location == l);
    of(Location::Pool).chain(of(Location::Eliminated))
}

/// The counters the side may place next, each with the hexes it may go to (none: no hex).
fn options(game: &Game, (turn, control): (&TurnState, &Control), units: &UnitsView, r: &PendingReceipt) -> Vec<(String, Vec<SpaceId>)> {
    let counters: Vec<&UnitView> = match &r.drawn {
        Some(id) => units.get(id).into_iter().collect(),
        None => r.def.unit_types.iter().filter_map(|ty| game.scenario.unit_types.iter().position(|x| x.id == *ty)).filter_map(|t| free_counters(units, t).next()).collect(),
    };
    let supply = std::cell::OnceCell::new();
    let supplied = || supply.get_or_init(|| super::supply::side_supply(game, units, control, r.side)).clone();
    counters
        .into_iter()
        .map(|u| {
            let spaces = (0..game.board.len())
                .map(|i| SpaceId(i as u32))
                .filter(|&s| super::purchases::place_refusal(game, (turn, control), units, (r.side, u, s), &r.def.places, &supplied).is_none())
                .collect();
            (String::from(&*u.id), spaces)
        })
        .collect()
}

/// Asks the side to place the next unit received; draws it first where the units are drawn at
/// random; loses those that have no hex to go to (7.8).
pub(super) fn offer(prompt: &mut PendingPrompt, p: &mut EffectParams) {
    while prompt.0.is_none() {
        // Units that wait for a phase of their side (28.3) stay behind those placed now.
        let game = p.game.clone();
        let ready = |r: &PendingReceipt| {
            r.def.in_phase.is_none_or(|k| p.turn.current_phase(&game).is_some_and(|ph| ph.kind == k && p.turn.actor(&game, ph) == Some(r.side)))
        };
        let Some(at) = p.turn.receipts.iter().position(ready) else { return };
        if at > 0 {
            let r = p.turn.receipts.remove(at);
            p.turn.receipts.insert(0, r);
        }
        let Some(r) = p.turn.receipts.first().cloned() else { return };
        if r.left == 0 {
            p.turn.receipts.remove(0);
            continue;
        }
        let game = p.game.clone();
        let units = p.q.view();
        if r.def.random && r.drawn.is_none() {
            // 22.1: drawn at random among every free counter of the types.
            let types = r.def.unit_types.iter().filter_map(|ty| game.scenario.unit_types.iter().position(|x| x.id == *ty));
            let free: Vec<String> = types.flat_map(|t| free_counters(&units, t)).map(|u| String::from(&*u.id)).collect();
            if free.is_empty() {
                p.run(|fx| fx.log(LogKind::Loss, format_args!("{}: no counter is free to receive", r.cause)));
                p.turn.receipts.remove(0);
                continue;
            }
            let k = p.dice.roll(free.len() as u32, format!("{}: draw a unit", r.cause)) as usize;
            p.turn.receipts[0].drawn = Some(free[k - 1].clone());
            continue;
        }
        let options = options(&game, (&p.turn, &p.control), &units, &r);
        if options.iter().all(|(_, s)| s.is_empty()) {
            // 7.8: no legal hex: the unit is lost (it stays out of play).
            let what = options.first().map_or_else(|| "no counter is free".to_string(), |(id, _)| format!("{id} has no hex to enter: it is lost (7.8)"));
            p.run(|fx| fx.log(LogKind::Loss, format_args!("{}: {what}", r.cause)));
            let first = &mut p.turn.receipts[0];
            first.left -= 1;
            first.drawn = None;
            if options.is_empty() {
                first.left = 0;
            }
            continue;
        }
        let rule = r.def.rule.as_ref().map_or_else(|| r.cause.clone(), |x| format!("{x} {}", r.cause));
        prompt.0 = Some(Prompt::PlaceUnit {
            side: game.side_id(r.side).to_string(),
            options: options.into_iter().filter(|(_, s)| !s.is_empty()).map(|(id, s)| (id, s.into_iter().map(|x| game.board.key(x).to_string()).collect())).collect(),
            optional: false,
            why: format!("received free, {} left", r.left),
            rule,
            by: RECEIVE.to_string(),
        });
        return;
    }
}

/// Places a unit received where the side put it.
fn place(mut ctx: super::note::CommandCtx, mut prompt: ResMut<PendingPrompt>, mut q: crate::model::units_now::UnitsMut) {
    let Some((side, Command::Place { unit, at })) = ctx.cmd.0.clone() else { return };
    let Some(Prompt::PlaceUnit { options, by, .. }) = &prompt.0 else { return };
    if by != RECEIVE {
        return;
    }
    let Some((_, spaces)) = options.iter().find(|(id, _)| *id == *unit) else {
        let ids: Vec<&str> = options.iter().map(|(id, _)| id.as_str()).collect();
        return ctx.reject(format!("`{unit}` is not to be placed now: {}", ids.join(" or ")));
    };
    if !spaces.iter().any(|s| *s == *at) {
        return ctx.reject(format!("`{unit}` may not be placed at {at}: {}", spaces.join(", ")));
    }
    let (game, Some(space)) = (ctx.game.clone(), ctx.game.board.space(&at)) else { return };
    let Some(r) = ctx.turn.receipts.first_mut().filter(|r| r.side == side) else { return };
    r.left -= 1;
    r.drawn = None;
    let cause = r.cause.clone();
    super::reorganisation::place(&game, &mut q, &[unit.to_string()], Location::OnMap(space));
    prompt.0 = None;
    ctx.log(LogKind::Command, format_args!("{} places {unit}, received free, at {at} ({cause})", game.side_id(side)), Some(at.to_string()));
}

/// The answers to a placement this module asked for, for bots and the client.
#[must_use]
pub fn place_answers(prompt: &Prompt) -> Vec<Command> {
    let Prompt::PlaceUnit { options, by, .. } = prompt else { return Vec::new() };
    if by != RECEIVE {
        return Vec::new();
    }
    options.iter().flat_map(|(id, spaces)| spaces.iter().map(move |s| Command::Place { unit: id.as_str().into(), at: s.as_str().into() })).collect()
}
