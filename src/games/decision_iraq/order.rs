//! District by district (DI 14.4.4, 14.7; reference 7.6): all the conflicts in one district are
//! fought before the next begins, in any order of districts. Once the attacker starts in another
//! district the last one is over for the phase; it may not move on while the last one still owes
//! its conflict with the open enemies (14.3) or the rest of a coordinated attack (27.71).

use crate::model::view::UnitsView;
use crate::model::{Game, SpaceId, TurnState};

/// Why `side` may not fight in `area` now, if it may not.
#[must_use]
pub fn district_rejection(game: &Game, turn: &TurnState, units: &UnitsView, side: usize, area: SpaceId) -> Option<String> {
    let key = game.board.key(area);
    if turn.done_districts.contains(&area) {
        return Some(format!("the conflicts in {key} are over for this phase: districts are fought one at a time (14.4)"));
    }
    turn.conflict_district.filter(|x| *x != area)?;
    owed_in_current(game, turn, units, side)
}

/// Whether `side` may fight in `area` now ([`district_rejection`] is `None`), with `owes` telling
/// whether the district under way still owes a conflict ([`owed_in_current`] is `Some`): the
/// legal list asks that once for all its commands.
pub fn district_open(turn: &TurnState, area: SpaceId, owes: &mut dyn FnMut() -> bool) -> bool {
    !turn.done_districts.contains(&area) && (turn.conflict_district.is_none_or(|x| x == area) || !owes())
}

/// What the district whose conflicts are under way still owes before `side` may move on: the
/// rest of a coordinated attack (27.71), or the conflict with its open enemies (14.3).
#[must_use]
pub fn owed_in_current(game: &Game, turn: &TurnState, units: &UnitsView, side: usize) -> Option<String> {
    let current = turn.conflict_district?;
    let here = game.board.key(current);
    if let Some(r) = super::coordination::owed_group(game, turn, units, side).filter(|_| turn.coordinated.contains(&current)) {
        return Some(format!("finish the conflicts in {here} first: {r}"));
    }
    let (_, underground, able) = crate::rules::area_combat::engagement(game, turn, units, side, current);
    let owed = !underground && !turn.attacked.contains(&current) && !crate::rules::area_combat::required_attackers(game, units, side, current, &able).is_empty();
    owed.then(|| format!("finish the conflicts in {here} first: its open enemy units must be attacked (14.3, 14.4)"))
}

/// Records that the conflicts of `area` are under way (the previous district is then over).
pub fn enter(turn: &mut TurnState, area: SpaceId) {
    if turn.conflict_district != Some(area) {
        if let Some(x) = turn.conflict_district {
            turn.done_districts.insert(x);
        }
        turn.conflict_district = Some(area);
    }
}

/// The district a Netwar combat command is fought in.
#[must_use]
pub fn command_district(game: &Game, units: &UnitsView, cmd: &crate::model::command::Command) -> Option<SpaceId> {
    use crate::model::command::Command;
    let space = match cmd {
        Command::Attack { target, .. } => game.board.space(target)?,
        Command::GroupAttack { attackers, .. } => units.get(attackers.first()?)?.space()?,
        c => match super::vocabulary::di(c)? {
            super::vocabulary::DiCommand::Pgm { unit, .. } => units.get(unit)?.space()?,
            _ => return None,
        },
    };
    Some(game.board.area_of(space))
}
