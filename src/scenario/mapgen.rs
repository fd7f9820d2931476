//! Map sources for big hex maps (`sandtable mapgen DIR`): a folder of hand-edited files from
//! which the map section of a scenario is written, so that nobody types a thousand hexes.
//!
//! - `features.ron`: the grid's size and numbering, the terrain chart, hexside types, regions,
//!   named cities, hexside features, roads and railways, map edges and hex aliases.
//! - `terrain.txt`: one line per printed row, `RR` then a space then one character per column
//!   (the terrain's `symbol`; a blank, or nothing at the end of the line, is no hex). Lines that
//!   do not start with a digit (column headers, notes) are skipped.
//! - `regions.txt` (optional): the same shape, one region `symbol` per hex (blank: no region).
//!
//! The output is deterministic: the same sources always give the same bytes (a test compares
//! the shipped file with a fresh run).

use std::collections::BTreeSet;
use std::path::Path;

use serde::Deserialize;

use super::diagnostics::{Diagnostic, Place, Report};
use super::mapgen_lines::{Grid, Railway, River, railway_hexes, river_hexsides};
use super::schema::{EdgeDef, HexAlias, HexDef, HexMap, HexOffset, HexsideDef, HexsideTypeDef, Map, MoveCost, RegionDef, RoadDef, TerrainDef, VOID_SYMBOL};

/// `features.ron`: everything about the map except the painted layers.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSources {
    pub columns: u32,
    pub rows: u32,
    pub first_column: u32,
    pub first_row: u32,
    pub offset: HexOffset,
    pub terrain: Vec<TerrainDef>,
    #[serde(default)]
    pub hexside_types: Vec<HexsideTypeDef>,
    /// Terrain of a hex the layer leaves unknown (never, when the layer is complete).
    pub default_terrain: String,
    #[serde(default)]
    pub regions: Vec<RegionDef>,
    /// Named hexes: cities and other places.
    #[serde(default)]
    pub cities: Vec<City>,
    #[serde(default)]
    pub hexsides: Vec<HexsideDef>,
    #[serde(default)]
    pub roads: Vec<RoadDef>,
    /// Railways through waypoint hexes (joined by straight hex lines).
    #[serde(default)]
    pub railways: Vec<Railway>,
    /// Rivers, canals and other hexside lines along waypoint hexsides.
    #[serde(default)]
    pub rivers: Vec<River>,
    #[serde(default)]
    pub edges: Vec<EdgeDef>,
    #[serde(default)]
    pub aliases: Vec<HexAlias>,
    /// Sea zones: their symbol in `zones.txt`; each zone's coast (the enterable hexes next to
    /// its sea hexes) is worked out.
    #[serde(default)]
    pub sea_zones: Vec<SeaZone>,
    /// Tags worked out from the map (`mapgen_tags`), added to the hexes' entries.
    #[serde(default)]
    pub tags: Vec<super::mapgen_tags::TagRule>,
    /// Decisions taken in drawing the map, written at the top of the output.
    #[serde(default)]
    pub notes: Vec<String>,
}

/// A sea zone of the sources.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeaZone {
    pub id: String,
    pub name: String,
    pub symbol: char,
    /// Hexes on the zone's coast that touch none of its painted hexes: ports on waters too
    /// narrow for a sea hex at the map's scale (a gulf, a bay).
    #[serde(default)]
    pub coast: Vec<String>,
}

/// A named hex.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct City {
    pub hex: String,
    pub name: String,
    /// Victory points (0: a place with a name and no value).
    #[serde(default)]
    pub vp: i32,
    /// Stacking points the hex holds, over its terrain's.
    #[serde(default)]
    pub stacking: Option<u32>,
    /// Tags the rules name the hex by (ToO 25: `special_city`).
    #[serde(default)]
    pub tags: Vec<String>,
}

/// Most bytes one source file may have.
const MAX_SOURCE_BYTES: u64 = 1 << 20;

/// The map file the sources in `dir` describe, as text; every problem of the sources otherwise.
pub fn generate(dir: &Path) -> Result<String, Report> {
    let name = |f: &str| dir.join(f).display().to_string();
    let read = |f: &str| super::files::read_text(&dir.join(f), MAX_SOURCE_BYTES).map_err(|e| Report(vec![Diagnostic::error(&name(f), Place::File, e)]));
    let features = read("features.ron")?;
    let src: MapSources = ron::Options::default().with_recursion_limit(64).from_str(&features).map_err(|e| {
        Report(vec![Diagnostic::error(&name("features.ron"), Place::Text { line: e.span.start.line, column: e.span.start.col }, e.code.to_string())])
    })?;
    let mut problems = Vec::new();
    let cells = layer(&src, &read("terrain.txt")?, &name("terrain.txt"), &mut problems);
    let regions = if dir.join("regions.txt").exists() { layer(&src, &read("regions.txt")?, &name("regions.txt"), &mut problems) } else { Vec::new() };
    if !problems.is_empty() {
        return Err(Report(problems));
    }
    let (roads, hexsides) = lines(&src, &cells).map_err(|e| Report(vec![Diagnostic::error(&name("features.ron"), Place::Field(e.0), e.1)]))?;
    let zone_cells = if dir.join("zones.txt").exists() { layer(&src, &read("zones.txt")?, &name("zones.txt"), &mut problems) } else { Vec::new() };
    let sea_zones = coasts(&src, &cells, &zone_cells, (&name("zones.txt"), &name("features.ron")), &mut problems);
    if !problems.is_empty() {
        return Err(Report(problems));
    }
    let grid = rows_of(&cells);
    let region_grid = rows_of(&regions);
    let mut hexes: Vec<HexDef> = src
        .cities
        .iter()
        .map(|c| HexDef { hex: c.hex.clone(), terrain: None, name: Some(c.name.clone()), region: None, stacking: c.stacking, vp: c.vp, objective: c.vp > 0, tags: c.tags.clone() })
        .collect();
    if !src.tags.is_empty() {
        let closed = closed_hexes(&src, &cells);
        let grid = grid_of(&src, &cells);
        let w = last(src.first_column, src.columns).max(last(src.first_row, src.rows)).to_string().len().max(2);
        let keys = (src.first_row..=last(src.first_row, src.rows)).flat_map(|r| (src.first_column..=last(src.first_column, src.columns)).map(move |c| format!("{c:0w$}{r:0w$}")));
        let open: BTreeSet<String> = keys.filter(|k| grid.contains(k) && !closed.contains(k)).collect();
        let region_of = |k: &str| -> Option<String> {
            let (c, r) = (k.get(..w)?.parse::<u32>().ok()?, k.get(w..)?.parse::<u32>().ok()?);
            let ch = *regions.get(r.checked_sub(src.first_row)? as usize)?.get(c.checked_sub(src.first_column)? as usize)?;
            (ch != ' ').then(|| ch.to_string())
        };
        let neighbours = |k: &str| grid.neighbours(k).into_iter().map(str::to_string).collect::<Vec<_>>();
        let drawn = super::mapgen_tags::Drawn { open: &open, region_of: &region_of, hexsides: &hexsides, zones: &sea_zones, neighbours: &neighbours };
        super::mapgen_tags::apply(&src, &drawn, &mut hexes, &name("features.ron"), &mut problems);
        if !problems.is_empty() {
            return Err(Report(problems));
        }
    }
    let map = Map::Hex(HexMap {
        columns: src.columns,
        rows: src.rows,
        first_column: src.first_column,
        first_row: src.first_row,
        offset: src.offset,
        terrain: src.terrain,
        hexside_types: src.hexside_types,
        default_terrain: src.default_terrain,
        grid,
        region_grid,
        aliases: src.aliases,
        hexes,
        hexsides,
        roads,
        sea_zones,
        edges: src.edges,
        regions: src.regions,
        boxes: Vec::new(),
        initial_control: Vec::new(),
        vp_tracks: Vec::new(),
        background: None,
    });
    let pretty = ron::ser::PrettyConfig::new().depth_limit(2).indentor("    ".to_string());
    let body = ron::ser::to_string_pretty(&map, pretty).map_err(|e| Report(vec![Diagnostic::error(&name("features.ron"), Place::File, e.to_string())]))?;
    // The folder by its name only: the same sources give the same bytes wherever they are.
    let folder = dir.file_name().map_or_else(|| dir.display().to_string(), |f| f.to_string_lossy().into_owned());
    let mut out = format!("// Written by `sandtable mapgen` from the folder `{folder}` beside this file: edit its files, not this one.\n");
    for n in &src.notes {
        out.push_str(&format!("// {n}\n"));
    }
    out.push_str(&body);
    out.push('\n');
    Ok(out)
}

/// The layer's rows as the map format writes them: whitespace-separated symbols, `_` for none.
fn rows_of(cells: &[Vec<char>]) -> Vec<String> {
    cells.iter().map(|row| row.iter().map(|&c| if c == ' ' { VOID_SYMBOL.to_string() } else { c.to_string() }).collect::<Vec<_>>().join(" ")).collect()
}

/// The roads and hexsides of the sources with their railways and rivers drawn in (the ones
/// listed by hand first; a hexside two lines share keeps the first). An error names its field.
fn lines(src: &MapSources, cells: &[Vec<char>]) -> Result<(Vec<RoadDef>, Vec<HexsideDef>), (String, String)> {
    let grid = grid_of(src, cells);
    // A hex whose terrain no unit may enter (sea, closed country) takes no railway.
    let closed = closed_hexes(src, cells);
    let mut roads = src.roads.clone();
    for (i, r) in src.railways.iter().enumerate() {
        roads.push(railway_hexes(&grid, r, |k| !closed.contains(k)).map_err(|e| (format!("railways[{i}] ({})", r.id), e))?);
    }
    let mut hexsides = src.hexsides.clone();
    let mut seen: BTreeSet<(String, String)> = hexsides.iter().map(|h| ordered(&h.between)).collect();
    for (i, river) in src.rivers.iter().enumerate() {
        let field = format!("rivers[{i}] ({})", river.id);
        if !src.hexside_types.iter().any(|t| t.id == river.feature) {
            return Err((format!("{field}.feature"), format!("unknown hexside type `{}`", river.feature)));
        }
        for h in river_hexsides(&grid, river).map_err(|e| (field.clone(), e))? {
            if seen.insert(ordered(&h.between)) {
                hexsides.push(h);
            }
        }
    }
    Ok((roads, hexsides))
}

/// Each sea zone with its coast: the hexes next to one of its hexes where units may stand (no
/// hex whose terrain is closed to them), in key order.
fn coasts(src: &MapSources, cells: &[Vec<char>], zones: &[Vec<char>], (file, features): (&str, &str), problems: &mut Vec<Diagnostic>) -> Vec<super::schema::SeaZoneDef> {
    let grid = grid_of(src, cells);
    let w = last(src.first_column, src.columns).max(last(src.first_row, src.rows)).to_string().len().max(2);
    let key = |ri: usize, ci: usize| format!("{:0w$}{:0w$}", src.first_column as usize + ci, src.first_row as usize + ri);
    let closed: BTreeSet<String> = closed_hexes(src, cells);
    let mut members: Vec<Vec<String>> = vec![Vec::new(); src.sea_zones.len()];
    for (ri, row) in zones.iter().enumerate() {
        for (ci, &ch) in row.iter().enumerate().filter(|(_, c)| **c != ' ') {
            match src.sea_zones.iter().position(|z| z.symbol == ch) {
                Some(z) if cells.get(ri).and_then(|r| r.get(ci)).is_some_and(|c| *c != ' ') => members[z].push(key(ri, ci)),
                Some(_) => problems.push(Diagnostic::error(file, Place::Field(format!("row {}", src.first_row as usize + ri)), format!("zone `{ch}` on {}, where the grid has no hex", key(ri, ci)))),
                None => problems.push(Diagnostic::error(file, Place::Field(format!("row {}", src.first_row as usize + ri)), format!("unknown zone symbol `{ch}` on {}", key(ri, ci)))),
            }
        }
    }
    src.sea_zones
        .iter()
        .zip(members)
        .map(|(z, hexes)| {
            let mut coast: BTreeSet<String> = hexes.iter().flat_map(|h| grid.neighbours(h)).filter(|n| !closed.contains(*n)).map(str::to_string).collect();
            for (k, h) in z.coast.iter().enumerate() {
                let field = || Place::Field(format!("sea_zones[{}].coast[{k}]", src.sea_zones.iter().position(|x| x.id == z.id).unwrap_or(0)));
                if closed.contains(h) || !grid.contains(h) {
                    problems.push(Diagnostic::error(features, field(), format!("{h} is not a hex where units may stand")));
                } else if !coast.insert(h.clone()) {
                    problems.push(Diagnostic::warning(features, field(), format!("{h} touches the zone already")));
                }
            }
            super::schema::SeaZoneDef { id: z.id.clone(), name: z.name.clone(), coast: coast.into_iter().collect() }
        })
        .collect()
}

fn last(first: u32, n: u32) -> u32 {
    first + n.max(1) - 1
}

/// The grid of the painted terrain layer (a blank is no hex).
fn grid_of(src: &MapSources, cells: &[Vec<char>]) -> Grid {
    let cell = |col: u32, row: u32| cells.get((row - src.first_row) as usize).and_then(|r| r.get((col - src.first_column) as usize)).copied();
    let aliases: Vec<(String, String)> = src.aliases.iter().map(|a| (a.alias.clone(), a.hex.clone())).collect();
    Grid::new(src.offset, src.first_column..=last(src.first_column, src.columns), src.first_row..=last(src.first_row, src.rows), |c, r| cell(c, r).is_some_and(|ch| ch != ' '), &aliases)
}

/// The hexes whose terrain no unit may enter (sea, closed country).
fn closed_hexes(src: &MapSources, cells: &[Vec<char>]) -> BTreeSet<String> {
    let cell = |col: u32, row: u32| cells.get((row - src.first_row) as usize).and_then(|r| r.get((col - src.first_column) as usize)).copied();
    let w = last(src.first_column, src.columns).max(last(src.first_row, src.rows)).to_string().len().max(2);
    (src.first_row..=last(src.first_row, src.rows))
        .flat_map(|r| (src.first_column..=last(src.first_column, src.columns)).map(move |c| (c, r)))
        .filter(|&(c, r)| cell(c, r).is_some_and(|ch| src.terrain.iter().any(|t| t.symbol == ch.to_string() && t.default_cost == MoveCost::Prohibited)))
        .map(|(c, r)| format!("{c:0w$}{r:0w$}"))
        .collect()
}

fn ordered((a, b): &(String, String)) -> (String, String) {
    if a <= b { (a.clone(), b.clone()) } else { (b.clone(), a.clone()) }
}

/// One painted layer: a row of characters per printed row (a blank for nothing there).
fn layer(src: &MapSources, text: &str, file: &str, problems: &mut Vec<Diagnostic>) -> Vec<Vec<char>> {
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = |column: usize| Place::Text { line: i + 1, column };
        if !line.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let (label, cells) = line.split_once(' ').unwrap_or((line, ""));
        let expected = src.first_row + rows.len() as u32;
        if label.parse::<u32>().ok() != Some(expected) {
            problems.push(Diagnostic::error(file, at(1), format!("row `{label}` where row {expected} was due")));
            return rows;
        }
        let cells: Vec<char> = cells.chars().collect();
        if cells.len() > src.columns as usize {
            problems.push(Diagnostic::error(file, at(label.len() + 2 + src.columns as usize), format!("{} columns; the map has {}", cells.len(), src.columns)));
        }
        rows.push((0..src.columns as usize).map(|c| cells.get(c).copied().unwrap_or(' ')).collect());
    }
    if rows.len() != src.rows as usize {
        problems.push(Diagnostic::error(file, Place::File, format!("{} rows; the map has {}", rows.len(), src.rows)));
    }
    rows
}
