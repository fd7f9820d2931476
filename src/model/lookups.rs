//! What the rules look up again and again, worked out once per game from the scenario (as its
//! options make it) and its board, by index: no text is compared for these while a game is
//! played. Built with the game (`Game::lookups`).

use std::collections::BTreeSet;

use super::space_set::SpaceSet;
use crate::scenario::board::{Board, SpaceId};
use crate::scenario::schema::Scenario;

/// One Movement Restriction Chart ban (`rules.entry_bans`, DI 13.7; or a region-bound
/// contingent's, `rules.region_bound`) as indexes.
#[derive(Debug, Clone)]
pub struct Ban {
    /// The spaces, each once, in space order.
    pub spaces: Vec<SpaceId>,
    /// The same as a set.
    pub set: SpaceSet,
    /// The excepted unit type and how many of the side's units of it may stand in the spaces.
    pub except: Option<(usize, u32)>,
}

impl Ban {
    fn new(board: &Board, mut spaces: Vec<SpaceId>, except: Option<(usize, u32)>) -> Self {
        spaces.sort_unstable();
        spaces.dedup();
        let mut set = SpaceSet::new(board.len());
        spaces.iter().for_each(|s| set.insert(*s));
        Self { spaces, set, except }
    }
}

#[derive(Debug, Default, Clone)]
pub struct Lookups {
    /// Per unit type: the counter mix's counters by the level they show (index = level), or
    /// `None` when the mix names no level for the type (8.4: counted per level shown).
    mix: Vec<Option<Vec<u32>>>,
    /// Per unit type: the bans in force for it (its contingent's, holding for its type and the
    /// options chosen), in the scenario's order, then its region bounds.
    bans: Vec<Vec<Ban>>,
    /// No space, as a set the size of the board (what a unit under no entry ban is barred from).
    no_spaces: SpaceSet,
    /// Per space: the side whose rail net runs through it (ToO 16.2: the nets match what each
    /// side holds when the scenario begins; none converts or builds railways yet).
    rail_net: Vec<Option<usize>>,
    /// The areas whose control follows their slots (`control_by_slots`, DI 18.2): those not
    /// permanent that have slots, in the map's order.
    slot_controlled: Vec<SpaceId>,
    /// Per setup group: its units' ids (`setup::group_unit_id`), first to last.
    group_units: Vec<Vec<String>>,
    /// The setup group of each of those ids, by id.
    group_by_unit: bevy::platform::collections::HashMap<String, usize>,
    /// Per setup group: each of its spaces (in its order) as found on the board, if it is.
    group_spaces: Vec<Vec<Option<SpaceId>>>,
    /// The event table entries whose happening is kept (ToO 6.2): the once-only ones and those a
    /// `Happened` condition names; (table, entry).
    watched_events: BTreeSet<(String, String)>,
    /// Per space: the sea zones (bits by their place in `map.sea_zones`) whose coast it is
    /// (ToO 20: sea moves start and end in coastal hexes).
    sea_zones: Vec<u64>,
    /// Whether some unit type never shares a hex (`UnitFlag::StacksAlone`, ToO 28.4): without
    /// one, no check for it costs anything.
    stacks_alone: bool,
    /// Per stacking points a unit type counts (each value once): the spaces whose stacking
    /// limit is below them, where such a unit never has room, whatever stands there.
    tight: Vec<(u32, SpaceSet)>,
}

impl Lookups {
    #[must_use]
    pub fn new(s: &Scenario, board: &Board, options: &BTreeSet<String>) -> Self {
        let type_index = |id: &str| s.unit_types.iter().position(|t| t.id == id);
        let mix = s
            .unit_types
            .iter()
            .map(|t| {
                let entries: Vec<_> = s.counter_mix.iter().filter(|m| m.unit_type == t.id).collect();
                if entries.iter().all(|m| m.level.is_none()) {
                    return None;
                }
                let top = entries.iter().filter_map(|m| m.level).max().unwrap_or(0) as usize;
                let mut by_level = vec![0; top + 1];
                for m in &entries {
                    if let Some(l) = m.level {
                        by_level[l as usize] += m.count;
                    }
                }
                Some(by_level)
            })
            .collect();
        let bans = s
            .unit_types
            .iter()
            .map(|t| {
                s.rules
                    .entry_bans
                    .iter()
                    .filter(|b| b.contingent == t.contingent)
                    .filter(|b| b.when_option.as_ref().is_none_or(|o| options.contains(o)) && b.unless_option.as_ref().is_none_or(|o| !options.contains(o)))
                    .filter(|b| b.unit_types.is_empty() || b.unit_types.contains(&t.id))
                    .map(|b| {
                        // Only a unit of the excepted type itself may be excepted.
                        let except = b.except.as_ref().filter(|(ty, _)| *ty == t.id).and_then(|(ty, max)| Some((type_index(ty)?, *max)));
                        Ban::new(board, b.spaces.iter().filter_map(|k| board.space(k)).collect(), except)
                    })
                    .chain(
                        // Region-bound units: banned from every space outside their regions.
                        s.rules.region_bound.iter().filter(|rb| rb.contingent == t.contingent && (rb.unit_types.is_empty() || rb.unit_types.contains(&t.id))).map(|rb| {
                            let outside = (0..board.len()).map(|i| SpaceId(i as u32)).filter(|sp| board.spaces[sp.index()].region.as_ref().is_none_or(|r| !rb.regions.contains(r)));
                            Ban::new(board, outside.collect(), None)
                        }),
                    )
                    .collect()
            })
            .collect();
        let owners = crate::model::initial_owners(s, board);
        let rail_net = (0..board.len()).map(|i| owners[i].filter(|_| board.edges[i].iter().any(|e| e.road == Some(crate::scenario::schema::RoadClass::Rail)))).collect();
        let slot_controlled = match &s.map {
            crate::scenario::schema::Map::Area(m) => m.spaces.iter().filter(|sp| !sp.permanent && !sp.slots.is_empty()).filter_map(|sp| board.space(&sp.id)).collect(),
            crate::scenario::schema::Map::Hex(_) => Vec::new(),
        };
        let group_units: Vec<Vec<String>> = s.setup.groups.iter().map(|g| (1..=g.count).map(|k| crate::rules::setup::group_unit_id(g, k)).collect()).collect();
        // The first group of an id, as a search of the groups in order finds it.
        let mut group_by_unit = bevy::platform::collections::HashMap::default();
        for (g, ids) in group_units.iter().enumerate() {
            for id in ids {
                group_by_unit.entry(id.clone()).or_insert(g);
            }
        }
        let group_spaces = s.setup.groups.iter().map(|g| g.spaces.iter().map(|k| board.space(k)).collect()).collect();
        let watched_events = watched_events(s);
        let mut sea_zones = Vec::new();
        if let crate::scenario::schema::Map::Hex(m) = &s.map
            && !m.sea_zones.is_empty()
        {
            sea_zones = vec![0; board.len()];
            // Validation keeps a map within 64 zones.
            for (z, def) in m.sea_zones.iter().enumerate().take(64) {
                for sp in def.coast.iter().filter_map(|k| board.space(k)) {
                    sea_zones[sp.index()] |= 1 << z;
                }
            }
        }
        let stacks_alone = s.unit_types.iter().any(|t| t.flags.contains(&crate::scenario::schema::UnitFlag::StacksAlone));
        let mut points: Vec<u32> = s.unit_types.iter().map(|t| t.stacking_points).collect();
        points.sort_unstable();
        points.dedup();
        let tight = points.into_iter().map(|p| (p, tight_for(board, p))).collect();
        let no_spaces = SpaceSet::new(board.len());
        Self { mix, bans, no_spaces, rail_net, slot_controlled, group_units, group_by_unit, group_spaces, watched_events, sea_zones, stacks_alone, tight }
    }

    /// The spaces whose stacking limit is below `points` (see [`tight_for`]), found once for the
    /// game where a unit type counts these points.
    #[must_use]
    pub fn tight(&self, board: &Board, points: u32) -> std::borrow::Cow<'_, SpaceSet> {
        match self.tight.iter().find(|(p, _)| *p == points) {
            Some((_, set)) => std::borrow::Cow::Borrowed(set),
            None => std::borrow::Cow::Owned(tight_for(board, points)),
        }
    }

    /// Whether the happening of this event table entry is kept (once-only, or named by a
    /// `Happened` condition): other entries leave no record, so the state holds what rules read.
    #[must_use]
    pub fn watches_event(&self, table: &str, entry: &str) -> bool {
        self.watched_events.iter().any(|(t, e)| t == table && e == entry)
    }

    /// Whether some unit type never shares a hex (`UnitFlag::StacksAlone`).
    #[must_use]
    pub fn stacks_alone(&self) -> bool {
        self.stacks_alone
    }

    /// The sea zones whose coast `space` is, as bits by their place in `map.sea_zones`.
    #[must_use]
    pub fn sea_zones(&self, space: SpaceId) -> u64 {
        self.sea_zones.get(space.index()).copied().unwrap_or(0)
    }

    /// The areas whose control follows their slots, in the map's order.
    #[must_use]
    pub fn slot_controlled(&self) -> &[SpaceId] {
        &self.slot_controlled
    }

    /// The side whose rail net runs through `space`, if any.
    #[must_use]
    pub fn rail_net(&self, space: SpaceId) -> Option<usize> {
        self.rail_net.get(space.index()).copied().flatten()
    }

    /// Counters of type `t` showing `level` in the counter mix, or `None` when the mix names no
    /// level for the type.
    #[must_use]
    pub fn mix_at(&self, t: usize, level: u32) -> Option<u32> {
        let by_level = self.mix.get(t)?.as_ref()?;
        Some(by_level.get(level as usize).copied().unwrap_or(0))
    }

    /// The ids of the units of setup group `g` (by its place in the scenario), first to last.
    #[must_use]
    pub fn group_units(&self, g: usize) -> &[String] {
        self.group_units.get(g).map_or(&[], Vec::as_slice)
    }

    /// The setup group (its index) whose units' ids include `unit`, if any.
    #[must_use]
    pub fn group_of_unit(&self, unit: &str) -> Option<usize> {
        self.group_by_unit.get(unit).copied()
    }

    /// Setup group `g`'s spaces, in its order, each as found on the board (`None` if not).
    #[must_use]
    pub fn group_spaces(&self, g: usize) -> &[Option<SpaceId>] {
        self.group_spaces.get(g).map_or(&[], Vec::as_slice)
    }

    /// The bans in force for units of type `t`.
    #[must_use]
    pub fn bans(&self, t: usize) -> &[Ban] {
        self.bans.get(t).map_or(&[], Vec::as_slice)
    }

    /// The empty set of the board's spaces.
    #[must_use]
    pub fn no_spaces(&self) -> &SpaceSet {
        &self.no_spaces
    }
}

/// The once-only event table entries and those a `Happened` condition names, anywhere.
fn watched_events(s: &Scenario) -> BTreeSet<(String, String)> {
    use crate::scenario::schema::{Condition, EventEffect};
    fn in_effects(list: &[EventEffect], out: &mut BTreeSet<(String, String)>) {
        for e in list {
            match e {
                EventEffect::If { when, then, .. } => {
                    in_conditions(when, out);
                    in_effects(then, out);
                }
                EventEffect::ChooseOne { options } => {
                    for o in options {
                        in_conditions(&o.when, out);
                        in_effects(&o.effects, out);
                    }
                }
                EventEffect::Roll { entries, .. } => entries.iter().for_each(|x| in_effects(&x.effects, out)),
                EventEffect::AttackQuota { penalty, .. } => in_effects(penalty, out),
                EventEffect::Obligation(o) => in_effects(&o.opt_out, out),
                EventEffect::Withdraw(w) => {
                    in_effects(&w.done, out);
                    in_effects(&w.short, out);
                }
                _ => {}
            }
        }
    }
    fn in_conditions(list: &[Condition], out: &mut BTreeSet<(String, String)>) {
        for c in list {
            match c {
                Condition::Happened { table, entry } => {
                    out.insert((table.clone(), entry.clone()));
                }
                Condition::Any(inner) => in_conditions(inner, out),
                Condition::Not(inner) => in_conditions(std::slice::from_ref(&**inner), out),
                _ => {}
            }
        }
    }
    let mut out = BTreeSet::new();
    for t in &s.tables.events {
        for x in &t.entries {
            if x.once {
                out.insert((t.id.clone(), x.name.clone()));
            }
            in_conditions(&x.when, &mut out);
            in_effects(&x.effects, &mut out);
        }
    }
    for c in s.pools.iter().flat_map(|p| &p.chits) {
        in_conditions(&c.no_event, &mut out);
        in_conditions(&c.playable_if, &mut out);
        in_effects(&c.effects, &mut out);
    }
    for d in &s.rules.declarations {
        in_conditions(&d.forbidden_if, &mut out);
        in_effects(&d.effects, &mut out);
        if let Some(r) = &d.response {
            in_effects(&r.effects, &mut out);
        }
    }
    for c in s.rules.forced_march.iter().chain(&s.rules.attack_supply) {
        in_conditions(&c.forbidden_if, &mut out);
    }
    for t in &s.rules.timers {
        in_effects(&t.on_fall, &mut out);
        in_effects(&t.on_relief, &mut out);
    }
    for sp in &s.rules.scripted {
        in_effects(&sp.effects, &mut out);
    }
    for f in &s.rules.reorganisation {
        in_conditions(&f.when, &mut out);
    }
    in_effects(&s.victory.before_final, &mut out);
    out
}

/// The spaces whose stacking limit is below `points`: a unit counting that many never has room
/// there.
#[must_use]
pub fn tight_for(board: &Board, points: u32) -> SpaceSet {
    let mut set = SpaceSet::new(board.len());
    for s in (0..board.len()).map(|i| SpaceId(i as u32)) {
        if board.stacking_limit(s).is_some_and(|limit| limit < points) {
            set.insert(s);
        }
    }
    set
}
