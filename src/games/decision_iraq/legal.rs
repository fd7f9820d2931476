//! Decision: Iraq's legal commands, added to the generic list at its stages: units bought at
//! set-up (27.13), chit plays (20), carries (27.5, 27.8), extra chaos rolls (27.1), Hyperwar
//! (27.12), Mobilization purchases and withdrawals (12, 22.1), suicide attacks, PGM strikes and
//! group attacks (27.6, 27.10, 27.7), and one district at a time (14.4).

use std::sync::Arc;

use bevy::prelude::World;

use super::vocabulary::DiCommand;
use crate::model::command::Command;
use crate::model::held_blocks::HeldBlocks;
use crate::model::ruleset::LegalStage;
use crate::model::view::UnitsView;
use crate::model::{Control, Game, PendingPrompt, Pools, Tracks, TurnState};
use super as nw;
use crate::scenario::schema::PhaseKind;

pub(super) fn legal_commands(world: &World, units: &UnitsView, side: usize, stage: LegalStage, out: &mut Vec<Command>) {
    listed(world, (world.resource::<Game>(), world.resource::<TurnState>()), units, side, stage, out);
}

/// [`legal_commands`] with the game and the turn looked up already.
fn listed(world: &World, (game, turn): (&Game, &TurnState), units: &UnitsView, side: usize, stage: LegalStage, out: &mut Vec<Command>) {
    // The others are looked up where a stage needs them: each look is a lookup by type, and
    // most lists need one or two of them.
    let control = || world.resource::<Control>();
    let tracks = || world.resource::<Tracks>();
    let pools = || world.resource::<Pools>();
    match stage {
        LegalStage::Setup => {
            // 27.13: units bought at set-up.
            if nw::netwar(game).is_some_and(|n| n.setup_recruits.is_some()) {
                let start = world.resource::<nw::mobilization::MobilizationStart>();
                let first = out.len();
                nw::purchase_list::mobilization_commands(game, turn, units, (tracks(), control()), start, side, out);
                let buys = out.split_off(first);
                out.extend(buys.into_iter().filter(|c| matches!(c, Command::Recruit { .. })));
            }
        }
        LegalStage::Chits => nw::chits::chit_commands(game, turn, units, pools(), side, out),
        LegalStage::Phase => {
            let Some(phase) = turn.current_phase(game) else { return };
            match phase.kind {
                PhaseKind::Movement => out.extend(nw::transport::commands(game, turn, units, control(), side)),
                PhaseKind::Event => {
                    let queue = world.resource::<nw::chaos::ChaosQueue>();
                    let prompt = world.resource::<PendingPrompt>().0.as_ref();
                    if nw::chaos::extra_roll_rejection(game, turn, tracks(), queue, prompt, side).is_none() {
                        out.push(DiCommand::ExtraChaos.into());
                    }
                }
                PhaseKind::Special => out.extend(nw::hyperwar::commands(game, turn, units, pools(), side)),
                PhaseKind::Mobilization => {
                    let start = world.resource::<nw::mobilization::MobilizationStart>();
                    let tracks = tracks();
                    nw::purchase_list::mobilization_commands(game, turn, units, (tracks, control()), start, side, out);
                    buys_of_points(game, turn, (tracks, pools()), side, out);
                }
                PhaseKind::Combat => {
                    let surge = world.resource::<nw::chaos::SuicideSurgeTurn>().0;
                    let mut own = nw::strikes::suicide_attacks(game, turn, units, surge, side);
                    own.extend(nw::strikes::pgm_strikes(game, turn, units, tracks(), pools(), side));
                    own.extend(nw::coordination::commands(game, turn, units, side));
                    // 14.4: one district at a time (what the district under way owes, asked once;
                    // the generic attacks are confined by `attacks_confined_to`).
                    let mut owed = None;
                    let mut owes = || *owed.get_or_insert_with(|| nw::order::owed_in_current(game, turn, units, side).is_some());
                    own.retain(|c| {
                        let open = nw::order::command_district(game, units, c).is_none_or(|d| nw::order::district_open(turn, d, &mut owes));
                        debug_assert_eq!(open, nw::order::command_district(game, units, c).is_none_or(|d| nw::order::district_rejection(game, turn, units, side, d).is_none()));
                        open
                    });
                    #[cfg(debug_assertions)]
                    for c in out.iter() {
                        let d = nw::order::command_district(game, units, c);
                        debug_assert!(d.is_none_or(|d| nw::order::district_rejection(game, turn, units, side, d).is_none()), "`{}` is listed in a district open to conflicts (14.4)", c.describe());
                    }
                    out.extend(own);
                }
                PhaseKind::Reinforcement | PhaseKind::Supply | PhaseKind::Scoring | PhaseKind::EndOfTurn | PhaseKind::Reorganisation => {}
            }
        }
    }
}

/// [`legal_commands`] in a phase, with a Mobilization phase's purchases held apart for a
/// reader that draws one command (`purchase_list::held_purchases`), at their place.
pub(super) fn held_commands<'w>(world: &'w World, units: &Arc<UnitsView>, side: usize, out: &mut Vec<Command>) -> Option<(usize, HeldBlocks<'w>)> {
    let (game, turn) = (world.resource::<Game>(), world.resource::<TurnState>());
    if turn.current_phase(game).is_some_and(|p| p.kind == PhaseKind::Mobilization) {
        let (tracks, control, pools) = (world.resource::<Tracks>(), world.resource::<Control>(), world.resource::<Pools>());
        let start = world.resource::<nw::mobilization::MobilizationStart>();
        let at = out.len();
        if let Some(held) = nw::purchase_list::held_purchases(game, turn, units, (tracks, control), start, side, out) {
            buys_of_points(game, turn, (tracks, pools), side, out);
            return Some((at, held));
        }
    }
    listed(world, (game, turn), units, side, LegalStage::Phase, out);
    None
}

/// A chit (12.10) and an airstrike (22.1) bought in the Mobilization phase, after the units.
fn buys_of_points(game: &Game, turn: &TurnState, (tracks, pools): (&Tracks, &Pools), side: usize, out: &mut Vec<Command>) {
    if nw::chits::buy_check(game, turn, tracks, pools, side).is_ok() {
        out.push(Command::BuyChit);
    }
    if nw::airstrike::buy_rejection(game, turn, tracks, side).is_none() {
        out.push(DiCommand::BuyAirstrike.into());
    }
}
