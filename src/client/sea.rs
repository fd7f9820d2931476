//! Sea moves with the mouse (ToO 20): with a unit selected in a coastal hex, a button shows
//! where a transport may carry it (hexes ringed sea green); more units of the hex may be taken
//! aboard; a click on a ringed hex sails.

use super::Client;
use super::offers::{Offer, Place, UiAction};
use crate::model::view::UnitsView;
use crate::model::{Control, Tracks, TurnState};
use crate::session::Command;

impl Client {
    /// Whether the map shows the sea moves of the units aboard (the selected unit first).
    #[must_use]
    pub fn sea_on(&self) -> bool {
        self.sea_cargo.as_ref().is_some_and(|c| c.first().is_some_and(|u| self.selected.first() == Some(u)))
    }

    /// The units a voyage would carry now: those taken aboard, or the selected unit.
    fn cargo_now(&self) -> Vec<String> {
        match &self.sea_cargo {
            Some(c) if self.sea_on() => c.clone(),
            _ => self.selected.first().cloned().into_iter().collect(),
        }
    }

    /// The voyages the cargo may make now, one command per coastal hex.
    pub(super) fn voyages(&mut self) -> Vec<Command> {
        let game = self.session.game().clone();
        let Some(side) = self.session.acting_side() else { return Vec::new() };
        if game.scenario.rules.sea_moves.is_none() || !self.viewer_acts() {
            return Vec::new();
        }
        let ids: Vec<crate::model::command::Name> = self.cargo_now().iter().map(|u| u.as_str().into()).collect();
        if ids.is_empty() {
            return Vec::new();
        }
        let units = UnitsView::from_world(&mut self.session.world);
        let world = &self.session.world;
        let (turn, tracks, control) = (world.resource::<TurnState>(), world.resource::<Tracks>(), world.resource::<Control>());
        let timers = world.resource::<crate::rules::timers::Timers>();
        let facts = crate::rules::events::Facts { game: &game, turn, tracks, control, units: &units, timers: &timers.0 };
        crate::rules::sea_moves::voyages_of(&game, facts, side, &ids)
    }

    /// The sea move buttons of the selected unit: show its voyages (or go back to its moves),
    /// and, while they show, take the other units of its hex aboard or leave them ashore.
    pub(super) fn sea_offers(&mut self, out: &mut Vec<Offer>) {
        let voyages = self.voyages().len();
        if !self.sea_on() {
            if voyages > 0 {
                out.push(Offer::new(Place::Unit, format!("Sea move: {voyages} coastal hexes (ringed sea green)"), UiAction::ToggleSea));
            }
            return;
        }
        let aboard = self.cargo_now();
        out.push(Offer::new(Place::Unit, format!("Back to moves on foot ({} aboard; {voyages} hexes to sail to)", aboard.join(", ")), UiAction::ToggleSea));
        let game = self.session.game().clone();
        let units = UnitsView::from_world(&mut self.session.world);
        let Some(first) = aboard.first().and_then(|id| units.get(id)) else { return };
        let Some(space) = first.space() else { return };
        let others = units.at(space).filter(|u| u.side == first.side && !u.activity.moved && !crate::rules::sea_moves::is_transport(&game, u.type_index));
        for u in others.filter(|u| u.id.as_str() != aboard[0]) {
            let id = String::from(&*u.id);
            let label = if aboard.contains(&id) { format!("Leave {id} ashore") } else { format!("Take {id} aboard too") };
            out.push(Offer::new(Place::Unit, label, UiAction::ToggleCargo(id)));
        }
    }

    pub(super) fn toggle_sea(&mut self) {
        self.sea_cargo = if self.sea_on() { None } else { self.selected.first().map(|u| vec![u.clone()]) };
        self.rail_mode = None;
        self.status = if self.sea_on() { "Sea move: click a sea-green hex to sail there.".into() } else { "Moves on foot: click a ringed hex.".into() };
        self.status_is_error = false;
    }

    pub(super) fn toggle_cargo(&mut self, id: String) {
        let Some(cargo) = self.sea_cargo.as_mut().filter(|c| c.first() != Some(&id)) else { return };
        if let Some(i) = cargo.iter().position(|u| *u == id) {
            cargo.remove(i);
        } else {
            cargo.push(id);
        }
        let n = self.voyages().len();
        let aboard = self.cargo_now().join(", ");
        self.status = if n == 0 { format!("Aboard: {aboard}. They may not sail anywhere together now.") } else { format!("Aboard: {aboard}. Click a sea-green hex to sail there.") };
        self.status_is_error = n == 0;
    }
}
