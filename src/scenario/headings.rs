//! Combat results table headings: what a column heading (`3:1`, `+2`, `25%`) means on the
//! table's ladder. Part of the file format: the validator checks every heading with it, and the
//! combat rules read columns through it.

use super::schema::CrtIndex;

/// Parses a column heading to its value on the table's ladder.
///
/// Odds put `n:1` at `n-1` and `1:n` at `-(n-1)`, so `1:1` is 0 and neighbouring odds are one
/// step apart (the unbounded ladder of the tutorial's 5.7.7). Differential headings are the
/// difference itself, percentage headings the smallest percentage of the column.
#[must_use]
pub fn parse_heading(index: CrtIndex, heading: &str) -> Option<i64> {
    let h = heading.trim();
    match index {
        CrtIndex::Odds => {
            let (a, b) = h.split_once(':').or_else(|| h.split_once('-'))?;
            let a: i64 = a.trim().parse().ok()?;
            let b: i64 = b.trim().parse().ok()?;
            match (a, b) {
                (a, 1) if a >= 1 => Some(a - 1),
                (1, b) if b >= 1 => Some(-(b - 1)),
                _ => None,
            }
        }
        CrtIndex::Differential => h.trim_start_matches('+').parse().ok(),
        CrtIndex::Percentage => h.trim_end_matches('%').parse().ok().filter(|v: &i64| *v >= 0),
    }
}
