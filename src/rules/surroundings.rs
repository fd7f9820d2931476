//! What every unit of one side meets on the map, for its moves: where enemy units stand, their
//! zones of control and how many units stand in each space, worked out once per legal list,
//! and kept on the thread for the check of the move chosen from it.

use std::rc::Rc;
use std::sync::{Arc, Weak};

use super::movement::exerts_zoc;
use super::stacking::{stacking_limit, stacking_points};
use crate::model::space_set::SpaceSet;
use crate::model::view::{UnitView, UnitsView};
use crate::model::{Control, Game, SpaceId};
use crate::scenario::board::SpaceKind;

/// What every unit of one side meets on the map, worked out once for all of them (the legal
/// list asks for the destinations of each): where enemy units stand, their zones of control,
/// and how many units stand in each space. Sets of spaces and a list of occupied spaces: no
/// work in proportion to the size of the map.
pub struct Surroundings {
    /// What stands where, shared with the thread's last surroundings of the same units.
    stands: Rc<Stands>,
    /// Whether destinations carry their paths (the legal list needs only the spaces).
    pub(super) paths: bool,
    /// The side's supply map and, per movement class, the search back from its network
    /// (`supply::network_reach`), worked out when first asked for and shared by every unit
    /// whose leaving changes neither (see [`Surroundings::supply_reach`]).
    reach: std::cell::RefCell<Option<SharedSupply>>,
    /// The generation of the thread's remembered searches these surroundings may use
    /// ([`Surroundings::remembering`]), if any.
    pub(super) memo: Option<u64>,
}

/// What the units of one view stand where, as one side sees it: fixed for the view.
pub(super) struct Stands {
    pub(super) side: usize,
    /// Spaces holding units of another side.
    pub(super) enemy: SpaceSet,
    /// Hexes in the zone of control of another side's units.
    pub(super) zoc: SpaceSet,
    /// Occupied spaces in order, with what stands there. A slot's capacity counts every side.
    here: Vec<Here>,
    /// The same spaces as a set (most spaces asked about are empty: no search in `here`).
    occupied: SpaceSet,
    /// Spaces holding a unit that never shares its hex (ToO 28.4; empty in most games).
    alone: SpaceSet,
    /// Per stacking points asked about: the spaces without room for that many more points of
    /// the side ([`Surroundings::room_for`] false), worked out on first ask.
    no_room: std::cell::RefCell<Vec<(u32, SpaceSet)>>,
}

/// The stands last worked out on this thread from a shared view of the units: the view (held
/// weakly: while this is kept, no other value can take its place in memory, and the view
/// cannot change in place), the scenario, the side, and the stands. A move checked right after
/// the legal list that offered it finds them here.
struct LastStands {
    view: Weak<UnitsView>,
    scenario: usize,
    stands: Rc<Stands>,
}

thread_local! {
    static LAST: std::cell::RefCell<Option<LastStands>> = const { std::cell::RefCell::new(None) };
}

/// The side's supply map and the reach of its network per movement class.
struct SharedSupply {
    map: super::supply::SupplyMap,
    by_class: Vec<(String, Reach)>,
}

/// For every space, the trace cost from there to the supply network, if it reaches
/// (`supply::network_reach`), shared by the units that ask.
pub type Reach = std::rc::Rc<Vec<Option<u32>>>;

/// What stands in one occupied space, for [`Surroundings`].
#[derive(Clone, Copy, Debug)]
struct Here {
    space: SpaceId,
    /// Stacking points of every side.
    points: u32,
    /// Stacking points of the side.
    own_points: u32,
    /// Units of the side.
    own_units: u32,
}

impl Surroundings {
    /// The surroundings of `side` among `units`: the thread's last stands if they were worked
    /// out from this very view for this side and scenario, else worked out now.
    #[must_use]
    pub fn of(game: &Game, units: &UnitsView, side: usize) -> Self {
        let last = LAST.with_borrow(|l| l.as_ref().filter(|l| std::ptr::eq(l.view.as_ptr(), units) && l.scenario == scenario_key(game) && l.stands.side == side).map(|l| l.stands.clone()));
        let stands = last.unwrap_or_else(|| Rc::new(Stands::of(game, units, side)));
        Self { stands, paths: true, reach: std::cell::RefCell::new(None), memo: None }
    }

    /// [`Surroundings::of`] a shared view, kept on the thread for the next ask about the same
    /// view (the check of the move chosen from a legal list).
    #[must_use]
    pub fn of_shared(game: &Game, units: &Arc<UnitsView>, side: usize) -> Self {
        let near = Self::of(game, units, side);
        LAST.set(Some(LastStands { view: Arc::downgrade(units), scenario: scenario_key(game), stands: near.stands.clone() }));
        near
    }

    pub(super) fn side(&self) -> usize {
        self.stands.side
    }

    pub(super) fn enemy(&self) -> &SpaceSet {
        &self.stands.enemy
    }

    pub(super) fn zoc(&self) -> &SpaceSet {
        &self.stands.zoc
    }

    /// Whether a space holds units of another side.
    #[must_use]
    pub fn enemy_at(&self, s: SpaceId) -> bool {
        self.stands.enemy.contains(s)
    }

    /// Whether a hex is in the zone of control of another side's units.
    #[must_use]
    pub fn in_enemy_zoc(&self, s: SpaceId) -> bool {
        self.stands.zoc.contains(s)
    }

    /// The same, for destinations listed without their paths (a rule that needs the path, such
    /// as "may not end a move out of supply", still finds them).
    #[must_use]
    pub fn without_paths(self) -> Self {
        Self { paths: false, ..self }
    }

    /// The same, reusing the searches of earlier legal lists made on the same map, control and
    /// enemy positions (see `movement_memo`): a unit that has not changed finds what it found then.
    /// For callers that hold `control` unchanged while they use these surroundings.
    #[must_use]
    pub fn remembering(self, game: &Game, control: &Control) -> Self {
        let memo = super::movement_memo::generation(game, control, &self.stands.enemy, &self.stands.zoc);
        Self { memo: Some(memo), ..self }
    }

    /// Whether `extra` more stacking points of the side fit in a space (as [`room_for`]).
    #[must_use]
    pub fn room_for(&self, game: &Game, space: SpaceId, extra: u32) -> bool {
        let Some(limit) = stacking_limit(game, space) else { return true };
        let is_slot = game.board.footing(space).kind == crate::scenario::footing::FootingKind::Slot;
        let (all, own) = self.here(space).map_or((0, 0), |h| (h.points, h.own_points));
        let here = if is_slot { all } else { own };
        here + extra <= limit
    }

    /// Every space without room for `extra` more stacking points of the side: [`room_for`]
    /// asked of every space at once, from the spaces whose limit is below `extra` and the
    /// occupied ones (an empty space with a limit of `extra` or more has room).
    ///
    /// [`room_for`]: Surroundings::room_for
    #[must_use]
    pub fn no_room(&self, game: &Game, extra: u32) -> std::cell::Ref<'_, SpaceSet> {
        let known = self.stands.no_room.borrow().iter().position(|(p, _)| *p == extra);
        let at = known.unwrap_or_else(|| {
            let mut set = game.lookups.tight(&game.board, extra).into_owned();
            for h in &self.stands.here {
                if !self.room_for(game, h.space, extra) {
                    set.insert(h.space);
                }
            }
            let mut cache = self.stands.no_room.borrow_mut();
            cache.push((extra, set));
            cache.len() - 1
        });
        std::cell::Ref::map(self.stands.no_room.borrow(), |c| &c[at].1)
    }

    /// ToO 28.4: whether a unit of type `t` standing at `start` may not end a move in `space`
    /// (as [`super::stacking::alone_clash`]).
    #[must_use]
    pub fn alone_clash(&self, game: &Game, space: SpaceId, t: usize, start: Option<SpaceId>) -> bool {
        if !game.lookups.stacks_alone() || start == Some(space) {
            return false;
        }
        self.stands.alone.contains(space) || (super::stacking::stacks_alone(game, t) && self.stands.occupied.contains(space))
    }

    fn here(&self, space: SpaceId) -> Option<&Here> {
        if !self.stands.occupied.contains(space) {
            return None;
        }
        self.stands.here.binary_search_by_key(&space, |h| h.space).ok().map(|k| &self.stands.here[k])
    }

    /// For `unit` of the side, for every space: whether a unit of its movement class standing
    /// there traces to the network of the side's supply map drawn without `unit`
    /// ([`super::supply::surely_supplied_at`] for every space). `None` when the unit's leaving
    /// changes the map: only a unit alone in an enemy zone of control unblocks its hex
    /// (`zoc_blocks_unless_friendly`), and a supply unit (`unit_sources`) takes its supply along,
    /// so for every other unit the map with it and without it are the same, and one map and one
    /// search per class serve them all.
    #[must_use]
    pub fn supply_reach(&self, game: &Game, rules: &crate::scenario::schema::SupplyRules, units: &UnitsView, control: &Control, unit: &UnitView) -> Option<Reach> {
        let start = unit.space()?;
        let own_here = self.here(start).map_or(0, |h| h.own_units);
        if rules.zoc_blocks_unless_friendly && self.stands.zoc.contains(start) && own_here <= 1 {
            return None;
        }
        // A supply unit that moves takes its supply with it (ToO 15.2).
        let ty = &game.scenario.unit_types[unit.type_index].id;
        if rules.unit_sources.iter().any(|s| s.unit_types.contains(ty)) {
            return None;
        }
        let class = &game.scenario.unit_types[unit.type_index].movement_class;
        let mut cache = self.reach.borrow_mut();
        let shared = cache.get_or_insert_with(|| SharedSupply { map: super::supply::supply_map(game, rules, units, control, self.stands.side, &control.interdicted), by_class: Vec::new() });
        if let Some((_, t)) = shared.by_class.iter().find(|(c, _)| c == class) {
            return Some(t.clone());
        }
        let t = std::rc::Rc::new(super::supply::network_reach(game, &shared.map, class)?);
        shared.by_class.push((class.clone(), t.clone()));
        Some(t)
    }
}

/// The scenario a game plays, by its address (the stands depend on its unit types and map).
fn scenario_key(game: &Game) -> usize {
    Arc::as_ptr(&game.scenario) as usize
}

impl Stands {
    fn of(game: &Game, units: &UnitsView, side: usize) -> Self {
        let n = game.board.len();
        let (mut enemy, mut zoc, mut occupied) = (SpaceSet::new(n), SpaceSet::new(n), SpaceSet::new(n));
        let mut alone = SpaceSet::new(n);
        // In space order: the units of a space add up in one entry (at most one per unit).
        let on_map = units.on_map();
        let mut here: Vec<Here> = Vec::with_capacity(on_map.len());
        for (s, u) in on_map {
            let (points, own) = (stacking_points(game, u.type_index), u.side == side);
            let h = Here { space: s, points, own_points: if own { points } else { 0 }, own_units: u32::from(own) };
            occupied.insert(s);
            if game.lookups.stacks_alone() && super::stacking::stacks_alone(game, u.type_index) {
                alone.insert(s);
            }
            match here.last_mut() {
                Some(last) if last.space == s => {
                    last.points += h.points;
                    last.own_points += h.own_points;
                    last.own_units += h.own_units;
                }
                _ => here.push(h),
            }
            if u.side != side {
                enemy.insert(s);
                // Zones of control (as `enemy_zoc`): the hexes around a hex holding a unit
                // that exerts one.
                if game.board.is_hex && exerts_zoc(game, u) && matches!(game.board.spaces[s.index()].kind, SpaceKind::Hex { .. }) && !super::landings::at_sea(game, s) {
                    for e in &game.board.edges[s.index()] {
                        if game.board.zoc_crosses(e) && super::waters::in_waters(game, u.type_index, e.to) {
                            zoc.insert(e.to);
                        }
                    }
                }
            }
        }
        Self { side, enemy, zoc, here, occupied, alone, no_room: std::cell::RefCell::new(Vec::new()) }
    }
}
