//! What changes an attack's strengths and result besides the units' factors: a concentric
//! attack (ToO 12.2), the defender's terrain and hexsides (38.0), the speed test (12, MD) and
//! tables barred against some targets (25.2).

use super::combat::AttackPlan;
use super::note::CommandCtx;
use crate::model::log::LogKind;
use crate::model::view::{UnitsView, has_flag};
use crate::model::{Game, SpaceId};
use crate::scenario::schema::{CombatEffect, CrtDef, UnitFlag};

/// ToO 12.2: a concentric attack, when every hex around the defender holds an attacking unit
/// or lies in the zone of control of one (across no hexside that blocks it). Only the hexes
/// the map has count (an edge or a hole leaves fewer) [I].
pub(super) fn concentric(game: &Game, units: &UnitsView, attackers: &[String], target: SpaceId) -> u32 {
    let Some(rules) = &game.scenario.rules.concentric_attack else { return 1 };
    let board = &game.board;
    let at: Vec<SpaceId> = attackers.iter().filter_map(|id| units.get(id)).filter_map(|u| u.space()).collect();
    let zoc_from: Vec<(SpaceId, usize)> = attackers
        .iter()
        .filter_map(|id| units.get(id))
        .filter(|u| super::movement::exerts_zoc(game, u))
        .filter_map(|u| u.space().map(|s| (s, u.type_index)))
        .filter(|(s, _)| !super::landings::at_sea(game, *s))
        .collect();
    let covered = |n: SpaceId| {
        at.contains(&n) || zoc_from.iter().any(|&(a, ty)| board.edge(a, n).is_some_and(|e| board.zoc_crosses(e)) && super::waters::in_waters(game, ty, n))
    };
    let ring = board.edges[target.index()].iter().filter(|e| matches!(board.spaces[e.to.index()].kind, crate::scenario::board::SpaceKind::Hex { .. }));
    if ring.clone().count() > 0 && ring.map(|e| e.to).all(covered) { rules.multiplier } else { 1 }
}

/// The highest defence multiplier of the defenders' terrain and of a hexside every attacker
/// crosses (ToO 38.0; "never more than ×2": they do not add up), with what gave it.
pub(super) fn defense_multiplier(game: &Game, terrain: Option<usize>, crossed: Option<usize>) -> (u32, String) {
    use crate::scenario::schema::Map;
    let Map::Hex(m) = &game.scenario.map else { return (1, String::new()) };
    let by_terrain = terrain.map(|t| (game.board.terrain_defense[t], m.terrain[t].name.clone()));
    let by_side = crossed.map(|f| (game.board.hexside_defense[f], format!("{} crossed by every attacker", m.hexside_types[f].name)));
    // The terrain first: of equal multipliers, it is the one named.
    let best = [by_terrain, by_side].into_iter().flatten().fold(None::<(u32, String)>, |acc, x| match acc {
        Some(a) if a.0 >= x.0 => Some(a),
        _ => Some(x),
    });
    best.filter(|b| b.0 > 1).unwrap_or((1, String::new()))
}


/// A speed test among a result's effects is replaced by the effects of the result it picks
/// (ToO 12, MD): `faster` if every defender's printed movement allowance is greater than the
/// fastest attacker's, else `otherwise`. The log says which and why.
pub(super) fn speed_test(ctx: &mut CommandCtx, game: &Game, view: &UnitsView, plan: &AttackPlan, crt: &CrtDef, effects: Vec<CombatEffect>) -> Vec<CombatEffect> {
    let Some((faster, otherwise)) = effects.iter().find_map(|e| match e {
        CombatEffect::SpeedTest { faster, otherwise } => Some((faster.clone(), otherwise.clone())),
        _ => None,
    }) else {
        return effects;
    };
    // ToO 12 MD: a unit flagged Fastest beats any other (armoured trains).
    let speed = |id: &String| view.get(id).map(|u| if has_flag(game, u.type_index, UnitFlag::Fastest) { u32::MAX } else { crate::model::view::factors(game, u.type_index, u.level).movement });
    // A24: the fastest participating attacker that is not a support unit.
    let ground = plan.attackers.iter().filter(|id| !plan.supporting.iter().any(|(s, _)| s == *id));
    let fastest = ground.filter_map(speed).max().unwrap_or(0);
    let slowest = plan.defenders.iter().filter_map(speed).min().unwrap_or(0);
    let mp = |n: u32| if n == u32::MAX { "a train's".to_string() } else { n.to_string() };
    let (code, why) = if slowest > fastest {
        (faster, format!("every defender is faster ({} MP or more against {})", mp(slowest), mp(fastest)))
    } else {
        (otherwise, format!("a defender is no faster than the fastest attacker ({} MP against {})", mp(slowest), mp(fastest)))
    };
    ctx.log(LogKind::Combat, format_args!("speed test: {why}: result {code}"), Some(game.board.key(plan.target).to_string()));
    let picked = crt.results.iter().find(|r| r.code == code).map(|r| r.effects.clone()).unwrap_or_default();
    effects.into_iter().filter(|e| !matches!(e, CombatEffect::SpeedTest { .. })).chain(picked).collect()
}

/// Why table `crt` may not be used against `target`, if it may not (its `banned_targets`; ToO
/// 25.2: never the Onslaught table against Mecca, Medina or Jerusalem).
#[must_use]
pub fn table_ban(game: &Game, crt: usize, target: SpaceId) -> Option<String> {
    let t = game.scenario.tables.crts.get(crt)?;
    t.banned_targets
        .iter()
        .any(|key| game.board.space(key) == Some(target))
        .then(|| format!("the {} may not be used against {}", t.name, game.board.key(target)))
}
