//! Decision: Iraq (Modern War #6): the Netwar ruleset. Its procedures (conflicts inside
//! districts with level results and the choice of points, chaos tables, mobilization, chits with
//! cancels, airstrikes, Jihad and Surge, the optional rules of 27) are systems and rule math of
//! this folder; this file is how they plug into the generic engine (`model::ruleset`).

use std::any::Any;

use bevy::prelude::{Schedule, World};

use crate::model::command::Command;
use crate::model::dice::Dice;
use crate::model::log::GameLog;
use crate::model::prompt::Prompt;
use crate::model::ruleset::{LegalStage, Mechanism, Ruleset};
use crate::model::state_parts::StatePart;
use crate::model::view::{Destination, UnitView, UnitsView, factors, has_flag};
use crate::model::{Control, Game, Pools, Tracks, TurnState};
use crate::rules::netwar as nw;
use crate::scenario::board::SpaceId;
use crate::scenario::schema::{AttrValue, UnitFlag};

mod legal;

#[derive(Debug, Default)]
pub struct DecisionIraq;

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

    fn add_systems(&self, s: &mut Schedule) {
        nw::add_systems(s);
    }

    fn insert_resources(&self, world: &mut World) {
        world.insert_resource(nw::conflict::NetwarConflict::default());
        world.insert_resource(nw::mobilization::MobilizationStart::default());
        world.insert_resource(nw::chaos::ChaosQueue::default());
        world.insert_resource(nw::chaos::HvtMarker::default());
        world.insert_resource(nw::chaos::SuicideSurgeTurn::default());
        world.insert_resource(nw::chits::ChitChain::default());
    }

    fn state_parts(&self) -> Vec<StatePart> {
        nw::state_parts()
    }

    /// 3.3: chits drawn at random before play begins.
    fn initial_draws(&self, game: &Game, turn: &TurnState, log: &mut GameLog, pools: &mut Pools, dice: &mut Dice) {
        let Some(n) = nw::netwar(game) else { return };
        for (side, pool, count) in &n.initial_draws {
            let (Some(side), Some(pool)) = (game.side_index(side), game.scenario.pools.iter().position(|p| &p.id == pool)) else { continue };
            for _ in 0..*count {
                nw::chits::draw(game, turn, log, pools, dice, pool, side);
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

    fn prompt_answers(&self, game: &Game, prompt: &Prompt) -> Option<Vec<Command>> {
        matches!(prompt, Prompt::NetwarPoints { .. } | Prompt::PickUnits { .. } | Prompt::Retreat { .. } | Prompt::PlaceUnit { .. } | Prompt::ChooseSpace { .. } | Prompt::Airstrike { .. })
            .then(|| nw::answers::answer_options(game, prompt))
    }

    /// 27.9: from a district with a friendly base, twice the allowance through quiet districts.
    fn movement_boost(&self, game: &Game, units: &UnitsView, unit: &UnitView) -> Option<u32> {
        nw::logistics::doubles(game, units, unit).then_some(2)
    }

    fn filter_destinations(&self, game: &Game, units: &UnitsView, unit: &UnitView, out: &mut Vec<Destination>) {
        nw::logistics::airmobile_filter(game, units, unit, out);
        // 27.4: slow militia stay within the sect of the district they start in.
        let (Some(start), Some(t)) = (unit.space(), game.scenario.unit_types.get(unit.type_index)) else { return };
        if let Some(b) = nw::netwar(game).and_then(|n| n.sect_bound.as_ref()).filter(|b| game.options.contains(&b.option))
            && b.unit_types.contains(&t.id)
            && factors(game, unit.type_index, unit.level).movement <= b.max_movement
        {
            let sect = |s: SpaceId| nw::space_attr(game, s, &b.attribute).cloned();
            let here = sect(start);
            if here != Some(AttrValue::Text(b.free.clone())) {
                out.retain(|d| sect(d.space) == here);
            }
        }
    }

    /// 26.1: on election turns a change to the CI's index doubles.
    fn track_factor(&self, game: &Game, turn: &TurnState, track: usize) -> i32 {
        nw::multiplier(game, turn, track, 0)
    }

    /// 18.4, 24.52, 27.11: control points through the Netwar multiplier (a Jihad/Surge turn
    /// doubles them), with the sect bonus.
    fn control_income(&self, game: &Game, turn: &TurnState, control: &Control, tracks: &mut Tracks, log: &mut GameLog, side: usize, track: usize, total: i32, what: &str) -> bool {
        let doublings = u32::from(nw::mobilization::surged_this_turn(game, turn, side));
        let (bonus, sects) = nw::sect_bonus(game, control, side);
        let sects = if sects.is_empty() { String::new() } else { format!("; every {} district: {bonus:+} (27.11)", sects.join(", every ")) };
        let cause = format!("control: {what}{sects} (18.4)");
        nw::change_index(game, turn, tracks, log, track, total + bonus, doublings, &cause);
        true
    }

    /// 21.3: unconventional units may stay out; 23.3: with a friendly base nobody must attack.
    fn required_attackers(&self, game: &Game, units: &UnitsView, side: usize, space: SpaceId, able: &[String]) -> Vec<String> {
        if nw::retreat::friendly_base(game, units, space, side) {
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
        nw::conflict::table_rejection(game, turn, units, attackers, underground, crt)
    }

    /// 27.7: the rest of a coordinated attack.
    fn owed_attack(&self, game: &Game, turn: &TurnState, units: &UnitsView, side: usize) -> Option<String> {
        nw::coordination::owed_group(game, turn, units, side)
    }
}
