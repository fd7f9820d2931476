//! ToO 32 (optional rule): naval combat. While the option is on, when the enemy uses one of the
//! target naval units in the zone (a sea transport landing cargo on its coast, a bombardment
//! supporting an attack on its coast), the side of the raider (the Goeben) is asked whether it
//! sorties against it. One roll: the target may sink with its cargo, nothing may happen, or the
//! raider may be hit (the Allies score). Any sortie is a use of the raider, so it rolls for its
//! turns out of action (23.3; A28: that is the one roll of the use) and does nothing else that
//! turn.
//!
//! The sortie comes after the use it answers, once every question of that use is answered [I]:
//! a bombardment has already added its strength, a transport has already landed its cargo. The
//! rule gives no moment within the use, and sinking "with any cargo" is read as the cargo of
//! that voyage.

use bevy::prelude::*;
use serde::Serialize;

use super::schema::NavalCombat;
use super::vocabulary::{TooCommand, TooPrompt, too, too_prompt};
use crate::model::command::Command;
use crate::model::dice::Dice;
use crate::model::log::LogKind;
use crate::model::units_now::UnitsMut;
use crate::model::view::UnitsView;
use crate::model::{Game, Location, PendingPrompt, Tracks, TurnState};
use crate::rules::note::CommandCtx;
use crate::rules::{Gate, RulesSystems};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.always(watch.in_set(Gate::Accepted).in_set(RulesSystems::Tracks));
    s.on(|c| matches!(too(c), Some(TooCommand::Sortie { .. })), answer.in_set(RulesSystems::Movement));
}

/// A use of a target naval unit the raider may answer, kept until no other question is open.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SortieWatch {
    /// (game turn, phase, the offer) of the use waiting to be offered.
    pub waiting: Option<(usize, usize, Offer)>,
}

/// What a sortie would attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Offer {
    pub raider: String,
    pub target: String,
    pub cargo: Vec<String>,
    pub at: String,
}

/// The rule, if the scenario has it and its option is on.
fn rule(game: &Game) -> Option<&NavalCombat> {
    super::ruleset(game)?.rules.naval_combat.as_ref().filter(|n| game.options.contains(&n.option))
}

/// The raider of the side other than `user`, if one is in play, not resting and not barred
/// from attacking (6.4: not while Russian Naval Superiority holds).
fn raider(game: &Game, n: &NavalCombat, turn: &TurnState, tracks: &Tracks, units: &UnitsView, user: usize) -> Option<String> {
    let ty = game.scenario.unit_types.iter().position(|t| t.id == n.raider)?;
    let u = units.all().iter().find(|u| u.type_index == ty && u.side != user && matches!(u.location, Location::OnMap(_)))?;
    let id = String::from(&*u.id);
    let free = !turn.resting.iter().any(|(r, ..)| *r == id) && crate::rules::combat::attack_ban(game, tracks, units, std::slice::from_ref(&id)).is_none();
    free.then_some(id)
}

/// The target unit a command just used in the zone, with its cargo and the coast hex.
fn use_of(game: &Game, n: &NavalCombat, units: &UnitsView, cmd: &Command) -> Option<(String, Vec<String>, String)> {
    let zone = super::ruleset(game)?.sortie_zone;
    let on_coast = |key: &str| game.board.space(key).is_some_and(|s| game.lookups.sea_zones(s) & zone != 0);
    let is_target = |id: &str| units.get(id).is_some_and(|u| n.targets.contains(&game.scenario.unit_types[u.type_index].id));
    match cmd {
        Command::SeaMove { transport, units: cargo, to } if is_target(transport) && on_coast(to) => {
            Some((transport.to_string(), crate::model::command::strings(cargo), to.to_string()))
        }
        Command::Attack { attackers, supports, target, .. } if on_coast(target) => {
            let used = attackers.iter().chain(supports).find(|a| is_target(a))?;
            Some((used.to_string(), Vec::new(), target.to_string()))
        }
        _ => None,
    }
}

/// After each command: remembers a use of a target unit in the zone, and offers the sortie
/// once no other question is open (within the phase of the use).
fn watch(ctx: CommandCtx, tracks: Res<Tracks>, mut prompt: ResMut<PendingPrompt>, mut w: ResMut<SortieWatch>, mut q: UnitsMut) {
    let game = &ctx.game;
    let Some(n) = rule(game) else { return };
    let Some((side, cmd)) = ctx.cmd.0.as_ref() else { return };
    let units = q.view();
    if let Some((target, cargo, at)) = use_of(game, n, &units, cmd)
        && let Some(raider) = raider(game, n, &ctx.turn, &tracks, &units, *side)
    {
        w.waiting = Some((ctx.turn.turn, ctx.turn.phase, Offer { raider, target, cargo, at }));
    }
    if prompt.0.is_some() {
        return;
    }
    let Some((turn, phase, offer)) = w.waiting.take() else { return };
    // Stale (the phase of the use is over), gone (eliminated meanwhile) or no raider free now.
    let target = units.get(&offer.target).filter(|u| matches!(u.location, Location::OnMap(_)));
    let Some(user) = target.map(|u| u.side) else { return };
    if (turn, phase) != (ctx.turn.turn, ctx.turn.phase) || raider(game, n, &ctx.turn, &tracks, &units, user).as_deref() != Some(&offer.raider) {
        return;
    }
    let Some(owner) = units.get(&offer.raider).map(|u| game.side_id(u.side).to_string()) else { return };
    let Offer { raider, target, cargo, at } = offer;
    prompt.0 = Some(TooPrompt::Sortie { raider, target, cargo, at, rule: n.rule.clone() }.to(&owner));
}

/// The answer: no sortie, or one roll on the table, then the raider's turns out of action.
fn answer(mut ctx: CommandCtx, mut prompt: ResMut<PendingPrompt>, mut dice: ResMut<Dice>, mut tracks: ResMut<Tracks>, mut q: UnitsMut) {
    let Some((_, Some(&TooCommand::Sortie { attack }))) = ctx.cmd.0.as_ref().map(|(s, c)| (*s, too(c))) else { return };
    let game = ctx.game.clone();
    let Some(n) = rule(&game) else { return ctx.reject("naval combat (32) is not in play".into()) };
    let Some(TooPrompt::Sortie { raider, target, cargo, at, .. }) = prompt.0.as_ref().and_then(too_prompt).cloned() else {
        return ctx.reject("no sortie is on offer (32)".into());
    };
    prompt.0 = None;
    let rule = n.rule.clone();
    if !attack {
        ctx.log(LogKind::Command, format_args!("{raider} stays in port: no sortie against {target} ({rule})"), Some(at));
        return;
    }
    let roll = dice.roll(6, format!("naval combat: {raider} against {target} ({rule})"));
    let Some(result) = n.results.iter().find(|r| (r.rolls.0..=r.rolls.1).contains(&roll)).cloned() else { return };
    ctx.log(LogKind::Roll, format_args!("{raider} sorties against {target} off {at}: rolled {roll}, {} ({rule})", result.name), Some(at.clone()));
    if result.sinks {
        let mut lost = vec![target.clone()];
        let view = q.view();
        lost.extend(cargo.iter().filter(|c| view.get(c.as_str()).is_some_and(|u| matches!(u.location, Location::OnMap(_)))).cloned());
        for id in &lost {
            if let Some((_, mut loc, ..)) = q.unit_mut(id) {
                *loc = Location::Eliminated;
            }
        }
        ctx.log(LogKind::Loss, format_args!("{} eliminated by {raider} ({rule})", lost.join(", ")), Some(at));
    }
    if let Some((track, amount)) = &result.track
        && let Some(t) = game.track_index(track)
    {
        let after = crate::rules::tracks::adjust_track(&game, &mut tracks, t, *amount);
        ctx.log(LogKind::Track, format_args!("{raider} is hit: {} {amount:+} = {after} ({rule})", game.scenario.tracks[t].name), None);
    }
    let view = q.view();
    crate::rules::resting::roll_rests(&mut ctx, &mut dice, &view, &[raider]);
}
