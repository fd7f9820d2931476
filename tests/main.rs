//! The one integration-test binary (each file in `tests/` would link Bevy again).
//! Modules hold tests by subject; `common` builds sessions from the shipped files.

mod common;
mod it;
