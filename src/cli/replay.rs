//! `sandtable replay SAVE`: replays and verifies a save.

use std::path::Path;

use crate::session::save::{read_save, replay};

pub(super) fn run(save: &Path, scenario: Option<&Path>) -> i32 {
    let sf = match read_save(save) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    match replay(&sf, scenario) {
        Ok(mut s) => {
            let st = s.state(None);
            println!(
                "{}: ok: {} commands, {} phase checkpoints verified; turn {}, phase {}, state hash {:016x}",
                save.display(),
                sf.commands.len(),
                sf.checkpoints.len(),
                st.turn,
                st.phase,
                s.state_hash()
            );
            0
        }
        Err(e) => {
            eprintln!("{}: replay failed: {e}", save.display());
            1
        }
    }
}
