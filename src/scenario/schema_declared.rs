//! Declared attacks: a kind of attack the attacker may declare as it attacks, with effects of
//! its own on the retreat, the pursuit and the order of its losses (ToO 31.4: the infiltration
//! attack). The `Attack` command names the declaration (`declare`).

use serde::{Deserialize, Serialize};

use super::schema_tables::Condition;

/// One kind of declared attack.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AttackDeclaration {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub rule: Option<String>,
    /// The side that may declare it.
    pub side: String,
    /// Conditions that hold when the attack is made (an optional rule, a year).
    #[serde(default)]
    pub when: Vec<Condition>,
    /// At least one attacker is of one of these types.
    pub needs: Vec<String>,
    /// A defending fortress shelters nobody in its hex from a retreat result, and a retreat
    /// result eliminates it (ToO 31.4(a)). Default false.
    #[serde(default)]
    pub fortress_falls: bool,
    /// Attackers of these types pursue `pursuit_hexes` hexes, if that is more than their own
    /// distance (31.4(b)).
    #[serde(default)]
    pub pursuers: Vec<String>,
    #[serde(default)]
    pub pursuit_hexes: u32,
    /// When the attacker loses units, units of these types go before any other attacker
    /// (31.4(c)).
    #[serde(default)]
    pub losses_first: Vec<String>,
}

impl AttackDeclaration {
    /// " (RULE)" for a message, or nothing without a rule.
    #[must_use]
    pub fn rule_suffix(&self) -> String {
        self.rule.as_deref().map(|r| format!(" ({r})")).unwrap_or_default()
    }
}
