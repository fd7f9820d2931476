//! The legal commands for the side to act: what bots choose from, what the GUI highlights, and
//! what tests enumerate. Every command listed here is accepted by `Session::apply`.
//!
//! Complete for single-unit commands. For attacks it lists, per target, the attack with every
//! eligible adjacent unit and the attack with each unit alone, on every table; for losses, up to
//! 32 distinct allocations.

use bevy::prelude::World;

use crate::model::command::{Command, Name, names};
use super::legal_list::{LegalList, Unsure, UnsureAttacks, UnsureMoves, UnsureSetup};
use crate::model::prompt::Prompt;
use crate::model::ruleset::{LegalStage, Mechanism};
use crate::model::view::{UnitsView, factors, has_flag};
use crate::model::{Control, Game, Location, PendingPrompt, TurnState};
use crate::rules::combat::plan_attack;
use crate::rules::losses::{advance_rejection, loss_options};
use crate::rules::overrun::plan_overrun;
use crate::rules::reserve::{phase_allows, reserve_rejection};
use crate::rules::movement::{Surroundings, enter_rejection};
use crate::rules::setup::group_index;
use crate::scenario::schema::{PhaseKind, UnitFlag};

pub fn legal_commands(world: &mut World) -> Vec<Command> {
    let out = list(world, &mut None, false);
    LIST_ROOM.set(LIST_ROOM.get().max(out.len()).min(MAX_LIST_ROOM));
    out
}

/// The same list as the random player reads it: a set-up's placements, a movement phase's moves
/// and a Combat phase's area attacks held apart, worked out where its draws fall.
pub fn legal_list(world: &mut World) -> LegalList<'_> {
    let mut unsure = None;
    let commands = list(world, &mut unsure, true);
    LIST_ROOM.set(LIST_ROOM.get().max(commands.len()).min(MAX_LIST_ROOM));
    LegalList { commands, unsure }
}

thread_local! {
    /// The room a list starts with: the longest list made on this thread so far (a list of
    /// hundreds of moves is not grown by doubling, copying every command at each step).
    static LIST_ROOM: std::cell::Cell<usize> = const { std::cell::Cell::new(32) };
}

/// At most this much room is made at the start of a list.
const MAX_LIST_ROOM: usize = 4096;

/// Puts the commands held apart that are listed into `out`, at their place.
fn settle(unsure: &mut Option<(usize, Unsure<'_>)>, out: &mut Vec<Command>) {
    if let Some((at, u)) = unsure.take() {
        u.settle_at(at, out);
    }
}

/// The list's commands; with `hold`, a set-up's placements, a movement phase's moves and a
/// Combat phase's area attacks are left unsure in `unsure`, with their place.
fn list<'w>(world: &'w mut World, unsure: &mut Option<(usize, Unsure<'w>)>, hold: bool) -> Vec<Command> {
    let units = UnitsView::from_world(world);
    // The commands held apart read the world as the list leaves it (the list changes nothing).
    let world: &'w World = world;
    let game = world.resource::<Game>();
    let turn = world.resource::<TurnState>();
    let control = world.resource::<Control>();
    let prompt = world.resource::<PendingPrompt>().0.as_ref();
    let Some(side) = turn.acting_side(game, prompt) else { return Vec::new() };
    let mut out = Vec::with_capacity(LIST_ROOM.get());
    let ruleset = game.ruleset.clone();
    // A prompt of the ruleset's own is answered from its list.
    if let Some(p) = prompt
        && let Some(answers) = ruleset.prompt_answers(game, p)
    {
        return answers;
    }
    match prompt {
        Some(p @ Prompt::TakeLosses { .. }) => return loss_options(game, (&units, control), p, 32),
        Some(p @ Prompt::Pursue { .. }) => return crate::rules::pursuit::pursuit_options(game, (&units, control), p),
        Some(p @ Prompt::PlaceUnit { by, .. }) if by == crate::rules::receipts::RECEIVE => return crate::rules::receipts::place_answers(p),
        Some(p @ Prompt::ChooseOption { .. }) => return crate::rules::choices::option_answers(p),
        Some(Prompt::Withdraw { .. }) => {
            return turn.withdrawals.first().map(|w| crate::rules::withdrawals::withdrawal_answers(game, &units, w)).unwrap_or_default();
        }
        Some(p @ Prompt::PursuitCombat { .. }) => return crate::rules::pursuit::pursuit_combat_options(game, turn, &units, control, side, p),
        Some(Prompt::PlaceMarkers { count, spaces, .. }) => {
            // Every placement would be too many to list: the first `count` spaces, and the
            // same shifted along the list, a few ways.
            let n = *count as usize;
            for start in 0..spaces.len().min(8) {
                let pick: Vec<String> = spaces.iter().cycle().skip(start).take(n).cloned().collect();
                if crate::rules::interdiction::markers_rejection(prompt, &pick).is_none() {
                    out.push(Command::PlaceMarkers { spaces: names(&pick) });
                }
            }
            return out;
        }
        Some(Prompt::React { chits, .. }) => {
            for (chit, targets) in chits {
                if targets.is_empty() {
                    out.push(Command::PlayChit { chit: chit.into(), target: None });
                }
                for t in targets {
                    out.push(Command::PlayChit { chit: chit.into(), target: Some(t.into()) });
                }
            }
            out.push(Command::Pass);
            return out;
        }
        Some(Prompt::ChooseUnit { units: ids, .. }) => return ids.iter().map(|u| Command::Choose { unit: u.into() }).collect(),
        Some(Prompt::FirstPlayer { .. }) => return game.scenario.sides.iter().map(|s| Command::FirstPlayer { side: Name::new(&*s.id) }).collect(),
        Some(Prompt::Obligation { chit, opt_out, .. }) => {
            if let Some(def) = crate::rules::obligations::obligation_of(game, chit) {
                for pick in crate::rules::obligations::compliance_options(game, turn, &units, control, side, def) {
                    out.push(Command::Comply { units: names(&pick) });
                }
            }
            if opt_out.is_some() {
                out.push(Command::OptOut);
            }
            return out;
        }
        Some(Prompt::Declare { id, .. }) => {
            return vec![Command::Declare { id: id.into(), declare: true }, Command::Declare { id: id.into(), declare: false }];
        }
        Some(Prompt::Advance { units: ids, max, .. }) => {
            out.push(Command::Advance { units: Vec::new() });
            for id in ids {
                out.push(Command::Advance { units: vec![id.into()] });
            }
            if ids.len() > 1 && ids.len() as u32 <= *max {
                out.push(Command::Advance { units: names(ids) });
            }
            let game_units = &units;
            out.retain(|c| match c {
                Command::Advance { units: u } if !u.is_empty() => advance_rejection(game, game_units, prompt, &crate::model::command::strings(u)).is_none(),
                _ => true,
            });
            return out;
        }
        // Prompts no ruleset answered: none of the generic rules' own asks these.
        Some(Prompt::PickUnits { .. } | Prompt::Retreat { .. } | Prompt::PlaceUnit { .. } | Prompt::ChooseSpace { .. } | Prompt::Game { .. }) => return out,
        None => {}
    }
    if turn.setup.is_some() {
        let mut unplaced_groups = Vec::new();
        // The placements, as (unit, group, space) places: checked as the list is read in full,
        // or (`hold`) when the random player draws them (`legal_list::UnsureSetup`).
        let mut places = Vec::new();
        for (k, u) in units.all().iter().enumerate().filter(|(_, u)| u.side == side && u.location == Location::NotEntered) {
            let Some((gi, g)) = group_index(game, &u.id).and_then(|gi| Some((gi, game.scenario.setup.groups.get(gi)?))) else { continue };
            // One unit per group is enough: the group's units are interchangeable.
            if unplaced_groups.contains(&gi) {
                continue;
            }
            unplaced_groups.push(gi);
            // `place_rejection`'s checks of the unit and its group, once for the group.
            if game.side_index(&g.side) != Some(side) {
                continue;
            }
            let spaces = game.lookups.group_spaces(gi).iter().enumerate().filter(|(_, space)| space.is_some());
            places.extend(spaces.map(|(si, _)| (k as u32, gi as u32, si as u32)));
        }
        if unplaced_groups.is_empty() {
            out.push(Command::EndPhase);
        } else {
            let setup = Unsure::Setup(UnsureSetup::new((game, &units, side), places));
            if hold {
                *unsure = Some((out.len(), setup));
            } else {
                out.extend(setup.listed());
            }
        }
        #[cfg(debug_assertions)]
        let before = unsure.as_ref().map(|_| out.clone());
        ruleset.legal_commands(world, &units, side, LegalStage::Setup, &mut out);
        // The unsure commands' place stays right where a ruleset only adds at set-up.
        #[cfg(debug_assertions)]
        if let Some(listed) = before {
            debug_assert!(out.starts_with(&listed), "{} drops listed commands at set-up", ruleset.id());
        }
        return out;
    }
    let Some(phase) = turn.current_phase(game) else { return out };
    let pools = world.resource::<crate::model::Pools>();
    let tracks = world.resource::<crate::model::Tracks>();
    let timers = world.resource::<crate::rules::timers::Timers>();
    let facts = crate::rules::events::Facts { game, turn, tracks, control, units: &units, timers: &timers.0 };
    if ruleset.replaces(Mechanism::ChitPlay) {
        ruleset.legal_commands(world, &units, side, LegalStage::Chits, &mut out);
    } else {
        for chit in pools.hands.get(side).cloned().unwrap_or_default() {
            if crate::rules::events::play_rejection(facts, pools, side, &chit).is_none() {
                out.push(Command::PlayChit { chit: chit.into(), target: None });
            }
        }
    }
    // ToO 29: constructions (ports) made by spending units.
    if !game.scenario.rules.constructions.is_empty() {
        out.extend(crate::rules::constructions::build_commands(game, (turn, control), &units, side));
    }
    // ToO 26: a roll bought first in a phase.
    if !game.scenario.rules.bought_rolls.is_empty() {
        out.extend(crate::rules::bought_rolls::bought_roll_commands(game, turn, tracks, side));
    }
    for r in &game.scenario.reinforcements {
        // The group's own checks once, not for every unit and entry space (and only units
        // still waiting to enter are asked about).
        if crate::rules::movement::arrival_refusal(game, turn, side, r).is_some() {
            continue;
        }
        for ru in r.units.iter().filter(|ru| units.get(&ru.id).is_some_and(|u| u.location == Location::NotEntered)) {
            for at in &r.entry {
                if enter_rejection(game, turn, &units, control, side, &ru.id, at).is_none() {
                    out.push(Command::Enter { unit: Name::new(&*ru.id), at: at.into() });
                }
            }
        }
    }
    // A full list's area attacks on the first table, for the 14.3 check (`None`: not listed).
    let mut on_first_table = None;
    match phase.kind {
        PhaseKind::Movement => {
            let near = Surroundings::of_shared(game, &units, side).without_paths().remembering(game, control);
            // A unit off the map or finished moving has no destination: it is passed over
            // before the phase is asked about it (most counters of a mix wait off the map).
            let may_move = |u: &&crate::model::view::UnitView| u.side == side && u.space().is_some() && !u.activity.finished;
            let movers: Vec<u32> = units.all().iter().enumerate().filter(|(_, u)| may_move(u)).filter(|(_, u)| phase_allows(game, turn, u).is_ok()).map(|(i, _)| i as u32).collect();
            // The moves: listed here in a full list, else held apart here, with the surroundings.
            let moves_at = out.len();
            let moves = UnsureMoves::new((game, control), near, &units, movers);
            if !hold {
                out.extend(moves.listed());
            }
            overruns(game, turn, &units, control, tracks, side, &mut out);
            if game.scenario.rules.strategic.is_some() {
                for u in units.all().iter().filter(|u| u.side == side) {
                    let in_zoc = |s| moves.near().in_enemy_zoc(s);
                    for (s, _) in crate::rules::strategic::strategic_destinations_in(game, turn, (&units, control), &in_zoc, u).unwrap_or_default() {
                        out.push(Command::StrategicMove { unit: u.id.clone(), to: game.board.key_name(s).clone() });
                    }
                }
            }
            if game.scenario.rules.rail_movement.is_some() {
                for u in units.all().iter().filter(|u| u.side == side && u.space().is_some()) {
                    for (s, _) in crate::rules::rail::rail_destinations(game, turn, &units, control, u).unwrap_or_default() {
                        out.push(Command::RailMove { unit: u.id.clone(), to: game.board.key_name(s).clone() });
                    }
                }
                out.extend(crate::rules::rail_building::build_options(game, turn, &units, control, side));
            }
            // ToO 21.4: carriers with units aboard.
            out.extend(crate::rules::carrying::carry_commands(game, turn, &units, control, side));
            // ToO 20: sea moves on the side's transports.
            if game.scenario.rules.sea_moves.is_some() {
                out.extend(crate::rules::sea_moves::sea_move_commands(game, facts, side));
            }
            if game.scenario.rules.forced_march.is_some() {
                for u in units.all().iter().filter(|u| u.side == side) {
                    if crate::rules::forced_march::forced_march_rejection(game, turn, tracks, control, &units, side, &u.id).is_none() {
                        out.push(Command::ForcedMarch { unit: u.id.clone() });
                    }
                }
            }
            let designation = phase.units == crate::scenario::schema::PhaseUnits::NonReserve;
            for u in units.all().iter().filter(|u| designation && u.side == side) {
                if reserve_rejection(game, tracks, &units, side, &u.id).is_none() {
                    out.push(Command::Reserve { unit: u.id.clone() });
                }
            }
            if hold {
                *unsure = Some((moves_at, Unsure::Moves(Box::new(moves))));
            }
        }
        PhaseKind::Reorganisation => reorganisation(facts, side, &mut out),
        // ToO 7.2-7.4: units bought with the side's track, each where it may be placed.
        PhaseKind::Mobilization if game.scenario.rules.purchases.is_some() => {
            out.extend(crate::rules::purchases::purchase_commands(game, (turn, control), (tracks, &units), side));
        }
        PhaseKind::Combat => {
            let supports = world.resource::<crate::rules::supports::SupportState>();
            if game.scenario.rules.attack_supply.is_some() {
                for u in units.all().iter().filter(|u| u.side == side) {
                    if crate::rules::attack_supply::attack_supply_rejection(game, turn, (tracks, control), &units, side, &u.id).is_none() {
                        out.push(Command::AttackSupply { unit: u.id.clone() });
                    }
                }
            }
            let first = out.len();
            if game.scenario.rules.combat_in_space {
                // Area attacks (DI 14), only in the district the ruleset may confine them to. For
                // the random player a district's are worked out when a draw falls on it
                // (`legal_list::UnsureAttacks`), where no declaration needs them listed first.
                let only = ruleset.attacks_confined_to(game, turn, &units, side);
                if hold && game.scenario.rules.attack_declarations.is_empty() {
                    *unsure = Some((first, Unsure::Attacks(Box::new(UnsureAttacks::new((game, turn, tracks), &units, side, table_choices(game), only)))));
                } else {
                    // Every district's: 14.3 asks about the attacks on the first table, wherever.
                    let mut all = Vec::new();
                    let tables = table_choices(game);
                    crate::rules::area_combat::area_attacks(game, turn, &units, tracks, side, &tables, &mut all);
                    let first_table = &tables[0];
                    on_first_table = Some(all.iter().filter(|c| matches!(c, Command::Attack { table, .. } if table.as_deref() == first_table.as_deref())).cloned().collect::<Vec<_>>());
                    // Listed: the attacks on the district the ruleset confines them to, if any.
                    let confined = |c: &Command| !matches!(c, Command::Attack { target, .. } if only.is_some_and(|o| game.board.space(target).is_none_or(|t| game.board.area_of(t) != o)));
                    out.extend(all.into_iter().filter(confined));
                }
            } else {
                attacks(game, turn, &units, control, (supports, tracks), side, &mut out);
            }
            // ToO 31.4: each attack again with each declaration it may carry.
            crate::rules::attack_declarations::add_declared(facts, side, &mut out, first);
        }
        _ => {}
    }
    // The ruleset's commands of this phase, after the generic ones (it only adds).
    #[cfg(debug_assertions)]
    let before = (out.clone(), unsure.as_ref().map(|(at, _)| *at));
    // A reader that draws one command takes the commands the ruleset holds apart, where
    // nothing generic is held already.
    if hold && unsure.is_none() {
        *unsure = ruleset.held_commands(world, &units, side, &mut out).map(|(at, held)| (at, Unsure::Ruleset(Box::new(held))));
    } else {
        ruleset.legal_commands(world, &units, side, LegalStage::Phase, &mut out);
    }
    #[cfg(debug_assertions)]
    {
        let (listed, at) = before;
        debug_assert!(out.len() >= listed.len() && out[..listed.len()] == listed[..] && at.is_none_or(|at| at <= listed.len()), "{} drops listed commands in this phase", ruleset.id());
        // What the ruleset holds apart goes among its own commands.
        debug_assert!(at.is_some() || unsure.as_ref().is_none_or(|(held, _)| (listed.len()..=out.len()).contains(held)), "{} holds commands apart outside its own", ruleset.id());
    }
    // ToO 20.10: a landing force attacks before its side's Combat phase ends.
    let landing = match phase.kind {
        PhaseKind::Combat if !turn.landings.is_empty() => crate::rules::landings::owed_attack(game, turn, &units, (control, tracks), side),
        _ => None,
    };
    // Where the area attacks are held apart, so is the 14.3 check of whether the phase may end
    // (as costly as the attacks of a district or two): it is made when the list is asked.
    let end_later = landing.is_none() && unsure.as_mut().is_some_and(|(_, u)| u.end_at(out.len()));
    let must_attack = || match &on_first_table {
        Some(attacks) => crate::rules::area_combat::must_attack_rejection_listed(game, turn, &units, side, attacks),
        None => crate::rules::area_combat::must_attack_rejection(game, turn, &units, tracks, side),
    };
    if !end_later && landing.is_none() && must_attack().is_none() {
        out.push(Command::EndPhase);
    }
    // Forced operations in force (tutorial 5.8) hold some units to some moves and attacks.
    let obl = world.resource::<crate::rules::obligations::Obligations>();
    if !obl.active.is_empty() {
        // The operations look at every move: they are made first.
        settle(unsure, &mut out);
        for c in crate::rules::obligations::owed_attacks(game, turn, &units, (control, tracks), obl) {
            if !out.contains(&c) {
                out.insert(0, c);
            }
        }
        // A bound unit's allowed moves are computed once, not once per listed move.
        let mut allowed: std::collections::BTreeMap<String, Option<Vec<crate::model::SpaceId>>> = std::collections::BTreeMap::new();
        out.retain(|c| match c {
            Command::Move { unit, to } if crate::rules::obligations::bound_now(turn, obl, unit) => {
                let ok = allowed.entry(unit.to_string()).or_insert_with(|| crate::rules::obligations::bound_destinations(game, turn, &units, control, obl, unit));
                ok.as_ref().is_none_or(|v| game.board.space(to).is_some_and(|s| v.contains(&s)))
            }
            _ => crate::rules::obligations::obligation_rejection(game, turn, &units, (control, tracks), obl, c).is_none(),
        });
    }
    out
}

/// The table choices an attack may name: each CRT when there are several, else the default.
fn table_choices(game: &Game) -> Vec<Option<String>> {
    if game.scenario.tables.crts.len() > 1 {
        game.scenario.tables.crts.iter().map(|c| Some(String::from(&*c.id))).collect()
    } else {
        vec![None]
    }
}

fn attacks(
    game: &Game,
    turn: &TurnState,
    units: &UnitsView,
    control: &Control,
    (supports, tracks): (&crate::rules::supports::SupportState, &crate::model::Tracks),
    side: usize,
    out: &mut Vec<Command>,
) {
    let board = &game.board;
    let mut targets: Vec<usize> = units
        .all()
        .iter()
        .filter(|u| u.side != side)
        .filter_map(|u| u.space().map(|s| s.index()))
        .collect();
    targets.sort_unstable();
    targets.dedup();
    let tables = table_choices(game);
    // ToO 17-19: support units that may join an attack from their range.
    let helpers: Vec<String> = units
        .all()
        .iter()
        .filter(|u| u.side == side && !u.activity.attacked && u.space().is_some() && game.scenario.unit_types[u.type_index].support.is_some())
        .map(|u| String::from(&*u.id))
        // A track threshold may bar a support unit as any attacker (ToO 6.4: the Goeben).
        .filter(|id| crate::rules::combat::attack_ban(game, tracks, units, std::slice::from_ref(id)).is_none())
        .collect();
    // ToO 19.2: support units that may attack alone (ships against a fortress).
    let alone: Vec<String> = helpers
        .iter()
        .filter(|h| units.get(h).and_then(|u| game.scenario.unit_types[u.type_index].support.as_ref()).is_some_and(|r| !crate::rules::bombardment::alone_targets(game, r).is_empty()))
        .cloned()
        .collect();
    for t in targets {
        let key = board.spaces[t].key.clone();
        let target = crate::model::SpaceId(t as u32);
        bombardments(game, (turn, units, control, tracks), side, (&alone, &key), &tables, out);
        let adjacent: Vec<String> = units
            .all()
            .iter()
            .filter(|u| u.side == side && !u.activity.attacked)
            .filter(|u| !has_flag(game, u.type_index, UnitFlag::CannotAttack))
            .filter(|u| factors(game, u.type_index, u.level).attack > 0)
            .filter(|u| u.space().is_some_and(|s| board.edge(s, target).is_some()))
            .map(|u| String::from(&*u.id))
            .collect();
        let mut groups: Vec<Vec<String>> = adjacent.iter().map(|a| vec![a.clone()]).collect();
        if adjacent.len() > 1 {
            groups.push(adjacent.clone());
        }
        for table in &tables {
            for g in &groups {
                if crate::rules::combat::attack_ban(game, tracks, units, g).is_some() {
                    continue;
                }
                let base = plan_attack(game, turn, units, control, side, g, &key, table.as_deref());
                if base.is_ok() {
                    out.push(Command::Attack { attackers: names(g), target: key.as_str().into(), table: table.as_deref().map(Name::new), supports: Vec::new(), declare: None });
                }
                // The same attack with each support unit that may join it, then with as many as
                // may join together (the first of each category): some are legal only with
                // their strength (odds the table prohibits without it).
                if !helpers.is_empty() {
                    let mut joined = g.clone();
                    for h in &helpers {
                        let with: Vec<String> = g.iter().chain([h]).cloned().collect();
                        if plan_attack(game, turn, units, control, side, &with, &key, table.as_deref()).is_ok() {
                            out.push(Command::Attack { attackers: names(&with), target: key.as_str().into(), table: table.as_deref().map(Name::new), supports: Vec::new(), declare: None });
                            joined.push(h.clone());
                            if joined.len() > g.len() + 1 && plan_attack(game, turn, units, control, side, &joined, &key, table.as_deref()).is_err() {
                                joined.pop();
                            }
                        }
                    }
                    if joined.len() > g.len() + 1 {
                        out.push(Command::Attack { attackers: names(&joined), target: key.as_str().into(), table: table.as_deref().map(Name::new), supports: Vec::new(), declare: None });
                    }
                }
                if let Ok(plan) = base {
                    // The same attack with each support that may join it.
                    for d in &game.scenario.rules.supports {
                        let named = vec![String::from(&*d.id)];
                        if crate::rules::supports::check_supports(game, units, control, supports, side, &named, plan.target, false).is_ok() {
                            out.push(Command::Attack { attackers: names(g), target: key.as_str().into(), table: table.as_deref().map(Name::new), supports: names(&named), declare: None });
                        }
                    }
                }
            }
        }
    }
}

/// ToO 19.2: bombardments of `key` by the support units `alone` may attack alone with: each
/// unit, and all of them together, on every table.
fn bombardments(game: &Game, (turn, units, control, tracks): (&TurnState, &UnitsView, &Control, &crate::model::Tracks), side: usize, (alone, key): (&[String], &str), tables: &[Option<String>], out: &mut Vec<Command>) {
    if alone.is_empty() {
        return;
    }
    for table in tables {
        let ok = |g: &[String]| crate::rules::combat::attack_ban(game, tracks, units, g).is_none() && plan_attack(game, turn, units, control, side, g, key, table.as_deref()).is_ok();
        let push = |out: &mut Vec<Command>, g: &[String]| out.push(Command::Attack { attackers: names(g), target: key.into(), table: table.as_deref().map(Name::new), supports: Vec::new(), declare: None });
        let mut each = Vec::new();
        for a in alone {
            if ok(std::slice::from_ref(a)) {
                push(out, std::slice::from_ref(a));
                each.push(a.clone());
            }
        }
        if each.len() > 1 && ok(&each) {
            push(out, &each);
        }
    }
}

/// Overruns: from every hex holding the side's units, each unit alone and the whole stack,
/// against every adjacent enemy hex.
fn overruns(game: &Game, turn: &TurnState, units: &UnitsView, control: &Control, tracks: &crate::model::Tracks, side: usize, out: &mut Vec<Command>) {
    if game.scenario.rules.overrun.is_none() {
        return;
    }
    let mut hexes: Vec<crate::model::SpaceId> = units.all().iter().filter(|u| u.side == side).filter_map(|u| u.space()).collect();
    hexes.sort_unstable();
    hexes.dedup();
    for h in hexes {
        let stack: Vec<String> = units.at(h).filter(|u| u.side == side).map(|u| String::from(&*u.id)).collect();
        let mut groups: Vec<Vec<String>> = stack.iter().map(|id| vec![id.clone()]).collect();
        if stack.len() > 1 {
            groups.push(stack.clone());
        }
        for e in &game.board.edges[h.index()] {
            if !units.enemy_at(e.to, side) {
                continue;
            }
            let key = game.board.key(e.to).to_string();
            for g in &groups {
                if crate::rules::combat::attack_ban(game, tracks, units, g).is_none() && plan_overrun(game, turn, units, control, side, g, &key).is_ok() {
                    out.push(Command::Overrun { units: names(g), target: key.as_str().into() });
                }
            }
        }
    }
}

/// ToO 8: every breakdown, and for each hex and formation one combination (the first units of
/// each component type there, by id).
fn reorganisation(facts: crate::rules::events::Facts, side: usize, out: &mut Vec<Command>) {
    use crate::rules::reorganisation::{breakdown_check, combine_check};
    let crate::rules::events::Facts { game, turn, units, .. } = facts;
    for u in units.all().iter().filter(|u| u.side == side && u.space().is_some()) {
        if breakdown_check(game, turn, units, side, &u.id).is_ok() {
            out.push(Command::Breakdown { unit: u.id.clone() });
        }
    }
    let mut hexes: Vec<crate::model::SpaceId> = units.all().iter().filter(|u| u.side == side).filter_map(|u| u.space()).collect();
    hexes.sort_unstable();
    hexes.dedup();
    for h in hexes {
        for f in &game.scenario.rules.reorganisation {
            let of = |ty: &str, n: u32| units.at(h).filter(|u| u.side == side && game.scenario.unit_types[u.type_index].id == ty).take(n as usize).map(|u| String::from(&*u.id)).collect::<Vec<_>>();
            let mut chosen: Vec<String> = f.components.iter().flat_map(|(ty, n)| of(ty, *n)).collect();
            if let Some(c) = &f.consumes {
                chosen.extend(of(c, 1));
            }
            if combine_check(facts, side, &chosen).is_ok() {
                out.push(Command::Combine { units: names(&chosen) });
            }
        }
    }
}
