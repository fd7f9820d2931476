//! Bought rolls (ToO 26, psychological warfare; engine gap G31): once per player turn, as the
//! first thing it does in one of its own phases, a side pays track points and rolls on a table
//! of its choice; the entry rolled applies for it.

use bevy::prelude::*;

use super::RulesSystems;
use super::events::EffectParams;
use crate::model::command::Command;
use crate::model::log::LogKind;
use crate::model::{CurrentCommand, Game, Outcome, Tracks, TurnState};
use crate::scenario::schema::BoughtRoll;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    if !s.uses(|sc| !sc.rules.bought_rolls.is_empty()) {
        return;
    }
    s.on(|c| matches!(c, Command::BuyRoll { .. }), buy.in_set(RulesSystems::Movement));
    // What the phase's actor does first decides whether it may still buy (26.1): every other
    // command it gives marks the phase.
    s.always(mark_acted.in_set(super::Gate::Accepted).in_set(RulesSystems::Tracks));
}

/// The bought roll named `id`, with its index.
#[must_use]
pub fn bought_roll<'a>(game: &'a Game, id: &str) -> Option<(usize, &'a BoughtRoll)> {
    game.scenario.rules.bought_rolls.iter().enumerate().find(|(_, r)| r.id == id)
}

/// Why `side` may not buy a roll of `id` on `table` now, if it may not (ToO 26.1, 26.2, 5.4).
/// A pending prompt and the setup are the sequence of play's to refuse.
#[must_use]
pub fn bought_roll_rejection(game: &Game, turn: &TurnState, tracks: &Tracks, side: usize, (id, table): (&str, &str)) -> Option<String> {
    let Some((i, roll)) = bought_roll(game, id) else { return Some(format!("no roll `{id}` can be bought in this scenario")) };
    if game.side_index(&roll.side) != Some(side) {
        return Some(format!("{} is bought by {}", roll.name, roll.side));
    }
    if !roll.tables.iter().any(|t| t == table) {
        return Some(format!("{} rolls on {}, not on `{table}`", roll.name, roll.tables.join(" or ")));
    }
    let phase = turn.current_phase(game)?;
    if turn.actor(game, phase) != Some(side) {
        return Some(format!("{} is bought in one of the side's own phases", roll.name));
    }
    // 26.1: at the start of the phase, before anything else in it.
    if turn.phase_acted {
        return Some(format!("{} is bought at the start of a phase, before anything else in it", roll.name));
    }
    if turn.rolls_bought.contains(&(i, side)) {
        return Some(format!("{} was bought already this turn", roll.name));
    }
    let t = game.track_index(&roll.track)?;
    let keep = roll.keep_at_least.unwrap_or(game.scenario.tracks[t].floor);
    // 5.4: a side never spends points that would leave its track below what it must keep.
    if tracks.0[t] - roll.cost < keep {
        let name = &game.scenario.tracks[t].name;
        return Some(format!("{} costs {} and {name} is {}: it may not go below {keep}", roll.name, roll.cost, tracks.0[t]));
    }
    None
}

/// The commands buying a roll that `side` may give now, in the scenario's order.
#[must_use]
pub fn bought_roll_commands(game: &Game, turn: &TurnState, tracks: &Tracks, side: usize) -> Vec<Command> {
    let mut out = Vec::new();
    for roll in &game.scenario.rules.bought_rolls {
        for table in &roll.tables {
            if bought_roll_rejection(game, turn, tracks, side, (&roll.id, table)).is_none() {
                out.push(Command::BuyRoll { roll: roll.id.as_str().into(), table: table.as_str().into() });
            }
        }
    }
    out
}

fn buy(cmd: Res<CurrentCommand>, mut outcome: ResMut<Outcome>, mut p: EffectParams) {
    let Some((side, Command::BuyRoll { roll, table })) = cmd.0.clone() else { return };
    if let Some(r) = bought_roll_rejection(&p.game, &p.turn, &p.tracks, side, (&roll, &table)) {
        outcome.rejected = Some(r);
        return;
    }
    let game = p.game.clone();
    let Some((i, def)) = bought_roll(&game, &roll) else { return };
    let (Some(t), Some(tdef)) = (game.track_index(&def.track), game.scenario.tables.events.iter().find(|x| x.id == *table)) else { return };
    p.turn.rolls_bought.insert((i, side));
    outcome.barrier = true;
    p.run(|fx| {
        let before = fx.tracks.0[t];
        let after = super::tracks::adjust_track(fx.game, fx.tracks, t, -def.cost);
        let rule = def.rule.as_ref().map(|r| format!(", {r}")).unwrap_or_default();
        let track = &fx.game.scenario.tracks[t].name;
        fx.log(LogKind::Command, format_args!("{} buys {} on {}{rule}: {track} {before} -> {after}", fx.game.side_id(side), def.name, tdef.name));
        super::events::roll_table(fx, side, tdef);
    });
}

/// Marks the phase as begun for its actor: a command it gave, other than buying a roll and
/// ending the phase, was accepted.
fn mark_acted(game: Res<Game>, cmd: Res<CurrentCommand>, mut turn: ResMut<TurnState>) {
    let Some((side, c)) = &cmd.0 else { return };
    if matches!(c, Command::BuyRoll { .. } | Command::EndPhase) || turn.phase_acted {
        return;
    }
    let actor = turn.current_phase(&game).and_then(|p| turn.actor(&game, p));
    if actor == Some(*side) {
        turn.phase_acted = true;
    }
}
