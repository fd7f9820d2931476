//! Decision: Iraq (Modern War #6): the Netwar ruleset. Each side's Netwar Index gains and loses
//! points by choice (16.33), doublings combine to at most x3 (errata to 6), the election turns
//! double the CI's changes (26.1), conflict results change levels, eliminate and retreat (16),
//! mobilization (12), chaos events (11), chits with cancels (20), airstrikes (22), Jihad and
//! Surge (24) and the optional rules of 27. Each procedure is a file of this folder; this one
//! says how they plug into the generic engine (`model::ruleset`) and holds the Netwar math they
//! share.

use std::any::Any;

use bevy::prelude::*;

use crate::model::command::Command;
use crate::model::dice::Dice;
use crate::model::log::GameLog;
use crate::model::prompt::Prompt;
use crate::model::ruleset::{LegalStage, Mechanism, Ruleset};
use crate::model::state_parts::StatePart;
use crate::model::view::{Destination, UnitView, UnitsView, factors, has_flag};
use crate::model::log::LogKind;
use crate::model::{Control, Game, Pools, Tracks, TurnState};
use crate::scenario::board::SpaceId;
use crate::scenario::schema::{AttrValue, UnitFlag};
use self::schema::{NetwarEffect, NetwarRules};

mod legal;
pub mod schema;
pub mod vocabulary;
mod validate;
pub mod airstrike;
pub mod answers;
pub mod chaos;
pub mod chits;
pub mod conflict;
pub mod conflict_answers;
pub mod coordination;
pub mod hyperwar;
pub mod logistics;
pub mod mobilization;
pub mod order;
pub mod placement;
pub mod purchase_list;
pub mod retreat;
pub mod strikes;
pub mod transport;

/// Chit types by id, each with the Netwar kind its effects name (`DecisionIraq::chit_kinds`).
pub type ChitKinds = std::collections::HashMap<String, Option<schema::NetwarChit>, foldhash::fast::FixedState>;

/// The ruleset, with its section of the scenario read when the scenario loaded.
#[derive(Debug)]
pub struct DecisionIraq {
    pub rules: NetwarRules,
    /// Every `RulesetEffect` of the scenario (event tables, cups, nested effects), by its text.
    pub effects: std::collections::BTreeMap<String, NetwarEffect>,
    /// Per board space: its district is foreign (the `foreign` attribute), read once.
    pub foreign: Vec<bool>,
    /// Per mobilization chart line: the districts its `In` and `AnyIraqi` places give, found
    /// once (`placement::fixed_places`).
    pub fixed_places: Vec<crate::model::space_set::SpaceSet>,
    /// Per mobilization chart line: its `With` places, read once (`placement::with_places`).
    pub with_places: Vec<Vec<placement::WithPlace>>,
    /// Per mobilization chart line: its side's index and its unit type's index.
    pub line_types: Vec<(Option<usize>, Option<usize>)>,
    /// Per side: its chart lines that list purchases, the first of each unit type (27.3: two
    /// lines of one type offer the same purchases), in chart order.
    pub type_lines: Vec<Vec<usize>>,
    /// The districts (area spaces), in board order.
    pub districts: Vec<crate::model::SpaceId>,
    /// Per chit type (a chit's id in its pool): the Netwar kind its effects name, if any (20.5),
    /// as the first pool holding the id gives it; found once (`chits::chit_kind`).
    pub chit_kinds: ChitKinds,
    /// Per side: whether its pools (and those of no side) hold chits of each kind, by
    /// [`schema::NetwarChit`] in order (`chits::window_for`).
    pub windows: Vec<[bool; schema::NetwarChit::KINDS]>,
}

/// What the file format needs to know: Decision: Iraq plays Mobilization (12) and Hyperwar
/// (27.12) phases, level and point results (16.3), and buys chits outside Event phases (12.10).
#[must_use]
pub fn caps() -> crate::scenario::validate::RulesetCaps {
    use crate::scenario::schema::PhaseKind;
    crate::scenario::validate::RulesetCaps {
        id: "decision_iraq".into(),
        phases: vec![PhaseKind::Mobilization, PhaseKind::Special],
        level_and_points: true,
        draws_chits: true,
        handlers: Vec::new(),
    }
}

/// Reads and checks the scenario's `ruleset_rules` and Netwar effects.
pub fn make(loaded: &crate::scenario::Loaded) -> Result<std::sync::Arc<dyn Ruleset>, Vec<crate::scenario::Diagnostic>> {
    validate::read(loaded).map(|d| std::sync::Arc::new(d) as std::sync::Arc<dyn Ruleset>)
}

impl Ruleset for DecisionIraq {
    fn id(&self) -> &'static str {
        "decision_iraq"
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    /// Chits (20), reactions (Tactical Edge, InfoWar, cancels), conflicts (14-16) and the
    /// advance into emptied boxes (15.2) are this ruleset's own.
    fn replaces(&self, m: Mechanism) -> bool {
        matches!(m, Mechanism::ChitPlay | Mechanism::Reactions | Mechanism::Attack | Mechanism::AdvanceAfterCombat)
    }

    fn add_systems(&self, s: &mut crate::model::rules_builder::RulesBuilder) {
        add_systems(s);
    }

    fn insert_resources(&self, world: &mut World) {
        crate::model::put_resource(world, conflict::NetwarConflict::default());
        crate::model::put_resource(world, mobilization::MobilizationStart::default());
        crate::model::put_resource(world, chaos::ChaosQueue::default());
        crate::model::put_resource(world, chaos::HvtMarker::default());
        crate::model::put_resource(world, chaos::SuicideSurgeTurn::default());
        crate::model::put_resource(world, chits::ChitChain::default());
    }

    fn state_parts(&self) -> Vec<StatePart> {
        state_parts()
    }

    /// 3.3: chits drawn at random before play begins.
    fn initial_draws(&self, game: &Game, turn: &TurnState, log: &mut GameLog, pools: &mut Pools, dice: &mut Dice) {
        let Some(n) = netwar(game) else { return };
        for (side, pool, count) in &n.initial_draws {
            let (Some(side), Some(pool)) = (game.side_index(side), game.scenario.pools.iter().position(|p| &p.id == pool)) else { continue };
            for _ in 0..*count {
                chits::draw(game, turn, log, pools, dice, pool, side);
            }
        }
    }

    /// 12.7, 12.9, 8.3: every counter of the mix exists; eliminated units return to the
    /// available counters; a level change exchanges counters.
    fn counters_from_mix(&self) -> bool {
        true
    }

    fn legal_commands(&self, world: &World, units: &UnitsView, side: usize, stage: LegalStage, out: &mut Vec<Command>) {
        legal::legal_commands(world, units, side, stage, out);
    }

    fn held_commands<'w>(&self, world: &'w World, units: &std::sync::Arc<UnitsView>, side: usize, out: &mut Vec<Command>) -> Option<(usize, crate::model::held_blocks::HeldBlocks<'w>)> {
        legal::held_commands(world, units, side, out)
    }

    fn prompt_answers(&self, game: &Game, prompt: &Prompt) -> Option<Vec<Command>> {
        matches!(prompt, Prompt::Game { .. } | Prompt::PickUnits { .. } | Prompt::Retreat { .. } | Prompt::PlaceUnit { .. } | Prompt::ChooseSpace { .. })
            .then(|| answers::answer_options(game, prompt))
    }

    fn parse_command(&self, raw: &ron::value::RawValue) -> Result<Command, String> {
        ron::Options::default().from_str::<vocabulary::DiCommand>(raw.get_ron()).map(Command::from).map_err(|e| crate::scenario::files::shorten(&e.code.to_string()))
    }

    fn command_unit<'a>(&self, cmd: &'a crate::model::game_value::GameVal) -> Option<&'a str> {
        match cmd.get::<vocabulary::DiCommand>()? {
            vocabulary::DiCommand::Pgm { unit, .. } => Some(unit),
            _ => None,
        }
    }

    fn command_kind(&self, cmd: &crate::model::game_value::GameVal) -> Option<u64> {
        cmd.get::<vocabulary::DiCommand>().map(crate::model::rules_builder::kind_number)
    }

    fn sequence_rejection(&self, game: &Game, turn: &TurnState, prompt: Option<&Prompt>, cmd: &crate::model::game_value::GameVal) -> Option<String> {
        match cmd.get::<vocabulary::DiCommand>() {
            Some(c) => vocabulary::sequence_rejection(game, turn, prompt, c),
            None => Some(format!("Decision: Iraq has no command `{}`", cmd.describe())),
        }
    }

    /// 12: the Mobilization Chart's price.
    fn purchase_cost(&self, _game: &Game, unit_type: &str) -> Option<i64> {
        self.rules.mobilization.iter().find(|r| r.unit_type == unit_type).map(|r| i64::from(r.cost))
    }

    /// 27.9: from a district with a friendly base, twice the allowance through quiet districts.
    fn movement_boost(&self, game: &Game, units: &UnitsView, unit: &UnitView) -> Option<u32> {
        logistics::doubles(game, units, unit).then_some(2)
    }

    fn filter_destinations(&self, game: &Game, units: &UnitsView, unit: &UnitView, out: &mut Vec<Destination>) {
        logistics::airmobile_filter(game, units, unit, out);
        // 27.4: slow militia stay within the sect of the district they start in.
        let (Some(start), Some(t)) = (unit.space(), game.scenario.unit_types.get(unit.type_index)) else { return };
        if let Some(b) = netwar(game).and_then(|n| n.sect_bound.as_ref()).filter(|b| game.options.contains(&b.option))
            && b.unit_types.contains(&t.id)
            && factors(game, unit.type_index, unit.level).movement <= b.max_movement
        {
            let sect = |s: SpaceId| space_attr(game, s, &b.attribute).cloned();
            let here = sect(start);
            if here != Some(AttrValue::Text(b.free.clone())) {
                out.retain(|d| sect(d.space) == here);
            }
        }
    }

    /// 26.1: on election turns a change to the CI's index doubles.
    fn track_factor(&self, game: &Game, turn: &TurnState, track: usize) -> i32 {
        multiplier(game, turn, track, 0)
    }

    /// 18.4, 24.52, 27.11: control points through the Netwar multiplier (a Jihad/Surge turn
    /// doubles them), with the sect bonus.
    fn control_income(&self, game: &Game, turn: &TurnState, control: &Control, tracks: &mut Tracks, log: &mut GameLog, side: usize, track: usize, total: i32, what: &str) -> bool {
        let doublings = u32::from(mobilization::surged_this_turn(game, turn, side));
        let (bonus, sects) = sect_bonus(game, control, side);
        let sects = if sects.is_empty() { String::new() } else { format!("; every {} district: {bonus:+} (27.11)", sects.join(", every ")) };
        let cause = format!("control: {what}{sects} (18.4)");
        change_index(game, turn, tracks, log, track, total + bonus, doublings, &cause);
        true
    }

    /// 21.3: unconventional units may stay out; 23.3: with a friendly base nobody must attack.
    fn required_attackers(&self, game: &Game, units: &UnitsView, side: usize, space: SpaceId, able: &[String]) -> Vec<String> {
        if retreat::friendly_base(game, units, space, side) {
            return Vec::new();
        }
        able.iter().filter(|id| units.get(id).is_some_and(|u| !has_flag(game, u.type_index, UnitFlag::Unconventional))).cloned().collect()
    }

    /// 21.5: every open unit of the side in the district is unconventional.
    fn blend_in(&self, game: &Game, units: &UnitsView, side: usize, space: SpaceId) -> bool {
        let mut own = units.at(space).filter(|u| u.side == side).peekable();
        own.peek().is_some() && own.all(|u| has_flag(game, u.type_index, UnitFlag::Unconventional))
    }

    /// 15.2, 17.63, 27.92-27.93: tables barred against boxes or without logistics.
    fn attack_rejection(&self, game: &Game, turn: &TurnState, units: &UnitsView, attackers: &[String], underground: bool, crt: usize) -> Option<String> {
        conflict::table_rejection(game, turn, units, attackers, underground, crt)
    }

    /// 27.7: the rest of a coordinated attack.
    fn owed_attack(&self, game: &Game, turn: &TurnState, units: &UnitsView, side: usize) -> Option<String> {
        coordination::owed_group(game, turn, units, side)
    }

    /// 14.4: one district at a time: while the district under way owes a conflict, no other.
    fn attacks_confined_to(&self, game: &Game, turn: &TurnState, units: &UnitsView, side: usize) -> Option<SpaceId> {
        turn.conflict_district.filter(|_| order::owed_in_current(game, turn, units, side).is_some())
    }
}

pub fn add_systems(s: &mut crate::model::rules_builder::RulesBuilder) {
    airstrike::add_systems(s);
    conflict::add_systems(s);
    conflict_answers::add_systems(s);
    strikes::add_systems(s);
    coordination::add_systems(s);
    mobilization::add_systems(s);
    chaos::add_systems(s);
    chits::add_systems(s);
    hyperwar::add_systems(s);
    transport::add_systems(s);
}

/// The resources of the Netwar ruleset: parts of the printed and hashed state.
#[must_use]
pub fn state_parts() -> Vec<crate::model::state_parts::StatePart> {
    use crate::model::state_parts::part;
    vec![
        part::<conflict::NetwarConflict>("netwar_conflict", false),
        part::<mobilization::MobilizationStart>("mobilization_start", false),
        part::<chaos::ChaosQueue>("chaos_queue", false),
        part::<chaos::HvtMarker>("hvt_marker", false),
        part::<chaos::SuicideSurgeTurn>("suicide_surge_turn", false),
        part::<chits::ChitChain>("chit_chain", false),
    ]
}

/// The Netwar parameters, if the scenario plays Netwar rules.
#[must_use]
pub fn netwar(game: &Game) -> Option<&NetwarRules> {
    game.ruleset.as_any().downcast_ref::<DecisionIraq>().map(|d| &d.rules)
}

/// A Netwar effect of the scenario (a `RulesetEffect` as written), read when it loaded.
#[must_use]
pub fn effect<'a>(game: &'a Game, raw: &ron::value::RawValue) -> Option<&'a NetwarEffect> {
    game.ruleset.as_any().downcast_ref::<DecisionIraq>()?.effects.get(raw.get_ron())
}

/// The side's index track.
#[must_use]
pub fn index_track(game: &Game, side: usize) -> Option<usize> {
    let n = netwar(game)?;
    let s = n.sides.iter().find(|s| game.side_index(&s.side) == Some(side))?;
    game.track_index(&s.track)
}

/// The side's printed points of a district (16.33); 0 for spaces without them (foreign districts).
#[must_use]
pub fn printed_points(game: &Game, space: crate::model::SpaceId, side: usize) -> i32 {
    let Some(n) = netwar(game) else { return 0 };
    let Some(s) = n.sides.iter().find(|s| game.side_index(&s.side) == Some(side)) else { return 0 };
    match space_attr(game, space, &s.points) {
        Some(AttrValue::Int(v)) => i32::try_from(*v).unwrap_or(0),
        _ => 0,
    }
}

/// An attribute of the district a space belongs to (a box reads its district's).
#[must_use]
pub fn space_attr<'a>(game: &'a Game, space: crate::model::SpaceId, name: &str) -> Option<&'a AttrValue> {
    let crate::scenario::schema::Map::Area(m) = &game.scenario.map else { return None };
    let key = game.board.key(game.board.area_of(space));
    m.spaces.iter().find(|d| d.id == key)?.attributes.get(name)
}

/// The district is foreign (its `foreign` attribute is true).
#[must_use]
pub fn is_foreign(game: &Game, space: crate::model::SpaceId) -> bool {
    match game.ruleset.as_any().downcast_ref::<DecisionIraq>().and_then(|d| d.foreign.get(space.index())) {
        Some(f) => *f,
        None => foreign_attr(game.scenario.as_ref(), &game.board, space),
    }
}

/// The district's `foreign` attribute, looked up in the scenario.
fn foreign_attr(s: &crate::scenario::schema::Scenario, board: &crate::scenario::board::Board, space: crate::model::SpaceId) -> bool {
    let crate::scenario::schema::Map::Area(m) = &s.map else { return false };
    let key = board.key(board.area_of(space));
    m.spaces.iter().find(|d| d.id == key).is_some_and(|d| matches!(d.attributes.get("foreign"), Some(AttrValue::Bool(true))))
}

/// Every board space's `foreign` flag, in board order.
#[must_use]
pub fn foreign_flags(s: &crate::scenario::schema::Scenario, board: &crate::scenario::board::Board) -> Vec<bool> {
    (0..board.len()).map(|i| foreign_attr(s, board, crate::model::SpaceId(i as u32))).collect()
}

/// The multiplier of a change to `track` that `doublings` sources double: an election turn adds
/// one for the election side's track (26.1); one doubling is x2, two or more x3 (errata to 6).
#[must_use]
pub fn multiplier(game: &Game, turn: &TurnState, track: usize, doublings: u32) -> i32 {
    let Some(n) = netwar(game) else { return 1 };
    let mut d = doublings;
    if let Some(e) = &n.election
        && game.side_index(&e.side).and_then(|s| index_track(game, s)) == Some(track)
        && game.scenario.turns.labels.get(turn.turn).is_some_and(|l| e.turns.contains(l))
    {
        d += 1;
    }
    match d {
        0 => 1,
        1 => 2,
        _ => i32::try_from(n.max_multiplier).unwrap_or(3),
    }
}

/// Changes a side's index by `base` points times the multiplier of `doublings`, logging the
/// cause (written only where the log is). Returns the points actually applied (before the
/// track's floor and cap).
#[expect(clippy::too_many_arguments, reason = "the state a Netwar change reads and writes")]
pub fn change_index(game: &Game, turn: &TurnState, tracks: &mut Tracks, glog: &mut GameLog, track: usize, base: i32, doublings: u32, cause: impl std::fmt::Display) -> i32 {
    let m = multiplier(game, turn, track, doublings);
    let delta = base * m;
    let before = tracks.0[track];
    let after = crate::rules::tracks::adjust_track(game, tracks, track, delta);
    let name = &game.scenario.tracks[track].name;
    let text = if m > 1 { format_args!("{name} {before} -> {after}: {delta:+} ({base} x{m}), {cause}") } else { format_args!("{name} {before} -> {after}: {delta:+}, {cause}") };
    crate::rules::note::log(glog, game, turn, LogKind::Track, text, None);
    delta
}

/// DI 27.11: the bonus `side` scores for controlling every district of a sect, and those sects.
#[must_use]
pub fn sect_bonus(game: &Game, control: &crate::model::Control, side: usize) -> (i32, Vec<String>) {
    let Some(b) = netwar(game).and_then(|n| n.sect_bonus.as_ref()).filter(|b| game.options.contains(&b.option)) else { return (0, Vec::new()) };
    let crate::scenario::schema::Map::Area(m) = &game.scenario.map else { return (0, Vec::new()) };
    let mut total = 0;
    let mut sects = Vec::new();
    for v in &b.values {
        let of_sect: Vec<_> = m.spaces.iter().filter(|d| matches!(d.attributes.get(&b.attribute), Some(AttrValue::Text(t)) if t == v)).collect();
        let all = !of_sect.is_empty() && of_sect.iter().all(|d| game.board.space(&d.id).is_some_and(|s| control.owner[s.index()] == Some(side)));
        if all {
            total += b.per * of_sect.len() as i32;
            sects.push(v.clone());
        }
    }
    (total, sects)
}

/// The type id of a unit.
#[must_use]
pub fn type_id<'a>(game: &'a Game, u: &crate::model::view::UnitView) -> &'a str {
    &game.scenario.unit_types[u.type_index].id
}
