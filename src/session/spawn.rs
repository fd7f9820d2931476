//! Spawning a scenario into a fresh ECS world: resources, units, control, cups.

use std::collections::BTreeSet;

use bevy::prelude::World;

use crate::model::{
    Activity, Control, ControlChanges, CurrentCommand, Game, Hidden, Location, Outcome, PendingCombat, PendingPrompt,
    Pools, StepLevel, Tracks, TurnState, Unit, UnitIndex,
};
use crate::rules::note::log;
use crate::rules::sequence::next_phase_on;
use crate::rules::setup::next_setup_side;
use crate::scenario::Loaded;
use crate::scenario::schema::Strength;
use crate::model::dice::Dice;
use crate::model::log::{GameLog, LogKind};

/// Builds the world of a new game, played by `ruleset`.
pub fn spawn_world(loaded: &Loaded, ruleset: std::sync::Arc<dyn crate::model::ruleset::Ruleset>, options: &BTreeSet<String>, seed: u64, forced: &[u32]) -> World {
    let mut world = World::new();
    // The rules schedules are built as their kinds of command are first played
    // (`rules::BuiltRules::run`).
    fill_world(&mut world, loaded, (ruleset, None), options, seed, forced);
    world
}

/// Starts a new game in a world that played one on the same scenario and ruleset: its units
/// are set back (or, with other options, spawned again) and every resource is put back as at
/// the start, while the rules schedules, built and initialized once, are kept (building them
/// is most of what a short game costs).
pub fn respawn_world(world: &mut World, loaded: &Loaded, ruleset: std::sync::Arc<dyn crate::model::ruleset::Ruleset>, options: &BTreeSet<String>, seed: u64, forced: &[u32]) {
    // The scenario as the options make it, and its lookups, are fixed for a game (no rule
    // changes `Game`): with the same options they are kept, not copied and worked out again,
    // and so are the units, set back as they start (`reset_units`).
    let kept = world.remove_resource::<Game>().filter(|g| g.options == *options);
    // The rules schedules leave out the mechanisms the scenario does not use: built for the
    // scenario as other options made it, they are built again for this one.
    if kept.is_none() {
        world.remove_resource::<crate::rules::BuiltRules>();
        world.remove_resource::<Roster>();
    }
    fill_world(world, loaded, (ruleset, kept), options, seed, forced);
    // Taking out `Game` and the roster recorded their removal, and the world keeps every such
    // record until its trackers are cleared (an app does it each frame): without this, a
    // thread's world would grow by a few records every game it plays.
    world.clear_trackers();
}

/// Every unit of a game as it starts, in rank (id) order: (id, type, location, level, hidden).
/// Fixed for a scenario and its options, kept from game to game of a world (not state).
#[derive(bevy::prelude::Resource)]
pub struct Roster(Vec<(String, usize, Location, u32, bool)>);

/// Sets every unit of the world back as the roster starts it, in place (no entity is despawned
/// or spawned: a game of hundreds of units restarts at a fraction of the cost). False, with
/// nothing changed, if the world's units are not the roster's.
fn reset_units(world: &mut World, game: &Game, roster: &Roster) -> bool {
    let Some(now) = world.get_resource::<crate::model::units_now::UnitsNow>() else { return false };
    let entities = now.entities().to_vec();
    // One query for every unit's components: a look at one component of one entity finds the
    // component's id by its type each time.
    let mut units = world.query::<(&mut Unit, &mut Location, &mut StepLevel, &mut Activity, &mut Hidden)>();
    let same = entities.len() == roster.0.len() && entities.iter().zip(&roster.0).all(|(e, (id, ..))| units.get(world, *e).is_ok_and(|(u, ..)| *u.id == **id));
    if !same || world.query_filtered::<(), bevy::prelude::With<Unit>>().iter(world).count() != entities.len() {
        return false;
    }
    for (rank, (e, (_, t, loc, level, hidden))) in entities.iter().zip(&roster.0).enumerate() {
        if let Ok((mut unit, mut l, mut lvl, mut a, mut h)) = units.get_mut(world, *e) {
            unit.rank = rank as u32;
            unit.type_index = *t;
            unit.side = game.type_side(*t).unwrap_or(0);
            *l = *loc;
            *lvl = StepLevel(*level);
            *a = Activity::default();
            *h = Hidden(*hidden);
        }
    }
    // Every unit changed: the next reader builds the view whole.
    world.resource_mut::<crate::model::units_now::UnitsNow>().rebuild();
    true
}

/// The roster of a game of `game`: its set-up units, its groups' units, its reinforcements and
/// the spare counters of the mix, sorted by id.
fn roster(game: &Game) -> Roster {
    let s = &game.scenario;
    let type_index = |id: &str| s.unit_types.iter().position(|t| t.id == id).unwrap_or(0);
    let default_level = |t: usize| match &s.unit_types[t].strength {
        Strength::Steps(_) => 0,
        Strength::Levels { lowest, .. } => *lowest,
    };
    let mut all: Vec<(String, usize, Location, u32, bool)> = Vec::new();
    for u in &s.setup.units {
        let t = type_index(&u.unit_type);
        let loc = game.board.space(&u.at).map_or(Location::NotEntered, Location::OnMap);
        let hidden = u.hidden || s.unit_types[t].flags.contains(&crate::scenario::schema::UnitFlag::Hidden);
        all.push((String::from(&*u.id), t, loc, u.level.unwrap_or_else(|| default_level(t)), hidden));
    }
    // The groups' unit ids as the game's lookups made them (`setup::group_unit_id`).
    for (i, g) in s.setup.groups.iter().enumerate() {
        let t = type_index(&g.unit_type);
        for id in game.lookups.group_units(i) {
            all.push((id.clone(), t, Location::NotEntered, g.level.unwrap_or_else(|| default_level(t)), false));
        }
    }
    for r in &s.reinforcements {
        for u in &r.units {
            let t = type_index(&u.unit_type);
            all.push((String::from(&*u.id), t, Location::NotEntered, u.level.unwrap_or_else(|| default_level(t)), false));
        }
    }
    // With counters from the mix (DI 12.7, 12.9) every counter of the mix exists; those not
    // set up wait in the available pool (shown as eliminated: eliminated units return there).
    // ToO 8: with a counter pool, the counters of the mix not set up or scheduled wait there.
    let spare = if game.ruleset.counters_from_mix() {
        Some(Location::Eliminated)
    } else if s.rules.counter_pool {
        Some(Location::Pool)
    } else {
        None
    };
    if let Some(spare) = spare {
        for (t, ty) in s.unit_types.iter().enumerate() {
            let total: u32 = s.counter_mix.iter().filter(|m| m.unit_type == ty.id).map(|m| m.count).sum();
            let used = s.setup.units.iter().filter(|u| u.unit_type == ty.id).count() as u32
                + s.setup.groups.iter().filter(|g| g.unit_type == ty.id).map(|g| g.count).sum::<u32>()
                + s.reinforcements.iter().flat_map(|r| &r.units).filter(|u| u.unit_type == ty.id).count() as u32;
            for n in 1..=total.saturating_sub(used) {
                all.push((format!("{}#{n}", ty.id), t, spare, default_level(t), false));
            }
        }
    }
    // Spawned in id order, each with its rank (its place in that order): a query then yields
    // the units sorted (units never change archetype), so a units view needs no sort.
    all.sort_by(|a, b| a.0.cmp(&b.0));
    Roster(all)
}

/// Spawns the roster's units (after despawning any the world holds), with the index of their
/// entities by id and the shared view that finds them by rank.
fn spawn_units(world: &mut World, game: &Game, roster: &Roster) -> (UnitIndex, crate::model::units_now::UnitsNow) {
    let old: Vec<bevy::prelude::Entity> = world.query_filtered::<bevy::prelude::Entity, bevy::prelude::With<Unit>>().iter(world).collect();
    for e in old {
        world.despawn(e);
    }
    // The world records every removed component until its trackers are cleared (an app does
    // it each frame): without this, each game would leave its units' records behind.
    world.clear_trackers();
    let mut index = UnitIndex::default();
    let mut ranks = crate::model::view::RankIndex::default();
    let mut entities = Vec::with_capacity(roster.0.len());
    for (rank, (id, t, loc, level, hidden)) in roster.0.iter().enumerate() {
        let side = game.type_side(*t).unwrap_or(0);
        let shared = crate::model::command::Name::new(id.as_str());
        ranks.insert(shared.clone(), rank as u32);
        let e = world.spawn((Unit { id: shared, rank: rank as u32, type_index: *t, side }, *loc, StepLevel(*level), Activity::default(), Hidden(*hidden))).id();
        index.0.insert(id.clone(), e);
        entities.push(e);
    }
    (index, crate::model::units_now::UnitsNow::with_ranks(ranks, entities))
}

/// Spawns the units and inserts every resource of a game at its start (all of them: a world
/// used again keeps nothing of the game before).
fn fill_world(world: &mut World, loaded: &Loaded, (ruleset, kept): (std::sync::Arc<dyn crate::model::ruleset::Ruleset>, Option<Game>), options: &BTreeSet<String>, seed: u64, forced: &[u32]) {
    let game = kept.unwrap_or_else(|| {
        let scenario = crate::scenario::variants::with_options(&loaded.scenario, options);
        let lookups = std::sync::Arc::new(crate::model::lookups::Lookups::new(&scenario, &loaded.board, options));
        Game { scenario, board: loaded.board.clone(), options: options.clone(), ruleset, lookups }
    });
    let s = &game.scenario;
    let first_side = game.side_index(&s.turns.first_side).unwrap_or(0);
    let setup = next_setup_side(&game, None);
    let turn = TurnState {
        turn: 0,
        phase: next_phase_on(&game, &std::collections::BTreeMap::new(), 0, 0).unwrap_or(0),
        first_side,
        setup,
        attacked: BTreeSet::new(),
        result: None,
        declared: std::collections::BTreeMap::new(),
        offered: BTreeSet::new(),
        responded: BTreeSet::new(),
        initiative_done: None,
        isr: BTreeSet::new(),
        coordinated: BTreeSet::new(),
        attacked_units: BTreeSet::new(),
        conflict_district: None,
        done_districts: BTreeSet::new(),
        quotas: Vec::new(),
        pursuit: None,
        looking: BTreeSet::new(),
        phase_acted: false,
        rolls_bought: BTreeSet::new(),
        bought: Vec::new(),
        bought_once: BTreeSet::new(),
        choices: Vec::new(),
        side_changes: Vec::new(),
        happened: BTreeSet::new(),
        leaving: Vec::new(),
        lasting_restrictions: Vec::new(),
        restrictions: Vec::new(),
        receipts: Vec::new(),
        withdrawals: Vec::new(),
        bombarded: BTreeSet::new(),
        landings: Vec::new(),
        resting: Vec::new(),
        returning: Vec::new(),
    };
    let tracks = Tracks(s.tracks.iter().map(|t| t.start).collect());
    // ToO 16.2: where engineers build, the nets are state, starting as printed.
    let builds = game.scenario.rules.rail_movement.as_ref().is_some_and(|r| !r.engineers.is_empty());
    let rail_owner = if builds { (0..game.board.len()).map(|i| game.lookups.rail_net(crate::model::SpaceId(i as u32))).collect() } else { Vec::new() };
    let mut control = Control { owner: crate::model::initial_owners(s, &game.board), interdicted: vec![false; game.board.len()], source_markers: std::collections::BTreeMap::new(), demolished: BTreeSet::new(), extra_markers: 0, season: crate::model::season_of(&game, 0), year: crate::model::flag_year_of(&game, 0), rail_owner, rail_built: BTreeSet::new(), built_tags: BTreeSet::new() };
    built_before(&game, options, &mut control);
    let mut pools = Pools { cups: Vec::new(), hands: vec![Vec::new(); s.sides.len()], added_through: 1, face_down: Vec::new() };
    for p in &s.pools {
        let mut cup: Vec<String> = p
            .chits
            .iter()
            .filter(|c| c.added_on_turn <= 1)
            .flat_map(|c| (1..=c.count).map(move |k| if c.count == 1 { String::from(&*c.id) } else { format!("{}#{k}", c.id) }))
            .collect();
        cup.sort();
        pools.cups.push(cup);
    }
    // A world that played this game keeps its units and their index, set back in place.
    let roster = world.remove_resource::<Roster>().unwrap_or_else(|| roster(&game));
    let spawned = if reset_units(world, &game, &roster) { None } else { Some(spawn_units(world, &game, &roster)) };
    // A world that played a game with a quiet log keeps it quiet.
    let mut glog = world.get_resource::<GameLog>().map_or_else(GameLog::default, GameLog::emptied);
    let text = match turn.setup {
        Some(side) => format!("{}: setup, {} places units", s.title, game.side_id(side)),
        None => format!("{}: turn {}, {}", s.title, s.turns.labels.first().map_or("?", String::as_str), s.turns.phases.get(turn.phase).map_or("?", |p| p.name.as_str())),
    };
    log(&mut glog, &game, &turn, LogKind::Phase, text, None);
    // Chits the ruleset draws before play begins (DI 3.3).
    let mut dice = Dice::new(seed, forced);
    game.ruleset.initial_draws(&game, &turn, &mut glog, &mut pools, &mut dice);
    let turn_started = turn.setup.is_none();
    if let Some((index, now)) = spawned {
        crate::model::put_resource(world, index);
        crate::model::put_resource(world, now);
    }
    crate::model::put_resource(world, roster);
    crate::model::put_resource(world, turn);
    crate::model::put_resource(world, crate::rules::tracks::TrackHistory(vec![("start".to_string(), tracks.0.clone())]));
    crate::model::put_resource(world, tracks);
    crate::model::put_resource(world, control);
    crate::model::put_resource(world, pools);
    crate::model::put_resource(world, glog);
    crate::model::put_resource(world, dice);
    crate::model::put_resource(world, PendingPrompt::default());
    crate::model::put_resource(world, PendingCombat::default());
    crate::model::put_resource(world, CurrentCommand::default());
    // The game's first phase begins with its first run, where there is no set-up to place first.
    crate::model::put_resource(world, Outcome { phase_started: turn_started, ..Outcome::default() });
    crate::model::put_resource(world, ControlChanges::default());
    crate::model::put_resource(world, crate::rules::tracks::ScoredOnce::default());
    crate::model::put_resource(world, crate::rules::victory::TurnEnded::default());
    crate::model::put_resource(world, crate::rules::lines::LineState::default());
    crate::model::put_resource(world, crate::rules::boxes::Drawn::default());
    crate::model::put_resource(world, crate::rules::victory::HeldCount(vec![0; s.victory.held.len()], None));
    crate::model::put_resource(world, crate::rules::supports::SupportState {
        markers: s.rules.supports.iter().map(|d| d.markers.unwrap_or(0)).collect(),
        used: vec![0; s.rules.supports.len()],
    });
    crate::model::put_resource(world, crate::rules::boxes::PreviousActor::default());
    crate::model::put_resource(world, crate::rules::declarations::PendingEffects::default());
    crate::model::put_resource(world, crate::rules::declarations::Reductions::default());
    crate::model::put_resource(world, crate::rules::reactions::ReactionState::default());
    crate::model::put_resource(world, crate::rules::obligations::Obligations::default());
    crate::model::put_resource(world, crate::rules::attrition::AttritionQueue::default());
    crate::model::put_resource(world, crate::rules::lines::Eliminated::default());
    crate::model::put_resource(world, crate::model::DeferredEffects::default());
    crate::model::put_resource(world, crate::rules::area_control::BoxControlSeen::default());
    game.ruleset.insert_resources(world);
    crate::model::put_resource(world, crate::rules::timers::Timers(vec![None; s.rules.timers.len()]));
    let mut parts = crate::rules::state_parts();
    parts.extend(game.ruleset.state_parts());
    crate::model::put_resource(world, crate::model::state_parts::StateParts(parts));
    crate::model::put_resource(world, game);
}

/// What an option's scenario finds built when it begins (ToO 36.3-36.4): tags on hexes, as if
/// built in play, and railways, each link in the net of the side holding its hexes.
fn built_before(game: &Game, options: &BTreeSet<String>, control: &mut Control) {
    let board = &game.board;
    for os in game.scenario.setup.by_option.iter().filter(|o| options.contains(&o.option)) {
        for (hex, tags) in &os.tags {
            let Some(s) = board.space(hex) else { continue };
            control.built_tags.extend(tags.iter().map(|t| (s, t.clone())));
        }
        for chain in &os.rail {
            let ids: Vec<crate::model::SpaceId> = chain.iter().filter_map(|k| board.space(k)).collect();
            for w in ids.windows(2) {
                let (a, b) = (w[0], w[1]);
                control.rail_built.insert((a.min(b), a.max(b)));
                for s in [a, b] {
                    if let Some(o) = control.rail_owner.get_mut(s.index()) {
                        *o = control.owner[s.index()];
                    }
                }
            }
        }
    }
}
