//! Restrictions an effect puts on its side for the rest of the game turn (ToO 6.3-6.4:
//! German-Turkish Friction, Command Dispute, Inter-Allied Friction, Orient Express Disrupted,
//! Home Government vs. India Dispute; engine gap G19).

use serde::{Deserialize, Serialize};

/// A restriction on the side an effect applies for, until the game turn ends
/// (`EventEffect::Restrict`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum Restriction {
    /// Units of different groups of contingents may not take part in one attack; units of a
    /// contingent in no group, and units of the `exempt` types, join any attack (6.3 German-
    /// Turkish Friction: groups `[["tr"], ["de"]]`, the Yildirim corps exempt; 6.4 Command
    /// Dispute: `[["br"], ["fr"], ["ru"]]`).
    AttackApart {
        groups: Vec<Vec<String>>,
        #[serde(default)]
        exempt: Vec<String>,
    },
    /// Units of these contingents may not be bought (6.3 Orient Express Disrupted).
    NoPurchase { contingents: Vec<String> },
    /// No unit is bought or received into hexes with one of these tags (6.4 Home Government
    /// vs. India Dispute: Persian Gulf coastal and port hexes).
    NoPlacement { tags: Vec<String> },
}
