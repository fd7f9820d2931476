//! Measures the rules path: applying one command through the `Rules` schedule, the legal-command
//! list, a unit's legal destinations and a full supply trace, on the shipped scenarios and on a
//! synthetic 100x100 map, and whole random games per second on one thread (as `sandtable sim`
//! plays them, invariants checked). A plain harness (no criterion):
//! `cargo bench --no-default-features --bench rules [-- WORD]` (WORD: only the scenarios whose
//! name holds it, e.g. `iraq`, `synthetic`). Prints medians; asserts nothing about time.

#![expect(clippy::disallowed_methods, reason = "a benchmark reads the clock")]

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use sandtable::bots::random::RandomPlayer;
use sandtable::model::Control;
use sandtable::model::view::UnitsView;
use sandtable::rules::movement::{Surroundings, legal_destinations, legal_destinations_among};
use sandtable::rules::supply::{supply_map, supply_status};
use sandtable::games::{load_file, load_str};
use sandtable::scenario::Loaded;
use sandtable::session::{GameSetup, Session};

/// The allocator the `sandtable` binary uses, so that the figures are the program's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn time<T>(n: usize, mut f: impl FnMut() -> T) -> f64 {
    let mut v = Vec::with_capacity(n);
    for _ in 0..n {
        let t = Instant::now();
        std::hint::black_box(f());
        v.push(t.elapsed().as_secs_f64() * 1e6);
    }
    median(v)
}

/// A 100x100 hex map: clear with hill bands, a river across the middle, a road down every
/// tenth column, supply from the north edge, one mover (8 MP) and a line of enemy units.
fn synthetic() -> String {
    let n = 100;
    let mut grid = String::new();
    for r in 1..=n {
        let row: Vec<&str> = (1..=n).map(|c| if (c * 7 + r * 3) % 11 == 0 { "h" } else { "." }).collect();
        let _ = writeln!(grid, "            \"{}\",", row.join(" "));
    }
    let mut roads = String::new();
    for c in (5..=n).step_by(10) {
        let hexes: Vec<String> = (1..=n).map(|r| format!("\"{c:03}{r:03}\"")).collect();
        let _ = writeln!(roads, "            (id: \"r{c}\", class: Road, hexes: [{}]),", hexes.join(", "));
    }
    let mut river = String::new();
    for c in 1..=n {
        let _ = writeln!(river, "            (between: (\"{c:03}050\", \"{c:03}051\"), feature: \"river\"),");
    }
    let mut units = String::from("            (id: \"mover\", unit_type: \"inf\", at: \"050040\"),\n");
    for c in (10..=n).step_by(6) {
        let _ = writeln!(units, "            (id: \"e{c}\", unit_type: \"enemy\", at: \"{c:03}060\"),");
    }
    let sources: Vec<String> = (5..=n).step_by(10).map(|c| format!("\"{c:03}001\"")).collect();
    format!(
        r#"(
    id: "synthetic", title: "Synthetic 100x100",
    rules: (supply: Some((sources: [(side: "a", spaces: [{sources}])], network: [Road], trace_mp: 6, effects: [HalveMovement]))),
    map: Hex((
        columns: {n}, rows: {n}, offset: EvenQ,
        terrain: [
            (id: "clear", name: "Clear", symbol: ".", default_cost: Mp(1)),
            (id: "hill", name: "Hill", symbol: "h", default_cost: Mp(2)),
        ],
        hexside_types: [(id: "river", name: "River", extra_cost: 1)],
        default_terrain: "clear",
        grid: [
{grid}        ],
        hexsides: [
{river}        ],
        roads: [
{roads}        ],
        initial_control: [(side: "a", rows: Some((1, 55))), (side: "b", rows: Some((56, 100)))],
    )),
    sides: [(id: "a", name: "A"), (id: "b", name: "B")],
    unit_types: [
        (id: "inf", name: "Infantry", contingent: "a", symbol: Infantry, strength: Steps([(attack: 4, defense: 4, movement: 8)])),
        (id: "enemy", name: "Enemy", contingent: "b", symbol: Infantry, strength: Steps([(attack: 4, defense: 4, movement: 4)])),
    ],
    setup: (units: [
{units}    ]),
    turns: (labels: ["1"], first_side: "a", phases: [(id: "move", name: "Movement", kind: Movement, actor: First)]),
    victory: (levels: [(id: "draw", name: "Draw")], conditions: [Otherwise(level: "draw")]),
)"#,
        sources = sources.join(", ")
    )
}

fn measure_map(name: &str, loaded: Arc<Loaded>, unit: &str) {
    let setup = GameSetup { options: Session::default_options(&loaded), seed: 1, forced_dice: vec![] };
    let mut s = Session::new(loaded, setup).expect("session");
    let units = UnitsView::from_world(&mut s.world);
    let game = s.game().clone();
    let control = s.world.resource::<Control>().clone();
    let u = units.get(unit).expect("unit").clone();
    let n_dest = legal_destinations(&game, &units, &control, &u).len();
    let d = time(2_000, || legal_destinations(&game, &units, &control, &u));
    println!("{name}: legal destinations of `{unit}` ({n_dest} hexes): median {d:.1} us");
    // The same without the paths, as the legal list asks for them.
    let bare = time(2_000, || legal_destinations_among(&game, &units, &control, &Surroundings::of(&game, &units, u.side).without_paths(), &u));
    println!("{name}: the same without paths: median {bare:.1} us");
    if let Some(rules) = &game.scenario.rules.supply {
        let n = units.all().iter().filter(|x| x.side == u.side).count();
        // The map and every unit's trace, worked out each time (`side_supply` would answer from
        // what it remembers of the same positions).
        let t = time(500, || supply_status(&game, rules, &units, &supply_map(&game, rules, &units, &control, u.side, &control.interdicted), u.side));
        println!("{name}: full supply trace of side `{}` ({n} units, network + traces): median {t:.1} us", game.side_id(u.side));
    }
}

/// Random games: the time to apply each command and to list the legal commands before it.
fn measure_games(name: &str, loaded: &Arc<Loaded>, games: u64) {
    let mut apply_us = Vec::new();
    let mut legal_us = Vec::new();
    let mut floor_us = Vec::new();
    let mut by_kind: std::collections::BTreeMap<String, Vec<f64>> = std::collections::BTreeMap::new();
    // A command no rule takes (an unknown unit placed nowhere): the cost of one run of the
    // schedule itself, every system and run condition looked at, nothing applied.
    let nothing = sandtable::model::command::Command::Place { unit: "no-such-unit".into(), at: "nowhere".into() };
    for g in 0..games {
        let setup = GameSetup { options: Session::default_options(loaded), seed: g, forced_dice: vec![] };
        let mut s = Session::new(loaded.clone(), setup).expect("session");
        let mut bot = RandomPlayer::new(g);
        while !s.is_over() {
            let t = Instant::now();
            let refused = s.apply(nothing.clone()).is_err();
            floor_us.push(t.elapsed().as_secs_f64() * 1e6);
            assert!(refused, "no rule takes a unit that does not exist");
            let t = Instant::now();
            std::hint::black_box(s.legal_commands());
            legal_us.push(t.elapsed().as_secs_f64() * 1e6);
            let c = bot.choose(&mut s).expect("command");
            let kind = kind_of(&c);
            let t = Instant::now();
            s.apply(c).expect("legal");
            let us = t.elapsed().as_secs_f64() * 1e6;
            apply_us.push(us);
            by_kind.entry(kind).or_default().push(us);
        }
    }
    println!("{name}: apply one command (Rules schedule): median {:.2} us over {} commands", median(apply_us.clone()), apply_us.len());
    // The kinds that take most of the time applying commands, each with its share of the
    // commands and its median: where the time of a game goes.
    let mut kinds: Vec<(String, Vec<f64>)> = by_kind.into_iter().collect();
    kinds.sort_by(|a, b| b.1.iter().sum::<f64>().total_cmp(&a.1.iter().sum::<f64>()));
    for (kind, times) in kinds.into_iter().take(6) {
        let share = 100.0 * times.len() as f64 / apply_us.len() as f64;
        println!("{name}:   {kind}: {share:.0}% of the commands, median {:.2} us", median(times));
    }
    println!("{name}: legal command list: median {:.2} us", median(legal_us));
    println!("{name}: a schedule run that applies nothing (a refused command): median {:.2} us", median(floor_us));
}

/// A command's kind as its debug form names it (a ruleset's own command: the ruleset's kind).
fn kind_of(c: &sandtable::model::command::Command) -> String {
    let text = format!("{c:?}");
    let text = text.strip_prefix("Game(").map_or(text.as_str(), |t| t.strip_prefix("Typed(").unwrap_or(t));
    text.chars().take_while(|ch| ch.is_alphanumeric()).collect()
}

/// Whole games as `sandtable sim` plays them, on one thread: games per second.
fn measure_sim(name: &str, loaded: &Arc<Loaded>, games: u32) {
    let t = Instant::now();
    let rep = sandtable::sim::simulate(loaded, games, 7).expect("games");
    let s = t.elapsed().as_secs_f64();
    println!("{name}: {} random games on one thread in {s:.2} s: {:.0} games/s", rep.games, f64::from(rep.games) / s);
}

fn main() {
    // `cargo bench --bench rules -- iraq`: only the scenarios whose name holds the word.
    let only = std::env::args().skip(1).find(|a| !a.starts_with("--")).map(|a| a.to_lowercase());
    let wanted = |name: &str| only.as_ref().is_none_or(|w| name.to_lowercase().contains(w));
    if wanted("Kell Ford") {
        let kell = Arc::new(load_file(Path::new("scenarios/kell_ford.ron")).expect("scenario"));
        measure_sim("Kell Ford", &kell, 1000);
        measure_games("Kell Ford", &kell, 200);
        measure_map("Kell Ford", kell, "N-1Tk");
    }
    if wanted("Salt River Line") {
        let tutorial = Arc::new(load_file(Path::new("scenarios/salt_river_line.ron")).expect("tutorial"));
        measure_sim("Salt River Line", &tutorial, 100);
        measure_games("Salt River Line", &tutorial, 100);
        measure_map("Salt River Line", tutorial.clone(), "NA-1Pz");
        // A Union unit: its destinations are filtered by "may not end a move out of supply".
        measure_map("Salt River Line", tutorial, "SU-Tk");
    }
    if wanted("Decision: Iraq") {
        let iraq = Arc::new(load_file(Path::new("scenarios/decision_iraq.ron")).expect("Decision: Iraq"));
        measure_sim("Decision: Iraq", &iraq, 100);
        measure_games("Decision: Iraq", &iraq, 30);
    }
    if wanted("Twilight of the Ottomans") {
        // Scenario 35 (the file's default variant) on the reconstructed 56x39 map.
        let too = Arc::new(load_file(Path::new("scenarios/twilight/outbreak.ron")).expect("Twilight of the Ottomans"));
        measure_sim("Twilight of the Ottomans", &too, 100);
        measure_games("Twilight of the Ottomans", &too, 10);
        // A cavalry division at Constantinople: roads and railways at half a point (9.7).
        measure_map("Twilight of the Ottomans", too, "TR-Cav-Constantinople");
    }
    if wanted("synthetic 100x100") {
        let text = synthetic();
        let big = Arc::new(load_str(&text, "synthetic.ron", Path::new(".")).unwrap_or_else(|r| panic!("{r}")));
        measure_map("synthetic 100x100", big, "mover");
    }
}
