//! Scenarios: the RON format, loading with positions, and validation with field paths.

pub mod board;
pub mod diagnostics;
pub mod effects;
pub mod files;
pub mod footing;
pub mod hash;
pub mod headings;
pub mod load;
pub mod map_file;
pub mod mapgen;
mod mapgen_lines;
mod mapgen_tags;
pub mod schema;
mod schema_declared;
mod schema_map;
mod schema_purchases;
mod schema_restrictions;
mod schema_retreat;
mod schema_rules;
mod schema_rules_area;
mod schema_sea;
mod schema_tables;
mod schema_units;
mod schema_withdrawal;
pub mod steps;
pub mod validate;
mod validate_assets;
mod validate_calendar;
mod validate_declared;
mod validate_options;
pub mod variants;
mod validate_refs;
mod validate_rules;
mod validate_sea;

pub use diagnostics::{Diagnostic, Place, Report, Severity};
pub use load::{Loaded, RulesetSlot, load_file_with, load_str_with};
