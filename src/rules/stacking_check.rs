//! Stacking checked at the ends of phases (`rules.stacking_checked_at_end_of`; ToO 10.3, engine
//! gap G1): units move and enter over the limits, and when a phase of a listed kind ends, the
//! owner of every hex over its limit eliminates units there, one at a time and of his choice,
//! until it fits. The end of the phase waits for the choices: `sequence::end_phase` asks here
//! first, and the session ends the phase again once the last question is answered.

use super::stacking::{checked_on_entry, first_overstacked};
use crate::model::log::{GameLog, LogKind};
use crate::model::prompt::Prompt;
use crate::model::view::UnitsView;
use crate::model::{Game, Outcome, PendingPrompt, TurnState};

/// At the end of a phase: whether a hex over its limit holds the end up (then its owner is
/// asked to eliminate a unit there). With every hex within its limit, stacking is recorded as
/// checked.
pub fn holds_up_phase_end(game: &Game, turn: &TurnState, units: &UnitsView, (prompt, glog, outcome): (&mut PendingPrompt, &mut GameLog, &mut Outcome)) -> bool {
    let checked_here = !checked_on_entry(game) && turn.setup.is_none() && turn.current_phase(game).is_some_and(|p| game.scenario.rules.stacking_checked_at_end_of.contains(&p.kind));
    if !checked_here {
        return false;
    }
    let Some((space, side, points, limit)) = first_overstacked(game, units) else {
        outcome.stacking_checked = true;
        return false;
    };
    let key = game.board.key(space).to_string();
    let mut here: Vec<String> = units.at(space).filter(|u| u.side == side).map(|u| String::from(&*u.id)).collect();
    here.sort();
    let text = format!("{key} holds {points} stacking points of {}, over its limit of {limit}: the owner eliminates units until it fits (10.3)", game.side_id(side));
    super::note::log(glog, game, turn, LogKind::Phase, text, Some(key.clone()));
    prompt.0 = Some(Prompt::ChooseUnit {
        side: game.side_id(side).to_string(),
        units: here,
        what: format!("is eliminated: {key} is over its stacking limit"),
        rule: "10.3 stacking is checked at the end of the phase; the owner eliminates the excess".into(),
        eliminate: true,
        then_end_phase: true,
    });
    true
}
