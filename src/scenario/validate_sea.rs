//! Validation of sea moves (`rules.sea_moves`; ToO 20, engine gap G26): the transports, the
//! contingents, the zones of the map, the ports and the watched hexes exist.

use super::board::Board;
use super::schema::{Map, PhaseKind, Scenario, SeaMoveRules};
use super::validate::{Ctx, Refs, space_ref, type_ref};
use super::validate_rules::{contingent_ref, tag_known};

/// A sea zone of the map.
pub(super) fn zone_ref(ctx: &mut Ctx, s: &Scenario, path: &str, zone: &str) {
    let known = match &s.map {
        Map::Hex(m) => m.sea_zones.iter().any(|z| z.id == zone),
        Map::Area(_) => false,
    };
    if !known {
        ctx.err(path.to_string(), format!("unknown sea zone `{zone}` (map.sea_zones)"));
    }
}

pub(super) fn sea_moves(ctx: &mut Ctx, s: &Scenario, board: Option<&Board>, r: &Refs, sea: &SeaMoveRules) {
    let path = "rules.sea_moves";
    match &s.map {
        Map::Hex(m) if m.sea_zones.len() > 64 => ctx.err("map.sea_zones", format!("{} sea zones: sea moves read at most 64", m.sea_zones.len())),
        Map::Hex(m) if !m.sea_zones.is_empty() => {}
        _ => ctx.err(path, "the map has no sea zones (map.sea_zones)"),
    }
    if !s.turns.phases.iter().any(|p| p.kind == PhaseKind::Movement) {
        ctx.err(path, "the sequence of play has no Movement phase to move by sea in");
    }
    if sea.transports.is_empty() {
        ctx.err(format!("{path}.transports"), "names no unit type");
    }
    for (k, t) in sea.transports.iter().enumerate() {
        type_ref(ctx, r.types, &format!("{path}.transports[{k}]"), t);
    }
    if sea.capacity == 0 {
        ctx.err(format!("{path}.capacity"), "a transport carries at least 1 stacking point");
    }
    for (k, t) in sea.barred.iter().enumerate() {
        type_ref(ctx, r.types, &format!("{path}.barred[{k}]"), t);
    }
    if sea.zones.is_empty() {
        ctx.err(format!("{path}.zones"), "no contingent may sail any zone");
    }
    for (i, a) in sea.zones.iter().enumerate() {
        for (k, c) in a.contingents.iter().enumerate() {
            contingent_ref(ctx, s, format!("{path}.zones[{i}].contingents[{k}]"), c);
        }
        for (k, z) in a.zones.iter().enumerate() {
            zone_ref(ctx, s, &format!("{path}.zones[{i}].zones[{k}]"), z);
        }
    }
    if let Some(b) = board
        && !tag_known(s, b, &sea.port_tag)
    {
        ctx.warn(format!("{path}.port_tag"), format!("no hex is tagged `{}`: every voyage costs the whole allowance", sea.port_tag));
    }
    for (i, b) in sea.basins.iter().enumerate() {
        for (k, z) in b.iter().enumerate() {
            zone_ref(ctx, s, &format!("{path}.basins[{i}][{k}]"), z);
        }
    }
    for (i, p) in sea.passages.iter().enumerate() {
        let at = format!("{path}.passages[{i}]");
        for (k, z) in p.from.iter().enumerate() {
            zone_ref(ctx, s, &format!("{at}.from[{k}]"), z);
        }
        for (k, z) in p.to.iter().enumerate() {
            zone_ref(ctx, s, &format!("{at}.to[{k}]"), z);
        }
        if p.watched.is_empty() {
            ctx.err(format!("{at}.watched"), "watches no hex");
        }
        for (k, h) in p.watched.iter().enumerate() {
            space_ref(ctx, board, &format!("{at}.watched[{k}]"), h);
        }
    }
    if let Some(l) = &sea.landings {
        let known = match &s.map {
            Map::Hex(m) => m.terrain.iter().any(|t| t.id == l.sea_terrain),
            Map::Area(_) => false,
        };
        if !known {
            ctx.err(format!("{path}.landings.sea_terrain"), format!("unknown terrain `{}`", l.sea_terrain));
        }
        if !s.turns.phases.iter().any(|p| p.kind == PhaseKind::Combat) {
            ctx.err(format!("{path}.landings"), "the sequence of play has no Combat phase for a landing's attack");
        }
    }
    for (i, h) in sea.hazards.iter().enumerate() {
        let at = format!("{path}.hazards[{i}]");
        zone_ref(ctx, s, &format!("{at}.zone"), &h.zone);
        for (k, c) in h.contingents.iter().enumerate() {
            contingent_ref(ctx, s, format!("{at}.contingents[{k}]"), c);
        }
        let rolls = h.dice.outcomes();
        if h.lost.0 > h.lost.1 || !rolls.contains(&h.lost.0) || !rolls.contains(&h.lost.1) {
            ctx.err(format!("{at}.lost"), format!("({}, {}) is not a range of rolls the dice show", h.lost.0, h.lost.1));
        }
    }
}
