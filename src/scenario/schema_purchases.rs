//! What a side may buy with track points besides units: rolls on tables (ToO 26,
//! psychological warfare; engine gap G31).

use serde::{Deserialize, Serialize};

/// A roll a side may buy: once per game turn (its player turn), as the first thing it does in
/// one of its own phases, it pays `cost` from `track` and rolls on one of `tables` (event
/// tables), its choice; the entry rolled applies for it (ToO 26.1-26.3: 2 VP, column A or B).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BoughtRoll {
    pub id: String,
    pub name: String,
    pub side: String,
    /// The track paid from.
    pub track: String,
    pub cost: i32,
    /// The least the track may hold once paid (ToO 5.4: a side never spends VP that would
    /// leave it at 0 or less, so 1). Default: the track's floor.
    #[serde(default)]
    pub keep_at_least: Option<i32>,
    /// The event tables the side chooses among (ToO 26.3: the columns A and B).
    pub tables: Vec<String>,
    /// The rule, for the log ("26").
    #[serde(default)]
    pub rule: Option<String>,
}
