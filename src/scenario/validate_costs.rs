//! Validation of movement costs, a supply trace's length and hexes a point: none may be more
//! than the largest movement factor ([`MAX_MOVEMENT`]). No printed game comes near (a way no
//! unit may take is `Prohibited`), and a search adds costs to the points already spent, in
//! parts of a point: bounded, no sum or product comes near the largest number it is held in.

use super::schema::{Map, MoveCost, Scenario, ZocToZoc};
use super::validate::{Ctx, MAX_MOVEMENT};

/// One cost, at `path`.
fn bounded(ctx: &mut Ctx, path: String, mp: u32) {
    if mp > MAX_MOVEMENT {
        ctx.err(path, format!("a cost of {mp} MP is more than {MAX_MOVEMENT}, the largest movement factor (a way no unit may take is `Prohibited`)"));
    }
}

fn terrain_cost(ctx: &mut Ctx, path: String, cost: MoveCost) {
    if let MoveCost::Mp(mp) = cost {
        bounded(ctx, path, mp);
    }
}

/// Every movement cost of the map and the rules, the supply trace's length and the strategic
/// move's hexes a point.
pub(super) fn movement_costs(ctx: &mut Ctx, s: &Scenario) {
    match &s.map {
        Map::Hex(m) => {
            for (i, t) in m.terrain.iter().enumerate() {
                let p = format!("map.terrain[{i}]");
                terrain_cost(ctx, format!("{p}.default_cost"), t.default_cost);
                for (j, c) in t.costs.iter().enumerate() {
                    terrain_cost(ctx, format!("{p}.costs[{j}].cost"), c.cost);
                }
                for (j, c) in t.season_costs.iter().enumerate() {
                    terrain_cost(ctx, format!("{p}.season_costs[{j}].cost"), c.cost);
                }
            }
            for (i, h) in m.hexside_types.iter().enumerate() {
                bounded(ctx, format!("map.hexside_types[{i}].extra_cost"), h.extra_cost);
            }
            for (i, b) in m.boxes.iter().enumerate() {
                bounded(ctx, format!("map.boxes[{i}].cost"), b.cost);
            }
        }
        Map::Area(m) => {
            for (i, sp) in m.spaces.iter().enumerate() {
                for (j, l) in sp.links.iter().enumerate() {
                    bounded(ctx, format!("map.spaces[{i}].links[{j}].cost"), l.cost);
                }
            }
        }
    }
    let r = &s.rules;
    bounded(ctx, "rules.zoc.exit_cost".into(), r.zoc.exit_cost);
    if let ZocToZoc::Cost(mp) = r.zoc.zoc_to_zoc {
        bounded(ctx, "rules.zoc.zoc_to_zoc".into(), mp);
    }
    if let Some(mp) = r.zoc.infiltration_mp {
        bounded(ctx, "rules.zoc.infiltration_mp".into(), mp);
    }
    if let Some(rail) = &r.rail_movement {
        bounded(ctx, "rules.rail_movement.cost_mp".into(), rail.cost_mp);
    }
    if let Some(sea) = &r.sea_moves {
        bounded(ctx, "rules.sea_moves.port_cost_mp".into(), sea.port_cost_mp);
    }
    if let Some(o) = &r.overrun {
        bounded(ctx, "rules.overrun.extra_mp".into(), o.extra_mp);
    }
    // The hexes within a trace's length are counted by its square (`supply::backward_pays`).
    if let Some(sup) = &r.supply
        && sup.trace_mp > MAX_MOVEMENT
    {
        ctx.err("rules.supply.trace_mp", format!("a trace of {} MP is more than {MAX_MOVEMENT}, the largest movement factor", sup.trace_mp));
    }
    // A strategic move's length in hexes is the printed allowance times this (tutorial 5.7.1).
    if let Some(st) = &r.strategic
        && st.hexes_per_mp > MAX_MOVEMENT
    {
        ctx.err("rules.strategic.hexes_per_mp", format!("{} hexes a point is more than {MAX_MOVEMENT}", st.hexes_per_mp));
    }
    for (i, t) in s.unit_types.iter().enumerate() {
        if let Some(w) = &t.waters {
            bounded(ctx, format!("unit_types[{i}].waters.step_mp"), w.step_mp);
        }
    }
    for (i, r) in s.reinforcements.iter().enumerate() {
        bounded(ctx, format!("reinforcements[{i}].entry_mp"), r.entry_mp);
    }
}
