//! Reading a scenario file: size limits, RON syntax errors with file:line:column, then the
//! validator. Nothing here panics on any input.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::diagnostics::{Diagnostic, Place, Report, Severity};
use super::schema::Scenario;
use super::board::Board;
use super::validate::validate_with_board;

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
}

/// Reads, parses and validates a scenario file. On failure, every diagnostic found.
pub fn load_file(path: &Path) -> Result<Loaded, Report> {
    let name = path.display().to_string();
    // Only a regular file, and never more than the limit (a FIFO or /dev/zero is refused).
    let text = super::files::read_text(path, MAX_FILE_BYTES).map_err(|e| Report(vec![Diagnostic::error(&name, Place::File, e)]))?;
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    load_str(&text, &name, &base).map(|mut l| {
        // Saves record this path: absolute, so they replay from any working directory.
        l.path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        l
    })
}

/// Parses and validates scenario text; `base` is the folder assets are resolved against.
pub fn load_str(text: &str, name: &str, base: &Path) -> Result<Loaded, Report> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(Report(vec![Diagnostic::error(name, Place::File, "file too large")]));
    }
    let scenario = parse_str(text, name)?;
    let (diags, board) = validate_with_board(&scenario, name, base);
    let report = Report(diags);
    let Some(board) = board.filter(|_| !report.has_errors()) else {
        return Err(report);
    };
    let warnings = report.0.into_iter().filter(|d| d.severity == Severity::Warning).collect();
    Ok(Loaded {
        scenario: Arc::new(scenario),
        board: Arc::new(board),
        content_hash: super::hash::fnv1a(text.as_bytes()),
        path: PathBuf::from(name),
        warnings,
    })
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
