//! `sandtable mapgen DIR [--out FILE] [--check]`: writes a map file from its sources (see
//! `scenario::mapgen`), or checks that the written file is what the sources give.

use std::path::Path;

/// Writes (or with `check`, compares) the map file; returns the exit code.
pub fn run(dir: &Path, out: &Path, check: bool) -> i32 {
    let text = match crate::scenario::mapgen::generate(dir) {
        Ok(t) => t,
        Err(report) => {
            eprintln!("{report}");
            return 1;
        }
    };
    if check {
        return match std::fs::read(out) {
            Ok(bytes) if bytes == text.as_bytes() => {
                println!("{} is what {} gives", out.display(), dir.display());
                0
            }
            Ok(_) => {
                eprintln!("{} differs from what {} gives: run `sandtable mapgen {}` again", out.display(), dir.display(), dir.display());
                1
            }
            Err(e) => {
                eprintln!("{}: {e}", out.display());
                1
            }
        };
    }
    match crate::session::save::write_atomic(out, text.as_bytes()) {
        Ok(()) => {
            println!("wrote {} ({} lines)", out.display(), text.lines().count());
            0
        }
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}
