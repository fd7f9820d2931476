//! Attack supply (ToO 15.7-15.9, "Maximum Attack Supply"; engine gap G10): at the start of its
//! combat phase a side spends supply units. Each stays on the map for the phase and doubles
//! every attacking unit of its side within its range, in every attack; the phase's end removes
//! it. Combined with a concentric attack the multiplier is capped (ToO 12.2: ×3, never ×4).

use bevy::prelude::*;

use super::note::CommandCtx;
use super::RulesSystems;
use crate::model::command::Command;
use crate::model::log::LogKind;
use crate::model::view::{UnitView, UnitsView, has_flag};
use crate::model::{Control, Game, Tracks, TurnState};
use crate::scenario::schema::{PhaseKind, UnitFlag};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::AttackSupply { .. }), spend.in_set(RulesSystems::Combat));
}

/// Why `unit` may not be spent for attack supply now, if it may not (ToO 15.8, 15.9, 24.2).
#[must_use]
pub fn attack_supply_rejection(game: &Game, turn: &TurnState, (tracks, control): (&Tracks, &Control), units: &UnitsView, side: usize, unit: &str) -> Option<String> {
    let Some(rules) = &game.scenario.rules.attack_supply else { return Some("this scenario has no attack supply".into()) };
    let phase = turn.current_phase(game)?;
    if phase.kind != PhaseKind::Combat || turn.actor(game, phase) != Some(side) {
        return Some("attack supply is spent in the side's own combat phase".into());
    }
    let u = match super::forced_march::spent_unit(game, turn, (tracks, control), units, side, unit, (&rules.unit_types, &rules.forbidden_if, "attack supply")) {
        Ok(u) => u,
        Err(r) => return Some(r),
    };
    if u.activity.attack_supply {
        return Some(format!("`{unit}` is already spent for attack supply"));
    }
    // 15.8: a moved supply unit is flipped to its "moved" side and cannot be spent; one that
    // sailed with a landing force is spent at sea for it (20.10) [I].
    if u.activity.moved_before && !u.space().is_some_and(|s| super::landings::at_sea(game, s)) {
        return Some(format!("`{unit}` moved in the movement phase just before"));
    }
    // 15.9: every unit to be spent is declared when the phase begins.
    if !turn.attacked.is_empty() || units.all().iter().any(|o| o.side == side && o.activity.attacked) {
        return Some("attack supply is declared at the start of the combat phase, before any attack".into());
    }
    None
}

fn spend(mut ctx: CommandCtx, tracks: Res<Tracks>, control: Res<Control>, mut q: crate::model::units_now::UnitsMut) {
    let Some((side, Command::AttackSupply { unit })) = ctx.cmd.0.clone() else { return };
    let view = q.view();
    if let Some(r) = attack_supply_rejection(&ctx.game, &ctx.turn, (&tracks, &control), &view, side, &unit) {
        return ctx.reject(r);
    }
    let (Some(rules), Some(at)) = (ctx.game.scenario.rules.attack_supply.clone(), view.get(&unit).and_then(UnitView::space)) else { return };
    if let Some((_, _, _, mut act, _)) = q.unit_mut(unit.as_str()) {
        act.attack_supply = true;
    }
    let key = ctx.game.board.key(at).to_string();
    let text = format!("{unit} is spent for attack supply: attack ×{} within {} hexes this phase", rules.multiplier, rules.range);
    ctx.log(LogKind::Command, text, Some(key));
}

/// Whether a unit is within range of a unit of its side spent for attack supply (ToO 15.8).
#[must_use]
pub fn in_supply_range(game: &Game, units: &UnitsView, u: &UnitView) -> bool {
    let (Some(rules), Some(at)) = (&game.scenario.rules.attack_supply, u.space()) else { return false };
    units
        .all()
        .iter()
        .filter(|s| s.activity.attack_supply && s.side == u.side)
        .filter_map(|s| s.space())
        // ToO 20.10: a landing force at sea has it only from a unit spent in its own sea hex.
        .any(|s| if super::landings::at_sea(game, at) { s == at } else { game.board.distance(s, at).is_some_and(|d| d <= rules.range) })
}

/// Each attacker's multiplier (in the order given) and the causes, for an attack whose
/// concentric multiplier is `concentric` (1 when the ring is not closed): attack supply for
/// units within range of a spent unit of their side, the cap on the product, and none for
/// units of fixed strength (ToO 12.2, 15.7, 19.4). In a pursuit combat, `kept` names the units
/// that had attack supply in the original attack: they keep it, the others have none (14.6).
#[must_use]
pub fn attack_multipliers(game: &Game, units: &UnitsView, attackers: &[&UnitView], concentric: u32, kept: Option<&[String]>) -> (Vec<u32>, String) {
    let supply = game.scenario.rules.attack_supply.as_ref();
    let supplied = |u: &UnitView| match kept {
        Some(k) => supply.is_some() && k.iter().any(|id| *id == *u.id),
        None => in_supply_range(game, units, u),
    };
    let cap = game.scenario.rules.attack_multiplier_cap.unwrap_or(u32::MAX);
    let mut capped = false;
    let mut in_range = Vec::new();
    let each: Vec<u32> = attackers
        .iter()
        .map(|u| {
            if has_flag(game, u.type_index, UnitFlag::FixedStrength) {
                return 1;
            }
            let by_supply = match supply {
                Some(rules) if supplied(u) => {
                    in_range.push(String::from(&*u.id));
                    rules.multiplier
                }
                _ => 1,
            };
            let m = concentric.saturating_mul(by_supply);
            capped |= m > cap;
            m.min(cap)
        })
        .collect();
    let mut causes = Vec::new();
    if concentric > 1 {
        causes.push("concentric attack".to_string());
    }
    if !in_range.is_empty() {
        let all = in_range.len() == attackers.len();
        causes.push(if all { "attack supply".to_string() } else { format!("attack supply for {}", in_range.join(", ")) });
    }
    if capped {
        causes.push(format!("at most ×{cap}"));
    }
    (each, causes.join(", "))
}

/// Spent attack supply leaves play when its combat phase ends (ToO 15.8). Returns the units
/// removed.
pub fn remove_spent(units: &mut crate::model::units_now::UnitsMut) -> Vec<String> {
    let mut gone = Vec::new();
    for (u, mut loc, _, act, _) in units.iter_mut() {
        if act.attack_supply && loc.space().is_some() {
            *loc = crate::model::Location::OutOfPlay;
            gone.push(String::from(&*u.id));
        }
    }
    gone.sort();
    gone
}
