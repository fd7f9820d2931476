//! Scripted client runs (`sandtable play --script FILE`): what a player does with the mouse,
//! step by step, and when to photograph the screen. The desktop client plays a script between
//! frames and writes PNGs; tests play the same steps without a window, through the same
//! [`Client::act`], so a script that works shows the game can be played by mouse alone.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;

use super::{Client, UiAction};
use crate::games::load_file;
use crate::session::{GameSetup, Session};

/// A script file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClientScript {
    pub steps: Vec<Step>,
}

/// One step of a script.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Step {
    /// Start a new game as the start screen's button does (seed and dice fixed for tests).
    Open {
        scenario: PathBuf,
        #[serde(default)]
        seed: Option<u64>,
        /// Die results used before the seeded generator.
        #[serde(default)]
        dice: Vec<u32>,
        #[serde(default)]
        solo: bool,
        /// Optional rules switched on (default: the scenario's defaults).
        #[serde(default)]
        options: Option<Vec<String>>,
    },
    /// Continue a save, as the start screen's Load button does.
    Load(PathBuf),
    /// Continue the newest save in the start screen's list whose line (scenario, turn, side to
    /// act, date) contains this text, as a click on it does.
    Continue(String),
    /// A click on a space of the map.
    Click(String),
    /// A drag on the map from one space to another (in a window: real pointer events through
    /// egui, pressed on `from`, moved over a few frames, released on `to`).
    Drag { from: String, to: String },
    /// Zoom the map (1.0 = fitted to the window) centred on a space, as the wheel does.
    Zoom { factor: f32, on: String },
    /// A click on the button with this label.
    Press(String),
    /// A click on the button with this label that the client must refuse, with a status line
    /// that contains `reason` (an undo over the other side's decision, say).
    PressRefused { label: String, reason: String },
    /// An action named by what it does (a button whose label is long, a command from the list).
    Do(UiAction),
    /// The status line must contain this text (else the script fails).
    ExpectStatus(String),
    /// Let this many frames pass (windowed runs only).
    Wait(u32),
    /// Write a screenshot under this name (`NAME.png` in the shots directory).
    Shot(String),
    /// Report the mean frame time over this many frames.
    Measure(u32),
}

/// Reads a script; errors name the file, line and column.
pub fn read(path: &Path) -> Result<ClientScript, String> {
    let text = crate::scenario::files::read_text(path, crate::session::save::MAX_SAVE_BYTES).map_err(|e| format!("{}: cannot read script: {e}", path.display()))?;
    ron::Options::default()
        .from_str(&text)
        .map_err(|e| format!("{}:{}:{}: {}", path.display(), e.span.start.line, e.span.start.col, crate::scenario::files::shorten(&e.code.to_string())))
}

/// A game the step opens, if it opens one (`saves`: the folder the start screen lists).
pub fn open(step: &Step, saves: &Path) -> Option<Result<Client, String>> {
    match step {
        Step::Open { scenario, seed, dice, solo, options } => Some((|| {
            let loaded = Arc::new(load_file(scenario).map_err(|r| r.to_string())?);
            let options = options.clone().map_or_else(|| Session::default_options(&loaded), |o| o.into_iter().collect());
            Client::start(loaded, GameSetup { options, seed: seed.unwrap_or(1), forced_dice: dice.clone() }, *solo)
        })()),
        Step::Load(path) => Some(Client::load_game(path, false)),
        Step::Continue(text) => Some((|| {
            let list = crate::session::save_names::list_saves(saves);
            let found = list.iter().find(|s| s.line().contains(text.as_str()));
            let s = found.ok_or_else(|| format!("no save on the list reads `{text}`; it lists: {:?}", list.iter().map(crate::session::save_names::SavedGame::line).collect::<Vec<_>>()))?;
            let mut c = Client::load_game(&s.path, false)?;
            c.save_dir = saves.to_path_buf();
            Ok(c)
        })()),
        _ => None,
    }
}

/// Plays one step that acts on the game (clicks, buttons, checks); steps about frames and
/// screenshots do nothing here.
/// A refused command or a click that did nothing useful fails the step.
pub fn act(client: &mut Client, step: &Step) -> Result<(), String> {
    let before = client.status.clone();
    match step {
        Step::Click(key) => client.act(UiAction::Space(key.clone()))?,
        Step::Drag { from, to } => {
            if !client.start_drag(from) {
                return Err(format!("nothing of yours to drag in {from} now"));
            }
            client.dragging = false;
            client.act(UiAction::Space(to.clone()))?;
        }
        Step::Press(label) => client.press(label)?,
        Step::PressRefused { label, reason } => {
            client.press(label)?;
            if !client.status_is_error || !client.status.contains(reason.as_str()) {
                return Err(format!("`{label}` was to be refused for `{reason}`; the status line reads `{}`", client.status));
            }
            return Ok(());
        }
        Step::Zoom { factor, on } => {
            client.session.game().board.space(on).ok_or_else(|| format!("no space `{on}` on the map"))?;
            client.hex_size = (40.0 * factor).clamp(8.0, 160.0);
            client.center_on = Some(on.clone());
        }
        Step::Do(a) => client.act(a.clone())?,
        Step::ExpectStatus(text) if !client.status.contains(text.as_str()) => return Err(format!("the status line reads `{}`, not `{text}`", client.status)),
        _ => return Ok(()),
    }
    if client.status_is_error && client.status != before {
        return Err(client.status.clone());
    }
    Ok(())
}

/// Plays a whole script without a window, autosaving into `save_dir`; returns the client at
/// the end. Errors name the step.
pub fn run_headless(script: &ClientScript, save_dir: &Path) -> Result<Option<Client>, String> {
    let mut client: Option<Client> = None;
    for (i, step) in script.steps.iter().enumerate() {
        let fail = |e: String| format!("step {} ({step:?}): {e}", i + 1);
        if let Some(c) = open(step, save_dir) {
            let mut c = c.map_err(fail)?;
            c.save_dir = save_dir.to_path_buf();
            client = Some(c);
            continue;
        }
        match (&mut client, step) {
            (Some(c), _) => act(c, step).map_err(fail)?,
            (None, Step::Click(_) | Step::Drag { .. } | Step::Zoom { .. } | Step::Press(_) | Step::PressRefused { .. } | Step::Do(_) | Step::ExpectStatus(_)) => return Err(fail("no game is open yet (the start screen)".into())),
            (None, _) => {}
        }
    }
    Ok(client)
}
