//! Validation of the rule parameters (`rules`) and of what the ruleset can play: every reference
//! in supply, interdiction, reserves, scores, timers, supports, declarations and events.

use std::collections::BTreeSet;

use super::schema::*;
use super::validate::{Ctx, Refs, effect_refs, expr_tracks, ids, level_ref, side_ref, space_ref, track_ref, type_ref};
use super::board::Board;

/// What the ruleset that plays a scenario adds to the generic rules, as far as the file format
/// goes (the games layer says it for each registered ruleset).
#[derive(Clone, Debug, Default)]
pub struct RulesetCaps {
    /// The ruleset's id, for messages.
    pub id: String,
    /// Kinds of phase its procedures play beyond the generic ones (Mobilization, Special).
    pub phases: Vec<PhaseKind>,
    /// It applies the `Level` and `Points` combat results.
    pub level_and_points: bool,
    /// It draws chits outside Event phases (bought chits).
    pub draws_chits: bool,
    /// The `Ruleset { handler }` procedures it implements.
    pub handlers: Vec<String>,
}

/// Checks every reference in `rules` and in the event tables and cups.
pub(super) fn rules_refs(ctx: &mut Ctx, s: &Scenario, board: Option<&Board>, r: &Refs, caps: &RulesetCaps) {
    ruleset_support(ctx, s, caps);
    // ToO 31.4: declared attacks.
    super::validate_declared::attack_declarations(ctx, s, r);
    let declaration_ids = ids(ctx, &s.rules.declarations, "rules.declarations", |x| &x.id);
    for (i, d) in s.rules.declarations.iter().enumerate() {
        side_ref(ctx, r.sides, &format!("rules.declarations[{i}].side"), &d.side);
        for (j, e) in d.effects.iter().enumerate() {
            effect_refs(ctx, r.tracks, r.pools, &format!("rules.declarations[{i}].effects[{j}]"), e);
        }
        if let Some(resp) = &d.response {
            side_ref(ctx, r.sides, &format!("rules.declarations[{i}].response.side"), &resp.side);
            for (j, e) in resp.effects.iter().enumerate() {
                effect_refs(ctx, r.tracks, r.pools, &format!("rules.declarations[{i}].response.effects[{j}]"), e);
            }
            if let Some(t) = &resp.table
                && !s.tables.events.iter().any(|x| &x.id == t)
            {
                ctx.err(format!("rules.declarations[{i}].response.table"), format!("unknown event table `{t}`"));
            }
        }
    }
    if let Some(ini) = &s.rules.initiative {
        side_ref(ctx, r.sides, "rules.initiative.tie", &ini.tie);
        for (i, (sd, t)) in ini.tracks.iter().enumerate() {
            side_ref(ctx, r.sides, &format!("rules.initiative.tracks[{i}].0"), sd);
            track_ref(ctx, r.tracks, &format!("rules.initiative.tracks[{i}].1"), t);
        }
    }
    if let Some(a) = &s.rules.attrition {
        for (i, t) in a.unit_types.iter().enumerate() {
            type_ref(ctx, r.types, &format!("rules.attrition.unit_types[{i}]"), t);
        }
    }
    for (i, ph) in s.turns.phases.iter().enumerate() {
        for (j, l) in ph.only_turns.iter().enumerate() {
            if !s.turns.labels.contains(l) {
                ctx.err(format!("turns.phases[{i}].only_turns[{j}]"), format!("unknown turn `{l}`"));
            }
        }
    }
    for (i, rb) in s.rules.region_bound.iter().enumerate() {
        if !s.contingents.iter().any(|c| c.id == rb.contingent) && !r.sides.contains(rb.contingent.as_str()) {
            ctx.err(format!("rules.region_bound[{i}].contingent"), format!("unknown contingent `{}`", rb.contingent));
        }
        for (j, region) in rb.regions.iter().enumerate() {
            if let Some(b) = board
                && !b.spaces.iter().any(|sp| sp.region.as_ref() == Some(region))
            {
                ctx.err(format!("rules.region_bound[{i}].regions[{j}]"), format!("no space is in the region `{region}`"));
            }
        }
        for (j, t) in rb.unit_types.iter().enumerate() {
            type_ref(ctx, r.types, &format!("rules.region_bound[{i}].unit_types[{j}]"), t);
        }
    }
    for (i, ban) in s.rules.entry_bans.iter().enumerate() {
        if !s.contingents.iter().any(|c| c.id == ban.contingent) && !r.sides.contains(ban.contingent.as_str()) {
            ctx.err(format!("rules.entry_bans[{i}].contingent"), format!("unknown contingent `{}`", ban.contingent));
        }
        for (j, k) in ban.spaces.iter().enumerate() {
            space_ref(ctx, board, &format!("rules.entry_bans[{i}].spaces[{j}]"), k);
        }
        if let Some((t, _)) = &ban.except {
            type_ref(ctx, r.types, &format!("rules.entry_bans[{i}].except"), t);
        }
    }
    for (i, inc) in s.rules.control_income.iter().enumerate() {
        side_ref(ctx, r.sides, &format!("rules.control_income[{i}].side"), &inc.side);
        track_ref(ctx, r.tracks, &format!("rules.control_income[{i}].track"), &inc.track);
        // A misspelt attribute would yield nothing, silently: it must be an integer somewhere.
        let known = match &s.map {
            Map::Area(m) => m.spaces.iter().any(|sp| matches!(sp.attributes.get(&inc.attribute), Some(AttrValue::Int(_)))),
            Map::Hex(_) => false,
        };
        if !known {
            ctx.err(format!("rules.control_income[{i}].attribute"), format!("no area space has an integer attribute `{}`", inc.attribute));
        }
    }
    if s.rules.combat_in_space && !matches!(s.map, Map::Area(_)) {
        ctx.err("rules.combat_in_space", "combat inside a space needs an area map");
    }
    if let Some(m) = &s.victory.margin {
        if m.tracks.len() != 2 {
            ctx.err("victory.margin.tracks", "a margin victory compares exactly two sides' tracks");
        }
        for (i, (sd, t)) in m.tracks.iter().enumerate() {
            side_ref(ctx, r.sides, &format!("victory.margin.tracks[{i}].0"), sd);
            track_ref(ctx, r.tracks, &format!("victory.margin.tracks[{i}].1"), t);
        }
        for (i, b) in m.bands.iter().enumerate() {
            for (j, (sd, l)) in b.levels.iter().enumerate() {
                side_ref(ctx, r.sides, &format!("victory.margin.bands[{i}].levels[{j}].0"), sd);
                level_ref(ctx, r.levels, &format!("victory.margin.bands[{i}].levels[{j}].1"), l);
            }
        }
    }
    // ToO 8: formations name unit types; a composite has one formation.
    for (i, f) in s.rules.reorganisation.iter().enumerate() {
        let path = format!("rules.reorganisation[{i}]");
        type_ref(ctx, r.types, &format!("{path}.unit_type"), &f.unit_type);
        if s.rules.reorganisation.iter().filter(|x| x.unit_type == f.unit_type).count() > 1 {
            ctx.err(format!("{path}.unit_type"), format!("`{}` has two formations", f.unit_type));
        }
        if f.components.is_empty() || f.components.iter().any(|(_, n)| *n == 0) {
            ctx.err(format!("{path}.components"), "needs at least one component, each at least once");
        }
        for (k, (t, _)) in f.components.iter().enumerate() {
            type_ref(ctx, r.types, &format!("{path}.components[{k}].0"), t);
            if *t == f.unit_type {
                ctx.err(format!("{path}.components[{k}].0"), "a unit cannot be its own component");
            }
        }
        if let Some(t) = &f.consumes {
            type_ref(ctx, r.types, &format!("{path}.consumes"), t);
        }
    }
    if !s.rules.reorganisation.is_empty() && !s.rules.counter_pool {
        ctx.err("rules.reorganisation", "breakdown and combination take counters from the pool: set `rules.counter_pool: true`");
    }
    // ToO 35.6, 36.6: a scripted phase names a turn and a phase of the scenario.
    for (i, sp) in s.rules.scripted.iter().enumerate() {
        if !s.turns.labels.contains(&sp.turn) {
            ctx.err(format!("rules.scripted[{i}].turn"), format!("unknown turn `{}`", sp.turn));
        }
        if !s.turns.phases.iter().any(|p| p.id == sp.phase) {
            ctx.err(format!("rules.scripted[{i}].phase"), format!("unknown phase `{}`", sp.phase));
        }
        for (k, e) in sp.effects.iter().enumerate() {
            effect_refs(ctx, r.tracks, r.pools, &format!("rules.scripted[{i}].effects[{k}]"), e);
        }
        if let Some(o) = &sp.option
            && !s.options.iter().any(|x| &x.id == o)
        {
            ctx.err(format!("rules.scripted[{i}].option"), format!("unknown option `{o}`"));
        }
    }
    if let Some(p) = &s.rules.purchases {
        purchase_refs(ctx, s, board, r, p);
    }
    // ToO 23.4, 28.4: units that come back after their elimination.
    for (i, t) in s.unit_types.iter().enumerate() {
        let Some(ret) = &t.returns else { continue };
        let path = format!("unit_types[{i}].returns");
        if ret.places.is_empty() {
            ctx.err(format!("{path}.places"), "names no place to come back to");
        }
        for (k, pl) in ret.places.iter().enumerate() {
            placement_refs(ctx, s, board, r, &format!("{path}.places[{k}]"), pl);
        }
        match (ret.dice, ret.gone) {
            (None, Some(_)) => ctx.err(format!("{path}.gone"), "a result that sends the unit away for good needs `dice`"),
            (Some(d), Some((lo, hi))) if lo > hi || !d.outcomes().contains(&lo) || !d.outcomes().contains(&hi) => {
                ctx.err(format!("{path}.gone"), format!("({lo}, {hi}) is not a range of results of {d:?}"));
            }
            _ => {}
        }
    }
    for (i, c) in s.rules.region_crossings.iter().enumerate() {
        crossing_refs(ctx, s, r, &format!("rules.region_crossings[{i}]"), c);
    }
    // ToO 28.4: a neutral side plays no phase and places no setup group.
    for (i, sd) in s.sides.iter().enumerate().filter(|(_, sd)| sd.neutral) {
        if s.turns.first_side == sd.id {
            ctx.err("turns.first_side", format!("`{}` is neutral and plays no turn", sd.id));
        }
        if let Some(k) = s.turns.phases.iter().position(|p| p.actor == PhaseActor::Side(sd.id.clone())) {
            ctx.err(format!("turns.phases[{k}].actor"), format!("`{}` is neutral and plays no phase", sd.id));
        }
        if let Some(k) = s.setup.groups.iter().position(|g| g.side == sd.id) {
            ctx.err(format!("setup.groups[{k}].side"), format!("`{}` is neutral and places no units (sides[{i}])", sd.id));
        }
    }
    if s.sides.iter().filter(|x| !x.neutral).count() < 2 {
        ctx.err("sides", "at least two sides must play (not neutral)");
    }
    // ToO 20: sea moves name transports, contingents, zones and hexes that exist.
    if let Some(sea) = &s.rules.sea_moves {
        super::validate_sea::sea_moves(ctx, s, board, r, sea);
    }
    // ToO 29: a construction names its side, the units it uses up and tags hexes carry.
    ids(ctx, &s.rules.constructions, "rules.constructions", |x| &x.id);
    for (i, c) in s.rules.constructions.iter().enumerate() {
        let path = format!("rules.constructions[{i}]");
        side_ref(ctx, r.sides, &format!("{path}.side"), &c.side);
        if !s.turns.phases.iter().any(|p| p.kind == c.phase) {
            ctx.err(format!("{path}.phase"), format!("the sequence of play has no {:?} phase", c.phase));
        }
        if c.spend.is_empty() {
            ctx.err(format!("{path}.spend"), "uses up no unit");
        }
        for (k, (t, _)) in c.spend.iter().enumerate() {
            type_ref(ctx, r.types, &format!("{path}.spend[{k}].0"), t);
        }
        if let Some(b) = board {
            for (k, t) in c.on_tags.iter().enumerate() {
                if !tag_known(s, b, t) {
                    ctx.err(format!("{path}.on_tags[{k}]"), format!("no hex is tagged `{t}`, and nothing builds it"));
                }
            }
        }
    }
    // ToO 26: a bought roll names its side, its track and event tables, at a cost.
    ids(ctx, &s.rules.bought_rolls, "rules.bought_rolls", |x| &x.id);
    for (i, b) in s.rules.bought_rolls.iter().enumerate() {
        side_ref(ctx, r.sides, &format!("rules.bought_rolls[{i}].side"), &b.side);
        track_ref(ctx, r.tracks, &format!("rules.bought_rolls[{i}].track"), &b.track);
        if b.cost < 0 {
            ctx.err(format!("rules.bought_rolls[{i}].cost"), format!("{} is below 0", b.cost));
        }
        if b.tables.is_empty() {
            ctx.err(format!("rules.bought_rolls[{i}].tables"), "names no table");
        }
        for (k, t) in b.tables.iter().enumerate() {
            if !s.tables.events.iter().any(|x| &x.id == t) {
                ctx.err(format!("rules.bought_rolls[{i}].tables[{k}]"), format!("unknown event table `{t}`"));
            }
        }
    }
    if let Some(ps) = &s.victory.per_side {
        // A neutral side (ToO 28.4) plays no turn and is judged on nothing.
        let playing = s.sides.iter().filter(|x| !x.neutral).count();
        if ps.sides.len() != playing {
            ctx.err("victory.per_side.sides", format!("names {} sides; the scenario has {playing} that play", ps.sides.len()));
        }
        for (i, sb) in ps.sides.iter().enumerate() {
            if s.sides.iter().any(|x| x.neutral && x.id == sb.side) {
                ctx.err(format!("victory.per_side.sides[{i}].side"), format!("`{}` is neutral: it plays no turn", sb.side));
            }
        }
        for (i, sb) in ps.sides.iter().enumerate() {
            let path = format!("victory.per_side.sides[{i}]");
            side_ref(ctx, r.sides, &format!("{path}.side"), &sb.side);
            if ps.sides.iter().filter(|x| x.side == sb.side).count() > 1 {
                ctx.err(format!("{path}.side"), format!("`{}` is named twice", sb.side));
            }
            track_ref(ctx, r.tracks, &format!("{path}.track"), &sb.track);
            if sb.bands.is_empty() {
                ctx.err(format!("{path}.bands"), "needs at least one band");
            }
            for (j, (_, l)) in sb.bands.iter().enumerate() {
                level_ref(ctx, r.levels, &format!("{path}.bands[{j}].1"), l);
            }
            if sb.bands.windows(2).any(|w| w[0].0 <= w[1].0) {
                ctx.err(format!("{path}.bands"), "bands go from the highest `at_least` down");
            }
            if let Some(l) = &sb.sudden_level {
                level_ref(ctx, r.levels, &format!("{path}.sudden_level"), l);
            } else if ps.occupy_all.is_some() {
                ctx.err(format!("{path}.sudden_level"), "an automatic victory by occupation needs each side's `sudden_level`");
            }
        }
        if let Some(o) = &ps.occupy_all {
            for (j, k) in o.spaces.iter().enumerate() {
                space_ref(ctx, board, &format!("victory.per_side.occupy_all.spaces[{j}]"), k);
            }
            if o.spaces.is_empty() {
                ctx.err("victory.per_side.occupy_all.spaces", "names no space");
            }
            for (j, t) in o.not_counting.iter().enumerate() {
                type_ref(ctx, r.types, &format!("victory.per_side.occupy_all.not_counting[{j}]"), t);
            }
        }
    }
    for (j, e) in s.victory.before_final.iter().enumerate() {
        effect_refs(ctx, r.tracks, r.pools, &format!("victory.before_final[{j}]"), e);
    }
    for (i, ph) in s.turns.phases.iter().enumerate() {
        if let Some(d) = &ph.declaration
            && !declaration_ids.contains(d.as_str())
        {
            ctx.err(format!("turns.phases[{i}].declaration"), format!("unknown declaration `{d}`"));
        }
    }
    for (i, b) in s.rules.attack_bans.iter().enumerate() {
        type_ref(ctx, r.types, &format!("rules.attack_bans[{i}].unit_type"), &b.unit_type);
        track_ref(ctx, r.tracks, &format!("rules.attack_bans[{i}].when"), &b.when.0);
    }
    for (i, d) in s.rules.supports.iter().enumerate() {
        side_ref(ctx, r.sides, &format!("rules.supports[{i}].side"), &d.side);
        if let Some((t, _)) = &d.needs_unit {
            type_ref(ctx, r.types, &format!("rules.supports[{i}].needs_unit"), t);
        }
        for (j, k) in d.targets.iter().enumerate() {
            space_ref(ctx, board, &format!("rules.supports[{i}].targets[{j}]"), k);
        }
    }
    ids(ctx, &s.rules.supports, "rules.supports", |x| &x.id);
    let scoring_phase = s.turns.phases.iter().any(|ph| ph.kind == PhaseKind::Scoring);
    for (i, l) in s.rules.lines.iter().enumerate() {
        let p = format!("rules.lines[{i}]");
        side_ref(ctx, r.sides, &format!("{p}.side"), &l.side);
        track_ref(ctx, r.tracks, &format!("{p}.track"), &l.track);
        if let Some(t) = &l.reverse_track {
            track_ref(ctx, r.tracks, &format!("{p}.reverse_track"), t);
        }
        if !scoring_phase {
            ctx.err(p, "lines are scored in Scoring phases, and the sequence has none");
        }
    }
    for (i, e) in s.rules.elimination_scores.iter().enumerate() {
        side_ref(ctx, r.sides, &format!("rules.elimination_scores[{i}].side"), &e.side);
        track_ref(ctx, r.tracks, &format!("rules.elimination_scores[{i}].track"), &e.track);
        for (j, t) in e.unit_types.iter().enumerate() {
            type_ref(ctx, r.types, &format!("rules.elimination_scores[{i}].unit_types[{j}]"), t);
        }
        for (j, size) in e.sizes.iter().enumerate() {
            if !s.unit_types.iter().any(|t| &t.size == size) {
                ctx.err(format!("rules.elimination_scores[{i}].sizes[{j}]"), format!("no unit type has the size `{size}`"));
            }
        }
    }
    for (i, t) in s.rules.timers.iter().enumerate() {
        let p = format!("rules.timers[{i}]");
        side_ref(ctx, r.sides, &format!("{p}.roller"), &t.roller);
        side_ref(ctx, r.sides, &format!("{p}.relief_side"), &t.relief_side);
        space_ref(ctx, board, &format!("{p}.space"), &t.space);
        if t.falls_on_or_below.len() != s.turns.labels.len() {
            ctx.err(format!("{p}.falls_on_or_below"), format!("{} entries for {} turns", t.falls_on_or_below.len(), s.turns.labels.len()));
        }
        if !s.turns.phases.iter().any(|ph| ph.kind == PhaseKind::EndOfTurn) {
            ctx.err(p.clone(), "timed objectives are rolled in an EndOfTurn phase, and the sequence has none");
        }
        for (j, e) in t.on_fall.iter().chain(&t.on_relief).enumerate() {
            effect_refs(ctx, r.tracks, r.pools, &format!("{p}.effects[{j}]"), e);
        }
    }
    for (i, inc) in s.rules.occupation_income.iter().enumerate() {
        side_ref(ctx, r.sides, &format!("rules.occupation_income[{i}].side"), &inc.side);
        track_ref(ctx, r.tracks, &format!("rules.occupation_income[{i}].track"), &inc.track);
        for (j, t) in inc.not_alone.iter().enumerate() {
            type_ref(ctx, r.types, &format!("rules.occupation_income[{i}].not_alone[{j}]"), t);
        }
    }
    for (i, cs) in s.rules.control_scores.iter().enumerate() {
        side_ref(ctx, r.sides, &format!("rules.control_scores[{i}].side"), &cs.side);
        track_ref(ctx, r.tracks, &format!("rules.control_scores[{i}].track"), &cs.track);
        space_ref(ctx, board, &format!("rules.control_scores[{i}].space"), &cs.space);
    }
    for (i, t) in s.tables.crts.iter().enumerate() {
        for (j, key) in t.banned_targets.iter().enumerate() {
            space_ref(ctx, board, &format!("tables.crts[{i}].banned_targets[{j}]"), key);
        }
    }
    if let Some(ev) = &s.rules.events {
        let tables: BTreeSet<&str> = s.tables.events.iter().map(|t| t.id.as_str()).collect();
        for (i, (sd, t)) in ev.tables.iter().enumerate() {
            side_ref(ctx, r.sides, &format!("rules.events.tables[{i}].0"), sd);
            if !tables.contains(t.as_str()) {
                ctx.err(format!("rules.events.tables[{i}].1"), format!("unknown event table `{t}`"));
            }
        }
    }
    let phase_ids: BTreeSet<&str> = s.turns.phases.iter().map(|p| p.id.as_str()).collect();
    for (i, p) in s.pools.iter().enumerate() {
        for (j, c) in p.chits.iter().enumerate() {
            for (k, ph) in c.play_in.iter().enumerate() {
                if !phase_ids.contains(ph.as_str()) {
                    ctx.err(format!("pools[{i}].chits[{j}].play_in[{k}]"), format!("unknown phase `{ph}`"));
                }
            }
        }
    }
    effects_and_conditions(ctx, s, board, r, &declaration_ids);
    for (i, rf) in s.reinforcements.iter().enumerate() {
        if let Some(d) = &rf.declaration
            && !declaration_ids.contains(d.as_str())
        {
            ctx.err(format!("reinforcements[{i}].declaration"), format!("unknown declaration `{d}`"));
        }
        if let Some(ph) = &rf.phase
            && !phase_ids.contains(ph.as_str())
        {
            ctx.err(format!("reinforcements[{i}].phase"), format!("unknown phase `{ph}`"));
        }
    }
    // ToO 9.7: a fraction of a movement point, counted in at most twelfths.
    if let Some((n, d)) = s.rules.road_mp
        && (n == 0 || d == 0 || d > 12 || n > 12)
    {
        ctx.err("rules.road_mp".to_string(), format!("({n}, {d}) is not a fraction of whole numbers from 1 to 12"));
    }
    if let Some(fm) = &s.rules.forced_march {
        for (i, t) in fm.unit_types.iter().enumerate() {
            type_ref(ctx, r.types, &format!("rules.forced_march.unit_types[{i}]"), t);
        }
        if !(1..=10).contains(&fm.multiplier) {
            ctx.err("rules.forced_march.multiplier".to_string(), format!("{} is not between 1 and 10", fm.multiplier));
        }
    }
    if let Some(a) = &s.rules.attack_supply {
        for (i, t) in a.unit_types.iter().enumerate() {
            type_ref(ctx, r.types, &format!("rules.attack_supply.unit_types[{i}]"), t);
        }
        if !(1..=10).contains(&a.multiplier) {
            ctx.err("rules.attack_supply.multiplier".to_string(), format!("{} is not between 1 and 10", a.multiplier));
        }
    }
    if let Some(m) = s.rules.fortress_multiplier
        && !(1..=10).contains(&m)
    {
        ctx.err("rules.fortress_multiplier".to_string(), format!("{m} is not between 1 and 10"));
    }
    if let super::schema::RetreatZoc::Costs(n) = s.rules.retreat.enemy_zoc
        && !(1..=20).contains(&n)
    {
        ctx.err("rules.retreat.enemy_zoc".to_string(), format!("Costs({n}): a cost is between 1 and 20 stacking points (`Barred` closes the zones)"));
    }
    if s.rules.retreat.over_limit_add_no_defence && s.rules.stacking_checked_at_end_of.is_empty() {
        ctx.err("rules.retreat.over_limit_add_no_defence".to_string(), "retreats never end over the limit where limits hold on entry: the rule needs `stacking_checked_at_end_of`".to_string());
    }
    for (i, t) in s.rules.no_terrain_defence.iter().enumerate() {
        if board.is_some_and(|b| !b.spaces.iter().any(|sp| sp.tags.contains(t))) {
            ctx.err(format!("rules.no_terrain_defence[{i}]"), format!("no hex of the map has the tag `{t}`"));
        }
    }
    if let Some(rm) = &s.rules.rail_movement {
        for (i, t) in rm.engineers.iter().enumerate() {
            type_ref(ctx, r.types, &format!("rules.rail_movement.engineers[{i}]"), t);
        }
    }
    if let Some(f) = &s.rules.stack_fog {
        for (i, (t, range)) in f.look_from.iter().enumerate() {
            type_ref(ctx, r.types, &format!("rules.stack_fog.look_from[{i}]"), t);
            if *range > 50 {
                ctx.err(format!("rules.stack_fog.look_from[{i}]"), format!("{range} is more than 50 hexes"));
            }
        }
    }
    if let Some(p) = &s.rules.pursuit {
        if p.hexes > 10 {
            ctx.err("rules.pursuit.hexes".to_string(), format!("{} is more than 10 hexes", p.hexes));
        }
        for (i, (t, n)) in p.by_type.iter().enumerate() {
            type_ref(ctx, r.types, &format!("rules.pursuit.by_type[{i}]"), t);
            if *n > 10 {
                ctx.err(format!("rules.pursuit.by_type[{i}]"), format!("{n} is more than 10 hexes"));
            }
        }
    }
    if let Some(cap) = s.rules.attack_multiplier_cap
        && !(1..=100).contains(&cap)
    {
        ctx.err("rules.attack_multiplier_cap".to_string(), format!("{cap} is not between 1 and 100"));
    }
    if let Some(int) = &s.rules.interdiction {
        side_ref(ctx, r.sides, "rules.interdiction.side", &int.side);
        side_ref(ctx, r.sides, "rules.interdiction.against", &int.against);
        for (i, c) in int.counts.iter().enumerate() {
            if let Some((t, _)) = &c.when {
                track_ref(ctx, r.tracks, &format!("rules.interdiction.counts[{i}].when"), t);
            }
        }
    }
    if let Some(res) = &s.rules.reserve {
        for (i, c) in res.caps.iter().enumerate() {
            side_ref(ctx, r.sides, &format!("rules.reserve.caps[{i}].side"), &c.side);
            if let Some((t, _)) = &c.when {
                track_ref(ctx, r.tracks, &format!("rules.reserve.caps[{i}].when"), t);
            }
        }
    }
    if let Some(sup) = &s.rules.supply {
        for (i, src) in sup.sources.iter().enumerate() {
            side_ref(ctx, r.sides, &format!("rules.supply.sources[{i}].side"), &src.side);
            for (j, u) in src.marker_with.iter().enumerate() {
                if !unit_ids(s).contains(u.as_str()) {
                    ctx.err(format!("rules.supply.sources[{i}].marker_with[{j}]"), format!("unknown unit `{u}`"));
                }
            }
            for (j, sp) in src.spaces.iter().enumerate() {
                space_ref(ctx, board, &format!("rules.supply.sources[{i}].spaces[{j}]"), sp);
            }
        }
        for (i, src) in sup.unit_sources.iter().enumerate() {
            for (j, t) in src.unit_types.iter().enumerate() {
                type_ref(ctx, r.types, &format!("rules.supply.unit_sources[{i}].unit_types[{j}]"), t);
            }
            if src.range > 50 {
                ctx.err(format!("rules.supply.unit_sources[{i}].range"), format!("{} is more than 50 hexes", src.range));
            }
        }
        for (field, list) in [("always", &sup.always), ("not_blocking", &sup.not_blocking)] {
            for (j, t) in list.iter().enumerate() {
                type_ref(ctx, r.types, &format!("rules.supply.{field}[{j}]"), t);
            }
        }
        if let Some(c) = &sup.line_class
            && !s.unit_types.iter().any(|t| &t.movement_class == c)
            && board.is_some_and(|b| !b.names_class(c))
        {
            ctx.err("rules.supply.line_class".to_string(), format!("unknown movement class `{c}`"));
        }
        for (i, e) in sup.effects.iter().enumerate() {
            if let SupplyEffect::MayNotEndMoveUnsupplied { sides: list } = e {
                for (j, sd) in list.iter().enumerate() {
                    side_ref(ctx, r.sides, &format!("rules.supply.effects[{i}].sides[{j}]"), sd);
                }
            }
            if let SupplyEffect::DiceAttrition { die, eliminated_at_most, checks } = e {
                dice_attrition(ctx, s, r, (i, *die, *eliminated_at_most), checks);
            }
        }
    }
    for (i, h) in s.victory.held.iter().enumerate() {
        side_ref(ctx, r.sides, &format!("victory.held[{i}].side"), &h.side);
        level_ref(ctx, r.levels, &format!("victory.held[{i}].level"), &h.level);
        for (j, k) in h.spaces.iter().enumerate() {
            space_ref(ctx, board, &format!("victory.held[{i}].spaces[{j}]"), k);
        }
    }
    for (i, c) in s.victory.end_of_turn.iter().enumerate() {
        level_ref(ctx, r.levels, &format!("victory.end_of_turn[{i}].level"), &c.level);
        for t in expr_tracks(&c.left).into_iter().chain(expr_tracks(&c.right)) {
            track_ref(ctx, r.tracks, &format!("victory.end_of_turn[{i}]"), t);
        }
    }
}

/// ToO 15.6: the die, the eliminating rolls, and the terrain, seasons and unit types the checks
/// name.
fn dice_attrition(ctx: &mut Ctx, s: &Scenario, r: &Refs, (i, die, worst): (usize, u32, u32), checks: &[crate::scenario::schema::AttritionChecks]) {
    let p = format!("rules.supply.effects[{i}]");
    if !(2..=100).contains(&die) || worst == 0 || worst >= die {
        ctx.err(p.clone(), format!("a d{die} eliminating on 1-{worst}: the die needs 2 to 100 sides, and some rolls must eliminate and some not"));
    }
    let terrain: Vec<&str> = match &s.map {
        crate::scenario::schema::Map::Hex(m) => m.terrain.iter().map(|t| t.id.as_str()).collect(),
        crate::scenario::schema::Map::Area(_) => Vec::new(),
    };
    for (j, c) in checks.iter().enumerate() {
        if !terrain.contains(&c.terrain.as_str()) {
            ctx.err(format!("{p}.checks[{j}].terrain"), format!("unknown terrain `{}`", c.terrain));
        }
        for (k, season) in c.seasons.iter().enumerate() {
            if !s.turns.seasons.iter().any(|x| &x.id == season) {
                ctx.err(format!("{p}.checks[{j}].seasons[{k}]"), format!("unknown season `{season}`"));
            }
        }
        for (k, t) in c.unit_types.iter().enumerate() {
            type_ref(ctx, r.types, &format!("{p}.checks[{j}].unit_types[{k}]"), t);
        }
        if c.checks > 10 {
            ctx.err(format!("{p}.checks[{j}].checks"), format!("{} rolls; at most 10", c.checks));
        }
    }
}

/// Rulesets this build knows. Each declares what it implements, so a scenario never uses a
/// mechanism that would silently do nothing.
/// What the generic rules and the ruleset can play: every phase kind, combat result and named
/// procedure the scenario uses must have a rule that applies it.
fn ruleset_support(ctx: &mut Ctx, s: &Scenario, caps: &RulesetCaps) {
    let rs = &caps.id;
    // The generic rules: movement, combat with step losses, reinforcements, end of turn.
    let by_supply = |e: &SupplyEffect| matches!(e, SupplyEffect::LoseStep | SupplyEffect::DiceAttrition { .. });
    let attrition = s.rules.supply.as_ref().is_some_and(|r| r.effects.iter().any(by_supply)) || s.rules.attrition.is_some();
    // What the generic rules do in a Mobilization phase: buy units, bring units back, place
    // units received for it.
    let waits = |e: &EventEffect| matches!(e, EventEffect::Receive(d) if d.in_phase == Some(PhaseKind::Mobilization));
    let mobilizes = s.rules.purchases.is_some() || s.unit_types.iter().any(|t| t.returns.is_some()) || super::effects::any_effect(s, &waits);
    for (i, ph) in s.turns.phases.iter().enumerate() {
        if ph.kind == PhaseKind::Supply && !attrition {
            ctx.err(format!("turns.phases[{i}].kind"), "a Supply phase needs `rules.supply` with the `LoseStep` or `DiceAttrition` effect, or `rules.attrition`");
        } else if ph.kind == PhaseKind::Mobilization && !mobilizes && !caps.phases.contains(&ph.kind) {
            ctx.err(format!("turns.phases[{i}].kind"), format!("the `{rs}` ruleset has no procedure for Mobilization phases (the generic rules play them with `rules.purchases`, units' `returns` or units received in them)"));
        } else if ph.kind == PhaseKind::Special && !caps.phases.contains(&ph.kind) {
            ctx.err(format!("turns.phases[{i}].kind"), format!("the `{rs}` ruleset has no procedure for {:?} phases", ph.kind));
        } else if ph.kind == PhaseKind::Reorganisation && s.rules.reorganisation.is_empty() {
            ctx.err(format!("turns.phases[{i}].kind"), "a Reorganisation phase needs `rules.reorganisation`");
        } else if ph.kind == PhaseKind::Event && s.rules.events.is_none() {
            ctx.err(format!("turns.phases[{i}].kind"), "an Event phase needs `rules.events`");
        } else if !matches!(
            ph.kind,
            PhaseKind::Movement
                | PhaseKind::Combat
                | PhaseKind::Reinforcement
                | PhaseKind::EndOfTurn
                | PhaseKind::Supply
                | PhaseKind::Event
                | PhaseKind::Scoring
                | PhaseKind::Mobilization
                | PhaseKind::Special
                | PhaseKind::Reorganisation
        ) {
            ctx.err(format!("turns.phases[{i}].kind"), format!("the `{rs}` ruleset has no procedure for {:?} phases", ph.kind));
        }
    }
    for (i, t) in s.tables.crts.iter().enumerate() {
        for (j, r) in t.results.iter().enumerate() {
            for (k, e) in r.effects.iter().enumerate() {
                if matches!(e, CombatEffect::Level { .. } | CombatEffect::Points { .. }) && !caps.level_and_points {
                    ctx.err(
                        format!("tables.crts[{i}].results[{j}].effects[{k}]"),
                        format!(
                            "the `{rs}` ruleset cannot apply {e:?} (the generic rules apply LossPoints, Steps, Retreat, Exchange, EliminatePercent, EliminateUnits, HalfStrength, Rout, Pursuit, SpeedTest, NoEffect)"
                        ),
                    );
                }
                if matches!(e, CombatEffect::Pursuit { .. }) && s.rules.pursuit.is_none() {
                    ctx.err(format!("tables.crts[{i}].results[{j}].effects[{k}]"), "a pursuit needs `rules.pursuit` (the units' pursuit distances)".to_string());
                }
                // ToO 12 (MD): a speed test names two other results of its table, neither a
                // speed test itself.
                if let CombatEffect::SpeedTest { faster, otherwise } = e {
                    for (field, code) in [("faster", faster), ("otherwise", otherwise)] {
                        let target = t.results.iter().find(|x| &x.code == code);
                        let why = match target {
                            None => Some(format!("unknown result `{code}` of table `{}`", t.id)),
                            Some(x) if x.effects.iter().any(|f| matches!(f, CombatEffect::SpeedTest { .. })) => Some(format!("`{code}` is itself a speed test")),
                            Some(_) => None,
                        };
                        if let Some(why) = why {
                            ctx.err(format!("tables.crts[{i}].results[{j}].effects[{k}].{field}"), why);
                        }
                    }
                }
            }
        }
    }
    let has_event_phase = s.turns.phases.iter().any(|p| p.kind == PhaseKind::Event);
    // A ruleset may draw chits outside Event phases (DI 12.10: bought chits).
    if !s.pools.is_empty() && !has_event_phase && !caps.draws_chits {
        ctx.err("pools", "chits are drawn in Event phases, and the sequence of play has none");
    }
    for (i, t) in s.tables.events.iter().enumerate() {
        let rolled = s.rules.events.as_ref().is_some_and(|e| e.tables.iter().any(|(_, id)| *id == t.id))
            || s.rules.declarations.iter().any(|d| d.response.as_ref().is_some_and(|x| x.table.as_deref() == Some(t.id.as_str())))
            || s.rules.bought_rolls.iter().any(|b| b.tables.contains(&t.id));
        if !rolled {
            ctx.err(format!("tables.events[{i}]"), format!("event table `{}` is never rolled (list it in rules.events.tables or rules.bought_rolls)", t.id));
        }
    }
    // Named procedures must be the ruleset's.
    let handlers = s
        .tables
        .events
        .iter()
        .enumerate()
        .flat_map(|(i, t)| t.entries.iter().enumerate().flat_map(move |(j, e)| e.effects.iter().enumerate().map(move |(k, x)| (format!("tables.events[{i}].entries[{j}].effects[{k}]"), x))))
        .chain(s.pools.iter().enumerate().flat_map(|(i, p)| {
            p.chits.iter().enumerate().flat_map(move |(j, c)| c.effects.iter().enumerate().map(move |(k, x)| (format!("pools[{i}].chits[{j}].effects[{k}]"), x)))
        }));
    for (path, e) in handlers {
        if let EventEffect::Ruleset { handler } = e
            && !caps.handlers.contains(handler)
        {
            ctx.err(path.clone(), format!("the `{rs}` ruleset has no procedure `{handler}`"));
        }
        if let EventEffect::RulesetEffect(raw) = e
            && caps.id == "generic"
        {
            ctx.err(path, format!("the generic ruleset reads no effects of its own: `{}`", super::files::quote(raw.get_ron())));
        }
    }
}

/// Every effect of the scenario with its field path (chits, event tables, declarations and their
/// responses, timers, the final effects), the `then` of nested `If`s included: rulesets read
/// their own effects from this list.
#[must_use]
pub fn scenario_effects(s: &Scenario) -> Vec<(String, &EventEffect)> {
    let mut top: Vec<(String, &EventEffect)> = Vec::new();
    for (i, p) in s.pools.iter().enumerate() {
        for (j, c) in p.chits.iter().enumerate() {
            top.extend(c.effects.iter().enumerate().map(|(k, e)| (format!("pools[{i}].chits[{j}].effects[{k}]"), e)));
        }
    }
    for (i, t) in s.tables.events.iter().enumerate() {
        for (j, e) in t.entries.iter().enumerate() {
            top.extend(e.effects.iter().enumerate().map(|(k, x)| (format!("tables.events[{i}].entries[{j}].effects[{k}]"), x)));
        }
    }
    for (i, d) in s.rules.declarations.iter().enumerate() {
        top.extend(d.effects.iter().enumerate().map(|(k, e)| (format!("rules.declarations[{i}].effects[{k}]"), e)));
        if let Some(resp) = &d.response {
            top.extend(resp.effects.iter().enumerate().map(|(k, e)| (format!("rules.declarations[{i}].response.effects[{k}]"), e)));
        }
    }
    for (i, t) in s.rules.timers.iter().enumerate() {
        top.extend(t.on_fall.iter().enumerate().map(|(k, e)| (format!("rules.timers[{i}].on_fall[{k}]"), e)));
        top.extend(t.on_relief.iter().enumerate().map(|(k, e)| (format!("rules.timers[{i}].on_relief[{k}]"), e)));
    }
    top.extend(s.victory.before_final.iter().enumerate().map(|(k, e)| (format!("victory.before_final[{k}]"), e)));
    let mut out = Vec::new();
    while let Some((path, e)) = top.pop() {
        if let EventEffect::If { then, .. } = e {
            top.extend(then.iter().enumerate().map(|(k, x)| (format!("{path}.then[{k}]"), x)));
        }
        out.push((path, e));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Ids of every unit in the scenario (set-up and reinforcements).
fn unit_ids(s: &Scenario) -> BTreeSet<&str> {
    s.setup.units.iter().map(|u| u.id.as_str()).chain(s.reinforcements.iter().flat_map(|r| r.units.iter().map(|u| u.id.as_str()))).collect()
}

/// Every effect and condition of the scenario, with its field path: chits, event tables,
/// declarations and their responses, timers and the final effects (nested `If`s included).
fn effects_and_conditions(ctx: &mut Ctx, s: &Scenario, board: Option<&Board>, r: &Refs, declarations: &BTreeSet<&str>) {
    let mut effects: Vec<(String, &EventEffect)> = Vec::new();
    let mut conditions: Vec<(String, &Condition)> = Vec::new();
    for (i, p) in s.pools.iter().enumerate() {
        for (j, c) in p.chits.iter().enumerate() {
            let path = format!("pools[{i}].chits[{j}]");
            reaction_refs(ctx, s, board, &path, c);
            effects.extend(c.effects.iter().enumerate().map(|(k, e)| (format!("{path}.effects[{k}]"), e)));
            conditions.extend(c.no_event.iter().enumerate().map(|(k, x)| (format!("{path}.no_event[{k}]"), x)));
            conditions.extend(c.playable_if.iter().enumerate().map(|(k, x)| (format!("{path}.playable_if[{k}]"), x)));
        }
    }
    for (i, t) in s.tables.events.iter().enumerate() {
        for (j, e) in t.entries.iter().enumerate() {
            effects.extend(e.effects.iter().enumerate().map(|(k, x)| (format!("tables.events[{i}].entries[{j}].effects[{k}]"), x)));
            conditions.extend(e.when.iter().enumerate().map(|(k, x)| (format!("tables.events[{i}].entries[{j}].when[{k}]"), x)));
        }
    }
    if let Some(ev) = &s.rules.events {
        for (i, (table, entry)) in ev.happened.iter().enumerate() {
            entry_ref(ctx, s, &format!("rules.events.happened[{i}]"), table, entry);
        }
    }
    for (i, d) in s.rules.declarations.iter().enumerate() {
        let path = format!("rules.declarations[{i}]");
        effects.extend(d.effects.iter().enumerate().map(|(k, e)| (format!("{path}.effects[{k}]"), e)));
        conditions.extend(d.forbidden_if.iter().enumerate().map(|(k, x)| (format!("{path}.forbidden_if[{k}]"), x)));
        if let Some(resp) = &d.response {
            effects.extend(resp.effects.iter().enumerate().map(|(k, e)| (format!("{path}.response.effects[{k}]"), e)));
        }
    }
    for (i, d) in s.rules.attack_declarations.iter().enumerate() {
        conditions.extend(d.when.iter().enumerate().map(|(k, x)| (format!("rules.attack_declarations[{i}].when[{k}]"), x)));
    }
    if let Some(sea) = &s.rules.sea_moves {
        for (i, a) in sea.zones.iter().enumerate() {
            conditions.extend(a.when.iter().enumerate().map(|(k, x)| (format!("rules.sea_moves.zones[{i}].when[{k}]"), x)));
        }
        for (i, h) in sea.hazards.iter().enumerate() {
            conditions.extend(h.unless.iter().enumerate().map(|(k, x)| (format!("rules.sea_moves.hazards[{i}].unless[{k}]"), x)));
        }
    }
    if let Some(fm) = &s.rules.forced_march {
        conditions.extend(fm.forbidden_if.iter().enumerate().map(|(k, x)| (format!("rules.forced_march.forbidden_if[{k}]"), x)));
    }
    if let Some(a) = &s.rules.attack_supply {
        conditions.extend(a.forbidden_if.iter().enumerate().map(|(k, x)| (format!("rules.attack_supply.forbidden_if[{k}]"), x)));
    }
    for (i, t) in s.rules.timers.iter().enumerate() {
        effects.extend(t.on_fall.iter().enumerate().map(|(k, e)| (format!("rules.timers[{i}].on_fall[{k}]"), e)));
        effects.extend(t.on_relief.iter().enumerate().map(|(k, e)| (format!("rules.timers[{i}].on_relief[{k}]"), e)));
    }
    effects.extend(s.victory.before_final.iter().enumerate().map(|(k, e)| (format!("victory.before_final[{k}]"), e)));
    for (i, sp) in s.rules.scripted.iter().enumerate() {
        effects.extend(sp.effects.iter().enumerate().map(|(k, e)| (format!("rules.scripted[{i}].effects[{k}]"), e)));
    }
    let units = unit_ids(s);
    while let Some((path, e)) = effects.pop() {
        match e {
            EventEffect::If { when, then, .. } => {
                conditions.extend(when.iter().enumerate().map(|(k, x)| (format!("{path}.when[{k}]"), x)));
                effects.extend(then.iter().enumerate().map(|(k, x)| (format!("{path}.then[{k}]"), x)));
            }
            EventEffect::Roll { entries, .. } => {
                for (j, x) in entries.iter().enumerate() {
                    effects.extend(x.effects.iter().enumerate().map(|(k, e)| (format!("{path}.entries[{j}].effects[{k}]"), e)));
                }
            }
            // ToO 28.2: the units that leave exist; a roll's range is on its dice.
            EventEffect::UnitsLeave { units, roll, .. } => {
                for (k, t) in units.unit_types.iter().enumerate() {
                    type_ref(ctx, r.types, &format!("{path}.units.unit_types[{k}]"), t);
                }
                for (k, c) in units.contingents.iter().enumerate() {
                    contingent_ref(ctx, s, format!("{path}.units.contingents[{k}]"), c);
                }
                if let Some((dice, (lo, hi))) = roll {
                    let top = dice.outcomes().last().copied().unwrap_or(0);
                    if lo > hi || *hi > top {
                        ctx.err(format!("{path}.roll"), format!("{lo}-{hi} is not a range of {dice:?} (at most {top})"));
                    }
                }
            }
            // The options' conditions and effects are checked like any others.
            EventEffect::ChooseOne { options } => {
                if options.is_empty() {
                    ctx.err(format!("{path}.options"), "offers no option");
                }
                for (i, o) in options.iter().enumerate() {
                    conditions.extend(o.when.iter().enumerate().map(|(k, x)| (format!("{path}.options[{i}].when[{k}]"), x)));
                    effects.extend(o.effects.iter().enumerate().map(|(k, e)| (format!("{path}.options[{i}].effects[{k}]"), e)));
                }
            }
            // ToO 6.3 Bolshevik Alliance: the units that change sides exist.
            EventEffect::ChangeSides { unit_types, .. } => {
                for (k, t) in unit_types.iter().enumerate() {
                    type_ref(ctx, r.types, &format!("{path}.unit_types[{k}]"), t);
                }
            }
            // ToO 6.3-6.4: a restriction names contingents, unit types and tags that exist.
            EventEffect::Restrict(x) | EventEffect::RestrictForGood(x) => {
                let contingent = |ctx: &mut Ctx, p: String, c: &String| {
                    contingent_ref(ctx, s, p, c);
                };
                match x {
                    Restriction::AttackApart { groups, exempt } => {
                        for (g, list) in groups.iter().enumerate() {
                            for (k, c) in list.iter().enumerate() {
                                contingent(ctx, format!("{path}.groups[{g}][{k}]"), c);
                            }
                        }
                        for (k, t) in exempt.iter().enumerate() {
                            type_ref(ctx, r.types, &format!("{path}.exempt[{k}]"), t);
                        }
                    }
                    Restriction::NoPurchase { contingents } => {
                        for (k, c) in contingents.iter().enumerate() {
                            contingent(ctx, format!("{path}.contingents[{k}]"), c);
                        }
                    }
                    Restriction::Crossing(c) => crossing_refs(ctx, s, r, &path, c),
                    Restriction::SeaBan { zones, .. } => {
                        for (k, z) in zones.iter().enumerate() {
                            super::validate_sea::zone_ref(ctx, s, &format!("{path}.zones[{k}]"), z);
                        }
                    }
                    Restriction::NoAttack { unit_types } => {
                        for (k, t) in unit_types.iter().enumerate() {
                            type_ref(ctx, r.types, &format!("{path}.unit_types[{k}]"), t);
                        }
                    }
                    Restriction::NoPlacement { tags } => {
                        for (k, t) in tags.iter().enumerate() {
                            if board.is_some_and(|b| !tag_known(s, b, t)) {
                                ctx.err(format!("{path}.tags[{k}]"), format!("no hex is tagged `{t}`, and nothing builds it"));
                            }
                        }
                    }
                }
            }
            // ToO 7.7: the units received and their hexes exist.
            EventEffect::Receive(d) => {
                if d.unit_types.is_empty() {
                    ctx.err(format!("{path}.unit_types"), "names no unit type");
                }
                for (k, t) in d.unit_types.iter().enumerate() {
                    type_ref(ctx, r.types, &format!("{path}.unit_types[{k}]"), t);
                }
                if d.places.is_empty() {
                    ctx.err(format!("{path}.places"), "names no place");
                }
                for (k, pl) in d.places.iter().enumerate() {
                    placement_refs(ctx, s, board, r, &format!("{path}.places[{k}]"), pl);
                }
                if !s.rules.counter_pool {
                    ctx.err(path.clone(), "units received are counters of the mix not in play: set `rules.counter_pool: true`");
                }
            }
            // ToO 7.10: the units a withdrawal counts exist; what follows is checked as well.
            EventEffect::Withdraw(w) => {
                let f = &w.units;
                for (k, t) in f.unit_types.iter().enumerate() {
                    type_ref(ctx, r.types, &format!("{path}.units.unit_types[{k}]"), t);
                }
                for (k, c) in f.contingents.iter().enumerate() {
                    contingent_ref(ctx, s, format!("{path}.units.contingents[{k}]"), c);
                }
                for (k, z) in f.sizes.iter().enumerate() {
                    if !s.unit_types.iter().any(|t| &t.size == z) {
                        ctx.err(format!("{path}.units.sizes[{k}]"), format!("no unit type is of size `{z}`"));
                    }
                }
                let regions: Vec<&str> = match &s.map {
                    Map::Hex(m) => m.regions.iter().map(|x| x.id.as_str()).collect(),
                    _ => Vec::new(),
                };
                for (k, g) in f.regions.iter().enumerate() {
                    if !regions.contains(&g.as_str()) {
                        ctx.err(format!("{path}.units.regions[{k}]"), format!("unknown region `{g}`"));
                    }
                }
                let terrains: Vec<&str> = match &s.map {
                    Map::Hex(m) => m.terrain.iter().map(|x| x.id.as_str()).collect(),
                    _ => Vec::new(),
                };
                for (k, t) in f.terrains.iter().enumerate() {
                    if !terrains.contains(&t.as_str()) {
                        ctx.err(format!("{path}.units.terrains[{k}]"), format!("unknown terrain `{t}`"));
                    }
                }
                effects.extend(w.done.iter().enumerate().map(|(k, e)| (format!("{path}.done[{k}]"), e)));
                effects.extend(w.short.iter().enumerate().map(|(k, e)| (format!("{path}.short[{k}]"), e)));
            }
            // ToO 6.3: the quota's table and unit types exist; its penalty is checked as well.
            EventEffect::AttackQuota { table, unit_types, penalty, .. } => {
                if let Some(t) = table
                    && !s.tables.crts.iter().any(|c| &c.id == t)
                {
                    ctx.err(format!("{path}.table"), format!("unknown table `{t}`"));
                }
                for (k, t) in unit_types.iter().enumerate() {
                    type_ref(ctx, r.types, &format!("{path}.unit_types[{k}]"), t);
                }
                effects.extend(penalty.iter().enumerate().map(|(k, x)| (format!("{path}.penalty[{k}]"), x)));
            }
            // The entry must exist and name no entry in turn (no loop can form).
            EventEffect::TableEntry { table, entry } => {
                let found = s.tables.events.iter().find(|t| &t.id == table).map(|t| t.entries.iter().find(|x| &x.name == entry));
                match found {
                    None => ctx.err(format!("{path}.table"), format!("unknown event table `{table}`")),
                    Some(None) => ctx.err(format!("{path}.entry"), format!("table `{table}` has no entry `{entry}`")),
                    Some(Some(x)) if x.effects.iter().any(names_an_entry) => ctx.err(format!("{path}.entry"), format!("`{entry}` applies another table entry itself")),
                    Some(Some(_)) => {}
                }
            }
            EventEffect::AddSupport { support, .. } if !s.rules.supports.iter().any(|d| &d.id == support) => {
                ctx.err(format!("{path}.support"), format!("unknown support `{support}`"));
            }
            EventEffect::ReduceUnit { units: list } => {
                for (k, u) in list.iter().enumerate() {
                    if !units.contains(u.as_str()) {
                        ctx.err(format!("{path}.units[{k}]"), format!("unknown unit `{u}`"));
                    }
                }
            }
            _ => {}
        }
    }
    for (i, f) in s.rules.reorganisation.iter().enumerate() {
        conditions.extend(f.when.iter().enumerate().map(|(k, x)| (format!("rules.reorganisation[{i}].when[{k}]"), x)));
    }
    // The conditions inside `Any`, each at its place.
    let mut k = 0;
    while k < conditions.len() {
        match &conditions[k] {
            (path, Condition::Any(inner)) => {
                let more: Vec<(String, &Condition)> = inner.iter().enumerate().map(|(j, x)| (format!("{path}[{j}]"), x)).collect();
                if inner.is_empty() {
                    ctx.err(path.clone(), "`Any` names no condition");
                }
                conditions.extend(more);
            }
            (path, Condition::Not(inner)) => {
                let more = (format!("{path}.0"), &**inner);
                conditions.push(more);
            }
            _ => {}
        }
        k += 1;
    }
    for (path, c) in conditions {
        super::validate_calendar::check_date_condition(ctx, s, &path, c);
        match c {
            Condition::Track { track, .. } => track_ref(ctx, r.tracks, &path, track),
            Condition::Controls { side, space } | Condition::NotControls { side, space } => {
                side_ref(ctx, r.sides, &path, side);
                space_ref(ctx, board, &path, space);
            }
            Condition::Occupies { side, spaces } => {
                side_ref(ctx, r.sides, &path, side);
                for sp in spaces {
                    space_ref(ctx, board, &path, sp);
                }
            }
            Condition::OnMap(types) => {
                for (k, t) in types.iter().enumerate() {
                    type_ref(ctx, r.types, &format!("{path}[{k}]"), t);
                }
            }
            Condition::Alone { unit_types, regions } => {
                for (k, t) in unit_types.iter().enumerate() {
                    type_ref(ctx, r.types, &format!("{path}.unit_types[{k}]"), t);
                }
                for (k, reg) in regions.iter().enumerate() {
                    if board.is_some_and(|b| !b.spaces.iter().any(|x| x.region.as_ref() == Some(reg))) {
                        ctx.err(format!("{path}.regions[{k}]"), format!("no hex is in region `{reg}`"));
                    }
                }
            }
            Condition::Declared(d) if !declarations.contains(d.as_str()) => ctx.err(path, format!("unknown declaration `{d}`")),
            Condition::Eliminated(u) if !units.contains(u.as_str()) => ctx.err(path, format!("unknown unit `{u}`")),
            Condition::TimerEnded(t) if !s.rules.timers.iter().any(|x| &x.id == t) => ctx.err(path, format!("unknown timed objective `{t}`")),
            Condition::Happened { table, entry } => entry_ref(ctx, s, &path, table, entry),
            Condition::OptionOn(o) | Condition::OptionOff(o) if !s.options.iter().any(|x| &x.id == o) => ctx.err(path, format!("unknown option `{o}`")),
            Condition::Expr { left, right, .. } => {
                for t in expr_tracks(left).into_iter().chain(expr_tracks(right)) {
                    track_ref(ctx, r.tracks, &path, t);
                }
            }
            _ => {}
        }
    }
}

/// Whether an effect (or one in its branches) applies a table entry.
fn names_an_entry(e: &EventEffect) -> bool {
    match e {
        EventEffect::TableEntry { .. } => true,
        EventEffect::If { then, .. } => then.iter().any(names_an_entry),
        EventEffect::Roll { entries, .. } => entries.iter().flat_map(|x| &x.effects).any(names_an_entry),
        EventEffect::AttackQuota { penalty, .. } => penalty.iter().any(names_an_entry),
        _ => false,
    }
}

/// A reaction chit is held, its window's terrains exist, and reaction effects appear only on
/// reaction chits (they need the moment and target of an offer).
fn reaction_refs(ctx: &mut Ctx, s: &Scenario, board: Option<&Board>, path: &str, c: &ChitDef) {
    let reaction_effect = |e: &EventEffect| {
        matches!(e, EventEffect::ExtraMarkers { .. } | EventEffect::DemolishBridge { .. } | EventEffect::EliminateUnit { .. } | EventEffect::AttackerLosesStep { .. })
    };
    match &c.reaction {
        None => {
            for (k, e) in c.effects.iter().enumerate() {
                if reaction_effect(e) {
                    ctx.err(format!("{path}.effects[{k}]"), "this effect is played as a reaction: give the chit a `reaction` window");
                }
            }
        }
        Some(w) => {
            if c.mode != ChitMode::Held {
                ctx.err(format!("{path}.reaction"), "reaction chits are held chits (mode: Held)");
            }
            if let ReactionWindow::AfterDefence { terrains } = w {
                let known: Vec<&str> = match &s.map {
                    Map::Hex(m) => m.terrain.iter().map(|t| t.id.as_str()).collect(),
                    Map::Area(_) => Vec::new(),
                };
                for (k, t) in terrains.iter().enumerate() {
                    if !known.contains(&t.as_str()) {
                        ctx.err(format!("{path}.reaction.terrains[{k}]"), format!("unknown terrain `{t}`"));
                    }
                }
            }
        }
    }
    for (k, e) in c.effects.iter().enumerate() {
        if let EventEffect::Obligation(o) = e {
            let p = format!("{path}.effects[{k}]");
            if c.mode != ChitMode::Immediate || !c.reveal_at_movement {
                ctx.err(p.clone(), "a forced operation is an immediate chit revealed at the owner's movement phase (reveal_at_movement: true)");
            }
            space_ref(ctx, board, &format!("{p}.target"), &o.target);
            for (j, x) in o.opt_out.iter().enumerate() {
                if let EventEffect::AdjustTrack { track, .. } = x
                    && !s.tracks.iter().any(|t| &t.id == track)
                {
                    ctx.err(format!("{p}.opt_out[{j}].track"), format!("unknown track `{track}`"));
                }
            }
        }
        if let EventEffect::DemolishBridge { bridges } = e {
            for (a, b) in bridges {
                space_ref(ctx, board, &format!("{path}.effects[{k}].bridges"), a);
                space_ref(ctx, board, &format!("{path}.effects[{k}].bridges"), b);
                if let Some(bd) = board
                    && let (Some(x), Some(y)) = (bd.space(a), bd.space(b))
                    && bd.edge(x, y).is_none_or(|e| e.road.is_none())
                {
                    ctx.err(format!("{path}.effects[{k}].bridges"), format!("{a}-{b} is not a road hexside"));
                }
            }
        }
    }
}

/// ToO 7.2-7.5: what the purchases name exists; a placement names a hex tag some hex carries.
fn purchase_refs(ctx: &mut Ctx, s: &Scenario, board: Option<&Board>, r: &Refs, p: &PurchaseRules) {
    for (i, (sd, t)) in p.tracks.iter().enumerate() {
        side_ref(ctx, r.sides, &format!("rules.purchases.tracks[{i}].0"), sd);
        track_ref(ctx, r.tracks, &format!("rules.purchases.tracks[{i}].1"), t);
    }
    for (i, c) in p.costs.iter().enumerate() {
        type_ref(ctx, r.types, &format!("rules.purchases.costs[{i}].unit_type"), &c.unit_type);
        if c.cost < 0 {
            ctx.err(format!("rules.purchases.costs[{i}].cost"), format!("{} is below 0", c.cost));
        }
        if p.costs[..i].iter().any(|o| o.unit_type == c.unit_type) {
            ctx.err(format!("rules.purchases.costs[{i}].unit_type"), format!("`{}` has a price already", c.unit_type));
        }
        let early = c.option_from_year.as_ref().map(|(o, _)| o.clone());
        for (field, o) in [("option", &c.option), ("unless_option", &c.unless_option), ("option_from_year.0", &early)] {
            if let Some(o) = o
                && !s.options.iter().any(|x| &x.id == o)
            {
                ctx.err(format!("rules.purchases.costs[{i}].{field}"), format!("unknown option `{o}`"));
            }
        }
    }
    if !s.rules.counter_pool {
        ctx.err("rules.purchases", "purchases take counters of the mix not in play: set `rules.counter_pool: true`");
    }
    for (i, pl) in p.places.iter().enumerate() {
        placement_refs(ctx, s, board, r, &format!("rules.purchases.places[{i}]"), pl);
    }
    for (i, c) in p.per_turn.iter().enumerate() {
        side_ref(ctx, r.sides, &format!("rules.purchases.per_turn[{i}].side"), &c.side);
        for (k, t) in c.unit_types.iter().enumerate() {
            type_ref(ctx, r.types, &format!("rules.purchases.per_turn[{i}].unit_types[{k}]"), t);
        }
    }
}

/// ToO 7.4: what a placement rule names exists; a tag is carried by some hex.
fn placement_refs(ctx: &mut Ctx, s: &Scenario, board: Option<&Board>, r: &Refs, path: &str, pl: &PlacementRule) {
    let regions: Vec<&str> = match &s.map {
        Map::Hex(m) => m.regions.iter().map(|x| x.id.as_str()).collect(),
        _ => Vec::new(),
    };
    if let Some(sd) = &pl.side {
        side_ref(ctx, r.sides, &format!("{path}.side"), sd);
    }
    for (k, t) in pl.unit_types.iter().enumerate() {
        type_ref(ctx, r.types, &format!("{path}.unit_types[{k}]"), t);
    }
    for (k, c) in pl.contingents.iter().enumerate() {
        contingent_ref(ctx, s, format!("{path}.contingents[{k}]"), c);
    }
    for (k, g) in pl.regions.iter().enumerate() {
        if !regions.contains(&g.as_str()) {
            ctx.err(format!("{path}.regions[{k}]"), format!("unknown region `{g}`"));
        }
    }
    if let Some(b) = board {
        for (k, t) in pl.tags.iter().enumerate() {
            if !tag_known(s, b, t) {
                ctx.err(format!("{path}.tags[{k}]"), format!("no hex is tagged `{t}`, and nothing builds it"));
            }
        }
    }
}

/// Whether some hex carries `tag`, or some construction gives it (ToO 29: ports).
pub(super) fn tag_known(s: &Scenario, board: &Board, tag: &str) -> bool {
    board.spaces.iter().any(|sp| sp.tags.iter().any(|t| t == tag)) || s.rules.constructions.iter().any(|c| c.adds_tag == tag)
}

/// ToO 22.3, 6.3: a crossing rule names units, regions and a track that exist.
fn crossing_refs(ctx: &mut Ctx, s: &Scenario, r: &Refs, path: &str, c: &RegionCrossing) {
    for (k, t) in c.units.unit_types.iter().enumerate() {
        type_ref(ctx, r.types, &format!("{path}.units.unit_types[{k}]"), t);
    }
    for (k, x) in c.units.contingents.iter().enumerate() {
        contingent_ref(ctx, s, format!("{path}.units.contingents[{k}]"), x);
    }
    let regions: Vec<&str> = match &s.map {
        Map::Hex(m) => m.regions.iter().map(|x| x.id.as_str()).collect(),
        _ => Vec::new(),
    };
    if regions.is_empty() {
        ctx.err(path.to_string(), "the map has no regions to cross");
    }
    for (k, g) in c.regions.iter().enumerate() {
        if !regions.contains(&g.as_str()) {
            ctx.err(format!("{path}.regions[{k}]"), format!("unknown region `{g}`"));
        }
    }
    if let CrossingEffect::Pay { track, .. } = &c.effect {
        track_ref(ctx, r.tracks, &format!("{path}.effect.track"), track);
    }
}

/// ToO 6.2, 36.6: an event table and an entry of it by name.
fn entry_ref(ctx: &mut Ctx, s: &Scenario, path: &str, table: &str, entry: &str) {
    match s.tables.events.iter().find(|t| t.id == table) {
        None => ctx.err(path.to_string(), format!("unknown event table `{table}`")),
        Some(t) if !t.entries.iter().any(|e| e.name == entry) => ctx.err(path.to_string(), format!("table `{table}` has no entry `{entry}`")),
        Some(_) => {}
    }
}

/// A contingent some unit type belongs to.
pub(super) fn contingent_ref(ctx: &mut Ctx, s: &Scenario, path: String, c: &str) {
    if !s.unit_types.iter().any(|t| t.contingent == c) {
        ctx.err(path, format!("no unit type is of contingent `{c}`"));
    }
}
