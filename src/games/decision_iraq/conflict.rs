//! Conflict results of Netwar games (DI 16): the roll on the chosen table, then in order the
//! points (the gaining side adds its own printed points or subtracts the enemy's, 16.33), the
//! level changes of the gaining side's conventional units (16.34-16.35) or the Kinetic
//! eliminations (16.42), the retreat (16.43-16.47), and the advance into boxes emptied by an
//! attack on units in boxes (15.2). The owner chooses whenever there is a choice; the answers are
//! taken by `conflict_answers.rs`, suicide attacks and PGM strikes planned in `strikes.rs`.

use super::vocabulary::DiPrompt;
use std::collections::VecDeque;

use bevy::prelude::*;

use super::retreat::{destinations, friendly_base, is_base};
use crate::model::view::{UnitsView, has_flag, is_static};
use crate::model::{Game, Location, PendingPrompt, SpaceId, StepLevel, Tracks, TurnState};
use crate::rules::crt::{column_label, crt_lookup};
use crate::rules::levels::{LevelChange, change_level};
use crate::rules::losses::LossQuery;
use crate::rules::note::{CommandCtx, log};
use crate::rules::RulesSystems;
use crate::scenario::schema::{CombatEffect, Party, Portion, UnitFlag};
use super::schema::NetwarChit;
use crate::model::command::Command;
use crate::model::dice::Dice;
use crate::model::log::{GameLog, Joined, LogKind};
use crate::model::prompt::Prompt;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::Attack { .. }), resolve_conflict.in_set(RulesSystems::Combat));
}

/// Whether a conflict applies this CRT effect (16.3: points, levels, eliminations and
/// retreats); the validator refuses the others. Every effect is named, so a new one must be
/// decided here.
#[must_use]
pub(super) fn plays(e: &CombatEffect) -> bool {
    match e {
        CombatEffect::Points { .. } | CombatEffect::Level { .. } | CombatEffect::EliminatePercent { .. } | CombatEffect::Retreat { .. } | CombatEffect::NoEffect => true,
        CombatEffect::LossPoints { .. }
        | CombatEffect::Steps { .. }
        | CombatEffect::Exchange
        | CombatEffect::EliminateUnits { .. }
        | CombatEffect::HalfStrength { .. }
        | CombatEffect::Rout { .. }
        | CombatEffect::Pursuit { .. }
        | CombatEffect::SpeedTest { .. } => false,
    }
}

/// A conflict whose result is being applied.
#[derive(Resource, Clone, Debug, Default, serde::Serialize)]
pub struct NetwarConflict(pub Option<Conflict>);

#[derive(Clone, Debug, serde::Serialize)]
pub struct Conflict {
    /// The district.
    pub space: SpaceId,
    /// Attacker's and defender's side.
    pub sides: [usize; 2],
    /// Attacking and defending units.
    pub units: [Vec<String>; 2],
    /// The boxes the defenders held (an attack on units in boxes).
    pub boxes: Vec<SpaceId>,
    pub steps: VecDeque<Step>,
    /// Declared and not yet rolled: the table, the strengths, the phase record.
    pub roll: Option<PendingRoll>,
    /// Parties still to be offered a chit before the roll (Tactical Edge).
    pub offers: VecDeque<usize>,
    /// Tactical Edge played by each party (its units count double).
    pub edge: [bool; 2],
    /// A chit offer waiting for its answer.
    pub offer: Option<Offer>,
    /// The airstrike was offered (22.1) / committed, and the column its side picked (22.3).
    pub strike_offered: bool,
    pub strike: Option<usize>,
    /// A suicide attack (27.6).
    pub suicide: bool,
}

/// What the roll of a declared conflict needs.
#[derive(Clone, Debug, serde::Serialize)]
pub struct PendingRoll {
    pub crt: usize,
    pub attack: u32,
    pub defense: u32,
}

/// A chit offered to a side in a conflict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Offer {
    TacticalEdge(usize),
    InfoWar,
}

/// One part of a result, applied in order.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Step {
    /// `offered`: InfoWar has been offered to the gaining side.
    Points { party: usize, doublings: u32, offered: bool },
    Levels { party: usize, portion: Portion, delta: i32 },
    Eliminate { party: usize, percent: u32 },
    Retreat { party: usize },
    Advance,
}

/// What the conflict systems read and write besides the command context and the units.
#[derive(bevy::ecs::system::SystemParam)]
pub struct ConflictParams<'w> {
    pub conflict: ResMut<'w, NetwarConflict>,
    pub prompt: ResMut<'w, PendingPrompt>,
    pub tracks: ResMut<'w, Tracks>,
    pub dice: ResMut<'w, Dice>,
    pub control: Res<'w, crate::model::Control>,
    pub pools: ResMut<'w, crate::model::Pools>,
    pub chain: ResMut<'w, super::chits::ChitChain>,
    pub surge: Res<'w, super::chaos::SuicideSurgeTurn>,
}

fn party(p: Party) -> usize {
    usize::from(p == Party::Defender)
}

fn resolve_conflict(mut ctx: CommandCtx, mut p: ConflictParams, mut q: LossQuery) {
    let Some((side, Command::Attack { attackers, target, table, supports, declare })) = ctx.cmd.0.clone() else { return };
    if let Some(d) = declare {
        return ctx.reject(format!("Decision: Iraq has no declared attacks (`{d}`)"));
    }
    let (attackers, target, table, supports) = (crate::model::command::strings(&attackers), target.to_string(), table.map(|t| t.to_string()), crate::model::command::strings(&supports));
    let view = q.view();
    let suicide = supports.iter().any(|x| x == "suicide");
    if let Some(x) = supports.iter().find(|x| *x != "suicide") {
        return ctx.reject(format!("unknown support `{x}` (a Netwar attack names only `suicide`, 27.6)"));
    }
    if suicide && let Some(r) = super::strikes::suicide_rejection(&ctx.game, &ctx.turn, &view, p.surge.0, side, &attackers) {
        return ctx.reject(r);
    }
    let plan = if suicide {
        let Some(t) = ctx.game.board.space(&target) else { return ctx.reject(format!("unknown space `{target}`")) };
        let crt = match table.as_deref() {
            Some(x) => ctx.game.scenario.tables.crts.iter().position(|c| c.id == x),
            None => Some(0),
        };
        let Some(crt) = crt else { return ctx.reject("unknown table".into()) };
        crate::rules::area_combat::plan_area_attack_with(&ctx.game, &ctx.turn, &view, side, &attackers, t, crt, true)
    } else {
        crate::rules::combat::plan_attack(&ctx.game, &ctx.turn, &view, &p.control, side, &attackers, &target, table.as_deref())
    };
    let plan = match plan {
        Ok(plan) => plan,
        Err(r) => return ctx.reject(r),
    };
    let game = ctx.game.clone();
    if let Some(r) = table_rejection(&game, &ctx.turn, &view, &plan.attackers, plan.underground, plan.crt) {
        return ctx.reject(r);
    }
    if ctx.turn.coordinated.contains(&plan.target) && !suicide {
        return ctx.reject(format!("the attack in {} is coordinated (27.7): name the defenders of each group", game.board.key(plan.target)));
    }
    if let Some(r) = super::order::district_rejection(&game, &ctx.turn, &view, side, plan.target) {
        return ctx.reject(r);
    }
    open_conflict(&mut ctx, &mut p, &mut q, view, plan, side, suicide);
}

/// Declares a planned conflict and takes it as far as it goes without a decision.
/// The caller's view of the units is taken and let go before the attackers are marked: one
/// still held when units change is copied whole at the next look.
pub fn open_conflict(ctx: &mut CommandCtx, p: &mut ConflictParams, q: &mut LossQuery, view: std::sync::Arc<UnitsView>, plan: crate::rules::combat::AttackPlan, side: usize, suicide: bool) {
    let game = ctx.game.clone();
    let key = game.board.key(plan.target).to_string();
    let below = if plan.underground { " (infra boxes)" } else { "" };
    let kind = if suicide { "a suicide attack (27.6)" } else { "a conflict" };
    let (attackers, defenders) = (Joined(&plan.attackers, ", "), Joined(&plan.defenders, ", "));
    ctx.log(LogKind::Combat, format_args!("{} declares {kind} in {key}{below}: {attackers} against {defenders}", game.side_id(side)), Some(key.clone()));
    // No barrier here: the declaration reveals nothing, and the roll (if it comes in this
    // command) is a barrier of its own (the session sees the dice roll).
    super::order::enter(&mut ctx.turn, plan.target);
    // A suicide attack comes first, alone: the district's own conflict still follows (reference
    // 7.7); coordinated groups (27.7) mark their defenders instead.
    if !suicide && !ctx.turn.coordinated.contains(&plan.target) {
        ctx.turn.attacked.insert(plan.mark);
    }
    let defender_side = plan.defenders.first().and_then(|d| view.get(d)).map_or(1 - side.min(1), |u| u.side);
    let boxes = if plan.underground { plan.defenders.iter().filter_map(|d| view.get(d)).filter_map(|u| u.space()).collect() } else { Vec::new() };
    drop(view);
    for id in &plan.attackers {
        if let Some(&e) = ctx.index.0.get(id)
            && let Ok((_, _, _, mut act, _)) = q.get_mut(e)
        {
            if plan.underground { act.attacked_below = true } else { act.attacked = true }
        }
    }
    p.conflict.0 = Some(Conflict {
        space: plan.target,
        sides: [side, defender_side],
        units: [plan.attackers, plan.defenders],
        boxes,
        steps: VecDeque::new(),
        // 27.6: the suicide attacker's strength counts double, and it may not add a Tactical Edge.
        roll: Some(PendingRoll { crt: plan.crt, attack: plan.attack * if suicide { 2 } else { 1 }, defense: plan.defense }),
        offers: if suicide { VecDeque::from([1]) } else { VecDeque::from([0, 1]) },
        suicide,
        edge: [false; 2],
        offer: None,
        strike_offered: false,
        strike: None,
    });
    proceed(&game, &ctx.turn, &mut ctx.glog, p, q);
}

/// Rolls a declared conflict and queues the parts of its result.
fn roll(game: &Game, turn: &TurnState, glog: &mut GameLog, p: &mut ConflictParams) {
    let Some(c) = p.conflict.0.as_mut() else { return };
    let Some(r) = c.roll.take() else { return };
    let crt = &game.scenario.tables.crts[r.crt];
    // Tactical Edge doubles the side's strength (20.5).
    let attack = r.attack * if c.edge[0] { 2 } else { 1 };
    let defense = r.defense * if c.edge[1] { 2 } else { 1 };
    let mut pick = crate::rules::crt::odds_column(crt, attack, defense, 0);
    if let Some(column) = c.strike {
        pick.column = column;
    }
    let col = column_label(crt, pick.column).to_string();
    let key = game.board.key(c.space).to_string();
    let below = if c.boxes.is_empty() { "" } else { " (infra boxes)" };
    let air = if c.strike.is_some() { ", airstrike" } else { "" };
    let cause = format!("conflict in {key}{below}: {attack} vs {defense} on {}, column {col}{air}", crt.name);
    let rolled = p.dice.roll_spec(crt.dice, &cause);
    let mut code = crt_lookup(crt, pick.column, rolled).unwrap_or("").to_string();
    // 27.6: a suicide attacker never rises: AR is read as AL.
    if c.suicide && let Some(n) = code.strip_prefix("AR") {
        let read = format!("AL{n}");
        log(glog, game, turn, LogKind::Combat, format_args!("{code} is read as {read} (suicide attack, 27.6)"), None);
        code = read;
    }
    log(glog, game, turn, LogKind::Roll, format_args!("{cause}: rolled {rolled}"), Some(key.clone()));
    let result = crt.results.iter().find(|r| r.code == code);
    match result.map(|r| r.name.as_str()).filter(|n| !n.is_empty()) {
        Some(name) => log(glog, game, turn, LogKind::Combat, format_args!("result {code} ({name})"), Some(key)),
        None => log(glog, game, turn, LogKind::Combat, format_args!("result {code}"), Some(key)),
    }
    let effects = result.map(|r| r.effects.clone()).unwrap_or_default();
    // 16.3, 16.4: the points first, then levels or eliminations, then the retreat.
    for e in &effects {
        if let CombatEffect::Points { party: pt, multiplier } = e {
            // 22.4: with an airstrike, the enemy's points count one more doubling.
            let gainer = c.sides[party(*pt)];
            let collateral = c.strike.is_some() && super::airstrike::rules(game).is_some_and(|a| game.side_index(&a.side) != Some(gainer));
            let doublings = u32::from(*multiplier > 1) + u32::from(collateral) + u32::from(c.suicide);
            c.steps.push_back(Step::Points { party: party(*pt), doublings, offered: false });
        }
    }
    for e in &effects {
        match e {
            CombatEffect::Level { party: pt, portion, delta } => c.steps.push_back(Step::Levels { party: party(*pt), portion: *portion, delta: *delta }),
            CombatEffect::EliminatePercent { party: pt, percent } => c.steps.push_back(Step::Eliminate { party: party(*pt), percent: *percent }),
            // Points and retreats have their own passes; the rest its validator refuses
            // (`plays`).
            _ => {}
        }
    }
    for e in &effects {
        if let CombatEffect::Retreat { party: pt, .. } = e {
            c.steps.push_back(Step::Retreat { party: party(*pt) });
        }
    }
    if !c.boxes.is_empty() {
        c.steps.push_back(Step::Advance);
    }
}

/// Who asks the conflict questions (`Prompt`'s `by`): only the conflict answers take them.
pub const ASKER: &str = "decision_iraq/conflict";

/// DI 15.2, 17.63: a table barred against units in boxes unless every attacker is unconventional.
#[must_use]
pub fn table_rejection(game: &Game, turn: &TurnState, units: &UnitsView, attackers: &[String], underground: bool, crt: usize) -> Option<String> {
    let n = super::netwar(game)?;
    let table = &game.scenario.tables.crts[crt];
    if underground && n.open_only_tables.contains(&table.id) {
        let unconventional = attackers.iter().filter_map(|a| units.get(a)).all(|u| has_flag(game, u.type_index, UnitFlag::Unconventional));
        // 20.5 ISR opens a district's infra boxes to the table.
        let isr = attackers.iter().filter_map(|a| units.get(a)).filter_map(|u| u.space()).all(|s| turn.isr.contains(&game.board.area_of(s)));
        if !unconventional && !isr {
            return Some(format!("the {} table may be used against units in infra boxes only when every attacker is unconventional, or with ISR (15.2)", table.name));
        }
    }
    let area = attackers.first().and_then(|a| units.get(a)).and_then(|u| u.space()).map(|s| game.board.area_of(s))?;
    super::logistics::kinetic_rejection(game, units, attackers, area, &table.id)
}

/// Units of a party still on the map.
fn alive(ids: &[String], units: &UnitsView) -> Vec<String> {
    ids.iter().filter(|id| units.get(id).is_some_and(|u| u.space().is_some())).cloned().collect()
}

/// Applies the conflict's steps until one needs a choice (a prompt) or all are done.
pub(super) fn proceed(game: &Game, turn: &TurnState, glog: &mut GameLog, p: &mut ConflictParams, q: &mut LossQuery) {
    loop {
        let Some(c) = p.conflict.0.as_mut() else { return };
        if c.roll.is_some() {
            // 20.5 Tactical Edge: offered to the attacker, then the defender, before the roll,
            // whenever the side holds any chit (never on what it holds: `window_for`).
            if let Some(party) = c.offers.pop_front() {
                let side = c.sides[party];
                let te = super::chits::held(game, &p.pools, side, NetwarChit::TacticalEdge);
                if super::chits::window_for(game, &p.pools, side, NetwarChit::TacticalEdge) && !c.edge[party] {
                    c.offer = Some(Offer::TacticalEdge(party));
                    let moment = format!("conflict in {} declared: play Tactical Edge before the roll?", game.board.key(c.space));
                    p.prompt.0 = Some(Prompt::React { side: game.side_id(side).to_string(), moment, chits: te.into_iter().map(|t| (t, Vec::new())).collect() });
                    return;
                }
                continue;
            }
            // 22.1: the airstrike side may commit one, attacking or defending, before the roll.
            if !c.strike_offered {
                c.strike_offered = true;
                let underground = !c.boxes.is_empty();
                let crt_i = c.roll.as_ref().map_or(0, |r| r.crt);
                for party in 0..2 {
                    let side = c.sides[party];
                    if super::airstrike::may_strike(game, &p.tracks, side, crt_i, c.space, underground) {
                        let crt = &game.scenario.tables.crts[crt_i];
                        let (a, d) = c.roll.as_ref().map_or((0, 0), |r| (r.attack * if c.edge[0] { 2 } else { 1 }, r.defense * if c.edge[1] { 2 } else { 1 }));
                        let now = column_label(crt, crate::rules::crt::odds_column(crt, a, d, 0).column).to_string();
                        let columns = (0..crt.columns.len()).map(|i| column_label(crt, i).to_string()).collect();
                        let space = game.board.key(c.space).to_string();
                        p.prompt.0 = Some(DiPrompt::Airstrike { space, column: now, columns, rule: "22".into() }.to(game.side_id(side)));
                        return;
                    }
                }
            }
            roll(game, turn, glog, p);
            continue;
        }
        let Some(step) = c.steps.front().cloned() else {
            p.conflict.0 = None;
            return;
        };
        let units = q.view();
        let key = game.board.key(c.space).to_string();
        match step {
            Step::Points { party, doublings, offered } => {
                let (gainer, other) = (c.sides[party], c.sides[1 - party]);
                // 20.5 InfoWar: offered to the gaining side once the result is known.
                let info = super::chits::held(game, &p.pools, gainer, NetwarChit::InfoWar);
                let window = super::chits::window_for(game, &p.pools, gainer, NetwarChit::InfoWar);
                if !offered && window && (super::printed_points(game, c.space, gainer) > 0 || super::printed_points(game, c.space, other) > 0) {
                    c.steps[0] = Step::Points { party, doublings, offered: true };
                    c.offer = Some(Offer::InfoWar);
                    let moment = format!("{} gains points from the conflict in {}: play InfoWar to double them?", game.side_id(gainer), game.board.key(c.space));
                    p.prompt.0 = Some(Prompt::React { side: game.side_id(gainer).to_string(), moment, chits: info.into_iter().map(|t| (t, Vec::new())).collect() });
                    return;
                }
                let (Some(own_t), Some(enemy_t)) = (super::index_track(game, gainer), super::index_track(game, other)) else {
                    c.steps.pop_front();
                    continue;
                };
                let gain = super::printed_points(game, c.space, gainer) * super::multiplier(game, turn, own_t, doublings);
                let subtract = super::printed_points(game, c.space, other) * super::multiplier(game, turn, enemy_t, doublings);
                if gain == 0 && subtract == 0 {
                    log(glog, game, turn, LogKind::Track, format!("{key} is worth no points (16.33)"), Some(key));
                    c.steps.pop_front();
                    continue;
                }
                p.prompt.0 = Some(DiPrompt::NetwarPoints { space: key, gain, subtract, rule: "16.33".into() }.to(game.side_id(gainer)));
                return;
            }
            Step::Levels { party, portion, delta } => {
                // 16.34-16.35, 16.21: the gaining side's conventional units in the conflict; half
                // is rounded up; the owner chooses.
                let ids: Vec<String> = alive(&c.units[party], &units)
                    .into_iter()
                    .filter(|id| units.get(id).is_some_and(|u| !has_flag(game, u.type_index, UnitFlag::Unconventional)))
                    .collect();
                let count = match portion {
                    Portion::All => ids.len() as u32,
                    Portion::Half => (ids.len() as u32).div_ceil(2),
                };
                if count == 0 {
                    c.steps.pop_front();
                    continue;
                }
                if count as usize == ids.len() {
                    c.steps.pop_front();
                    // The view is let go first: a view still held when the units change is
                    // copied whole at the next look, not brought up to date in place.
                    drop(units);
                    apply_levels(game, turn, glog, q, &ids, delta);
                    continue;
                }
                let what = level_text(delta);
                p.prompt.0 = Some(Prompt::PickUnits { side: game.side_id(c.sides[party]).to_string(), units: ids, count, what, rule: "16.34".into(), by: ASKER.into() });
                return;
            }
            Step::Eliminate { party, percent } => {
                // 16.42: all units of the side in the conflict, unconventional ones too.
                let ids = alive(&c.units[party], &units);
                let count = (ids.len() as u32 * percent).div_ceil(100);
                if count == 0 {
                    c.steps.pop_front();
                    continue;
                }
                if count as usize >= ids.len() {
                    c.steps.pop_front();
                    drop(units);
                    eliminate(game, turn, glog, q, &ids);
                    continue;
                }
                let side = game.side_id(c.sides[party]).to_string();
                p.prompt.0 = Some(Prompt::PickUnits { side, units: ids, count, what: "are eliminated".into(), rule: "16.42".into(), by: ASKER.into() });
                return;
            }
            Step::Retreat { party } => {
                let side = c.sides[party];
                // 16.47, 23.1: bases and other static units are never moved by a retreat.
                let ids: Vec<String> = alive(&c.units[party], &units).into_iter().filter(|id| units.get(id).is_some_and(|u| !is_base(game, u) && !is_static(game, u))).collect();
                let stay_ok = friendly_base(game, &units, c.space, side);
                let mut options = Vec::new();
                let mut doomed = Vec::new();
                for id in &ids {
                    let Some(u) = units.get(id) else { continue };
                    let d: Vec<String> = destinations(game, &units, u, c.space).into_iter().map(|s| game.board.key(s).to_string()).collect();
                    if d.is_empty() && !stay_ok {
                        doomed.push(id.clone());
                    } else {
                        options.push((id.clone(), d));
                    }
                }
                drop(units);
                if !doomed.is_empty() {
                    log(glog, game, turn, LogKind::Loss, format_args!("{} cannot retreat (16.44)", doomed.join(", ")), Some(key.clone()));
                    eliminate(game, turn, glog, q, &doomed);
                }
                if options.is_empty() || options.iter().all(|(_, d)| d.is_empty()) {
                    c.steps.pop_front();
                    continue;
                }
                let may_stay = if stay_ok { options.iter().map(|(u, _)| u.clone()).collect() } else { Vec::new() };
                p.prompt.0 = Some(Prompt::Retreat { side: game.side_id(side).to_string(), options, may_stay, rule: "16.43".into(), by: ASKER.into() });
                return;
            }
            Step::Advance => {
                // 15.2.4: survivors may advance into the boxes the defenders left empty.
                let empty: Vec<SpaceId> = c.boxes.iter().copied().filter(|b| units.at(*b).next().is_none()).collect();
                // 23.1: a FOB or base zone never moves once placed, so it never advances.
                let movers: Vec<String> = alive(&c.units[0], &units)
                    .into_iter()
                    .filter(|id| units.get(id).is_some_and(|u| u.space() == Some(c.space) && !is_static(game, u)))
                    .collect();
                if empty.is_empty() || movers.is_empty() {
                    c.steps.pop_front();
                    continue;
                }
                p.prompt.0 = Some(Prompt::Advance { side: game.side_id(c.sides[0]).to_string(), units: movers, target: key, max: empty.len() as u32 });
                return;
            }
        }
    }
}

fn level_text(delta: i32) -> String {
    match delta {
        d if d < 0 => format!("lose {} level(s)", -d),
        d => format!("gain {d} level(s)"),
    }
}

/// Changes each unit's level in turn (8.2-8.4: the counters free at that moment decide).
pub fn apply_levels(game: &Game, turn: &TurnState, glog: &mut GameLog, q: &mut LossQuery, ids: &[String], delta: i32) {
    for id in ids {
        let units = q.view();
        let Some(u) = units.get(id) else { continue };
        let (level, change) = (u.level, change_level(game, &units, id, u.type_index, u.level, delta));
        match change {
            LevelChange::Same => {}
            LevelChange::To(l) => {
                if let Some((_, _, mut lvl, ..)) = q.unit_mut(id) {
                    *lvl = StepLevel(l);
                }
            }
            LevelChange::Eliminated => {
                if let Some((_, mut loc, ..)) = q.unit_mut(id) {
                    *loc = Location::Eliminated;
                }
            }
        }
        match change {
            LevelChange::Same => log(glog, game, turn, LogKind::Loss, format_args!("{id} stays at level {level} (no counter free, 8.2-8.4)"), None),
            LevelChange::To(l) => log(glog, game, turn, LogKind::Loss, format_args!("{id}: level {level} -> {l}"), None),
            LevelChange::Eliminated => log(glog, game, turn, LogKind::Loss, format_args!("{id} is eliminated (no lower level, 8.3)"), None),
        }
    }
}

/// Eliminates units (they return to the available counters, 12.7).
pub fn eliminate(game: &Game, turn: &TurnState, glog: &mut GameLog, q: &mut LossQuery, ids: &[String]) {
    for id in ids {
        if let Some((_, mut loc, ..)) = q.unit_mut(id) {
            *loc = Location::Eliminated;
        }
    }
    if !ids.is_empty() {
        log(glog, game, turn, LogKind::Loss, format_args!("{} eliminated", ids.join(", ")), None);
    }
}
