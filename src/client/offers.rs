//! What the screen offers the player now: every button of every panel, as data. The egui panels
//! draw these offers and nothing else, and tests and scripted runs perform them through
//! [`Client::act`], so "playable with the mouse alone" is something a test can show.

use serde::{Deserialize, Serialize};

use super::Client;
use crate::model::view::UnitsView;
use crate::model::{Location, PendingPrompt, TurnState};
use crate::scenario::schema::PhaseKind;
use crate::session::Command;
use crate::session::seats::SeatMode;

/// One thing a player can do with the mouse.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum UiAction {
    /// A click on a space of the map: select a unit there, move or place the selected unit,
    /// choose a target, buy the chosen unit type there.
    Space(String),
    /// A click on a unit in a list (units waiting to be placed).
    SelectUnit(String),
    /// A button that gives a command from the rules' legal list (prompt answers, chit plays,
    /// purchases, the phase's other actions).
    Give(Command),
    /// A unit type in the Mobilization panel: its legal placements light up on the map.
    RecruitType(String),
    /// One of the combat dialog's attacks, its supports (on or off), then its Attack or
    /// Cancel button.
    PickAttack(usize),
    ToggleSupport(String),
    Attack,
    CancelAttack,
    /// The selected unit's rail moves on the map instead of its moves, or back (ToO 9.8).
    ToggleRail,
    /// The selected unit's sea moves on the map instead of its moves, or back (ToO 20).
    ToggleSea,
    /// Take a unit of the selected unit's hex aboard for its sea move, or leave it ashore.
    ToggleCargo(String),
    EndPhase,
    Undo,
    Save,
    /// The hand-off screen's button: the next player has the screen.
    ConfirmHandoff,
    ToggleChart,
    /// The combat results, event and terrain tables.
    ToggleTables,
    /// Solo play: show both sides' secrets, or only the side to act's.
    ToggleReveal,
    /// Hex numbers on the map, or not.
    ToggleHexNumbers,
    /// Back to the start screen (the game is autosaved first).
    MainMenu,
    ToggleHelp,
}

/// Where an offer sits on the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    Handoff,
    TopBar,
    /// End phase, undo, save.
    Phase,
    /// Units waiting to be placed or to enter.
    Waiting,
    /// The viewer's units in the space last clicked (a stack's list).
    Stack,
    /// The viewer's chit plays and purchases.
    Chits,
    /// A purchase of this unit type (Mobilization).
    Mobilization(String),
    Withdraw,
    /// Actions of the selected unit that the map does not show (strategic moves, reserves,
    /// forced marches, overruns, transport, PGM strikes).
    Unit,
    /// The phase's other actions (the ruleset's own purchases and procedures, group
    /// attacks, the default placement).
    Other,
    /// An answer to the open prompt.
    Prompt,
    /// The combat dialog.
    Combat,
}

/// A button on the screen.
#[derive(Clone, Debug, PartialEq)]
pub struct Offer {
    pub place: Place,
    pub label: String,
    pub action: UiAction,
    pub enabled: bool,
}

impl Offer {
    pub(super) fn new(place: Place, label: impl Into<String>, action: UiAction) -> Self {
        Self { place, label: label.into(), action, enabled: true }
    }
}

/// The unit a unit-specific command is about.
fn unit_of<'a>(game: &crate::model::Game, c: &'a Command) -> Option<&'a str> {
    match c {
        Command::StrategicMove { unit, .. } | Command::ForcedMarch { unit } | Command::AttackSupply { unit } | Command::Breakdown { unit } | Command::Reserve { unit } => Some(unit),
        Command::Game(g) => game.ruleset.command_unit(g),
        Command::Carry { carrier, .. } => Some(carrier),
        Command::Overrun { units, .. } | Command::BuildRail { engineers: units, .. } => units.first().map(|u| u.as_str()),
        _ => None,
    }
}

/// Commands the map gives by clicks (moves, placements, purchases at a chosen space) or the
/// combat dialog gives (attacks), so they need no button of their own.
fn given_by_map(c: &Command) -> bool {
    matches!(c, Command::Move { .. } | Command::Place { .. } | Command::Enter { .. } | Command::Attack { .. } | Command::EndPhase)
}

impl Client {
    /// `text` with the spaces it names by key shown by their names (`kurdistan_south` as
    /// Kurdistan South, `0404` as Kell (0404), a box as its district and box).
    #[must_use]
    /// A command's button label: its description with names for ids, and for bought rolls and
    /// constructions what they are and cost (ToO 26, 29).
    pub(super) fn label(&self, c: &Command) -> String {
        let game = self.session.game();
        match c {
            Command::BuyRoll { roll, table } => {
                let Some((_, r)) = crate::rules::bought_rolls::bought_roll(game, roll) else { return self.named(&c.describe()) };
                let table = game.scenario.tables.events.iter().find(|t| t.id == **table).map_or_else(|| table.to_string(), |t| t.name.clone());
                let track = game.track_index(&r.track).map_or_else(|| r.track.clone(), |i| game.scenario.tracks[i].name.clone());
                format!("{}: roll on {table} ({} {track})", r.name, r.cost)
            }
            // Purchases named by what they buy (a type's id means nothing to a player).
            Command::Recruit { unit_type, at, surge } => {
                let name = game.scenario.unit_types.iter().find(|t| t.id == **unit_type).map_or_else(|| unit_type.to_string(), |t| t.name.clone());
                let with = if *surge { " with mobilization points" } else { "" };
                self.named(&format!("Buy {name} at {at}{with}"))
            }
            Command::Build { construction, at } => {
                let name = game.scenario.rules.constructions.iter().find(|x| x.id == **construction).map_or_else(|| construction.to_string(), |x| x.name.clone());
                self.named(&format!("Build {name} at {at}"))
            }
            _ => self.named(&c.describe()),
        }
    }

    pub fn named(&self, text: &str) -> String {
        let board = &self.session.game().board;
        let name = |w: &str| -> Option<String> {
            let id = board.space(w)?;
            let sp = &board.spaces[id.index()];
            let own = sp.name.clone()?;
            Some(match sp.kind {
                crate::scenario::board::SpaceKind::Hex { .. } => format!("{own} ({w})"),
                crate::scenario::board::SpaceKind::Slot { .. } => {
                    let area = board.area_of(id);
                    format!("{}, {own}", board.spaces[area.index()].name.clone().unwrap_or_else(|| board.key(area).to_string()))
                }
                _ => own,
            })
        };
        let mut out = String::with_capacity(text.len());
        let mut word = String::new();
        for ch in text.chars().chain(std::iter::once('\0')) {
            if ch.is_alphanumeric() || matches!(ch, '_' | '/' | '#' | '-') {
                word.push(ch);
                continue;
            }
            out.push_str(&name(&word).unwrap_or_else(|| word.clone()));
            word.clear();
            if ch != '\0' {
                out.push(ch);
            }
        }
        out
    }

    /// Whether the side at the screen is the one to act, with nothing covering the screen.
    #[must_use]
    pub fn viewer_acts(&self) -> bool {
        self.seats.handoff.is_none() && self.seats.viewer.is_some() && self.session.acting_side() == self.seats.viewer
    }

    /// Every button on the screen now, panel by panel.
    pub fn offers(&mut self) -> Vec<Offer> {
        if let Some(next) = self.seats.handoff {
            let name = self.session.game().scenario.sides[next].name.clone();
            return vec![Offer::new(Place::Handoff, format!("I play {name}: show my screen"), UiAction::ConfirmHandoff)];
        }
        let mut out = vec![Offer::new(Place::TopBar, "Menu", UiAction::MainMenu), Offer::new(Place::TopBar, "Chart", UiAction::ToggleChart), Offer::new(Place::TopBar, "Tables", UiAction::ToggleTables), Offer::new(Place::TopBar, "Keys (F1)", UiAction::ToggleHelp)];
        if self.session.game().board.is_hex {
            out.push(Offer::new(Place::TopBar, if self.show_hex_numbers { "Hide hex numbers" } else { "Show hex numbers" }, UiAction::ToggleHexNumbers));
        }
        if let SeatMode::Solo { reveal_all } = self.seats.mode {
            out.push(Offer::new(Place::TopBar, if reveal_all { "Hide the other side" } else { "Show both sides" }, UiAction::ToggleReveal));
        }
        let actor = self.session.acting_side();
        out.push(Offer { enabled: actor.is_some(), ..Offer::new(Place::Phase, "End phase", UiAction::EndPhase) });
        // Enabled once anything was played: a refused undo says why on the status line.
        out.push(Offer { enabled: !self.session.played.is_empty(), ..Offer::new(Place::Phase, "Undo (Ctrl+Z)", UiAction::Undo) });
        out.push(Offer::new(Place::Phase, "Save (Ctrl+S)", UiAction::Save));
        if !self.viewer_acts() {
            return out;
        }
        let game = self.session.game().clone();
        let turn = self.session.world.resource::<TurnState>().clone();
        let units = UnitsView::from_world(&mut self.session.world);
        let phase = turn.current_phase(&game).map(|p| p.kind);
        if turn.setup.is_some() || phase == Some(PhaseKind::Reinforcement) {
            for u in units.all().iter().filter(|u| Some(u.side) == actor && u.location == Location::NotEntered) {
                out.push(Offer::new(Place::Waiting, String::from(&*u.id), UiAction::SelectUnit(String::from(&*u.id))));
            }
        }
        if let Some(space) = self.inspected.as_deref().and_then(|k| game.board.space(k))
            && phase != Some(PhaseKind::Combat)
        {
            for u in units.at(space).filter(|u| Some(u.side) == actor) {
                out.push(Offer::new(Place::Stack, String::from(&*u.id), UiAction::SelectUnit(String::from(&*u.id))));
            }
        }
        let legal = self.legal();
        if self.session.world.resource::<PendingPrompt>().0.is_some() {
            // Markers picked on the map may be placed before the count is reached ("up to").
            if !self.markers.is_empty() {
                let c = Command::PlaceMarkers { spaces: crate::model::command::names(&self.markers) };
                out.push(Offer::new(Place::Prompt, self.named(&c.describe()), UiAction::Give(c)));
            }
            out.extend(legal.into_iter().map(|c| Offer::new(Place::Prompt, self.named(&c.describe()), UiAction::Give(c))));
            return out;
        }
        let selected = self.selected.first().cloned();
        // Rail moves are given on the map: one button shows them there (light blue), or goes
        // back to the unit's moves.
        let rides = legal.iter().filter(|c| matches!(c, Command::RailMove { unit, .. } if Some(unit.as_str()) == selected.as_deref())).count();
        if rides > 0 {
            let label = if self.rail_on() { "Back to moves on foot".to_string() } else { format!("Rail move: {rides} hexes (ringed light blue)") };
            out.push(Offer::new(Place::Unit, label, UiAction::ToggleRail));
        }
        self.sea_offers(&mut out);
        let mut types: Vec<String> = Vec::new();
        for c in legal {
            let place = match &c {
                Command::PlayChit { .. } | Command::BuyChit => Place::Chits,
                Command::Recruit { unit_type, .. } => {
                    if !types.iter().any(|t| t == unit_type) {
                        types.push(unit_type.to_string());
                    }
                    Place::Mobilization(unit_type.to_string())
                }
                Command::Withdraw { .. } => Place::Withdraw,
                Command::RailMove { .. } | Command::SeaMove { .. } => continue,
                c if unit_of(&game, c).is_some() => {
                    if unit_of(&game, c) != selected.as_deref() {
                        continue;
                    }
                    Place::Unit
                }
                c if given_by_map(c) => continue,
                _ => Place::Other,
            };
            out.push(Offer::new(place, self.label(&c), UiAction::Give(c)));
        }
        for t in types {
            let name = game.scenario.unit_types.iter().find(|u| u.id == t).map_or(t.clone(), |u| u.name.clone());
            out.push(Offer::new(Place::Mobilization(t.clone()), format!("Place {name} on the map"), UiAction::RecruitType(t)));
        }
        if let Some(preview) = self.attack_preview() {
            for (i, o) in preview.options.iter().enumerate() {
                out.push(Offer::new(Place::Combat, o.label.clone(), UiAction::PickAttack(i)));
            }
            for sc in &preview.supports {
                out.push(Offer::new(Place::Combat, format!("Support: {}", sc.name), UiAction::ToggleSupport(String::from(&*sc.id))));
            }
            out.push(Offer { enabled: preview.plan.is_ok(), ..Offer::new(Place::Combat, "Attack", UiAction::Attack) });
            out.push(Offer::new(Place::Combat, "Cancel", UiAction::CancelAttack));
        }
        out
    }

    /// Performs an action a player took with the mouse. Buttons must be on the screen (in
    /// `offers`); a click on the map may be anywhere.
    pub fn act(&mut self, action: UiAction) -> Result<(), String> {
        if let UiAction::Space(key) = &action {
            if self.seats.handoff.is_some() {
                return Err("the hand-off screen covers the map".into());
            }
            self.session.game().board.space(key).ok_or_else(|| format!("no space `{key}` on the map"))?;
            self.click_space(key);
            return Ok(());
        }
        let offers = self.offers();
        match offers.iter().find(|o| o.action == action) {
            None => return Err(format!("no such button on the screen now: {action:?}")),
            Some(o) if !o.enabled => return Err(format!("the button `{}` is disabled now", o.label)),
            Some(_) => {}
        }
        match action {
            UiAction::Space(_) => {}
            UiAction::SelectUnit(id) => {
                self.status = format!("{id} selected: click a ringed space.");
                self.status_is_error = false;
                self.selected = vec![id];
            }
            UiAction::Give(c) => self.give(c),
            UiAction::RecruitType(t) => {
                let name = self.session.game().scenario.unit_types.iter().find(|u| u.id == t).map_or(t.clone(), |u| u.name.clone());
                self.status = format!("Click a green-ringed space to place a new {name} there.");
                self.status_is_error = false;
                self.selected.clear();
                self.recruit_type = Some(t);
            }
            UiAction::PickAttack(i) => self.attack_pick = i,
            UiAction::ToggleSupport(id) => {
                if let Some(i) = self.supports.iter().position(|s| *s == id) {
                    self.supports.remove(i);
                } else {
                    self.supports.push(id);
                }
            }
            UiAction::Attack => {
                if let Some(Ok(cmd)) = self.attack_preview().map(|p| p.command) {
                    self.give(cmd);
                    self.selected.clear();
                    self.target = None;
                }
            }
            UiAction::CancelAttack => {
                self.target = None;
                self.selected.clear();
                self.supports.clear();
                self.attack_pick = 0;
            }
            UiAction::ToggleRail => {
                self.rail_mode = if self.rail_on() { None } else { self.selected.first().cloned() };
                self.status = if self.rail_on() { "Rail move: click a light-blue hex to ride there.".into() } else { "Moves on foot: click a ringed hex.".into() };
                self.status_is_error = false;
            }
            UiAction::ToggleSea => self.toggle_sea(),
            UiAction::ToggleCargo(id) => self.toggle_cargo(id),
            UiAction::EndPhase => self.give(Command::EndPhase),
            UiAction::Undo => self.undo(),
            UiAction::Save => self.save(),
            UiAction::ConfirmHandoff => self.seats.confirm(self.session.played.len()),
            UiAction::ToggleChart => self.show_chart = !self.show_chart,
            UiAction::ToggleReveal => {
                if let SeatMode::Solo { reveal_all } = &mut self.seats.mode {
                    *reveal_all = !*reveal_all;
                }
            }
            UiAction::MainMenu => match self.autosave_now() {
                Ok(()) => self.to_menu = true,
                Err(e) => {
                    self.status = format!("The game could not be autosaved, so it stays open: {e}");
                    self.status_is_error = true;
                }
            },
            UiAction::ToggleHexNumbers => self.show_hex_numbers = !self.show_hex_numbers,
            UiAction::ToggleTables => self.show_tables = !self.show_tables,
            UiAction::ToggleHelp => self.show_help = !self.show_help,
        }
        Ok(())
    }

    /// Clicks the button with this label (scripts name buttons as a player sees them).
    pub fn press(&mut self, label: &str) -> Result<(), String> {
        let offers = self.offers();
        let Some(o) = offers.iter().find(|o| o.label == label) else {
            let shown: Vec<&str> = offers.iter().map(|o| o.label.as_str()).collect();
            return Err(format!("no button `{label}` on the screen; it shows: {}", shown.join(" | ")));
        };
        self.act(o.action.clone())
    }
}
