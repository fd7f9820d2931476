//! Mobilization (DI 12, A turns only): the phasing side buys units from its chart with points of
//! its own index, placing each as the chart allows (open, or in an empty infra box, 12.4) and at
//! its lowest level (12.2, 12.3); prerequisite units must have been in the district when the
//! phase began (12.4); enemy units never block a placement (12.6). It may also withdraw its own
//! units, which become available at once (12.8).

use bevy::prelude::*;

use std::sync::Arc;

use super::index_track;
use crate::scenario::board::SpaceKind;
use crate::model::view::UnitsView;
use crate::model::space_set::SpaceSet;
use crate::model::{Game, Location, SpaceId, StepLevel, Tracks, TurnState};
use crate::rules::levels::range;
use crate::rules::losses::LossQuery;
use crate::rules::note::{CommandCtx, log};
use crate::rules::RulesSystems;
use crate::scenario::schema::{PhaseKind, Strength};
use super::placement::{line_places_at, placement_allows, placement_set};
use super::schema::Recruit;
use crate::model::command::Command;
use crate::model::log::{GameLog, LogKind};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::Recruit { .. }), recruit.in_set(RulesSystems::Movement));
    s.on(|c| matches!(c, Command::Withdraw { .. }), withdraw.in_set(RulesSystems::Movement));
    s.at_phase_start(snapshot);
}

/// Who stood where when the current Mobilization phase began (12.4): (district, unit type, side).
/// With it, worked out from it as the phase began: per chart line of the side mobilizing (in
/// `mobilization` order, empty for the other side's lines), the districts the line places in.
/// They follow from the rest and the scenario, so they are not hashed again.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct MobilizationStart(pub Vec<(SpaceId, usize, usize)>, pub Vec<SpaceSet>);

impl serde::Serialize for MobilizationStart {
    /// Who stood where alone, as the one field it once had: the places follow from it, and the
    /// state hashes of saves made before they were kept stay the same.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct("MobilizationStart", &self.0)
    }
}

/// The Jihad/Surge points track of a side, if it has one.
#[must_use]
pub fn surge_track(game: &Game, side: usize) -> Option<usize> {
    let n = super::netwar(game)?;
    n.surges.iter().find_map(|s| {
        let d = game.scenario.rules.declarations.iter().find(|d| d.id == s.declaration)?;
        (game.side_index(&d.side) == Some(side)).then(|| game.track_index(&s.track)).flatten()
    })
}

/// Whether the side made its Jihad/Surge declaration in the current game turn (24.5, 24.52).
#[must_use]
pub fn surged_this_turn(game: &Game, turn: &TurnState, side: usize) -> bool {
    super::netwar(game).is_some_and(|n| {
        n.surges.iter().any(|s| {
            turn.declared.get(&s.declaration) == Some(&turn.turn)
                && game.scenario.rules.declarations.iter().any(|d| d.id == s.declaration && game.side_index(&d.side) == Some(side))
        })
    })
}

fn snapshot(game: Res<Game>, turn: Res<TurnState>, mut start: ResMut<MobilizationStart>, mut tracks: ResMut<Tracks>, mut dice: ResMut<crate::model::dice::Dice>, mut glog: ResMut<GameLog>, mut q: crate::model::units_now::UnitQuery) {
    let Some(phase) = turn.current_phase(&game) else { return };
    // 24.5: mobilization points are never saved.
    let surges = super::netwar(&game).map_or(&[][..], |n| &n.surges[..]);
    for s in surges {
        if let Some(t) = game.track_index(&s.track)
            && tracks.0[t] != 0
        {
            log(&mut glog, &game, &turn, LogKind::Track, format_args!("{} unspent: {} lost (24.5)", game.scenario.tracks[t].name, tracks.0[t]), None);
            tracks.0[t] = 0;
        }
    }
    if phase.kind != PhaseKind::Mobilization {
        return;
    }
    let Some(side) = turn.actor(&game, phase) else { return };
    for s in surges {
        let mine = game.scenario.rules.declarations.iter().any(|d| d.id == s.declaration && game.side_index(&d.side) == Some(side));
        if mine && turn.declared.get(&s.declaration) == Some(&turn.turn) && let Some(t) = game.track_index(&s.track) {
            let sum: i32 = (0..s.dice).map(|_| dice.roll(6, format!("{} mobilization points", s.declaration)) as i32).sum();
            tracks.0[t] = sum.min(game.scenario.tracks[t].cap);
            log(&mut glog, &game, &turn, LogKind::Roll, format_args!("{}: {}d6 = {sum} mobilization points (24.5)", game.scenario.tracks[t].name, s.dice), None);
        }
    }
    let units = q.view();
    start.0 = units.all().iter().filter_map(|u| u.space().map(|s| (game.board.area_of(s), u.type_index, u.side))).collect();
    start.0.sort_unstable();
    start.0.dedup();
    let places = game.ruleset.as_any().downcast_ref::<super::DecisionIraq>().map(|di| line_places_at(di, &game.board, &start, side)).unwrap_or_default();
    start.1 = places;
    log(&mut glog, &game, &turn, LogKind::Phase, format_args!("{} mobilizes (12): buy units with index points, or withdraw units", game.side_id(side)), None);
}

/// Why a purchase may not be made: worded only when shown, so the legal list (which asks about
/// every chart line at every district) formats nothing it throws away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal<'s> {
    NotInPhase,
    NoPhase,
    NotAtSetup(&'s str),
    SetupOutsideIraq(&'s str),
    NotOnChart(&'s str, &'s str),
    ChartForbids(&'s str, &'s str),
    /// 27.2: (unit type, space, controlling side, rule).
    Banned(&'s str, &'s str, &'s str, &'s str),
    UnknownType(&'s str),
    NoPoints,
    PointsShort(&'s str, i32, i32),
    NoIndex,
    IndexShort(&'s str, i32, i32),
    BoxFull(&'s str),
    NotDistrict(&'s str),
    NoneFree(&'s str),
    NoneFreeAt(&'s str, u32),
    AllInPlay(&'s str),
    Restricted(&'s str, &'s str),
}

impl std::fmt::Display for Refusal<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Self::NotInPhase => write!(f, "units are recruited in the side's own Mobilization phase (12)"),
            Self::NoPhase => write!(f, "no phase"),
            Self::NotAtSetup(t) => write!(f, "{t} may not be bought at set-up (27.13)"),
            Self::SetupOutsideIraq(t) => write!(f, "{t} bought at set-up goes to Iraq or Kuwait (27.13)"),
            Self::NotOnChart(t, side) => write!(f, "`{t}` is not on {side}'s mobilization chart"),
            Self::ChartForbids(t, d) => write!(f, "the chart does not let {t} be placed in {d} (12.4: prerequisites count as they stood when the phase began)"),
            Self::Banned(t, space, by, rule) => write!(f, "{t} may not be recruited in {space} while {by} controls it ({rule})"),
            Self::UnknownType(t) => write!(f, "unknown unit type `{t}`"),
            Self::NoPoints => write!(f, "the side has no mobilization points"),
            Self::PointsShort(t, cost, left) => write!(f, "{t} costs {cost} and {left} mobilization points are left (24.5)"),
            Self::NoIndex => write!(f, "the side has no index"),
            Self::IndexShort(t, cost, index) => write!(f, "{t} costs {cost} and the index is {index}: it may not be spent to 0 (5.2)"),
            Self::BoxFull(at) => write!(f, "{at} is not empty (12.4: one unit per infra box)"),
            Self::NotDistrict(at) => write!(f, "{at} is not a district"),
            Self::NoneFree(t) => write!(f, "no counter of {t} is free"),
            Self::NoneFreeAt(t, level) => write!(f, "no level-{level} counter of {t} is free (12.2)"),
            Self::AllInPlay(t) => write!(f, "every {t} counter is in play (12.9)"),
            Self::Restricted(t, d) => write!(f, "{t} may not be in {d} (13.7 Movement Restriction Chart)"),
        }
    }
}

/// A purchase that may be made: the pool counter (its index in the units view), its entry
/// level and its cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Purchase {
    pub counter: usize,
    pub level: u32,
    pub cost: i32,
}

/// What every purchase of one unit type with one payment shares in a given state (12.2, 12.9,
/// 13.7, 24.5): its entry level, whether a counter at that level is free, the counter bought and
/// the districts the Movement Restriction Chart bans it from.
struct TypeFacts {
    /// `None` when no counter of the type is free at any level (24.5).
    level: Option<u32>,
    free: bool,
    /// Index in the units view of the counter bought.
    counter: Option<usize>,
    bans: crate::model::space_set::SpaceSet,
}

/// The state a purchase is checked against, and what purchases of that state share, worked out
/// once: the legal list checks every chart line at every district, a command once, both through
/// [`Market::check`].
pub struct Market<'a> {
    pub(super) game: &'a Game,
    pub(super) turn: &'a TurnState,
    units: MarketUnits<'a>,
    tracks: &'a Tracks,
    control: &'a crate::model::Control,
    start: &'a MobilizationStart,
    side: usize,
    /// Units (of any side) per space: a box holds one unit (12.4).
    pub(super) occupied: Vec<u32>,
    /// Per unit type: its units on the map at each level, and the first of its counters in the
    /// pool (eliminated), counted in the same pass (12.2, 12.9, 24.5).
    in_play: Vec<u32>,
    /// Levels per unit type in `in_play` (one more than the highest level any unit type has).
    stride: usize,
    pool: Vec<Option<usize>>,
    /// Per unit type and payment (`2 * type + surge`), worked out on first use.
    facts: Vec<Option<TypeFacts>>,
    /// The side's chart lines whose option is on, in chart order (27.3: lines are tried in
    /// order), found once rather than by side name at every district.
    /// Each with its place in the chart and its unit type's index.
    lines: Vec<(usize, &'a Recruit, Option<usize>)>,
    /// The side's index track and mobilization-point track (24.5).
    index: Option<usize>,
    surge: Option<usize>,
}

/// The units a market reads: borrowed, or shared with the legal list that keeps the market
/// for the purchases it holds apart (`purchase_list::held_purchases`).
enum MarketUnits<'a> {
    Borrowed(&'a UnitsView),
    Shared(Arc<UnitsView>),
}

impl std::ops::Deref for MarketUnits<'_> {
    type Target = UnitsView;
    fn deref(&self) -> &UnitsView {
        match self {
            MarketUnits::Borrowed(u) => u,
            MarketUnits::Shared(u) => u,
        }
    }
}

impl<'a> Market<'a> {
    #[must_use]
    pub fn new(game: &'a Game, turn: &'a TurnState, units: &'a UnitsView, (tracks, control): (&'a Tracks, &'a crate::model::Control), start: &'a MobilizationStart, side: usize) -> Self {
        Self::of(game, turn, MarketUnits::Borrowed(units), (tracks, control), start, side)
    }

    /// [`Market::new`] on a view of the units shared with the caller.
    #[must_use]
    pub fn shared(game: &'a Game, turn: &'a TurnState, units: Arc<UnitsView>, (tracks, control): (&'a Tracks, &'a crate::model::Control), start: &'a MobilizationStart, side: usize) -> Self {
        Self::of(game, turn, MarketUnits::Shared(units), (tracks, control), start, side)
    }

    fn of(game: &'a Game, turn: &'a TurnState, units: MarketUnits<'a>, (tracks, control): (&'a Tracks, &'a crate::model::Control), start: &'a MobilizationStart, side: usize) -> Self {
        let mut occupied = vec![0; game.board.len()];
        let types = game.scenario.unit_types.len();
        // One more than the highest level any unit type has (a unit's level is within its
        // type's, which the invariants check): found from the types, not by a pass over the units.
        let stride = game.scenario.unit_types.iter().map(|t| match &t.strength {
            Strength::Levels { lowest, factors } => *lowest as usize + factors.len(),
            Strength::Steps(steps) => steps.len(),
        });
        let stride = stride.max().unwrap_or(1).max(1);
        let (mut in_play, mut pool) = (vec![0; types * stride], vec![None; types]);
        for (i, u) in units.all().iter().enumerate() {
            if let Some(s) = u.space() {
                occupied[s.index()] += 1;
                // A level past every type's (a state the invariants reject) is counted nowhere,
                // rather than under the next type.
                if (u.level as usize) < stride
                    && let Some(n) = in_play.get_mut(u.type_index * stride + u.level as usize)
                {
                    *n += 1;
                }
            } else if u.location == Location::Eliminated && pool[u.type_index].is_none() {
                pool[u.type_index] = Some(i);
            }
        }
        // The lines' sides as found once for the game (`line_types`), not by name.
        let lines = game
            .ruleset
            .as_any()
            .downcast_ref::<super::DecisionIraq>()
            .into_iter()
            .flat_map(|di| di.rules.mobilization.iter().zip(&di.line_types).enumerate())
            .filter(|(_, (r, (s, _)))| *s == Some(side) && r.option.as_ref().is_none_or(|o| game.options.contains(o)))
            .map(|(i, (r, &(_, t)))| (i, r, t))
            .collect();
        let (index, surge) = (index_track(game, side), surge_track(game, side));
        let facts = std::iter::repeat_with(|| None).take(2 * types).collect();
        Self { game, turn, units, tracks, control, start, side, occupied, in_play, stride, pool, facts, lines, index, surge }
    }

    /// Why a recruit may not be made at `space`, or the purchase.
    pub fn check<'s>(&mut self, unit_type: &'s str, space: SpaceId, surge: bool) -> Result<Purchase, Refusal<'s>>
    where
        'a: 's,
    {
        let (game, turn, side) = (self.game, self.turn, self.side);
        let district = game.board.area_of(space);
        // 27.13: units bought during the side's set-up, at a multiple of their cost.
        let at_setup = super::netwar(game).and_then(|n| n.setup_recruits.as_ref()).filter(|r| game.options.contains(&r.option) && turn.setup == Some(side) && game.side_index(&r.side) == Some(side));
        if turn.setup.is_some() {
            let Some(sr) = at_setup else { return Err(Refusal::NotInPhase) };
            if surge || !sr.unit_types.iter().any(|t| t == unit_type) {
                return Err(Refusal::NotAtSetup(unit_type));
            }
            let line = super::netwar(game).and_then(|n| n.mobilization.iter().find(|r| r.unit_type == unit_type && game.side_index(&r.side) == Some(side)));
            let cost = line.map_or(0, |r| r.cost) * sr.cost_multiplier;
            let as_chart = Recruit { side: sr.side.clone(), unit_type: unit_type.to_string(), cost, place: sr.place.clone(), iraq_only: false, option: None };
            if !placement_allows(game, self.start, side, &as_chart, district) {
                return Err(Refusal::SetupOutsideIraq(unit_type));
            }
            return self.finish(unit_type, space, district, false, cost);
        }
        let phase = turn.current_phase(game).ok_or(Refusal::NoPhase)?;
        if phase.kind != PhaseKind::Mobilization || turn.actor(game, phase) != Some(side) {
            return Err(Refusal::NotInPhase);
        }
        // The first chart line (of those whose option is on) that lets the unit go there (27.3:
        // a second, dearer line places Iraqi militia anywhere in Iraq).
        let mut lines = super::netwar(game)
            .into_iter()
            .flat_map(|n| n.mobilization.iter())
            .filter(|r| r.unit_type == unit_type && game.side_index(&r.side) == Some(side))
            .filter(|r| r.option.as_ref().is_none_or(|o| game.options.contains(o)))
            .peekable();
        if lines.peek().is_none() {
            return Err(Refusal::NotOnChart(unit_type, game.side_id(side)));
        }
        let Some(r) = lines.find(|r| placement_allows(game, self.start, side, r, district)) else {
            return Err(Refusal::ChartForbids(unit_type, game.board.key(district)));
        };
        // 27.2: no Iraqi insurgent recruits in a Green Zone the CI controls.
        if let Some(n) = super::netwar(game) {
            let contingent = game.scenario.unit_types.iter().find(|t| t.id == unit_type).map(|t| t.contingent.as_str()).unwrap_or_default();
            for b in n.recruit_bans.iter().filter(|b| game.options.contains(&b.option) && b.contingent == contingent && b.space == game.board.key(district)) {
                if game.side_index(&b.controlled_by).is_some_and(|c| self.control.owner[district.index()] == Some(c)) {
                    return Err(Refusal::Banned(unit_type, &b.space, &b.controlled_by, &b.rule));
                }
            }
        }
        self.finish(unit_type, space, district, surge, r.cost)
    }

    /// What every purchase of unit type `t` with this payment shares, worked out on first use.
    fn facts(&mut self, t: usize, surge: bool) -> &TypeFacts {
        let (game, units) = (self.game, &*self.units);
        let (in_play, pool) = (&self.in_play[t * self.stride..(t + 1) * self.stride], self.pool[t]);
        // `levels::free_at` from the counts: fewer units at the level on the map than its mix.
        let free_at = |l: u32| crate::rules::levels::mix_at(game, t, l).is_none_or(|mix| in_play.get(l as usize).copied().unwrap_or(0) < mix);
        // 13.7: the bans depend on the counter bought, not on the payment.
        let other = if self.facts[2 * t + usize::from(surge)].is_none() { self.facts[2 * t + usize::from(!surge)].as_ref().map(|f| f.bans.clone()) } else { None };
        self.facts[2 * t + usize::from(surge)].get_or_insert_with(|| {
            // 12.2: multi-level units enter at level 1; 24.5: bought with mobilization points,
            // at the highest level with a free counter (`levels::highest_free`).
            let level = if surge { range(game, t).and_then(|(lo, hi)| (lo..=hi).rev().find(|l| free_at(*l))) } else { Some(range(game, t).map_or(0, |(lowest, _)| lowest)) };
            debug_assert!(!surge || level == crate::rules::levels::highest_free(game, units, t));
            let free = level.is_some_and(free_at);
            debug_assert_eq!(free, level.is_some_and(|l| crate::rules::levels::free_at(game, units, t, l, "")));
            let counter = pool;
            // 13.7: the Movement Restriction Chart holds for placements too.
            let bans = other.unwrap_or_else(|| counter.map(|c| crate::rules::entry_bans::entry_bans(game, units, &units.all()[c])).unwrap_or_default());
            TypeFacts { level, free, counter, bans }
        })
    }

    /// Whether a purchase of the type with this payment may be made anywhere at all, outside
    /// set-up: the checks of [`Market::check`] that no district changes (the phase, the cheapest
    /// chart line's price, a free counter), made once so that the legal list skips every district
    /// of a type refused everywhere. Never false where `check` would accept.
    /// `t`: the index of the unit type, if the scenario has it.
    pub(super) fn may_buy_somewhere(&mut self, t: Option<usize>, surge: bool) -> bool {
        let (game, turn, side, tracks) = (self.game, self.turn, self.side, self.tracks);
        let Some(phase) = turn.current_phase(game) else { return false };
        if turn.setup.is_some() || phase.kind != PhaseKind::Mobilization || turn.actor(game, phase) != Some(side) {
            return false;
        }
        let Some(t) = t else { return false };
        let Some(cheapest) = self.lines.iter().filter(|(_, _, lt)| *lt == Some(t)).map(|(_, r, _)| r.cost).min() else {
            return false;
        };
        let affordable = if surge { self.surge.is_some_and(|t| tracks.0[t] >= cheapest) } else { self.index.is_some_and(|t| tracks.0[t] - cheapest >= 1) };
        if !affordable {
            return false;
        }
        let facts = self.facts(t, surge);
        facts.level.is_some() && facts.free && facts.counter.is_some()
    }

    /// Whether the side can pay `cost` (with mobilization points, or from its index without
    /// spending it to 0): [`Market::finish`]'s payment checks.
    pub(super) fn can_pay(&self, cost: i32, surge: bool) -> bool {
        let tracks = self.tracks;
        if surge { self.surge.is_some_and(|t| tracks.0[t] >= cost) } else { self.index.is_some_and(|t| tracks.0[t] - cost >= 1) }
    }

    /// [`Market::finish`]'s checks after the payment (the box, the district, a free counter, the
    /// Movement Restriction Chart), as a yes or no.
    pub(super) fn fits(&mut self, t: usize, space: SpaceId, district: SpaceId, surge: bool) -> bool {
        let board = &self.game.board;
        if matches!(board.spaces[space.index()].kind, SpaceKind::Slot { .. }) && self.occupied[space.index()] > 0 {
            return false;
        }
        if !matches!(board.spaces[district.index()].kind, SpaceKind::Area) {
            return false;
        }
        let facts = self.facts(t, surge);
        facts.level.is_some() && facts.free && facts.counter.is_some() && !facts.bans.contains(district)
    }

    /// Outside set-up: the price of the first chart line that places the unit type in the
    /// district, if the phase allows buying and no 27.2 ban holds there (`check`'s checks before
    /// the payment).
    /// The phase checks are the caller's (`may_buy_somewhere`, once per unit type); `contingent`
    /// is the unit type's.
    pub(super) fn line_cost(&self, unit_type: &str, contingent: &str, district: SpaceId) -> Option<i32> {
        let (game, side) = (self.game, self.side);
        let n = super::netwar(game)?;
        let (_, r, _) = self.lines.iter().filter(|(_, r, _)| r.unit_type == unit_type).find(|(_, r, _)| placement_allows(game, self.start, side, r, district))?;
        let banned = n
            .recruit_bans
            .iter()
            .filter(|b| game.options.contains(&b.option) && b.contingent == contingent && b.space == game.board.key(district))
            .any(|b| game.side_index(&b.controlled_by).is_some_and(|c| self.control.owner[district.index()] == Some(c)));
        (!banned).then_some(r.cost)
    }

    /// The side's chart lines of unit type `t` whose option is on, in chart order, each with
    /// the districts it places in ([`placement_allows`] for every district at once) and its
    /// price: the first that holds a district is the one `line_cost` finds there.
    pub(super) fn line_places(&self, t: usize) -> Vec<(std::borrow::Cow<'a, SpaceSet>, i32)> {
        let (game, side, start) = (self.game, self.side, self.start);
        let Some(di) = game.ruleset.as_any().downcast_ref::<super::DecisionIraq>() else { return Vec::new() };
        // Worked out as the phase began (`snapshot`), or now for a start made otherwise.
        let known = start.1.len() == di.rules.mobilization.len();
        let place = |i: usize, r: &Recruit| match (known, di.fixed_places.get(i), di.with_places.get(i)) {
            (true, ..) => std::borrow::Cow::Borrowed(&start.1[i]),
            (false, Some(fixed), Some(with)) => std::borrow::Cow::Owned(placement_set(di, &game.board, (start, side), r, (fixed, with))),
            _ => std::borrow::Cow::Owned(SpaceSet::new(0)),
        };
        self.lines.iter().filter(|(_, _, lt)| *lt == Some(t)).map(|&(i, r, _)| (place(i, r), r.cost)).collect()
    }

    /// The districts where a 27.2 ban keeps units of `contingent` from being recruited now.
    pub(super) fn recruit_banned(&self, contingent: &str) -> SpaceSet {
        let game = self.game;
        let mut out = SpaceSet::new(game.board.len());
        for b in super::netwar(game).into_iter().flat_map(|n| n.recruit_bans.iter()) {
            if game.options.contains(&b.option)
                && b.contingent == contingent
                && let Some(d) = game.board.space(&b.space)
                && game.side_index(&b.controlled_by).is_some_and(|c| self.control.owner[d.index()] == Some(c))
            {
                out.insert(d);
            }
        }
        out
    }

    /// The checks every purchase shares: payment, box, counter, Movement Restriction Chart.
    fn finish<'s>(&mut self, unit_type: &'s str, space: SpaceId, district: SpaceId, surge: bool, cost: i32) -> Result<Purchase, Refusal<'s>>
    where
        'a: 's,
    {
        let t = self.game.scenario.unit_types.iter().position(|u| u.id == unit_type).ok_or(Refusal::UnknownType(unit_type))?;
        self.finish_type(unit_type, t, space, district, surge, cost)
    }

    /// [`Market::finish`] for the unit type at index `t`.
    fn finish_type<'s>(&mut self, unit_type: &'s str, t: usize, space: SpaceId, district: SpaceId, surge: bool, cost: i32) -> Result<Purchase, Refusal<'s>>
    where
        'a: 's,
    {
        let (game, side, tracks) = (self.game, self.side, self.tracks);
        let at = game.board.key(space);
        if surge {
            let t = surge_track(game, side).ok_or(Refusal::NoPoints)?;
            if tracks.0[t] < cost {
                return Err(Refusal::PointsShort(unit_type, cost, tracks.0[t]));
            }
        } else {
            let track = index_track(game, side).ok_or(Refusal::NoIndex)?;
            // Spending the index to 0 would lose the game at once (5.2): a purchase must leave at least 1.
            if tracks.0[track] - cost < 1 {
                return Err(Refusal::IndexShort(unit_type, cost, tracks.0[track]));
            }
        }
        if matches!(game.board.spaces[space.index()].kind, SpaceKind::Slot { .. }) && self.occupied[space.index()] > 0 {
            return Err(Refusal::BoxFull(at));
        }
        if !matches!(game.board.spaces[district.index()].kind, SpaceKind::Area) {
            return Err(Refusal::NotDistrict(at));
        }
        let facts = self.facts(t, surge);
        let level = facts.level.ok_or(Refusal::NoneFree(unit_type))?;
        if !facts.free {
            return Err(Refusal::NoneFreeAt(unit_type, level));
        }
        let counter = facts.counter.ok_or(Refusal::AllInPlay(unit_type))?;
        if facts.bans.contains(district) {
            return Err(Refusal::Restricted(unit_type, game.board.key(district)));
        }
        Ok(Purchase { counter, level, cost })
    }
}

/// Why a recruit may not be made, or the pool counter and its entry level.
#[expect(clippy::too_many_arguments, reason = "the state a purchase depends on, read-only")]
pub fn recruit_check(game: &Game, turn: &TurnState, units: &UnitsView, (tracks, control): (&Tracks, &crate::model::Control), start: &MobilizationStart, side: usize, unit_type: &str, at: &str, surge: bool) -> Result<(String, u32, i32), String> {
    let space = game.board.space(at).ok_or_else(|| format!("unknown space `{at}`"))?;
    let p = Market::new(game, turn, units, (tracks, control), start, side).check(unit_type, space, surge).map_err(|r| r.to_string())?;
    Ok((units.all()[p.counter].id.to_string(), p.level, p.cost))
}

fn recruit(mut ctx: CommandCtx, mut tracks: ResMut<Tracks>, control: Res<crate::model::Control>, start: Res<MobilizationStart>, mut q: LossQuery) {
    let Some((side, Command::Recruit { unit_type, at, surge })) = ctx.cmd.0.clone() else { return };
    let (unit_type, at) = (unit_type.to_string(), at.to_string());
    let units = q.view();
    let game = ctx.game.clone();
    let (id, level, cost) = match recruit_check(&game, &ctx.turn, &units, (&tracks, &control), &start, side, &unit_type, &at, surge) {
        Ok(x) => x,
        Err(r) => return ctx.reject(r),
    };
    let Some(space) = game.board.space(&at) else { return };
    if let Some((_, mut loc, mut lvl, mut act, _)) = q.unit_mut(id.as_str()) {
        *loc = Location::OnMap(space);
        *lvl = StepLevel(level);
        *act = crate::model::Activity::default();
    }
    let track = if surge { surge_track(&game, side) } else { index_track(&game, side) }.unwrap_or(0);
    let before = tracks.0[track];
    let after = crate::rules::tracks::adjust_track(&game, &mut tracks, track, -cost);
    let name = &game.scenario.tracks[track].name;
    ctx.log(LogKind::Command, format_args!("{} recruits {id} ({unit_type}, level {level}) at {at} for {cost}: {name} {before} -> {after} (12.1)", game.side_id(side)), Some(at.clone()));
}

/// Why a withdrawal may not be made.
#[must_use]
pub fn withdraw_rejection(game: &Game, turn: &TurnState, units: &UnitsView, side: usize, unit: &str) -> Option<String> {
    if !withdrawals_open(game, turn, side)? {
        return Some("units are withdrawn in the side's own Mobilization phase (12.8)".into());
    }
    match units.get(unit) {
        None => Some(format!("unknown unit `{unit}`")),
        Some(u) if u.side != side => Some(format!("`{unit}` is not a unit of {}", game.side_id(side))),
        Some(u) if u.space().is_none() => Some(format!("`{unit}` is not on the map")),
        Some(_) => None,
    }
}

/// 12.8: whether `side` may withdraw units now (its own Mobilization phase, not at set-up);
/// `None` when no phase is under way.
pub(super) fn withdrawals_open(game: &Game, turn: &TurnState, side: usize) -> Option<bool> {
    if turn.setup.is_some() {
        return Some(false);
    }
    let phase = turn.current_phase(game)?;
    Some(phase.kind == PhaseKind::Mobilization && turn.actor(game, phase) == Some(side))
}

fn withdraw(mut ctx: CommandCtx, mut q: LossQuery) {
    let Some((side, Command::Withdraw { unit })) = ctx.cmd.0.clone() else { return };
    let unit = unit.to_string();
    let units = q.view();
    if let Some(r) = withdraw_rejection(&ctx.game, &ctx.turn, &units, side, &unit) {
        return ctx.reject(r);
    }
    let from = units.get(&unit).and_then(|u| u.space()).map(|s| ctx.game.board.key(s).to_string());
    if let Some((_, mut loc, ..)) = q.unit_mut(unit.as_str()) {
        *loc = Location::Eliminated;
    }
    ctx.log(LogKind::Command, format_args!("{unit} is withdrawn and available again (12.8)"), from);
}
