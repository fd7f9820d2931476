//! Reading a scenario file: size limits, RON syntax errors with file:line:column, then the
//! validator, told by the caller what the scenario's ruleset can play. Nothing here panics on
//! any input. `games::load_file` is the whole loader: this, then the ruleset's own section.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::diagnostics::{Diagnostic, Place, Report, Severity};
use super::schema::Scenario;
use super::board::Board;
use super::validate::{RulesetCaps, validate_with_board};

/// Largest scenario file accepted (hostile-input limit).
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// A scenario that parsed and validated, with its compiled board and content hash.
#[derive(Debug)]
pub struct Loaded {
    pub scenario: Arc<Scenario>,
    pub board: Arc<Board>,
    /// FNV-1a hash of the file's bytes: saves refuse a changed scenario.
    pub content_hash: u64,
    pub path: PathBuf,
    /// Warnings (never errors) from validation.
    pub warnings: Vec<Diagnostic>,
    /// The file's text (a ruleset's section reports its errors at their places in it).
    pub source: Arc<str>,
    /// What the ruleset made of its section when the scenario loaded (opaque here).
    pub ruleset: Option<RulesetSlot>,
}

/// A ruleset's reading of its section, kept with the loaded scenario for every game played on it.
#[derive(Clone)]
pub struct RulesetSlot(pub Arc<dyn std::any::Any + Send + Sync>);

impl std::fmt::Debug for RulesetSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RulesetSlot")
    }
}

/// What the ruleset a parsed scenario names can play, or why none plays it.
pub type CapsOf<'a> = &'a dyn Fn(&Scenario) -> Result<RulesetCaps, String>;

/// Reads, parses and validates a scenario file. On failure, every diagnostic found.
pub fn load_file_with(path: &Path, caps: CapsOf) -> Result<Loaded, Report> {
    let name = path.display().to_string();
    // Only a regular file, and never more than the limit (a FIFO or /dev/zero is refused).
    let text = super::files::read_text(path, MAX_FILE_BYTES).map_err(|e| Report(vec![Diagnostic::error(&name, Place::File, e)]))?;
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    load_str_with(&text, &name, &base, caps).map(|mut l| {
        // Saves record this path: absolute, so they replay from any working directory.
        l.path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        l
    })
}

/// Parses and validates scenario text; `base` is the folder assets are resolved against.
pub fn load_str_with(text: &str, name: &str, base: &Path, caps: CapsOf) -> Result<Loaded, Report> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(Report(vec![Diagnostic::error(name, Place::File, "file too large")]));
    }
    // A map file is read from `base` as the scenario parses (`map_file`).
    let (scenario, map_bytes) = super::map_file::reading_from(Some(base), || parse_str(text, name));
    let mut scenario = scenario?;
    let mut expanded = Vec::new();
    if let Ok(board) = Board::build(&scenario) {
        expanded = expand_group_regions(&mut scenario, &board);
    }
    let caps = caps(&scenario).map_err(|e| Report(vec![Diagnostic::error(name, Place::Field("ruleset".into()), e)]))?;
    let (mut diags, board) = validate_with_board(&scenario, name, base, &caps);
    diags.extend(expanded.into_iter().map(|(p, m)| Diagnostic::error(name, Place::Field(p), m)));
    let report = Report(diags);
    let Some(board) = board.filter(|_| !report.has_errors()) else {
        return Err(report);
    };
    let warnings = report.0.into_iter().filter(|d| d.severity == Severity::Warning).collect();
    Ok(Loaded {
        scenario: Arc::new(scenario),
        board: Arc::new(board),
        content_hash: content_hash(text, map_bytes.as_deref()),
        path: PathBuf::from(name),
        warnings,
        source: Arc::from(text),
        ruleset: None,
    })
}

/// Adds to every setup group's `spaces` the hexes of its `regions` (in board order, none twice),
/// and empties `regions`; unknown regions are reported with their field paths.
fn expand_group_regions(s: &mut Scenario, board: &Board) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    let main = s.setup.groups.iter_mut().enumerate().map(|(i, g)| (format!("setup.groups[{i}]"), g));
    let by_option = s.setup.by_option.iter_mut().enumerate().flat_map(|(i, os)| {
        os.groups.iter_mut().enumerate().map(move |(j, g)| (format!("setup.by_option[{i}].groups[{j}]"), g))
    });
    for (path, g) in main.chain(by_option) {
        for (j, r) in g.regions.iter().enumerate() {
            if !board.spaces.iter().any(|sp| sp.region.as_ref() == Some(r)) {
                problems.push((format!("{path}.regions[{j}]"), format!("no hex is in region `{r}`")));
            }
        }
        for sp in &board.spaces {
            if sp.region.as_ref().is_some_and(|r| g.regions.contains(r)) && !g.spaces.contains(&sp.key) {
                g.spaces.push(sp.key.clone());
            }
        }
        g.regions.clear();
    }
    problems
}

/// The hash saves check: of the scenario's text, and of its map file's bytes where it has one
/// (a scenario with its map inline hashes as it always did).
fn content_hash(text: &str, map: Option<&[u8]>) -> u64 {
    match map {
        None => super::hash::fnv1a(text.as_bytes()),
        Some(m) => super::hash::fnv1a(&[text.as_bytes(), b"\0", m].concat()),
    }
}

/// Reads a ruleset's section (or effect) kept as written in the scenario, reporting a syntax or
/// shape error at its line and column in the file.
pub fn read_section<T: serde::de::DeserializeOwned>(loaded: &Loaded, raw: &ron::value::RawValue, ctx: &mut super::validate::Ctx) -> Option<T> {
    let text = raw.get_ron();
    match ron::Options::default().with_recursion_limit(64).from_str::<T>(text) {
        Ok(v) => Some(v),
        Err(e) => {
            // The section's first line and column in the file, then the error's within it.
            let at = loaded.source.find(text).unwrap_or(0);
            let before = &loaded.source[..at];
            let line0 = before.matches('\n').count() + 1;
            let col0 = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            let (l, c) = (e.span.start.line, e.span.start.col);
            let (line, col) = if l <= 1 { (line0, col0 + c.saturating_sub(1)) } else { (line0 + l - 1, c) };
            ctx.err_at(line, col, super::files::shorten(&e.code.to_string()));
            None
        }
    }
}

/// RON syntax and shape only (no cross references).
pub fn parse_str(text: &str, name: &str) -> Result<Scenario, Report> {
    let options = ron::Options::default().with_recursion_limit(64);
    options.from_str::<Scenario>(text).map_err(|e| {
        Report(vec![Diagnostic::error(
            name,
            Place::Text { line: e.span.start.line, column: e.span.start.col },
            e.code.to_string(),
        )])
    })
}
