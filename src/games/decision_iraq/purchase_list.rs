//! The purchases and withdrawals of a Mobilization phase as the legal list gives them (DI 12,
//! 27.13 at set-up): each unit type's purchases are a block of candidates, four per district
//! (the district or its first empty box, bought with index points or a surge), listed in full
//! or held apart for a reader that draws one command ([`held_purchases`], numbered by the
//! districts the type may be bought in at all).

use std::cell::{OnceCell, RefCell};
use std::sync::Arc;

use super::mobilization::{Market, MobilizationStart, withdraw_rejection, withdrawals_open};
use super::schema::{Recruit, SetupRecruits};
use crate::model::command::Command;
use crate::model::held_blocks::HeldBlocks;
use crate::model::space_set::SpaceSet;
use crate::model::view::UnitsView;
use crate::model::{Control, Game, SpaceId, Tracks, TurnState};

/// The purchases and withdrawals `side` may make now, added to the legal-command list `out`:
/// each chart line at each district it may go to, open and in the district's first empty box.
pub fn mobilization_commands(game: &Game, turn: &TurnState, units: &UnitsView, (tracks, control): (&Tracks, &Control), start: &MobilizationStart, side: usize, out: &mut Vec<Command>) {
    let Some(at_setup) = buying_at_setup(game, turn, side) else { return };
    let mut market = Market::new(game, turn, units, (tracks, control), start, side);
    let districts = districts(game);
    for line in purchase_types(game, side) {
        type_purchases(&mut market, at_setup, line, districts, &mut |_, c| out.push(c));
    }
    withdrawals(game, turn, units, side, out);
}

/// [`mobilization_commands`] in the phase, for a reader that draws one command: the purchases
/// are held apart, a block per unit type, each worked out (with one market for all) when a
/// draw falls on it; the withdrawals are added to `out`. `None` at set-up (nothing is held).
pub fn held_purchases<'w>(game: &'w Game, turn: &'w TurnState, units: &Arc<UnitsView>, (tracks, control): (&'w Tracks, &'w Control), start: &'w MobilizationStart, side: usize, out: &mut Vec<Command>) -> Option<HeldBlocks<'w>> {
    if turn.setup.is_some() || super::netwar(game).is_none() {
        return None;
    }
    let types = purchase_types(game, side);
    // Each type's candidates are numbered by the districts it may be bought in at all: a
    // tighter bound than every district means fewer blocks worked out before a draw falls on
    // a listed purchase.
    let places = buyable_districts(game, (tracks, start), side, &types);
    let bounds = places.iter().map(|p| 4 * p.len()).collect();
    let market: OnceCell<RefCell<Market<'w>>> = OnceCell::new();
    let shared = units.clone();
    let held = HeldBlocks::new(bounds, move |b, put| {
        let market = market.get_or_init(|| RefCell::new(Market::shared(game, turn, shared.clone(), (tracks, control), start, side)));
        type_purchases(&mut market.borrow_mut(), None, types[b], &places[b], put);
    });
    withdrawals(game, turn, units, side, out);
    Some(held)
}

/// Whether `side` may buy now: `Some(None)` outside set-up, `Some(Some(r))` at its set-up
/// under 27.13 (only the unit types `r` lists, bought with the index), `None` otherwise.
fn buying_at_setup<'g>(game: &'g Game, turn: &TurnState, side: usize) -> Option<Option<&'g SetupRecruits>> {
    let n = super::netwar(game)?;
    let at_setup = n.setup_recruits.as_ref().filter(|r| game.options.contains(&r.option) && turn.setup == Some(side) && game.side_index(&r.side) == Some(side));
    match (turn.setup.is_some(), at_setup) {
        (false, _) => Some(None),
        (true, Some(r)) => Some(Some(r)),
        (true, None) => None,
    }
}

/// The districts, in board order: a purchase's candidates are numbered by them.
fn districts(game: &Game) -> &[SpaceId] {
    game.ruleset.as_any().downcast_ref::<super::DecisionIraq>().map_or(&[], |di| &di.districts)
}

/// Per unit type in `types`, the districts (in board order) where it may be bought in the
/// phase, a superset of those [`type_purchases`] lists it in: the districts placed in (12.4,
/// 27.3: as the phase began, `MobilizationStart`) by a chart line of the type whose option is
/// on and that the side can pay for with either payment (24.5); every district if the phase's
/// places are not known. A purchase is made by the first line that places the unit there,
/// which the side must be able to pay for: that line is one of these.
fn buyable_districts(game: &Game, (tracks, start): (&Tracks, &MobilizationStart), side: usize, types: &[(&Recruit, Option<usize>)]) -> Vec<Vec<SpaceId>> {
    let all = districts(game);
    let Some(di) = game.ruleset.as_any().downcast_ref::<super::DecisionIraq>() else { return vec![Vec::new(); types.len()] };
    let (index, surge) = (super::index_track(game, side), super::mobilization::surge_track(game, side));
    let pays = |cost: i32| surge.is_some_and(|s| tracks.0[s] >= cost) || index.is_some_and(|x| tracks.0[x] - cost >= 1);
    let known = start.1.len() == di.rules.mobilization.len();
    // Per unit type: the places of its lines that may be used, if any may.
    let mut places: Vec<Option<SpaceSet>> = vec![None; game.scenario.unit_types.len()];
    for (i, (r, &(s, t))) in di.rules.mobilization.iter().zip(&di.line_types).enumerate() {
        if s != Some(side) || !pays(r.cost) || !r.option.as_ref().is_none_or(|o| game.options.contains(o)) {
            continue;
        }
        let Some(t) = t else { continue };
        let set = places[t].get_or_insert_with(|| SpaceSet::new(game.board.len()));
        match start.1.get(i) {
            Some(line) if known => set.union_with(line),
            _ => all.iter().for_each(|&d| set.insert(d)),
        }
    }
    types.iter().map(|&(_, t)| t.and_then(|t| places[t].as_ref()).map_or_else(Vec::new, |set| all.iter().copied().filter(|&d| set.contains(d)).collect())).collect()
}

/// The side's chart lines that list purchases, each with its unit type's index (found once
/// for the game, `DecisionIraq::type_lines`): two chart lines of one type (27.3) offer the same
/// purchases (every check asks about the unit type, not the line), so the type is listed at
/// its first line.
fn purchase_types(game: &Game, side: usize) -> Vec<(&Recruit, Option<usize>)> {
    let Some(di) = game.ruleset.as_any().downcast_ref::<super::DecisionIraq>() else { return Vec::new() };
    di.type_lines.get(side).into_iter().flatten().map(|&i| (&di.rules.mobilization[i], di.line_types[i].1)).collect()
}

/// The purchases of one unit type (its first chart line `r`, its index `t`) in `districts`, each
/// with its candidate: 4 per district in `districts`' order, the district then its box, each
/// with index points then a surge.
fn type_purchases(market: &mut Market, at_setup: Option<&SetupRecruits>, (r, t): (&Recruit, Option<usize>), districts: &[SpaceId], put: &mut dyn FnMut(usize, Command)) {
    let (game, setup) = (market.game, market.turn.setup.is_some());
    // At set-up every purchase goes through `check`. In the phase, `check`'s checks are made
    // where they vary: a type refused everywhere is not asked about district by district, its
    // chart line per district, the payment per line, the rest per space.
    let open = [false, true].map(|surge| match at_setup {
        _ if !setup => market.may_buy_somewhere(t, surge),
        Some(sr) => !surge && sr.unit_types.contains(&r.unit_type),
        None => false,
    });
    if !open[0] && !open[1] || (!setup && t.is_none()) {
        return;
    }
    let contingent = t.map_or("", |t| game.scenario.unit_types[t].contingent.as_str());
    // The type's chart lines, each with the districts it places in, and the districts a 27.2
    // ban closes: worked out once for every district.
    let prices = match t {
        Some(t) if !setup => market.line_places(t),
        _ => Vec::new(),
    };
    let banned = if setup { SpaceSet::new(0) } else { market.recruit_banned(contingent) };
    for (k, &d) in districts.iter().enumerate() {
        let line = if setup || banned.contains(d) { None } else { prices.iter().find(|(places, _)| places.contains(d)).map(|&(_, cost)| cost) };
        debug_assert_eq!(line, if setup { None } else { market.line_cost(&r.unit_type, contingent, d) });
        let pay = line.map(|cost| [false, true].map(|surge| market.can_pay(cost, surge)));
        // Outside set-up, a district with no line for the type, or none the side can pay for,
        // offers nothing (debug builds go on, to check each refusal against `check`).
        let offers = pay.is_some_and(|p| p.iter().zip(open).any(|(pays, is_open)| *pays && is_open));
        if !setup && !offers && !cfg!(debug_assertions) {
            continue;
        }
        let empty_box = game.board.slots_of(d).find(|b| market.occupied[b.index()] == 0);
        for (in_box, at) in std::iter::once(d).chain(empty_box).enumerate() {
            for surge in [false, true] {
                if !open[usize::from(surge)] {
                    continue;
                }
                let ok = match (setup, pay, t) {
                    (true, ..) => market.check(&r.unit_type, at, surge).is_ok(),
                    (false, Some(pay), Some(t)) => pay[usize::from(surge)] && market.fits(t, at, d, surge),
                    (false, ..) => false,
                };
                debug_assert_eq!(ok, market.check(&r.unit_type, at, surge).is_ok(), "the legal list and the command agree on {} at {}", r.unit_type, game.board.key(at));
                if ok {
                    put(4 * k + 2 * in_box + usize::from(surge), Command::Recruit { unit_type: r.unit_type.as_str().into(), at: game.board.key_name(at).clone(), surge });
                }
            }
        }
    }
}

/// 12.8: in its own Mobilization phase the side may withdraw any of its units on the map
/// (`withdraw_rejection`'s checks, the phase's once).
fn withdrawals(game: &Game, turn: &TurnState, units: &UnitsView, side: usize, out: &mut Vec<Command>) {
    if withdrawals_open(game, turn, side) == Some(true) {
        for u in units.all().iter().filter(|u| u.side == side && u.space().is_some()) {
            debug_assert!(withdraw_rejection(game, turn, units, side, &u.id).is_none());
            out.push(Command::Withdraw { unit: u.id.clone() });
        }
    }
}
