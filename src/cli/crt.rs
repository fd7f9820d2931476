//! `sandtable crt SCENARIO TABLE --attack A --defense D [--shift N] [--roll R]`

use std::path::Path;

use crate::rules::crt::{column_label, column_probabilities, crt_lookup, odds_column};
use crate::games::load_file;

pub(super) fn run(scenario: &Path, table: &str, attack: u32, defense: u32, shift: i32, roll: Option<u32>) -> i32 {
    let loaded = match load_file(scenario) {
        Ok(l) => l,
        Err(r) => {
            eprint!("{r}");
            return 2;
        }
    };
    let Some(crt) = loaded.scenario.tables.crts.iter().find(|c| c.id == table) else {
        let ids: Vec<&str> = loaded.scenario.tables.crts.iter().map(|c| c.id.as_str()).collect();
        eprintln!("no table `{table}` in {}; tables: {}", scenario.display(), ids.join(", "));
        return 2;
    };
    let pick = odds_column(crt, attack, defense, shift);
    println!("{}: attack {attack} vs defence {defense} = {} raw, shift {shift:+}", crt.name, pick.raw_label());
    if pick.prohibited {
        println!("prohibited: raw odds at or below {}", crt.prohibited_at_or_below.as_deref().unwrap_or("?"));
        return 0;
    }
    println!("column: {}", column_label(crt, pick.column));
    match roll {
        Some(r) => match crt_lookup(crt, pick.column, r) {
            Some(code) => {
                let name = crt.results.iter().find(|x| x.code == code).map_or("", |x| x.name.as_str());
                println!("roll {r}: {code}{}", if name.is_empty() { String::new() } else { format!(" ({name})") });
            }
            None => {
                eprintln!("{:?} has no row for roll {r}", crt.dice);
                return 2;
            }
        },
        None => {
            for (code, w) in column_probabilities(crt, pick.column) {
                let name = crt.results.iter().find(|x| x.code == code).map_or("", |x| x.name.as_str());
                println!("  {code:<8} {:>6.2}%  ({w}/36){}", f64::from(w) * 100.0 / 36.0, if name.is_empty() { String::new() } else { format!("  {name}") });
            }
        }
    }
    0
}
