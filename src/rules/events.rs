//! Events and chits (tutorial 5.8, SCW 18.0): each side's cups, chits added on given turns,
//! draws in Event phases (immediate chits resolve at once unless a "no event" condition holds;
//! held chits go face down into the owner's hand), playing held chits in their windows, and event
//! tables rolled with dice. Effects are typed data.

use bevy::prelude::*;

use super::note::log;
use super::RulesSystems;
use super::supports::SupportState;
use super::timers::{TimerEnd, Timers};
use crate::model::view::{UnitsView};
use crate::model::{Control, Game, Location, Outcome, Pools, Tracks, TurnState};
use crate::scenario::schema::{ChitDef, ChitMode, Condition, EventEffect, PhaseActor, PhaseKind};
use crate::model::command::Command;
use crate::model::dice::Dice;
use crate::model::log::{GameLog, LogKind};

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // Event phases draw and roll where the scenario has event rules or a script of phases
    // (ToO 35.6); the cups take their new chits every turn.
    if s.uses(|sc| sc.rules.events.is_some() || !sc.rules.scripted.is_empty()) {
        s.at_phase_start(
            (add_turn_chits, event_phase)
                .chain()
                .after(super::declarations::offer_declarations),
        );
    } else {
        s.at_phase_start(add_turn_chits.after(super::declarations::offer_declarations));
    }
    if s.kept(crate::model::ruleset::Mechanism::ChitPlay) {
        s.on(|c| matches!(c, Command::PlayChit { .. }), play_chit.in_set(RulesSystems::Movement));
    }
}

/// The definition behind a chit instance id (`N1`, or `N1#2` for the second copy).
#[must_use]
pub fn chit_def<'a>(game: &'a Game, instance: &str) -> Option<(usize, &'a ChitDef)> {
    let base = instance.split_once('#').map_or(instance, |(b, _)| b);
    game.scenario.pools.iter().enumerate().find_map(|(i, p)| p.chits.iter().find(|c| c.id == base).map(|c| (i, c)))
}

/// The state a condition may read.
#[derive(Clone, Copy)]
pub struct Facts<'a> {
    pub game: &'a Game,
    pub turn: &'a TurnState,
    pub tracks: &'a Tracks,
    pub control: &'a Control,
    pub units: &'a UnitsView,
    pub timers: &'a [Option<TimerEnd>],
}

/// Whether a condition holds now.
#[must_use]
pub fn condition_holds(facts: Facts, c: &Condition) -> bool {
    let Facts { game, turn, tracks, control, .. } = facts;
    let controls = |side: &str, space: &str| {
        game.board.space(space).is_some_and(|s| control.owner[s.index()].is_some() && control.owner[s.index()] == game.side_index(side))
    };
    match c {
        Condition::Expr { left, op, right } => {
            let n = turn.turn as i32 + 1;
            op.holds(super::victory::eval(game, tracks, n, left), super::victory::eval(game, tracks, n, right))
        }
        Condition::TurnAtLeast(t) => turn.turn + 1 >= *t as usize,
        Condition::TurnAtMost(t) => turn.turn < *t as usize,
        Condition::Season(id) => game.scenario.turns.calendar.get(turn.turn).is_some_and(|d| &d.season == id),
        Condition::YearAtLeast(y) => game.scenario.turns.calendar.get(turn.turn).is_some_and(|d| d.year >= *y),
        Condition::YearAtMost(y) => game.scenario.turns.calendar.get(turn.turn).is_some_and(|d| d.year <= *y),
        Condition::Track { track, when } => game.track_index(track).is_some_and(|i| when.holds(tracks.0[i])),
        Condition::Controls { side, space } => controls(side, space),
        Condition::NotControls { side, space } => !controls(side, space),
        Condition::Declared(d) => turn.declared.contains_key(d),
        Condition::Responded(r) => turn.responded.contains(r),
        Condition::Occupies { side, spaces } => {
            let s = game.side_index(side);
            spaces.iter().all(|k| game.board.space(k).is_some_and(|sp| facts.units.at(sp).any(|u| Some(u.side) == s)))
        }
        Condition::Eliminated(u) => facts.units.get(u).is_some_and(|u| u.location == Location::Eliminated),
        Condition::TimerEnded(id) => {
            game.scenario.rules.timers.iter().position(|t| &t.id == id).is_some_and(|i| facts.timers.get(i).is_some_and(Option::is_some))
        }
        Condition::Happened { table, entry } => happened(game, turn, &[], table, entry),
        Condition::OptionOn(o) => game.options.contains(o),
        Condition::OptionOff(o) => !game.options.contains(o),
        Condition::Any(list) => list.iter().any(|x| condition_holds(facts, x)),
        Condition::OnMap(types) => facts.units.all().iter().any(|u| u.space().is_some() && types.contains(&game.scenario.unit_types[u.type_index].id)),
        Condition::Not(c) => !condition_holds(facts, c),
        Condition::Alone { unit_types, regions } => facts.units.all().iter().any(|u| {
            u.space().is_some_and(|at| {
                unit_types.contains(&game.scenario.unit_types[u.type_index].id)
                    && game.board.spaces[at.index()].region.as_ref().is_some_and(|r| regions.contains(r))
                    && facts.units.at(at).count() == 1
            })
        }),
    }
}

/// Everything an effect may change.
pub struct EffectCtx<'a> {
    pub game: &'a Game,
    pub turn: &'a TurnState,
    pub tracks: &'a mut Tracks,
    pub pools: &'a mut Pools,
    pub control: &'a Control,
    pub dice: &'a mut Dice,
    pub glog: &'a mut GameLog,
    pub units: &'a UnitsView,
    pub timers: &'a mut Vec<Option<TimerEnd>>,
    pub supports: &'a mut SupportState,
    /// Attack quotas the effects set (`AttackQuota`, ToO 6.3), for the calling system to keep.
    pub quotas: Vec<crate::model::Quota>,
    /// Sides that look inside every enemy stack this phase (`LookInsideStacks`), for the calling
    /// system to keep.
    pub looks: Vec<usize>,
    /// Units that lose a step (`ReduceUnit`), each once: [`EffectParams::run`] takes the steps
    /// when the effects are done, from the picture of the units they were chosen in.
    pub reductions: &'a mut Vec<String>,
    /// The ruleset's own effects (with the side and cause), which its systems apply afterwards
    /// (they may ask the players): `EffectParams::run` leaves them in `DeferredEffects`.
    pub deferred: Vec<(usize, EventEffect, String)>,
    /// The track changes of the effect list being applied, netted before the floor and cap
    /// (`rules.net_track_changes`): `None` outside such a list.
    pub netting: Option<Vec<Netted>>,
    /// Withdrawals the effects set (`Withdraw`, ToO 7.10), for the calling system to keep: the
    /// side then chooses the units (`withdrawals.rs`).
    pub withdrawals: Vec<crate::model::PendingWithdrawal>,
    /// Units received (`Receive`, ToO 7.7), for the calling system to keep: the side then places
    /// them (`receipts.rs`).
    pub receipts: Vec<crate::model::PendingReceipt>,
    /// Restrictions the effects put on sides until the turn ends (`Restrict`), for the calling
    /// system to keep.
    pub restrictions: Vec<(usize, crate::scenario::schema::Restriction, String)>,
    /// Units passing to another side (`ChangeSides`): (unit, side, cause), for the calling
    /// system to keep; `allegiance.rs` applies them.
    pub side_changes: Vec<(String, usize, String)>,
    /// Choices of effects (`ChooseOne`), for the calling system to keep: the side then chooses
    /// (`choices.rs`).
    pub choices: Vec<(usize, Vec<crate::scenario::schema::EffectOption>, String)>,
    /// Units leaving play (`UnitsLeave`): (unit, for good), for the calling system to move.
    pub leaving: Vec<(String, bool)>,
    /// Restrictions for the rest of the game (`RestrictForGood`), for the calling system to keep.
    pub lasting: Vec<(usize, crate::scenario::schema::Restriction, String)>,
    /// Event table entries that happened (ToO 6.2), for the calling system to record.
    pub happened: Vec<(String, String)>,
}

/// One track's changes in an effect list whose changes are netted (G20; ToO 5.7).
#[derive(Clone, Debug)]
pub struct Netted {
    track: usize,
    delta: i32,
    /// The first "not below" clause given (`AdjustTrack`'s `min`).
    min: Option<i32>,
    parts: Vec<i32>,
}

impl EffectCtx<'_> {
    pub fn log(&mut self, kind: LogKind, text: impl crate::model::log::LogText) {
        log(self.glog, self.game, self.turn, kind, text, None);
    }

    /// Whether a condition holds now.
    #[must_use]
    pub fn holds(&self, c: &Condition) -> bool {
        let facts = Facts { game: self.game, turn: self.turn, tracks: self.tracks, control: self.control, units: self.units, timers: self.timers };
        condition_holds(facts, c)
    }

    /// Applies typed effects for `side`, each logged with `cause`. Where the scenario nets
    /// track changes (ToO 5.7), the list's changes to one track are added together (those of
    /// its `If` branches too) and applied once, when the list is done.
    pub fn apply(&mut self, side: usize, effects: &[EventEffect], cause: &str) {
        if self.game.scenario.rules.net_track_changes && self.netting.is_none() {
            self.netting = Some(Vec::new());
            self.apply_each(side, effects, cause);
            for n in self.netting.take().unwrap_or_default() {
                let (before, after) = super::tracks::adjust_track_floored(self.game, self.tracks, n.track, n.delta, n.min);
                let name = self.game.scenario.tracks[n.track].name.clone();
                let parts: Vec<String> = n.parts.iter().map(|p| format!("{p:+}")).collect();
                let how = if parts.len() > 1 { format!(", {} netted to {:+}", parts.join(" "), n.delta) } else { String::new() };
                self.log(LogKind::Track, format_args!("{name} {before} -> {after} ({cause}{how})"));
            }
            return;
        }
        self.apply_each(side, effects, cause);
    }

    fn apply_each(&mut self, side: usize, effects: &[EventEffect], cause: &str) {
        for e in effects {
            match e {
                EventEffect::AdjustTrack { track, amount, min } => {
                    let Some(t) = self.game.track_index(track) else { continue };
                    let delta = super::tracks::amount_value(self.dice, *amount, &format!("{cause}: {track}"));
                    // The ruleset may count a change double on some turns (DI 26.1: elections).
                    let delta = delta * self.game.ruleset.track_factor(self.game, self.turn, t);
                    if let Some(netting) = &mut self.netting {
                        match netting.iter_mut().find(|n| n.track == t) {
                            Some(n) => {
                                n.delta = n.delta.saturating_add(delta);
                                n.min = n.min.or(*min);
                                n.parts.push(delta);
                            }
                            None => netting.push(Netted { track: t, delta, min: *min, parts: vec![delta] }),
                        }
                        continue;
                    }
                    let (before, after) = super::tracks::adjust_track_floored(self.game, self.tracks, t, delta, *min);
                    let name = self.game.scenario.tracks[t].name.clone();
                    self.log(LogKind::Track, format_args!("{name} {before} -> {after} ({cause})"));
                }
                EventEffect::DrawChits { pool, count } => {
                    let Some(p) = self.game.scenario.pools.iter().position(|x| &x.id == pool) else { continue };
                    for _ in 0..*count {
                        self.draw(p, side);
                    }
                }
                EventEffect::AddSupport { support, count } => {
                    let Some(i) = self.game.scenario.rules.supports.iter().position(|d| &d.id == support) else { continue };
                    self.supports.markers[i] += count;
                    let name = self.game.scenario.rules.supports[i].name.clone();
                    let left = self.supports.markers[i];
                    self.log(LogKind::Track, format_args!("{name}: +{count} marker(s), {left} left ({cause})"));
                }
                EventEffect::ReduceUnit { units } => {
                    let hit = units.iter().find(|id| {
                        self.units.get(id).is_some_and(|u| {
                            !matches!(u.location, Location::Eliminated | Location::OutOfPlay | Location::Pool)
                                && crate::model::view::steps_left(self.game, u.type_index, u.level) > 1
                                && !self.reductions.contains(id)
                        })
                    });
                    match hit.cloned() {
                        Some(id) => {
                            self.log(LogKind::Loss, format_args!("{id} loses a step ({cause})"));
                            self.reductions.push(id);
                        }
                        None => self.log(LogKind::Loss, format_args!("{cause}: no unit has a step to lose")),
                    }
                }
                // Reaction effects need the reaction's target and moment: `reactions.rs` applies
                // them, and the validator allows them only on reaction chits.
                EventEffect::ExtraMarkers { .. }
                | EventEffect::DemolishBridge { .. }
                | EventEffect::EliminateUnit { .. }
                | EventEffect::AttackerLosesStep { .. }
                | EventEffect::Obligation(_) => {
                    self.log(LogKind::Track, format_args!("{cause}: a reaction effect outside a reaction"));
                }
                EventEffect::If { when, then, side: whose } => {
                    if when.iter().all(|c| self.holds(c)) {
                        let for_side = match whose {
                            crate::scenario::schema::Whose::Own => Some(side),
                            crate::scenario::schema::Whose::Enemy => super::allegiance::other_side(self.game, side),
                        };
                        if let Some(for_side) = for_side {
                            self.apply_each(for_side, then, cause);
                        }
                    }
                }
                // ToO 10.8: an event lets the side look inside every enemy stack (the calling
                // system keeps the grant until the phase ends).
                EventEffect::LookInsideStacks => {
                    self.log(LogKind::Track, format_args!("{cause}: {} looks inside every enemy stack this phase", self.game.side_id(side)));
                    self.looks.push(side);
                }
                EventEffect::AttackQuota { count, table, unit_types, sizes, penalty } => {
                    let crt = table.as_ref().and_then(|t| self.game.scenario.tables.crts.iter().position(|c| &c.id == t));
                    let on = crt.map(|i| format!(" on the {}", self.game.scenario.tables.crts[i].name)).unwrap_or_default();
                    let with: Vec<&str> = unit_types.iter().chain(sizes).map(String::as_str).collect();
                    let with = if with.is_empty() { String::new() } else { format!(", each with a unit of {}", with.join(" or ")) };
                    let text = format!("{cause}: {} must make {count} attack(s){on}{with} before its combat phase ends", self.game.side_id(side));
                    self.log(LogKind::Track, text);
                    self.quotas.push(crate::model::Quota {
                        side,
                        count: *count,
                        table: crt,
                        unit_types: unit_types.clone(),
                        sizes: sizes.clone(),
                        penalty: penalty.clone(),
                        cause: cause.to_string(),
                        made: 0,
                    });
                }
                EventEffect::ChooseOne { options } => {
                    let open: Vec<crate::scenario::schema::EffectOption> = options.iter().filter(|o| o.when.iter().all(|c| self.holds(c))).cloned().collect();
                    if open.is_empty() {
                        self.log(LogKind::Track, format_args!("{cause}: no option is open"));
                        continue;
                    }
                    self.choices.push((side, open, cause.to_string()));
                }
                EventEffect::ChangeSides { unit_types, to } => {
                    let target = match to {
                        crate::scenario::schema::Whose::Own => Some(side),
                        crate::scenario::schema::Whose::Enemy => super::allegiance::other_side(self.game, side),
                    };
                    let Some(target) = target else { continue };
                    let moving = self.units.all().iter().filter(|u| u.space().is_some() && u.side != target && unit_types.contains(&self.game.scenario.unit_types[u.type_index].id));
                    let ids: Vec<String> = moving.map(|u| String::from(&*u.id)).collect();
                    if ids.is_empty() {
                        self.log(LogKind::Track, format_args!("{cause}: no unit changes sides"));
                    }
                    for id in ids {
                        self.log(LogKind::Track, format_args!("{cause}: {id} passes to {}", self.game.side_id(target)));
                        self.side_changes.push((id, target, cause.to_string()));
                    }
                }
                EventEffect::RestrictForGood(r) => {
                    let text = super::restrictions::describe(r);
                    self.log(LogKind::Track, format_args!("{cause}: from now on, {} {text}", self.game.side_id(side)));
                    self.lasting.push((side, r.clone(), cause.to_string()));
                }
                EventEffect::UnitsLeave { units, roll, permanently } => {
                    let t = |u: &crate::model::view::UnitView| &self.game.scenario.unit_types[u.type_index];
                    let matching: Vec<String> = self
                        .units
                        .all()
                        .iter()
                        .filter(|u| u.side == side && u.space().is_some() && !self.leaving.iter().any(|(id, _)| **id == *u.id))
                        .filter(|u| {
                            let t = t(u);
                            (units.contingents.is_empty() || units.contingents.contains(&t.contingent))
                                && (units.unit_types.is_empty() || units.unit_types.contains(&t.id))
                                && (units.sizes.is_empty() || units.sizes.contains(&t.size))
                        })
                        .map(|u| String::from(&*u.id))
                        .collect();
                    let how = if *permanently { "leaves play for good" } else { "is withdrawn" };
                    for id in matching {
                        if let Some((spec, (lo, hi))) = roll {
                            let r = self.dice.roll_spec(*spec, &format!("{cause}: {id}"));
                            if !(*lo..=*hi).contains(&r) {
                                self.log(LogKind::Roll, format_args!("{cause}: {id} rolls {r} and stays"));
                                continue;
                            }
                            self.log(LogKind::Loss, format_args!("{cause}: {id} rolls {r} and {how}"));
                        } else {
                            self.log(LogKind::Loss, format_args!("{cause}: {id} {how}"));
                        }
                        self.leaving.push((id, *permanently));
                    }
                }
                EventEffect::Restrict(r) => {
                    let text = super::restrictions::describe(r);
                    self.log(LogKind::Track, format_args!("{cause}: until the turn ends, {} {text}", self.game.side_id(side)));
                    self.restrictions.push((side, r.clone(), cause.to_string()));
                }
                EventEffect::Receive(def) => {
                    let left = super::tracks::amount_value(self.dice, def.count, &format!("{cause}: units received")).max(0).unsigned_abs();
                    let names: Vec<String> = def.unit_types.iter().map(|t| self.game.scenario.unit_types.iter().find(|u| u.id == *t).map_or_else(|| t.clone(), |u| u.name.clone())).collect();
                    self.log(LogKind::Command, format_args!("{cause}: {} receives {left} unit(s), free: {}", self.game.side_id(side), names.join(" or ")));
                    self.receipts.push(crate::model::PendingReceipt { side, left, def: (**def).clone(), cause: cause.to_string(), drawn: None });
                }
                EventEffect::Withdraw(def) => {
                    let amount = super::tracks::amount_value(self.dice, def.amount, &format!("{cause}: withdrawal")).max(0).unsigned_abs();
                    let quota = super::withdrawals::describe_quota(self.game, amount, def);
                    self.log(LogKind::Loss, format_args!("{cause}: {} withdraws {quota}", self.game.side_id(side)));
                    self.withdrawals.push(crate::model::PendingWithdrawal { side, amount, def: (**def).clone(), cause: cause.to_string(), met: None });
                }
                EventEffect::Roll { dice, entries } => {
                    let roll = self.dice.roll_spec(*dice, cause);
                    let Some(x) = entries.iter().find(|x| (x.rolls.0..=x.rolls.1).contains(&roll)) else { continue };
                    self.log(LogKind::Roll, format_args!("{cause}: rolled {roll}: {}", x.name));
                    let effects = x.effects.clone();
                    self.apply_each(side, &effects, &format!("{cause}: {}", x.name));
                }
                // The validator allows no entry that applies another, so this never loops.
                EventEffect::TableEntry { table, entry } => {
                    let Some(x) = self.game.scenario.tables.events.iter().find(|t| &t.id == table).and_then(|t| t.entries.iter().find(|x| &x.name == entry)) else { continue };
                    self.log(LogKind::Track, format_args!("{cause}: {entry} applies"));
                    if self.game.lookups.watches_event(table, entry) {
                        self.happened.push((table.clone(), entry.clone()));
                    }
                    let effects = x.effects.clone();
                    self.apply_each(side, &effects, &format!("{cause}: {entry}"));
                }
                // The validator accepts a handler only for a ruleset that implements it; the
                // generic ruleset has none, so no scenario it plays reaches this arm.
                EventEffect::Ruleset { handler } => self.log(LogKind::Track, format_args!("{cause}: ruleset procedure `{handler}`")),
                EventEffect::RulesetEffect(_) => self.deferred.push((side, e.clone(), cause.to_string())),
                EventEffect::NoEffect => {}
            }
        }
    }

    /// Draws one chit at random from a cup: an immediate chit resolves (or is void when a
    /// "no event" condition holds); a held chit goes face down into the side's hand.
    pub fn draw(&mut self, pool: usize, side: usize) {
        let pool_name = self.game.scenario.pools[pool].name.clone();
        let n = self.pools.cups[pool].len();
        if n == 0 {
            self.log(LogKind::Track, format_args!("{} draws from {pool_name}: the cup is empty", self.game.side_id(side)));
            return;
        }
        let k = self.dice.roll(n as u32, format!("{} draws from {pool_name}", self.game.side_id(side))) as usize - 1;
        let chit = self.pools.cups[pool].remove(k.min(n - 1));
        let Some((_, def)) = chit_def(self.game, &chit) else { return };
        let def = def.clone();
        let void = def.no_event.iter().any(|c| self.holds(c));
        match def.mode {
            ChitMode::Held if void => {
                self.log(LogKind::Track, format_args!("{} draws {} ({}): no event, discarded", self.game.side_id(side), def.id, def.name));
            }
            ChitMode::Held => {
                // The other side learns only that a chit was drawn.
                self.pools.hands[side].push(chit);
                self.pools.hands[side].sort();
                self.log(LogKind::Track, format_args!("{} draws a chit from {pool_name} and keeps it face down", self.game.side_id(side)));
            }
            ChitMode::Immediate if def.reveal_at_movement && !void => {
                // Kept face down: the other side learns only that a chit was drawn (5.8).
                self.pools.face_down.push((side, chit));
                self.log(LogKind::Track, format_args!("{} draws a chit from {pool_name} and keeps it face down until its movement phase", self.game.side_id(side)));
            }
            ChitMode::Immediate => {
                if void {
                    self.log(LogKind::Track, format_args!("{} draws {} ({}): no event", self.game.side_id(side), def.id, def.name));
                } else {
                    self.log(LogKind::Track, format_args!("{} draws {} ({})", self.game.side_id(side), def.id, def.name));
                    let cause = format!("{} {}", def.id, def.name);
                    self.apply(side, &def.effects, &cause);
                }
            }
        }
    }
}

/// What effects read and write, as one system parameter. Effects change units only through
/// `ReduceUnit`, applied by [`EffectParams::run`] wherever effects are applied.
#[derive(bevy::ecs::system::SystemParam)]
pub struct EffectParams<'w, 's> {
    pub game: Res<'w, Game>,
    pub turn: ResMut<'w, TurnState>,
    pub control: Res<'w, Control>,
    pub tracks: ResMut<'w, Tracks>,
    pub pools: ResMut<'w, Pools>,
    pub dice: ResMut<'w, Dice>,
    pub glog: ResMut<'w, GameLog>,
    pub timers: ResMut<'w, Timers>,
    pub supports: ResMut<'w, SupportState>,
    pub deferred: ResMut<'w, crate::model::DeferredEffects>,
    pub reductions: ResMut<'w, super::declarations::Reductions>,
    pub q: crate::model::units_now::UnitsMut<'w, 's>,
}

impl EffectParams<'_, '_> {
    /// The effect context over these resources (`game` is copied out first, an `Arc`'s clone, so
    /// that the context can borrow the rest mutably; the turn is only read while it runs).
    pub fn run<R>(&mut self, f: impl FnOnce(&mut EffectCtx) -> R) -> R {
        let game = self.game.clone();
        let units = self.q.view();
        let mut fx = EffectCtx {
            game: &game,
            turn: &self.turn,
            tracks: &mut self.tracks,
            pools: &mut self.pools,
            control: &self.control,
            dice: &mut self.dice,
            glog: &mut self.glog,
            units: &units,
            timers: &mut self.timers.0,
            supports: &mut self.supports,
            quotas: Vec::new(),
            looks: Vec::new(),
            reductions: &mut self.reductions.0,
            deferred: Vec::new(),
            netting: None,
            withdrawals: Vec::new(),
            receipts: Vec::new(),
            restrictions: Vec::new(),
            side_changes: Vec::new(),
            choices: Vec::new(),
            leaving: Vec::new(),
            lasting: Vec::new(),
            happened: Vec::new(),
        };
        let r = f(&mut fx);
        // What the closure did not take is left for the ruleset's systems; what it collected
        // for the turn goes there once the context (which reads the turn) is gone.
        let EffectCtx { deferred, quotas, looks, happened, lasting, leaving, choices, side_changes, restrictions, receipts, withdrawals, .. } = fx;
        self.deferred.0.extend(deferred);
        let turn = &mut self.turn;
        if !quotas.is_empty() {
            turn.quotas.extend(quotas);
        }
        if !looks.is_empty() {
            turn.looking.extend(looks);
        }
        if !happened.is_empty() {
            turn.happened.extend(happened);
        }
        if !lasting.is_empty() {
            turn.lasting_restrictions.extend(lasting);
        }
        if !leaving.is_empty() {
            turn.leaving.extend(leaving);
        }
        if !choices.is_empty() {
            turn.choices.extend(choices);
        }
        if !side_changes.is_empty() {
            turn.side_changes.extend(side_changes);
        }
        if !restrictions.is_empty() {
            turn.restrictions.extend(restrictions);
        }
        if !receipts.is_empty() {
            turn.receipts.extend(receipts);
        }
        if !withdrawals.is_empty() {
            turn.withdrawals.extend(withdrawals);
        }
        // Tutorial 5.7.9 (and any table or event that reduces a unit): each unit chosen loses
        // one step, as a combat loss takes it (a unit of levels goes down a level, DI 8.3: to a
        // free counter). The choice (`ReduceUnit` in `apply`) passed over units with no step to
        // lose, so none is eliminated.
        for id in std::mem::take(&mut self.reductions.0) {
            if let Some(e) = self.q.entity(&id) {
                super::losses::lose_step(&game, e, &mut self.q);
            }
        }
        r
    }
}

/// Chits that enter the cups on this turn (on turn 1 they are in the cups from the setup).
fn add_turn_chits(game: Res<Game>, turn: Res<TurnState>, mut pools: ResMut<Pools>, mut glog: ResMut<GameLog>) {
    let now = turn.turn as u32 + 1;
    if pools.added_through >= now {
        return;
    }
    let from = pools.added_through;
    pools.added_through = now;
    for (i, p) in game.scenario.pools.iter().enumerate() {
        let mut added = 0;
        for c in p.chits.iter().filter(|c| c.added_on_turn > from.max(1) && c.added_on_turn <= now) {
            for k in 1..=c.count {
                pools.cups[i].push(if c.count == 1 { String::from(&*c.id) } else { format!("{}#{k}", c.id) });
                added += 1;
            }
        }
        pools.cups[i].sort();
        if added > 0 {
            log(&mut glog, &game, &turn, LogKind::Track, format_args!("{added} chit(s) go into {}", p.name), None);
        }
    }
}

/// Whether a scripted entry holds in this game: it names no option, or one that is on.
#[must_use]
pub fn script_on(game: &Game, sp: &crate::scenario::schema::ScriptedPhase) -> bool {
    sp.option.as_ref().is_none_or(|o| game.options.contains(o))
}

/// An Event phase begins: draws and table rolls for the acting side, or for every side.
pub(crate) fn event_phase(mut p: EffectParams, mut outcome: ResMut<Outcome>, prompt: Res<crate::model::PendingPrompt>) {
    // A declaration waiting for its answer comes first; the phase-start hooks run again then.
    if prompt.0.is_some() {
        return;
    }
    // The phase read from the scenario held apart (an `Arc`), not copied at every phase start.
    let scenario = p.game.scenario.clone();
    let Some(phase) = p.turn.current_phase_in(&scenario) else { return };
    // ToO 35.6, 36.6: the scenario's script for this phase of this turn comes first.
    let label = scenario.turns.labels.get(p.turn.turn).map_or("", String::as_str);
    let script = scenario.rules.scripted.iter().find(|sp| sp.turn == label && sp.phase == phase.id && script_on(&p.game, sp));
    if let Some(sp) = script {
        let side = p.turn.actor(&p.game, phase).unwrap_or(p.turn.first_side);
        let rule = sp.rule.as_ref().map_or_else(|| "scenario rule".to_string(), |r| format!("scenario rule {r}"));
        let skip = if sp.no_roll { ": no event roll this phase" } else { "" };
        outcome.barrier = true;
        p.run(|fx| {
            fx.log(LogKind::Phase, format_args!("{rule}{skip}"));
            fx.apply(side, &sp.effects, &rule);
        });
    }
    let Some(rules) = scenario.rules.events.as_ref() else { return };
    if phase.kind != PhaseKind::Event || script.is_some_and(|sp| sp.no_roll) {
        return;
    }
    let n = scenario.sides.len();
    let sides: Vec<usize> = match phase.actor {
        PhaseActor::Nobody => (0..n).map(|k| (p.turn.first_side + k) % n).collect(),
        PhaseActor::First | PhaseActor::Second | PhaseActor::Side(_) => p.turn.actor(&p.game, phase).into_iter().collect(),
    };
    outcome.barrier = true;
    // The ruleset's own effects of the draws wait in `DeferredEffects` for its systems.
    p.run(|fx| event_draws(fx, rules, &sides));
}

fn event_draws(fx: &mut EffectCtx, rules: &crate::scenario::schema::EventRules, sides: &[usize]) {
    let game = fx.game;
    for &side in sides {
        for (p, pool) in game.scenario.pools.iter().enumerate() {
            if pool.side.as_deref() == Some(game.side_id(side)) {
                for _ in 0..rules.draws {
                    fx.draw(p, side);
                }
            }
        }
        for (sd, table) in &rules.tables {
            if game.side_index(sd) != Some(side) {
                continue;
            }
            if let Some(t) = game.scenario.tables.events.iter().find(|t| &t.id == table) {
                roll_table(fx, side, t);
            }
        }
    }
}

/// `side` rolls on an event table; the entry rolled applies for it, unless its precondition
/// fails or, once only, it happened already: then it is no event (ToO 6.2, A14).
pub fn roll_table(fx: &mut EffectCtx, side: usize, t: &crate::scenario::schema::EventTableDef) {
    let roll = fx.dice.roll_spec(t.dice, &format!("{} rolls on {}", fx.game.side_id(side), t.name));
    let Some(entry) = t.entries.iter().find(|e| (e.rolls.0..=e.rolls.1).contains(&roll)) else { return };
    fx.log(LogKind::Roll, format_args!("{}: rolled {roll}: {}", t.name, entry.name));
    if entry.once && happened(fx.game, fx.turn, &fx.happened, &t.id, &entry.name) {
        return fx.log(LogKind::Roll, format_args!("{}: {} has happened already: no event (once a game)", t.name, entry.name));
    }
    if !entry.when.iter().all(|c| fx.holds(c)) {
        return fx.log(LogKind::Roll, format_args!("{}: {}: its conditions do not hold: no event", t.name, entry.name));
    }
    if fx.game.lookups.watches_event(&t.id, &entry.name) {
        fx.happened.push((t.id.clone(), entry.name.clone()));
    }
    let cause = format!("{}: {}", t.name, entry.name);
    fx.apply(side, &entry.effects, &cause);
}

/// Whether the event table entry has happened: in this game (recorded, or in `now`, the effect
/// list being applied), or before it began (`rules.events.happened`).
fn happened(game: &Game, turn: &TurnState, now: &[(String, String)], table: &str, entry: &str) -> bool {
    let is = |(t, e): &(String, String)| t == table && e == entry;
    turn.happened.iter().any(is) || now.iter().any(is) || game.scenario.rules.events.as_ref().is_some_and(|r| r.happened.iter().any(is))
}

/// Why a held chit may not be played now, if it may not.
#[must_use]
pub fn play_rejection(facts: Facts, pools: &Pools, side: usize, chit: &str) -> Option<String> {
    let Facts { game, turn, .. } = facts;
    if !pools.hands.get(side).is_some_and(|h| h.iter().any(|c| c == chit)) {
        return Some(format!("`{chit}` is not in {}'s hand", game.side_id(side)));
    }
    let (_, def) = chit_def(game, chit)?;
    let phase = turn.current_phase(game)?;
    if turn.actor(game, phase) != Some(side) {
        return Some("chits are played in their owner's phases".into());
    }
    if def.reaction.is_some() {
        return Some(format!("{} is played only when it is offered in the enemy's turn", def.name));
    }
    if !def.play_in.is_empty() && !def.play_in.contains(&phase.id) {
        return Some(format!("{} may be played only in: {}", def.name, def.play_in.join(", ")));
    }
    if def.playable_if.iter().any(|c| !condition_holds(facts, c)) {
        return Some(format!("{} may not be played now", def.name));
    }
    None
}

pub fn play_chit(cmd: Res<crate::model::CurrentCommand>, mut outcome: ResMut<Outcome>, prompt: Res<crate::model::PendingPrompt>, mut p: EffectParams) {
    // An answer to a reaction offer is played by `reactions.rs`.
    if prompt.0.is_some() {
        return;
    }
    let Some((side, Command::PlayChit { chit, .. })) = cmd.0.clone() else { return };
    let chit = chit.to_string();
    let units = p.q.view();
    let facts = Facts { game: &p.game, turn: &p.turn, tracks: &p.tracks, control: &p.control, units: &units, timers: &p.timers.0 };
    if let Some(r) = play_rejection(facts, &p.pools, side, &chit) {
        outcome.rejected = Some(r);
        return;
    }
    let Some(def) = chit_def(&p.game, &chit).map(|(_, d)| d.clone()) else { return };
    p.pools.hands[side].retain(|c| *c != chit);
    outcome.barrier = true;
    p.run(|fx| {
        fx.log(LogKind::Command, format_args!("{} plays {} ({})", fx.game.side_id(side), def.id, def.name));
        fx.apply(side, &def.effects, &format!("{} {}", def.id, def.name));
    });
}
