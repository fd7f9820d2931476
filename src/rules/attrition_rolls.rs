//! Attrition by the dice (`SupplyEffect::DiceAttrition`; ToO 15.6 and the terrain chart, engine
//! gap G12): in the side's Supply phase each of its units out of supply rolls a die as many times
//! as its terrain and the season call for; a low roll eliminates it.

use bevy::prelude::*;

use super::losses::LossQuery;
use super::note::log;
use crate::model::dice::Dice;
use crate::model::log::{GameLog, LogKind};
use crate::model::view::UnitView;
use crate::model::{Control, Game, Location, TurnState};
use crate::scenario::schema::{AttritionChecks, Map, PhaseKind, SupplyEffect};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // Only where supply is traced and its effects include attrition rolls.
    if s.uses(|sc| sc.rules.supply.as_ref().is_some_and(|r| r.effects.iter().any(|e| matches!(e, SupplyEffect::DiceAttrition { .. })))) {
        s.at_phase_start(
            attrition_rolls
                .after(super::reactions::offer_at_phase_start)
                .after(super::declarations::offer_declarations)
                .after(super::supply::check_supply_at_movement_start),
        );
    }
}

/// How many attrition rolls `unit` makes where it stands this turn.
#[must_use]
pub fn checks_for(game: &Game, control: &Control, checks: &[AttritionChecks], unit: &UnitView) -> u32 {
    let Map::Hex(m) = &game.scenario.map else { return 0 };
    let Some(t) = unit.space().and_then(|s| game.board.spaces[s.index()].terrain) else { return 0 };
    let terrain = &m.terrain[t].id;
    let type_id = &game.scenario.unit_types[unit.type_index].id;
    let season = control.season.and_then(|i| game.scenario.turns.seasons.get(i)).map(|s| s.id.as_str());
    let here: Vec<&AttritionChecks> = checks.iter().filter(|c| &c.terrain == terrain).collect();
    let named = here.iter().any(|c| c.unit_types.contains(type_id));
    here.iter()
        .filter(|c| if named { c.unit_types.contains(type_id) } else { c.unit_types.is_empty() })
        .find(|c| c.seasons.is_empty() || season.is_some_and(|s| c.seasons.iter().any(|x| x == s)))
        .map_or(0, |c| c.checks)
}

/// The side's Supply phase: its units out of supply roll for attrition, in id order. A
/// question open as the phase begins (ToO 33.3: air supply) holds them up; its answer rolls
/// them ([`roll_attrition`]).
pub fn attrition_rolls(
    game: Res<Game>,
    turn: Res<TurnState>,
    control: Res<Control>,
    mut dice: ResMut<Dice>,
    (prompt, mut glog): (Res<crate::model::PendingPrompt>, ResMut<GameLog>),
    mut q: LossQuery,
) {
    if prompt.0.is_some() {
        return;
    }
    roll_attrition(&game, &turn, &control, (&mut dice, &mut glog), &mut q);
}

/// The attrition rolls of the side whose Supply phase this is (none in another phase). Units
/// exempt this phase (`supply_exempt`; ToO 33.3: supplied from the air) do not roll.
pub fn roll_attrition(game: &Game, turn: &TurnState, control: &Control, (dice, glog): (&mut Dice, &mut GameLog), q: &mut LossQuery) {
    let Some(phase) = turn.current_phase(game) else { return };
    if phase.kind != PhaseKind::Supply {
        return;
    }
    let Some(rules) = &game.scenario.rules.supply else { return };
    let Some(SupplyEffect::DiceAttrition { die, eliminated_at_most, checks }) = rules.effects.iter().find(|e| matches!(e, SupplyEffect::DiceAttrition { .. })) else { return };
    let Some(side) = turn.actor(game, phase) else { return };
    let units = q.view();
    for (id, ok) in super::supply::side_supply(game, &units, control, side) {
        let Some(u) = units.get(&id).filter(|u| !ok && !u.activity.supply_exempt) else { continue };
        let n = checks_for(game, control, checks, u);
        if n == 0 {
            continue;
        }
        let at = u.space().map(|s| game.board.key(s).to_string());
        let mut rolls = Vec::new();
        let mut lost = false;
        for _ in 0..n {
            let r = dice.roll(*die, format!("15.6 attrition: {id}"));
            rolls.push(r.to_string());
            if r <= *eliminated_at_most {
                lost = true;
                break;
            }
        }
        if lost && let Some((_, mut loc, ..)) = q.unit_mut(&id) {
            *loc = Location::Eliminated;
        }
        let verdict = if lost { "eliminated" } else { "survives" };
        let text = format!("{id} is out of supply: attrition roll {}: {verdict} (15.6)", rolls.join(", "));
        log(glog, game, turn, LogKind::Supply, text, at);
    }
}
