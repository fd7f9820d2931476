//! Measures the rules path: applying one command through the `Rules` schedule, legal
//! destinations of a unit, and the legal-command list. A plain harness (no criterion):
//! `cargo bench --no-default-features --bench rules`. Prints medians; asserts nothing about time.

#![expect(clippy::disallowed_methods, reason = "a benchmark reads the clock")]

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use sandtable::bots::random::RandomPlayer;
use sandtable::model::view::UnitsView;
use sandtable::rules::movement::legal_destinations;
use sandtable::scenario::load_file;
use sandtable::session::{GameSetup, Session};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let loaded = Arc::new(load_file(Path::new("scenarios/kell_ford.ron")).expect("scenario"));
    // Apply: random legal games; time only `apply`.
    let mut apply_us = Vec::new();
    let mut legal_us = Vec::new();
    for g in 0..200u64 {
        let setup = GameSetup { options: Session::default_options(&loaded), seed: g, forced_dice: vec![] };
        let mut s = Session::new(loaded.clone(), setup).expect("session");
        let mut bot = RandomPlayer::new(g);
        while !s.is_over() {
            let t = Instant::now();
            let legal = s.legal_commands();
            legal_us.push(t.elapsed().as_secs_f64() * 1e6);
            let _ = legal;
            let c = bot.choose(&mut s).expect("command");
            let t = Instant::now();
            s.apply(c).expect("legal");
            apply_us.push(t.elapsed().as_secs_f64() * 1e6);
        }
    }
    println!("apply one command (Rules schedule): median {:.2} us over {} commands", median(apply_us.clone()), apply_us.len());
    println!("legal command list: median {:.2} us", median(legal_us));
    // Legal destinations of the tank at the start.
    let setup = GameSetup { options: Session::default_options(&loaded), seed: 1, forced_dice: vec![] };
    let mut s = Session::new(loaded, setup).expect("session");
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let tank = units.get("N-1Tk").expect("tank").clone();
    let mut d_us = Vec::new();
    for _ in 0..10_000 {
        let t = Instant::now();
        let d = legal_destinations(&game, &units, &tank);
        d_us.push(t.elapsed().as_secs_f64() * 1e6);
        std::hint::black_box(d);
    }
    println!("legal destinations (Kell Ford tank, 6 MP): median {:.2} us", median(d_us));
}
