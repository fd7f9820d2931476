//! Fixture builders: load a scenario, start a session, play commands.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use sandtable::games::load_file;
use sandtable::scenario::Loaded;
use sandtable::session::{Command, GameSetup, Session};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A new folder for a test's files under the system's temporary folder, named for the test, the
/// process and a count (tests running side by side never share one), removed when the test's
/// thread ends (passed or failed: the test harness runs each test on a thread of its own).
pub fn scratch_dir(name: &str) -> PathBuf {
    static COUNT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("sandtable-{name}-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    SCRATCH.with_borrow_mut(|s| s.push(Scratch(dir.clone())));
    dir
}

/// A folder removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

thread_local! {
    /// The scratch folders of the test running on this thread.
    static SCRATCH: std::cell::RefCell<Vec<Scratch>> = const { std::cell::RefCell::new(Vec::new()) };
}

pub fn load(rel: &str) -> Arc<Loaded> {
    let p = root().join(rel);
    Arc::new(load_file(&p).unwrap_or_else(|r| panic!("{} should load:\n{r}", p.display())))
}

pub fn session(rel: &str, seed: u64, dice: &[u32]) -> Session {
    let loaded = load(rel);
    let options = Session::default_options(&loaded);
    Session::new(loaded, GameSetup { options, seed, forced_dice: dice.to_vec() }).expect("session starts")
}

pub fn kell(dice: &[u32]) -> Session {
    session("scenarios/kell_ford.ron", 7, dice)
}

pub fn mv(unit: &str, to: &str) -> Command {
    Command::Move { unit: unit.into(), to: to.into() }
}

pub fn attack(attackers: &[&str], target: &str) -> Command {
    Command::Attack { attackers: attackers.iter().map(|s| (*s).into()).collect(), target: target.into(), table: None, supports: vec![], declare: None }
}

pub fn play(s: &mut Session, cmds: &[Command]) {
    for (i, c) in cmds.iter().enumerate() {
        s.apply(c.clone()).unwrap_or_else(|e| panic!("command {i} `{}` rejected: {e}", c.describe()));
    }
}

pub fn location(s: &mut Session, unit: &str) -> String {
    s.state(None).units.into_iter().find(|u| u.id == unit).map(|u| u.location).expect("unit exists")
}

pub fn bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_sandtable"))
}

/// A session on Kell Ford with text replacements applied (each must match), for rule variants.
pub fn kell_with(replacements: &[(&str, &str)], dice: &[u32]) -> Session {
    let text = kell_text_with(replacements);
    let loaded = sandtable::games::load_str(&text, "kell_variant.ron", &root()).unwrap_or_else(|r| panic!("{r}"));
    let loaded = Arc::new(loaded);
    let options = Session::default_options(&loaded);
    Session::new(loaded, GameSetup { options, seed: 1, forced_dice: dice.to_vec() }).expect("session")
}

/// The text of Kell Ford with replacements applied (each must match).
pub fn kell_text_with(replacements: &[(&str, &str)]) -> String {
    let mut text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    for (a, b) in replacements {
        assert!(text.contains(a), "replacement target not found: {a}");
        text = text.replacen(a, b, 1);
    }
    text
}

/// The `rules` line of Kell Ford, which variants replace.
pub const KELL_RULES: &str = "rules: (reveal_when_enemy_ends_adjacent: true),";

/// Kell Ford with its `rules: (...)` section extended by `rules` (a RON struct, `(...)`).
pub fn kell_rules(rules: &str, extra: &[(&str, &str)], dice: &[u32]) -> Session {
    let r = format!("rules: {},", rules.replacen('(', "(reveal_when_enemy_ends_adjacent: true, ", 1));
    let mut all: Vec<(&str, &str)> = vec![(KELL_RULES, r.as_str())];
    all.extend_from_slice(extra);
    kell_with(&all, dice)
}

/// Rule invariants that must hold after every command (the simulator's own check).
pub fn assert_invariants(s: &mut Session) {
    if let Err(e) = sandtable::sim::invariants::check_invariants(s) {
        panic!("invariant broken: {e}");
    }
}

/// A session on scenario text with a seed and forced dice.
pub fn session_from_text_with(text: &str, seed: u64, dice: &[u32]) -> Session {
    let loaded = sandtable::games::load_str(text, "variant.ron", &root()).unwrap_or_else(|r| panic!("{r}"));
    let loaded = Arc::new(loaded);
    let options = Session::default_options(&loaded);
    Session::new(loaded, GameSetup { options, seed, forced_dice: dice.to_vec() }).expect("session")
}

/// A session on scenario text (seed 1, no forced dice).
pub fn session_from_text(text: &str) -> Session {
    let loaded = sandtable::games::load_str(text, "variant.ron", &root()).unwrap_or_else(|r| panic!("{r}"));
    let loaded = Arc::new(loaded);
    let options = Session::default_options(&loaded);
    Session::new(loaded, GameSetup { options, seed: 1, forced_dice: vec![] }).expect("session")
}

/// Plays a whole game with a random legal player: every listed command must be accepted and the
/// invariants must hold after each one. Returns the number of commands.
pub fn play_random_checked(s: &mut Session, bot_seed: u64, max: usize) -> usize {
    let mut bot = sandtable::bots::random::RandomPlayer::new(bot_seed);
    let mut n = 0;
    while !s.is_over() {
        let c = bot.choose(s).expect("a legal command while the game is on");
        s.apply(c.clone()).unwrap_or_else(|e| panic!("bot seed {bot_seed}: listed `{}` rejected: {e}", c.describe()));
        assert_invariants(s);
        n += 1;
        assert!(n < max, "the game does not end");
    }
    n
}

/// Whether an entry of the game log contains `text` (the whole log is printed if not).
pub fn log_has(s: &mut Session, text: &str) -> bool {
    let log = &s.world.resource::<sandtable::model::log::GameLog>().0;
    let found = log.iter().any(|e| e.text.contains(text));
    if !found {
        let all: Vec<&str> = log.iter().map(|e| e.text.as_str()).collect();
        eprintln!("log: {all:#?}");
    }
    found
}

/// Moves a chit from its cup to a side's hand (side index).
pub fn deal(s: &mut Session, side: usize, chit: &str) {
    let mut pools = s.world.resource_mut::<sandtable::model::Pools>();
    for cup in &mut pools.cups {
        cup.retain(|c| c != chit);
    }
    pools.hands[side].push(chit.to_string());
    pools.hands[side].sort();
}

/// The plan of an attack by the side to act's `attackers` on `target` as the rules would make it
/// now (strengths, multipliers, column), or the test fails.
pub fn plan_now(s: &mut Session, attackers: &[&str], target: &str) -> sandtable::rules::combat::AttackPlan {
    let units = sandtable::model::view::UnitsView::from_world(&mut s.world);
    let ids: Vec<String> = attackers.iter().map(|a| (*a).to_string()).collect();
    let turn = s.world.resource::<sandtable::model::TurnState>().clone();
    let control = s.world.resource::<sandtable::model::Control>().clone();
    sandtable::rules::combat::plan_attack(s.game(), &turn, &units, &control, 0, &ids, target, None).expect("a legal attack")
}

/// Kell Ford whose every roll on every column gives result `code`, its table's results being
/// `results` (a RON `results: [...]` field), with `extra` replacements and forced dice.
pub fn kell_every_roll(code: &str, results: &str, extra: &[(&str, &str)], dice: &[u32]) -> Session {
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let start = text.find("            rows: [").expect("rows");
    let end = text.find("        )],\n    ),\n    tracks").expect("end of the table");
    let table = &text[start..end];
    let row = |r: u32| format!(r#"(roll: {r}, results: [{}]),"#, vec![format!("\"{code}\""); 8].join(", "));
    let rows: Vec<String> = (1..=6).map(row).collect();
    let new = format!("            rows: [{}],\n            {results}\n", rows.join(" "));
    let mut all: Vec<(&str, &str)> = vec![(table, new.as_str())];
    all.extend_from_slice(extra);
    kell_with(&all, dice)
}
