//! Cross-reference checks of the validator: every id a scenario names (sides, unit types,
//! tracks, victory levels, spaces, pools) must exist, with the field path of the reference.

use std::collections::BTreeSet;

use super::schema::*;
use super::validate::Ctx;
use super::board::Board;

pub fn side_ref(ctx: &mut Ctx, sides: &BTreeSet<&str>, path: &str, id: &str) {
    if !sides.contains(id) {
        ctx.err(path, format!("unknown side `{id}`"));
    }
}
pub fn type_ref(ctx: &mut Ctx, types: &BTreeSet<&str>, path: &str, id: &str) {
    if !types.contains(id) {
        ctx.err(path, format!("unknown unit type `{id}`"));
    }
}
pub fn track_ref(ctx: &mut Ctx, tracks: &BTreeSet<&str>, path: &str, id: &str) {
    if !tracks.contains(id) {
        ctx.err(path, format!("unknown track `{id}`"));
    }
}
pub fn level_ref(ctx: &mut Ctx, levels: &BTreeSet<&str>, path: &str, id: &str) {
    if !levels.contains(id) {
        ctx.err(path, format!("unknown victory level `{id}`"));
    }
}
pub fn space_ref(ctx: &mut Ctx, board: Option<&Board>, path: &str, key: &str) {
    if let Some(b) = board
        && b.space(key).is_none()
    {
        ctx.err(path, format!("unknown space `{key}`"));
    }
}

pub(super) type VictoryRefs<'a> = (&'a BTreeSet<&'a str>, &'a BTreeSet<&'a str>, &'a BTreeSet<&'a str>);

pub(super) fn victory_refs(ctx: &mut Ctx, board: Option<&Board>, (sides, tracks, levels): VictoryRefs, p: &str, c: &VictoryCondition) {
    match c {
        VictoryCondition::ControlsAll { side, spaces, level } | VictoryCondition::ControlsAtLeast { side, spaces, level, .. } => {
            side_ref(ctx, sides, &format!("{p}.side"), side);
            level_ref(ctx, levels, &format!("{p}.level"), level);
            for (j, sp) in spaces.iter().enumerate() {
                space_ref(ctx, board, &format!("{p}.spaces[{j}]"), sp);
            }
        }
        VictoryCondition::Track { track, level, .. } => {
            track_ref(ctx, tracks, &format!("{p}.track"), track);
            level_ref(ctx, levels, &format!("{p}.level"), level);
        }
        VictoryCondition::Isolated { space, side, targets, level } => {
            side_ref(ctx, sides, &format!("{p}.side"), side);
            level_ref(ctx, levels, &format!("{p}.level"), level);
            space_ref(ctx, board, &format!("{p}.space"), space);
            for (j, t) in targets.iter().enumerate() {
                space_ref(ctx, board, &format!("{p}.targets[{j}]"), t);
            }
        }
        VictoryCondition::Expr { left, right, level, .. } => {
            level_ref(ctx, levels, &format!("{p}.level"), level);
            for t in expr_tracks(left).into_iter().chain(expr_tracks(right)) {
                track_ref(ctx, tracks, p, t);
            }
        }
        VictoryCondition::Any { of, level } => {
            level_ref(ctx, levels, &format!("{p}.level"), level);
            for (j, x) in of.iter().enumerate() {
                victory_refs(ctx, board, (sides, tracks, levels), &format!("{p}.of[{j}]"), x);
            }
        }
        VictoryCondition::Otherwise { level } => level_ref(ctx, levels, &format!("{p}.level"), level),
    }
}

/// Tracks an expression reads.
pub(super) fn expr_tracks(e: &Expr) -> Vec<&str> {
    let mut out = Vec::new();
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match e {
            Expr::Track(t) => out.push(t.as_str()),
            Expr::Sum(v) | Expr::Min(v) | Expr::Max(v) => stack.extend(v.iter()),
            Expr::Neg(x) => stack.push(x),
            Expr::Const(_) | Expr::Turn => {}
        }
    }
    out
}

/// The entries of a table rolled on (`path.entries`): ranges forwards, every roll covered
/// once, and their effects.
pub(super) fn entries_refs(ctx: &mut Ctx, (tracks, pools): (&BTreeSet<&str>, &BTreeSet<&str>), path: &str, dice: DiceSpec, entries: &[EventEntry]) {
    let mut seen: std::collections::BTreeMap<u32, usize> = std::collections::BTreeMap::new();
    for (j, e) in entries.iter().enumerate() {
        if e.rolls.0 > e.rolls.1 {
            ctx.err(format!("{path}.entries[{j}].rolls"), "range runs backwards");
        }
        for v in dice.outcomes().into_iter().filter(|v| (e.rolls.0..=e.rolls.1).contains(v)) {
            if let Some(k) = seen.insert(v, j) {
                ctx.err(format!("{path}.entries[{j}].rolls"), format!("roll {v} is also covered by entries[{k}]"));
            }
        }
        for (k, eff) in e.effects.iter().enumerate() {
            effect_refs(ctx, tracks, pools, &format!("{path}.entries[{j}].effects[{k}]"), eff);
        }
    }
    let gaps: Vec<String> = dice.outcomes().into_iter().filter(|v| !seen.contains_key(v)).map(|v| v.to_string()).collect();
    if !gaps.is_empty() {
        ctx.err(format!("{path}.entries"), format!("the table has gaps: no entry for roll {}", gaps.join(", ")));
    }
}

pub(super) fn effect_refs(ctx: &mut Ctx, tracks: &BTreeSet<&str>, pools: &BTreeSet<&str>, path: &str, e: &EventEffect) {
    match e {
        EventEffect::Roll { dice, entries } => entries_refs(ctx, (tracks, pools), path, *dice, entries),
        EventEffect::AttackQuota { penalty, .. } => {
            for (k, x) in penalty.iter().enumerate() {
                effect_refs(ctx, tracks, pools, &format!("{path}.penalty[{k}]"), x);
            }
        }
        EventEffect::AdjustTrack { track, .. } => track_ref(ctx, tracks, &format!("{path}.track"), track),
        EventEffect::DrawChits { pool, .. } => {
            if !pools.contains(pool.as_str()) {
                ctx.err(format!("{path}.pool"), format!("unknown pool `{pool}`"));
            }
        }
        EventEffect::If { then, .. } => {
            for (k, x) in then.iter().enumerate() {
                effect_refs(ctx, tracks, pools, &format!("{path}.then[{k}]"), x);
            }
        }
        EventEffect::ChooseOne { options } => {
            for (i, o) in options.iter().enumerate() {
                for (k, x) in o.effects.iter().enumerate() {
                    effect_refs(ctx, tracks, pools, &format!("{path}.options[{i}].effects[{k}]"), x);
                }
            }
        }
        // Its unit filter is checked with the rules (`validate_rules`).
        EventEffect::Withdraw(w) => {
            for (k, x) in w.done.iter().enumerate() {
                effect_refs(ctx, tracks, pools, &format!("{path}.done[{k}]"), x);
            }
            for (k, x) in w.short.iter().enumerate() {
                effect_refs(ctx, tracks, pools, &format!("{path}.short[{k}]"), x);
            }
        }
        EventEffect::Ruleset { handler } if handler.is_empty() => ctx.err(format!("{path}.handler"), "empty handler name"),
        // Support, unit and table entry references are checked with the rules
        // (`validate_rules`).
        EventEffect::AddSupport { .. }
        | EventEffect::TableEntry { .. }
        | EventEffect::ReduceUnit { .. }
        | EventEffect::ExtraMarkers { .. }
        | EventEffect::DemolishBridge { .. }
        | EventEffect::EliminateUnit { .. }
        | EventEffect::AttackerLosesStep { .. }
        | EventEffect::Obligation(_)
        | EventEffect::Receive(_)
        | EventEffect::Restrict(_)
        | EventEffect::ChangeSides { .. }
        | EventEffect::RestrictForGood(_)
        | EventEffect::UnitsLeave { .. }
        | EventEffect::LookInsideStacks
        | EventEffect::Ruleset { .. }
        | EventEffect::RulesetEffect(_)
        | EventEffect::NoEffect => {}
    }
}
