//! The printable game state: what `sandtable script` prints and what state hashes cover.
//! It can be drawn from one side's view, which hides the other side's secrets.

use std::collections::BTreeMap;

use bevy::prelude::World;
use serde::{Deserialize, Serialize};

use crate::model::dice::Dice;
use crate::scenario::hash::fnv1a;
use crate::model::prompt::Prompt;
use crate::model::view::UnitsView;
use crate::model::state_parts::StateParts;
use crate::model::{Control, Game, GameResult, Location, PendingPrompt, Pools, Tracks, TurnState};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitState {
    pub id: String,
    /// Unit type id, or `hidden` for a face-down enemy unit.
    pub unit_type: String,
    pub side: String,
    /// Space key, `not entered` or `eliminated`.
    pub location: String,
    /// Steps lost (step units) or level (level units).
    pub level: u32,
    pub moved: bool,
    pub attacked: bool,
    pub hidden: bool,
    /// Found out of supply when the current movement phase began.
    #[serde(default)]
    pub out_of_supply: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    pub scenario: String,
    /// Whose view this is; `None` = everything (for hashes and designers).
    pub view: Option<String>,
    pub turn: String,
    pub phase: String,
    pub active_side: Option<String>,
    pub result: Option<GameResult>,
    pub tracks: BTreeMap<String, i32>,
    pub units: Vec<UnitState>,
    /// Controller of every controlled space.
    pub control: BTreeMap<String, String>,
    /// Chits in each cup (counts only: the cup's order is secret from everyone).
    pub cups: BTreeMap<String, usize>,
    /// Each side's hand; another side's hand shows as a count of `hidden` entries.
    pub hands: BTreeMap<String, Vec<String>>,
    pub prompt: Option<Prompt>,
    pub dice_rolled: usize,
    /// Line scores: (unit, line, returned behind it).
    #[serde(default)]
    pub lines: Vec<(String, String, bool)>,
    /// Declarations made: (id, game turn label).
    #[serde(default)]
    pub declared: Vec<(String, String)>,
    /// Consecutive player-turn ends at which each held-spaces condition held.
    #[serde(default)]
    pub held: Vec<u32>,
    /// Markers left per support (scenario order).
    #[serde(default)]
    pub support_markers: Vec<u32>,
    /// How each timed objective ended (none while it holds).
    #[serde(default)]
    pub timers: Vec<Option<crate::rules::timers::TimerEnd>>,
    /// One-time control scores already made (indexes into `rules.control_scores`).
    #[serde(default)]
    pub scored_once: Vec<usize>,
    /// Marker supply sources: (source index, space or `removed`).
    #[serde(default)]
    pub source_markers: Vec<(usize, String)>,
    /// Demolished bridges, as `from-to` hex pairs.
    #[serde(default)]
    pub demolished: Vec<String>,
    /// Answers to declarations that were taken.
    #[serde(default)]
    pub responded: Vec<String>,
    /// Chits kept face down until their owner's movement phase, per side (another side's show
    /// as `hidden`).
    #[serde(default)]
    pub face_down: BTreeMap<String, Vec<String>>,
    /// Forced operations in force: (chit, side, units named).
    #[serde(default)]
    pub operations: Vec<(String, String, Vec<String>)>,
    /// Every resource the rules and the ruleset keep (`model::state_parts`), by name; the
    /// secret ones (cups, hands, face-down units) only in the full view. Hashed with the rest.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub rules_state: BTreeMap<String, Box<ron::value::RawValue>>,
}

/// The state as seen by `viewer` (a side index), or all of it.
pub fn game_state(world: &mut World, viewer: Option<usize>) -> GameState {
    let parts = world.get_resource::<StateParts>().map(|p| p.0.clone()).unwrap_or_default();
    let rules_state = parts.iter().filter(|p| viewer.is_none() || !p.secret).filter_map(|p| Some((p.name.to_string(), (p.print)(world)?))).collect();
    GameState { rules_state, ..summary_state(world, viewer) }
}

/// What a checkpoint names the moment by: the game turn's label and the phase's id (`setup`,
/// `game over`).
fn labels(game: &Game, turn: &TurnState) -> (String, String) {
    let s = &game.scenario;
    let phase = if turn.setup.is_some() {
        "setup".to_string()
    } else if turn.result.is_some() || turn.turn >= s.turns.labels.len() {
        "game over".to_string()
    } else {
        s.turns.phases.get(turn.phase).map_or_else(String::new, |p| String::from(&*p.id))
    };
    (s.turns.labels.get(turn.turn).cloned().unwrap_or_else(|| "end".into()), phase)
}

/// The state without `rules_state` (what the parts hold): for hashes, which take the parts from
/// their resources directly.
fn summary_state(world: &mut World, viewer: Option<usize>) -> GameState {
    let rules_state = BTreeMap::new();
    let units = UnitsView::from_world(world);
    let game = world.resource::<Game>();
    let s = &game.scenario;
    let turn = world.resource::<TurnState>();
    let prompt = world.resource::<PendingPrompt>().0.clone();
    let tracks = world.resource::<Tracks>();
    let control = world.resource::<Control>();
    let pools = world.resource::<Pools>();
    let (turn_label, phase) = labels(game, turn);
    let secret = |side: usize| viewer.is_some_and(|v| v != side);
    let mut hidden_n = 0;
    // ToO 10.8: of each enemy stack the viewer sees only the top unit.
    let fogged = viewer.map(|v| crate::rules::fog::fogged(game, turn, &units, v)).unwrap_or_default();
    let mut units: Vec<UnitState> = units
        .all()
        .iter()
        .filter(|u| fogged.binary_search(&u.rank).is_err())
        .map(|u| {
            let hide = u.hidden && secret(u.side);
            if hide {
                hidden_n += 1;
            }
            UnitState {
                // A face-down unit is listed by a number, never by its id or type.
                id: if hide { format!("hidden-{hidden_n}") } else { String::from(&*u.id) },
                unit_type: if hide { "hidden".into() } else { s.unit_types[u.type_index].id.to_string() },
                side: game.side_id(u.side).to_string(),
                location: match u.location {
                    Location::OnMap(sp) => game.board.key(sp).to_string(),
                    Location::NotEntered => "not entered".into(),
                    // With counters from the mix (DI 12.7), eliminated units return to the
                    // available counters.
                    Location::Eliminated if game.ruleset.counters_from_mix() => "available".into(),
                    Location::Eliminated => "eliminated".into(),
                    Location::OutOfPlay => "out of play".into(),
                    Location::Pool => "pool".into(),
                },
                level: if hide { 0 } else { u.level },
                moved: u.activity.moved,
                attacked: u.activity.attacked,
                hidden: u.hidden,
                out_of_supply: u.activity.out_of_supply,
            }
        })
        .collect();
    // Sorted again so that a face-down unit's place in the list says nothing of its id.
    units.sort_by(|a, b| a.id.cmp(&b.id));
    let mut hands = BTreeMap::new();
    for (i, h) in pools.hands.iter().enumerate() {
        let shown = if secret(i) { vec!["hidden".to_string(); h.len()] } else { h.clone() };
        hands.insert(game.side_id(i).to_string(), shown);
    }
    let prompt = prompt.filter(|p| viewer.is_none_or(|v| game.side_index(p.side()) == Some(v)));
    GameState {
        scenario: String::from(&*s.id),
        view: viewer.map(|v| game.side_id(v).to_string()),
        turn: turn_label,
        phase,
        active_side: turn
            .acting_side(game, world.resource::<PendingPrompt>().0.as_ref())
            .map(|i| game.side_id(i).to_string()),
        result: turn.result.clone(),
        tracks: s.tracks.iter().zip(&tracks.0).map(|(t, v)| (String::from(&*t.id), *v)).collect(),
        units,
        control: control
            .owner
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|c| (game.board.spaces[i].key.clone(), game.side_id(c).to_string())))
            .collect(),
        cups: s.pools.iter().zip(&pools.cups).map(|(p, c)| (String::from(&*p.id), c.len())).collect(),
        hands,
        prompt,
        dice_rolled: world.resource::<Dice>().rolls.len(),
        lines: world.resource::<crate::rules::lines::LineState>().0.iter().map(|((u, l), r)| (u.clone(), l.clone(), *r)).collect(),
        declared: turn.declared.iter().map(|(id, t)| (id.clone(), s.turns.labels.get(*t).cloned().unwrap_or_default())).collect(),
        held: world.resource::<crate::rules::victory::HeldCount>().0.clone(),
        support_markers: world.resource::<crate::rules::supports::SupportState>().markers.clone(),
        timers: world.resource::<crate::rules::timers::Timers>().0.clone(),
        scored_once: world.resource::<crate::rules::tracks::ScoredOnce>().0.iter().copied().collect(),
        source_markers: control
            .source_markers
            .iter()
            .map(|(i, s)| (*i, s.map_or_else(|| "removed".to_string(), |s| game.board.key(s).to_string())))
            .collect(),
        demolished: control.demolished.iter().map(|(a, b)| format!("{}-{}", game.board.key(*a), game.board.key(*b))).collect(),
        responded: turn.responded.iter().cloned().collect(),
        face_down: (0..s.sides.len())
            .map(|i| {
                let mine = pools.face_down.iter().filter(|(sd, _)| *sd == i).map(|(_, c)| if secret(i) { "hidden".to_string() } else { c.clone() });
                (game.side_id(i).to_string(), mine.collect())
            })
            .collect(),
        operations: world
            .resource::<crate::rules::obligations::Obligations>()
            .active
            .iter()
            .map(|a| (a.chit.clone(), game.side_id(a.side).to_string(), a.units.clone()))
            .collect(),
        rules_state,
    }
}

/// Hash of the whole state (every secret included, every part of `rules_state`).
pub fn state_hash(world: &mut World) -> u64 {
    checkpoint_state(world, false).2
}

/// The hash saves of formats 1 and 2 recorded: the printed state without `rules_state`, as RON.
/// Kept so that those saves still replay and verify.
pub fn legacy_state_hash(world: &mut World) -> u64 {
    checkpoint_state(world, true).2
}

/// A checkpoint's turn and phase labels and the hash of the whole state. The parts
/// (`model::state_parts`) hold every resource that can change an outcome, so the hash is theirs,
/// fed as they are (no text, no summary built); with `legacy`, the RON text of the printed state
/// without its parts, as saves of formats 1 and 2 recorded it.
pub fn checkpoint_state(world: &mut World, legacy: bool) -> (String, String, u64) {
    if legacy {
        let st = summary_state(world, None);
        let h = fnv1a(ron::to_string(&st).unwrap_or_default().as_bytes());
        return (st.turn, st.phase, h);
    }
    let (turn, phase) = labels(world.resource::<Game>(), world.resource::<TurnState>());
    let mut h = crate::model::hashing::StateHasher::default();
    let parts = world.get_resource::<StateParts>().map(|p| p.0.clone()).unwrap_or_default();
    for p in &parts {
        crate::model::hashing::feed(&mut h, p.name);
        (p.hash)(world, &mut h);
    }
    (turn, phase, h.0)
}

/// Resources of a running game that hold nothing that can change an outcome, each with why:
/// every other resource must be a part of the state (`model::state_parts`).
#[must_use]
pub fn not_state() -> Vec<(std::any::TypeId, &'static str)> {
    use std::any::TypeId;
    vec![
        (TypeId::of::<Game>(), "the scenario, fixed for the game and named by its content hash"),
        (TypeId::of::<crate::model::CurrentCommand>(), "the command being applied, empty between commands"),
        (TypeId::of::<crate::model::Outcome>(), "what the rules said of the command being applied"),
        (TypeId::of::<crate::model::UnitIndex>(), "unit ids to entities, fixed at spawn"),
        (TypeId::of::<crate::model::log::GameLog>(), "the record of what happened, not what happens next"),
        (TypeId::of::<crate::rules::tracks::TrackHistory>(), "the record of the tracks for the chart"),
        (TypeId::of::<StateParts>(), "the list of the parts itself"),
        (TypeId::of::<crate::rules::BuiltRules>(), "the rules schedules, built from the scenario and its ruleset"),
        (TypeId::of::<super::spawn::Roster>(), "every unit as a game starts, fixed for the scenario and its options"),
        (TypeId::of::<crate::model::units_now::UnitsNow>(), "a view of the units' components, rebuilt from them after any change"),
        (TypeId::of::<crate::rules::area_control::BoxControlSeen>(), "what box control last saw, so that it skips a run that would change nothing"),
    ]
}
