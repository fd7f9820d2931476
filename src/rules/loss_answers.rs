//! Answers to losses prompts (tutorial 5.7.7, and CRT results that are the owner's choice): what
//! a step is worth, checking an answer (steps, retreat paths, whole units, exchange strength) and
//! listing the legal answers for bots and the client.

use super::retreat::{Retreat, RetreatWorld, check_retreat, first_retreat, may_stay};
use crate::model::view::{UnitView, UnitsView, steps_left};
use crate::model::{Game, SpaceId};
use crate::scenario::schema::Strength;
use crate::model::command::{Command, RetreatMove};
use crate::model::prompt::Prompt;

/// The strength one step of a unit is worth: the drop in the factor it fights with (attack for
/// an attacker, defence for a defender) when it loses that step; the whole factor for its last.
#[must_use]
pub fn step_value(game: &Game, type_index: usize, level: u32, attacking: bool) -> u32 {
    let pick = |f: crate::scenario::schema::Factors| if attacking { f.attack } else { f.defense };
    let now = pick(crate::model::view::factors(game, type_index, level));
    let next = match &game.scenario.unit_types[type_index].strength {
        Strength::Steps(f) if (level as usize) + 1 < f.len() => pick(crate::model::view::factors(game, type_index, level + 1)),
        Strength::Levels { lowest, .. } if level > *lowest => pick(crate::model::view::factors(game, type_index, level - 1)),
        _ => 0,
    };
    now.saturating_sub(next)
}

/// The strength of every step a unit has left.
pub(super) fn units_strength(game: &Game, u: &UnitView, attacking: bool) -> u32 {
    chosen_value(game, u, steps_left(game, u.type_index, u.level), attacking).0
}

/// The strength of a unit's next `k` steps, and the value of the last of them.
fn chosen_value(game: &Game, u: &UnitView, k: u32, attacking: bool) -> (u32, u32) {
    let mut level = u.level;
    let (mut sum, mut last) = (0, 0);
    for _ in 0..k {
        last = step_value(game, u.type_index, level, attacking);
        sum += last;
        level = match &game.scenario.unit_types[u.type_index].strength {
            Strength::Steps(_) => level + 1,
            Strength::Levels { .. } => level.saturating_sub(1),
        };
    }
    (sum, last)
}

/// A checked losses answer, ready to apply.
#[derive(Debug, Default)]
pub struct LossPlan {
    /// (unit, steps) taken as chosen losses.
    pub steps: Vec<(String, u32)>,
    /// (unit, path, what the retreat comes to).
    pub retreats: Vec<(String, Vec<SpaceId>, Retreat)>,
    /// Composites broken down before the losses are taken (ToO 8.2, 12).
    pub break_down: Vec<String>,
}

/// Checks a losses answer against the prompt. Returns what to apply, or why it is wrong.
pub fn plan_losses(game: &Game, (units, control): (&UnitsView, &crate::model::Control), prompt: Option<&Prompt>, chosen: &[String], retreat: &[RetreatMove], break_down: &[String]) -> Result<LossPlan, String> {
    let Some(Prompt::TakeLosses { steps, units: allowed, max_retreat, combat_hex, min_retreat, whole_units, min_strength, attacking, retreat_each, first, .. }) =
        prompt
    else {
        return Err("no losses are waiting to be taken".to_string());
    };
    let owed = Owing { whole_units: *whole_units, min_strength: *min_strength, attacking: *attacking, first };
    // ToO 12: whole units and strength may be paid by breaking a composite down first.
    if !break_down.is_empty() {
        if *whole_units == 0 && *min_strength == 0 {
            return Err("only losses of whole units or of strength are taken by breaking a unit down".to_string());
        }
        let (view, allowed) = broken_down(game, units, allowed, break_down)?;
        let mut plan = plan_choice_losses(game, &view, &allowed, chosen, retreat, &owed)?;
        plan.break_down = break_down.to_vec();
        return Ok(plan);
    }
    if !retreat_each.is_empty() {
        return plan_rout_retreats(game, (units, control), combat_hex, retreat_each, chosen, retreat);
    }
    if *whole_units > 0 || *min_strength > 0 {
        return plan_choice_losses(game, units, allowed, chosen, retreat, &owed);
    }
    let n = chosen.len() as u32;
    if n > *steps {
        return Err(format!("{steps} loss point(s) are owed, {n} steps were given"));
    }
    first_goes_first(game, units, allowed, chosen, first)?;
    let hexes = steps - n;
    if hexes < *min_retreat {
        return Err(format!("the result forces a retreat of {min_retreat} hex(es); {hexes} were given"));
    }
    if hexes > *max_retreat {
        return Err(if *max_retreat == 0 {
            format!("{steps} step(s) must be taken, {n} were given")
        } else {
            format!("at most {max_retreat} loss point(s) may be paid by retreating; {hexes} would be")
        });
    }
    let mut plan = LossPlan::default();
    for id in allowed {
        let k = chosen.iter().filter(|c| *c == id).count() as u32;
        if k > 0 {
            plan.steps.push((id.clone(), k));
        }
    }
    for id in chosen {
        if !allowed.contains(id) {
            return Err(format!("`{id}` did not take part in this combat"));
        }
    }
    let mut survivors = Vec::new();
    for id in allowed {
        let Some(u) = units.get(id) else { continue };
        let left = steps_left(game, u.type_index, u.level);
        let k = chosen.iter().filter(|c| *c == id).count() as u32;
        if k > left {
            return Err(format!("`{id}` has only {left} step(s)"));
        }
        if k < left {
            survivors.push(u);
        }
    }
    if hexes == 0 {
        if !retreat.is_empty() {
            return Err("no loss is paid by retreating, so no unit retreats".to_string());
        }
        return Ok(plan);
    }
    let combat = game.board.space(combat_hex).ok_or_else(|| format!("unknown combat hex `{combat_hex}`"))?;
    let mut world = RetreatWorld { units, control, moved: Vec::new() };
    for r in retreat {
        if !survivors.iter().any(|u| *u.id == *r.unit) {
            return Err(format!("`{}` is not a surviving unit of this combat", r.unit));
        }
    }
    for u in &survivors {
        let moves: Vec<&RetreatMove> = retreat.iter().filter(|r| *r.unit == *u.id).collect();
        let [m] = moves.as_slice() else {
            return Err(format!("`{}` must retreat {hexes} hex(es): give its path exactly once", u.id));
        };
        let r = check_retreat(game, &world, u, combat, hexes, &crate::model::command::strings(&m.path))?;
        let path: Vec<SpaceId> = m.path.iter().filter_map(|k| game.board.space(k)).collect();
        if let Some(end) = r.end {
            world.moved.push((String::from(&*u.id), end));
        }
        plan.retreats.push((String::from(&*u.id), path, r));
    }
    Ok(plan)
}

/// The units as they would stand with `ids` broken down where they stand (ToO 8.2: the first
/// free components of the pool, by id, taking each composite's place and its record of the
/// phase), and the party's units then: each composite replaced by its components.
pub fn broken_down(game: &Game, units: &UnitsView, allowed: &[String], ids: &[String]) -> Result<(UnitsView, Vec<String>), String> {
    let mut view = units.changed(|_| {});
    let mut allowed = allowed.to_vec();
    for (i, id) in ids.iter().enumerate() {
        if ids[..i].contains(id) || !allowed.contains(id) {
            return Err(format!("`{id}` is not a unit of this combat to break down (or is named twice)"));
        }
        let u = view.get(id).ok_or_else(|| format!("unknown unit `{id}`"))?;
        let at = u.space().ok_or_else(|| format!("`{id}` is not on the map"))?;
        let f = crate::rules::reorganisation::formation_of(game, u.type_index).filter(|f| f.breaks_down).ok_or_else(|| format!("`{id}` may not be broken down"))?;
        let free = crate::rules::reorganisation::components_from_pool(game, &view, f).ok_or_else(|| format!("not enough component counters are free to break `{id}` down"))?;
        crate::rules::reorganisation::components_fit(game, &view, u, &free).map_err(|e| format!("`{id}` may not be broken down: {e}"))?;
        let parts: Vec<String> = free.iter().map(|p| String::from(&*p.id)).collect();
        let record = u.activity;
        view = view.changed(|v| {
            for x in v.iter_mut() {
                if *x.id == **id {
                    x.location = crate::model::Location::Pool;
                } else if parts.iter().any(|p| *p == *x.id) {
                    x.location = crate::model::Location::OnMap(at);
                    x.level = match &game.scenario.unit_types[x.type_index].strength {
                        Strength::Steps(_) => 0,
                        Strength::Levels { lowest, .. } => *lowest,
                    };
                    x.activity = record;
                }
            }
        });
        allowed.retain(|a| a != id);
        allowed.extend(parts);
    }
    Ok((view, allowed))
}

/// Checks the retreats of a rout (ToO 12, AT/DT): each listed unit retreats exactly the hexes
/// it rolled, along a path of its own; no step is named.
fn plan_rout_retreats(game: &Game, (units, control): (&UnitsView, &crate::model::Control), combat_hex: &str, each: &[(String, u32)], chosen: &[String], retreat: &[RetreatMove]) -> Result<LossPlan, String> {
    if !chosen.is_empty() {
        return Err("a rout is paid by retreating: name no steps".to_string());
    }
    if let Some(r) = retreat.iter().find(|r| !each.iter().any(|(id, _)| *id == *r.unit)) {
        return Err(format!("`{}` is not a unit of this rout", r.unit));
    }
    let combat = game.board.space(combat_hex).ok_or_else(|| format!("unknown combat hex `{combat_hex}`"))?;
    let mut world = RetreatWorld { units, control, moved: Vec::new() };
    let mut plan = LossPlan::default();
    for (id, hexes) in each {
        let Some(u) = units.get(id) else { continue };
        let moves: Vec<&RetreatMove> = retreat.iter().filter(|r| *r.unit == **id).collect();
        let [m] = moves.as_slice() else {
            return Err(format!("`{id}` must retreat {hexes} hex(es): give its path exactly once"));
        };
        let r = check_retreat(game, &world, u, combat, *hexes, &crate::model::command::strings(&m.path))?;
        let path: Vec<SpaceId> = m.path.iter().filter_map(|k| game.board.space(k)).collect();
        if let Some(end) = r.end {
            world.moved.push((id.clone(), end));
        }
        plan.retreats.push((id.clone(), path, r));
    }
    Ok(plan)
}

/// What a losses prompt owes besides loss points.
struct Owing<'a> {
    whole_units: u32,
    min_strength: u32,
    attacking: bool,
    first: &'a [String],
}

/// ToO 31.4(c): while a unit of a `first` type survives, no other unit loses a step.
fn first_goes_first(game: &Game, units: &UnitsView, allowed: &[String], chosen: &[String], first: &[String]) -> Result<(), String> {
    if first.is_empty() {
        return Ok(());
    }
    let is_first = |u: &UnitView| first.contains(&game.scenario.unit_types[u.type_index].id);
    let lost = |u: &UnitView| chosen.iter().filter(|c| **c == *u.id).count() as u32;
    let present: Vec<&UnitView> = allowed.iter().filter_map(|id| units.get(id)).collect();
    let Some(other) = present.iter().find(|u| !is_first(u) && lost(u) > 0) else { return Ok(()) };
    match present.iter().find(|u| is_first(u) && lost(u) < steps_left(game, u.type_index, u.level)) {
        Some(spared) => Err(format!(
            "`{}` may lose a step only once `{}` is eliminated: units of type {} go first in this declared attack",
            other.id,
            spared.id,
            first.join(", ")
        )),
        None => Ok(()),
    }
}

/// Checks an answer that eliminates whole units or loses a given strength (the owner's choice).
fn plan_choice_losses(game: &Game, units: &UnitsView, allowed: &[String], chosen: &[String], retreat: &[RetreatMove], owed: &Owing) -> Result<LossPlan, String> {
    let Owing { whole_units, min_strength, attacking, first } = *owed;
    if !retreat.is_empty() {
        return Err("this result is paid in steps only".to_string());
    }
    let mut plan = LossPlan::default();
    // The last step's value of the cheapest unit, and of the cheapest not of a `first` type:
    // when units that go first must be lost whole, only the others can be in excess.
    let (mut value, mut smallest_last, mut smallest_other) = (0u32, u32::MAX, u32::MAX);
    for id in chosen {
        if !allowed.contains(id) {
            return Err(format!("`{id}` did not take part in this combat"));
        }
    }
    first_goes_first(game, units, allowed, chosen, first)?;
    for id in allowed {
        let k = chosen.iter().filter(|c| *c == id).count() as u32;
        if k == 0 {
            continue;
        }
        let Some(u) = units.get(id) else { continue };
        let left = steps_left(game, u.type_index, u.level);
        if k > left {
            return Err(format!("`{id}` has only {left} step(s)"));
        }
        if whole_units > 0 && k != left {
            return Err(format!("`{id}` must lose all its {left} step(s) or none: whole units are eliminated"));
        }
        let (v, last) = chosen_value(game, u, k, attacking);
        value += v;
        smallest_last = smallest_last.min(last);
        if !first.contains(&game.scenario.unit_types[u.type_index].id) {
            smallest_other = smallest_other.min(last);
        }
        plan.steps.push((id.clone(), k));
    }
    if whole_units > 0 {
        let n = plan.steps.len() as u32;
        return if n == whole_units { Ok(plan) } else { Err(format!("eliminate exactly {whole_units} unit(s); {n} were named")) };
    }
    if value < min_strength {
        return Err(format!("steps worth {value} strength were named; at least {min_strength} must be lost"));
    }
    let spare = if first.is_empty() || smallest_other == u32::MAX { smallest_last } else { smallest_other };
    if value - spare >= min_strength {
        return Err(format!("one step fewer would still make {min_strength} strength: no step may be lost in excess"));
    }
    Ok(plan)
}

/// Legal answers to a losses prompt: every step allocation, and for each number of retreat
/// hexes one set of legal retreat paths (the first in space order). At most `cap`.
#[must_use]
pub fn loss_options(game: &Game, (units, control): (&UnitsView, &crate::model::Control), prompt: &Prompt, cap: usize) -> Vec<Command> {
    let Prompt::TakeLosses { steps, units: ids, max_retreat, combat_hex, whole_units, min_strength, retreat_each, .. } = prompt else { return Vec::new() };
    let caps: Vec<u32> = ids.iter().map(|id| units.get(id).map_or(0, |u| steps_left(game, u.type_index, u.level))).collect();
    let mut out = Vec::new();
    // A rout: each unit's first path of its own length, in turn.
    if !retreat_each.is_empty() {
        let Some(combat) = game.board.space(combat_hex) else { return out };
        let mut world = RetreatWorld { units, control, moved: Vec::new() };
        let mut retreat = Vec::new();
        for (id, hexes) in retreat_each {
            let Some(u) = units.get(id) else { continue };
            let path = first_retreat(game, &world, u, combat, *hexes).unwrap_or_default();
            if let Some(end) = path.last().and_then(|k| game.board.space(k)) {
                world.moved.push((id.clone(), end));
            }
            retreat.push(RetreatMove { unit: id.into(), path: crate::model::command::names(&path) });
        }
        let stay = staying(game, (units, control), &retreat);
        for retreat in std::iter::once(retreat).chain(stay) {
            if plan_losses(game, (units, control), Some(prompt), &[], &retreat, &[]).is_ok() {
                out.push(Command::TakeLosses { units: Vec::new(), retreat, break_down: Vec::new() });
            }
        }
        return out;
    }
    if *whole_units > 0 || *min_strength > 0 {
        // Every allocation of 1..=all steps, kept if the rules accept it; then the same with
        // each composite that may be broken down broken down, and with all of them (ToO 12).
        let breakable: Vec<String> = ids.iter().filter(|id| broken_down(game, units, ids, std::slice::from_ref(*id)).is_ok()).cloned().collect();
        let mut ways: Vec<Vec<String>> = vec![Vec::new()];
        ways.extend(breakable.iter().map(|b| vec![b.clone()]));
        if breakable.len() > 1 {
            ways.push(breakable.clone());
        }
        for way in ways {
            let Ok((view, ids)) = (if way.is_empty() { Ok((units.changed(|_| {}), ids.clone())) } else { broken_down(game, units, ids, &way) }) else { continue };
            let caps: Vec<u32> = ids.iter().map(|id| view.get(id).map_or(0, |u| steps_left(game, u.type_index, u.level))).collect();
            let all: u32 = caps.iter().sum();
            for k in 1..=all {
                let mut alloc = vec![0u32; ids.len()];
                allocations(&caps, k, 0, &mut alloc, &mut |a| {
                    let chosen: Vec<String> = a.iter().enumerate().flat_map(|(i, n)| std::iter::repeat_n(ids[i].clone(), *n as usize)).collect();
                    if plan_losses(game, (units, control), Some(prompt), &chosen, &[], &way).is_ok() {
                        out.push(Command::TakeLosses { units: crate::model::command::names(&chosen), retreat: Vec::new(), break_down: crate::model::command::names(&way) });
                    }
                    out.len() < cap
                });
                if out.len() >= cap {
                    return out;
                }
            }
        }
        return out;
    }
    let combat = game.board.space(combat_hex);
    for hexes in 0..=(*max_retreat).min(*steps) {
        let k = steps - hexes;
        let mut alloc = vec![0u32; ids.len()];
        allocations(&caps, k, 0, &mut alloc, &mut |a| {
            let chosen: Vec<String> = a.iter().enumerate().flat_map(|(i, n)| std::iter::repeat_n(ids[i].clone(), *n as usize)).collect();
            let mut retreat = Vec::new();
            if hexes > 0 {
                let Some(combat) = combat else { return true };
                let mut world = RetreatWorld { units, control, moved: Vec::new() };
                for (i, id) in ids.iter().enumerate() {
                    if a[i] >= caps[i] {
                        continue;
                    }
                    let Some(u) = units.get(id) else { continue };
                    let path = first_retreat(game, &world, u, combat, hexes).unwrap_or_default();
                    if let Some(end) = path.last().and_then(|k| game.board.space(k)) {
                        world.moved.push((id.clone(), end));
                    }
                    retreat.push(RetreatMove { unit: id.into(), path: crate::model::command::names(&path) });
                }
            }
            let stay = staying(game, (units, control), &retreat);
            for retreat in std::iter::once(retreat).chain(stay) {
                // Keep only answers the rules accept (a unit with no retreat at all, for example).
                if plan_losses(game, (units, control), Some(prompt), &chosen, &retreat, &[]).is_ok() {
                    out.push(Command::TakeLosses { units: crate::model::command::names(&chosen), retreat, break_down: Vec::new() });
                }
            }
            out.len() < cap
        });
    }
    out
}

/// The same retreats with every unit that may ignore its retreat staying (ToO 13.4: a fortress
/// and the units with it), if any may.
fn staying(game: &Game, (units, control): (&UnitsView, &crate::model::Control), retreat: &[RetreatMove]) -> Option<Vec<RetreatMove>> {
    let world = RetreatWorld { units, control, moved: Vec::new() };
    let stays = |m: &RetreatMove| !m.path.is_empty() && units.get(&m.unit).is_some_and(|u| may_stay(game, &world, u));
    retreat.iter().any(stays).then(|| {
        retreat.iter().map(|m| if stays(m) { RetreatMove { unit: m.unit.clone(), path: Vec::new() } } else { m.clone() }).collect()
    })
}

/// Calls `f` with each way to spread `steps` over units with `caps` steps each; stops when `f`
/// returns false.
fn allocations(caps: &[u32], steps: u32, i: usize, alloc: &mut Vec<u32>, f: &mut dyn FnMut(&[u32]) -> bool) -> bool {
    if i == caps.len() {
        return if steps == 0 { f(alloc) } else { true };
    }
    for n in (0..=caps[i].min(steps)).rev() {
        alloc[i] = n;
        if !allocations(caps, steps - n, i + 1, alloc, f) {
            return false;
        }
    }
    alloc[i] = 0;
    true
}
