//! Determinism: the same scenario, seed and commands give the same state hash; saving, loading
//! and continuing gives the same hash as an uninterrupted run.

use sandtable::bots::random::RandomPlayer;
use sandtable::session::save::{read_save, replay_on, write_save};

use crate::common::{kell, load};

fn play_random(s: &mut sandtable::session::Session, bot_seed: u64, max: usize) -> Vec<sandtable::session::Command> {
    let mut bot = RandomPlayer::new(bot_seed);
    let mut cmds = Vec::new();
    while !s.is_over() && cmds.len() < max {
        let c = bot.choose(s).expect("command");
        s.apply(c.clone()).expect("legal");
        cmds.push(c);
    }
    cmds
}

/// A batch run's session takes no checkpoints (its games are never saved): the game it plays
/// is the same, command for command and state for state, as one that takes them.
#[test]
fn a_session_without_checkpoints_plays_the_same_game_on_decision_iraq_and_its_save_loads() {
    let loaded = load("scenarios/decision_iraq.ron");
    let setup = || sandtable::session::GameSetup { options: sandtable::session::Session::default_options(&loaded), seed: 5, forced_dice: Vec::new() };
    let mut with = sandtable::session::Session::new(loaded.clone(), setup()).expect("session");
    let mut without = sandtable::session::Session::new(loaded.clone(), setup()).expect("session");
    without.takes_checkpoints = false;
    let a = play_random(&mut with, 3, 400);
    let b = play_random(&mut without, 3, 400);
    assert_eq!(a, b, "the same commands");
    assert!(with.checkpoints.len() >= 5, "phases ended: {}", with.checkpoints.len());
    assert!(without.checkpoints.is_empty(), "no checkpoint taken");
    assert_eq!(with.state_hash(), without.state_hash());
    assert_eq!(with.state(None), without.state(None));
    // Its save records the checkpoints a replay takes, and loads: no game is lost for want of
    // them.
    let save = without.to_save();
    assert_eq!(save.checkpoints, with.checkpoints);
    let back = sandtable::session::save::replay_on(&save, loaded).expect("the save loads");
    assert_eq!(back.checkpoints, with.checkpoints);
}

/// A batch run's log is quiet: it counts its entries and writes none (no rule reads the log),
/// and the games are the same, command for command and state for state, on every shipped
/// scenario's first games; a game restarted in the world keeps the log quiet, and a written
/// log comes back when asked for.
#[test]
fn a_quiet_log_counts_its_entries_writes_none_and_leaves_every_game_the_same() {
    use sandtable::model::log::GameLog;
    for file in ["scenarios/decision_iraq.ron", "scenarios/kell_ford.ron", "scenarios/salt_river_line.ron", "scenarios/twilight/outbreak.ron"] {
        let mut written = crate::common::session(file, 5, &[]);
        let mut quiet = crate::common::session(file, 5, &[]);
        quiet.write_log(false);
        for round in 0..2_u64 {
            if round > 0 {
                let setup = sandtable::session::GameSetup { options: sandtable::session::Session::default_options(&written.loaded), seed: 6, forced_dice: Vec::new() };
                written.restart(setup.clone()).expect("restart");
                quiet.restart(setup).expect("restart");
            }
            let a = play_random(&mut written, 3 + round, 300);
            let b = play_random(&mut quiet, 3 + round, 300);
            assert_eq!(a, b, "{file}: the same commands");
            assert_eq!(written.state_hash(), quiet.state_hash(), "{file}");
            let (w, q) = (written.world.resource::<GameLog>(), quiet.world.resource::<GameLog>());
            assert!(q.is_quiet() && q.0.is_empty(), "{file}: nothing written (game {round})");
            assert!(w.0.len() > 10, "{file}: the written log has the game ({})", w.0.len());
            assert_eq!(q.logged(), w.0.len(), "{file}: every entry counted");
        }
    }
    // Undo replays the game in a new world, the log as quiet as it was.
    let mut s = crate::common::kell(&[]);
    s.write_log(false);
    let mut bot = RandomPlayer::new(2);
    while !s.can_undo() {
        let c = bot.choose(&mut s).expect("a command");
        s.apply(c).expect("legal");
    }
    s.undo().expect("undo");
    assert!(s.world.resource::<GameLog>().is_quiet(), "quiet after undo");
    s.write_log(true);
    play_random(&mut s, 1, 5);
    assert!(!s.world.resource::<GameLog>().0.is_empty(), "written again");
}

#[test]
fn same_seed_and_commands_same_state_hash() {
    let mut a = kell(&[]);
    let cmds = play_random(&mut a, 11, 10_000);
    let mut b = kell(&[]);
    for c in &cmds {
        b.apply(c.clone()).expect("same commands accepted");
    }
    assert_eq!(a.state_hash(), b.state_hash());
    assert_eq!(a.checkpoints, b.checkpoints);
    // A different seed gives different dice.
    let rolls = |seed: u64| {
        let mut s = crate::common::session("scenarios/kell_ford.ron", seed, &[]);
        let mut d = s.world.resource_mut::<sandtable::model::dice::Dice>();
        (0..20).map(|_| d.roll(6, "test")).collect::<Vec<u32>>()
    };
    assert_eq!(rolls(7), rolls(7));
    assert_ne!(rolls(7), rolls(8));
}

#[test]
fn save_load_continue_equals_uninterrupted_run() {
    let mut full = kell(&[]);
    let cmds = play_random(&mut full, 5, 10_000);
    assert!(cmds.len() > 10);
    let half = cmds.len() / 2;
    let mut first = kell(&[]);
    for c in &cmds[..half] {
        first.apply(c.clone()).expect("legal");
    }
    let dir = std::env::temp_dir().join(format!("sandtable-test-{}", std::process::id()));
    let path = dir.join("mid.ron");
    write_save(&path, &first.to_save()).expect("save");
    let save = read_save(&path).expect("read back");
    let mut resumed = replay_on(&save, load("scenarios/kell_ford.ron")).expect("replays");
    assert_eq!(resumed.state_hash(), first.state_hash());
    for c in &cmds[half..] {
        resumed.apply(c.clone()).expect("continues");
    }
    assert_eq!(resumed.state_hash(), full.state_hash());
    let _ = std::fs::remove_dir_all(dir);
}

/// The tutorial with its landing, reactions and forced operations: a whole random game saved
/// half-way, replayed from the save and continued ends in the same state as the uninterrupted
/// game (every recorded phase checkpoint verified on the way).
#[test]
fn tutorial_game_replays_from_a_save_to_the_same_end() {
    let file = "scenarios/salt_river_line.ron";
    for bot in [3, 4] {
        let mut full = crate::common::session(file, bot, &[]);
        let cmds = play_random(&mut full, bot, 20_000);
        let half = cmds.len() / 2;
        let mut first = crate::common::session(file, bot, &[]);
        for c in &cmds[..half] {
            first.apply(c.clone()).expect("legal");
        }
        let dir = std::env::temp_dir().join(format!("sandtable-tutorial-{}-{bot}", std::process::id()));
        let path = dir.join("mid.ron");
        write_save(&path, &first.to_save()).expect("save");
        let mut resumed = replay_on(&read_save(&path).expect("read back"), load(file)).expect("replays");
        for c in &cmds[half..] {
            resumed.apply(c.clone()).expect("continues");
        }
        assert_eq!(resumed.state_hash(), full.state_hash());
        assert_eq!(resumed.checkpoints, full.checkpoints);
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// A batch run plays game after game in one world: a game restarted there is the game a new
/// session plays with the same set-up (the same commands, log, checkpoints and state), and
/// the world holds no more entities than a new one (nothing grows with the number of games).
#[test]
fn a_game_restarted_in_a_used_world_plays_as_in_a_new_one_on_every_shipped_scenario() {
    use sandtable::session::{GameSetup, Session};
    for file in ["scenarios/kell_ford.ron", "scenarios/salt_river_line.ron", "scenarios/decision_iraq.ron"] {
        let loaded = load(file);
        let setup = |seed| GameSetup { options: Session::default_options(&loaded), seed, forced_dice: Vec::new() };
        let mut used = Session::new(loaded.clone(), setup(1)).expect("session");
        play_random(&mut used, 1, 5_000);
        assert!(used.is_over(), "{file}: the first game ends");
        used.restart(setup(2)).expect("restart");
        let mut fresh = Session::new(loaded.clone(), setup(2)).expect("session");
        assert_eq!(used.world.entities().count_spawned(), fresh.world.entities().count_spawned(), "{file}: entities");
        assert_eq!(used.state_hash(), fresh.state_hash(), "{file}: the start");
        let a = play_random(&mut used, 2, 5_000);
        let b = play_random(&mut fresh, 2, 5_000);
        assert_eq!(a, b, "{file}: the same commands");
        assert!(a.len() > 20, "{file}: a whole game");
        let log = |s: &Session| s.world.resource::<sandtable::model::log::GameLog>().0.iter().map(|e| e.text.clone()).collect::<Vec<_>>();
        assert_eq!(log(&used), log(&fresh), "{file}: the same log");
        assert_eq!(used.checkpoints, fresh.checkpoints, "{file}: the same checkpoints");
        assert_eq!(used.state(None), fresh.state(None), "{file}: the same end");
    }
}

/// The world keeps a record of every component it removed until its trackers are cleared: a
/// batch run's world, restarted game after game, keeps no more of them after many games than
/// after one (else its memory grows with the number of games).
#[test]
fn a_world_restarted_game_after_game_keeps_no_more_removal_records_than_after_one() {
    use sandtable::session::{GameSetup, Session};
    let loaded = load("scenarios/decision_iraq.ron");
    let setup = |seed| GameSetup { options: Session::default_options(&loaded), seed, forced_dice: Vec::new() };
    let mut used = Session::new(loaded.clone(), setup(1)).expect("session");
    let records = |s: &Session| s.world.removed_components().iter().map(|(_, m)| m.len()).sum::<usize>();
    play_random(&mut used, 1, 50);
    used.restart(setup(2)).expect("restart");
    let after_one = records(&used);
    for seed in 3..40 {
        play_random(&mut used, seed, 50);
        used.restart(setup(seed)).expect("restart");
    }
    assert_eq!(records(&used), after_one, "records after 38 games");
}

/// A restart with the same options sets the units back in place: the same entities, each unit
/// as the scenario starts it (a new session's state), with nothing despawned or spawned.
#[test]
fn a_game_restarted_with_the_same_options_keeps_its_units_entities() {
    use sandtable::session::{GameSetup, Session};
    let loaded = load("scenarios/decision_iraq.ron");
    let setup = |seed| GameSetup { options: Session::default_options(&loaded), seed, forced_dice: Vec::new() };
    let mut used = Session::new(loaded.clone(), setup(1)).expect("session");
    play_random(&mut used, 1, 300);
    let entities = |s: &Session| s.world.resource::<sandtable::model::UnitIndex>().0.clone();
    let before = entities(&used);
    assert!(before.len() > 100, "every counter of the mix is a unit");
    used.restart(setup(2)).expect("restart");
    assert_eq!(entities(&used), before, "the same entities");
    let mut fresh = Session::new(loaded.clone(), setup(2)).expect("session");
    assert_eq!(used.state(None), fresh.state(None), "the units as a new game starts them");
    assert_eq!(used.state_hash(), fresh.state_hash());
}

/// A restart with other options than the game before makes the scenario and its lookups for
/// them (a restart with the same options keeps them): it starts as a new session with those
/// options starts.
#[test]
fn a_game_restarted_with_other_options_starts_as_a_new_one_with_them() {
    use sandtable::session::{GameSetup, Session};
    let loaded = load("scenarios/decision_iraq.ron");
    let defaults = Session::default_options(&loaded);
    let mut others = defaults.clone();
    // 27.2, the Green Zone: an option that changes the scenario's data.
    assert!(others.insert("green_zone".to_string()), "the option is off by default");
    let mut used = Session::new(loaded.clone(), GameSetup { options: defaults, seed: 1, forced_dice: Vec::new() }).expect("session");
    play_random(&mut used, 1, 100);
    let setup = GameSetup { options: others.clone(), seed: 2, forced_dice: Vec::new() };
    used.restart(setup.clone()).expect("restart");
    let mut fresh = Session::new(loaded.clone(), setup).expect("session");
    assert_eq!(used.game().options, others);
    assert_eq!(used.game().scenario, fresh.game().scenario, "the scenario as the options make it");
    assert_eq!(used.state_hash(), fresh.state_hash(), "the start");
    assert_eq!(used.state(None), fresh.state(None));
    // And plays on as the new session does (its rules schedules are the options' own).
    let a = play_random(&mut used, 2, 5_000);
    let b = play_random(&mut fresh, 2, 5_000);
    assert_eq!(a, b, "the same commands");
    assert!(a.len() > 20, "a whole game");
    assert_eq!(used.checkpoints, fresh.checkpoints, "the same checkpoints");
    assert_eq!(used.state(None), fresh.state(None), "the same end");
}

/// The list the random player reads (a movement phase's moves and a set-up's placements held
/// apart, worked out only where draws fall) names the same commands in the same order as the
/// list of commands: whether the phase may end, how many others there are, each of them by its
/// place, and what draws on its first and last candidates and random draws take.
#[test]
fn the_random_players_list_reads_as_the_legal_list_on_every_shipped_scenario() {
    use sandtable::session::{Command, GameSetup, Session};
    // Decision: Iraq twice: with its MNF surge variant (27.13) set-up lists go on after the
    // default placement, with the units bought at set-up.
    // Twilight of the Ottomans sets up by groups too, some at most so many to a hex: its
    // set-up only (its lists are long to make in a debug build).
    let files = [("scenarios/kell_ford.ron", false, 120), ("scenarios/salt_river_line.ron", false, 120), ("scenarios/decision_iraq.ron", false, 120), ("scenarios/decision_iraq.ron", true, 120), ("scenarios/twilight/outbreak.ron", false, 25)];
    for (file, surge, commands) in files {
        let loaded = load(file);
        let mut options = Session::default_options(&loaded);
        if surge {
            options.insert("mnf_surge".into());
        }
        let mut s = Session::new(loaded, GameSetup { options, seed: 3, forced_dice: Vec::new() }).expect("session");
        let mut recruits_after = false;
        let mut bot = RandomPlayer::new(9);
        let mut moves = 0;
        // Set-up lists whose default placement was listed, and not; draws that fell on refused
        // candidates first, at set-up and among moves.
        let (mut defaults, mut no_defaults, mut refused_setup, mut refused_moves) = (0, 0, 0, 0);
        let mut lcg = 7_u64;
        let mut setup_lists = 0;
        for _ in 0..commands {
            if s.is_over() {
                break;
            }
            let all = s.legal_commands();
            let others: Vec<&Command> = all.iter().filter(|c| !matches!(c, Command::EndPhase)).collect();
            let list = s.legal_list();
            assert_eq!(list.len(), all.len(), "{file}");
            assert_eq!(list.others(), others.len(), "{file}");
            assert_eq!(list.ends_phase(), all.contains(&Command::EndPhase), "{file}");
            drop(list);
            assert_eq!(s.legal_list().first().as_ref(), all.first(), "{file}");
            let step = (others.len() / 8).max(1);
            for k in (0..others.len()).step_by(step).chain(others.len().checked_sub(1)) {
                assert_eq!(s.legal_list().other(k).as_ref(), Some(others[k]), "{file}: other {k} of {}", others.len());
            }
            assert_eq!(s.legal_list().other(others.len()), None, "{file}: past the last");
            // The random player's reading (`LegalList::draw_other`): the moves and set-up
            // placements held apart are worked out where draws fall. Draws always on the first
            // candidate take the first of the others, always on the last the last; other draws
            // take listed commands only, some after refused candidates were dropped.
            let setup = all.iter().any(|c| matches!(c, Command::Place { .. } | Command::DefaultSetup));
            if let (Some(&first), Some(&last)) = (others.first(), others.last()) {
                assert_eq!(s.legal_list().draw_other(|_| 0).as_ref(), Some(first), "{file}: the first other");
                assert_eq!(s.legal_list().draw_other(|n| n - 1).as_ref(), Some(last), "{file}: the last other");
                for _ in 0..4 {
                    let mut draws = 0;
                    let c = s.legal_list().draw_other(|n| {
                        draws += 1;
                        lcg = lcg.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                        (lcg >> 33) as usize % n
                    });
                    let c = c.expect("an other command");
                    assert!(others.contains(&&c), "{file}: `{}` is listed", c.describe());
                    if draws > 1 {
                        *(if setup { &mut refused_setup } else { &mut refused_moves }) += 1;
                    }
                }
                if setup {
                    setup_lists += 1;
                    defaults += usize::from(all.contains(&Command::DefaultSetup));
                    no_defaults += usize::from(!all.contains(&Command::DefaultSetup) && !all.contains(&Command::EndPhase));
                    // The ruleset's commands at set-up come after the unsure ones.
                    recruits_after |= matches!(last, Command::Recruit { .. });
                }
            } else {
                assert_eq!(s.legal_list().draw_other(|_| 0), None, "{file}: no other command");
            }
            moves += others.iter().filter(|c| matches!(c, Command::Move { .. })).count();
            let c = bot.choose(&mut s).expect("a command");
            s.apply(c).expect("listed");
        }
        assert!(moves > 0 || file.contains("twilight") && setup_lists == commands, "{file}: movement phases were listed, or set-up lists only ({setup_lists})");
        if file.contains("decision_iraq") {
            assert!(defaults > 0 && no_defaults > 0, "{file}: set-up lists with and without the default placement ({defaults}, {no_defaults})");
            assert!(refused_setup > 0 && refused_moves > 0, "{file}: draws fell on refused placements ({refused_setup}) and moves ({refused_moves})");
            assert_eq!(recruits_after, surge, "{file}: purchases listed after the unsure candidates");
        }
    }
}

/// The batch player that gives its commands itself (trying the end of the phase before it
/// reads a list) plays the very game the one that only chooses does, for the same seeds: the
/// same commands, log and end, on every shipped scenario. Debug builds also check, at every
/// such try, that the rules accept the end of the phase exactly when the list offers it.
#[test]
fn the_random_player_plays_the_game_it_would_choose_on_every_shipped_scenario() {
    use sandtable::session::{Command, Session};
    // Twilight of the Ottomans too: its phase ends hold landings' attacks, stacking checks,
    // resting units and attack quotas.
    for file in ["scenarios/kell_ford.ron", "scenarios/salt_river_line.ron", "scenarios/decision_iraq.ron", "scenarios/twilight/outbreak.ron"] {
        let mut chooser = crate::common::session(file, 4, &[]);
        let mut player = crate::common::session(file, 4, &[]);
        let chosen = play_random(&mut chooser, 6, 5_000);
        let mut bot = RandomPlayer::new(6);
        let mut played = Vec::new();
        while !player.is_over() && played.len() < 5_000 {
            let (c, applied) = bot.play(&mut player).expect("a command while the game is on");
            applied.unwrap_or_else(|e| panic!("{file}: `{}` rejected: {e}", c.describe()));
            played.push(c);
        }
        let ends = chosen.iter().filter(|c| matches!(c, Command::EndPhase)).count();
        assert!(chooser.is_over() && ends > 5, "{file}: a whole game, with phase ends");
        assert_eq!(played, chosen, "{file}: the same commands");
        let log = |s: &Session| s.world.resource::<sandtable::model::log::GameLog>().0.iter().map(|e| e.text.clone()).collect::<Vec<_>>();
        assert_eq!(log(&player), log(&chooser), "{file}: the same log");
        assert_eq!(player.state_hash(), chooser.state_hash(), "{file}: the same end");
    }
}

/// The random player picks each listed command as often as any other, also where the list
/// holds commands apart and some draws fall on refused candidates (drawn again): a Decision:
/// Iraq set-up list with refused placements, a movement list (every mover's candidates are
/// every space of the map, then those of its reach) and a combat list (every district's are
/// its tables and groups of attackers), a Mobilization list (the ruleset holds each unit
/// type's purchases apart, four candidates per district it may be bought in), and a Kell Ford
/// movement list on its hex map, each drawn from
/// forty times per command, give every listed command its share (chi-square against even
/// shares under its 0.1% bound; a draw that gave a refused candidate's share to a neighbour
/// would double that neighbour's count).
#[test]
fn the_random_player_picks_every_listed_command_as_often_where_candidates_are_refused() {
    use sandtable::session::Command;
    let mut s = crate::common::session("scenarios/decision_iraq.ron", 3, &[]);
    let mut bot = RandomPlayer::new(9);
    let (mut setup, mut movement, mut combat, mut buying) = (false, false, false, false);
    for _ in 0..2_000 {
        if s.is_over() || setup && movement && combat && buying {
            break;
        }
        let all = s.legal_commands();
        let others = all.iter().filter(|c| !matches!(c, Command::EndPhase)).count();
        let placing = all.iter().any(|c| matches!(c, Command::Place { .. }));
        let moving = all.iter().any(|c| matches!(c, Command::Move { .. }));
        let attacking = all.iter().filter(|c| matches!(c, Command::Attack { .. })).count() >= 3;
        let recruiting = !s.is_asking() && all.iter().any(|c| matches!(c, Command::Recruit { .. }));
        // A list with refused candidates: some of twenty random draws are made again.
        let mut lcg = 5_u64;
        let refusals = (0..20).any(|_| {
            let mut draws = 0;
            let _ = s.legal_list().draw_other(|n| {
                draws += 1;
                lcg = lcg.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                (lcg >> 33) as usize % n
            });
            draws > 1
        });
        if refusals && others >= 5 && (placing && !setup || moving && !movement && others >= 40 || attacking && !combat || recruiting && !buying) {
            assert_even_picks(&mut s, 40);
            setup |= placing;
            movement |= moving;
            combat |= attacking;
            buying |= recruiting;
        }
        let c = bot.choose(&mut s).expect("a command");
        s.apply(c).expect("listed");
    }
    assert!(setup && movement && combat && buying, "a set-up list, a movement list, a combat list and a Mobilization list with refused candidates");
    // A hex map's movement list too: Kell Ford's first list with twenty moves or more.
    let mut s = crate::common::session("scenarios/kell_ford.ron", 3, &[]);
    let mut bot = RandomPlayer::new(9);
    while s.legal_commands().iter().filter(|c| matches!(c, Command::Move { .. })).count() < 20 {
        let c = bot.choose(&mut s).expect("a command before the end");
        s.apply(c).expect("listed");
    }
    assert_even_picks(&mut s, 40);
}

/// Draws `per_command` times as many commands as `s` lists other than ending the phase, and
/// tests their counts against even shares.
fn assert_even_picks(s: &mut sandtable::session::Session, per_command: u32) {
    use sandtable::session::Command;
    let others: Vec<Command> = s.legal_commands().into_iter().filter(|c| !matches!(c, Command::EndPhase)).collect();
    let mut counts = vec![0u32; others.len()];
    let draws = per_command * others.len() as u32;
    let mut picker = RandomPlayer::new(17);
    picker.end_phase_percent = 0;
    for _ in 0..draws {
        let c = picker.choose(s).expect("a command");
        let at = others.iter().position(|o| *o == c).unwrap_or_else(|| panic!("`{}` is listed", c.describe()));
        counts[at] += 1;
    }
    let expected = f64::from(draws) / others.len() as f64;
    let chi2: f64 = counts.iter().map(|&n| (f64::from(n) - expected).powi(2) / expected).sum();
    // The 0.1% bound of chi-square for k - 1 degrees of freedom, by Wilson-Hilferty.
    let k = (others.len() - 1) as f64;
    let bound = k * (1.0 - 2.0 / (9.0 * k) + 3.09 * (2.0 / (9.0 * k)).sqrt()).powi(3);
    assert!(chi2 < bound, "chi-square {chi2:.1} over {} commands (bound {bound:.1}): {counts:?}", others.len());
}
