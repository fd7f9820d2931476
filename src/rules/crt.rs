//! Combat results table math: the column ladder, shifts, clamps, lookup and probabilities.
//! Plain functions over scenario data; the combat systems call them.

use crate::scenario::schema::{CrtDef, CrtIndex};

/// Raw ladder value of attack against defence, rounded in the defender's favour.
/// A defence of 0 counts as 1 (a defenceless hex still needs an attack).
#[must_use]
pub fn ladder_value(index: CrtIndex, attack: u32, defense: u32) -> i64 {
    let a = i64::from(attack);
    let d = i64::from(defense.max(1));
    match index {
        CrtIndex::Odds => {
            if a == 0 {
                i64::MIN / 4
            } else if a >= d {
                a / d - 1
            } else {
                // 1:ceil(D/A)
                -((d + a - 1) / a - 1)
            }
        }
        CrtIndex::Differential => a - d,
        CrtIndex::Percentage => a * 100 / d,
    }
}

/// Human form of a raw ladder value (`12:1`, `1:3`, `+2`, `153%`).
#[must_use]
pub fn ladder_label(index: CrtIndex, value: i64) -> String {
    match index {
        CrtIndex::Odds if value <= i64::MIN / 8 => "0:1".to_string(),
        CrtIndex::Odds if value >= 0 => format!("{}:1", value + 1),
        CrtIndex::Odds => format!("1:{}", 1 - value),
        CrtIndex::Differential if value > 0 => format!("+{value}"),
        CrtIndex::Differential => value.to_string(),
        CrtIndex::Percentage => format!("{value}%"),
    }
}

/// Where a combat lands on a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnPick {
    /// Raw ladder value before shifts.
    pub raw: i64,
    /// The table's ladder (for the raw value's label).
    pub index: CrtIndex,
    /// Position on the extended ladder before clamping (may be outside the table).
    pub position: i64,
    pub shifts: i32,
    /// The column used after shifts and the clamp.
    pub column: usize,
    /// Raw odds at or below the table's prohibited value.
    pub prohibited: bool,
}

impl ColumnPick {
    /// The raw value as printed (`3:1`, `+2`, `153%`): worded only when shown.
    #[must_use]
    pub fn raw_label(&self) -> String {
        ladder_label(self.index, self.raw)
    }
}

/// Picks the column: raw value, then net shifts (positive = right, attacker's favour), then the
/// clamp to the printed columns (shifts are applied before the clamp: 12:1 with 2 left shifts
/// on a table ending at 7:1 resolves on 7:1).
#[must_use]
pub fn odds_column(crt: &CrtDef, attack: u32, defense: u32, shifts: i32) -> ColumnPick {
    let raw = ladder_value(crt.index, attack, defense);
    let ladder = crt.ladder();
    let heads = &ladder.heads;
    let prohibited = ladder.prohibited.is_some_and(|p| raw <= p);
    let position = ladder_position(crt.index, heads, raw);
    let last = heads.len().saturating_sub(1) as i64;
    let column = (position + i64::from(shifts)).clamp(0, last) as usize;
    ColumnPick { index: crt.index, raw, position, shifts, column, prohibited }
}

fn ladder_position(index: CrtIndex, heads: &[i64], v: i64) -> i64 {
    let (Some(&first), Some(&last)) = (heads.first(), heads.last()) else { return 0 };
    let n = heads.len() as i64;
    let extrapolate = index != CrtIndex::Percentage;
    if v < first {
        if extrapolate { (v - first).max(-1_000_000) } else { -1 }
    } else if v > last {
        if extrapolate { (n - 1) + (v - last).min(1_000_000) } else { n - 1 }
    } else {
        heads.iter().rposition(|&h| h <= v).unwrap_or(0) as i64
    }
}

/// The result code in a column for a die roll, if the table has that row.
#[must_use]
pub fn crt_lookup(crt: &CrtDef, column: usize, roll: u32) -> Option<&str> {
    crt.rows.iter().find(|r| r.roll == roll).and_then(|r| r.results.get(column)).map(String::as_str)
}

/// Probability of each result code in a column, as (code, weight in 36ths), in row order of
/// first appearance.
#[must_use]
pub fn column_probabilities(crt: &CrtDef, column: usize) -> Vec<(String, u32)> {
    let mut out: Vec<(String, u32)> = Vec::new();
    for row in &crt.rows {
        let Some(code) = row.results.get(column) else { continue };
        let w = crt.dice.weight_36(row.roll);
        match out.iter_mut().find(|(c, _)| c == code) {
            Some((_, acc)) => *acc += w,
            None => out.push((code.clone(), w)),
        }
    }
    out
}

/// Printed label of a column.
#[must_use]
pub fn column_label(crt: &CrtDef, column: usize) -> &str {
    crt.labels.get(column).or_else(|| crt.columns.get(column)).map_or("?", String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::schema::{CrtRow, DiceSpec, ResultDef};

    fn table(index: CrtIndex, columns: &[&str]) -> CrtDef {
        CrtDef {
            id: "t".into(),
            name: "T".into(),
            rule: None,
            index,
            columns: columns.iter().map(|c| (*c).to_string()).collect(),
            labels: Vec::new(),
            banned_targets: Vec::new(),
            dice: DiceSpec::D6,
            rows: (1..=6).map(|r| CrtRow { roll: r, results: columns.iter().map(|_| "x".to_string()).collect() }).collect(),
            prohibited_at_or_below: None,
            results: vec![ResultDef { code: "x".into(), name: String::new(), effects: Vec::new() }],
            parsed: Default::default(),
        }
    }

    /// ToO worked case T1: attack 20 against defence 13 is 153%, truncated, on the 150-199 column.
    #[test]
    fn percentage_column_truncates_and_picks_the_band() {
        let crt = table(CrtIndex::Percentage, &["50", "100", "150", "200", "300"]);
        let pick = odds_column(&crt, 20, 13, 0);
        assert_eq!((pick.raw, pick.raw_label().as_str(), pick.column), (153, "153%", 2));
        // Below the first band: clamped to it; a shift moves one band.
        assert_eq!(odds_column(&crt, 1, 13, 0).column, 0);
        assert_eq!(odds_column(&crt, 20, 13, 1).column, 3);
    }

    #[test]
    fn differential_column_extrapolates_then_clamps() {
        let crt = table(CrtIndex::Differential, &["-2", "-1", "0", "+1", "+2"]);
        assert_eq!(odds_column(&crt, 5, 5, 0).column, 2);
        assert_eq!(odds_column(&crt, 9, 5, 0).column, 4, "+4 clamps to +2");
        // +5 with two left shifts lands on +3, still beyond the table: +2.
        let pick = odds_column(&crt, 10, 5, -2);
        assert_eq!((pick.position, pick.column), (7, 4));
        assert_eq!(odds_column(&crt, 6, 5, -2).column, 1, "+1 with two left shifts is -1");
    }
}
