//! Players that choose from the legal-command list.

pub mod random;
