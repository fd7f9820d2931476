//! ToO 33.3 (optional rule 33, air missions): air supply. As the side's Supply phase begins,
//! before its attrition rolls, the side may send one air base in normal supply on a mission:
//! every unit of the side in one hex within the air base's range is in normal supply for the
//! phase and rolls no attrition. The offer lists only hexes holding a unit out of supply that
//! would roll; once per Supply phase, so once a game turn. The air base "does nothing else that
//! turn": the mission comes in the last phase of the side's player turn, and an air base only
//! supports its own side's attacks, so nothing is left for it to do [I].

use bevy::prelude::*;
use serde::Serialize;

use super::schema::AirSupply;
use super::vocabulary::{TooCommand, TooPrompt, too, too_prompt};
use crate::model::dice::Dice;
use crate::model::log::LogKind;
use crate::model::units_now::UnitsMut;
use crate::model::{Control, Game, PendingPrompt, TurnState};
use crate::rules::note::CommandCtx;
use crate::rules::RulesSystems;
use crate::scenario::schema::{PhaseKind, SupplyEffect};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.at_phase_start(
        offer
            .after(crate::rules::declarations::offer_declarations)
            .before(crate::rules::reactions::offer_at_phase_start)
            .before(crate::rules::attrition_rolls::attrition_rolls),
    );
    s.on(|c| matches!(too(c), Some(TooCommand::AirSupply { .. })), answer.in_set(RulesSystems::Movement));
}

/// The Supply phases an air supply mission was offered in: (game turn, phase).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct AirSupplyState {
    pub offered: Option<(usize, usize)>,
}

/// The rule, if the scenario has it and its option is on.
fn rule(game: &Game) -> Option<&AirSupply> {
    super::ruleset(game)?.rules.air_supply.as_ref().filter(|a| game.options.contains(&a.option))
}

/// The missions open now: each air base of the side in normal supply with the hexes within its
/// range that hold a unit of the side out of supply that would roll for attrition.
fn missions(game: &Game, a: &AirSupply, turn: &TurnState, control: &Control, units: &crate::model::view::UnitsView) -> Vec<(String, Vec<String>)> {
    let Some(phase) = turn.current_phase(game) else { return Vec::new() };
    let side = game.side_index(&a.side);
    if phase.kind != PhaseKind::Supply || turn.actor(game, phase) != side || side.is_none() {
        return Vec::new();
    }
    if game.scenario.turns.calendar.get(turn.turn).is_none_or(|d| d.year < a.from_year) {
        return Vec::new();
    }
    let Some(side) = side else { return Vec::new() };
    let Some(checks) = game.scenario.rules.supply.as_ref().and_then(|r| {
        r.effects.iter().find_map(|e| match e {
            SupplyEffect::DiceAttrition { checks, .. } => Some(checks),
            _ => None,
        })
    }) else {
        return Vec::new();
    };
    let supply = crate::rules::supply::side_supply(game, units, control, side);
    let supplied = |id: &str| supply.iter().any(|(s, ok)| s == id && *ok);
    // Hexes (in board order) holding a unit out of supply that would roll.
    let mut needy: Vec<crate::model::SpaceId> = supply
        .iter()
        .filter(|(_, ok)| !ok)
        .filter_map(|(id, _)| units.get(id))
        .filter(|u| crate::rules::attrition_rolls::checks_for(game, control, checks, u) > 0)
        .filter_map(|u| u.space())
        .collect();
    needy.sort_unstable();
    needy.dedup();
    let mut out = Vec::new();
    for u in units.all().iter().filter(|u| u.side == side && a.unit_types.contains(&game.scenario.unit_types[u.type_index].id)) {
        let (Some(at), true) = (u.space(), supplied(&u.id)) else { continue };
        let range = game.scenario.unit_types[u.type_index].support_range.unwrap_or(0);
        let hexes: Vec<String> = needy.iter().filter(|h| game.board.distance(at, **h).is_some_and(|d| d <= range)).map(|h| game.board.key(*h).to_string()).collect();
        if !hexes.is_empty() {
            out.push((String::from(&*u.id), hexes));
        }
    }
    out
}

/// As the side's Supply phase begins: the offer, if a mission is open (the attrition rolls
/// wait for the answer).
fn offer(game: Res<Game>, turn: Res<TurnState>, control: Res<Control>, mut prompt: ResMut<PendingPrompt>, mut state: ResMut<AirSupplyState>, mut q: UnitsMut) {
    let Some(a) = rule(&game) else { return };
    if prompt.0.is_some() || turn.setup.is_some() || state.offered == Some((turn.turn, turn.phase)) {
        return;
    }
    let units = q.view();
    let missions = missions(&game, a, &turn, &control, &units);
    if missions.is_empty() {
        return;
    }
    state.offered = Some((turn.turn, turn.phase));
    prompt.0 = Some(TooPrompt::AirSupply { missions, rule: a.rule.clone() }.to(&a.side));
}

/// The answer: the hex's units are supplied for the phase; then the side's attrition rolls.
fn answer(mut ctx: CommandCtx, mut prompt: ResMut<PendingPrompt>, control: Res<Control>, mut dice: ResMut<Dice>, mut q: UnitsMut) {
    let Some((_, Some(TooCommand::AirSupply { mission }))) = ctx.cmd.0.as_ref().map(|(s, c)| (*s, too(c))) else { return };
    let mission = mission.clone();
    let game = ctx.game.clone();
    let Some(a) = rule(&game) else { return ctx.reject("air supply (33.3) is not in play".into()) };
    let Some(TooPrompt::AirSupply { missions, .. }) = prompt.0.as_ref().and_then(too_prompt).cloned() else {
        return ctx.reject("no air supply mission is on offer (33.3)".into());
    };
    let rule = a.rule.clone();
    match &mission {
        None => ctx.log(LogKind::Command, format_args!("{} flies no air supply ({rule})", a.side), None),
        Some((base, hex)) => {
            if !missions.iter().any(|(b, hexes)| b == base && hexes.contains(hex)) {
                return ctx.reject(format!("{base} cannot supply {hex}: choose an air base and a hex of its range the offer lists ({rule})"));
            }
            let Some(space) = game.board.space(hex) else { return };
            let view = q.view();
            let here: Vec<String> = view.at(space).filter(|u| game.side_id(u.side) == a.side).map(|u| String::from(&*u.id)).collect();
            for id in &here {
                if let Some((_, _, _, mut act, _)) = q.unit_mut(id) {
                    act.supply_exempt = true;
                }
            }
            ctx.log(LogKind::Supply, format_args!("{base} flies air supply to {hex}: {} in normal supply this phase ({rule})", here.join(", ")), Some(hex.clone()));
        }
    }
    prompt.0 = None;
    crate::rules::attrition_rolls::roll_attrition(&game, &ctx.turn, &control, (&mut dice, &mut ctx.glog), &mut q);
}
