//! Validation of declared attacks (`rules.attack_declarations`; ToO 31.4): unique ids, a side,
//! unit types that exist, and a pursuit distance wherever pursuers are named. Their `when`
//! conditions are checked with every other condition (`validate_rules`).

use super::schema::Scenario;
use super::validate::{Ctx, Refs, ids, side_ref, type_ref};

pub(super) fn attack_declarations(ctx: &mut Ctx, s: &Scenario, r: &Refs) {
    ids(ctx, &s.rules.attack_declarations, "rules.attack_declarations", |x| &x.id);
    for (i, d) in s.rules.attack_declarations.iter().enumerate() {
        let path = format!("rules.attack_declarations[{i}]");
        side_ref(ctx, r.sides, &format!("{path}.side"), &d.side);
        if d.needs.is_empty() {
            ctx.err(format!("{path}.needs"), "names no unit type: no attack could be declared");
        }
        let lists = [("needs", &d.needs), ("pursuers", &d.pursuers), ("losses_first", &d.losses_first)];
        for (field, list) in lists {
            for (k, t) in list.iter().enumerate() {
                type_ref(ctx, r.types, &format!("{path}.{field}[{k}]"), t);
            }
        }
        if !d.pursuers.is_empty() && d.pursuit_hexes == 0 {
            ctx.err(format!("{path}.pursuit_hexes"), "pursuers are named: give the hexes they pursue (at least 1)");
        }
        if d.pursuit_hexes > 0 && s.rules.pursuit.is_none() {
            ctx.err(format!("{path}.pursuit_hexes"), "the scenario has no pursuit (rules.pursuit)");
        }
        if !d.fortress_falls && d.pursuers.is_empty() && d.losses_first.is_empty() {
            ctx.warn(path, "the declaration changes nothing (no fortress_falls, pursuers or losses_first)");
        }
    }
}
