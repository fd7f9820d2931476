//! Retreat paths: each hex farther from the combat hex than the one before; never into enemy
//! units, impassable terrain or an enemy ZOC (unless a friendly unit is there, when the game
//! says so); a retreat that ends overstacked goes on until it is not (tutorial 5.7.7, OD 10.13).
//! ToO 13's variants (`rules.retreat`): enemy zones entered at a cost, elimination when cut
//! short, the path that harms least, fortresses that shelter.

use super::movement::{edge_cost, enemy_zoc};
use super::stacking::{stacking_limit, stacking_points};
use crate::scenario::board::SpaceKind;
use crate::scenario::schema::{CutShort, RetreatZoc, UnitFlag};
use crate::model::view::has_flag;
use crate::model::view::{UnitView, UnitsView, is_static};
use crate::model::{Game, SpaceId};

/// Where the other units are while one unit retreats: units already moved by earlier retreats
/// in the same answer count at their new hexes.
#[derive(Clone, Debug)]
pub struct RetreatWorld<'a> {
    pub units: &'a UnitsView,
    /// Control and the rail nets (ToO 16.4: armoured trains retreat along their side's net).
    pub control: &'a crate::model::Control,
    /// (unit id, new hex) of retreats already made in this answer.
    pub moved: Vec<(String, SpaceId)>,
}

impl RetreatWorld<'_> {
    fn space_of(&self, u: &UnitView) -> Option<SpaceId> {
        self.moved.iter().find(|(id, _)| **id == *u.id).map(|(_, s)| *s).or_else(|| u.space())
    }

    fn count(&self, game: &Game, space: SpaceId, side: usize, except: &str) -> (u32, bool, bool) {
        // (own stacking points, any enemy, any friendly) in a space.
        let mut own = 0;
        let (mut enemy, mut friend) = (false, false);
        for u in self.units.all() {
            if &*u.id == except || self.space_of(u) != Some(space) {
                continue;
            }
            if u.side == side {
                own += stacking_points(game, u.type_index);
                friend = true;
            } else {
                enemy = true;
            }
        }
        (own, enemy, friend)
    }
}

/// Why a single retreat step from `from` to `to` is illegal, if it is.
fn step_rejection(game: &Game, w: &RetreatWorld, unit: &UnitView, combat: SpaceId, from: SpaceId, to: SpaceId, zoc: &[bool]) -> Option<String> {
    let b = &game.board;
    let key = b.key(to);
    let Some(edge) = b.edge(from, to) else { return Some(format!("{key} is not adjacent to {}", b.key(from))) };
    if !matches!(b.spaces[to.index()].kind, SpaceKind::Hex { .. }) {
        return Some(format!("{key} is not a map hex"));
    }
    if super::entry_bans::banned_from(game, w.units, unit, to) {
        return Some(format!("{key} may never be entered by {} (an entry ban or its region)", unit.id));
    }
    // ToO 28.4: a unit that never shares its hex is not retreated into, nor through [I].
    if super::stacking::alone_clash(game, w.units, to, unit.type_index, Some(unit.rank)) {
        return Some(format!("{key}: a unit that never shares its hex is there, or {} never does (28.4)", unit.id));
    }
    if !super::waters::in_waters(game, unit.type_index, to) {
        return Some(format!("{key} is not in {}'s waters (ToO 21.3)", unit.id));
    }
    if !super::rail::bound_step(game, w.control, unit, from, edge) {
        return Some(format!("{key} is off {}'s rail net (a unit bound to it)", game.side_id(unit.side)));
    }
    let class = b.move_class(&game.scenario.unit_types[unit.type_index].movement_class);
    // Interdiction lasts only for movement phases; retreats are not slowed by it.
    if edge_cost(game, from, edge, class, u32::MAX / 4, &[], &std::collections::BTreeSet::new()).is_none() {
        return Some(format!("{key} cannot be entered (terrain or hexside)"));
    }
    let (df, dt) = (b.distance(combat, from).unwrap_or(0), b.distance(combat, to).unwrap_or(0));
    if dt <= df {
        return Some(format!("{key} is not farther from the combat hex {}", b.key(combat)));
    }
    let (_, enemy, friend) = w.count(game, to, unit.side, &unit.id);
    if enemy {
        return Some(format!("{key} holds enemy units"));
    }
    // ToO 13.2(2): where the game charges for it, a retreat may enter an enemy zone.
    let barred = game.scenario.rules.retreat.enemy_zoc == RetreatZoc::Barred;
    if barred && zoc[to.index()] && !(friend && game.scenario.rules.zoc.friendly_negates_for_retreat) {
        return Some(format!("{key} is in an enemy zone of control"));
    }
    None
}

fn overstacked(game: &Game, w: &RetreatWorld, unit: &UnitView, at: SpaceId) -> bool {
    stacking_limit(game, at).is_some_and(|limit| w.count(game, at, unit.side, &unit.id).0 + stacking_points(game, unit.type_index) > limit)
}

/// What a checked retreat comes to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Retreat {
    /// Where the unit ends; none: it is eliminated (cut short, or over the limit with nowhere
    /// to go).
    pub end: Option<SpaceId>,
    /// Steps it loses for the hexes it could not retreat (`CutShort::PaysSteps`).
    pub short: u32,
    /// Enemy-ZOC hexes it entered and pays for (`RetreatZoc::Costs`, ToO 13.2(2)).
    pub zoc_hexes: u32,
    /// It ends over the stacking limit, where limits hold only at phase ends (ToO 13.2(4)).
    pub over_limit: bool,
    /// It ignores the retreat, sheltered by a fortress (ToO 13.4).
    pub sheltered: bool,
}

impl Retreat {
    /// The stacking points the unit owes for the enemy zones it entered (ToO 13.2(2)).
    #[must_use]
    pub fn zoc_debt(&self, game: &Game) -> u32 {
        match game.scenario.rules.retreat.enemy_zoc {
            RetreatZoc::Costs(n) => n * self.zoc_hexes,
            RetreatZoc::Barred => 0,
        }
    }

    /// How badly the retreat harms the unit, worst first (ToO 13.2(7)): its elimination, the
    /// steps it loses, the enemy zones it enters, ending over the limit.
    fn harm(&self, game: &Game, unit: &UnitView) -> (bool, u32, u32, bool) {
        let debt = self.zoc_debt(game);
        let eliminated = self.end.is_none() || (debt > 0 && debt >= stacking_points(game, unit.type_index));
        (eliminated, self.short, self.zoc_hexes, self.over_limit)
    }
}

/// Whether any retreat variant of ToO 13 is on (the tutorial's retreat otherwise).
fn variants_on(game: &Game) -> bool {
    let r = &game.scenario.rules.retreat;
    r.enemy_zoc != RetreatZoc::Barred || r.cut_short != CutShort::PaysSteps || r.least_harm || r.fortress_shelters
}

/// ToO 13.4: a friendly fortress (other than the unit) stands in `at`.
fn fortress_at(game: &Game, w: &RetreatWorld, unit: &UnitView, at: SpaceId) -> bool {
    game.scenario.rules.retreat.fortress_shelters
        && w.units.all().iter().any(|u| u.side == unit.side && u.rank != unit.rank && w.space_of(u) == Some(at) && has_flag(game, u.type_index, UnitFlag::Fortress))
}

/// ToO 13.4: a fortress ignores retreat results, and the units with a friendly one may.
#[must_use]
pub fn may_stay(game: &Game, w: &RetreatWorld, unit: &UnitView) -> bool {
    game.scenario.rules.retreat.fortress_shelters
        && (has_flag(game, unit.type_index, UnitFlag::Fortress) || w.space_of(unit).is_some_and(|at| fortress_at(game, w, unit, at)))
}

/// Whether entering `to` counts as entering an enemy zone of control for this unit.
fn enters_zoc(game: &Game, w: &RetreatWorld, unit: &UnitView, to: SpaceId, zoc: &[bool]) -> bool {
    if !zoc[to.index()] || has_flag(game, unit.type_index, UnitFlag::RetreatsThroughZoc) {
        return false;
    }
    let (_, _, friend) = w.count(game, to, unit.side, &unit.id);
    !(friend && game.scenario.rules.zoc.friendly_negates_for_retreat)
}

/// Checks a unit's retreat of `hexes` hexes along `path`: where it ends and what it pays. A
/// path longer than `hexes` is legal only while each hex it leaves would be overstacked (where
/// limits hold on entry and the game says so). With `rules.retreat.least_harm`, a path that
/// harms the unit more than another would is refused (ToO 13.2(7)).
pub fn check_retreat(game: &Game, w: &RetreatWorld, unit: &UnitView, combat: SpaceId, hexes: u32, path: &[String]) -> Result<Retreat, String> {
    let r = check_path(game, w, unit, combat, hexes, path)?;
    if game.scenario.rules.retreat.least_harm
        && let Some((best, better)) = best_retreat(game, w, unit, combat, hexes)
        && better.harm(game, unit) < r.harm(game, unit)
    {
        let shown = if best.is_empty() { "staying".to_string() } else { best.join("-") };
        return Err(format!("`{}` has a retreat that harms it less ({shown}): it must take such a path (elimination, enemy zones, overstacking are avoided where possible)", unit.id));
    }
    Ok(r)
}

fn check_path(game: &Game, w: &RetreatWorld, unit: &UnitView, combat: SpaceId, hexes: u32, path: &[String]) -> Result<Retreat, String> {
    let Some(start) = w.space_of(unit) else { return Err(format!("`{}` is not on the map", unit.id)) };
    // ToO 13.4: a fortress, and the units with one, may ignore the retreat.
    if path.is_empty() && may_stay(game, w, unit) {
        return Ok(Retreat { end: Some(start), sheltered: true, ..Retreat::default() });
    }
    if is_static(game, unit) && !path.is_empty() {
        return Err(format!("`{}` never moves once placed (a static unit): it pays its retreat in steps", unit.id));
    }
    let rules = &game.scenario.rules;
    // Going on while overstacked is for games whose limits hold on entry; elsewhere stacking
    // is checked at the end of the phase (ToO 13.2(4)).
    let on_entry = super::stacking::checked_on_entry(game);
    let continues = rules.losses.overstacked_retreat_continues && on_entry;
    let zoc = enemy_zoc(game, w.units, unit.side);
    let mut at = start;
    let mut zoc_hexes = 0;
    for (i, key) in path.iter().enumerate() {
        let to = game.board.space(key).ok_or_else(|| format!("unknown space `{key}`"))?;
        if i as u32 >= hexes && !(continues && overstacked(game, w, unit, at)) {
            return Err(format!("`{}` retreats {} hexes, but {hexes} were chosen and {} is not overstacked", unit.id, path.len(), game.board.key(at)));
        }
        if let Some(r) = step_rejection(game, w, unit, combat, at, to, &zoc) {
            return Err(format!("`{}` cannot retreat into {}", unit.id, r));
        }
        if enters_zoc(game, w, unit, to, &zoc) {
            zoc_hexes += 1;
        }
        at = to;
    }
    let done = path.len() as u32;
    let mut short = 0;
    if done < hexes {
        // ToO 13.4: a retreat may end in a friendly fortress's hex, however far it was to go.
        if at != start && fortress_at(game, w, unit, at) {
            return Ok(Retreat { end: Some(at), zoc_hexes, ..Retreat::default() });
        }
        // Shorter than chosen: only if no legal hex lies further on.
        if let Some(next) = next_hexes(game, w, unit, combat, at, &zoc).first() {
            return Err(format!("`{}` must retreat further (for example to {})", unit.id, game.board.key(*next)));
        }
        // ToO 13.2(5): eliminated in the last hex it reaches.
        if rules.retreat.cut_short == CutShort::Eliminated {
            return Ok(Retreat { end: None, zoc_hexes, ..Retreat::default() });
        }
        // The rest is paid in steps; cut short where it would be overstacked, with nowhere
        // further to go: eliminated (tutorial 5.7.7: "if no legal hex can be reached, the unit
        // is eliminated").
        short = hexes - done;
        if on_entry && overstacked(game, w, unit, at) {
            return Ok(Retreat { end: None, zoc_hexes, ..Retreat::default() });
        }
    }
    let over = overstacked(game, w, unit, at);
    if done >= hexes && over && on_entry {
        if !rules.losses.overstacked_retreat_continues {
            return Err(format!("`{}` would end its retreat overstacked in {}", unit.id, game.board.key(at)));
        }
        if next_hexes(game, w, unit, combat, at, &zoc).is_empty() {
            // Overstacked with nowhere to go: eliminated.
            return Ok(Retreat { end: None, zoc_hexes, ..Retreat::default() });
        }
        return Err(format!("`{}` ends overstacked in {}: its retreat must go on", unit.id, game.board.key(at)));
    }
    Ok(Retreat { end: Some(at), short, zoc_hexes, over_limit: over && !on_entry, sheltered: false })
}

fn next_hexes(game: &Game, w: &RetreatWorld, unit: &UnitView, combat: SpaceId, at: SpaceId, zoc: &[bool]) -> Vec<SpaceId> {
    // A static unit has nowhere to retreat to: the rest of the retreat is paid in steps.
    if is_static(game, unit) {
        return Vec::new();
    }
    game.board.edges[at.index()]
        .iter()
        .map(|e| e.to)
        .filter(|to| step_rejection(game, w, unit, combat, at, *to, zoc).is_none())
        .collect()
}

/// The first retreat (in the order of the board's edges) that harms the unit least, with what
/// it comes to: every path of `hexes` hexes, or shorter where it must or may stop (a dead end,
/// a friendly fortress), and staying where the unit may. `None` if no retreat is legal.
fn best_retreat(game: &Game, w: &RetreatWorld, unit: &UnitView, combat: SpaceId, hexes: u32) -> Option<(Vec<String>, Retreat)> {
    let start = w.space_of(unit)?;
    let zoc = enemy_zoc(game, w.units, unit.side);
    let mut best: Option<(Vec<String>, Retreat)> = None;
    let mut consider = |path: &[SpaceId]| {
        let keys: Vec<String> = path.iter().map(|s| game.board.key(*s).to_string()).collect();
        if let Ok(r) = check_path(game, w, unit, combat, hexes, &keys)
            && best.as_ref().is_none_or(|(_, b)| r.harm(game, unit) < b.harm(game, unit))
        {
            best = Some((keys, r));
        }
    };
    let mut stack: Vec<Vec<SpaceId>> = vec![Vec::new()];
    // Depth first, children in edge order (pushed in reverse so the first is taken first).
    while let Some(path) = stack.pop() {
        let at = path.last().copied().unwrap_or(start);
        let next = if (path.len() as u32) < hexes { next_hexes(game, w, unit, combat, at, &zoc) } else { Vec::new() };
        if !path.is_empty() && (next.is_empty() || fortress_at(game, w, unit, at)) {
            consider(&path);
        }
        for to in next.into_iter().rev() {
            let mut longer = path.clone();
            longer.push(to);
            stack.push(longer);
        }
    }
    // Staying comes last: a retreat that harms no more is listed first. A unit that cannot
    // leave at all has only the empty path.
    consider(&[]);
    best
}

/// One legal retreat path of `hexes` hexes for a unit (continuing while overstacked), the first
/// in space order (with ToO 13's variants, the first that harms it least); `None` if the unit
/// cannot leave its hex at all.
#[must_use]
pub fn first_retreat(game: &Game, w: &RetreatWorld, unit: &UnitView, combat: SpaceId, hexes: u32) -> Option<Vec<String>> {
    if variants_on(game) {
        return best_retreat(game, w, unit, combat, hexes).map(|(p, _)| p).filter(|p| !p.is_empty());
    }
    let start = w.space_of(unit)?;
    let zoc = enemy_zoc(game, w.units, unit.side);
    let mut path = Vec::new();
    let mut at = start;
    let limit = hexes + game.board.len() as u32;
    while (path.len() as u32) < limit {
        let must_go_on = (path.len() as u32) < hexes
            || (game.scenario.rules.losses.overstacked_retreat_continues && overstacked(game, w, unit, at));
        if !must_go_on {
            break;
        }
        let Some(next) = next_hexes(game, w, unit, combat, at, &zoc).into_iter().next() else { break };
        path.push(game.board.key(next).to_string());
        at = next;
    }
    (!path.is_empty()).then_some(path)
}
