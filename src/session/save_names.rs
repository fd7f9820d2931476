//! Where a game's saves go, so that saving never replaces another game's save: every game has a
//! name (`scenario-YYYYMMDD-HHMMSS`, made unique in the saves folder); its manual save is
//! `NAME.ron` and its autosaves rotate in `autosave/NAME/`. A save file that holds another game,
//! or another line of play of this one (its commands are not where this game has been), is
//! never written over: the save goes to the next free name. The start screen lists the saves
//! to continue from with what each summary says.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::driver::Played;
use super::save::{SaveFile, SaveSummary, read_save};

/// The folder of a game's autosaves.
#[must_use]
pub fn autosave_dir(saves: &Path, game: &str) -> PathBuf {
    saves.join("autosave").join(game)
}

/// `YYYY-MM-DD HH:MM` (UTC) of a time in seconds since 1970.
#[must_use]
pub fn utc_text(secs: u64) -> String {
    let (y, mo, d, h, mi, _) = civil(secs);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}")
}

/// Year, month, day, hour, minute, second (UTC) of seconds since 1970 (days to civil dates
/// after H. Hinnant's algorithm).
fn civil(secs: u64) -> (i64, u32, u32, u32, u32, u32) {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d, (rem / 3600) as u32, (rem % 3600 / 60) as u32, (rem % 60) as u32)
}

/// The name of a new game of `scenario` started at `secs` (seconds since 1970), unique in
/// `saves`: no manual save and no autosave folder of that name exists there yet.
#[must_use]
pub fn new_game_name(saves: &Path, scenario: &str, secs: u64) -> String {
    let (y, mo, d, h, mi, s) = civil(secs);
    unique_name(saves, &format!("{scenario}-{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}"))
}

/// Names handed out by this process (a game started a moment ago may have written nothing yet).
static GIVEN: std::sync::Mutex<std::collections::BTreeSet<String>> = std::sync::Mutex::new(std::collections::BTreeSet::new());

/// `base`, or `base-2`, `base-3`, ... : the first name that no save, no autosave folder and no
/// other game of this process uses.
fn unique_name(saves: &Path, base: &str) -> String {
    let mut given = GIVEN.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let used = |n: &str| given.contains(n) || saves.join(format!("{n}.ron")).exists() || autosave_dir(saves, n).exists();
    let name = if used(base) { (2..).map(|i| format!("{base}-{i}")).find(|n| !used(n)).unwrap_or_else(|| base.to_string()) } else { base.to_string() };
    given.insert(name.clone());
    name
}

/// Whether `prefix` is where `commands` have been (the same commands, in order, or fewer).
fn is_prefix(prefix: &[Played], commands: &[Played]) -> bool {
    prefix.len() <= commands.len() && prefix.iter().zip(commands).all(|(a, b)| a == b)
}

/// The name a continued save plays on under: its own, unless that game has been played further
/// along another line since (its newest autosave is not on the way to this save), so that
/// playing on never pushes that line's autosaves out. A save without a name (format 1) gets a
/// new one.
#[must_use]
pub fn continued_name(saves: &Path, save: &SaveFile, secs: u64) -> String {
    if save.game.is_empty() || save.game.contains(['/', '\\']) || save.game.starts_with('.') {
        return new_game_name(saves, &save.scenario_id, secs);
    }
    let newest = autosave_dir(saves, &save.game).join("autosave-1.ron");
    match read_save(&newest) {
        Ok(a) if !is_prefix(&a.commands, &save.commands) => unique_name(saves, &format!("{}-branch", save.game)),
        _ => save.game.clone(),
    }
}

/// The file a manual save of `save` goes to: `NAME.ron` in `saves`, unless that file holds
/// another game or another line of play of this one; then the next free `NAME-2.ron`, ...
#[must_use]
pub fn manual_save_path(saves: &Path, save: &SaveFile) -> PathBuf {
    let ours = |p: &Path| match read_save(p) {
        Ok(old) => old.game == save.game && old.scenario_id == save.scenario_id && is_prefix(&old.commands, &save.commands),
        // A file that is no save we can read is not ours to replace either.
        Err(_) => !p.exists(),
    };
    let first = saves.join(format!("{}.ron", save.game));
    if ours(&first) {
        return first;
    }
    (2..).map(|i| saves.join(format!("{}-{i}.ron", save.game))).find(|p| ours(p)).unwrap_or(first)
}

/// A save the start screen offers to continue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    pub path: PathBuf,
    pub game: String,
    pub autosave: bool,
    pub summary: Option<SaveSummary>,
    pub scenario_id: String,
    /// When the file was last written, in seconds since 1970.
    pub written: Option<u64>,
}

impl SavedGame {
    /// One line for the list: scenario, turn, side to act, date.
    #[must_use]
    pub fn line(&self) -> String {
        let kind = if self.autosave { "autosave" } else { "saved" };
        let date = self.written.map(utc_text).unwrap_or_default();
        match &self.summary {
            Some(s) => {
                let act = s.to_act.as_ref().map_or_else(|| "game over".to_string(), |a| format!("{a} to act"));
                format!("{}: turn {}, {}, {act} ({kind} {date})", s.title, s.turn, s.phase)
            }
            None => format!("{} ({kind} {date})", self.scenario_id),
        }
    }
}

/// The saves in `saves` to continue from, newest first: every manual save and each game's
/// newest autosave (files that do not read as saves are left out).
#[must_use]
pub fn list_saves(saves: &Path) -> Vec<SavedGame> {
    let ron_files = |dir: &Path| -> Vec<PathBuf> {
        std::fs::read_dir(dir)
            .map(|r| r.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "ron") && p.is_file()).collect())
            .unwrap_or_default()
    };
    let mut files: Vec<(PathBuf, bool)> = ron_files(saves).into_iter().map(|p| (p, false)).collect();
    let auto = saves.join("autosave");
    if let Ok(games) = std::fs::read_dir(&auto) {
        for g in games.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_dir()) {
            files.push((g.join("autosave-1.ron"), true));
        }
    }
    // The autosaves of earlier versions, shared by every game.
    files.extend(ron_files(&auto).into_iter().filter(|p| p.file_name().is_some_and(|n| n == "autosave-1.ron")).map(|p| (p, true)));
    let mut out: Vec<SavedGame> = files
        .into_iter()
        .filter_map(|(path, autosave)| {
            let save = read_save(&path).ok()?;
            let written = std::fs::metadata(&path).and_then(|m| m.modified()).ok().and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok()).map(|d| d.as_secs());
            Some(SavedGame { path, game: save.game, autosave, summary: save.summary, scenario_id: save.scenario_id, written })
        })
        .collect();
    out.sort_by(|a, b| b.written.cmp(&a.written).then_with(|| a.path.cmp(&b.path)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_of_known_times() {
        assert_eq!(utc_text(0), "1970-01-01 00:00");
        assert_eq!(utc_text(951_782_400), "2000-02-29 00:00");
        assert_eq!(utc_text(1_796_164_430), "2026-12-01 22:33");
    }
}
