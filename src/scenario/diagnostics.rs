//! Diagnostics: what the loader and the validator say about a scenario file.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Warning,
    Error,
}

/// Where a problem is: a text position (syntax) or a field path (semantics).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    File,
    Text { line: usize, column: usize },
    Field(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub file: String,
    pub place: Place,
    pub message: String,
}

impl Diagnostic {
    /// An error; the file's own text in `message` (an id, a name) is quoted short (`shorten`).
    #[must_use]
    pub fn error(file: &str, place: Place, message: impl Into<String>) -> Self {
        let message = super::files::shorten(&message.into());
        Self { severity: Severity::Error, file: file.to_string(), place, message }
    }

    #[must_use]
    pub fn warning(file: &str, place: Place, message: impl Into<String>) -> Self {
        let message = super::files::shorten(&message.into());
        Self { severity: Severity::Warning, file: file.to_string(), place, message }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity {
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        match &self.place {
            Place::File => write!(f, "{}: {sev}: {}", self.file, self.message),
            Place::Text { line, column } => {
                write!(f, "{}:{line}:{column}: {sev}: {}", self.file, self.message)
            }
            Place::Field(path) => write!(f, "{}: {sev}: {path}: {}", self.file, self.message),
        }
    }
}

/// Every diagnostic of one file; `is_ok` when none is an error.
#[derive(Clone, Debug, Default)]
pub struct Report(pub Vec<Diagnostic>);

impl Report {
    #[must_use]
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(|d| d.severity == Severity::Error)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.0 {
            writeln!(f, "{d}")?;
        }
        Ok(())
    }
}
