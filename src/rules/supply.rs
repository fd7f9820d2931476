//! Supply (tutorial 5.7.5, HW 1.6): sources feed a road network through hexes the side controls
//! that hold no enemy unit and are not in an enemy ZOC unless a friendly unit is there; a unit is
//! in supply if it can trace a path of at most `trace_mp` MP to a connected hex (or a source),
//! through hexes with no enemy unit and not in an enemy ZOC unless friendly-occupied.
//! Limited sources supply at most `capacity` units and do not feed the network. Supply units,
//! fortresses, cities and types always in supply: `supply_sources` (ToO 15).


use bevy::prelude::*;

use super::movement::{edge_cost, enemy_zoc};
use super::supply_trace::trace_costs;
use super::note::log;
use super::RulesSystems;
use crate::scenario::board::SpaceKind;
use crate::scenario::steps::StepCost;
use crate::model::view::{UnitView, UnitsView, steps_left};
use crate::model::{Control, Game, SpaceId, TurnState, UnitIndex};
use crate::scenario::schema::{PhaseKind, RoadClass, RoadClassRef, SupplyEffect, SupplyRules};
use crate::model::log::{GameLog, LogKind};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // Each only where supply is traced and has its effect (tutorial 5.7.5: halved movement at
    // the start of a movement phase; a step lost in the Supply phase).
    let effect = |want: SupplyEffect| move |sc: &crate::scenario::schema::Scenario| sc.rules.supply.as_ref().is_some_and(|r| r.effects.contains(&want));
    match (s.uses(effect(SupplyEffect::HalveMovement)), s.uses(effect(SupplyEffect::LoseStep))) {
        (true, true) => s.at_phase_start((check_supply_at_movement_start, supply_attrition).chain()),
        (true, false) => s.at_phase_start(check_supply_at_movement_start),
        (false, true) => s.at_phase_start(supply_attrition),
        (false, false) => s,
    };
    if s.uses(|sc| sc.rules.supply.is_some()) {
        s.always(remove_entered_markers.in_set(super::Gate::Accepted).in_set(RulesSystems::Tracks));
    }
}

/// A marker supply source is removed for good when an enemy unit enters its space (tutorial
/// 5.7.9: the Beachhead).
pub fn remove_entered_markers(game: Res<Game>, turn: Res<TurnState>, mut control: ResMut<Control>, mut glog: ResMut<GameLog>, mut q: crate::model::units_now::UnitQuery) {
    let Some(rules) = &game.scenario.rules.supply else { return };
    if control.source_markers.values().all(Option::is_none) {
        return;
    }
    let units = q.view();
    let placed: Vec<(usize, SpaceId)> = control.source_markers.iter().filter_map(|(i, s)| s.map(|s| (*i, s))).collect();
    for (i, space) in placed {
        let owner = game.side_index(&rules.sources[i].side);
        if units.at(space).any(|u| Some(u.side) != owner) {
            control.source_markers.insert(i, None);
            let key = game.board.key(space).to_string();
            log(&mut glog, &game, &turn, LogKind::Control, format!("the supply marker in {key} is removed for good: an enemy unit entered it"), Some(key));
        }
    }
}

/// Run condition of the phase-start hooks: the sequence began a new phase in this run
/// (`Outcome::phase_started`).
pub fn phase_started(o: Res<crate::model::Outcome>) -> bool {
    o.phase_started
}

fn road_matches(class: RoadClass, r: RoadClassRef) -> bool {
    matches!(
        (class, r),
        (RoadClass::Road, RoadClassRef::Road) | (RoadClass::FirstClass, RoadClassRef::FirstClass) | (RoadClass::Rail, RoadClassRef::Rail)
    ) || (class == RoadClass::FirstClass && r == RoadClassRef::Road)
}

/// Everything a side's supply depends on, computed once per check.
#[derive(Clone, Debug)]
pub struct SupplyMap {
    /// Hexes connected to a source through the network (or unlimited source spaces).
    pub connected: Vec<bool>,
    /// Limited sources: (space, capacity).
    pub limited: Vec<(SpaceId, u32)>,
    /// Hexes a trace may not pass: enemy units, or enemy ZOC unless friendly-occupied.
    pub blocked: Vec<bool>,
    /// Demolished bridges (a trace pays the hexside there).
    pub demolished: std::collections::BTreeSet<(SpaceId, SpaceId)>,
    /// Hexes whose units are supplied where they stand (ToO 15.3(b): a fortress's).
    pub local: Vec<bool>,
}

/// Builds a side's supply map. `interdicted` hexes carry no road (phase-scoped markers).
#[must_use]
pub fn supply_map(game: &Game, rules: &SupplyRules, units: &UnitsView, control: &Control, side: usize, interdicted: &[bool]) -> SupplyMap {
    supply_map_within(game, rules, units, control, (side, interdicted), &enemy_zoc(game, units, side))
}

/// [`supply_map`] within the enemy zones of control `zoc` (those [`enemy_zoc`] finds).
fn supply_map_within(game: &Game, rules: &SupplyRules, units: &UnitsView, control: &Control, (side, interdicted): (usize, &[bool]), zoc: &[bool]) -> SupplyMap {
    let b = &game.board;
    let mut enemy = vec![false; b.len()];
    let mut friend = vec![false; b.len()];
    for u in units.all() {
        if let Some(s) = u.space() {
            if u.side == side {
                friend[s.index()] = true;
            } else if !rules.not_blocking.contains(&game.scenario.unit_types[u.type_index].id) {
                enemy[s.index()] = true;
            }
        }
    }
    let mut blocked = enemy.clone();
    if rules.zoc_blocks_unless_friendly {
        for ((b, z), f) in blocked.iter_mut().zip(zoc).zip(&friend) {
            *b |= *z && !*f;
        }
    }
    let controlled = |i: usize| !rules.network_requires_control || control.owner[i] == Some(side);
    let mut connected = vec![false; b.len()];
    let mut limited = Vec::new();
    let mut stack = Vec::new();
    for (n, src) in rules.sources.iter().enumerate().filter(|(_, s)| game.side_index(&s.side) == Some(side)) {
        // A marker source is only where its marker stands (tutorial 5.7.9 Beachhead).
        let spaces: Vec<SpaceId> = if src.marker_with.is_empty() {
            src.spaces.iter().filter_map(|k| b.space(k)).collect()
        } else {
            control.source_markers.get(&n).copied().flatten().into_iter().collect()
        };
        for id in spaces {
            let i = id.index();
            if blocked[i] || (src.needs_control && control.owner[i] != Some(side) && matches!(b.spaces[i].kind, SpaceKind::Hex { .. })) {
                continue;
            }
            match src.capacity {
                Some(c) => limited.push((id, c)),
                None => {
                    connected[i] = true;
                    stack.push(id);
                }
            }
        }
    }
    while let Some(at) = stack.pop() {
        for e in &b.edges[at.index()] {
            let to = e.to.index();
            let on_network = e.road.is_some_and(|c| rules.network.iter().any(|r| road_matches(c, *r)));
            if connected[to] || !on_network || blocked[to] || !controlled(to) || interdicted[at.index()] || interdicted[to] {
                continue;
            }
            connected[to] = true;
            stack.push(e.to);
        }
    }
    // ToO 15.2: the hexes supply units reach count as connected (they feed no network).
    super::supply_sources::cover_from_units(game, rules, units, side, (&enemy, zoc), &mut connected);
    let local = super::supply_sources::local_hexes(game, rules, units, side);
    SupplyMap { connected, limited, blocked, demolished: control.demolished.clone(), local }
}

/// Which of a side's units on the map are in supply (ids in order, with the verdict).
#[must_use]
pub fn supply_status(game: &Game, rules: &SupplyRules, units: &UnitsView, map: &SupplyMap, side: usize) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut used: Vec<u32> = vec![0; map.limited.len()];
    // Whether a unit reaches the network depends only on its space and its movement class: with
    // many units on a small map, one search back from the network per class answers it for all.
    let mine = units.all().iter().filter(|u| u.side == side && u.space().is_some()).count();
    let backward = backward_pays(game, rules, mine);
    let mut reach: Vec<(&str, Vec<Option<u32>>)> = Vec::new();
    let mut cities = super::supply_sources::CityShares::default();
    for u in units.all().iter().filter(|u| u.side == side && u.space().is_some()) {
        let mut costs = None;
        let here = u.space().is_some_and(|at| super::supply_sources::supplied_where_it_stands(game, rules, &map.local, u, at));
        let mut ok = if here {
            true
        } else if backward {
            let class = game.scenario.unit_types[u.type_index].movement_class.as_str();
            let k = match reach.iter().position(|(c, _)| *c == class) {
                Some(k) => k,
                None => {
                    reach.push((class, costs_to_network(game, rules, map, class)));
                    reach.len() - 1
                }
            };
            u.space().is_some_and(|s| reach[k].1[s.index()].is_some())
        } else {
            costs.insert(trace_costs(game, rules, map, u)).reaches_network(map)
        };
        if !ok && !map.limited.is_empty() {
            let costs = costs.unwrap_or_else(|| trace_costs(game, rules, map, u));
            // Limited sources serve the first units (by id) that reach them.
            ok = take_limited(map, &mut used, &costs);
        }
        // ToO 15.3(c): a city supplies units worth up to its VP, those that need it.
        if !ok {
            ok = cities.take(game, rules, u);
        }
        out.push((String::from(&*u.id), ok));
    }
    out
}

/// Whether one unit of `side` is in supply: `side_supply`'s answer for it. The unit's own trace
/// comes first: supplied where it stands or reaching the network, it is supplied whatever the
/// others take; only otherwise are the units that can change the answer traced (those before
/// it in id order, when limited sources or cities are shared out among them).
#[must_use]
pub fn unit_in_supply(game: &Game, units: &UnitsView, control: &Control, side: usize, unit: &str) -> bool {
    unit_in_supply_within(game, units, control, (side, unit), &enemy_zoc(game, units, side))
}

/// [`unit_in_supply`] within the enemy zones of control `zoc` (those [`enemy_zoc`] finds).
#[must_use]
pub fn unit_in_supply_within(game: &Game, units: &UnitsView, control: &Control, (side, unit): (usize, &str), zoc: &[bool]) -> bool {
    let Some(rules) = &game.scenario.rules.supply else {
        return units.all().iter().any(|u| u.side == side && u.space().is_some() && &*u.id == unit);
    };
    let Some(me) = units.get(unit).filter(|u| u.side == side && u.space().is_some()) else { return false };
    let map = supply_map_within(game, rules, units, control, (side, &control.interdicted), zoc);
    let stands = |u: &UnitView| u.space().is_some_and(|at| super::supply_sources::supplied_where_it_stands(game, rules, &map.local, u, at));
    if stands(me) {
        return true;
    }
    let own = trace_costs(game, rules, &map, me);
    if own.reaches_network(&map) {
        return true;
    }
    let mut used: Vec<u32> = vec![0; map.limited.len()];
    let mut cities = super::supply_sources::CityShares::default();
    // Limited sources serve the first units (by id) that reach them (and cities their share):
    // the units before this one that take them are found first.
    let shared = !map.limited.is_empty() || rules.local.contains(&crate::scenario::schema::LocalSupply::ObjectiveVp);
    if shared {
        for u in units.all().iter().take_while(|u| u.rank != me.rank).filter(|u| u.side == side && u.space().is_some()) {
            if stands(u) {
                continue;
            }
            let costs = trace_costs(game, rules, &map, u);
            if costs.reaches_network(&map) {
                continue;
            }
            if !take_limited(&map, &mut used, &costs) {
                cities.take(game, rules, u);
            }
        }
    }
    take_limited(&map, &mut used, &own) || cities.take(game, rules, me)
}

/// The first limited source (in the map's order) with room left that the trace reaches, taken:
/// whether there was one.
fn take_limited(map: &SupplyMap, used: &mut [u32], costs: &super::supply_trace::Trace) -> bool {
    for (k, (src, cap)) in map.limited.iter().enumerate() {
        if used[k] < *cap && costs.reaches(*src) {
            used[k] += 1;
            return true;
        }
    }
    false
}

/// Supply of every unit of one side now: (unit, in supply).
#[must_use]
pub fn side_supply(game: &Game, units: &UnitsView, control: &Control, side: usize) -> Vec<(String, bool)> {
    let Some(rules) = &game.scenario.rules.supply else {
        return units.all().iter().filter(|u| u.side == side && u.space().is_some()).map(|u| (String::from(&*u.id), true)).collect();
    };
    super::supply_memo::side_supply_remembered(game, units, control, side, || {
        let map = supply_map(game, rules, units, control, side, &control.interdicted);
        supply_status(game, rules, units, &map, side)
    })
}

/// A quick sufficient test for "in supply after moving to `to`": with the unit taken off the
/// map, `base` (that side's supply map then) already lets it trace from `to` to a connected hex.
/// Moving only adds friendly occupation and control, which never cut supply, so a yes is sure;
/// a no needs the full check (limited sources among others).
#[must_use]
pub fn surely_supplied_at(game: &Game, base: &SupplyMap, unit: &UnitView, to: SpaceId) -> bool {
    let Some(rules) = &game.scenario.rules.supply else { return true };
    if super::supply_sources::supplied_where_it_stands(game, rules, &base.local, unit, to) {
        return true;
    }
    let mut moved = unit.clone();
    moved.location = crate::model::Location::OnMap(to);
    trace_costs(game, rules, base, &moved).reaches_network(base)
}

/// How to answer "would this unit trace to the network of `base` from there?" for many spaces:
/// by one search back from the network, when that costs less than a trace from each space.
pub enum SureSupply {
    /// The scenario has no supply rules: every space is supplied.
    Everywhere,
    /// The search back from the network, for the unit's movement class.
    Table(Vec<Option<u32>>),
    /// A trace from each space asked about.
    Trace,
}

impl SureSupply {
    /// How to answer for `asked` spaces for `unit`: the search back from the network covers
    /// the map, a trace from one space only the spaces within `trace_mp` of it.
    #[must_use]
    pub fn for_spaces(game: &Game, base: &SupplyMap, unit: &UnitView, asked: usize) -> Self {
        let Some(rules) = &game.scenario.rules.supply else { return SureSupply::Everywhere };
        if backward_pays(game, rules, asked) {
            SureSupply::Table(costs_to_network(game, rules, base, &game.scenario.unit_types[unit.type_index].movement_class))
        } else {
            SureSupply::Trace
        }
    }

    /// [`surely_supplied_at`].
    #[must_use]
    pub fn at(&self, game: &Game, base: &SupplyMap, unit: &UnitView, to: SpaceId) -> bool {
        match self {
            SureSupply::Everywhere => true,
            SureSupply::Table(t) => {
                t[to.index()].is_some()
                    || game.scenario.rules.supply.as_ref().is_some_and(|r| super::supply_sources::supplied_where_it_stands(game, r, &base.local, unit, to))
            }
            SureSupply::Trace => surely_supplied_at(game, base, unit, to),
        }
    }
}

/// Whether one search back from the network costs less than `traces` traces forward: a trace
/// on a hex map visits at most the hexes within `trace_mp` of its start.
fn backward_pays(game: &Game, rules: &SupplyRules, traces: usize) -> bool {
    let r = rules.trace_mp as usize;
    let ball = if game.board.is_hex { 3 * r * (r + 1) + 1 } else { game.board.len() };
    traces.saturating_mul(ball) > game.board.len()
}

/// For every space, whether a unit of `class` standing there traces to the network of `base`
/// ([`surely_supplied_at`] for every space at once): `None` when the scenario has no supply
/// rules.
#[must_use]
pub fn network_reach(game: &Game, base: &SupplyMap, class: &str) -> Option<Vec<Option<u32>>> {
    let rules = game.scenario.rules.supply.as_ref()?;
    Some(costs_to_network(game, rules, base, class))
}

/// The least trace cost from every space to a space connected to a source, for units of one
/// movement class: the costs a forward trace from each space (`trace_costs`) would find to the
/// nearest connected space, within `trace_mp`, found by one search backwards from the network.
/// A trace enters no blocked space and no off-map box; the space it starts from may be either.
fn costs_to_network(game: &Game, rules: &SupplyRules, map: &SupplyMap, class: &str) -> Vec<Option<u32>> {
    let b = &game.board;
    let class = b.move_class(class);
    let enterable = |i: usize| !map.blocked[i] && !matches!(b.spaces[i].kind, SpaceKind::OffMap { .. });
    let mut best: Vec<Option<u32>> = vec![None; b.len()];
    // Costs are whole points up to `trace_mp`: spaces are taken cost by cost (`CostQueue`,
    // the thread's, kept with its lists from one search to the next).
    let mut queue = BACK_QUEUE.take();
    queue.start(rules.trace_mp);
    for (i, c) in map.connected.iter().enumerate() {
        if *c {
            best[i] = Some(0);
            queue.push(0, SpaceId(i as u32));
        }
    }
    // A step's cost as `edge_cost` gives it, read from the class's steps where it can be (as
    // the forward trace reads it, `supply_trace`).
    let allowance = rules.trace_mp.max(1);
    let steps = b.steps(class);
    let step_cost = |from: SpaceId, k: usize, e: &crate::scenario::board::Edge| match steps.and_then(|(steps, table)| steps[table.range(from)].get(k)).map(|s| s.cost()) {
        Some(StepCost::Terrain(n) | StepCost::Link(n)) => Some(n),
        Some(StepCost::AllMp) => Some(allowance),
        Some(StepCost::Prohibited) => None,
        Some(StepCost::Full) | None => edge_cost(game, from, e, class, allowance, &[], &map.demolished),
    };
    while let Some((c, to)) = queue.pop() {
        // Only a space a trace may enter leads on to the spaces before it.
        if best[to.index()] != Some(c) || !enterable(to.index()) {
            continue;
        }
        // The steps a forward trace takes into `to`, each from its own space.
        for (from, k, e) in b.edges_into(to) {
            let Some(mp) = step_cost(from, k, e) else { continue };
            let n = c + if rules.trace_in_hexes { 1 } else { mp };
            if n <= rules.trace_mp && best[from.index()].is_none_or(|o| n < o) {
                best[from.index()] = Some(n);
                queue.push(n, from);
            }
        }
    }
    BACK_QUEUE.set(queue);
    best
}

thread_local! {
    /// The queue of the searches back from the network on this thread.
    static BACK_QUEUE: std::cell::Cell<super::supply_trace::CostQueue> = std::cell::Cell::new(super::supply_trace::CostQueue::default());
}

fn has_effect(game: &Game, f: impl Fn(&SupplyEffect) -> bool) -> bool {
    game.scenario.rules.supply.as_ref().is_some_and(|r| r.effects.iter().any(f))
}

/// Start of a movement phase: the acting side's units out of supply move at half allowance.
/// Waits while interdiction markers are being placed (they come first).
pub fn check_supply_at_movement_start(
    game: Res<Game>,
    turn: Res<TurnState>,
    control: Res<Control>,
    prompt: Res<crate::model::PendingPrompt>,
    mut glog: ResMut<GameLog>,
    mut q: crate::model::units_now::UnitsMut,
) {
    if prompt.0.is_none() {
        movement_start_supply(&game, &turn, &control, &mut glog, &mut q);
    }
}

/// The movement-start supply check (tutorial 5.7.5): marks the acting side's units out of
/// supply, which halves their allowance and bars them from reserve.
pub fn movement_start_supply(
    game: &Game,
    turn: &TurnState,
    control: &Control,
    glog: &mut GameLog,
    q: &mut crate::model::units_now::UnitsMut,
) {
    let Some(phase) = turn.current_phase(game) else { return };
    if phase.kind != PhaseKind::Movement || !has_effect(game, |e| *e == SupplyEffect::HalveMovement) {
        return;
    }
    let Some(side) = turn.actor(game, phase) else { return };
    let units = q.view();
    let status = side_supply(game, &units, control, side);
    let out: Vec<&str> = status.iter().filter(|(_, ok)| !ok).map(|(id, _)| id.as_str()).collect();
    for (u, _, _, mut act, _) in q.iter_mut() {
        if u.side == side {
            act.out_of_supply = out.contains(&&*u.id);
        }
    }
    if !out.is_empty() {
        log(glog, game, turn, LogKind::Supply, format_args!("out of supply (half movement): {}", out.join(", ")), None);
    }
}

/// The side's Supply phase: every unit out of supply loses a step.
fn supply_attrition(
    game: Res<Game>,
    turn: Res<TurnState>,
    control: Res<Control>,
    index: Res<UnitIndex>,
    mut glog: ResMut<GameLog>,
    mut q: super::losses::LossQuery,
) {
    let Some(phase) = turn.current_phase(&game) else { return };
    if phase.kind != PhaseKind::Supply || !has_effect(&game, |e| *e == SupplyEffect::LoseStep) {
        return;
    }
    let Some(side) = turn.actor(&game, phase) else { return };
    // The units out of supply, each with the steps it will have left, read before any loses
    // one: the view is let go first (one still held would be copied whole at the next look).
    let losing: Vec<(String, u32)> = {
        let units = q.view();
        let left = |id: &str| units.get(id).map_or(0, |u| steps_left(&game, u.type_index, u.level)).saturating_sub(1);
        side_supply(&game, &units, &control, side).into_iter().filter(|(_, ok)| !ok).map(|(id, _)| {
            let n = left(&id);
            (id, n)
        }).collect()
    };
    for (id, left) in losing {
        let Some(&e) = index.0.get(&id) else { continue };
        let eliminated = super::losses::lose_step(&game, e, &mut q);
        let text = if eliminated { format!("{id} is out of supply and eliminated") } else { format!("{id} is out of supply and loses a step ({left} left)") };
        log(&mut glog, &game, &turn, LogKind::Supply, text, None);
    }
}
