//! Moves across region boundaries (engine gap G28; ToO 22.3: a guerrilla crossing a border
//! rolls, 1-3 eliminated; 6.3 Insubordination: 1 VP each time a unit of the side crosses a
//! boundary between its regions this turn): each boundary a move crosses sets off the rules that
//! hold for the unit, the scenario's and those an event put on its side for the turn.

use bevy::prelude::*;

use super::note::CommandCtx;
use crate::model::dice::Dice;
use crate::model::log::LogKind;
use crate::model::view::UnitView;
use crate::model::{Game, Location, SpaceId, Tracks};
use crate::scenario::schema::{CrossingEffect, RegionCrossing, Restriction};

/// How many boundaries of `rule` the spaces `path` cross, one after the other.
#[must_use]
pub fn crossings(game: &Game, rule: &RegionCrossing, path: &[SpaceId]) -> u32 {
    let region = |s: SpaceId| game.board.spaces[s.index()].region.as_deref();
    let counts = |r: &str| rule.regions.is_empty() || rule.regions.iter().any(|x| x == r);
    path.windows(2)
        .filter(|w| matches!((region(w[0]), region(w[1])), (Some(a), Some(b)) if a != b && counts(a) && counts(b)))
        .count() as u32
}

/// Whether a crossing rule holds for the unit.
fn applies(game: &Game, rule: &RegionCrossing, u: &UnitView) -> bool {
    let t = &game.scenario.unit_types[u.type_index];
    let f = &rule.units;
    (f.contingents.is_empty() || f.contingents.contains(&t.contingent))
        && (f.unit_types.is_empty() || f.unit_types.contains(&t.id))
        && (f.sizes.is_empty() || f.sizes.contains(&t.size))
}

/// After a move: the boundaries it crossed, rule by rule.
pub(super) fn cross(mut ctx: CommandCtx, mut dice: ResMut<Dice>, mut tracks: ResMut<Tracks>, mut q: crate::model::units_now::UnitsMut) {
    let Some((id, path)) = ctx.outcome.moved.clone() else { return };
    let game = ctx.game.clone();
    let view = q.view();
    let Some(u) = view.get(&id).cloned() else { return };
    let by_event = super::restrictions::in_force(&ctx.turn).filter_map(|(s, r, cause)| match r {
        Restriction::Crossing(c) if *s == u.side => Some((c.as_ref().clone(), cause.clone())),
        _ => None,
    });
    let rules: Vec<(RegionCrossing, String)> = game.scenario.rules.region_crossings.iter().map(|r| (r.clone(), r.rule.clone().unwrap_or_default())).chain(by_event.collect::<Vec<_>>()).collect();
    for (rule, cause) in rules {
        let n = crossings(&game, &rule, &path);
        if n == 0 || !applies(&game, &rule, &u) {
            continue;
        }
        let cause = if cause.is_empty() { "region boundary".to_string() } else { cause };
        match &rule.effect {
            CrossingEffect::Pay { track, amount } => {
                let Some(t) = game.track_index(track) else { continue };
                let before = tracks.0[t];
                let after = super::tracks::adjust_track(&game, &mut tracks, t, -amount * n as i32);
                let name = &game.scenario.tracks[t].name;
                ctx.log(LogKind::Track, format_args!("{name} {before} -> {after} ({id} crosses {n} boundary(ies): {cause})"), None);
            }
            CrossingEffect::Survival { dice: spec, eliminated } => {
                for _ in 0..n {
                    let roll = dice.roll_spec(*spec, &format!("{id} crosses a border ({cause})"));
                    if (eliminated.0..=eliminated.1).contains(&roll) {
                        if let Some((_, mut loc, ..)) = q.unit_mut(&id) {
                            *loc = Location::Eliminated;
                        }
                        ctx.log(LogKind::Loss, format_args!("{id} crosses a border: rolled {roll}, eliminated ({cause})"), None);
                        return;
                    }
                    ctx.log(LogKind::Roll, format_args!("{id} crosses a border: rolled {roll}, it stays ({cause})"), None);
                }
            }
        }
    }
}
