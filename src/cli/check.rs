//! `sandtable check FILE...`

use std::path::PathBuf;

use crate::games::load_file;

pub(super) fn run(files: &[PathBuf]) -> i32 {
    let mut failed = 0;
    for f in files {
        match load_file(f) {
            Ok(l) => {
                for w in &l.warnings {
                    println!("{w}");
                }
                println!("{}: ok ({})", f.display(), l.scenario.title);
            }
            Err(report) => {
                failed += 1;
                print!("{report}");
                println!("{}: {} error(s)", f.display(), report.0.iter().filter(|d| d.severity == crate::scenario::Severity::Error).count());
            }
        }
    }
    i32::from(failed > 0)
}
