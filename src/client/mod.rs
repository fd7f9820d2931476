//! The client's model, apart from drawing: the session, who sits at the screen, what the player
//! has selected, and the feedback line. Everything a player can do with the mouse is a
//! [`UiAction`] from [`Client::offers`] or a click on a space; the egui panels draw those offers,
//! and tests and scripted runs perform the same actions without a window. Every change to the
//! game is a command given through `Client::give`; the client holds no rule of its own.

pub mod attack;
pub mod images;
pub mod clicks;
mod offers;
mod sea;
pub mod script;

pub use attack::AttackPreview;
pub use offers::{Offer, Place, UiAction};

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;

use crate::games::load_file;
use crate::session::save::{SaveFile, autosave, read_save, replay, saves_dir, write_save};
use crate::session::save_names::{autosave_dir, continued_name, manual_save_path, new_game_name};
use crate::session::seats::{SeatMode, Seats};
use crate::session::{Command, GameSetup, Session};

#[derive(Resource)]
pub struct Client {
    pub session: Session,
    /// Units selected by the player (own units), in selection order.
    pub selected: Vec<String>,
    /// The unit whose rail moves the map shows and gives (ToO 9.8), while it stays selected.
    pub rail_mode: Option<String>,
    /// The units aboard while the map shows their sea moves (ToO 20), the selected unit first.
    pub sea_cargo: Option<Vec<String>>,
    /// A space the player pointed at as a target.
    pub target: Option<String>,
    /// A unit is being dragged on the map (the drag moves it instead of panning).
    pub dragging: bool,
    /// Where each space was drawn in the last frame (screen points), for scripted mouse input.
    pub screen: Vec<Option<(f32, f32)>>,
    /// The drawn size of a space (hex radius) in the last frame, in screen points.
    pub screen_radius: f32,
    /// Commands given since the game was last written (autosave or save).
    pub dirty: bool,
    /// The player asked for the start screen (the game was autosaved first).
    pub to_menu: bool,
    /// Spaces clicked for a marker placement prompt, in order.
    pub markers: Vec<String>,
    /// The space last clicked: the side panel lists its units.
    pub inspected: Option<String>,
    /// The last message for the player: what happened, or why a command was refused.
    pub status: String,
    pub status_is_error: bool,
    /// Map view: zoom (pixels per hex radius) and pan offset.
    pub hex_size: f32,
    pub pan: [f32; 2],
    /// A space to centre the map on at the next frame (a click on a log entry).
    pub center_on: Option<String>,
    pub show_hex_numbers: bool,
    pub save_dir: PathBuf,
    /// The game's name: its manual save is `save_dir/NAME.ron` and its autosaves rotate in
    /// `save_dir/autosave/NAME/`, so two games never write the same file.
    pub game: String,
    /// Who has the screen (hotseat hand-offs, solo play).
    pub seats: Seats,
    /// The track chart window is open.
    pub show_chart: bool,
    /// The keyboard shortcuts window (F1) is open.
    pub show_help: bool,
    /// The tables window (combat results, events, terrain) is open.
    pub show_tables: bool,
    /// The unit type chosen in the Mobilization panel: its legal placements are highlighted and
    /// a click on one buys it there.
    pub recruit_type: Option<String>,
    /// The attack chosen in the combat dialog (an index into its options).
    pub attack_pick: usize,
    /// Combat supports added in the combat dialog.
    pub supports: Vec<String>,
    /// The legal commands of the position on screen, computed once per change (the panels read
    /// them every frame).
    legal: Option<Vec<Command>>,
}

/// What the command line asked the client to open.
#[derive(Clone, Debug, Default)]
pub struct OpenArgs {
    pub scenario: Option<PathBuf>,
    pub seed: Option<u64>,
    pub load: Option<PathBuf>,
    pub solo: bool,
}

impl Client {
    /// The game the command line asked for: a save to load, else a new game of the scenario.
    pub fn open(args: &OpenArgs) -> Result<Self, String> {
        if let Some(p) = &args.load {
            return Self::load_game(p, args.solo);
        }
        let path = args.scenario.clone().ok_or("no scenario named")?;
        let loaded = Arc::new(load_file(&path).map_err(|r| r.to_string())?);
        let options = Session::default_options(&loaded);
        Self::new_game(loaded, options, args.seed, args.solo)
    }

    /// A new game with these options (seed from the clock unless given).
    pub fn new_game(loaded: Arc<crate::scenario::Loaded>, options: std::collections::BTreeSet<String>, seed: Option<u64>, solo: bool) -> Result<Self, String> {
        let seed = seed.unwrap_or_else(|| now_secs().max(1));
        Self::start(loaded, GameSetup { options, seed, forced_dice: Vec::new() }, solo)
    }

    /// A new game from a full set-up (scripted runs force dice).
    pub fn start(loaded: Arc<crate::scenario::Loaded>, setup: GameSetup, solo: bool) -> Result<Self, String> {
        Ok(Self::with_session(Session::new(loaded, setup)?, solo))
    }

    /// A saved game, replayed and checked; it plays on under its own name (or a new one if
    /// its game has gone on along another line since: `save_names::continued_name`).
    pub fn load_game(path: &std::path::Path, solo: bool) -> Result<Self, String> {
        let save = read_save(path)?;
        let mut client = Self::with_session(replay(&save, None)?, solo);
        client.game = continued_name(&client.save_dir, &save, now_secs());
        Ok(client)
    }

    fn with_session(mut session: Session, solo: bool) -> Self {
        let save_dir = saves_dir();
        let game = new_game_name(&save_dir, &session.game().scenario.id, now_secs());
        let mode = if solo { SeatMode::Solo { reveal_all: false } } else { SeatMode::Hotseat };
        let seats = Seats::new(mode, &mut session);
        // The chart opens on demand (the Chart button): it would cover the map.
        let show_chart = false;
        Self {
            recruit_type: None,
            attack_pick: 0,
            supports: Vec::new(),
            legal: None,
            show_help: false,
            show_tables: false,
            show_chart,
            seats,
            session,
            selected: Vec::new(),
            rail_mode: None,
            sea_cargo: None,
            target: None,
            inspected: None,
            markers: Vec::new(),
            dirty: false,
            dragging: false,
            screen: Vec::new(),
            screen_radius: 0.0,
            to_menu: false,
            status: "Select a unit to see where it may move.".to_string(),
            status_is_error: false,
            hex_size: 40.0,
            pan: [0.0, 0.0],
            center_on: None,
            show_hex_numbers: true,
            save_dir,
            game,
        }
    }

    /// The save of the game as it stands, under the game's name.
    pub fn current_save(&mut self) -> SaveFile {
        let mut save = self.session.to_save();
        save.game = self.game.clone();
        save
    }

    #[must_use]
    pub fn window_title(&self) -> String {
        let g = self.session.game();
        let t = g.scenario.turns.labels.get(self.session.world.resource::<crate::model::TurnState>().turn);
        format!("Sandtable - {} - turn {}", g.scenario.title, t.map_or("end", String::as_str))
    }

    /// The legal commands now (cached until the game changes).
    pub fn legal(&mut self) -> Vec<Command> {
        if self.legal.is_none() {
            self.legal = Some(self.session.legal_commands());
        }
        self.legal.clone().unwrap_or_default()
    }

    /// Gives a command; on success autosaves at phase ends, on failure shows the reason.
    pub fn give(&mut self, cmd: Command) {
        self.legal = None;
        self.markers.clear();
        self.supports.clear();
        self.attack_pick = 0;
        let phases_before = self.session.checkpoints.len();
        match self.session.apply(cmd.clone()) {
            Ok(()) => {
                self.dirty = true;
                // Bought rolls and constructions by their names (the rest as the log has them).
                let done = if matches!(cmd, Command::BuyRoll { .. } | Command::Build { .. }) { self.label(&cmd) } else { cmd.describe() };
                self.status = format!("Done: {done}.");
                self.status_is_error = false;
                self.seats.follow(&mut self.session);
                if self.seats.handoff.is_some() {
                    self.selected.clear();
                    self.target = None;
                }
                if self.session.checkpoints.len() > phases_before {
                    self.recruit_type = None;
                    let save = self.current_save();
                    match autosave(&autosave_dir(&self.save_dir, &self.game), &save) {
                        Ok(_) => self.dirty = false,
                        Err(e) => {
                            self.status = format!("{} Autosave failed: {e}", self.status);
                            self.status_is_error = true;
                        }
                    }
                    self.selected.clear();
                    self.target = None;
                }
            }
            Err(e) => {
                self.status = format!("Refused: {e}.");
                self.status_is_error = true;
            }
        }
    }

    /// Why undo may not step back now, if it may not: a roll or reveal, or a command given
    /// before the side at the screen took it (the other side's decisions are never undone).
    #[must_use]
    pub fn undo_refusal(&self) -> Option<String> {
        self.session.undo_refusal(self.seats.since)
    }

    pub fn undo(&mut self) {
        if let Some(why) = self.undo_refusal() {
            self.status = format!("Cannot undo: {why}.");
            self.status_is_error = true;
            return;
        }
        self.legal = None;
        self.attack_pick = 0;
        self.target = None;
        match self.session.undo() {
            Ok(()) => {
                self.dirty = true;
                self.status = "Undone.".into();
                self.status_is_error = false;
                self.selected.clear();
                self.seats.follow(&mut self.session);
            }
            Err(e) => {
                self.status = format!("Cannot undo: {e}.");
                self.status_is_error = true;
            }
        }
    }

    /// Saves the game under its name; a file there that holds another game (or another line
    /// of play of this one) is never replaced: the save then takes the next free name.
    pub fn save(&mut self) {
        let save = self.current_save();
        let path = manual_save_path(&self.save_dir, &save);
        match write_save(&path, &save) {
            Ok(()) => {
                self.dirty = false;
                let own = self.save_dir.join(format!("{}.ron", self.game));
                let note = if path == own { String::new() } else { format!(" ({} holds another game or another line of play, so it was kept)", own.display()) };
                self.status = format!("Saved to {}{note}.", path.display());
                self.status_is_error = false;
            }
            Err(e) => {
                self.status = format!("Save failed: {e}");
                self.status_is_error = true;
            }
        }
    }

    /// Writes an autosave now if anything was played since the game was last written (the
    /// window closing, the way back to the start screen): no command is lost.
    pub fn autosave_now(&mut self) -> Result<(), String> {
        if !self.dirty {
            return Ok(());
        }
        let save = self.current_save();
        autosave(&autosave_dir(&self.save_dir, &self.game), &save)?;
        self.dirty = false;
        Ok(())
    }
}

/// Seconds since 1970: names new games and dates saves (the rules never see the clock).
fn now_secs() -> u64 {
    #[expect(clippy::disallowed_methods, reason = "names a new game; the rules only see the seed")]
    let now = std::time::SystemTime::now();
    now.duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}
