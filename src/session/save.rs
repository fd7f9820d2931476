//! Saves: scenario id and content hash, options, seed, forced dice, the command log and a
//! state hash after every phase. Loading replays the log and checks every recorded field (each
//! phase end's place, turn, phase and hash, and the summary), so an edited log or a changed
//! scenario is reported with the place it goes wrong. Files are written atomically (temporary
//! file, fsync, rename); temporary files that a killed process left behind are removed on the
//! next write, and autosaves rotate (each game in its own folder: `save_names`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::driver::{Checkpoint, GameSetup, Played, Session};
use crate::games::load_file;
use crate::scenario::Loaded;

/// Format 2 adds the game's name and its summary; format 3 hashes the whole state (every
/// resource of the rules and the ruleset). Formats 1 and 2 still load and verify with the
/// hashes they recorded.
pub const SAVE_FORMAT: u32 = 3;
/// The last format whose hashes leave the rules' resources out.
pub const LEGACY_HASH_FORMAT: u32 = 2;
/// The oldest format read.
pub const OLDEST_SAVE_FORMAT: u32 = 1;
/// Autosaves kept (`autosave-1.ron` is the newest).
pub const AUTOSAVES: usize = 5;
/// Largest save file read.
pub const MAX_SAVE_BYTES: u64 = 64 * 1024 * 1024;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    pub format: u32,
    /// The game's name: its saves and autosaves are named after it, so two games never write
    /// the same file (empty in format 1).
    #[serde(default)]
    pub game: String,
    /// What the start screen lists without replaying: checked against the replay.
    #[serde(default)]
    pub summary: Option<SaveSummary>,
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

/// Where a saved game stands, for the list of saves to continue from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveSummary {
    /// The scenario's title.
    pub title: String,
    /// Turn label and phase name after the last command.
    pub turn: String,
    pub phase: String,
    /// The name of the side to act (none once the game is over).
    pub to_act: Option<String>,
}

impl Session {
    /// Where the game stands now, as a save's summary records it.
    pub fn summary(&mut self) -> SaveSummary {
        let st = self.state(None);
        let s = &self.game().scenario;
        let to_act = self.acting_side().map(|i| s.sides[i].name.clone());
        let phase = match st.phase.as_str() {
            "setup" => "Set-up".to_string(),
            "game over" => "Game over".to_string(),
            id => s.turns.phases.iter().find(|p| p.id == id).map_or_else(|| id.to_string(), |p| p.name.clone()),
        };
        SaveSummary { title: s.title.clone(), turn: st.turn, phase, to_act }
    }

    /// The checkpoints a save records: those taken, or, for a session that took none (a batch
    /// run's), those a replay of its commands takes, so that the save of any session loads.
    fn checkpoints_for_save(&self) -> Vec<super::driver::Checkpoint> {
        if self.takes_checkpoints {
            return self.checkpoints.clone();
        }
        let replayed = Session::new(self.loaded.clone(), self.setup.clone()).and_then(|mut fresh| {
            fresh.legacy_hash = self.legacy_hash;
            for (i, p) in self.played.iter().enumerate() {
                fresh.apply(p.command.clone()).map_err(|e| format!("command {}: {e}", i + 1))?;
            }
            Ok(fresh.checkpoints)
        });
        // A game's own commands replay (the rules are deterministic): were one refused, the
        // save would record no checkpoint and its loading would say where the replay fails.
        debug_assert!(replayed.is_ok(), "{replayed:?}");
        replayed.unwrap_or_default()
    }

    /// The save of this game as it stands (its `game` name is the caller's to set).
    pub fn to_save(&mut self) -> SaveFile {
        let summary = Some(self.summary());
        SaveFile {
            format: if self.legacy_hash { LEGACY_HASH_FORMAT } else { SAVE_FORMAT },
            game: String::new(),
            summary,
            scenario_id: String::from(&*self.loaded.scenario.id),
            scenario_hash: format!("{:016x}", self.loaded.content_hash),
            scenario_path: self.loaded.path.display().to_string(),
            options: self.setup.options.iter().cloned().collect(),
            seed: self.setup.seed,
            forced_dice: self.setup.forced_dice.clone(),
            commands: self.played.clone(),
            checkpoints: self.checkpoints_for_save(),
            final_hash: format!("{:016x}", self.state_hash()),
        }
    }
}

/// Serializes a save as pretty RON.
pub fn save_text(save: &SaveFile) -> Result<String, String> {
    ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default()).map_err(|e| format!("cannot write save: {e}"))
}

/// Temporary files written so far by this process (their names must differ: two threads may
/// write the same save).
static TEMP_FILES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The process id in a temporary file's name `.NAME.tmp-PID` or `.NAME.tmp-PID-N`.
fn temp_owner(file: &str, name: &str) -> Option<u32> {
    let rest = file.strip_prefix(&format!(".{name}.tmp-"))?;
    rest.split('-').next()?.parse().ok()
}

/// Whether the process that wrote a temporary file is gone (so the file is left over from a
/// crash or a kill). Where the system cannot tell, a file older than an hour counts as left over.
fn owner_gone(pid: u32, path: &Path) -> bool {
    if pid == std::process::id() {
        return false;
    }
    if Path::new("/proc/self").exists() {
        return !Path::new(&format!("/proc/{pid}")).exists();
    }
    #[expect(clippy::disallowed_methods, reason = "the age of a file left behind, never a rule")]
    let now = std::time::SystemTime::now();
    std::fs::metadata(path).and_then(|m| m.modified()).is_ok_and(|t| now.duration_since(t).is_ok_and(|d| d.as_secs() > 3600))
}

/// Removes the temporary files of `name` in `dir` that an interrupted save left behind (the
/// process that wrote them is gone). Returns how many were removed.
pub fn remove_stale_temp_files(dir: &Path, name: &str) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    let mut removed = 0;
    for e in entries.filter_map(Result::ok) {
        let file = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = temp_owner(&file, name) else { continue };
        if owner_gone(pid, &e.path()) && std::fs::remove_file(e.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Removes every left-over temporary file in `dir`, whatever file it was for.
pub fn remove_stale_temp_files_in(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    let names: std::collections::BTreeSet<String> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let f = e.file_name().to_string_lossy().into_owned();
            let (name, _) = f.strip_prefix('.')?.rsplit_once(".tmp-")?;
            Some(name.to_string())
        })
        .collect();
    names.iter().map(|n| remove_stale_temp_files(dir, n)).sum()
}

/// Writes a file atomically: a temporary file in the same folder, fsync, rename, fsync folder.
/// A crash at any point leaves either the old file or the new one, never a torn one; the
/// temporary files a crash leaves are removed by the next write of the same file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let name = path.file_name().map_or_else(|| "save".into(), |n| n.to_string_lossy().into_owned());
    remove_stale_temp_files(dir, &name);
    let n = TEMP_FILES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.tmp-{}-{n}", std::process::id()));
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

/// Reads a save file (a regular file, at most [`MAX_SAVE_BYTES`]); syntax errors, unknown
/// fields and bytes that are not UTF-8 name the file, line and column.
pub fn read_save(path: &Path) -> Result<SaveFile, String> {
    let name = path.display();
    let text = crate::scenario::files::read_text(path, MAX_SAVE_BYTES).map_err(|e| format!("{name}: cannot read save: {e}"))?;
    let save: SaveFile = ron::Options::default()
        .from_str(&text)
        .map_err(|e| format!("{name}:{}:{}: {}", e.span.start.line, e.span.start.col, crate::scenario::files::shorten(&e.code.to_string())))?;
    if !(OLDEST_SAVE_FORMAT..=SAVE_FORMAT).contains(&save.format) {
        return Err(format!("{name}: save format {} is not supported (this version reads {OLDEST_SAVE_FORMAT} to {SAVE_FORMAT})", save.format));
    }
    Ok(save)
}

/// Replays a save on a scenario and checks every recorded hash. Returns the session at the
/// end of the log. Errors say which command or checkpoint went wrong.
pub fn replay(save: &SaveFile, scenario: Option<&Path>) -> Result<Session, String> {
    // The recorded path first; if that file is gone, the scenario of that id in `scenarios/`
    // (an id that is a plain name: a save never leads the search out of that folder).
    let plain = !save.scenario_id.is_empty() && save.scenario_id.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-');
    let path = match scenario {
        Some(p) => p.to_path_buf(),
        None => {
            let recorded = PathBuf::from(&save.scenario_path);
            if recorded.exists() || !plain { recorded } else { PathBuf::from("scenarios").join(format!("{}.ron", save.scenario_id)) }
        }
    };
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
    session.legacy_hash = save.format <= LEGACY_HASH_FORMAT;
    let mut checks = save.checkpoints.iter();
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
        let ended = session.checkpoints.len();
        session
            .apply(p.command.clone())
            .map_err(|e| format!("command {n} ({}) is rejected on replay: {}; the log was edited", p.command.describe(), crate::scenario::files::shorten(&e)))?;
        // Every phase the replay ends must be the save's next recorded one, field by field.
        for got in &session.checkpoints[ended..] {
            let Some(cp) = checks.next() else {
                return Err(format!(
                    "command {n} ends a phase (turn {}, phase {}) that the save does not record: the save was edited",
                    got.turn, got.phase
                ));
            };
            if (cp.after_command, &cp.turn, &cp.phase) != (got.after_command, &got.turn, &got.phase) {
                return Err(format!(
                    "the save records a phase end after command {} (turn {}, phase {}), but the replay ends turn {}, phase {} \
                     after command {n}: the save was edited",
                    cp.after_command, cp.turn, cp.phase, got.turn, got.phase
                ));
            }
            if got.hash != cp.hash {
                return Err(format!(
                    "state after command {n} (turn {}, phase {}) differs from the save (hash {}, save has {}): \
                     a command at or before {n} was edited",
                    cp.turn, cp.phase, got.hash, cp.hash
                ));
            }
        }
    }
    if let Some(cp) = checks.next() {
        return Err(format!(
            "the save records a phase end after command {} (turn {}, phase {}) that the replay of its {} commands never reaches: \
             the save was edited",
            cp.after_command,
            cp.turn,
            cp.phase,
            save.commands.len()
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
    if let Some(want) = &save.summary {
        let got = session.summary();
        if &got != want {
            return Err(format!("the save's summary ({want:?}) does not match the game it holds ({got:?}): the save was edited"));
        }
    }
    Ok(session)
}
