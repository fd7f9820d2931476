//! Reaction chits (tutorial 5.8: U1 Hold at All Costs, U2 Bridge Demolition, U5 Air
//! Interdiction Surge, N7 Militia Desertion): held chits their owner plays during the enemy's
//! turn. At each moment a chit's window names (an enemy movement phase begins, an enemy unit has
//! moved, a combat the owner defended is over) the owner is offered every such chit it may play,
//! with the targets it may pick, and answers with `PlayChit` or `Pass`.
//!
//! Whether a window opens never depends on what the hand holds, only on what both sides see:
//! the owner holds some chit, and a reaction chit its cups could have dealt it could be played
//! now. Otherwise the offer itself (and, in hotseat play, the hand-off before it) would tell the
//! enemy what the owner holds. The owner may then find nothing to play and pass.

use std::collections::BTreeSet;

use bevy::prelude::*;

use super::events::{Facts, chit_def, condition_holds};
use super::losses::{LossQuery, lose_step};
use super::note::CommandCtx;
use super::RulesSystems;
use crate::model::view::{UnitsView, factors, has_flag, steps_left};
use crate::model::{Control, CurrentCommand, FinishedCombat, Game, Location, PendingCombat, PendingPrompt, Pools, SpaceId, Tracks, TurnState};
use crate::scenario::schema::{ChitDef, EventEffect, Map, PhaseKind, PhaseUnits, ReactionWindow};
use crate::model::command::Command;
use crate::model::log::LogKind;
use crate::model::prompt::Prompt;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    // A scenario none of whose chits has a reaction window never offers one: the offers are
    // left out (each run fetches a dozen resources to find nothing to offer), and the record
    // of the last finished combat is still kept for one command only.
    if s.uses(|sc| sc.pools.iter().flat_map(|p| &p.chits).any(|c| c.reaction.is_some())) {
        s.at_phase_start(
            offer_at_phase_start
                .after(super::declarations::offer_declarations)
                .before(super::interdiction::prompt_for_markers)
                .before(super::supply::check_supply_at_movement_start),
        );
        s.always(offer_after_command.in_set(super::Gate::Accepted).in_set(RulesSystems::Tracks));
    } else if s.kept(crate::model::ruleset::Mechanism::Attack) || s.uses(|sc| sc.rules.overrun.is_some()) {
        // Only the generic combat finishes a combat (`combat::fight`: an attack on a table,
        // which a ruleset may replace, or an overrun, where the scenario has them): elsewhere
        // there is never one to forget, and a system on every command costs a run of its own.
        s.always(forget_finished_combat.in_set(super::Gate::Accepted).in_set(RulesSystems::Tracks));
    }
    if s.kept(crate::model::ruleset::Mechanism::Reactions) {
        let answer = answer_reaction.in_set(RulesSystems::Movement).after(super::events::play_chit).before(super::declarations::apply_pending_effects);
        s.on(|c| matches!(c, Command::PlayChit { .. } | Command::Pass), answer);
    }
    let choose = choose_unit.in_set(RulesSystems::Movement).after(super::events::play_chit).before(super::declarations::apply_pending_effects);
    s.on(|c| matches!(c, Command::Choose { .. }), choose);
}

/// What the reaction windows remember.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ReactionState {
    /// Moments already offered: (game turn, phase, moment).
    pub offered: BTreeSet<(usize, usize, String)>,
    /// The combat the current offer is about (for `AttackerLosesStep`).
    pub combat: Option<FinishedCombat>,
    /// The offer was made as a phase began: answering it resumes the phase-start hooks.
    pub at_phase_start: bool,
}

/// The moment a reaction may be offered at.
enum Moment {
    MovementStart,
    AfterMove(Vec<String>),
    AfterCombat(FinishedCombat),
}

/// Everything the offers read and write.
#[derive(bevy::ecs::system::SystemParam)]
pub struct OfferParams<'w, 's> {
    game: Res<'w, Game>,
    turn: Res<'w, TurnState>,
    tracks: Res<'w, Tracks>,
    control: Res<'w, Control>,
    pools: Res<'w, Pools>,
    timers: Res<'w, super::timers::Timers>,
    cmd: Res<'w, CurrentCommand>,
    prompt: ResMut<'w, PendingPrompt>,
    pending: ResMut<'w, PendingCombat>,
    state: ResMut<'w, ReactionState>,
    q: crate::model::units_now::UnitQuery<'w, 's>,
}

pub fn offer_at_phase_start(mut p: OfferParams) {
    let movement = p.turn.current_phase(&p.game).is_some_and(|ph| ph.kind == PhaseKind::Movement);
    if movement {
        offer(&mut p, Moment::MovementStart, true);
    }
}

/// The record of the last finished combat is kept for the command that finished it (landings
/// read it too); where no chit reacts to anything, this forgets it as `offer_after_command`
/// would have after finding nothing to offer.
pub fn forget_finished_combat(mut pending: ResMut<PendingCombat>) {
    if pending.1.is_some() {
        pending.1 = None;
    }
}

pub fn offer_after_command(mut p: OfferParams) {
    if let Some(done) = p.pending.1.take() {
        offer(&mut p, Moment::AfterCombat(done), false);
        return;
    }
    let moved = match p.cmd.0.as_ref().map(|(_, c)| c) {
        Some(Command::Move { unit, .. } | Command::StrategicMove { unit, .. }) => vec![unit.to_string()],
        Some(Command::Overrun { units, .. }) => crate::model::command::strings(units),
        _ => return,
    };
    offer(&mut p, Moment::AfterMove(moved), false);
}

fn window_fits(w: &ReactionWindow, game: &Game, turn: &TurnState, moment: &Moment) -> bool {
    let Some(phase) = turn.current_phase(game) else { return false };
    match (w, moment) {
        (ReactionWindow::EnemyMovementStart { breakthrough }, Moment::MovementStart) => *breakthrough || phase.units != PhaseUnits::Reserve,
        (ReactionWindow::EnemyMovement, Moment::MovementStart | Moment::AfterMove(_)) => phase.units != PhaseUnits::Reserve,
        (ReactionWindow::AfterDefence { terrains }, Moment::AfterCombat(c)) => {
            let Map::Hex(m) = &game.scenario.map else { return false };
            game.board.spaces[c.target.index()].terrain.is_some_and(|t| m.terrain.get(t).is_some_and(|d| terrains.contains(&d.id)))
        }
        // Each window opens at its own moments only.
        (ReactionWindow::EnemyMovementStart { .. }, Moment::AfterMove(_) | Moment::AfterCombat(_))
        | (ReactionWindow::EnemyMovement, Moment::AfterCombat(_))
        | (ReactionWindow::AfterDefence { .. }, Moment::MovementStart | Moment::AfterMove(_)) => false,
    }
}

/// Targets of a chit for `owner` at a moment: `None` if it cannot be played, an empty list if
/// it needs no target.
#[must_use]
fn targets(game: &Game, control: &Control, units: &UnitsView, owner: usize, def: &ChitDef, moment: &Moment) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let near_owner = |s: SpaceId| units.all().iter().any(|o| o.side == owner && o.space().is_some_and(|os| os == s || game.board.edge(os, s).is_some()));
    for e in &def.effects {
        match e {
            EventEffect::DemolishBridge { bridges } => {
                for (a, b) in bridges {
                    let (Some(x), Some(y)) = (game.board.space(a), game.board.space(b)) else { continue };
                    let pair = if x < y { (x, y) } else { (y, x) };
                    let road = game.board.edge(x, y).is_some_and(|e| e.road.is_some());
                    if road && !control.demolished.contains(&pair) && near_owner(y) {
                        out.push(format!("{a}-{b}"));
                    }
                }
                if out.is_empty() {
                    return None;
                }
            }
            EventEffect::EliminateUnit { max_steps, max_defense } => {
                let candidates: Vec<&str> = match moment {
                    Moment::AfterMove(ids) => ids.iter().map(String::as_str).collect(),
                    _ => units.all().iter().map(|u| &*u.id).collect(),
                };
                for id in candidates {
                    let Some(u) = units.get(id) else { continue };
                    let Some(at) = u.space() else { continue };
                    if u.side == owner || !matches!(game.board.spaces[at.index()].kind, crate::scenario::board::SpaceKind::Hex { .. }) {
                        continue;
                    }
                    let adjacent = units.all().iter().any(|o| o.side == owner && o.space().is_some_and(|os| game.board.edge(os, at).is_some()));
                    let small = steps_left(game, u.type_index, u.level) <= *max_steps && factors(game, u.type_index, u.level).defense <= *max_defense;
                    if adjacent && small {
                        out.push(String::from(&*u.id));
                    }
                }
                if out.is_empty() {
                    return None;
                }
            }
            EventEffect::AttackerLosesStep { .. } => {
                let Moment::AfterCombat(c) = moment else { return None };
                if c.defender != owner || !c.attackers.iter().any(|id| units.get(id).is_some_and(|u| u.space().is_some())) {
                    return None;
                }
            }
            // The other effects name no target.
            EventEffect::AdjustTrack { .. }
            | EventEffect::DrawChits { .. }
            | EventEffect::AddSupport { .. }
            | EventEffect::ExtraMarkers { .. }
            | EventEffect::Obligation(_)
            | EventEffect::ReduceUnit { .. }
            | EventEffect::If { .. }
            | EventEffect::TableEntry { .. }
            | EventEffect::Roll { .. }
            | EventEffect::AttackQuota { .. }
            | EventEffect::Withdraw(_)
            | EventEffect::Receive(_)
            | EventEffect::Restrict(_)
            | EventEffect::ChangeSides { .. }
            | EventEffect::ChooseOne { .. }
            | EventEffect::RestrictForGood(_)
            | EventEffect::UnitsLeave { .. }
            | EventEffect::LookInsideStacks
            | EventEffect::Ruleset { .. }
            | EventEffect::RulesetEffect(_)
            | EventEffect::NoEffect => {}
        }
    }
    Some(out)
}

fn offer(p: &mut OfferParams, moment: Moment, at_phase_start: bool) {
    if p.prompt.0.is_some() || p.pending.0.is_some() || p.turn.result.is_some() || p.turn.setup.is_some() {
        return;
    }
    let Some(phase) = p.turn.current_phase(&p.game) else { return };
    let Some(actor) = p.turn.actor(&p.game, phase) else { return };
    let key = match &moment {
        Moment::MovementStart => "phase start".to_string(),
        Moment::AfterMove(ids) => format!("after {} moved", ids.join(", ")),
        Moment::AfterCombat(c) => format!("after the combat in {}", p.game.board.key(c.target)),
    };
    let units = p.q.view();
    let facts = Facts { game: &p.game, turn: &p.turn, tracks: &p.tracks, control: &p.control, units: &units, timers: &p.timers.0 };
    // Targets of a chit if it could be played now (`None` if it could not).
    let playable = |owner: usize, def: &ChitDef| -> Option<Vec<String>> {
        let w = def.reaction.as_ref()?;
        if !window_fits(w, &p.game, &p.turn, &moment) || def.playable_if.iter().any(|c| !condition_holds(facts, c)) {
            return None;
        }
        targets(&p.game, &p.control, &units, owner, def, &moment)
    };
    for owner in (0..p.game.scenario.sides.len()).filter(|s| *s != actor) {
        let hand = p.pools.hands.get(owner).cloned().unwrap_or_default();
        // The window opens on what the enemy sees: some chit in hand, and some reaction chit
        // the owner could hold that could be played now.
        let owner_id = p.game.side_id(owner);
        let could_hold = p.game.scenario.pools.iter().filter(|pool| pool.side.as_deref().is_none_or(|s| s == owner_id)).flat_map(|pool| &pool.chits);
        let opens = !hand.is_empty() && could_hold.filter(|d| d.added_on_turn <= p.pools.added_through.max(1)).any(|d| playable(owner, d).is_some());
        // A moment is offered once; after-move moments are new with every move.
        let mark = (p.turn.turn, p.turn.phase, key.clone());
        if !opens || (matches!(moment, Moment::MovementStart) && p.state.offered.contains(&mark)) {
            continue;
        }
        let chits: Vec<(String, Vec<String>)> = hand.into_iter().filter_map(|c| chit_def(&p.game, &c).and_then(|(_, d)| playable(owner, d)).map(|t| (c, t))).collect();
        p.state.offered.insert(mark);
        p.state.at_phase_start = at_phase_start;
        p.state.combat = match &moment {
            Moment::AfterCombat(c) => Some(c.clone()),
            _ => None,
        };
        p.prompt.0 = Some(Prompt::React { side: p.game.side_id(owner).to_string(), moment: key, chits });
        return;
    }
}

/// Why a reaction answer is wrong, if it is.
#[must_use]
pub fn reaction_rejection(prompt: Option<&Prompt>, cmd: &Command) -> Option<String> {
    let Some(Prompt::React { chits, .. }) = prompt else { return Some("no reaction is on offer".into()) };
    let Command::PlayChit { chit, target } = cmd else { return None };
    let Some((_, options)) = chits.iter().find(|(c, _)| c == chit) else {
        return Some(format!("`{chit}` is not on offer now"));
    };
    match target {
        None if !options.is_empty() => Some(format!("`{chit}` needs a target: one of {}", options.join(", "))),
        Some(t) if !options.iter().any(|o| o == t) => Some(format!("`{t}` is not a possible target of `{chit}`")),
        _ => None,
    }
}

fn answer_reaction(
    mut ctx: CommandCtx,
    mut prompt: ResMut<PendingPrompt>,
    mut pools: ResMut<Pools>,
    mut control: ResMut<Control>,
    state: Res<ReactionState>,
    mut pending: ResMut<super::declarations::PendingEffects>,
    mut q: LossQuery,
) {
    let Some((side, c)) = ctx.cmd.0.clone() else { return };
    let game = ctx.game.clone();
    // A chit played outside a reaction offer is an ordinary play (events.rs).
    if !matches!(prompt.0, Some(Prompt::React { .. })) {
        return;
    }
    if let Some(r) = reaction_rejection(prompt.0.as_ref(), &c) {
        return ctx.reject(r);
    }
    prompt.0 = None;
    if state.at_phase_start {
        // The phase-start hooks that waited (interdiction markers, the supply check) run now.
        ctx.outcome.phase_started = true;
    }
    let Command::PlayChit { chit, target } = c.clone() else {
        ctx.log(LogKind::Command, format_args!("{} plays no reaction", game.side_id(side)), None);
        return;
    };
    let (chit, target) = (chit.to_string(), target.map(|t| t.to_string()));
    let Some((_, def)) = chit_def(&game, &chit) else { return };
    let def = def.clone();
    pools.hands[side].retain(|h| *h != chit);
    ctx.outcome.barrier = true;
    let on = target.as_ref().map(|t| format!(" on {t}")).unwrap_or_default();
    ctx.log(LogKind::Command, format_args!("{} plays {} ({}){on}", game.side_id(side), def.id, def.name), target.clone());
    let mut rest = Vec::new();
    for e in &def.effects {
        match e {
            EventEffect::ExtraMarkers { count } => {
                control.extra_markers += count;
                ctx.log(LogKind::Track, format_args!("{count} more interdiction marker(s) this phase ({})", def.name), None);
            }
            EventEffect::DemolishBridge { .. } => {
                let Some((a, b)) = target.as_deref().and_then(|t| t.split_once('-')) else { continue };
                let (Some(x), Some(y)) = (game.board.space(a), game.board.space(b)) else { continue };
                control.demolished.insert(if x < y { (x, y) } else { (y, x) });
                let text = format!("the bridge {a}-{b} is demolished: the road there pays the river for the rest of the game");
                ctx.log(LogKind::Control, text, Some(b.to_string()));
            }
            EventEffect::EliminateUnit { .. } => {
                let Some(id) = target.clone() else { continue };
                let Some(&e) = ctx.index.0.get(&id) else { continue };
                if let Ok((_, mut loc, _, _, mut hidden)) = q.get_mut(e) {
                    hidden.0 = false;
                    *loc = Location::Eliminated;
                }
                ctx.log(LogKind::Loss, format_args!("{id} is revealed and eliminated ({})", def.name), None);
            }
            EventEffect::AttackerLosesStep { flag } => {
                let Some(c) = state.combat.clone() else { continue };
                let units = q.view();
                let live: Vec<&str> = c.attackers.iter().filter(|id| units.get(id).is_some_and(|u| u.space().is_some())).map(String::as_str).collect();
                let flagged = |id: &str| flag.is_some_and(|f| units.get(id).is_some_and(|u| has_flag(&game, u.type_index, f)));
                let any_flagged_attacked = c.attackers.iter().any(|id| flagged(id));
                let mut choice: Vec<String> = live.iter().filter(|id| !any_flagged_attacked || flagged(id)).map(|s| (*s).to_string()).collect();
                if choice.is_empty() {
                    choice = live.iter().map(|s| (*s).to_string()).collect();
                }
                let Some(attacker) = choice.first().and_then(|id| units.get(id)).map(|u| u.side) else { continue };
                prompt.0 = Some(Prompt::ChooseUnit {
                    side: game.side_id(attacker).to_string(),
                    units: choice,
                    what: format!("loses a step ({})", def.name),
                    rule: def.rule.clone().unwrap_or_default(),
                    eliminate: false,
                    then_end_phase: false,
                });
            }
            other => rest.push(other.clone()),
        }
    }
    if !rest.is_empty() {
        pending.0.push((side, rest, format!("{} {}", def.id, def.name), None));
    }
}

fn choose_unit(mut ctx: CommandCtx, mut prompt: ResMut<PendingPrompt>, mut q: LossQuery) {
    let Some((_, Command::Choose { unit })) = ctx.cmd.0.clone() else { return };
    let unit = unit.to_string();
    let Some(Prompt::ChooseUnit { units, what, eliminate, then_end_phase, .. }) = prompt.0.clone() else {
        return ctx.reject("no choice of unit is asked for".into());
    };
    if !units.contains(&unit) {
        return ctx.reject(format!("choose one of {}", units.join(", ")));
    }
    prompt.0 = None;
    ctx.outcome.resume_phase_end |= then_end_phase;
    let Some(&e) = ctx.index.0.get(&unit) else { return };
    if eliminate {
        if let Ok((_, mut loc, ..)) = q.get_mut(e) {
            *loc = crate::model::Location::Eliminated;
        }
        return ctx.log(LogKind::Loss, format_args!("{unit} {what}"), None);
    }
    let gone = lose_step(&ctx.game, e, &mut q);
    let text = if gone { format!("{unit} {what} and is eliminated") } else { format!("{unit} {what}") };
    ctx.log(LogKind::Loss, text, None);
}
