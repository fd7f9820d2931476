//! Combat inside a space (DI 14.1-14.4, 15.1, 17.61), chosen by `rules.combat_in_space`: units
//! fight enemies in the same area space, never in adjacent ones. Enemy units in the open are
//! attacked first, by all of the attacker's open units there together; only when no enemy is left
//! in the open may open units (some or all) attack the enemy units in the space's slots, as one
//! total. Units in slots never attack. A side that has open units with open enemies in a space
//! must attack them before its combat phase ends.

use bevy::prelude::*;

use super::combat::{AttackPlan, attack_ban};
use super::crt::odds_column;
use super::RulesSystems;
use crate::scenario::board::SpaceKind;
use crate::model::view::{UnitView, UnitsView, factors, has_flag};
use crate::model::{CurrentCommand, Game, Outcome, SpaceId, Tracks, TurnState};
use crate::scenario::schema::{PhaseKind, UnitFlag};
use crate::model::command::Command;

pub(super) fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    if s.uses(|sc| sc.rules.combat_in_space) {
        // 14.3 holds up the end of a phase only: the check is in that command's schedule alone.
        s.on(|c| matches!(c, Command::EndPhase), check_must_attack.in_set(RulesSystems::ApplyCommand).after(super::sequence::check_sequence));
    }
}

/// Who fights in `space` for `side` now: the enemy units attacked (the open ones, else those in
/// slots), whether they are in slots, and the side's open units able to attack in that mode.
#[must_use]
pub fn engagement(game: &Game, turn: &TurnState, units: &UnitsView, side: usize, space: SpaceId) -> (Vec<String>, bool, Vec<String>) {
    let open_enemy: Vec<String> = units.at(space).filter(|u| u.side != side).map(|u| String::from(&*u.id)).collect();
    let underground = open_enemy.is_empty();
    let defenders = if underground {
        game.board.slots_of(space).flat_map(|s| units.at(s).filter(|u| u.side != side).map(|u| String::from(&*u.id)).collect::<Vec<_>>()).collect()
    } else {
        open_enemy
    };
    let able = |u: &&UnitView| {
        let done = if underground { u.activity.attacked_below } else { u.activity.attacked };
        !done
            && !u.activity.no_attack
            && !has_flag(game, u.type_index, UnitFlag::CannotAttack)
            && factors(game, u.type_index, u.level).attack > 0
            && super::reserve::phase_allows(game, turn, u).is_ok()
    };
    let attackers = units.at(space).filter(|u| u.side == side).filter(able).map(|u| String::from(&*u.id)).collect();
    (defenders, underground, attackers)
}

/// Checks an attack inside `target` and computes its column (`plan_attack` for these rules).
/// `alone`: a unit attacking on its own outside the all-units rule (DI 27.6 suicide attack).
pub fn plan_area_attack(game: &Game, turn: &TurnState, units: &UnitsView, side: usize, attackers: &[String], target: SpaceId, crt: usize) -> Result<AttackPlan, String> {
    plan_area_attack_with(game, turn, units, side, attackers, target, crt, false)
}

#[expect(clippy::too_many_arguments, reason = "an attack's whole description")]
pub fn plan_area_attack_with(game: &Game, turn: &TurnState, units: &UnitsView, side: usize, attackers: &[String], target: SpaceId, crt: usize, alone: bool) -> Result<AttackPlan, String> {
    if let Some(why) = super::combat_modifiers::table_ban(game, crt, game.board.area_of(target)) {
        return Err(why);
    }
    let core = area_attack_core(game, turn, units, side, attackers, target, alone)?;
    let table = &game.scenario.tables.crts[crt];
    let pick = odds_column(table, core.attack, core.defense, 0);
    if pick.prohibited {
        return Err(format!("raw odds of {} are prohibited on {}", pick.raw_label(), table.name));
    }
    let AreaAttack { target, attack, defense, attackers, defenders, mark, underground } = core;
    Ok(AttackPlan { target, crt, attack, defense, pick, attackers, defenders, extra_steps: 0, mark, underground, defense_multiplier: (1, String::new()), attack_multiplier: (1, String::new()), supporting: Vec::new(), bombardment: false, spent: Vec::new(), declared: None })
}

/// What an attack inside an area is, whatever the table: its checks but the table's own (a
/// table's ban on the target, odds it prohibits), and its strengths.
struct AreaAttack {
    target: SpaceId,
    attack: u32,
    defense: u32,
    attackers: Vec<String>,
    defenders: Vec<String>,
    mark: SpaceId,
    underground: bool,
}

/// [`plan_area_attack_with`] but the table's checks: worked out once for an attack the legal
/// list offers on every table.
fn area_attack_core(game: &Game, turn: &TurnState, units: &UnitsView, side: usize, attackers: &[String], target: SpaceId, alone: bool) -> Result<AreaAttack, String> {
    // DI 21.5: naming a box of the district attacks the units in its boxes, which open units
    // may do while open enemies remain only if all of them are unconventional.
    let boxes_named = matches!(game.board.spaces[target.index()].kind, SpaceKind::Slot { .. });
    let target = game.board.area_of(target);
    let key = game.board.key(target);
    if !matches!(game.board.spaces[target.index()].kind, SpaceKind::Area) {
        return Err(format!("{key} is not an area: attacks are made on the area, in its open part or its boxes"));
    }
    let (mut defenders, mut underground, mut able) = engagement(game, turn, units, side, target);
    if boxes_named && !underground {
        if !blend_in(game, units, side, target) {
            return Err(format!("open enemy units in {key} must be cleared before its infra boxes are attacked (15.1)"));
        }
        (defenders, able) = box_engagement(game, units, side, target);
        underground = true;
    }
    if defenders.is_empty() {
        return Err(format!("{key} holds no enemy unit"));
    }
    // One attack on the open enemies and one on the boxes, each at most once per phase.
    let mark = if underground { game.board.slots_of(target).next().unwrap_or(target) } else { target };
    if turn.attacked.contains(&mark) && !alone {
        return Err(format!("the {} enemies in {key} have already been attacked this phase", if underground { "underground" } else { "open" }));
    }
    let mut sorted = attackers.to_vec();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != attackers.len() || sorted.is_empty() {
        return Err("name each attacking unit once".to_string());
    }
    for id in &sorted {
        let u = units.get(id).ok_or_else(|| format!("unknown unit `{id}`"))?;
        if u.side != side {
            return Err(format!("`{id}` is not a unit of {}", game.side_id(side)));
        }
        if u.space() != Some(target) {
            return Err(format!("`{id}` is not in the open part of {key} (units in boxes never attack)"));
        }
        if !able.contains(id) {
            return Err(format!("`{id}` may not attack {} enemies now", if underground { "underground" } else { "open" }));
        }
    }
    // 14.4: the open enemies are attacked by every open unit of the attacker there (DI 21.3:
    // unconventional units may stay out; 23.3: with a friendly base there, any of them may).
    let required = required_attackers(game, units, side, target, &able);
    if !underground && !alone && !required.iter().all(|r| sorted.contains(r)) {
        return Err(format!("open enemies are attacked by all your open units in {key} together: {}", required.join(", ")));
    }
    let attack: u32 = sorted.iter().filter_map(|id| units.get(id)).map(|u| factors(game, u.type_index, u.level).attack).sum();
    let defense: u32 = defenders.iter().filter_map(|id| units.get(id)).map(|u| factors(game, u.type_index, u.level).defense).sum();
    Ok(AreaAttack { target, attack, defense, attackers: sorted, defenders, mark, underground })
}

/// The units that must join an attack on open enemies (14.4): every able open unit, unless the
/// ruleset exempts some (DI 21.3 unconventional units, 23.3 a friendly base).
#[must_use]
pub fn required_attackers(game: &Game, units: &UnitsView, side: usize, space: SpaceId, able: &[String]) -> Vec<String> {
    game.ruleset.required_attackers(game, units, side, space, able)
}

/// Whether the side's open units may attack the enemy units in the space's boxes at once (the
/// ruleset says: DI 21.5, all of them unconventional).
#[must_use]
pub fn blend_in(game: &Game, units: &UnitsView, side: usize, space: SpaceId) -> bool {
    game.ruleset.blend_in(game, units, side, space)
}

/// The enemy units in the space's boxes and the side's open units able to attack them.
fn box_engagement(game: &Game, units: &UnitsView, side: usize, space: SpaceId) -> (Vec<String>, Vec<String>) {
    let defenders = game.board.slots_of(space).flat_map(|s| units.at(s).filter(|u| u.side != side).map(|u| String::from(&*u.id)).collect::<Vec<_>>()).collect();
    let able = units.at(space).filter(|u| u.side == side && !u.activity.attacked_below && factors(game, u.type_index, u.level).attack > 0).map(|u| String::from(&*u.id)).collect();
    (defenders, able)
}

/// The attacks open to `side` on area maps: all open units against the open enemies of their
/// space; against units in boxes, all of them and each alone. Added to `out` (the legal list).
pub fn area_attacks(game: &Game, turn: &TurnState, units: &UnitsView, tracks: &Tracks, side: usize, tables: &[Option<String>], out: &mut Vec<Command>) {
    listed_area_attacks(game, turn, units, tracks, side, (tables, false), out);
}

/// [`area_attacks`]; with `first_bound`, nothing is listed: the first district (in list order)
/// whose open units must attack the open enemies there (14.3) and have an attack on them
/// listed, on the first table (`must_attack_rejection`'s question, without listing the rest).
fn listed_area_attacks(game: &Game, turn: &TurnState, units: &UnitsView, tracks: &Tracks, side: usize, (tables, first_bound): (&[Option<String>], bool), out: &mut Vec<Command>) -> Option<SpaceId> {
    for s in attack_districts(game, turn, units, side) {
        let listed = district_attacks(game, turn, units, tracks, side, (tables, first_bound), s, &mut |_, c| out.push(c));
        if first_bound && listed {
            return Some(s);
        }
    }
    None
}

/// The districts where `side` may have attacks listed, in list order: those it stands in, not
/// coordinated (DI 27.7: a coordinated district goes on by group attacks only) nor done, with
/// an enemy unit in the open or in the boxes (most districts a side stands in have none, and
/// are passed over before `engagement` lists who is engaged there).
pub fn attack_districts<'a>(game: &'a Game, turn: &'a TurnState, units: &'a UnitsView, side: usize) -> impl Iterator<Item = SpaceId> + 'a {
    // The view's units by space, in space order: each space of the side's once, unsorted.
    let mut spaces: Vec<SpaceId> = units.on_map().filter(|(_, u)| u.side == side).map(|(s, _)| s).collect();
    spaces.dedup();
    let enemy = move |sp: SpaceId| units.at(sp).any(|u| u.side != side);
    spaces.into_iter().filter(move |s| {
        matches!(game.board.spaces[s.index()].kind, SpaceKind::Area)
            && !turn.coordinated.contains(s)
            && !turn.done_districts.contains(s)
            && (enemy(*s) || game.board.slots_of(*s).any(enemy))
    })
}

/// How many groups of attackers [`district_attacks`] may try in district `s`, at most: all the
/// able units, each alone or the required ones, and all of them on the boxes (the able units
/// are some of the side's units in the open there).
#[must_use]
pub fn district_groups_bound(units: &UnitsView, side: usize, s: SpaceId) -> usize {
    2 + units.at(s).filter(|u| u.side == side).count()
}

/// The attacks of `side` in district `s`, each given to `put` with its slot: the place of its
/// table among `tables` times [`district_groups_bound`], plus the place of its group of
/// attackers (each slot holds one attack at most). With `first_bound`, nothing is put, and
/// only a district whose open units must attack (14.3) is looked at. Whether one was found.
#[expect(clippy::too_many_arguments, reason = "the list's own arguments and the district")]
pub fn district_attacks(game: &Game, turn: &TurnState, units: &UnitsView, tracks: &Tracks, side: usize, (tables, first_bound): (&[Option<String>], bool), s: SpaceId, put: &mut dyn FnMut(usize, Command)) -> bool {
    let (defenders, underground, able) = engagement(game, turn, units, side, s);
    if defenders.is_empty() || able.is_empty() {
        return false;
    }
    let mut groups = vec![(able.clone(), s)];
    let required = required_attackers(game, units, side, s, &able);
    // Units not bound to attack here cannot hold up the end of the phase.
    if first_bound && (underground || required.is_empty()) {
        return false;
    }
    if underground || required.is_empty() {
        if able.len() > 1 {
            groups.extend(able.iter().map(|a| (vec![a.clone()], s)));
        }
    } else if required.len() < able.len() {
        groups.push((required.clone(), s));
    }
    // DI 21.5: unconventional units alone in the open may go for the boxes at once.
    if !underground && !first_bound && blend_in(game, units, side, s) && let Some(b) = game.board.slots_of(s).next() {
        groups.push((able.clone(), b));
    }
    let bound = district_groups_bound(units, side, s);
    debug_assert!(groups.len() <= bound, "{} groups of attackers in {} (at most {bound})", groups.len(), game.board.key(s));
    // Each group's checks but the tables' own once, then each table's (the same answers as
    // `plan_area_attack` on each table). The groups on the area itself are subsets of the
    // able units just found, in id order: of `area_attack_core`'s checks only the mark and
    // the required attackers can fail them, and the engagement is not worked out again.
    let open = OpenEngagement::new(game, turn, units, s, (&defenders, underground, &required));
    let cores: Vec<Option<(SpaceId, u32, u32, bool)>> = groups
        .iter()
        .map(|(g, target)| {
            let core = if *target == s { open.core(game, units, g) } else { area_attack_core(game, turn, units, side, g, *target, false).ok().map(|c| (c.target, c.attack, c.defense, c.underground)) };
            core.filter(|_| attack_ban(game, tracks, units, g).is_none())
        })
        .collect();
    let mut found = false;
    for (ti, table) in tables.iter().enumerate() {
        let crt = table.as_ref().and_then(|t| game.scenario.tables.crts.iter().position(|c| &c.id == t)).unwrap_or(0);
        for (gi, ((g, target), core)) in groups.iter().zip(&cores).enumerate() {
            let Some((core_target, attack, defense, core_underground)) = *core else { continue };
            if super::combat_modifiers::table_ban(game, crt, core_target).is_some() || odds_column(&game.scenario.tables.crts[crt], attack, defense, 0).prohibited {
                continue;
            }
            debug_assert!(plan_area_attack(game, turn, units, side, g, *target, crt).is_ok(), "the legal list and the attack agree on {g:?} against {}", game.board.key(*target));
            if game.ruleset.attack_rejection(game, turn, units, g, core_underground, crt).is_none() {
                found = true;
                if first_bound {
                    return true;
                }
                put(ti * bound + gi, Command::Attack { attackers: crate::model::command::names(g), target: game.board.key_name(*target).clone(), table: table.as_deref().map(crate::model::command::Name::new), supports: Vec::new(), declare: None });
            }
        }
    }
    found
}

/// What the legal list knows of an attack on an area's own units (not its boxes) once it has
/// found who is engaged there: `area_attack_core` for groups of the able units, without
/// working the engagement out again for each group.
struct OpenEngagement<'a> {
    /// The area.
    space: SpaceId,
    /// The space marked attacked (14.4: once in the open, once in the boxes) was not yet.
    unmarked: bool,
    /// No open enemy is there: the attack goes for the units in the boxes.
    underground: bool,
    /// The units that must join an attack on open enemies (14.4).
    required: &'a [String],
    /// The defenders' strength, the same for every group.
    defense: u32,
}

impl<'a> OpenEngagement<'a> {
    fn new(game: &Game, turn: &TurnState, units: &UnitsView, space: SpaceId, (defenders, underground, required): (&[String], bool, &'a [String])) -> Self {
        let mark = if underground { game.board.slots_of(space).next().unwrap_or(space) } else { space };
        let defense = defenders.iter().filter_map(|id| units.get(id)).map(|u| factors(game, u.type_index, u.level).defense).sum();
        Self { space, unmarked: !turn.attacked.contains(&mark), underground, required, defense }
    }

    /// The target, the strengths and whether the attack is underground, as `area_attack_core`
    /// gives them for `group` (able units of the side in the space, in id order, each once):
    /// `None` where it refuses the attack.
    fn core(&self, game: &Game, units: &UnitsView, group: &[String]) -> Option<(SpaceId, u32, u32, bool)> {
        // 14.4: every required open unit joins an attack on open enemies.
        if !self.unmarked || group.is_empty() || (!self.underground && !self.required.iter().all(|r| group.contains(r))) {
            return None;
        }
        let attack = group.iter().filter_map(|id| units.get(id)).map(|u| factors(game, u.type_index, u.level).attack).sum();
        Some((self.space, attack, self.defense, self.underground))
    }
}

/// Why `side` may not end its combat phase yet: a space where its open units face open enemies
/// they can attack and have not (DI 14.3).
#[must_use]
pub fn must_attack_rejection(game: &Game, turn: &TurnState, units: &UnitsView, tracks: &Tracks, side: usize) -> Option<String> {
    if !game.scenario.rules.combat_in_space || turn.current_phase(game).is_none_or(|p| p.kind != PhaseKind::Combat) {
        return None;
    }
    if let Some(r) = game.ruleset.owed_attack(game, turn, units, side) {
        return Some(r);
    }
    let found = listed_area_attacks(game, turn, units, tracks, side, (&[None], true), &mut Vec::new());
    #[cfg(debug_assertions)]
    {
        let mut attacks = Vec::new();
        area_attacks(game, turn, units, tracks, side, &[None], &mut attacks);
        debug_assert_eq!(found.map(|s| must_attack_text(game, s)), must_attack_among(game, turn, units, side, &attacks), "the first district bound to attack");
    }
    found.map(|s| must_attack_text(game, s))
}

/// Why the phase may not end while the side's open units in `s` must attack there (14.3).
fn must_attack_text(game: &Game, s: SpaceId) -> String {
    format!("your open units in {} must attack the open enemy units there first", game.board.key(s))
}

/// [`must_attack_rejection`] from the attacks [`area_attacks`] lists on the first table (a full
/// legal list has them already).
#[must_use]
pub fn must_attack_rejection_listed(game: &Game, turn: &TurnState, units: &UnitsView, side: usize, attacks: &[Command]) -> Option<String> {
    if !game.scenario.rules.combat_in_space || turn.current_phase(game).is_none_or(|p| p.kind != PhaseKind::Combat) {
        return None;
    }
    if let Some(r) = game.ruleset.owed_attack(game, turn, units, side) {
        return Some(r);
    }
    must_attack_among(game, turn, units, side, attacks)
}

/// The first of `attacks` whose attackers stand in the open facing open enemies they must attack
/// first (14.3).
fn must_attack_among(game: &Game, turn: &TurnState, units: &UnitsView, side: usize, attacks: &[Command]) -> Option<String> {
    // The answer for a district is the same for every attack on it: asked once, at its first.
    let mut asked: Vec<SpaceId> = Vec::new();
    attacks.iter().find_map(|c| match c {
        Command::Attack { target, .. } => {
            let s = game.board.space(target).filter(|s| matches!(game.board.spaces[s.index()].kind, SpaceKind::Area))?;
            if asked.contains(&s) {
                return None;
            }
            asked.push(s);
            let (_, underground, able) = engagement(game, turn, units, side, s);
            let bound = !required_attackers(game, units, side, s, &able).is_empty();
            (!underground && bound).then(|| must_attack_text(game, s))
        }
        _ => None,
    })
}

pub fn check_must_attack(game: Res<Game>, turn: Res<TurnState>, tracks: Res<Tracks>, cmd: Res<CurrentCommand>, mut outcome: ResMut<Outcome>, mut q: crate::model::units_now::UnitQuery) {
    let Some((side, Command::EndPhase)) = &cmd.0 else { return };
    if outcome.rejected.is_some() || !game.scenario.rules.combat_in_space {
        return;
    }
    let units = q.view();
    if let Some(r) = must_attack_rejection(&game, &turn, &units, &tracks, *side) {
        outcome.rejected = Some(r);
    }
}
