//! Combat supports (tutorial 5.7.7-5.7.8, HW 1.5): barrage markers (consumable, +3 columns, a
//! barrage unit within range of the defender and in supply) and air support (+1 defender step,
//! once per player turn, never in an overrun), named in the `Attack` command.

use bevy::prelude::*;

use crate::model::view::UnitsView;
use crate::model::{Control, Game, SpaceId, TurnState};
use crate::scenario::schema::{PhaseKind, PhaseUnits, SupportEffect};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // A new player turn resets the uses of the scenario's supports, where it has some.
    if s.uses(|sc| !sc.rules.supports.is_empty()) {
        s.at_phase_start(new_player_turn);
    }
}

/// Markers left and uses this player turn, per support (scenario order).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SupportState {
    pub markers: Vec<u32>,
    pub used: Vec<u32>,
}

/// What the committed supports add to an attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SupportBonus {
    pub shift: i32,
    pub extra_steps: u32,
}

/// Checks the supports named for an attack on `target`; returns what they add.
#[expect(clippy::too_many_arguments, reason = "the state a support depends on, read-only")]
pub fn check_supports(
    game: &Game,
    units: &UnitsView,
    control: &Control,
    state: &SupportState,
    side: usize,
    names: &[String],
    target: SpaceId,
    overrun: bool,
) -> Result<SupportBonus, String> {
    let mut bonus = SupportBonus::default();
    for (k, name) in names.iter().enumerate() {
        if names[..k].contains(name) {
            return Err(format!("support `{name}` is named twice"));
        }
        let Some((i, d)) = game.scenario.rules.supports.iter().enumerate().find(|(_, d)| &d.id == name) else {
            return Err(format!("unknown support `{name}`"));
        };
        if game.side_index(&d.side) != Some(side) {
            return Err(format!("{} belongs to {}", d.name, d.side));
        }
        if overrun && !d.in_overrun {
            return Err(format!("{} may not be used in an overrun", d.name));
        }
        if d.markers.is_some() && state.markers[i] == 0 {
            return Err(format!("no {} markers are left", d.name));
        }
        if d.per_player_turn.is_some_and(|n| state.used[i] >= n) {
            return Err(format!("{} has been used this player turn", d.name));
        }
        if !d.targets.is_empty() && !d.targets.iter().any(|k| game.board.space(k) == Some(target)) {
            return Err(format!("{} may support attacks only on {}", d.name, d.targets.join(", ")));
        }
        if let Some((unit_type, range)) = &d.needs_unit {
            let supplied = super::supply::side_supply(game, units, control, side);
            let ok = units.all().iter().any(|u| {
                u.side == side
                    && game.scenario.unit_types[u.type_index].id == *unit_type
                    && u.space().and_then(|s| game.board.distance(s, target)).is_some_and(|dist| dist <= *range)
                    && supplied.iter().any(|(id, ok)| **id == *u.id && *ok)
            });
            if !ok {
                return Err(format!("{} needs a supplied `{unit_type}` within {range} hexes of the defender", d.name));
            }
        }
        match d.effect {
            SupportEffect::Shift(n) => bonus.shift += n,
            SupportEffect::ExtraDefenderSteps(n) => bonus.extra_steps += n,
        }
    }
    Ok(bonus)
}

/// Spends the markers and uses of the named supports.
pub fn spend(game: &Game, state: &mut SupportState, names: &[String]) {
    for name in names {
        if let Some(i) = game.scenario.rules.supports.iter().position(|d| &d.id == name) {
            state.markers[i] = state.markers[i].saturating_sub(u32::from(game.scenario.rules.supports[i].markers.is_some()));
            state.used[i] += 1;
        }
    }
}

/// A side's regular movement phase begins a new player turn: its per-turn uses reset.
fn new_player_turn(game: Res<Game>, turn: Res<TurnState>, mut state: ResMut<SupportState>) {
    let Some(phase) = turn.current_phase(&game) else { return };
    if phase.kind != PhaseKind::Movement || phase.units == PhaseUnits::Reserve {
        return;
    }
    let actor = turn.actor(&game, phase);
    for (i, d) in game.scenario.rules.supports.iter().enumerate() {
        if game.side_index(&d.side) == actor {
            state.used[i] = 0;
        }
    }
}
