//! Reading and checking Decision: Iraq's section of the scenario (`ruleset_rules`: the Netwar
//! parameters) and its effects (`RulesetEffect(...)` in event tables and cups): each is read
//! with its place in the file, and every side, track, table, unit type, space, pool, option and
//! declaration they name must exist, so a misspelt id is an error with its field path rather
//! than a rule that silently does nothing.

use std::collections::{BTreeMap, BTreeSet};

use ron::value::RawValue;

use super::DecisionIraq;
use super::schema::*;
use crate::scenario::board::Board;
use crate::scenario::load::read_section;
use crate::scenario::schema::*;
use crate::scenario::validate::{Ctx, Refs, scenario_effects, side_ref, space_ref, track_ref, type_ref, with_refs};
use crate::scenario::{Diagnostic, Loaded, Severity};

struct Known<'a> {
    r: &'a Refs<'a>,
    board: Option<&'a Board>,
    options: BTreeSet<&'a str>,
    tables: BTreeSet<&'a str>,
    contingents: BTreeSet<&'a str>,
}

impl Known<'_> {
    fn option(&self, ctx: &mut Ctx, path: &str, id: &str) {
        if !self.options.contains(id) {
            ctx.err(path, format!("unknown option `{id}`"));
        }
    }
    fn table(&self, ctx: &mut Ctx, path: &str, id: &str) {
        if !self.tables.contains(id) {
            ctx.err(path, format!("unknown combat results table `{id}`"));
        }
    }
    fn types(&self, ctx: &mut Ctx, path: &str, ids: &[String]) {
        for (i, t) in ids.iter().enumerate() {
            type_ref(ctx, self.r.types, &format!("{path}[{i}]"), t);
        }
    }
    fn spaces(&self, ctx: &mut Ctx, path: &str, ids: &[String]) {
        for (i, k) in ids.iter().enumerate() {
            space_ref(ctx, self.board, &format!("{path}[{i}]"), k);
        }
    }
    fn placements(&self, ctx: &mut Ctx, path: &str, place: &[Placement]) {
        for (i, p) in place.iter().enumerate() {
            match p {
                Placement::In(list) => self.spaces(ctx, &format!("{path}[{i}]"), list),
                Placement::With { unit_types, .. } => self.types(ctx, &format!("{path}[{i}].unit_types"), unit_types),
                Placement::AnyIraqi => {}
            }
        }
    }
    fn tests(&self, ctx: &mut Ctx, path: &str, tests: &[SpaceTest]) {
        for (i, t) in tests.iter().enumerate() {
            let p = format!("{path}[{i}]");
            match t {
                SpaceTest::In(list) => self.spaces(ctx, &p, list),
                SpaceTest::HasUnitTypes(list) => self.types(ctx, &p, list),
                SpaceTest::HasUnits(list) => {
                    for c in list.iter().filter(|c| !self.contingents.contains(c.as_str())) {
                        ctx.err(&p, format!("unknown contingent `{c}`"));
                    }
                }
                SpaceTest::NoUnitsOf(side) => side_ref(ctx, self.r.sides, &p, side),
                SpaceTest::Attribute(..) | SpaceTest::Iraqi => {}
            }
        }
    }
}

/// Reads the section and every Netwar effect of a loaded scenario, and checks them.
pub(super) fn read(loaded: &Loaded) -> Result<DecisionIraq, Vec<Diagnostic>> {
    let s = &loaded.scenario;
    let file = loaded.path.display().to_string();
    let mut ctx = Ctx::new(&file);
    let rules: Option<NetwarRules> = match &s.ruleset_rules {
        None => {
            ctx.err("ruleset_rules", "the decision_iraq ruleset reads its Netwar parameters from `ruleset_rules`, which is missing");
            None
        }
        Some(raw) => read_section(loaded, raw, &mut ctx),
    };
    // Every Netwar effect, by its text, with its nested effects.
    let mut effects: BTreeMap<String, NetwarEffect> = BTreeMap::new();
    let mut pending: Vec<(String, Box<RawValue>)> = scenario_effects(s)
        .into_iter()
        .filter_map(|(p, e)| match e {
            EventEffect::RulesetEffect(raw) => Some((p, raw.clone())),
            _ => None,
        })
        .collect();
    let mut all: Vec<(String, NetwarEffect)> = Vec::new();
    while let Some((path, raw)) = pending.pop() {
        let Some(e) = effects.get(raw.get_ron()).cloned().or_else(|| read_section::<NetwarEffect>(loaded, &raw, &mut ctx)) else { continue };
        if let NetwarEffect::PlaceUnit { then, .. } = &e {
            for (i, x) in then.iter().enumerate() {
                if let EventEffect::RulesetEffect(r) = x {
                    pending.push((format!("{path}.then[{i}]"), r.clone()));
                }
            }
        }
        effects.insert(raw.get_ron().to_string(), e.clone());
        all.push((path, e));
    }
    with_refs(s, |r| {
        let k = Known {
            r,
            board: Some(&*loaded.board),
            options: s.options.iter().map(|o| o.id.as_str()).collect(),
            tables: s.tables.crts.iter().map(|t| t.id.as_str()).collect(),
            contingents: s.contingents.iter().map(|c| c.id.as_str()).collect(),
        };
        if let Some(n) = &rules {
            netwar_params(&mut ctx, s, &k, n);
        }
        for (path, e) in &all {
            effect(&mut ctx, &k, path, e);
        }
    });
    // 12, 27.12: the phases only this ruleset plays need their charts.
    for (i, ph) in s.turns.phases.iter().enumerate() {
        let chart = match ph.kind {
            PhaseKind::Mobilization => rules.as_ref().is_some_and(|n| !n.mobilization.is_empty()),
            PhaseKind::Special => rules.as_ref().is_some_and(|n| n.hyperwar.is_some()),
            PhaseKind::Event
            | PhaseKind::Reinforcement
            | PhaseKind::Movement
            | PhaseKind::Combat
            | PhaseKind::Supply
            | PhaseKind::Scoring
            | PhaseKind::EndOfTurn
            | PhaseKind::Reorganisation => true,
        };
        if !chart {
            let what = if ph.kind == PhaseKind::Mobilization { "`ruleset_rules.mobilization`" } else { "`ruleset_rules.hyperwar`" };
            ctx.err(format!("turns.phases[{i}].kind"), format!("a {:?} phase needs {what}", ph.kind));
        }
    }
    // 16.3: its conflicts apply points, levels, eliminations and retreats, nothing else.
    for (i, t) in s.tables.crts.iter().enumerate() {
        for (j, r) in t.results.iter().enumerate() {
            for (k, e) in r.effects.iter().enumerate() {
                if !super::conflict::plays(e) {
                    ctx.err(format!("tables.crts[{i}].results[{j}].effects[{k}]"), format!("Decision: Iraq's conflicts cannot apply {e:?} (they apply Points, Level, EliminatePercent, Retreat, NoEffect)"));
                }
            }
        }
    }
    let diags = ctx.into_diagnostics();
    match rules {
        Some(rules) if !diags.iter().any(|d| d.severity == Severity::Error) => {
            let foreign = super::foreign_flags(&loaded.scenario, &loaded.board);
            let fixed_places = super::placement::fixed_places(&rules, &loaded.board, &foreign);
            let with_places = super::placement::with_places(&rules, &loaded.scenario);
            let line_types = super::placement::line_types(&rules, &loaded.scenario);
            let type_lines = super::placement::type_lines(&rules, &line_types, loaded.scenario.sides.len());
            let districts = (0..loaded.board.len()).map(|i| crate::model::SpaceId(i as u32)).filter(|s| matches!(loaded.board.spaces[s.index()].kind, crate::scenario::board::SpaceKind::Area)).collect();
            let (chit_kinds, windows) = super::chits::chit_kinds(&loaded.scenario, &effects);
            Ok(DecisionIraq { rules, effects, foreign, fixed_places, with_places, line_types, type_lines, districts, chit_kinds, windows })
        }
        _ => Err(diags),
    }
}

/// Checks the references of one Netwar effect (nested Netwar effects are checked on their own).
fn effect(ctx: &mut Ctx, k: &Known, path: &str, e: &NetwarEffect) {
    match e {
        NetwarEffect::PlaceUnit { unit_types, spaces, .. } => {
            k.types(ctx, &format!("{path}.unit_types"), unit_types);
            k.tests(ctx, &format!("{path}.spaces"), spaces);
        }
        NetwarEffect::RemoveUnit { contingents } => {
            for c in contingents.iter().filter(|c| !k.contingents.contains(c.as_str())) {
                ctx.err(format!("{path}.contingents"), format!("unknown contingent `{c}`"));
            }
        }
        NetwarEffect::Reduce { side, unit_types, spaces, .. } => {
            side_ref(ctx, k.r.sides, &format!("{path}.side"), side);
            k.types(ctx, &format!("{path}.unit_types"), unit_types);
            k.tests(ctx, &format!("{path}.spaces"), spaces);
        }
        NetwarEffect::PointsPerSpace { track, .. } => track_ref(ctx, k.r.tracks, &format!("{path}.track"), track),
        NetwarEffect::GainSpacePoints { spaces } => k.tests(ctx, &format!("{path}.spaces"), spaces),
        NetwarEffect::Defection { spaces, all, half } => {
            k.tests(ctx, &format!("{path}.spaces"), spaces);
            for (i, (a, b)) in all.iter().chain(half).enumerate() {
                type_ref(ctx, k.r.types, &format!("{path}.pairs[{i}]"), a);
                type_ref(ctx, k.r.types, &format!("{path}.pairs[{i}]"), b);
            }
        }
        NetwarEffect::HighValueTarget { locations, unit_types, track, .. } => {
            for (i, (_, sp)) in locations.iter().enumerate() {
                space_ref(ctx, k.board, &format!("{path}.locations[{i}]"), sp);
            }
            k.types(ctx, &format!("{path}.unit_types"), unit_types);
            track_ref(ctx, k.r.tracks, &format!("{path}.track"), track);
        }
        NetwarEffect::ControlIncome | NetwarEffect::Chit(_) | NetwarEffect::SuicideSurge => {}
    }
}

fn netwar_params(ctx: &mut Ctx, s: &Scenario, k: &Known, n: &NetwarRules) {
    let p = "ruleset_rules";
    for (i, x) in n.sides.iter().enumerate() {
        side_ref(ctx, k.r.sides, &format!("{p}.sides[{i}].side"), &x.side);
        track_ref(ctx, k.r.tracks, &format!("{p}.sides[{i}].track"), &x.track);
        if let Map::Area(m) = &s.map
            && !m.spaces.iter().any(|d| d.attributes.contains_key(&x.points))
        {
            ctx.err(format!("{p}.sides[{i}].points"), format!("no district has the attribute `{}`", x.points));
        }
    }
    if let Some(e) = &n.election {
        side_ref(ctx, k.r.sides, &format!("{p}.election.side"), &e.side);
        for (i, t) in e.turns.iter().enumerate().filter(|(_, t)| !s.turns.labels.contains(t)) {
            ctx.err(format!("{p}.election.turns[{i}]"), format!("`{t}` is not on the turn track"));
        }
    }
    for (i, t) in n.open_only_tables.iter().enumerate() {
        k.table(ctx, &format!("{p}.open_only_tables[{i}]"), t);
    }
    k.types(ctx, &format!("{p}.bases"), &n.bases);
    for (i, r) in n.mobilization.iter().enumerate() {
        side_ref(ctx, k.r.sides, &format!("{p}.mobilization[{i}].side"), &r.side);
        type_ref(ctx, k.r.types, &format!("{p}.mobilization[{i}].unit_type"), &r.unit_type);
        k.placements(ctx, &format!("{p}.mobilization[{i}].place"), &r.place);
        if let Some(o) = &r.option {
            k.option(ctx, &format!("{p}.mobilization[{i}].option"), o);
        }
    }
    for (i, c) in n.chit_costs.iter().enumerate() {
        side_ref(ctx, k.r.sides, &format!("{p}.chit_costs[{i}].side"), &c.side);
        if !k.r.pools.contains(c.pool.as_str()) {
            ctx.err(format!("{p}.chit_costs[{i}].pool"), format!("unknown pool `{}`", c.pool));
        }
    }
    for (i, (side, pool, count)) in n.initial_draws.iter().enumerate() {
        side_ref(ctx, k.r.sides, &format!("{p}.initial_draws[{i}]"), side);
        if !k.r.pools.contains(pool.as_str()) {
            ctx.err(format!("{p}.initial_draws[{i}]"), format!("unknown pool `{pool}`"));
        }
        if u64::from(*count) > crate::scenario::validate::MAX_CHITS {
            ctx.err(format!("{p}.initial_draws[{i}]"), format!("{count} chits drawn; the limit is {}", crate::scenario::validate::MAX_CHITS));
        }
    }
    for (i, (side, ty, spaces)) in n.leader_node_militia.iter().enumerate() {
        side_ref(ctx, k.r.sides, &format!("{p}.leader_node_militia[{i}]"), side);
        type_ref(ctx, k.r.types, &format!("{p}.leader_node_militia[{i}]"), ty);
        k.spaces(ctx, &format!("{p}.leader_node_militia[{i}]"), spaces);
    }
    for (i, x) in n.surges.iter().enumerate() {
        if !s.rules.declarations.iter().any(|d| d.id == x.declaration) {
            ctx.err(format!("{p}.surges[{i}].declaration"), format!("unknown declaration `{}`", x.declaration));
        }
        track_ref(ctx, k.r.tracks, &format!("{p}.surges[{i}].track"), &x.track);
    }
    if let Some(a) = &n.airstrikes {
        side_ref(ctx, k.r.sides, &format!("{p}.airstrikes.side"), &a.side);
        track_ref(ctx, k.r.tracks, &format!("{p}.airstrikes.track"), &a.track);
        for (i, t) in a.tables.iter().enumerate() {
            k.table(ctx, &format!("{p}.airstrikes.tables[{i}]"), t);
        }
        k.spaces(ctx, &format!("{p}.airstrikes.banned"), &a.banned);
        for (i, (o, sp)) in a.allowed_with.iter().enumerate() {
            k.option(ctx, &format!("{p}.airstrikes.allowed_with[{i}]"), o);
            k.spaces(ctx, &format!("{p}.airstrikes.allowed_with[{i}]"), sp);
        }
    }
    for (i, b) in n.recruit_bans.iter().enumerate() {
        k.option(ctx, &format!("{p}.recruit_bans[{i}].option"), &b.option);
        space_ref(ctx, k.board, &format!("{p}.recruit_bans[{i}].space"), &b.space);
        side_ref(ctx, k.r.sides, &format!("{p}.recruit_bans[{i}].controlled_by"), &b.controlled_by);
        if !k.contingents.contains(b.contingent.as_str()) {
            ctx.err(format!("{p}.recruit_bans[{i}].contingent"), format!("unknown contingent `{}`", b.contingent));
        }
    }
    let options: Vec<(&str, &str)> = [
        n.sect_bonus.as_ref().map(|x| ("sect_bonus", x.option.as_str())),
        n.extra_chaos.as_ref().map(|x| ("extra_chaos", x.option.as_str())),
        n.suicide.as_ref().map(|x| ("suicide", x.option.as_str())),
        n.sect_bound.as_ref().map(|x| ("sect_bound", x.option.as_str())),
        n.logistics.as_ref().map(|x| ("logistics", x.option.as_str())),
        n.pgm.as_ref().map(|x| ("pgm", x.option.as_str())),
        n.hyperwar.as_ref().map(|x| ("hyperwar", x.option.as_str())),
        n.setup_recruits.as_ref().map(|x| ("setup_recruits", x.option.as_str())),
        n.coordination.as_ref().map(|x| ("coordination", x.as_str())),
    ]
    .into_iter()
    .flatten()
    .collect();
    for (field, o) in options {
        k.option(ctx, &format!("{p}.{field}"), o);
    }
    if let Some(x) = &n.suicide {
        k.types(ctx, &format!("{p}.suicide.unit_types"), &x.unit_types);
        k.types(ctx, &format!("{p}.suicide.surge_types"), &x.surge_types);
    }
    if let Some(x) = &n.sect_bound {
        k.types(ctx, &format!("{p}.sect_bound.unit_types"), &x.unit_types);
    }
    if let Some(x) = &n.logistics {
        k.types(ctx, &format!("{p}.logistics.airmobile"), &x.airmobile);
        k.types(ctx, &format!("{p}.logistics.fob_types"), &x.fob_types);
        for (i, t) in x.tables.iter().enumerate() {
            k.table(ctx, &format!("{p}.logistics.tables[{i}]"), t);
        }
        side_ref(ctx, k.r.sides, &format!("{p}.logistics.air_side"), &x.air_side);
    }
    if let Some(x) = &n.pgm {
        k.table(ctx, &format!("{p}.pgm.table"), &x.table);
    }
    if let Some(x) = &n.hyperwar {
        k.types(ctx, &format!("{p}.hyperwar.militia"), &x.militia);
    }
    if let Some(x) = &n.setup_recruits {
        side_ref(ctx, k.r.sides, &format!("{p}.setup_recruits.side"), &x.side);
        k.types(ctx, &format!("{p}.setup_recruits.unit_types"), &x.unit_types);
        k.placements(ctx, &format!("{p}.setup_recruits.place"), &x.place);
    }
    for (i, t) in n.transports.iter().enumerate() {
        k.option(ctx, &format!("{p}.transports[{i}].option"), &t.option);
        k.types(ctx, &format!("{p}.transports[{i}].carriers"), &t.carriers);
        k.types(ctx, &format!("{p}.transports[{i}].passengers"), &t.passengers);
    }
}
