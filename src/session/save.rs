//! Saves: scenario id and content hash, options, seed, forced dice, the command log and a
//! state hash after every phase. Loading replays the log and checks every hash, so an edited
//! log or a changed scenario is reported with the place it goes wrong. Files are written
//! atomically (temporary file, fsync, rename) and autosaves rotate.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::driver::{Checkpoint, GameSetup, Played, Session};
use crate::scenario::{Loaded, load_file};

pub const SAVE_FORMAT: u32 = 1;
/// Autosaves kept (`autosave-1.ron` is the newest).
pub const AUTOSAVES: usize = 5;
/// Largest save file read.
pub const MAX_SAVE_BYTES: u64 = 64 * 1024 * 1024;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveFile {
    pub format: u32,
    pub scenario_id: String,
    /// Hex digits of the scenario file's content hash.
    pub scenario_hash: String,
    /// The scenario file, as it was opened (used when no other path is given).
    pub scenario_path: String,
    pub options: Vec<String>,
    pub seed: u64,
    #[serde(default)]
    pub forced_dice: Vec<u32>,
    pub commands: Vec<Played>,
    pub checkpoints: Vec<Checkpoint>,
    /// Hash of the state after the last command.
    pub final_hash: String,
}

impl Session {
    /// The save of this game as it stands.
    pub fn to_save(&mut self) -> SaveFile {
        SaveFile {
            format: SAVE_FORMAT,
            scenario_id: self.loaded.scenario.id.clone(),
            scenario_hash: format!("{:016x}", self.loaded.content_hash),
            scenario_path: self.loaded.path.display().to_string(),
            options: self.setup.options.iter().cloned().collect(),
            seed: self.setup.seed,
            forced_dice: self.setup.forced_dice.clone(),
            commands: self.played.clone(),
            checkpoints: self.checkpoints.clone(),
            final_hash: format!("{:016x}", self.state_hash()),
        }
    }
}

/// Serializes a save as pretty RON.
pub fn save_text(save: &SaveFile) -> Result<String, String> {
    ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default()).map_err(|e| format!("cannot write save: {e}"))
}

/// Writes a file atomically: a temporary file in the same folder, fsync, rename, fsync folder.
/// A crash at any point leaves either the old file or the new one, never a torn one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let name = path.file_name().map_or_else(|| "save".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)?;
        if let Ok(d) = std::fs::File::open(dir) {
            // Persist the rename itself; not every platform can sync a directory.
            let _ = d.sync_all();
        }
        Ok::<(), std::io::Error>(())
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot write {}: {e}", path.display())
    })
}

/// Writes a save file atomically.
pub fn write_save(path: &Path, save: &SaveFile) -> Result<(), String> {
    write_atomic(path, save_text(save)?.as_bytes())
}

/// Folder for saves: `$SANDTABLE_DATA_DIR/saves`, else `$XDG_DATA_HOME/sandtable/saves`, else
/// `~/.local/share/sandtable/saves`.
#[must_use]
pub fn saves_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("SANDTABLE_DATA_DIR") {
        return PathBuf::from(d).join("saves");
    }
    if let Some(d) = std::env::var_os("XDG_DATA_HOME") {
        return PathBuf::from(d).join("sandtable").join("saves");
    }
    let home = std::env::var_os("HOME").map_or_else(|| PathBuf::from("."), PathBuf::from);
    home.join(".local").join("share").join("sandtable").join("saves")
}

/// Writes `autosave-1.ron` in `dir`, shifting older autosaves up and dropping the oldest.
pub fn autosave(dir: &Path, save: &SaveFile) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let text = save_text(save)?;
    for i in (1..AUTOSAVES).rev() {
        let from = dir.join(format!("autosave-{i}.ron"));
        if from.exists() {
            std::fs::rename(&from, dir.join(format!("autosave-{}.ron", i + 1)))
                .map_err(|e| format!("cannot rotate autosaves: {e}"))?;
        }
    }
    let path = dir.join("autosave-1.ron");
    write_atomic(&path, text.as_bytes())?;
    Ok(path)
}

/// Reads a save file; syntax errors name the file, line and column.
pub fn read_save(path: &Path) -> Result<SaveFile, String> {
    let name = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("{name}: cannot read save: {e}"))?;
    if meta.len() > MAX_SAVE_BYTES {
        return Err(format!("{name}: save is {} bytes; the limit is {MAX_SAVE_BYTES}", meta.len()));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read save: {e}"))?;
    let save: SaveFile = ron::Options::default()
        .from_str(&text)
        .map_err(|e| format!("{name}:{}:{}: {}", e.span.start.line, e.span.start.col, e.code))?;
    if save.format != SAVE_FORMAT {
        return Err(format!("{name}: save format {} is not supported (expected {SAVE_FORMAT})", save.format));
    }
    Ok(save)
}

/// Replays a save on a scenario and checks every recorded hash. Returns the session at the
/// end of the log. Errors say which command or checkpoint went wrong.
pub fn replay(save: &SaveFile, scenario: Option<&Path>) -> Result<Session, String> {
    // The recorded path first; if that file is gone, the scenario of that id in `scenarios/`.
    let path = scenario.map_or_else(
        || {
            let recorded = PathBuf::from(&save.scenario_path);
            if recorded.exists() { recorded } else { PathBuf::from("scenarios").join(format!("{}.ron", save.scenario_id)) }
        },
        Path::to_path_buf,
    );
    let loaded = load_file(&path).map_err(|r| format!("cannot load scenario {}:\n{r}", path.display()))?;
    replay_on(save, Arc::new(loaded))
}

/// As [`replay`], on an already loaded scenario.
pub fn replay_on(save: &SaveFile, loaded: Arc<Loaded>) -> Result<Session, String> {
    if loaded.scenario.id != save.scenario_id {
        return Err(format!("the save is for scenario `{}`, not `{}`", save.scenario_id, loaded.scenario.id));
    }
    let hash = format!("{:016x}", loaded.content_hash);
    if hash != save.scenario_hash {
        return Err(format!(
            "scenario `{}` has changed since the game was saved (content hash {hash}, save has {}): \
             the game would not replay the same",
            save.scenario_id, save.scenario_hash
        ));
    }
    let setup = GameSetup {
        options: save.options.iter().cloned().collect(),
        seed: save.seed,
        forced_dice: save.forced_dice.clone(),
    };
    let mut session = Session::new(loaded, setup)?;
    let mut checks = save.checkpoints.iter().peekable();
    for (i, p) in save.commands.iter().enumerate() {
        let n = i + 1;
        let side = session.acting_side().map(|s| session.game().side_id(s).to_string());
        if side.as_deref() != Some(p.side.as_str()) {
            return Err(format!(
                "command {n} ({}) is recorded for {}, but {} is to act: the log was edited",
                p.command.describe(),
                p.side,
                side.unwrap_or_else(|| "nobody".into())
            ));
        }
        session
            .apply(p.command.clone())
            .map_err(|e| format!("command {n} ({}) is rejected on replay: {e}; the log was edited", p.command.describe()))?;
        while let Some(cp) = checks.next_if(|c| c.after_command == n) {
            let got = session.checkpoints.last().map(|c| c.hash.clone()).unwrap_or_default();
            if got != cp.hash {
                return Err(format!(
                    "state after command {n} (turn {}, phase {}) differs from the save (hash {got}, save has {}): \
                     a command at or before {n} was edited",
                    cp.turn, cp.phase, cp.hash
                ));
            }
        }
    }
    if let Some(cp) = checks.next() {
        return Err(format!("the save has a checkpoint after command {} but only {} commands", cp.after_command, save.commands.len()));
    }
    if session.checkpoints.len() != save.checkpoints.len() {
        return Err(format!(
            "the replay ended {} phases, the save records {}: the log was edited",
            session.checkpoints.len(),
            save.checkpoints.len()
        ));
    }
    let fin = format!("{:016x}", session.state_hash());
    if fin != save.final_hash {
        return Err(format!(
            "state after the last command ({}) differs from the save (hash {fin}, save has {}): \
             a command after the last phase end was edited",
            save.commands.len(),
            save.final_hash
        ));
    }
    Ok(session)
}
