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
    /// Per space: the side whose rail net runs through it (ToO 16.2: the nets match what each
    /// side holds when the scenario begins; none converts or builds railways yet).
    rail_net: Vec<Option<usize>>,
    /// The areas whose control follows their slots (`control_by_slots`, DI 18.2): those not
    /// permanent that have slots, in the map's order.
    slot_controlled: Vec<SpaceId>,
    /// Per setup group: its units' ids (`setup::group_unit_id`), first to last.
    group_units: Vec<Vec<String>>,
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
        let group_units = s.setup.groups.iter().map(|g| (1..=g.count).map(|k| crate::rules::setup::group_unit_id(g, k)).collect()).collect();
        Self { mix, bans, rail_net, slot_controlled, group_units }
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

    /// The bans in force for units of type `t`.
    #[must_use]
    pub fn bans(&self, t: usize) -> &[Ban] {
        self.bans.get(t).map_or(&[], Vec::as_slice)
    }
}
