//! Hex tags of map sources worked out from what the map already says (`tags` in
//! `features.ron`): the hexes along a kind of hexside, a sea zone's coast, a region's edge row.
//! A designer names the rule; nobody types the hundreds of hexes it gives (ToO 7.4: the Russian
//! north edge; 21: the waters a flotilla sails).

use std::collections::BTreeSet;

use serde::Deserialize;

use super::diagnostics::{Diagnostic, Place};
use super::mapgen::MapSources;
use super::schema::{HexDef, HexsideDef, SeaZoneDef};

/// One tag and the hexes it goes on: `hexes`, the hexes on either side of a hexside of a
/// `beside` type, and the coasts of the `coast_of` zones (every hex where units may stand when
/// the three are empty); of those, only the ones in `regions` and `rows` where they are given,
/// never the `except` hexes.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TagRule {
    pub tag: String,
    #[serde(default)]
    pub hexes: Vec<String>,
    #[serde(default)]
    pub beside: Vec<String>,
    #[serde(default)]
    pub coast_of: Vec<String>,
    /// Every city with victory points (an objective hex of the features' `cities`).
    #[serde(default)]
    pub cities: bool,
    /// Hexes next to a hex of one of these regions, not in one (a border: ToO 7.4 Bulgaria).
    #[serde(default)]
    pub next_to: Vec<String>,
    #[serde(default)]
    pub regions: Vec<String>,
    #[serde(default)]
    pub rows: Option<(u32, u32)>,
    #[serde(default)]
    pub except: Vec<String>,
    /// Only hexes that already carry one of these tags (a city's, or an earlier rule's).
    #[serde(default)]
    pub tagged: Vec<String>,
}

/// What the tag rules need of the map being written.
pub struct Drawn<'a> {
    /// Every hex where units may stand, in key order.
    pub open: &'a BTreeSet<String>,
    /// The region symbol of a hex, if it has one.
    pub region_of: &'a dyn Fn(&str) -> Option<String>,
    pub hexsides: &'a [HexsideDef],
    pub zones: &'a [SeaZoneDef],
    pub neighbours: &'a dyn Fn(&str) -> Vec<String>,
}

/// Adds each rule's tag to its hexes: to their entry in `hexes`, or in a new entry at the end
/// (in key order). A rule that names what the map lacks, or gives no hex, is a problem.
pub fn apply(src: &MapSources, map: &Drawn, hexes: &mut Vec<HexDef>, file: &str, problems: &mut Vec<Diagnostic>) {
    for (i, rule) in src.tags.iter().enumerate() {
        let mut err = |field: String, m: String| problems.push(Diagnostic::error(file, Place::Field(format!("tags[{i}]{field}")), m));
        let mut base: BTreeSet<String> = BTreeSet::new();
        for (j, h) in rule.hexes.iter().chain(&rule.except).enumerate() {
            if !map.open.contains(h) {
                err(format!(".hexes[{j}]"), format!("{h} is not a hex where units may stand"));
            }
        }
        base.extend(rule.hexes.iter().cloned());
        for (j, f) in rule.beside.iter().enumerate() {
            if !src.hexside_types.iter().any(|t| &t.id == f) {
                err(format!(".beside[{j}]"), format!("unknown hexside type `{f}`"));
            }
            for h in map.hexsides.iter().filter(|h| &h.feature == f) {
                base.extend([h.between.0.clone(), h.between.1.clone()].into_iter().filter(|k| map.open.contains(k)));
            }
        }
        for (j, z) in rule.coast_of.iter().enumerate() {
            match map.zones.iter().find(|d| &d.id == z) {
                Some(d) => base.extend(d.coast.iter().cloned()),
                None => err(format!(".coast_of[{j}]"), format!("unknown sea zone `{z}`")),
            }
        }
        for (j, r) in rule.next_to.iter().enumerate() {
            let Some(Some(sym)) = src.regions.iter().find(|d| &d.id == r).map(|d| d.symbol.clone()) else {
                err(format!(".next_to[{j}]"), format!("unknown region `{r}`, or one with no symbol"));
                continue;
            };
            let inside = |k: &str| (map.region_of)(k).as_ref() == Some(&sym);
            for k in map.open.iter().filter(|k| !inside(k)) {
                if (map.neighbours)(k).iter().any(|n| inside(n)) {
                    base.insert(k.clone());
                }
            }
        }
        if rule.cities {
            base.extend(src.cities.iter().filter(|c| c.vp > 0).map(|c| c.hex.clone()));
        }
        if rule.hexes.is_empty() && rule.beside.is_empty() && rule.coast_of.is_empty() && rule.next_to.is_empty() && !rule.cities {
            base.extend(map.open.iter().cloned());
        }
        let symbols: Vec<Option<String>> = rule
            .regions
            .iter()
            .enumerate()
            .map(|(j, r)| {
                let s = src.regions.iter().find(|d| &d.id == r).map(|d| d.symbol.clone());
                if s.is_none() {
                    err(format!(".regions[{j}]"), format!("unknown region `{r}`"));
                }
                s.flatten()
            })
            .collect();
        let row_of = |k: &str| k.get(k.len() / 2..).and_then(|r| r.parse::<u32>().ok());
        let tagged: Vec<String> = base
            .into_iter()
            .filter(|k| rule.regions.is_empty() || (map.region_of)(k).is_some_and(|s| symbols.contains(&Some(s))))
            .filter(|k| rule.rows.is_none_or(|(a, b)| row_of(k).is_some_and(|r| (a..=b).contains(&r))))
            .filter(|k| !rule.except.contains(k))
            .filter(|k| rule.tagged.is_empty() || hexes.iter().any(|h| &h.hex == k && h.tags.iter().any(|t| rule.tagged.contains(t))))
            .collect();
        if tagged.is_empty() {
            err(String::new(), format!("the tag `{}` goes on no hex", rule.tag));
        }
        for k in tagged {
            match hexes.iter_mut().find(|h| h.hex == k) {
                Some(h) if !h.tags.contains(&rule.tag) => h.tags.push(rule.tag.clone()),
                Some(_) => {}
                None => hexes.push(HexDef { hex: k, terrain: None, name: None, region: None, stacking: None, vp: 0, objective: false, tags: vec![rule.tag.clone()] }),
            }
        }
    }
}
