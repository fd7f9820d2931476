//! A map kept in a file of its own (`map: File((path: "map.ron", ...))`): the scenarios of one
//! game share one big map (ToO 35-37 on the map `sandtable mapgen` writes), and each adds what
//! is its own: who holds which hexes when it begins, which track the VP hexes score on, tags
//! its rules give hexes (ToO 36.4: ports at Basra, Jidda and Yenbo) and off-map boxes.
//!
//! The file is read while the scenario parses, from the scenario's folder (the path may not
//! leave it), so a scenario always loads whole or reports where it went wrong: a problem in the
//! map file is reported at the `File(...)` of the scenario, naming the map file's line and
//! column. The map file's bytes are part of the scenario's content hash.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Deserializer};

use super::schema::{AreaMap, ControlDef, HexDef, HexMap, Map, OffMapBox, VpTrack};

/// What a scenario writes where a map would stand.
#[derive(Deserialize)]
#[expect(clippy::large_enum_variant, reason = "read once per scenario and taken apart at once")]
enum MapField {
    Hex(HexMap),
    Area(AreaMap),
    File(MapFile),
}

/// A map from a file, with the scenario's own additions.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    /// Relative to the scenario's folder, inside it.
    path: String,
    /// Added after the file's own (later entries win).
    #[serde(default)]
    initial_control: Vec<ControlDef>,
    #[serde(default)]
    vp_tracks: Vec<VpTrack>,
    /// Tags added to hexes (to their entry in the file's `hexes`, or in a new one).
    #[serde(default)]
    tags: Vec<(String, Vec<String>)>,
    /// Off-map boxes added after the file's own (ToO: where each side's fleets wait).
    #[serde(default)]
    boxes: Vec<OffMapBox>,
}

/// The scenario being read on this thread: its folder, and the map file's bytes once read.
struct Reading {
    base: Option<PathBuf>,
    bytes: Option<Vec<u8>>,
}

thread_local! {
    static READING: RefCell<Option<Reading>> = const { RefCell::new(None) };
}

/// Runs `parse` with `base` as the folder a map file is read from; returns what it gave and the
/// map file's bytes, if one was read. `base` none: a map file is refused (text with no folder).
pub fn reading_from<T>(base: Option<&Path>, parse: impl FnOnce() -> T) -> (T, Option<Vec<u8>>) {
    let before = READING.with(|r| r.borrow_mut().replace(Reading { base: base.map(Path::to_path_buf), bytes: None }));
    let out = parse();
    let bytes = READING.with(|r| std::mem::replace(&mut *r.borrow_mut(), before)).and_then(|r| r.bytes);
    (out, bytes)
}

/// `deserialize_with` for `Scenario::map`.
pub fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Map, D::Error> {
    match MapField::deserialize(d)? {
        MapField::Hex(m) => Ok(Map::Hex(m)),
        MapField::Area(m) => Ok(Map::Area(m)),
        MapField::File(f) => resolve(f).map_err(serde::de::Error::custom),
    }
}

fn resolve(f: MapFile) -> Result<Map, String> {
    let base = READING.with(|r| r.borrow().as_ref().map(|r| r.base.clone()));
    let Some(Some(base)) = base else {
        return Err(format!("map file `{}`: a map file is read only from a scenario file's folder", f.path));
    };
    let full = super::validate_assets::inside(&base, &f.path, "map file")?;
    let text = super::files::read_text(&full, super::load::MAX_FILE_BYTES).map_err(|e| format!("map file `{}`: {e}", f.path))?;
    let options = ron::Options::default().with_recursion_limit(64);
    let map: Map = options.from_str(&text).map_err(|e| {
        let code = super::files::shorten(&e.code.to_string());
        format!("map file `{}`, line {}, column {}: {code}", f.path, e.span.start.line, e.span.start.col)
    })?;
    READING.with(|r| {
        if let Some(r) = r.borrow_mut().as_mut() {
            r.bytes = Some(text.into_bytes());
        }
    });
    let Map::Hex(mut m) = map else {
        return Err(format!("map file `{}`: holds an area map; only hex maps are read from files", f.path));
    };
    m.initial_control.extend(f.initial_control);
    m.vp_tracks.extend(f.vp_tracks);
    m.boxes.extend(f.boxes);
    for (hex, tags) in f.tags {
        match m.hexes.iter_mut().find(|h| h.hex == hex) {
            Some(h) => {
                for t in tags {
                    if !h.tags.contains(&t) {
                        h.tags.push(t);
                    }
                }
            }
            None => m.hexes.push(HexDef { hex, terrain: None, name: None, region: None, stacking: None, vp: 0, objective: false, tags }),
        }
    }
    Ok(Map::Hex(m))
}
