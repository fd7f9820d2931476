//! Support that costs supply (`support.spends`; ToO 34 artillery corps, engine gap G7): each
//! attack a unit of such a type supports spends supply units of its side within range of it,
//! more when the attack has attack supply. Without them it supports nothing. The spent units
//! leave play when the attack is rolled and do nothing else.

use super::bombardment::Supporter;
use crate::model::Game;
use crate::model::view::{UnitView, UnitsView};

/// The supply units the supports of an attack spend, each with the rule that spends it (for the
/// log), or why some support cannot pay. `doubled`: an attacking unit has attack supply.
pub fn spends(game: &Game, units: &UnitsView, supporting: &[Supporter], doubled: bool) -> Result<Vec<(String, String)>, String> {
    let mut spent: Vec<(String, String)> = Vec::new();
    for (u, _, role) in supporting {
        let Some(sp) = &role.spends else { continue };
        let Some(at) = u.space() else { continue };
        let need = if doubled { sp.with_attack_supply } else { sp.count } as usize;
        let ty = game.scenario.unit_types.iter().position(|t| t.id == sp.unit_type);
        let mut near: Vec<(u32, &UnitView)> = units
            .all()
            .iter()
            // 15.8: a supply unit that moved in the Movement phase before is spent for nothing
            // (at sea with a landing force it may be, 20.10).
            .filter(|s| s.side == u.side && Some(s.type_index) == ty && !s.activity.attack_supply)
            .filter(|s| !s.activity.moved_before || s.space().is_some_and(|at| super::landings::at_sea(game, at)))
            .filter(|s| !spent.iter().any(|(id, _)| *id == *s.id))
            .filter_map(|s| game.board.distance(at, s.space()?).filter(|d| *d <= sp.range).map(|d| (d, s)))
            .collect();
        near.sort_by_key(|(d, s)| (*d, s.rank));
        if near.len() < need {
            let rule = sp.rule.as_deref().map(|r| format!(" ({r})")).unwrap_or_default();
            return Err(format!("`{}` needs {need} {} within {} hexes to support this attack, and has {}{rule}", u.id, sp.unit_type, sp.range, near.len()));
        }
        let rule = sp.rule.clone().unwrap_or_default();
        spent.extend(near.into_iter().take(need).map(|(_, s)| (String::from(&*s.id), rule.clone())));
    }
    Ok(spent)
}
