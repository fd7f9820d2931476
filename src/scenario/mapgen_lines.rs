//! Lines of a map's sources drawn between waypoints (`sandtable mapgen`): a railway through
//! waypoint hexes becomes a chain of adjacent hexes, a river along waypoint hexsides becomes
//! the hexsides of a path along the hexes' corners. Designers give a waypoint every few hexes;
//! the generator fills in between, the same way every time.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};

use serde::Deserialize;

use super::board::offset_to_axial;
use super::schema::{HexOffset, HexsideDef, RoadClass, RoadDef};

/// A railway (or road) through waypoint hexes: straight hex lines join them.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Railway {
    pub id: String,
    #[serde(default = "rail")]
    pub class: RoadClass,
    pub via: Vec<String>,
}

fn rail() -> RoadClass {
    RoadClass::Rail
}

/// A river (or canal) along waypoint hexsides: the shortest paths along hex corners join them.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct River {
    pub id: String,
    /// The hexside type it is made of.
    pub feature: String,
    pub via: Vec<(String, String)>,
}

/// The hexes of the sources' grid: key to axial coordinates and back.
pub struct Grid {
    by_key: BTreeMap<String, (i32, i32)>,
    by_axial: BTreeMap<(i32, i32), String>,
}

impl Grid {
    /// Every hex that is not a hole (`present(col, row)`), keyed as the board keys them, and the
    /// aliases.
    pub fn new(offset: HexOffset, cols: std::ops::RangeInclusive<u32>, rows: std::ops::RangeInclusive<u32>, present: impl Fn(u32, u32) -> bool, aliases: &[(String, String)]) -> Grid {
        let w = cols.end().max(rows.end()).to_string().len().max(2);
        let mut g = Grid { by_key: BTreeMap::new(), by_axial: BTreeMap::new() };
        for row in rows {
            for col in cols.clone() {
                if present(col, row) {
                    let key = format!("{col:0w$}{row:0w$}");
                    let a = offset_to_axial(offset, col, row);
                    g.by_key.insert(key.clone(), a);
                    g.by_axial.insert(a, key);
                }
            }
        }
        for (alias, hex) in aliases {
            if let Some(&a) = g.by_key.get(hex) {
                g.by_key.insert(alias.clone(), a);
            }
        }
        g
    }

    fn at(&self, key: &str) -> Result<(i32, i32), String> {
        self.by_key.get(key).copied().ok_or_else(|| format!("`{key}` is not a hex of the grid"))
    }

    fn key(&self, a: (i32, i32)) -> Option<&str> {
        self.by_axial.get(&a).map(String::as_str)
    }

    /// The hexes next to `key` that the grid has.
    /// Whether the grid has a hex with this key.
    #[must_use]
    pub fn contains(&self, key: &str) -> bool {
        self.by_key.contains_key(key)
    }

    pub fn neighbours(&self, key: &str) -> Vec<&str> {
        let Ok((q, r)) = self.at(key) else { return Vec::new() };
        hexx::Hex::new(q, r).all_neighbors().iter().filter_map(|h| self.key((h.x, h.y))).collect()
    }
}

/// A railway's hexes: its waypoints joined by straight hex lines, every hex on the grid and,
/// by `open(key)`, enterable.
pub fn railway_hexes(grid: &Grid, r: &Railway, open: impl Fn(&str) -> bool) -> Result<RoadDef, String> {
    let mut hexes: Vec<String> = Vec::new();
    for w in r.via.windows(2) {
        let (a, b) = (grid.at(&w[0])?, grid.at(&w[1])?);
        for h in hexx::Hex::new(a.0, a.1).line_to(hexx::Hex::new(b.0, b.1)) {
            let Some(key) = grid.key((h.x, h.y)) else {
                return Err(format!("the line from {} to {} leaves the grid: add a waypoint", w[0], w[1]));
            };
            if !open(key) {
                return Err(format!("the line from {} to {} runs through {key}, where no unit may go: add a waypoint", w[0], w[1]));
            }
            if hexes.last().map(String::as_str) != Some(key) {
                hexes.push(key.to_string());
            }
        }
    }
    if r.via.len() == 1 {
        grid.at(&r.via[0])?;
        hexes.push(r.via[0].clone());
    }
    Ok(RoadDef { id: r.id.clone(), class: r.class, hexes })
}

/// A corner of a flat-top hex, in whole units: twice its x, and its y over half the height of
/// a hex side's rise (so that every corner of the grid has whole coordinates).
type Corner = (i32, i32);

/// The six corners of the flat-top hex at axial `(q, r)`, in order around it.
fn corners((q, r): (i32, i32)) -> [Corner; 6] {
    let (x, y) = (3 * q, 2 * r + q);
    [(x + 2, y), (x + 1, y + 1), (x - 1, y + 1), (x - 2, y), (x - 1, y - 1), (x + 1, y - 1)]
}

/// The corner's position in hex units (centres one unit of `sqrt 3` apart).
fn position((x, y): Corner) -> (f64, f64) {
    (f64::from(x) / 2.0, f64::from(y) * 3f64.sqrt() / 2.0)
}

/// The hexsides of a river: its waypoint hexsides and the paths along corners between them.
/// Every waypoint must be a side between two adjacent hexes of the grid; hexsides of the path on
/// the grid's edge (one hex only) are left out.
pub fn river_hexsides(grid: &Grid, river: &River) -> Result<Vec<HexsideDef>, String> {
    // Every side of the grid by its two corners, with the hexes on each side of it.
    let mut sides: BTreeMap<(Corner, Corner), Vec<&str>> = BTreeMap::new();
    for (key, &a) in &grid.by_key {
        if grid.key(a) != Some(key.as_str()) {
            continue; // an alias
        }
        let c = corners(a);
        for k in 0..6 {
            let (u, v) = (c[k], c[(k + 1) % 6]);
            sides.entry((u.min(v), u.max(v))).or_default().push(key);
        }
    }
    let mut next: BTreeMap<Corner, Vec<Corner>> = BTreeMap::new();
    for &(u, v) in sides.keys() {
        next.entry(u).or_default().push(v);
        next.entry(v).or_default().push(u);
    }
    let side_of = |(a, b): &(String, String)| -> Result<(Corner, Corner), String> {
        let (ca, cb) = (corners(grid.at(a)?), corners(grid.at(b)?));
        let shared: Vec<Corner> = ca.iter().filter(|c| cb.contains(c)).copied().collect();
        match shared[..] {
            [u, v] => Ok((u.min(v), u.max(v))),
            _ => Err(format!("{a} and {b} are not adjacent")),
        }
    };
    let waypoints = river.via.iter().map(side_of).collect::<Result<Vec<_>, _>>()?;
    let mut path: Vec<(Corner, Corner)> = Vec::new();
    for (i, w) in waypoints.iter().enumerate() {
        path.push(*w);
        if let Some(to) = waypoints.get(i + 1) {
            path.extend(corner_path(&next, *w, *to));
        }
    }
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for side in path {
        if let Some([a, b]) = sides.get(&side).map(Vec::as_slice)
            && seen.insert(side)
        {
            let (a, b) = if a <= b { (a, b) } else { (b, a) };
            out.push(HexsideDef { between: ((*a).to_string(), (*b).to_string()), feature: river.feature.clone() });
        }
    }
    Ok(out)
}

/// The sides of the shortest path along corners from either end of side `from` to either end of
/// side `to`; among the shortest, the one that keeps closest to the straight line between the
/// two sides' middles (the sum of the squared distances of its corners from it).
fn corner_path(next: &BTreeMap<Corner, Vec<Corner>>, from: (Corner, Corner), to: (Corner, Corner)) -> Vec<(Corner, Corner)> {
    let mid = |(u, v): (Corner, Corner)| {
        let (a, b) = (position(u), position(v));
        ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
    };
    let (p, q) = (mid(from), mid(to));
    let off = |c: Corner| {
        let (x, y) = position(c);
        let (dx, dy) = (q.0 - p.0, q.1 - p.1);
        let len2 = dx * dx + dy * dy;
        let t = if len2 == 0.0 { 0.0 } else { (((x - p.0) * dx + (y - p.1) * dy) / len2).clamp(0.0, 1.0) };
        let (ex, ey) = (p.0 + t * dx - x, p.1 + t * dy - y);
        ex * ex + ey * ey
    };
    // Dijkstra on (corners passed, distance from the line), ties to the lower corner.
    let mut best: BTreeMap<Corner, (u32, f64, Option<Corner>)> = BTreeMap::new();
    let mut heap = BinaryHeap::new();
    for c in [from.0, from.1] {
        best.insert(c, (0, 0.0, None));
        heap.push(Step { steps: 0, off: 0.0, corner: c });
    }
    let limit = 4.0 + (p.0 - q.0).hypot(p.1 - q.1);
    let mut end = None;
    while let Some(Step { steps, off: o, corner }) = heap.pop() {
        if best.get(&corner).is_some_and(|b| (b.0, b.1) != (steps, o)) {
            continue;
        }
        if corner == to.0 || corner == to.1 {
            end = Some(corner);
            break;
        }
        for &n in next.get(&corner).map_or(&[][..], Vec::as_slice) {
            let d = off(n);
            if d.sqrt() > limit {
                continue;
            }
            let cand = (steps + 1, o + d);
            let better = best.get(&n).is_none_or(|b| cand.0 < b.0 || cand.0 == b.0 && cand.1 < b.1);
            if better {
                best.insert(n, (cand.0, cand.1, Some(corner)));
                heap.push(Step { steps: cand.0, off: cand.1, corner: n });
            }
        }
    }
    let mut out = Vec::new();
    let mut at = end;
    while let Some(c) = at {
        let prev = best.get(&c).and_then(|b| b.2);
        if let Some(p) = prev {
            out.push((p.min(c), p.max(c)));
        }
        at = prev;
    }
    out.reverse();
    out
}

/// A corner to look at, by the path's length and distance from the line (least first).
#[derive(PartialEq)]
struct Step {
    steps: u32,
    off: f64,
    corner: Corner,
}

impl Eq for Step {}

impl Ord for Step {
    fn cmp(&self, o: &Self) -> Ordering {
        o.steps.cmp(&self.steps).then_with(|| o.off.total_cmp(&self.off)).then_with(|| o.corner.cmp(&self.corner))
    }
}

impl PartialOrd for Step {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
