//! The validator: one pass that collects every semantic problem of a parsed scenario, each
//! with a field path such as `map.spaces[3].links[1]` (Unciv's ruleset checker is the model).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Counters used by (unit type, level).
type MixUse<'a> = BTreeMap<(&'a str, Option<u32>), u32>;

use super::diagnostics::{Diagnostic, Place};
pub(super) use super::validate_refs::{effect_refs, expr_tracks};
pub use super::validate_refs::{level_ref, side_ref, space_ref, track_ref, type_ref};
pub use super::validate_rules::{RulesetCaps, scenario_effects};
pub use super::validate_assets::asset_path;
use super::validate_assets::check_image;
use super::validate_refs::victory_refs;
use super::schema::*;
use super::board::Board;
use super::headings::parse_heading;

/// Most units (counters placed or scheduled, or in the counter mix) a scenario may define.
pub const MAX_UNITS: usize = 5_000;
/// Largest movement factor (a movement search keeps a list per movement point; no printed
/// counter comes near).
pub const MAX_MOVEMENT: u32 = 1_000;
/// Most stacking points one unit may count (sums over every unit stay far from overflow; no
/// printed game comes near).
pub const MAX_STACKING_POINTS: u32 = 1_000;
/// Most chits a scenario's cups may hold in all (each copy counts).
pub const MAX_CHITS: u64 = 5_000;
/// Largest background image accepted, per side, in pixels.
pub const MAX_IMAGE_SIDE: u32 = 16_384;
/// Largest background image file accepted.
pub const MAX_IMAGE_BYTES: u64 = 64 * 1024 * 1024;

/// The id sets of a scenario, for cross references (rulesets check their sections with them).
pub struct Refs<'a> {
    pub sides: &'a BTreeSet<&'a str>,
    pub types: &'a BTreeSet<&'a str>,
    pub tracks: &'a BTreeSet<&'a str>,
    pub pools: &'a BTreeSet<&'a str>,
    pub levels: &'a BTreeSet<&'a str>,
}

/// The diagnostics of one file, each with its field path (or text position).
pub struct Ctx<'a> {
    file: &'a str,
    out: Vec<Diagnostic>,
}

impl<'a> Ctx<'a> {
    #[must_use]
    pub fn new(file: &'a str) -> Self {
        Self { file, out: Vec::new() }
    }
    pub fn err(&mut self, path: impl Into<String>, msg: impl Into<String>) {
        self.out.push(Diagnostic::error(self.file, Place::Field(path.into()), msg));
    }
    pub fn warn(&mut self, path: impl Into<String>, msg: impl Into<String>) {
        self.out.push(Diagnostic::warning(self.file, Place::Field(path.into()), msg));
    }
    /// An error at a line and column of the file (a syntax error in a section read later).
    pub fn err_at(&mut self, line: usize, column: usize, msg: impl Into<String>) {
        self.out.push(Diagnostic::error(self.file, Place::Text { line, column }, msg));
    }
    #[must_use]
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.out
    }
}

/// Calls `f` with the scenario's id sets (for a ruleset's checks of its own section).
pub fn with_refs<R>(s: &Scenario, f: impl FnOnce(&Refs) -> R) -> R {
    let sides: BTreeSet<&str> = s.sides.iter().map(|x| x.id.as_str()).collect();
    let types: BTreeSet<&str> = s.unit_types.iter().map(|x| x.id.as_str()).collect();
    let tracks: BTreeSet<&str> = s.tracks.iter().map(|x| x.id.as_str()).collect();
    let pools: BTreeSet<&str> = s.pools.iter().map(|x| x.id.as_str()).collect();
    let levels: BTreeSet<&str> = s.victory.levels.iter().map(|x| x.id.as_str()).collect();
    f(&Refs { sides: &sides, types: &types, tracks: &tracks, pools: &pools, levels: &levels })
}

/// Grid symbols: one terrain or region each, none of them `_` (a hole, or no region) and none
/// blank or holding whitespace (the grids split on it).
fn grid_symbols(ctx: &mut Ctx, m: &crate::scenario::schema::HexMap) {
    use crate::scenario::schema::VOID_SYMBOL;
    let terrain = m.terrain.iter().enumerate().map(|(i, t)| (format!("map.terrain[{i}].symbol"), Some(t.symbol.as_str())));
    let regions = m.regions.iter().enumerate().map(|(i, r)| (format!("map.regions[{i}].symbol"), r.symbol.as_deref()));
    for (kind, list) in [("terrain", terrain.collect::<Vec<_>>()), ("region", regions.collect())] {
        let mut seen = BTreeSet::new();
        for (path, sym) in list {
            let Some(sym) = sym else { continue };
            if sym.is_empty() || sym.contains(char::is_whitespace) {
                ctx.err(path, format!("a {kind} symbol is one word, not `{sym}`"));
            } else if sym == VOID_SYMBOL {
                ctx.err(path, format!("`{VOID_SYMBOL}` is kept for no hex (or no region) in the grids"));
            } else if !seen.insert(sym) {
                ctx.err(path, format!("`{sym}` is the symbol of another {kind}"));
            }
        }
    }
}

pub(super) fn ids<'a, T>(ctx: &mut Ctx, list: &'a [T], path: &str, id: impl Fn(&T) -> &str) -> BTreeSet<&'a str> {
    let mut set = BTreeSet::new();
    for (i, item) in list.iter().enumerate() {
        let v = id(item);
        if v.is_empty() {
            ctx.err(format!("{path}[{i}].id"), "id may not be empty");
        } else if !set.insert(v) {
            ctx.err(format!("{path}[{i}].id"), format!("duplicate id `{v}`"));
        }
    }
    set
}

/// Every problem of the scenario. The board (if it compiled) resolves space references; when it
/// did not, `board_problems` are reported instead.
#[must_use]
pub fn validate(s: &Scenario, file: &str, base: &Path, caps: &RulesetCaps) -> Vec<Diagnostic> {
    validate_with_board(s, file, base, caps).0
}

/// As [`validate`], also returning the compiled board when the map compiled.
#[must_use]
pub fn validate_with_board(s: &Scenario, file: &str, base: &Path, caps: &RulesetCaps) -> (Vec<Diagnostic>, Option<Board>) {
    let mut ctx = Ctx { file, out: Vec::new() };
    let board = match Board::build(s) {
        Ok(b) => Some(b),
        Err(problems) => {
            for (p, m) in problems {
                ctx.err(p, m);
            }
            None
        }
    };
    if s.id.trim().is_empty() {
        ctx.err("id", "scenario id may not be empty");
    }
    let sides = ids(&mut ctx, &s.sides, "sides", |x| &x.id);
    if s.sides.len() < 2 {
        ctx.err("sides", "a scenario needs at least two sides");
    }
    for (i, sd) in s.sides.iter().enumerate() {
        check_color(&mut ctx, &format!("sides[{i}].color"), &sd.color);
    }
    let contingents = ids(&mut ctx, &s.contingents, "contingents", |x| &x.id);
    for (i, c) in s.contingents.iter().enumerate() {
        side_ref(&mut ctx, &sides, &format!("contingents[{i}].side"), &c.side);
        check_color(&mut ctx, &format!("contingents[{i}].color"), &c.color);
    }
    let types = ids(&mut ctx, &s.unit_types, "unit_types", |x| &x.id);
    let type_by_id: BTreeMap<&str, &UnitTypeDef> = s.unit_types.iter().map(|t| (t.id.as_str(), t)).collect();
    for (i, t) in s.unit_types.iter().enumerate() {
        if !contingents.contains(t.contingent.as_str()) && !sides.contains(t.contingent.as_str()) {
            ctx.err(format!("unit_types[{i}].contingent"), format!("unknown contingent or side `{}`", t.contingent));
        }
        if t.strength.count() == 0 {
            ctx.err(format!("unit_types[{i}].strength"), "needs at least one step or level");
        }
        let factors = match &t.strength {
            Strength::Steps(f) | Strength::Levels { factors: f, .. } => f,
        };
        for (k, f) in factors.iter().enumerate() {
            if f.movement > MAX_MOVEMENT {
                ctx.err(format!("unit_types[{i}].strength"), format!("movement factor {} (entry {k}) is more than {MAX_MOVEMENT}, the most a unit may have", f.movement));
            }
        }
        if t.stacking_points > MAX_STACKING_POINTS {
            ctx.err(format!("unit_types[{i}].stacking_points"), format!("{} is more than {MAX_STACKING_POINTS}, the most a unit may count", t.stacking_points));
        }
        if let Some(img) = &t.image {
            check_image(&mut ctx, base, &format!("unit_types[{i}].image"), img);
        }
        // ToO 17-19: a support unit joins from its range.
        if let Some(role) = &t.support {
            if t.support_range.is_none() && role.from_sea.is_empty() {
                ctx.err(format!("unit_types[{i}].support_range"), "a support unit needs its range, or the sea zones it supports from");
            }
            let zones: Vec<&str> = match &s.map {
                crate::scenario::schema::Map::Hex(m) => m.sea_zones.iter().map(|z| z.id.as_str()).collect(),
                crate::scenario::schema::Map::Area(_) => Vec::new(),
            };
            for (k, z) in role.from_sea.iter().enumerate() {
                if !zones.contains(&z.as_str()) {
                    ctx.err(format!("unit_types[{i}].support.from_sea[{k}]"), format!("unknown sea zone `{z}` (map.sea_zones)"));
                }
            }
            if let Some(sp) = &role.spends
                && !types.contains(sp.unit_type.as_str())
            {
                ctx.err(format!("unit_types[{i}].support.spends.unit_type"), format!("unknown unit type `{}`", sp.unit_type));
            }
            for (k, x) in role.alone_against.iter().enumerate() {
                if !types.contains(x.as_str()) {
                    ctx.err(format!("unit_types[{i}].support.alone_against[{k}]"), format!("unknown unit type `{x}`"));
                }
            }
            if let Some(o) = &role.alone_option
                && !s.options.iter().any(|x| x.id == *o)
            {
                ctx.err(format!("unit_types[{i}].support.alone_option"), format!("unknown option `{o}`"));
            }
            if role.category.is_empty() {
                ctx.err(format!("unit_types[{i}].support.category"), "is empty");
            }
            for (k, x) in role.exposed_if_defender_has.iter().enumerate() {
                if !types.contains(x.as_str()) {
                    ctx.err(format!("unit_types[{i}].support.exposed_if_defender_has[{k}]"), format!("unknown unit type `{x}`"));
                }
            }
        }
        if let Some(c) = &t.carries {
            if c.points == 0 {
                ctx.err(format!("unit_types[{i}].carries.points"), "a carrier carries at least 1 stacking point");
            }
            for (k, x) in c.unit_types.iter().enumerate() {
                if !types.contains(x.as_str()) {
                    ctx.err(format!("unit_types[{i}].carries.unit_types[{k}]"), format!("unknown unit type `{x}`"));
                }
            }
        }
        // ToO 21: a flotilla's waters are hexes the map tags.
        if let Some(w) = &t.waters {
            if let Some(b) = &board
                && !super::validate_rules::tag_known(s, b, &w.tag)
            {
                ctx.err(format!("unit_types[{i}].waters.tag"), format!("no hex has the tag `{}`", w.tag));
            }
            if w.step_mp == 0 {
                ctx.err(format!("unit_types[{i}].waters.step_mp"), "a step costs at least 1 MP");
            }
        }
    }
    let level_ok = |t: &str, level: Option<u32>| -> Result<(), String> {
        let Some(ty) = type_by_id.get(t) else { return Ok(()) };
        let Some(l) = level else { return Ok(()) };
        match &ty.strength {
            Strength::Steps(f) if (l as usize) < f.len() => Ok(()),
            Strength::Steps(f) => Err(format!("{l} steps lost, but `{t}` has only {} steps", f.len())),
            Strength::Levels { lowest, factors } if l >= *lowest && l < lowest + factors.len() as u32 => Ok(()),
            Strength::Levels { lowest, factors } => {
                Err(format!("level {l} outside {lowest}..={} of `{t}`", lowest + factors.len() as u32 - 1))
            }
        }
    };
    // Counter mix: every counter of it may be spawned (a ruleset may keep the unused ones in the
    // available pool), so it has the unit limit too.
    let mix_total: u64 = s.counter_mix.iter().map(|m| u64::from(m.count)).sum();
    if mix_total > MAX_UNITS as u64 {
        ctx.err("counter_mix", format!("{mix_total} counters in all; the limit is {MAX_UNITS}"));
    }
    let mut mix: BTreeMap<(&str, Option<u32>), u32> = BTreeMap::new();
    for (i, m) in s.counter_mix.iter().enumerate() {
        let p = format!("counter_mix[{i}]");
        type_ref(&mut ctx, &types, &format!("{p}.unit_type"), &m.unit_type);
        if let Err(e) = level_ok(&m.unit_type, m.level) {
            ctx.err(format!("{p}.level"), e);
        }
        if mix.insert((m.unit_type.as_str(), m.level), m.count).is_some() {
            ctx.err(p, format!("`{}` level {:?} listed twice", m.unit_type, m.level));
        }
    }
    // Setup and reinforcements: ids, references, counts against the mix.
    let mut used: MixUse = BTreeMap::new();
    // Reinforcements alone: what an option that replaces the set-up adds its units to.
    let mut reinforcing: MixUse = BTreeMap::new();
    let mut unit_ids = BTreeSet::new();
    let mut total_units = 0usize;
    let level_key = |t: &str, l: Option<u32>| -> Option<u32> {
        // Step units count against the mix by type only; level units by their level.
        match type_by_id.get(t).map(|t| &t.strength) {
            Some(Strength::Levels { lowest, .. }) => Some(l.unwrap_or(*lowest)),
            _ => None,
        }
    };
    for (i, u) in s.setup.units.iter().enumerate() {
        let p = format!("setup.units[{i}]");
        if !unit_ids.insert(u.id.as_str()) {
            ctx.err(format!("{p}.id"), format!("duplicate unit id `{}`", u.id));
        }
        type_ref(&mut ctx, &types, &format!("{p}.unit_type"), &u.unit_type);
        if let Err(e) = level_ok(&u.unit_type, u.level) {
            ctx.err(format!("{p}.level"), e);
        }
        space_ref(&mut ctx, board.as_ref(), &format!("{p}.at"), &u.at);
        *used.entry((u.unit_type.as_str(), level_key(&u.unit_type, u.level))).or_default() += 1;
        total_units += 1;
    }
    super::validate_unit_ids::check(&mut ctx, s);
    for (i, g) in s.setup.groups.iter().enumerate() {
        let p = format!("setup.groups[{i}]");
        side_ref(&mut ctx, &sides, &format!("{p}.side"), &g.side);
        type_ref(&mut ctx, &types, &format!("{p}.unit_type"), &g.unit_type);
        if let Err(e) = level_ok(&g.unit_type, g.level) {
            ctx.err(format!("{p}.level"), e);
        }
        if g.spaces.is_empty() {
            ctx.err(format!("{p}.spaces"), "a setup group needs at least one space");
        }
        for (j, sp) in g.spaces.iter().enumerate() {
            space_ref(&mut ctx, board.as_ref(), &format!("{p}.spaces[{j}]"), sp);
        }
        if let Some(max) = g.max_per_space
            && (u64::from(max) * g.spaces.len() as u64) < u64::from(g.count)
        {
            ctx.err(format!("{p}.count"), format!("{} units cannot fit {max} per space in {} spaces", g.count, g.spaces.len()));
        }
        if !g.default.is_empty() && g.default.len() != g.count as usize {
            ctx.err(format!("{p}.default"), format!("the default placement names {} spaces for {} units", g.default.len(), g.count));
        }
        for (j, sp) in g.default.iter().enumerate() {
            if !g.spaces.contains(sp) {
                ctx.err(format!("{p}.default[{j}]"), format!("`{sp}` is not one of the group's spaces"));
            }
        }
        for (j, t) in g.with_units.iter().enumerate() {
            type_ref(&mut ctx, &types, &format!("{p}.with_units[{j}]"), t);
        }
        let n = used.entry((g.unit_type.as_str(), level_key(&g.unit_type, g.level))).or_default();
        *n = n.saturating_add(g.count);
        total_units = total_units.saturating_add(g.count as usize);
    }
    for (i, r) in s.reinforcements.iter().enumerate() {
        let p = format!("reinforcements[{i}]");
        side_ref(&mut ctx, &sides, &format!("{p}.side"), &r.side);
        if r.turn == 0 || r.turn as usize > s.turns.labels.len() {
            ctx.err(format!("{p}.turn"), format!("turn {} is not on the turn track", r.turn));
        }
        for (j, sp) in r.entry.iter().enumerate() {
            space_ref(&mut ctx, board.as_ref(), &format!("{p}.entry[{j}]"), sp);
        }
        if r.entry.is_empty() {
            ctx.err(format!("{p}.entry"), "reinforcements need at least one entry space");
        }
        for (j, u) in r.units.iter().enumerate() {
            if !unit_ids.insert(u.id.as_str()) {
                ctx.err(format!("{p}.units[{j}].id"), format!("duplicate unit id `{}`", u.id));
            }
            type_ref(&mut ctx, &types, &format!("{p}.units[{j}].unit_type"), &u.unit_type);
            *used.entry((u.unit_type.as_str(), level_key(&u.unit_type, u.level))).or_default() += 1;
            *reinforcing.entry((u.unit_type.as_str(), level_key(&u.unit_type, u.level))).or_default() += 1;
            total_units += 1;
        }
    }
    if total_units > MAX_UNITS {
        ctx.err("setup", format!("{total_units} units; the limit is {MAX_UNITS}"));
    }
    for (i, os) in s.setup.by_option.iter().enumerate() {
        let n = os.units.len() as u64 + os.groups.iter().map(|g| u64::from(g.count)).sum::<u64>();
        if total_units as u64 + n > MAX_UNITS as u64 {
            ctx.err(format!("setup.by_option[{i}]"), format!("{} units with this option; the limit is {MAX_UNITS}", total_units as u64 + n));
        }
    }
    let chits: u64 = s.pools.iter().flat_map(|p| &p.chits).map(|c| u64::from(c.count)).sum();
    if chits > MAX_CHITS {
        ctx.err("pools", format!("{chits} chits in all; the limit is {MAX_CHITS}"));
    }
    // Set-up changes of options (variants): references, and the mix with each option's units.
    let option_ids: BTreeSet<&str> = s.options.iter().map(|o| o.id.as_str()).collect();
    let mut with_option: Vec<(String, MixUse)> = Vec::new();
    for (i, os) in s.setup.by_option.iter().enumerate() {
        let p = format!("setup.by_option[{i}]");
        if !option_ids.contains(os.option.as_str()) {
            ctx.err(format!("{p}.option"), format!("unknown option `{}`", os.option));
        }
        if let Some(l) = &os.last_turn
            && !s.turns.labels.contains(l)
        {
            ctx.err(format!("{p}.last_turn"), format!("unknown turn `{l}`"));
        }
        super::validate_options::check(&mut ctx, s, board.as_ref(), (&p, os), &sides);
        for (j, (t, _)) in os.tracks.iter().enumerate() {
            if !s.tracks.iter().any(|x| &x.id == t) {
                ctx.err(format!("{p}.tracks[{j}]"), format!("unknown track `{t}`"));
            }
        }
        let mut u2 = if os.replace_setup { reinforcing.clone() } else { used.clone() };
        for (j, u) in os.units.iter().enumerate() {
            type_ref(&mut ctx, &types, &format!("{p}.units[{j}].unit_type"), &u.unit_type);
            space_ref(&mut ctx, board.as_ref(), &format!("{p}.units[{j}].at"), &u.at);
            *u2.entry((u.unit_type.as_str(), level_key(&u.unit_type, u.level))).or_default() += 1;
        }
        for (j, g) in os.groups.iter().enumerate() {
            side_ref(&mut ctx, &sides, &format!("{p}.groups[{j}].side"), &g.side);
            type_ref(&mut ctx, &types, &format!("{p}.groups[{j}].unit_type"), &g.unit_type);
            for (k, sp) in g.spaces.iter().enumerate() {
                space_ref(&mut ctx, board.as_ref(), &format!("{p}.groups[{j}].spaces[{k}]"), sp);
            }
            if !g.default.is_empty() && (g.default.len() != g.count as usize || g.default.iter().any(|d| !g.spaces.contains(d))) {
                ctx.err(format!("{p}.groups[{j}].default"), "the default placement needs one of the group's spaces per unit");
            }
            let n = u2.entry((g.unit_type.as_str(), level_key(&g.unit_type, g.level))).or_default();
            *n = n.saturating_add(g.count);
        }
        for (j, (g, n)) in os.remove.iter().enumerate() {
            match s.setup.groups.iter().find(|x| &x.id == g) {
                None => ctx.err(format!("{p}.remove[{j}]"), format!("unknown setup group `{g}`")),
                Some(x) => {
                    if let Some(c) = u2.get_mut(&(x.unit_type.as_str(), level_key(&x.unit_type, x.level))) {
                        *c = c.saturating_sub(*n);
                    }
                }
            }
        }
        with_option.push((os.option.clone(), u2));
    }
    if !s.counter_mix.is_empty() {
        for (option, u2) in &with_option {
            for ((t, l), n) in u2 {
                let limit = mix.get(&(*t, *l)).or_else(|| mix.get(&(*t, None))).copied().unwrap_or(0);
                if *n > limit {
                    ctx.err("setup.by_option", format!("with `{option}` the set-up uses {n} counters of `{t}`{}; the counter mix has {limit}", lvl(*l)));
                }
            }
        }
        for ((t, l), n) in &used {
            let limit = mix.get(&(*t, *l)).or_else(|| mix.get(&(*t, None))).copied();
            match limit {
                Some(limit) if *n > limit => ctx.err(
                    "setup",
                    format!("setup and reinforcements use {n} counters of `{t}`{}; the counter mix has {limit}", lvl(*l)),
                ),
                None => ctx.err("counter_mix", format!("no counters of `{t}`{} in the counter mix, but the setup uses {n}", lvl(*l))),
                _ => {}
            }
        }
    }
    // Turn track.
    if s.turns.labels.is_empty() {
        ctx.err("turns.labels", "the turn track needs at least one turn");
    }
    side_ref(&mut ctx, &sides, "turns.first_side", &s.turns.first_side);
    ids(&mut ctx, &s.turns.phases, "turns.phases", |x| &x.id);
    if s.turns.phases.is_empty() {
        ctx.err("turns.phases", "a turn needs at least one phase");
    }
    super::validate_calendar::check_calendar(&mut ctx, s);
    super::validate_costs::movement_costs(&mut ctx, s);
    for (i, ph) in s.turns.phases.iter().enumerate() {
        if let PhaseActor::Side(sd) = &ph.actor {
            side_ref(&mut ctx, &sides, &format!("turns.phases[{i}].actor"), sd);
        }
    }
    // Tracks.
    let tracks = ids(&mut ctx, &s.tracks, "tracks", |x| &x.id);
    let levels = ids(&mut ctx, &s.victory.levels, "victory.levels", |x| &x.id);
    for (i, t) in s.tracks.iter().enumerate() {
        let p = format!("tracks[{i}]");
        if let Some(sd) = &t.side {
            side_ref(&mut ctx, &sides, &format!("{p}.side"), sd);
        }
        if !(t.floor <= t.start && t.start <= t.cap) {
            ctx.err(format!("{p}.start"), format!("start {} is not within floor {} and cap {}", t.start, t.floor, t.cap));
        }
        for (j, sd) in t.sudden_death.iter().enumerate() {
            level_ref(&mut ctx, &levels, &format!("{p}.sudden_death[{j}].level"), &sd.level);
        }
    }
    // Tables.
    let pools = ids(&mut ctx, &s.pools, "pools", |x| &x.id);
    check_crts(&mut ctx, &s.tables.crts);
    ids(&mut ctx, &s.tables.events, "tables.events", |x| &x.id);
    for (i, t) in s.tables.events.iter().enumerate() {
        let p = format!("tables.events[{i}]");
        if let Some(sd) = &t.side {
            side_ref(&mut ctx, &sides, &format!("{p}.side"), sd);
        }
        super::validate_refs::entries_refs(&mut ctx, (&tracks, &pools), &p, t.dice, &t.entries);
    }
    for (i, pool) in s.pools.iter().enumerate() {
        let p = format!("pools[{i}]");
        if let Some(sd) = &pool.side {
            side_ref(&mut ctx, &sides, &format!("{p}.side"), sd);
        }
        ids(&mut ctx, &pool.chits, &format!("{p}.chits"), |x| &x.id);
        for (j, c) in pool.chits.iter().enumerate() {
            for (k, eff) in c.effects.iter().enumerate() {
                effect_refs(&mut ctx, &tracks, &pools, &format!("{p}.chits[{j}].effects[{k}]"), eff);
            }
        }
    }
    ids(&mut ctx, &s.tables.costs, "tables.costs", |x| &x.id);
    for (i, c) in s.tables.costs.iter().enumerate() {
        for (j, e) in c.entries.iter().enumerate() {
            if let Some(t) = &e.unit_type {
                type_ref(&mut ctx, &types, &format!("tables.costs[{i}].entries[{j}].unit_type"), t);
            }
        }
    }
    // Victory.
    for (i, l) in s.victory.levels.iter().enumerate() {
        if let Some(sd) = &l.side {
            side_ref(&mut ctx, &sides, &format!("victory.levels[{i}].side"), sd);
        }
    }
    if s.victory.conditions.is_empty() {
        ctx.err("victory.conditions", "needs at least one condition (end with `Otherwise`)");
    }
    for (i, c) in s.victory.conditions.iter().enumerate() {
        victory_refs(&mut ctx, board.as_ref(), (&sides, &tracks, &levels), &format!("victory.conditions[{i}]"), c);
    }
    let refs = Refs { sides: &sides, types: &types, tracks: &tracks, pools: &pools, levels: &levels };
    super::validate_rules::rules_refs(&mut ctx, s, board.as_ref(), &refs, caps);
    let options = ids(&mut ctx, &s.options, "options", |x| &x.id);
    ids(&mut ctx, &s.variants, "variants", |x| &x.id);
    for (i, o) in s.options.iter().enumerate() {
        for (j, (t, _)) in o.flags.iter().enumerate() {
            type_ref(&mut ctx, &types, &format!("options[{i}].flags[{j}].0"), t);
        }
        for (j, (t, flag, _)) in o.flags_from_year.iter().enumerate() {
            let path = format!("options[{i}].flags_from_year[{j}]");
            type_ref(&mut ctx, &types, &format!("{path}.0"), t);
            // Only the movement rules read flags through the calendar (`has_flag_now`).
            if *flag != UnitFlag::Infiltration {
                ctx.err(format!("{path}.1"), format!("only Infiltration may come with a year; `{flag:?}` is read the whole game"));
            }
            if s.turns.calendar.is_empty() {
                ctx.err(format!("{path}.2"), "the scenario has no calendar (turns.calendar): no turn has a year");
            }
        }
    }
    for (i, v) in s.variants.iter().enumerate() {
        for (j, o) in v.options.iter().enumerate() {
            if !options.contains(o.as_str()) {
                ctx.err(format!("variants[{i}].options[{j}]"), format!("unknown option `{o}`"));
            }
        }
    }
    // Map-level references outside the board.
    match &s.map {
        Map::Hex(m) => {
            ids(&mut ctx, &m.terrain, "map.terrain", |x| &x.id);
            ids(&mut ctx, &m.hexside_types, "map.hexside_types", |x| &x.id);
            let regions = ids(&mut ctx, &m.regions, "map.regions", |x| &x.id);
            grid_symbols(&mut ctx, m);
            for (i, h) in m.hexes.iter().enumerate() {
                if let Some(r) = &h.region
                    && !regions.contains(r.as_str())
                {
                    ctx.err(format!("map.hexes[{i}].region"), format!("unknown region `{r}`"));
                }
            }
            for (i, t) in m.terrain.iter().enumerate() {
                check_color(&mut ctx, &format!("map.terrain[{i}].color"), &t.color);
            }
            let multipliers = m.terrain.iter().enumerate().map(|(i, t)| (format!("map.terrain[{i}].defense_multiplier"), t.defense_multiplier));
            let multipliers = multipliers.chain(m.hexside_types.iter().enumerate().map(|(i, h)| (format!("map.hexside_types[{i}].defense_multiplier"), h.defense_multiplier)));
            for (path, x) in multipliers {
                if !(1..=10).contains(&x) {
                    ctx.err(path, format!("{x} is not between 1 and 10"));
                }
            }
            for (i, c) in m.initial_control.iter().enumerate() {
                side_ref(&mut ctx, &sides, &format!("map.initial_control[{i}].side"), &c.side);
            }
            for (i, v) in m.vp_tracks.iter().enumerate() {
                side_ref(&mut ctx, &sides, &format!("map.vp_tracks[{i}].side"), &v.side);
                track_ref(&mut ctx, &tracks, &format!("map.vp_tracks[{i}].track"), &v.track);
            }
            for (i, b) in m.boxes.iter().enumerate() {
                for (j, sd) in b.sides.iter().enumerate() {
                    side_ref(&mut ctx, &sides, &format!("map.boxes[{i}].sides[{j}]"), sd);
                }
            }
            if let Some(bg) = &m.background {
                check_image(&mut ctx, base, "map.background.image", &bg.image);
            }
        }
        Map::Area(m) => {
            for (i, sp) in m.spaces.iter().enumerate() {
                if let Some(c) = &sp.control {
                    side_ref(&mut ctx, &sides, &format!("map.spaces[{i}].control"), c);
                }
            }
            unreachable_spaces(&mut ctx, m);
        }
    }
    if s.notes.iter().any(|n| n.len() > 10_000) {
        ctx.warn("notes", "a note is over 10,000 characters");
    }
    (ctx.out, board)
}

fn lvl(l: Option<u32>) -> String {
    l.map(|l| format!(" level {l}")).unwrap_or_default()
}

fn check_color(ctx: &mut Ctx, path: &str, c: &str) {
    let ok = c.len() == 7 && c.starts_with('#') && c[1..].chars().all(|ch| ch.is_ascii_hexdigit());
    if !ok {
        ctx.err(path, format!("colour `{c}` is not of the form #rrggbb"));
    }
}

fn check_crts(ctx: &mut Ctx, crts: &[CrtDef]) {
    ids(ctx, crts, "tables.crts", |x| &x.id);
    for (i, t) in crts.iter().enumerate() {
        let p = format!("tables.crts[{i}]");
        let mut prev: Option<i64> = None;
        if t.columns.is_empty() {
            ctx.err(format!("{p}.columns"), "a table needs at least one column");
        }
        for (j, c) in t.columns.iter().enumerate() {
            match parse_heading(t.index, c) {
                None => ctx.err(format!("{p}.columns[{j}]"), format!("`{c}` is not a {:?} column heading", t.index)),
                Some(v) => {
                    if prev.is_some_and(|pv| pv >= v) {
                        ctx.err(format!("{p}.columns[{j}]"), format!("`{c}` is not above the column before it"));
                    }
                    prev = Some(v);
                }
            }
        }
        if !t.labels.is_empty() && t.labels.len() != t.columns.len() {
            ctx.err(format!("{p}.labels"), format!("{} labels for {} columns", t.labels.len(), t.columns.len()));
        }
        if let Some(pr) = &t.prohibited_at_or_below
            && parse_heading(t.index, pr).is_none()
        {
            ctx.err(format!("{p}.prohibited_at_or_below"), format!("`{pr}` is not a {:?} value", t.index));
        }
        let codes: BTreeSet<&str> = t.results.iter().map(|r| r.code.as_str()).collect();
        ids(ctx, &t.results, &format!("{p}.results"), |x| &x.code);
        let outcomes = t.dice.outcomes();
        let mut seen = BTreeSet::new();
        for (j, row) in t.rows.iter().enumerate() {
            if !outcomes.contains(&row.roll) {
                ctx.err(format!("{p}.rows[{j}].roll"), format!("{:?} cannot roll {}", t.dice, row.roll));
            } else if !seen.insert(row.roll) {
                ctx.err(format!("{p}.rows[{j}].roll"), format!("roll {} has two rows", row.roll));
            }
            if row.results.len() != t.columns.len() {
                ctx.err(
                    format!("{p}.rows[{j}].results"),
                    format!("row has {} results; the table has {} columns", row.results.len(), t.columns.len()),
                );
            }
            for (k, code) in row.results.iter().enumerate() {
                if !codes.contains(code.as_str()) {
                    ctx.err(format!("{p}.rows[{j}].results[{k}]"), format!("result code `{code}` is not defined in results"));
                }
            }
        }
        let gaps: Vec<String> = outcomes.iter().filter(|v| !seen.contains(*v)).map(u32::to_string).collect();
        if !gaps.is_empty() {
            ctx.err(format!("{p}.rows"), format!("the table has gaps: no row for roll {}", gaps.join(", ")));
        }
    }
}

/// Area maps: every space must be reachable from the first, following links either way.
/// Works on the schema so that it reports even when other links are broken.
fn unreachable_spaces(ctx: &mut Ctx, m: &AreaMap) {
    let index: BTreeMap<&str, usize> = m.spaces.iter().enumerate().map(|(i, s)| (s.id.as_str(), i)).collect();
    let mut undirected: Vec<Vec<usize>> = vec![Vec::new(); m.spaces.len()];
    for (i, sp) in m.spaces.iter().enumerate() {
        for l in &sp.links {
            if let Some(&j) = index.get(l.to.as_str()) {
                undirected[i].push(j);
                undirected[j].push(i);
            }
        }
    }
    if m.spaces.is_empty() {
        ctx.err("map.spaces", "an area map needs at least one space");
        return;
    }
    let mut seen = vec![false; m.spaces.len()];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(i) = stack.pop() {
        for &j in &undirected[i] {
            if !seen[j] {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    for (i, sp) in m.spaces.iter().enumerate() {
        if !seen[i] {
            ctx.err(format!("map.spaces[{i}]"), format!("space `{}` is unreachable: no link leads to it", sp.id));
        }
    }
}


