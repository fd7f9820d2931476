//! Answers to the questions a Netwar conflict asks (DI 16.33 points, 16.34 and 16.42 picks, 16.43
//! retreats, 15.2 advances) and its offers (20.5 Tactical Edge and InfoWar, 22 airstrikes).

use super::vocabulary::{DiCommand, DiPrompt, di, di_prompt};
use bevy::prelude::*;

use super::conflict::{ConflictParams, NetwarConflict, Offer, Step, apply_levels, eliminate, proceed};
use crate::model::{Game, Location, SpaceId};
use crate::rules::losses::LossQuery;
use crate::rules::note::CommandCtx;
use crate::rules::RulesSystems;
use super::schema::NetwarChit;
use crate::model::command::Command;
use crate::model::log::LogKind;
use crate::model::prompt::Prompt;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    let answers = |c: &Command| matches!(c, Command::PickUnits { .. } | Command::RetreatTo { .. } | Command::Advance { .. }) || matches!(di(c), Some(DiCommand::NetwarPoints { .. }));
    s.on(answers, answer.in_set(RulesSystems::Combat));
    // Only a conflict in progress offers chits (run only then).
    s.on_while(|c| matches!(c, Command::PlayChit { .. } | Command::Pass), |c: &NetwarConflict| c.0.is_some(), answer_chit.in_set(RulesSystems::Combat));
    s.on(|c| matches!(di(c), Some(DiCommand::Airstrike { .. })), answer_airstrike.in_set(RulesSystems::Combat));
}

/// Why an answer to the current conflict prompt is wrong, if it is.
#[must_use]
pub fn answer_rejection(game: &Game, prompt: Option<&Prompt>, cmd: &Command) -> Option<String> {
    if let (Some(DiPrompt::NetwarPoints { .. }), Some(DiCommand::NetwarPoints { .. })) = (prompt.and_then(di_prompt), di(cmd)) {
        return None;
    }
    match (prompt, cmd) {
        (Some(Prompt::PickUnits { units: ids, count, .. }), Command::PickUnits { units: picked }) => {
            let mut sorted = picked.clone();
            sorted.sort();
            sorted.dedup();
            if sorted.len() != picked.len() || picked.len() as u32 != *count {
                return Some(format!("pick exactly {count} different unit(s) of: {}", ids.join(", ")));
            }
            picked.iter().find(|u| !ids.iter().any(|s| s == *u)).map(|u| format!("`{u}` is not one of: {}", ids.join(", ")))
        }
        (Some(Prompt::Retreat { options, may_stay, .. }), Command::RetreatTo { moves }) => {
            let mut taken = Vec::new();
            for (u, to) in moves {
                let Some((_, d)) = options.iter().find(|(x, _)| x == u) else { return Some(format!("`{u}` has no retreat to make")) };
                if !d.iter().any(|s| s == to) {
                    return Some(format!("`{u}` may not retreat to {to}; it may go to: {}", d.join(", ")));
                }
                if moves.iter().filter(|(x, _)| x == u).count() > 1 {
                    return Some(format!("`{u}` is named twice"));
                }
                if let Some(s) = game.board.space(to)
                    && matches!(game.board.spaces[s.index()].kind, crate::scenario::board::SpaceKind::Slot { .. })
                {
                    if taken.contains(&s) {
                        return Some(format!("{to} holds one unit only (9.3)"));
                    }
                    taken.push(s);
                }
            }
            // A unit left out must retreat, unless the others took every box it could reach: it
            // then cannot retreat and is eliminated (16.44).
            options
                .iter()
                .find(|(u, d)| !d.is_empty() && !may_stay.contains(u) && !moves.iter().any(|(x, _)| x == u) && !d.iter().all(|t| t.contains('/') && moves.iter().any(|(_, x)| x == t)))
                .map(|(u, _)| format!("`{u}` must retreat (no friendly base here lets it stay, 16.47)"))
        }
        (Some(Prompt::Advance { units: ids, max, .. }), Command::Advance { units: picked }) => {
            if picked.len() as u32 > *max {
                return Some(format!("at most {max} unit(s) may advance, one per emptied box"));
            }
            picked.iter().find(|u| !ids.iter().any(|s| s == *u)).map(|u| format!("`{u}` may not advance"))
        }
        _ => Some("this answer does not fit the question asked".to_string()),
    }
}

fn answer(mut ctx: CommandCtx, mut p: ConflictParams, mut q: LossQuery) {
    let Some((_, cmd)) = ctx.cmd.0.clone() else { return };
    // Only the questions the conflict asked (a points choice has no `by`: it is the conflict's own kind).
    let ours = match p.prompt.0.as_ref() {
        Some(Prompt::PickUnits { by, .. } | Prompt::Retreat { by, .. }) => by == super::conflict::ASKER,
        _ => true,
    };
    if p.conflict.0.is_none() || !ours {
        return;
    }
    if let Some(r) = answer_rejection(&ctx.game, p.prompt.0.as_ref(), &cmd) {
        return ctx.reject(r);
    }
    let game = ctx.game.clone();
    let prompt = p.prompt.0.take();
    let Some(c) = p.conflict.0.as_mut() else { return };
    let Some(step) = c.steps.pop_front() else { return };
    let key = game.board.key(c.space).to_string();
    let (space, sides) = (c.space, c.sides);
    let points = match di(&cmd) {
        Some(DiCommand::NetwarPoints { subtract }) => Some(*subtract),
        _ => None,
    };
    match (step, cmd, prompt) {
        (Step::Points { party, doublings, .. }, _, _) if points.is_some() => {
            let subtract = points.unwrap_or(false);
            let (gainer, other) = (sides[party], sides[1 - party]);
            let who = game.side_id(gainer).to_string();
            if subtract {
                let t = super::index_track(&game, other).unwrap_or(0);
                let base = super::printed_points(&game, space, other);
                super::change_index(&game, &ctx.turn, &mut p.tracks, &mut ctx.glog, t, -base, doublings, format_args!("{who} subtracts the enemy's points of {key} (16.33)"));
            } else {
                let t = super::index_track(&game, gainer).unwrap_or(0);
                let base = super::printed_points(&game, space, gainer);
                super::change_index(&game, &ctx.turn, &mut p.tracks, &mut ctx.glog, t, base, doublings, format_args!("{who} adds its points of {key} (16.33)"));
            }
        }
        (Step::Levels { delta, .. }, Command::PickUnits { units }, _) => apply_levels(&game, &ctx.turn, &mut ctx.glog, &mut q, &crate::model::command::strings(&units), delta),
        (Step::Eliminate { .. }, Command::PickUnits { units }, _) => eliminate(&game, &ctx.turn, &mut ctx.glog, &mut q, &crate::model::command::strings(&units)),
        (Step::Retreat { .. }, Command::RetreatTo { moves }, Some(Prompt::Retreat { options, may_stay, .. })) => {
            for (u, to) in &moves {
                let Some(s) = game.board.space(to) else { continue };
                if let Some((_, mut loc, ..)) = q.unit_mut(u.as_str()) {
                    *loc = Location::OnMap(s);
                }
                ctx.log(LogKind::Command, format_args!("{u} retreats to {to} (16.43)"), Some(to.to_string()));
            }
            let unmoved: Vec<&String> = options.iter().map(|(u, _)| u).filter(|u| !moves.iter().any(|(x, _)| x == *u)).collect();
            let doomed: Vec<String> = unmoved.iter().filter(|u| !may_stay.contains(u)).map(|u| (*u).clone()).collect();
            let stayed: Vec<&str> = unmoved.iter().filter(|u| may_stay.contains(u)).map(|u| u.as_str()).collect();
            if !doomed.is_empty() {
                ctx.log(LogKind::Loss, format_args!("{}: every box it could reach is taken, it cannot retreat (16.44)", doomed.join(", ")), Some(key.clone()));
                eliminate(&game, &ctx.turn, &mut ctx.glog, &mut q, &doomed);
            }
            if !stayed.is_empty() {
                ctx.log(LogKind::Command, format_args!("{} ignore(s) the retreat: a friendly base is here (16.47)", stayed.join(", ")), Some(key.clone()));
            }
        }
        (Step::Advance, Command::Advance { units }, _) => {
            let view = q.view();
            let mut empty: Vec<SpaceId> = c.boxes.iter().copied().filter(|b| view.at(*b).next().is_none()).collect();
            empty.sort_unstable();
            for (u, b) in units.iter().zip(empty) {
                if let Some((_, mut loc, ..)) = q.unit_mut(u.as_str()) {
                    *loc = Location::OnMap(b);
                }
                let to = game.board.key(b).to_string();
                ctx.log(LogKind::Command, format!("{u} advances into {to} (15.2)"), Some(to));
            }
        }
        _ => {}
    }
    proceed(&game, &ctx.turn, &mut ctx.glog, &mut p, &mut q);
}

/// Answers a chit offer or a cancel inside a conflict: Tactical Edge before the roll, InfoWar at
/// the points, Black Ops/Fatwa against either.
fn answer_chit(mut ctx: CommandCtx, mut p: ConflictParams, mut q: LossQuery) {
    let Some((side, cmd)) = ctx.cmd.0.clone() else { return };
    let Some(offer) = p.conflict.0.as_ref().map(|c| c.offer) else { return };
    let game = ctx.game.clone();
    let done = if p.chain.stack.is_empty() {
        let Some(offer) = offer else { return ctx.reject("no chit is offered now".into()) };
        match &cmd {
            Command::Pass => {
                p.prompt.0 = None;
                Some((super::chits::Purpose::InfoWar, false))
            }
            Command::PlayChit { chit, .. } => {
                let kind = match offer {
                    Offer::TacticalEdge(_) => NetwarChit::TacticalEdge,
                    Offer::InfoWar => NetwarChit::InfoWar,
                };
                if super::chits::chit_kind(&game, chit) != Some(kind) || !p.pools.hands[side].iter().any(|h| h == chit) {
                    return ctx.reject(format!("`{chit}` is not the offered chit"));
                }
                p.prompt.0 = None;
                let purpose = match offer {
                    Offer::TacticalEdge(party) => super::chits::Purpose::TacticalEdge(party),
                    Offer::InfoWar => super::chits::Purpose::InfoWar,
                };
                ctx.outcome.barrier = true;
                let ConflictParams { pools, chain, prompt, .. } = &mut p;
                super::chits::start(&game, &ctx.turn, &mut ctx.glog, pools, chain, prompt, side, chit, purpose)
            }
            _ => return,
        }
    } else {
        let ConflictParams { pools, chain, prompt, .. } = &mut p;
        match super::chits::answer(&game, &ctx.turn, &mut ctx.glog, pools, chain, prompt, side, &cmd) {
            Err(r) => return ctx.reject(r),
            Ok(x) => x,
        }
    };
    let Some((purpose, stands)) = done else { return };
    if let Some(c) = p.conflict.0.as_mut() {
        c.offer = None;
        if stands {
            match purpose {
                super::chits::Purpose::TacticalEdge(party) => {
                    c.edge[party] = true;
                    ctx.log(LogKind::Combat, format_args!("Tactical Edge: {}'s units count double in this conflict", game.side_id(c.sides[party])), None);
                }
                super::chits::Purpose::InfoWar => {
                    if let Some(Step::Points { doublings, .. }) = c.steps.front_mut() {
                        *doublings += 1;
                        ctx.log(LogKind::Combat, "InfoWar: the points of this conflict count one more doubling", None);
                    }
                }
                _ => {}
            }
        }
    }
    proceed(&game, &ctx.turn, &mut ctx.glog, &mut p, &mut q);
}

/// Answers the airstrike offer: none, or the column the conflict is resolved on (22.3).
fn answer_airstrike(mut ctx: CommandCtx, mut p: ConflictParams, mut q: LossQuery) {
    let Some((side, Some(DiCommand::Airstrike { column }))) = ctx.cmd.0.as_ref().map(|(s, c)| (*s, di(c).cloned())) else { return };
    let Some(DiPrompt::Airstrike { columns, space, .. }) = p.prompt.0.as_ref().and_then(di_prompt).cloned() else { return ctx.reject("no airstrike is on offer".into()) };
    let game = ctx.game.clone();
    if let Some(col) = &column {
        let Some(i) = columns.iter().position(|c| c == col) else { return ctx.reject(format!("no column `{col}`: {}", columns.join(", "))) };
        let Some(a) = super::airstrike::rules(&game) else { return };
        if let Some(t) = game.track_index(&a.track) {
            crate::rules::tracks::adjust_track(&game, &mut p.tracks, t, -1);
            let left = p.tracks.0[t];
            ctx.log(LogKind::Combat, format!("{} commits an airstrike in {space} and resolves on {col} (22.1, 22.3); {left} left", game.side_id(side)), Some(space));
        }
        if let Some(c) = p.conflict.0.as_mut() {
            c.strike = Some(i);
        }
    }
    p.prompt.0 = None;
    // Committing an airstrike reveals nothing; the roll that may follow is its own barrier.
    proceed(&game, &ctx.turn, &mut ctx.glog, &mut p, &mut q);
}
