//! Validation of the ids units get. A unit is found by its id everywhere (commands, saves, the
//! units' index), so each id must name one unit. Units get ids three ways: set-up units,
//! reinforcements and an option's units name theirs; a set-up group's units are named
//! `group#k` (`rules::setup::group_unit_id`); the counter mix's spare counters `type#n`
//! (`session::spawn`). Two units with one id would leave one of them out of every lookup, so
//! any clash is an error at load, in the base set-up and with each option.

use std::collections::BTreeMap;

use super::schema::{Scenario, SetupGroup, UnitPlacement};
use super::validate::{Ctx, ids};

/// Checks the ids of set-up groups and of named units (uniqueness among the named units of the
/// base set-up and reinforcements is checked with the set-up itself, in `validate`).
pub(super) fn check(ctx: &mut Ctx, s: &Scenario) {
    ids(ctx, &s.setup.groups, "setup.groups", |g| &g.id);
    // What a name of the form `x#n` would clash with: the groups' and the types' numbered units.
    let mut numbered: BTreeMap<&str, String> = BTreeMap::new();
    for t in &s.unit_types {
        numbered.insert(&t.id, format!("the spare counters of unit type `{}`", t.id));
    }
    for (i, g) in s.setup.groups.iter().enumerate() {
        group_not_a_type(ctx, s, &format!("setup.groups[{i}]"), g);
        numbered.entry(&g.id).or_insert_with(|| format!("the units of setup group `{}`", g.id));
    }
    for (i, os) in s.setup.by_option.iter().enumerate() {
        for (j, g) in os.groups.iter().enumerate() {
            numbered.entry(&g.id).or_insert_with(|| format!("the units of setup group `{}`", g.id));
            group_not_a_type(ctx, s, &format!("setup.by_option[{i}].groups[{j}]"), g);
        }
    }
    let named = s.setup.units.iter().enumerate().map(|(i, u)| (format!("setup.units[{i}].id"), u.id.as_str()));
    let arriving = s.reinforcements.iter().enumerate().flat_map(|(i, r)| {
        r.units.iter().enumerate().map(move |(j, u)| (format!("reinforcements[{i}].units[{j}].id"), u.id.as_str()))
    });
    let optional = s.setup.by_option.iter().enumerate().flat_map(|(i, os)| {
        os.units.iter().enumerate().map(move |(j, u)| (format!("setup.by_option[{i}].units[{j}].id"), u.id.as_str()))
    });
    for (path, id) in named.chain(arriving).chain(optional) {
        if let Some((base, k)) = id.rsplit_once('#')
            && k.parse::<u32>().is_ok()
            && let Some(whose) = numbered.get(base)
        {
            ctx.err(path, format!("`{id}` has the form of the names given to {whose} (`{base}#n`): choose another id"));
        }
    }
    for i in 0..s.setup.by_option.len() {
        option_ids(ctx, s, i);
    }
}

/// A group's id is not a unit type's: the spare counters of that type would share its units' ids.
fn group_not_a_type(ctx: &mut Ctx, s: &Scenario, path: &str, g: &SetupGroup) {
    if s.unit_types.iter().any(|t| t.id == g.id) {
        ctx.err(format!("{path}.id"), format!("`{}` is also a unit type's id: the group's units and that type's spare counters would both be named `{}#n`", g.id, g.id));
    }
}

/// An option's units and groups: unique among themselves, against those of the options before
/// it (options may be on together, each adding its own), and against the base set-up's (unless
/// the option replaces it) and the reinforcements', which stay in the game with it.
fn option_ids(ctx: &mut Ctx, s: &Scenario, i: usize) {
    let os = &s.setup.by_option[i];
    let p = format!("setup.by_option[{i}]");
    ids(ctx, &os.groups, &format!("{p}.groups"), |g| &g.id);
    let earlier = &s.setup.by_option[..i];
    for (j, g) in os.groups.iter().enumerate() {
        let before = earlier.iter().enumerate().find_map(|(h, o)| o.groups.iter().position(|x| x.id == g.id).map(|k| (h, k)));
        if let Some((h, k)) = before {
            ctx.err(format!("{p}.groups[{j}].id"), format!("`{}` is also the id of setup.by_option[{h}].groups[{k}]: options may be on together", g.id));
        }
    }
    for (j, u) in os.units.iter().enumerate() {
        let before = earlier.iter().enumerate().find_map(|(h, o)| o.units.iter().position(|x| x.id == u.id).map(|k| (h, k)));
        if let Some((h, k)) = before {
            ctx.err(format!("{p}.units[{j}].id"), format!("duplicate unit id `{}` (also setup.by_option[{h}].units[{k}]): options may be on together", u.id));
        }
    }
    if !os.replace_setup {
        for (j, g) in os.groups.iter().enumerate() {
            if let Some(k) = s.setup.groups.iter().position(|b| b.id == g.id) {
                ctx.err(format!("{p}.groups[{j}].id"), format!("`{}` is the id of setup.groups[{k}]: an option adds groups of its own (`remove` takes units from a base group)", g.id));
            }
        }
    }
    ids(ctx, &os.units, &format!("{p}.units"), |u: &UnitPlacement| &u.id);
    let base = if os.replace_setup { &[][..] } else { &s.setup.units[..] };
    for (j, u) in os.units.iter().enumerate() {
        let at_start = base.iter().position(|b| b.id == u.id).map(|k| format!("setup.units[{k}]"));
        let arriving = || {
            s.reinforcements.iter().enumerate().find_map(|(r, x)| x.units.iter().position(|b| b.id == u.id).map(|k| format!("reinforcements[{r}].units[{k}]")))
        };
        if let Some(other) = at_start.or_else(arriving) {
            ctx.err(format!("{p}.units[{j}].id"), format!("duplicate unit id `{}` (also {other})", u.id));
        }
    }
}
