//! The last answers of [`super::supply::side_supply`] on this thread, one per side: listing the
//! legal attacks plans each of them, and every plan asks for the attacking side's supply on the
//! same map. Whether each unit is in supply depends only on the scenario (and its options), the
//! board, where every unit stands and what it did (the units' view), the control of the map and
//! the side: an answer is reused only when all of them are equal to those it was worked out for.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::sync::Arc;

use crate::model::view::{UnitView, UnitsView};
use crate::model::{Control, Game};
use crate::scenario::board::Board;
use crate::scenario::schema::Scenario;

/// One remembered answer and what it was worked out for.
struct Remembered {
    scenario: Arc<Scenario>,
    board: Arc<Board>,
    options: BTreeSet<String>,
    side: usize,
    control: Control,
    units: Vec<UnitView>,
    answer: Vec<(String, bool)>,
}

/// Sides remembered at most (a game asks about its sides in turn).
const REMEMBERED: usize = 4;

thread_local! {
    static LAST: RefCell<Vec<Remembered>> = const { RefCell::new(Vec::new()) };
}

/// `work()`'s answer for these inputs, remembered from an earlier call with equal inputs if
/// there was one.
pub(super) fn side_supply_remembered(game: &Game, units: &UnitsView, control: &Control, side: usize, work: impl FnOnce() -> Vec<(String, bool)>) -> Vec<(String, bool)> {
    let same = |r: &Remembered| {
        r.side == side
            && Arc::ptr_eq(&r.scenario, &game.scenario)
            && Arc::ptr_eq(&r.board, &game.board)
            && r.options == game.options
            && r.control == *control
            && r.units.as_slice() == units.all()
    };
    if let Some(answer) = LAST.with_borrow(|last| last.iter().find(|r| same(r)).map(|r| r.answer.clone())) {
        return answer;
    }
    let answer = work();
    LAST.with_borrow_mut(|last| {
        // The side's older answer is replaced; past the limit the oldest goes.
        last.retain(|r| r.side != side);
        if last.len() >= REMEMBERED {
            last.remove(0);
        }
        let remembered = Remembered {
            scenario: game.scenario.clone(),
            board: game.board.clone(),
            options: game.options.clone(),
            side,
            control: control.clone(),
            units: units.all().to_vec(),
            answer: answer.clone(),
        };
        last.push(remembered);
    });
    answer
}
