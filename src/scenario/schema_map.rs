//! Map part of the scenario format: hex grids and area maps.

use serde::{Deserialize, Serialize};

use super::schema::{Attributes, default_color};

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[expect(clippy::large_enum_variant, reason = "one map per scenario: boxing would buy nothing")]
pub enum Map {
    Hex(HexMap),
    Area(AreaMap),
}

/// A hex grid with printed `CCRR` numbering.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HexMap {
    pub columns: u32,
    pub rows: u32,
    /// Printed number of the first column and row (usually 1, sometimes 0).
    #[serde(default = "one")]
    pub first_column: u32,
    #[serde(default = "one")]
    pub first_row: u32,
    /// Which printed columns or rows are shifted by half a hex.
    pub offset: HexOffset,
    /// Terrain types and their effects (the terrain effects chart).
    pub terrain: Vec<TerrainDef>,
    /// Hexside feature types (river, strait, lake edge...) and their effects.
    #[serde(default)]
    pub hexside_types: Vec<HexsideTypeDef>,
    /// Terrain of every hex not listed in `hexes` or `grid`.
    pub default_terrain: String,
    /// Compact terrain: one string per row, whitespace-separated terrain symbols, one per column.
    /// The symbol `_` (`VOID_SYMBOL`) is a position with no hex: a hole in the rectangle, or
    /// what lies beside a narrower sheet (ToO's Hejaz extension).
    #[serde(default)]
    pub grid: Vec<String>,
    /// Regions, in the same shape as `grid`: one region symbol (`regions[].symbol`) per hex,
    /// `_` for none (and on every hole of `grid`). `hexes[].region` overrides it.
    #[serde(default)]
    pub region_grid: Vec<String>,
    /// Other numbers of hexes: a second sheet's numbering of a hex of this grid (ToO 2.3: the
    /// Hejaz map's 5700 is the main grid's 3429). Anything that names a hex may use either.
    #[serde(default)]
    pub aliases: Vec<HexAlias>,
    /// Named or special hexes (terrain override, name, region, VP).
    #[serde(default)]
    pub hexes: Vec<HexDef>,
    #[serde(default)]
    pub hexsides: Vec<HexsideDef>,
    #[serde(default)]
    pub roads: Vec<RoadDef>,
    #[serde(default)]
    pub sea_zones: Vec<SeaZoneDef>,
    /// Named map edges (supply sources, entry hexes).
    #[serde(default)]
    pub edges: Vec<EdgeDef>,
    #[serde(default)]
    pub regions: Vec<RegionDef>,
    /// Off-map boxes connected to a hex.
    #[serde(default)]
    pub boxes: Vec<OffMapBox>,
    /// Who controls which hexes at the start (`rows` are printed row numbers).
    #[serde(default)]
    pub initial_control: Vec<ControlDef>,
    /// Track each side's VP hexes add to while it controls them.
    #[serde(default)]
    pub vp_tracks: Vec<VpTrack>,
    #[serde(default)]
    pub background: Option<Background>,
}

fn one() -> u32 {
    1
}

/// Offset convention of the printed grid (the Red Blob Games names).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum HexOffset {
    /// Flat-top hexes, even columns shifted half a hex down.
    EvenQ,
    /// Flat-top hexes, odd columns shifted half a hex down.
    OddQ,
    /// Pointy-top hexes, even rows shifted half a hex right.
    EvenR,
    /// Pointy-top hexes, odd rows shifted half a hex right.
    OddR,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TerrainDef {
    pub id: String,
    pub name: String,
    /// Symbol used in `grid`.
    pub symbol: String,
    #[serde(default = "default_color")]
    pub color: String,
    /// Movement cost per movement class; a class not listed uses `default_cost`.
    #[serde(default)]
    pub costs: Vec<ClassCost>,
    pub default_cost: MoveCost,
    /// Column shift for a defender in this terrain (negative = left, in the defender's favour).
    #[serde(default)]
    pub defender_shift: i32,
    /// Stacking points allowed in one hex of this terrain (per side), if limited. A unit counts
    /// its type's `stacking_points` (1 unless the type says otherwise).
    #[serde(default)]
    pub stacking: Option<u32>,
    /// Costs that replace `default_cost` and `costs` in one season (ToO 24.2: rough costs 3 in
    /// winter); a class not listed in the season keeps its usual cost.
    #[serde(default)]
    pub season_costs: Vec<SeasonCost>,
    /// Multiplies the defenders' strength (ToO 38.0: rough ×2). Of the multipliers an attack
    /// meets, the highest applies: they do not add up. Default 1.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub defense_multiplier: u32,
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

/// A terrain's movement cost in one season, for every class (`class: None`) or one.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SeasonCost {
    pub season: String,
    #[serde(default)]
    pub class: Option<String>,
    pub cost: MoveCost,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ClassCost {
    pub class: String,
    pub cost: MoveCost,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum MoveCost {
    Mp(u32),
    /// May be entered only along a road.
    RoadOnly,
    /// Uses all the unit's movement points (it must start adjacent).
    AllMp,
    Prohibited,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HexsideTypeDef {
    pub id: String,
    pub name: String,
    #[serde(default = "default_color")]
    pub color: String,
    /// MP added to cross (unless a road crosses it).
    #[serde(default)]
    pub extra_cost: u32,
    #[serde(default)]
    pub prohibited: bool,
    /// Shift when every attacker attacks across such a hexside.
    #[serde(default)]
    pub defender_shift: i32,
    /// Zones of control do not reach across it (ToO 11.2: all-sea and strait hexsides).
    #[serde(default)]
    pub blocks_zoc: bool,
    /// Multiplies the defenders' strength when every attacker attacks across such a hexside
    /// (ToO 38.0: rivers ×2); the highest multiplier of an attack applies. Default 1.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub defense_multiplier: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HexDef {
    pub hex: String,
    #[serde(default)]
    pub terrain: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub region: Option<String>,
    /// Stacking points allowed in this hex per side, instead of its terrain's (a feature that
    /// sets its own limit, such as a city).
    #[serde(default)]
    pub stacking: Option<u32>,
    /// Victory points for controlling the hex.
    #[serde(default)]
    pub vp: i32,
    #[serde(default)]
    pub objective: bool,
    /// Tags that rules name the hex by (ToO 25: `special_city`; ports, mobilisation hexes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HexsideDef {
    /// The two hexes that share the side; they must be adjacent.
    pub between: (String, String),
    pub feature: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RoadDef {
    pub id: String,
    pub class: RoadClass,
    /// A chain of adjacent hexes.
    pub hexes: Vec<String>,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum RoadClass {
    Road,
    /// A primary road that allows strategic movement.
    FirstClass,
    Rail,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SeaZoneDef {
    pub id: String,
    pub name: String,
    /// Coastal hexes that touch the zone.
    pub coast: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EdgeDef {
    pub id: String,
    pub name: String,
    pub hexes: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RegionDef {
    pub id: String,
    pub name: String,
    /// Its symbol in `region_grid`.
    #[serde(default)]
    pub symbol: Option<String>,
}

/// A second number for one hex (`HexMap::aliases`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HexAlias {
    pub alias: String,
    pub hex: String,
}

/// The grid symbol of a position with no hex (in `grid`) or of a hex in no region (in
/// `region_grid`).
pub const VOID_SYMBOL: &str = "_";

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OffMapBox {
    pub id: String,
    pub name: String,
    /// The hex the box connects to, and the MP cost of moving between them.
    pub linked_hex: String,
    pub cost: u32,
    /// Sides whose units may enter.
    pub sides: Vec<String>,
    /// Units in the box cannot be attacked. Default false.
    #[serde(default)]
    pub protected: bool,
    /// When a player turn ends with the linked hex held by a side that may not use the box,
    /// every unit in the box is eliminated; nobody may enter while that side holds it
    /// (tutorial 5.6, OD 16.1). Default false.
    #[serde(default)]
    pub lost_with_linked_hex: bool,
    /// Tags the rules name the box by, as a hex's (ToO: where bought fleets are placed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ControlDef {
    pub side: String,
    /// Printed row numbers (inclusive range) the side controls.
    #[serde(default)]
    pub rows: Option<(u32, u32)>,
    /// Every hex of these regions (ToO 35.5: the fronts by region).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<String>,
    /// Every hex within this many hexes of a hex, counted on the grid (ToO 36.5: Basra and
    /// every hex within 3 of it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub around: Vec<(String, u32)>,
    #[serde(default)]
    pub hexes: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct VpTrack {
    pub side: String,
    pub track: String,
}

/// A scanned map image under the grid, with the grid's calibration.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Background {
    /// Path relative to the scenario file; may not leave the scenario's folder.
    pub image: String,
    /// Pixel position of the centre of the first hex, and hex size (centre to corner) in pixels.
    pub origin: (f32, f32),
    pub hex_size: f32,
}

/// An area map: named spaces with slots and links.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AreaMap {
    pub spaces: Vec<SpaceDef>,
    /// A space with slots is controlled by the side whose units fill every slot; units of
    /// both sides in slots, or none, leave it uncontrolled (DI 18.2-18.22). Default false.
    #[serde(default)]
    pub control_by_slots: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SpaceDef {
    pub id: String,
    pub name: String,
    /// Drawing position (map units, origin top-left).
    #[serde(default)]
    pub position: (f32, f32),
    #[serde(default)]
    pub attributes: Attributes,
    /// Named sub-boxes (for example infrastructure boxes) with a unit capacity.
    #[serde(default)]
    pub slots: Vec<SlotDef>,
    #[serde(default)]
    pub links: Vec<LinkDef>,
    /// Which side controls it at the start.
    #[serde(default)]
    pub control: Option<String>,
    /// Its control never changes (DI 18.3: Kuwait and Saudi Arabia are always the CI's).
    #[serde(default)]
    pub permanent: bool,
    #[serde(default)]
    pub vp: i32,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SlotDef {
    pub id: String,
    pub name: String,
    pub capacity: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LinkDef {
    pub to: String,
    /// A one-way link may be used only from this space to `to`.
    #[serde(default)]
    pub one_way: bool,
    #[serde(default = "one")]
    pub cost: u32,
}
