//! Clicks on the map: what a click on a space does in the current phase, and which spaces the
//! map highlights (legal moves with their cost, placements, purchases, attack targets). Both come
//! from the rules' legal list; the client adds no rule of its own.

use super::Client;
use crate::model::view::UnitsView;
use crate::model::{Control, SpaceId, TurnState};
use crate::rules::movement::legal_destinations;
use crate::rules::setup::group_of;
use crate::scenario::schema::PhaseKind;
use crate::session::Command;

/// What a highlighted space means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Highlight {
    /// The selected unit may move there at this cost.
    Move(u32),
    /// The selected unit (or the chosen unit type) may be placed there.
    Place,
    /// An enemy the side may attack now.
    Target,
    /// The selected unit may ride there by rail (ToO 9.8), where it may not simply move.
    Rail,
    /// The units aboard may sail there (ToO 20).
    Sea,
}

impl Client {
    /// Whether the map shows the selected unit's rail moves (ToO 9.8).
    #[must_use]
    pub fn rail_on(&self) -> bool {
        self.rail_mode.is_some() && self.rail_mode.as_ref() == self.selected.first()
    }

    /// The command a click on `key` gives with the current selection, if any: a move, a
    /// placement, an entry or a purchase from the legal list.
    fn command_at(&self, (legal, voyages): (&[Command], &[Command]), key: &str) -> Option<Command> {
        let game = self.session.game();
        // A prompt that asks for a space is answered by a click on it.
        if let Some(c) = legal.iter().find(|c| matches!(c, Command::ChooseSpace { space } if space == key)) {
            return Some(c.clone());
        }
        if let Some(ty) = &self.recruit_type {
            return legal.iter().find(|c| matches!(c, Command::Recruit { unit_type, at, surge: false } if unit_type == ty && at == key)).cloned();
        }
        let unit = self.selected.first()?.clone();
        // With the sea moves shown a click sails (ToO 20).
        if self.sea_on() {
            return voyages.iter().find(|c| matches!(c, Command::SeaMove { to, .. } if to == key)).cloned();
        }
        // In rail mode a click rides (ToO 9.8).
        if self.rail_on() {
            return legal.iter().find(|c| matches!(c, Command::RailMove { unit: u, to } if *u == unit && to == key)).cloned();
        }
        let group = group_of(game, &unit).map(|g| String::from(&*g.id));
        legal.iter().find_map(|c| match c {
            Command::Move { unit: u, to } if *u == unit && to == key => Some(c.clone()),
            Command::Enter { unit: u, at } if *u == unit && at == key => Some(c.clone()),
            Command::RailMove { unit: u, to } if *u == unit && to == key => Some(c.clone()),
            // Set-up lists one unit per group: the group's units are interchangeable.
            Command::Place { unit: u, at } if at == key && (*u == unit || (group.is_some() && group_of(game, u).map(|g| &g.id) == group.as_ref())) => {
                Some(Command::Place { unit: unit.as_str().into(), at: at.clone() })
            }
            _ => None,
        })
    }

    /// The open marker placement prompt's allowed spaces and count, if any.
    pub fn marker_prompt(&self) -> Option<(Vec<String>, u32)> {
        match &self.session.world.resource::<crate::model::PendingPrompt>().0 {
            Some(crate::model::prompt::Prompt::PlaceMarkers { spaces, count, .. }) => Some((spaces.clone(), *count)),
            _ => None,
        }
    }

    /// Spaces to highlight now.
    pub fn highlights(&mut self) -> Vec<(SpaceId, Highlight)> {
        if !self.viewer_acts() {
            return Vec::new();
        }
        let game = self.session.game().clone();
        let legal = self.legal();
        let mut out: Vec<(SpaceId, Highlight)> = Vec::new();
        // Marker placement: where markers may go, and those already picked.
        if let Some((spaces, _)) = self.marker_prompt() {
            for k in spaces {
                if let Some(s) = game.board.space(&k) {
                    out.push((s, if self.markers.contains(&k) { Highlight::Target } else { Highlight::Place }));
                }
            }
        }
        let phase = self.session.world.resource::<TurnState>().current_phase(&game).map(|p| p.kind);
        if phase == Some(PhaseKind::Combat) && self.target.is_none() {
            for c in &legal {
                if let Command::Attack { target, .. } = c
                    && let Some(s) = game.board.space(target)
                {
                    out.push((game.board.area_of(s), Highlight::Target));
                }
            }
        }
        // The spaces a prompt is about (the hex to advance or pursue into) are ringed as targets.
        let about: Vec<String> = match &self.session.world.resource::<crate::model::PendingPrompt>().0 {
            Some(crate::model::prompt::Prompt::Advance { target, .. }) => vec![target.clone()],
            Some(crate::model::prompt::Prompt::Pursue { first, .. }) => first.clone(),
            _ => Vec::new(),
        };
        for s in about.iter().filter_map(|k| game.board.space(k)) {
            out.push((s, Highlight::Target));
        }
        for c in &legal {
            if let Command::ChooseSpace { space } = c
                && let Some(s) = game.board.space(space)
            {
                out.push((s, Highlight::Place));
            }
        }
        if self.recruit_type.is_some() || !self.selected.is_empty() {
            let units = UnitsView::from_world(&mut self.session.world);
            let control = self.session.world.resource::<Control>().clone();
            let costs = self.selected.first().and_then(|id| units.get(id)).map(|u| legal_destinations(&game, &units, &control, u)).unwrap_or_default();
            let voyages = if self.sea_on() { self.voyages() } else { Vec::new() };
            for sp in 0..game.board.len() {
                let id = SpaceId(sp as u32);
                let key = game.board.key(id).to_string();
                match self.command_at((&legal, &voyages), &key) {
                    Some(Command::Move { .. }) => out.push((id, Highlight::Move(costs.iter().find(|d| d.space == id).map_or(0, |d| d.cost)))),
                    Some(Command::RailMove { .. }) => out.push((id, Highlight::Rail)),
                    Some(Command::SeaMove { .. }) => out.push((id, Highlight::Sea)),
                    Some(_) => out.push((id, Highlight::Place)),
                    None => {}
                }
            }
        }
        out.sort_by_key(|(s, _)| *s);
        out.dedup();
        out
    }

    /// The path the selected unit would take to `space` (its start first), when it may move
    /// there: drawn while the pointer is over a ringed space.
    pub fn path_to(&mut self, space: SpaceId) -> Option<Vec<SpaceId>> {
        let id = self.selected.first()?.clone();
        let game = self.session.game().clone();
        let units = UnitsView::from_world(&mut self.session.world);
        let u = units.get(&id)?;
        let from = u.space()?;
        let control = self.session.world.resource::<Control>();
        let d = legal_destinations(&game, &units, control, u).into_iter().find(|d| d.space == space)?;
        Some(std::iter::once(from).chain(d.path).collect())
    }

    /// A drag begins on `key`: in a movement phase of the viewer, the viewer's (first) unit
    /// there is selected and carried; elsewhere the drag pans the map. Returns whether a unit
    /// is carried.
    pub fn start_drag(&mut self, key: &str) -> bool {
        let game = self.session.game().clone();
        let Some(space) = game.board.space(key) else { return false };
        let movement = self.session.world.resource::<TurnState>().current_phase(&game).is_some_and(|p| p.kind == PhaseKind::Movement);
        if !self.viewer_acts() || !movement {
            return false;
        }
        let viewer = self.seats.secrets_of();
        let units = UnitsView::from_world(&mut self.session.world);
        let Some(u) = units.at(space).find(|u| Some(u.side) == viewer) else { return false };
        self.selected = vec![String::from(&*u.id)];
        self.status = format!("{}: drop it on a ringed space.", u.id);
        self.status_is_error = false;
        self.dragging = true;
        true
    }

    /// A click on a space of the map.
    pub fn click_space(&mut self, key: &str) {
        let game = self.session.game().clone();
        let Some(space) = game.board.space(key) else { return };
        let viewer = self.seats.secrets_of();
        if !self.viewer_acts() {
            self.status = "It is not your turn to act.".into();
            self.status_is_error = true;
            return;
        }
        self.inspected = Some(key.to_string());
        // A marker placement: clicks pick spaces (again: unpick); the last marker places them.
        if let Some((spaces, count)) = self.marker_prompt()
            && spaces.iter().any(|s| s == key)
        {
            if let Some(i) = self.markers.iter().position(|m| m == key) {
                self.markers.remove(i);
            } else {
                self.markers.push(key.to_string());
            }
            if self.markers.len() as u32 >= count {
                let spaces = std::mem::take(&mut self.markers);
                self.give(Command::PlaceMarkers { spaces: crate::model::command::names(&spaces) });
            } else {
                self.status = format!("Markers picked: {} of {count}; click more, or place these.", self.markers.join(", "));
                self.status_is_error = false;
            }
            return;
        }
        let legal = self.legal();
        let voyages = if self.sea_on() { self.voyages() } else { Vec::new() };
        if let Some(cmd) = self.command_at((&legal, &voyages), key) {
            self.give(cmd);
            self.selected.clear();
            self.sea_cargo = None;
            return;
        }
        let units = UnitsView::from_world(&mut self.session.world);
        let own: Vec<String> = units.at(space).filter(|u| Some(u.side) == viewer).map(|u| String::from(&*u.id)).collect();
        let phase = self.session.world.resource::<TurnState>().current_phase(&game).map(|p| p.kind);
        if phase == Some(PhaseKind::Combat) {
            let area = game.board.area_of(space);
            let is_target = self.legal().iter().any(|c| matches!(c, Command::Attack { target, .. } if game.board.space(target).is_some_and(|t| game.board.area_of(t) == area)));
            let enemy = units.at(space).any(|u| Some(u.side) != viewer);
            if is_target || (enemy && own.is_empty()) {
                self.target = Some(game.board.key(area).to_string());
                self.attack_pick = 0;
                self.status = format!("Target: {}. The combat dialog shows the attacks and their odds.", game.board.key(area));
                self.status_is_error = false;
                return;
            }
            // Own units: toggle them as attackers.
            for u in own {
                if let Some(i) = self.selected.iter().position(|s| *s == u) {
                    self.selected.remove(i);
                } else {
                    self.selected.push(u);
                }
            }
            self.attack_pick = 0;
            return;
        }
        if let Some(ty) = &self.recruit_type {
            self.status = format!("A {ty} cannot be placed in {key} now.");
            self.status_is_error = true;
            return;
        }
        if !own.is_empty() {
            // Click a stack again to cycle through its units.
            let next = own.iter().position(|u| self.selected.first() == Some(u)).map_or(0, |i| (i + 1) % own.len());
            self.selected = vec![own[next].clone()];
            self.status = if phase == Some(PhaseKind::Movement) {
                format!("{} selected: its legal moves are ringed, with their cost.", own[next])
            } else {
                format!("{} selected.", own[next])
            };
            self.status_is_error = false;
        } else if let Some(u) = self.selected.first().cloned() {
            // The rules' own reason when there is one (a move too long, a zone of control).
            let why = match (phase, viewer) {
                (Some(PhaseKind::Movement), Some(side)) => {
                    let control = self.session.world.resource::<Control>();
                    crate::rules::movement::move_check(&game, &units, control, side, &u, key).err()
                }
                _ => None,
            };
            self.status = format!("{u} cannot go to {key} now{}.", why.map(|w| format!(": {w}")).unwrap_or_default());
            self.status_is_error = true;
        }
    }
}
