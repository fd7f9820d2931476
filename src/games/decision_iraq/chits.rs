//! Netwar chits (DI 20, 25, 6.8): drawn at random into a hidden hand, played by revealing them,
//! then returned to the owner's pool (20.5). When a chit is played the enemy may cancel it with
//! Black Ops (CI) or Fatwa (Ins), and that cancel may be cancelled in turn: the chit takes effect
//! if an even number of cancels follow it. ISR is played in the owner's conflict phase, Leader
//! Node in its Mobilization phase; Tactical Edge and InfoWar are offered during conflicts
//! (`conflict.rs`).

use bevy::prelude::*;

use super::index_track;
use crate::scenario::board::SpaceKind;
use crate::model::view::UnitsView;
use crate::model::{Game, Location, PendingPrompt, Pools, SpaceId, StepLevel, Tracks, TurnState};
use crate::rules::events::chit_def;
use crate::rules::losses::LossQuery;
use crate::rules::note::{CommandCtx, log};
use crate::rules::RulesSystems;
use crate::scenario::schema::{EventEffect, PhaseKind};
use super::schema::{NetwarChit, NetwarEffect};
use crate::model::command::Command;
use crate::model::dice::Dice;
use crate::model::log::{GameLog, LogKind};
use crate::model::prompt::Prompt;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    s.on(|c| matches!(c, Command::PlayChit { .. }), play_or_answer.in_set(RulesSystems::Movement));
    // A pass answers a chain's cancel offer, so there is none to answer while no chain is open.
    s.on_while(|c| matches!(c, Command::Pass), |c: &ChitChain| !c.stack.is_empty(), play_or_answer.in_set(RulesSystems::Movement));
    s.on(|c| matches!(c, Command::BuyChit), buy.in_set(RulesSystems::Movement));
}

/// A chit being played and the cancels played against it, in order: (side, chit).
#[derive(Resource, Clone, Debug, Default, serde::Serialize)]
pub struct ChitChain {
    pub stack: Vec<(usize, String)>,
    pub purpose: Option<Purpose>,
}

/// What the chit at the bottom of a chain does if it stands.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Purpose {
    /// The party (0 attacker, 1 defender) of the conflict in progress doubles its units.
    TacticalEdge(usize),
    /// The points step of the conflict in progress counts one more doubling.
    InfoWar,
    /// A district (its key) opened to every table, or `hand`: a look at the enemy's chits.
    Isr(String),
    /// A unit (its id) raised a level, or a space (its key) where a militia is placed.
    LeaderNode(String),
    /// DI 27.12: the Hyperwar's operations and the two chits spent with the first.
    Hyperwar { info: Option<bool>, defection: Option<String>, others: Vec<String> },
}

/// The kind of a chit instance.
#[must_use]
pub fn chit_kind(game: &Game, chit: &str) -> Option<NetwarChit> {
    let di = game.ruleset.as_any().downcast_ref::<super::DecisionIraq>()?;
    di.chit_kinds.get(chit_type(chit)).copied().flatten()
}

/// What [`DecisionIraq::chit_kinds`] and [`DecisionIraq::windows`] hold for `scenario`, whose
/// `RulesetEffect`s are `effects` (by their text): read once when the ruleset is made.
///
/// [`DecisionIraq::chit_kinds`]: super::DecisionIraq::chit_kinds
/// [`DecisionIraq::windows`]: super::DecisionIraq::windows
#[must_use]
pub fn chit_kinds(scenario: &crate::scenario::schema::Scenario, effects: &std::collections::BTreeMap<String, NetwarEffect>) -> (super::ChitKinds, Vec<[bool; NetwarChit::KINDS]>) {
    let mut kinds = super::ChitKinds::default();
    let mut windows = vec![[false; NetwarChit::KINDS]; scenario.sides.len()];
    for p in &scenario.pools {
        for c in &p.chits {
            // Every kind the chit's effects name, in order: the first is the chit's kind.
            let named: Vec<NetwarChit> = c
                .effects
                .iter()
                .filter_map(|e| match e {
                    EventEffect::RulesetEffect(raw) => match effects.get(raw.get_ron())? {
                        NetwarEffect::Chit(k) => Some(*k),
                        _ => None,
                    },
                    _ => None,
                })
                .collect();
            // As `rules::events::chit_def` finds a chit: in the first pool that holds its id.
            kinds.entry(c.id.clone()).or_insert(named.first().copied());
            for (side, w) in scenario.sides.iter().zip(&mut windows) {
                if p.side.as_deref().is_none_or(|s| s == side.id) {
                    named.iter().for_each(|&k| w[k as usize] = true);
                }
            }
        }
    }
    (kinds, windows)
}

/// Whether a chance to play a chit of `kind` is offered to `side`: it holds some chit, and its
/// pools hold chits of that kind. Never what the hand holds: the enemy sees only how many chits
/// the side holds, so an offer (and the hand-off before it) must tell it nothing more. The side
/// may then have nothing to play and pass.
#[must_use]
pub fn window_for(game: &Game, pools: &Pools, side: usize, kind: NetwarChit) -> bool {
    // The hand first: an empty one answers at once, without a look through the pools.
    if pools.hands.get(side).is_none_or(|h| h.is_empty()) {
        return false;
    }
    let di = game.ruleset.as_any().downcast_ref::<super::DecisionIraq>();
    di.and_then(|di| di.windows.get(side)).is_some_and(|w| w[kind as usize])
}

/// The side's chits of a kind in hand, one per chit type (copies are interchangeable).
#[must_use]
pub fn held(game: &Game, pools: &Pools, side: usize, kind: NetwarChit) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in pools.hands.get(side).map(Vec::as_slice).unwrap_or_default() {
        if chit_kind(game, c) == Some(kind) && !out.iter().any(|o| chit_type(o) == chit_type(c)) {
            out.push(c.clone());
        }
    }
    out
}

/// The chit type of a chit (`fatwa` of `fatwa#2`): copies of one type are interchangeable.
fn chit_type(chit: &str) -> &str {
    chit.split_once('#').map_or(chit, |(b, _)| b)
}

fn name(game: &Game, chit: &str) -> String {
    chit_def(game, chit).map_or_else(|| chit.to_string(), |(_, d)| d.name.clone())
}

/// Reveals `chit` from `side`'s hand for `purpose` and offers the enemy a cancel. Returns the
/// outcome at once if no cancel can be offered.
#[expect(clippy::too_many_arguments, reason = "the state a chit play reads and writes")]
pub fn start(game: &Game, turn: &TurnState, glog: &mut GameLog, pools: &mut Pools, chain: &mut ChitChain, prompt: &mut PendingPrompt, side: usize, chit: &str, purpose: Purpose) -> Option<(Purpose, bool)> {
    pools.hands[side].retain(|h| h != chit);
    log(glog, game, turn, LogKind::Command, format_args!("{} plays {} (20.4)", game.side_id(side), name(game, chit)), None);
    chain.stack = vec![(side, chit.to_string())];
    chain.purpose = Some(purpose);
    offer_cancel(game, turn, glog, pools, chain, prompt)
}

/// Offers the side that did not play the last chit of the chain a cancel, or resolves the chain.
fn offer_cancel(game: &Game, turn: &TurnState, glog: &mut GameLog, pools: &mut Pools, chain: &mut ChitChain, prompt: &mut PendingPrompt) -> Option<(Purpose, bool)> {
    let (last, chit) = chain.stack.last().cloned()?;
    let other = (0..game.scenario.sides.len()).find(|s| *s != last)?;
    // 20.5: offered whenever the enemy could cancel, whatever it holds (see `window_for`).
    if !window_for(game, pools, other, NetwarChit::Cancel) {
        return Some(resolve(game, turn, glog, pools, chain));
    }
    let cancels = held(game, pools, other, NetwarChit::Cancel);
    prompt.0 = Some(Prompt::React {
        side: game.side_id(other).to_string(),
        moment: format!("{} plays {}: cancel it?", game.side_id(last), name(game, &chit)),
        chits: cancels.into_iter().map(|c| (c, Vec::new())).collect(),
    });
    None
}

/// The chain is over: the first chit stands if an even number of cancels followed it. Every chit
/// goes back to its owner's pool (20.5).
fn resolve(game: &Game, turn: &TurnState, glog: &mut GameLog, pools: &mut Pools, chain: &mut ChitChain) -> (Purpose, bool) {
    let stands = chain.stack.len() % 2 == 1;
    let (side, first) = chain.stack.first().cloned().unwrap_or_default();
    for (_, c) in chain.stack.drain(..) {
        if let Some((p, _)) = chit_def(game, &c) {
            pools.cups[p].push(c);
            pools.cups[p].sort();
        }
    }
    let text = if stands { format!("{}'s {} takes effect", game.side_id(side), name(game, &first)) } else { format!("{}'s {} is cancelled (20.5)", game.side_id(side), name(game, &first)) };
    log(glog, game, turn, LogKind::Command, text, None);
    (chain.purpose.take().unwrap_or(Purpose::InfoWar), stands)
}

/// Answers a cancel offer: a cancel chit joins the chain (the other side may answer it), a pass
/// resolves it.
#[expect(clippy::too_many_arguments, reason = "the state a chit play reads and writes")]
pub fn answer(game: &Game, turn: &TurnState, glog: &mut GameLog, pools: &mut Pools, chain: &mut ChitChain, prompt: &mut PendingPrompt, side: usize, cmd: &Command) -> Result<Option<(Purpose, bool)>, String> {
    match cmd {
        Command::Pass => {
            prompt.0 = None;
            Ok(Some(resolve(game, turn, glog, pools, chain)))
        }
        Command::PlayChit { chit, .. } => {
            if chit_kind(game, chit) != Some(NetwarChit::Cancel) || !pools.hands[side].iter().any(|h| h == chit) {
                return Err(format!("`{chit}` is not a cancel chit in your hand"));
            }
            prompt.0 = None;
            pools.hands[side].retain(|h| h != chit);
            log(glog, game, turn, LogKind::Command, format_args!("{} plays {} to cancel it (20.5)", game.side_id(side), name(game, chit)), None);
            chain.stack.push((side, chit.to_string()));
            Ok(offer_cancel(game, turn, glog, pools, chain, prompt))
        }
        _ => Err("answer with a cancel chit or pass".into()),
    }
}

/// Why `side` may not play `chit` on `target` now (outside the conflict offers), if it may not.
#[must_use]
pub fn play_rejection(game: &Game, turn: &TurnState, units: &UnitsView, pools: &Pools, side: usize, chit: &str, target: Option<&str>) -> Option<String> {
    if !pools.hands.get(side).is_some_and(|h| h.iter().any(|c| c == chit)) {
        return Some(format!("`{chit}` is not in {}'s hand", game.side_id(side)));
    }
    let phase = turn.current_phase(game)?;
    let own = turn.actor(game, phase) == Some(side);
    match chit_kind(game, chit) {
        Some(NetwarChit::Isr) => {
            if !own || phase.kind != PhaseKind::Combat {
                return Some("ISR is played in its owner's conflict phase (20.5)".into());
            }
            match target {
                Some("hand") => None,
                Some(k) => match game.board.space(k) {
                    Some(s) if matches!(game.board.spaces[s.index()].kind, SpaceKind::Area) => {
                        (!units.at(s).any(|u| u.side == side)).then(|| format!("no unit of yours is in the open in {k}"))
                    }
                    _ => Some(format!("ISR names a district or `hand`, not `{k}`")),
                },
                None => Some("ISR names a district (its units may use the Kinetic table against infra boxes) or `hand`".into()),
            }
        }
        Some(NetwarChit::LeaderNode) => {
            if !own || phase.kind != PhaseKind::Mobilization {
                return Some("Leader Node is played in its owner's Mobilization phase (20.5)".into());
            }
            let t = target?;
            if let Some(u) = units.get(t) {
                if u.side != side || u.space().is_none() {
                    return Some(format!("`{t}` is not a unit of yours on the map"));
                }
                return matches!(crate::rules::levels::change_level(game, units, t, u.type_index, u.level, 1), crate::rules::levels::LevelChange::To(_))
                    .then_some(())
                    .map_or_else(|| Some(format!("`{t}` cannot rise a level (level 0, its maximum, or no counter free)")), |()| None);
            }
            leader_militia(game, units, side, t).err()
        }
        Some(NetwarChit::TacticalEdge | NetwarChit::InfoWar | NetwarChit::Cancel) => Some(format!("{} is played when it is offered", name(game, chit))),
        None => Some(format!("`{chit}` is not a Netwar chit")),
    }
}

/// The available militia counter Leader Node places at `at`, where the side's setup groups of
/// that type could go (20.5).
fn leader_militia(game: &Game, units: &UnitsView, side: usize, at: &str) -> Result<String, String> {
    let (ty, t) = militia_type(game, side)?;
    if !militia_district(game, side, at) {
        return Err(format!("{ty} could not have been set up in {at}"));
    }
    if box_taken(game, units, at) {
        return Err(format!("{at} is not empty"));
    }
    militia_counter(game, units, ty, t)
}

/// The side's Leader Node militia type: its id and index.
fn militia_type(game: &Game, side: usize) -> Result<(&str, usize), String> {
    let n = super::netwar(game).ok_or("not a Netwar game")?;
    let (_, ty, _) = n.leader_node_militia.iter().find(|(s, ..)| game.side_index(s) == Some(side)).ok_or("no militia for Leader Node")?;
    let t = game.scenario.unit_types.iter().position(|u| u.id == *ty).ok_or("unknown militia type")?;
    Ok((ty.as_str(), t))
}

/// Whether `at` is a box with a unit in it (a militia goes into an empty box or a district).
fn box_taken(game: &Game, units: &UnitsView, at: &str) -> bool {
    game.board.space(at).is_some_and(|s| matches!(game.board.spaces[s.index()].kind, SpaceKind::Slot { .. }) && units.at(s).next().is_some())
}

/// The militia counter Leader Node would place, wherever it goes: one eliminated, with a
/// counter of its lowest level free (20.5, 12.9).
fn militia_counter(game: &Game, units: &UnitsView, ty: &str, t: usize) -> Result<String, String> {
    let level = crate::rules::levels::range(game, t).map_or(1, |(lo, _)| lo);
    if !crate::rules::levels::free_at(game, units, t, level, "") {
        return Err(format!("no level-{level} {ty} counter is free"));
    }
    units.all().iter().find(|u| u.type_index == t && u.location == Location::Eliminated).map(|u| String::from(&*u.id)).ok_or_else(|| format!("every {ty} counter is in play"))
}

/// 20.5: whether `at` is a space of a district where the side's Leader Node militia could have
/// been set up.
fn militia_district(game: &Game, side: usize, at: &str) -> bool {
    let Some((.., districts)) = super::netwar(game).and_then(|n| n.leader_node_militia.iter().find(|(s, ..)| game.side_index(s) == Some(side))) else { return false };
    game.board.space(at).is_some_and(|s| districts.iter().any(|d| d == game.board.key(game.board.area_of(s))))
}

/// The chit plays `side` may make now (ISR on each district with its open units or on the
/// enemy's hand; Leader Node on each unit that can rise and where a militia could be placed),
/// added to `out`.
pub fn chit_commands(game: &Game, turn: &TurnState, units: &UnitsView, pools: &Pools, side: usize, out: &mut Vec<Command>) {
    let phase = turn.current_phase(game);
    let own = phase.is_some_and(|p| turn.actor(game, p) == Some(side));
    // The ISR chits in hand, then the Leader Node ones (as `held` lists each), one per chit type:
    // each chit's kind is looked up once, for the first copy of its type.
    let mut firsts: Vec<(&str, Option<NetwarChit>)> = Vec::new();
    for c in pools.hands.get(side).map(Vec::as_slice).unwrap_or_default() {
        if !firsts.iter().any(|(f, _)| chit_type(f) == chit_type(c)) {
            firsts.push((c.as_str(), chit_kind(game, c)));
        }
    }
    let of_kind = |k: NetwarChit| firsts.iter().filter(move |(_, kind)| *kind == Some(k)).map(|(c, _)| *c);
    debug_assert!(of_kind(NetwarChit::Isr).eq(held(game, pools, side, NetwarChit::Isr).iter().map(String::as_str)));
    debug_assert!(of_kind(NetwarChit::LeaderNode).eq(held(game, pools, side, NetwarChit::LeaderNode).iter().map(String::as_str)));
    for (chit, isr) in of_kind(NetwarChit::Isr).map(|c| (c, true)).chain(of_kind(NetwarChit::LeaderNode).map(|c| (c, false))) {
        // 20.5: outside the phase a chit is played in, no target could be named (`play_rejection`
        // refuses them all), so none is asked about; in it, only targets of the kinds the chit
        // names (ISR: `hand` or a district).
        let when = if isr { PhaseKind::Combat } else { PhaseKind::Mobilization };
        if phase.is_some_and(|p| !own || p.kind != when) {
            continue;
        }
        let spaces = (0..game.board.len()).map(|i| SpaceId(i as u32)).filter(|s| !isr || matches!(game.board.spaces[s.index()].kind, SpaceKind::Area));
        let own_units = units.all().iter().filter(|u| u.side == side && u.space().is_some()).map(|u| &*u.id).filter(|id| !isr || game.board.space(id).is_some());
        let targets = std::iter::once("hand").chain(spaces.map(|s| game.board.key(s))).chain(own_units);
        // Whether a militia counter is there to place, asked once for every place it could go.
        let counter = std::cell::OnceCell::new();
        for t in targets {
            // A Leader Node target that is not a unit names where a militia would go: outside
            // the militia's districts, and in the phase also in a taken box or with no counter
            // to place, `play_rejection` refuses it (checked here without the refusal's text).
            if !isr && units.get(t).is_none() {
                if !militia_district(game, side, t) {
                    continue;
                }
                if phase.is_some() {
                    let ok = !box_taken(game, units, t) && *counter.get_or_init(|| militia_type(game, side).and_then(|(ty, i)| militia_counter(game, units, ty, i)).is_ok());
                    debug_assert_eq!(ok, play_rejection(game, turn, units, pools, side, chit, Some(t)).is_none(), "Leader Node at {t}");
                    if ok {
                        out.push(Command::PlayChit { chit: chit.into(), target: Some(t.into()) });
                    }
                    continue;
                }
            }
            if play_rejection(game, turn, units, pools, side, chit, Some(t)).is_none() {
                out.push(Command::PlayChit { chit: chit.into(), target: Some(t.into()) });
            }
        }
    }
}

/// What ISR and Leader Node plays change.
#[derive(bevy::ecs::system::SystemParam)]
pub struct ChitParams<'w> {
    pub pools: ResMut<'w, Pools>,
    pub chain: ResMut<'w, ChitChain>,
    pub prompt: ResMut<'w, PendingPrompt>,
    pub conflict: Res<'w, super::conflict::NetwarConflict>,
    pub tracks: ResMut<'w, Tracks>,
    pub dice: ResMut<'w, Dice>,
}

/// A chit played from the hand, or an answer to a cancel offer outside a conflict (the
/// conflict answers its own).
fn play_or_answer(ctx: CommandCtx, p: ChitParams, q: LossQuery) {
    if p.prompt.0.is_some() {
        answer_chain(ctx, p, q);
    } else {
        play(ctx, p, q);
    }
}

fn play(mut ctx: CommandCtx, mut p: ChitParams, mut q: LossQuery) {
    let Some((side, Command::PlayChit { chit, target })) = ctx.cmd.0.clone() else { return };
    let (chit, target) = (chit.to_string(), target.map(|t| t.to_string()));
    let units = q.view();
    let game = ctx.game.clone();
    if let Some(r) = play_rejection(&game, &ctx.turn, &units, &p.pools, side, &chit, target.as_deref()) {
        return ctx.reject(r);
    }
    ctx.outcome.barrier = true;
    let target = target.unwrap_or_default();
    let purpose = if chit_kind(&game, &chit) == Some(NetwarChit::Isr) { Purpose::Isr(target) } else { Purpose::LeaderNode(target) };
    let ChitParams { pools, chain, prompt, .. } = &mut p;
    if let Some(done) = start(&game, &ctx.turn, &mut ctx.glog, pools, chain, prompt, side, &chit, purpose) {
        apply(&mut ctx, &mut p, &mut q, side, done);
    }
}

fn answer_chain(mut ctx: CommandCtx, mut p: ChitParams, mut q: LossQuery) {
    let Some((side, cmd)) = ctx.cmd.0.clone() else { return };
    // Chains inside a conflict are answered by the conflict.
    if p.chain.stack.is_empty() || p.conflict.0.is_some() {
        return;
    }
    let game = ctx.game.clone();
    let owner = p.chain.stack.first().map_or(0, |(s, _)| *s);
    let ChitParams { pools, chain, prompt, .. } = &mut p;
    match answer(&game, &ctx.turn, &mut ctx.glog, pools, chain, prompt, side, &cmd) {
        Err(r) => ctx.reject(r),
        Ok(Some(done)) => apply(&mut ctx, &mut p, &mut q, owner, done),
        Ok(None) => {}
    }
}

/// Applies an ISR, Leader Node or Hyperwar that stood.
pub fn apply(ctx: &mut CommandCtx, p: &mut ChitParams, q: &mut LossQuery, side: usize, (purpose, stands): (Purpose, bool)) {
    let game = ctx.game.clone();
    // 27.121: the Hyperwar's other chits go back to the pool, used or not.
    if let Purpose::Hyperwar { others, .. } = &purpose {
        for c in others {
            if let Some((pool, _)) = chit_def(&game, c) {
                p.pools.cups[pool].push(c.clone());
                p.pools.cups[pool].sort();
            }
        }
    }
    if !stands {
        return;
    }
    let pools = &mut p.pools;
    let enemy = (0..game.scenario.sides.len()).find(|s| *s != side).unwrap_or(0);
    match purpose {
        Purpose::Isr(t) if t == "hand" => {
            let mut hand: Vec<String> = pools.hands[enemy].iter().map(|c| name(&game, c)).collect();
            hand.sort();
            let shown = if hand.is_empty() { "none".to_string() } else { hand.join(", ") };
            ctx.log(LogKind::Reveal, format_args!("{} looks at {}'s chits: {shown} (ISR)", game.side_id(side), game.side_id(enemy)), None);
        }
        Purpose::Isr(t) => {
            if let Some(s) = game.board.space(&t) {
                ctx.turn.isr.insert(s);
                ctx.log(LogKind::Command, format!("ISR: {}'s units in {t} may use the Kinetic table against infra boxes this phase", game.side_id(side)), Some(t));
            }
        }
        Purpose::LeaderNode(t) => {
            let units = q.view();
            if units.get(&t).is_some() {
                super::conflict::apply_levels(&game, &ctx.turn, &mut ctx.glog, q, std::slice::from_ref(&t), 1);
            } else if let (Ok(id), Some(s)) = (leader_militia(&game, &units, side, &t), game.board.space(&t)) {
                let level = units.get(&id).and_then(|u| crate::rules::levels::range(&game, u.type_index)).map_or(1, |(lo, _)| lo);
                if let Some((_, mut loc, mut lvl, ..)) = q.unit_mut(id.as_str()) {
                    *loc = Location::OnMap(s);
                    *lvl = StepLevel(level);
                }
                ctx.log(LogKind::Command, format!("Leader Node: {id} is placed at {t}"), Some(t));
            }
        }
        Purpose::Hyperwar { info, defection, .. } => {
            super::hyperwar::resolve(&game, &ctx.turn, &mut ctx.glog, &mut p.tracks, &mut p.dice, q, side, info, defection.as_deref());
        }
        Purpose::TacticalEdge(_) | Purpose::InfoWar => {}
    }
}

/// Why `side` may not buy a chit now, or the pool and the cost.
pub fn buy_check(game: &Game, turn: &TurnState, tracks: &Tracks, pools: &Pools, side: usize) -> Result<(usize, i32), String> {
    let phase = turn.current_phase(game).ok_or("no phase")?;
    if phase.kind != PhaseKind::Mobilization || turn.actor(game, phase) != Some(side) {
        return Err("chits are bought in the side's own Mobilization phase (12.10)".into());
    }
    let n = super::netwar(game).ok_or("not a Netwar game")?;
    let c = n.chit_costs.iter().find(|c| game.side_index(&c.side) == Some(side)).ok_or("this side buys no chits")?;
    let pool = game.scenario.pools.iter().position(|p| p.id == c.pool).ok_or("unknown pool")?;
    if pools.cups[pool].is_empty() {
        return Err("the pool is empty".into());
    }
    let t = index_track(game, side).ok_or("no index")?;
    if tracks.0[t] - c.cost < 1 {
        return Err(format!("a chit costs {} and the index is {}: it may not be spent to 0 (5.2)", c.cost, tracks.0[t]));
    }
    Ok((pool, c.cost))
}

fn buy(mut ctx: CommandCtx, mut pools: ResMut<Pools>, mut tracks: ResMut<Tracks>, mut dice: ResMut<Dice>) {
    let Some((side, Command::BuyChit)) = ctx.cmd.0.clone() else { return };
    let game = ctx.game.clone();
    let (pool, cost) = match buy_check(&game, &ctx.turn, &tracks, &pools, side) {
        Ok(x) => x,
        Err(r) => return ctx.reject(r),
    };
    let t = index_track(&game, side).unwrap_or(0);
    let before = tracks.0[t];
    let after = crate::rules::tracks::adjust_track(&game, &mut tracks, t, -cost);
    ctx.outcome.barrier = true;
    draw(&game, &ctx.turn, &mut ctx.glog, &mut pools, &mut dice, pool, side);
    let track = &game.scenario.tracks[t].name;
    ctx.log(LogKind::Track, format_args!("{track} {before} -> {after}: a chit bought for {cost} (12.10)"), None);
}

/// Draws a chit at random from a pool into the side's hand; the enemy learns only that one was drawn.
pub fn draw(game: &Game, turn: &TurnState, glog: &mut GameLog, pools: &mut Pools, dice: &mut Dice, pool: usize, side: usize) {
    let n = pools.cups[pool].len();
    if n == 0 {
        return;
    }
    let k = dice.roll(n as u32, format!("{} draws a chit", game.side_id(side))) as usize - 1;
    let chit = pools.cups[pool].remove(k.min(n - 1));
    pools.hands[side].push(chit);
    pools.hands[side].sort();
    log(glog, game, turn, LogKind::Track, format_args!("{} draws a chit from {} and keeps it face down", game.side_id(side), game.scenario.pools[pool].name), None);
}
