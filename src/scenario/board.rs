//! The compiled map: every space (hex, area, slot, off-map box) with a dense `SpaceId`, and
//! the movement graph with what lies on each edge (hexside feature, road). Built once per
//! scenario; the rules read it, never the raw schema.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::footing::{ClassCosts, Footing, FootingKind};
use super::least_costs::{LeastCostTable, LeastCosts};
use super::steps::{Chart, Step, StepTable};
use super::schema::{HexOffset, Map, MoveCost, RoadClass, Scenario, VOID_SYMBOL};

/// Largest hex map accepted (columns x rows), against hostile files.
pub const MAX_HEXES: u64 = 250 * 250;
/// Largest number of area spaces (with slots and boxes).
pub const MAX_SPACES: usize = 20_000;

/// Dense index of a space on the board. Never saved: saves use the space key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SpaceId(pub u32);

impl SpaceId {
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum SpaceKind {
    /// A hex with printed column/row and axial coordinates (q, r).
    Hex { col: u32, row: u32, q: i32, r: i32 },
    Area,
    /// A sub-box of an area space with a unit capacity.
    Slot { parent: SpaceId, capacity: u32 },
    /// An off-map box linked to one hex.
    OffMap { sides: Vec<String> },
}

#[derive(Clone, Debug, PartialEq)]
pub struct BoardSpace {
    /// The key used in scenarios, commands and saves (`0302`, `baghdad_west`, `gz/infra1`).
    pub key: String,
    pub name: Option<String>,
    pub kind: SpaceKind,
    /// Index into the terrain chart (hex maps).
    pub terrain: Option<usize>,
    /// Stacking points the hex holds per side, instead of its terrain's (`HexDef::stacking`;
    /// ToO A13: a city hex holds 8 whatever the terrain around it).
    pub stacking: Option<u32>,
    pub vp: i32,
    pub region: Option<String>,
    /// The hex's tags (`HexDef::tags`).
    pub tags: Vec<String>,
}

/// One way out of a space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    pub to: SpaceId,
    /// Hexside feature crossed (index into `hexside_types`).
    pub hexside: Option<usize>,
    pub road: Option<RoadClass>,
    /// Fixed cost of the link (area links, box links); hex edges use terrain.
    pub link_cost: Option<u32>,
}

/// A movement class by its place in the board's terrain chart ([`Board::move_class`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveClass(usize);

#[derive(Clone, Debug)]
pub struct Board {
    pub is_hex: bool,
    pub spaces: Vec<BoardSpace>,
    /// Every space's key as a shared name, for the commands that name spaces (the legal list
    /// builds many: a copy of a short inline string, not a new one from text).
    key_names: Vec<smol_str::SmolStr>,
    pub edges: Vec<Vec<Edge>>,
    /// Spaces by key (rules, commands and scenario fields name spaces by key; the hash is
    /// seeded the same in every run, and nothing iterates the map).
    by_key: HashMap<String, SpaceId, foldhash::fast::FixedState>,
    by_axial: HashMap<(i32, i32), SpaceId, foldhash::fast::FixedState>,
    pub offset: Option<HexOffset>,
    pub key_width: usize,
    /// Movement cost per terrain per movement class (class name -> cost), from the chart.
    pub terrain_costs: Vec<(MoveCost, BTreeMap<String, MoveCost>)>,
    /// The movement classes the chart names, in order of first mention: a class is looked up
    /// by name once ([`Board::move_class`]), its costs by index after that.
    move_classes: Vec<String>,
    /// Cost per terrain per class index: one column per named class, then the terrain's
    /// default (the column of every class the chart does not name); then the same columns
    /// again for each season of the calendar, with that season's costs (G3).
    class_costs: Vec<Vec<MoveCost>>,
    /// The same in one table, for lookups during searches.
    class_table: ClassCosts,
    /// What searches read of each space, in board order ([`Footing`]).
    footing: Vec<Footing>,
    /// What a step along each edge costs each class index ([`StepTable`]).
    steps: StepTable,
    /// The least cost of a move between any two spaces, per class index ([`LeastCosts`]).
    least: LeastCosts,
    /// Each space's stacking limit ([`Board::stacking_limit`]; `u32::MAX` for none).
    stacking_limits: Vec<u32>,
    pub terrain_shift: Vec<i32>,
    /// Per terrain and per hexside type: what it multiplies a defence by (ToO 38.0).
    pub terrain_defense: Vec<u32>,
    pub hexside_defense: Vec<u32>,
    pub terrain_stacking: Vec<Option<u32>>,
    pub hexside_extra: Vec<(u32, bool, i32)>,
    /// Per hexside type: zones of control do not reach across it.
    hexside_blocks_zoc: Vec<bool>,
    /// The slots (boxes) of each space, in board order: built once, never scanned for.
    slots: Vec<Vec<SpaceId>>,
    /// Every edge by the space it leads to: (the space it leaves, its place in that space's
    /// edges), for searches that run backwards (edges need not come in pairs).
    into: Vec<Vec<(SpaceId, u32)>>,
}

type Problems = Vec<(String, String)>;

/// Axial coordinates of a printed hex under an offset convention (Red Blob Games formulas,
/// applied to the printed numbers so that "even column" means an even printed number).
#[must_use]
pub fn offset_to_axial(offset: HexOffset, col: u32, row: u32) -> (i32, i32) {
    let (c, r) = (col as i32, row as i32);
    match offset {
        HexOffset::EvenQ => (c, r - (c + (c & 1)) / 2),
        HexOffset::OddQ => (c, r - (c - (c & 1)) / 2),
        HexOffset::EvenR => (c - (r + (r & 1)) / 2, r),
        HexOffset::OddR => (c - (r - (r & 1)) / 2, r),
    }
}

const AXIAL_DIRS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// Hex distance between two axial coordinates (hexx's axial `Hex`).
#[must_use]
pub fn axial_distance(a: (i32, i32), b: (i32, i32)) -> u32 {
    hexx::Hex::new(a.0, a.1).unsigned_distance_to(hexx::Hex::new(b.0, b.1))
}

impl Board {
    /// Compiles the map. Returns every unresolvable reference as (field path, message).
    pub fn build(s: &Scenario) -> Result<Board, Problems> {
        let mut b = Board {
            is_hex: false,
            spaces: Vec::new(),
            key_names: Vec::new(),
            edges: Vec::new(),
            by_key: HashMap::default(),
            by_axial: HashMap::default(),
            offset: None,
            key_width: 2,
            terrain_costs: Vec::new(),
            move_classes: Vec::new(),
            class_costs: Vec::new(),
            class_table: ClassCosts::default(),
            footing: Vec::new(),
            steps: StepTable::default(),
            least: LeastCosts::default(),
            stacking_limits: Vec::new(),
            terrain_shift: Vec::new(),
            terrain_defense: Vec::new(),
            hexside_defense: Vec::new(),
            terrain_stacking: Vec::new(),
            hexside_extra: Vec::new(),
            hexside_blocks_zoc: Vec::new(),
            slots: Vec::new(),
            into: Vec::new(),
        };
        let mut problems = Problems::new();
        match &s.map {
            Map::Hex(m) => b.build_hex(m, &s.turns.seasons, &mut problems),
            Map::Area(m) => b.build_area(m, &mut problems),
        }
        b.slots = vec![Vec::new(); b.spaces.len()];
        for (i, sp) in b.spaces.iter().enumerate() {
            if let SpaceKind::Slot { parent, .. } = sp.kind {
                b.slots[parent.index()].push(SpaceId(i as u32));
            }
        }
        b.footing = Footing::of_spaces(&b.spaces);
        b.class_table = ClassCosts::from_rows(&b.class_costs);
        b.steps = StepTable::new(&b.edges, b.class_costs.first().map_or(0, Vec::len));
        b.least = LeastCosts::new(b.class_costs.first().map_or(0, Vec::len));
        b.stacking_limits = (0..b.spaces.len()).map(|i| b.limit_of(SpaceId(i as u32)).unwrap_or(u32::MAX)).collect();
        b.into = vec![Vec::new(); b.spaces.len()];
        for (i, edges) in b.edges.iter().enumerate() {
            for (k, e) in edges.iter().enumerate() {
                b.into[e.to.index()].push((SpaceId(i as u32), k as u32));
            }
        }
        if problems.is_empty() { Ok(b) } else { Err(problems) }
    }

    fn push(&mut self, space: BoardSpace) -> SpaceId {
        let id = SpaceId(self.spaces.len() as u32);
        self.by_key.insert(space.key.clone(), id);
        self.key_names.push(smol_str::SmolStr::new(&space.key));
        self.spaces.push(space);
        self.edges.push(Vec::new());
        id
    }

    fn build_hex(&mut self, m: &super::schema::HexMap, seasons: &[super::schema::SeasonDef], problems: &mut Problems) {
        self.is_hex = true;
        self.offset = Some(m.offset);
        if m.columns == 0 || m.rows == 0 || u64::from(m.columns) * u64::from(m.rows) > MAX_HEXES {
            problems.push((
                "map.columns".into(),
                format!("map of {}x{} hexes is empty or over the limit of {MAX_HEXES}", m.columns, m.rows),
            ));
            return;
        }
        let last_col = m.first_column + m.columns - 1;
        let last_row = m.first_row + m.rows - 1;
        self.key_width = last_col.max(last_row).to_string().len().max(2);
        let terrain_index: BTreeMap<&str, usize> =
            m.terrain.iter().enumerate().map(|(i, t)| (t.id.as_str(), i)).collect();
        let symbol_index: BTreeMap<&str, usize> =
            m.terrain.iter().enumerate().map(|(i, t)| (t.symbol.as_str(), i)).collect();
        for t in &m.terrain {
            let classes = t.costs.iter().map(|c| (c.class.clone(), c.cost)).collect();
            self.terrain_costs.push((t.default_cost, classes));
            self.terrain_shift.push(t.defender_shift);
            self.terrain_defense.push(t.defense_multiplier);
            self.terrain_stacking.push(t.stacking);
            let season_classes = t.season_costs.iter().filter_map(|c| c.class.as_ref());
            for class in t.costs.iter().map(|c| &c.class).chain(season_classes) {
                if !self.move_classes.contains(class) {
                    self.move_classes.push(class.clone());
                }
            }
        }
        for (default, classes) in &self.terrain_costs {
            let row = self.move_classes.iter().map(|c| classes.get(c).copied().unwrap_or(*default)).chain([*default]).collect();
            self.class_costs.push(row);
        }
        // G3: a block of columns per season, where the season's costs replace the usual ones
        // (for every class first, then for the classes it names).
        for (t, terrain) in m.terrain.iter().enumerate() {
            let usual = self.class_costs[t].clone();
            for season in seasons {
                let mut block = usual.clone();
                let costs = terrain.season_costs.iter().filter(|c| c.season == season.id);
                for c in costs.clone().filter(|c| c.class.is_none()) {
                    block.fill(c.cost);
                }
                for c in costs {
                    if let Some(k) = c.class.as_ref().and_then(|class| self.move_classes.iter().position(|x| x == class)) {
                        block[k] = c.cost;
                    }
                }
                self.class_costs[t].extend(block);
            }
        }
        for h in &m.hexside_types {
            self.hexside_extra.push((h.extra_cost, h.prohibited, h.defender_shift));
            self.hexside_blocks_zoc.push(h.blocks_zoc);
            self.hexside_defense.push(h.defense_multiplier);
        }
        let default = terrain_index.get(m.default_terrain.as_str()).copied();
        if default.is_none() {
            problems.push(("map.default_terrain".into(), format!("unknown terrain `{}`", m.default_terrain)));
        }
        // Terrain grid: one string per row, one symbol per column (`_`: no hex there, G32).
        let cells = read_grid(&m.grid, (m.columns, m.rows), "map.grid", |sym| match symbol_index.get(sym) {
            Some(&t) => Some(Cell::Terrain(t)),
            None if sym == VOID_SYMBOL => Some(Cell::Void),
            None => None,
        }, "terrain", problems);
        for (ri, row) in (m.first_row..=last_row).enumerate() {
            for (ci, col) in (m.first_column..=last_col).enumerate() {
                let terrain = match cells.get(ri).and_then(|r| r.get(ci)).and_then(Option::as_ref) {
                    Some(Cell::Void) => continue,
                    Some(Cell::Terrain(t)) => Some(*t),
                    _ => default,
                };
                let (q, r) = offset_to_axial(m.offset, col, row);
                let key = self.hex_key(col, row);
                let id = self.push(BoardSpace { key, name: None, kind: SpaceKind::Hex { col, row, q, r }, terrain, stacking: None, vp: 0, region: None, tags: Vec::new() });
                self.by_axial.insert((q, r), id);
            }
        }
        // Region grid: the same shape, one region symbol per hex (`_`: in no region).
        let region_symbols: BTreeMap<&str, &str> = m.regions.iter().filter_map(|r| Some((r.symbol.as_deref()?, r.id.as_str()))).collect();
        let regions = read_grid(&m.region_grid, (m.columns, m.rows), "map.region_grid", |sym| match region_symbols.get(sym) {
            Some(id) => Some(Cell::Region(id)),
            None if sym == VOID_SYMBOL => Some(Cell::Void),
            None => None,
        }, "region", problems);
        for (ri, row) in (m.first_row..=last_row).enumerate() {
            for (ci, col) in (m.first_column..=last_col).enumerate() {
                let Some(Cell::Region(region)) = regions.get(ri).and_then(|r| r.get(ci)).and_then(Option::as_ref) else { continue };
                match self.by_key.get(&self.hex_key(col, row)) {
                    Some(&id) => self.spaces[id.index()].region = Some((*region).to_string()),
                    None => problems.push((format!("map.region_grid[{ri}]"), format!("region `{region}` on {}, where the grid has no hex", self.hex_key(col, row)))),
                }
            }
        }
        // Other numbers of hexes (G32).
        for (i, a) in m.aliases.iter().enumerate() {
            let Some(id) = self.hex_or_report(&a.hex, &format!("map.aliases[{i}].hex"), problems) else { continue };
            if self.by_key.contains_key(&a.alias) {
                problems.push((format!("map.aliases[{i}].alias"), format!("`{}` already names a hex", a.alias)));
                continue;
            }
            self.by_key.insert(a.alias.clone(), id);
        }
        let mut listed: BTreeMap<SpaceId, usize> = BTreeMap::new();
        for (i, h) in m.hexes.iter().enumerate() {
            let Some(id) = self.hex_or_report(&h.hex, &format!("map.hexes[{i}].hex"), problems) else {
                continue;
            };
            // One entry a hex: a second would silently replace the first's name, VP and tags.
            if let Some(first) = listed.insert(id, i) {
                problems.push((format!("map.hexes[{i}].hex"), format!("{} is listed already (map.hexes[{first}])", h.hex)));
                continue;
            }
            let space = &mut self.spaces[id.index()];
            if let Some(t) = &h.terrain {
                match terrain_index.get(t.as_str()) {
                    Some(&ti) => space.terrain = Some(ti),
                    None => problems.push((format!("map.hexes[{i}].terrain"), format!("unknown terrain `{t}`"))),
                }
            }
            space.name.clone_from(&h.name);
            space.stacking = h.stacking;
            space.vp = h.vp;
            space.tags.clone_from(&h.tags);
            // A hex's own region overrides the region grid's; none leaves the grid's.
            if h.region.is_some() {
                space.region.clone_from(&h.region);
            }
        }
        // Adjacency between hexes.
        for id in 0..self.spaces.len() {
            if let SpaceKind::Hex { q, r, .. } = self.spaces[id].kind {
                for (dq, dr) in AXIAL_DIRS {
                    if let Some(&to) = self.by_axial.get(&(q + dq, r + dr)) {
                        self.edges[id].push(Edge { to, hexside: None, road: None, link_cost: None });
                    }
                }
            }
        }
        let hexside_index: BTreeMap<&str, usize> =
            m.hexside_types.iter().enumerate().map(|(i, t)| (t.id.as_str(), i)).collect();
        for (i, hs) in m.hexsides.iter().enumerate() {
            let path = format!("map.hexsides[{i}]");
            let Some(f) = hexside_index.get(hs.feature.as_str()).copied() else {
                problems.push((format!("{path}.feature"), format!("unknown hexside type `{}`", hs.feature)));
                continue;
            };
            let a = self.hex_or_report(&hs.between.0, &format!("{path}.between.0"), problems);
            let b = self.hex_or_report(&hs.between.1, &format!("{path}.between.1"), problems);
            if let (Some(a), Some(b)) = (a, b)
                && !self.set_edge(a, b, |e| e.hexside = Some(f))
            {
                problems.push((path, format!("hexes {} and {} are not adjacent", hs.between.0, hs.between.1)));
            }
        }
        for (i, road) in m.roads.iter().enumerate() {
            let ids: Vec<Option<SpaceId>> = road
                .hexes
                .iter()
                .enumerate()
                .map(|(j, k)| self.hex_or_report(k, &format!("map.roads[{i}].hexes[{j}]"), problems))
                .collect();
            for j in 1..ids.len() {
                if let (Some(a), Some(b)) = (ids[j - 1], ids[j])
                    && !self.set_edge(a, b, |e| e.road = Some(e.road.map_or(road.class, |c| better_road(c, road.class))))
                {
                    problems.push((
                        format!("map.roads[{i}].hexes[{j}]"),
                        format!("{} is not adjacent to {}", road.hexes[j], road.hexes[j - 1]),
                    ));
                }
            }
        }
        for (i, e) in m.edges.iter().enumerate() {
            for (j, k) in e.hexes.iter().enumerate() {
                self.hex_or_report(k, &format!("map.edges[{i}].hexes[{j}]"), problems);
            }
        }
        for (i, z) in m.sea_zones.iter().enumerate() {
            for (j, k) in z.coast.iter().enumerate() {
                self.hex_or_report(k, &format!("map.sea_zones[{i}].coast[{j}]"), problems);
            }
        }
        for (i, c) in m.initial_control.iter().enumerate() {
            for (j, k) in c.hexes.iter().enumerate() {
                self.hex_or_report(k, &format!("map.initial_control[{i}].hexes[{j}]"), problems);
            }
            for (j, (k, _)) in c.around.iter().enumerate() {
                self.hex_or_report(k, &format!("map.initial_control[{i}].around[{j}]"), problems);
            }
            for (j, r) in c.regions.iter().enumerate() {
                if !m.regions.iter().any(|d| &d.id == r) {
                    problems.push((format!("map.initial_control[{i}].regions[{j}]"), format!("unknown region `{r}`")));
                }
            }
        }
        for (i, bx) in m.boxes.iter().enumerate() {
            let linked = self.hex_or_report(&bx.linked_hex, &format!("map.boxes[{i}].linked_hex"), problems);
            if self.by_key.contains_key(&bx.id) {
                problems.push((format!("map.boxes[{i}].id"), format!("duplicate space id `{}`", bx.id)));
                continue;
            }
            let id = self.push(BoardSpace {
                key: String::from(&*bx.id),
                name: Some(bx.name.clone()),
                kind: SpaceKind::OffMap { sides: bx.sides.clone() },
                terrain: None,
                stacking: None,
                vp: 0,
                region: None,
                tags: bx.tags.clone(),
            });
            if let Some(h) = linked {
                let cost = Some(bx.cost);
                self.edges[id.index()].push(Edge { to: h, hexside: None, road: None, link_cost: cost });
                self.edges[h.index()].push(Edge { to: id, hexside: None, road: None, link_cost: cost });
            }
        }
    }

    fn build_area(&mut self, m: &super::schema::AreaMap, problems: &mut Problems) {
        if m.spaces.len() > MAX_SPACES {
            problems.push(("map.spaces".into(), format!("{} spaces; the limit is {MAX_SPACES}", m.spaces.len())));
            return;
        }
        let mut area_ids = Vec::new();
        for (i, sp) in m.spaces.iter().enumerate() {
            if self.by_key.contains_key(&sp.id) {
                problems.push((format!("map.spaces[{i}].id"), format!("duplicate space id `{}`", sp.id)));
                area_ids.push(None);
                continue;
            }
            let id = self.push(BoardSpace {
                key: String::from(&*sp.id),
                name: Some(sp.name.clone()),
                kind: SpaceKind::Area,
                terrain: None,
                stacking: None,
                vp: sp.vp,
                region: None,
                tags: Vec::new(),
            });
            area_ids.push(Some(id));
            let mut slot_ids = Vec::new();
            for (j, slot) in sp.slots.iter().enumerate() {
                let key = format!("{}/{}", sp.id, slot.id);
                if self.by_key.contains_key(&key) {
                    problems.push((format!("map.spaces[{i}].slots[{j}].id"), format!("duplicate slot `{key}`")));
                    continue;
                }
                slot_ids.push(self.push(BoardSpace {
                    key,
                    name: Some(slot.name.clone()),
                    kind: SpaceKind::Slot { parent: id, capacity: slot.capacity },
                    terrain: None,
                stacking: None,
                    vp: 0,
                    region: None,
                    tags: Vec::new(),
                }));
            }
            // A slot is entered from its space's open area, or from another slot of the same
            // space, for 1 MP (DI 17.1, 17.4).
            let link = |to| Edge { to, hexside: None, road: None, link_cost: Some(1) };
            for &s in &slot_ids {
                self.edges[id.index()].push(link(s));
                self.edges[s.index()].push(link(id));
                for &t in slot_ids.iter().filter(|t| **t != s) {
                    self.edges[s.index()].push(link(t));
                }
            }
        }
        for (i, sp) in m.spaces.iter().enumerate() {
            let Some(from) = area_ids[i] else { continue };
            for (j, link) in sp.links.iter().enumerate() {
                let to = match self.by_key.get(&link.to) {
                    Some(&to) if matches!(self.spaces[to.index()].kind, SpaceKind::Area) => to,
                    _ => {
                        problems.push((
                            format!("map.spaces[{i}].links[{j}]"),
                            format!("link to unknown space `{}`", link.to),
                        ));
                        continue;
                    }
                };
                if to == from {
                    problems.push((format!("map.spaces[{i}].links[{j}]"), "a space cannot link to itself".into()));
                    continue;
                }
                let edge = |to| Edge { to, hexside: None, road: None, link_cost: Some(link.cost) };
                if !self.edges[from.index()].iter().any(|e| e.to == to) {
                    self.edges[from.index()].push(edge(to));
                }
                if !link.one_way && !self.edges[to.index()].iter().any(|e| e.to == from) {
                    self.edges[to.index()].push(edge(from));
                }
            }
        }
        // Keep edge order independent of the order links were written in.
        for e in &mut self.edges {
            e.sort_by_key(|e| e.to);
        }
    }

    fn set_edge(&mut self, a: SpaceId, b: SpaceId, f: impl Fn(&mut Edge)) -> bool {
        let mut found = false;
        for (x, y) in [(a, b), (b, a)] {
            if let Some(e) = self.edges[x.index()].iter_mut().find(|e| e.to == y) {
                f(e);
                found = true;
            }
        }
        found
    }

    fn hex_or_report(&self, key: &str, path: &str, problems: &mut Problems) -> Option<SpaceId> {
        let id = self.space(key).filter(|id| matches!(self.spaces[id.index()].kind, SpaceKind::Hex { .. }));
        if id.is_none() {
            problems.push((path.to_string(), format!("`{key}` is not a hex of this map")));
        }
        id
    }

    /// Printed key of a hex.
    #[must_use]
    pub fn hex_key(&self, col: u32, row: u32) -> String {
        let w = self.key_width;
        format!("{col:0w$}{row:0w$}")
    }

    /// Looks a space up by key.
    #[must_use]
    pub fn space(&self, key: &str) -> Option<SpaceId> {
        self.by_key.get(key).copied()
    }

    #[must_use]
    pub fn key(&self, id: SpaceId) -> &str {
        &self.spaces[id.index()].key
    }

    /// The key of a space as a name (see `key_names`).
    #[must_use]
    pub fn key_name(&self, id: SpaceId) -> &smol_str::SmolStr {
        &self.key_names[id.index()]
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.spaces.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.spaces.is_empty()
    }

    /// Hex distance between two hexes (None if either is not a hex).
    #[must_use]
    pub fn distance(&self, a: SpaceId, b: SpaceId) -> Option<u32> {
        match (&self.spaces[a.index()].kind, &self.spaces[b.index()].kind) {
            (SpaceKind::Hex { q: q1, r: r1, .. }, SpaceKind::Hex { q: q2, r: r2, .. }) => {
                Some(axial_distance((*q1, *r1), (*q2, *r2)))
            }
            _ => None,
        }
    }

    /// The edges that lead into `space`, each with the space it leaves and its place among the
    /// edges out of that space (the place of its step in the class step tables).
    pub fn edges_into(&self, space: SpaceId) -> impl Iterator<Item = (SpaceId, usize, &Edge)> {
        self.into.get(space.index()).map_or(&[][..], Vec::as_slice).iter().map(|&(from, k)| (from, k as usize, &self.edges[from.index()][k as usize]))
    }

    /// The slots of an area space (its infrastructure boxes), in id order.
    pub fn slots_of(&self, space: SpaceId) -> std::iter::Copied<std::slice::Iter<'_, SpaceId>> {
        self.slots.get(space.index()).map_or(&[][..], Vec::as_slice).iter().copied()
    }

    /// The area a space belongs to: a slot's parent, or the space itself.
    #[must_use]
    #[inline]
    pub fn area_of(&self, space: SpaceId) -> SpaceId {
        self.footing[space.index()].area
    }

    /// What a search reads of a space at every step ([`Footing`]).
    #[must_use]
    #[inline]
    pub fn footing(&self, space: SpaceId) -> Footing {
        self.footing[space.index()]
    }

    /// The edge from `a` to `b`, if they are adjacent.
    #[must_use]
    pub fn edge(&self, a: SpaceId, b: SpaceId) -> Option<&Edge> {
        self.edges[a.index()].iter().find(|e| e.to == b)
    }

    /// Cost of entering terrain `t` for a movement class.
    #[must_use]
    pub fn terrain_cost(&self, t: usize, class: &str) -> MoveCost {
        self.class_cost(t, self.move_class(class))
    }

    /// Whether the terrain chart names a movement class.
    #[must_use]
    pub fn names_class(&self, class: &str) -> bool {
        self.move_classes.iter().any(|c| c == class)
    }

    /// The index of a movement class in the terrain chart (a class the chart does not name
    /// pays the default costs).
    #[must_use]
    pub fn move_class(&self, class: &str) -> MoveClass {
        MoveClass(self.move_classes.iter().position(|c| c == class).unwrap_or(self.move_classes.len()))
    }

    /// The index of a movement class in the terrain chart of a season (`None`: the usual
    /// costs; `Some(s)`: season `s` of the calendar).
    #[must_use]
    pub fn move_class_in(&self, class: &str, season: Option<usize>) -> MoveClass {
        let width = self.move_classes.len() + 1;
        let block = season.map_or(0, |s| s + 1);
        let MoveClass(k) = self.move_class(class);
        MoveClass(block * width + k)
    }

    /// A space's stacking limit: a slot's capacity, else the hex's own limit, else its
    /// terrain's (`None`: no limit).
    #[must_use]
    #[inline]
    pub fn stacking_limit(&self, space: SpaceId) -> Option<u32> {
        self.stacking_limits.get(space.index()).copied().filter(|&n| n != u32::MAX)
    }

    /// [`Board::stacking_limit`] from the space and the terrain chart, as the board is built.
    fn limit_of(&self, space: SpaceId) -> Option<u32> {
        let sp = &self.spaces[space.index()];
        match sp.kind {
            SpaceKind::Slot { capacity, .. } => Some(capacity),
            _ => sp.stacking.or_else(|| sp.terrain.and_then(|t| self.terrain_stacking.get(t).copied().flatten())),
        }
    }

    /// The steps out of every space for a class, in the order of each space's edges, with
    /// where each space's steps lie (`None` only for a board not built by [`Board::build`]).
    #[must_use]
    pub fn steps(&self, class: MoveClass) -> Option<(&[Step], &StepTable)> {
        let chart = Chart { footing: &self.footing, costs: &self.class_table, hexside_extra: &self.hexside_extra };
        Some((self.steps.of_class(class.0, &self.edges, chart)?, &self.steps))
    }

    /// The least cost (in movement parts) from every space to every space for a class, as
    /// `build` works it out on the first call for the class's index; `None` for a board too
    /// large to keep one ([`LeastCosts`]).
    pub fn least_costs(&self, class: MoveClass, build: impl FnOnce(MoveClass) -> Option<LeastCostTable>) -> Option<&LeastCostTable> {
        if self.spaces.len() > super::least_costs::MAX_SPACES {
            return None;
        }
        self.least.of_class(class.0, |k| build(MoveClass(k)))
    }

    /// Cost of entering terrain `t` for the class at index `class`.
    #[must_use]
    #[inline]
    pub fn class_cost(&self, t: usize, class: MoveClass) -> MoveCost {
        self.class_table.get(t, class.0)
    }

    /// Hex under the axial coordinates, if on the map.
    #[must_use]
    pub fn at_axial(&self, q: i32, r: i32) -> Option<SpaceId> {
        self.by_axial.get(&(q, r)).copied()
    }

    /// Whether a zone of control reaches along this edge: from a hex to a hex, across no
    /// hexside that blocks it (ToO 11.2).
    #[must_use]
    pub fn zoc_crosses(&self, e: &Edge) -> bool {
        self.footing[e.to.index()].kind == FootingKind::Hex && e.hexside.is_none_or(|f| !self.hexside_blocks_zoc[f])
    }
}

/// What one symbol of a grid layer says.
enum Cell<'a> {
    Void,
    Terrain(usize),
    Region(&'a str),
}

/// Reads a grid layer: one string per row, whitespace-separated symbols, one per column.
/// Every row and symbol that does not fit is reported; a cell left unread is `None`.
fn read_grid<'a>(lines: &[String], (columns, rows): (u32, u32), field: &str, symbol: impl Fn(&str) -> Option<Cell<'a>>, what: &str, problems: &mut Problems) -> Vec<Vec<Option<Cell<'a>>>> {
    if !lines.is_empty() && lines.len() != rows as usize {
        problems.push((field.into(), format!("has {} rows; the map has {rows}", lines.len())));
    }
    let mut out = Vec::new();
    for (ri, line) in lines.iter().enumerate().take(rows as usize) {
        let symbols: Vec<&str> = line.split_whitespace().collect();
        if symbols.len() != columns as usize {
            problems.push((format!("{field}[{ri}]"), format!("has {} symbols; the map has {columns} columns", symbols.len())));
        }
        let mut row = Vec::new();
        for (ci, sym) in symbols.iter().enumerate().take(columns as usize) {
            let cell = symbol(sym);
            if cell.is_none() {
                problems.push((format!("{field}[{ri}]"), format!("unknown {what} symbol `{sym}` in column {}", ci + 1)));
            }
            row.push(cell);
        }
        out.push(row);
    }
    out
}

fn better_road(a: RoadClass, b: RoadClass) -> RoadClass {
    use RoadClass::{FirstClass, Rail, Road};
    match (a, b) {
        (FirstClass, _) | (_, FirstClass) => FirstClass,
        (Road, _) | (_, Road) => Road,
        (Rail, Rail) => Rail,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Tutorial map convention (other-seeds 5.3): even columns shifted down; odd column c has
    // neighbours (c-1, r-1), (c-1, r), (c+1, r-1), (c+1, r).
    #[test]
    fn even_q_neighbours_match_printed_convention() {
        let a = offset_to_axial(HexOffset::EvenQ, 3, 5);
        for (c, r) in [(3, 4), (3, 6), (2, 4), (2, 5), (4, 4), (4, 5)] {
            assert_eq!(axial_distance(a, offset_to_axial(HexOffset::EvenQ, c, r)), 1, "{c}{r}");
        }
        let b = offset_to_axial(HexOffset::EvenQ, 4, 5);
        for (c, r) in [(4, 4), (4, 6), (3, 5), (3, 6), (5, 5), (5, 6)] {
            assert_eq!(axial_distance(b, offset_to_axial(HexOffset::EvenQ, c, r)), 1, "{c}{r}");
        }
        assert_eq!(axial_distance(a, offset_to_axial(HexOffset::EvenQ, 2, 6)), 2);
    }
}
