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

use std::path::Path;

use serde::Deserialize;

use super::diagnostics::{Diagnostic, Place, Report};
use super::schema::{EdgeDef, HexAlias, HexDef, HexMap, HexOffset, HexsideDef, HexsideTypeDef, Map, RegionDef, RoadDef, TerrainDef, VOID_SYMBOL};

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
    #[serde(default)]
    pub edges: Vec<EdgeDef>,
    #[serde(default)]
    pub aliases: Vec<HexAlias>,
    /// Decisions taken in drawing the map, written at the top of the output.
    #[serde(default)]
    pub notes: Vec<String>,
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
    let grid = layer(&src, &read("terrain.txt")?, &name("terrain.txt"), &mut problems);
    let region_grid = if dir.join("regions.txt").exists() { layer(&src, &read("regions.txt")?, &name("regions.txt"), &mut problems) } else { Vec::new() };
    if !problems.is_empty() {
        return Err(Report(problems));
    }
    let hexes = src
        .cities
        .iter()
        .map(|c| HexDef { hex: c.hex.clone(), terrain: None, name: Some(c.name.clone()), region: None, stacking: c.stacking, vp: c.vp, objective: c.vp > 0 })
        .collect();
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
        hexsides: src.hexsides,
        roads: src.roads,
        sea_zones: Vec::new(),
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

/// One painted layer: a grid row per printed row, whitespace-separated symbols (`_` for a blank).
fn layer(src: &MapSources, text: &str, file: &str, problems: &mut Vec<Diagnostic>) -> Vec<String> {
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
        let symbols: Vec<String> = (0..src.columns as usize)
            .map(|c| match cells.get(c) {
                None | Some(' ') => VOID_SYMBOL.to_string(),
                Some(ch) => ch.to_string(),
            })
            .collect();
        rows.push(symbols.join(" "));
    }
    if rows.len() != src.rows as usize {
        problems.push(Diagnostic::error(file, Place::File, format!("{} rows; the map has {}", rows.len(), src.rows)));
    }
    rows
}
