//! The `sandtable` binary: check, script, replay, crt, sim, with their exit codes.

use std::process::Command as Proc;

use crate::common::{bin, root};

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Proc::new(bin()).args(args).current_dir(root()).output().expect("runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn check_reports_every_broken_file_and_exits_nonzero() {
    let files = ["asset_escape", "area_links", "crt_gaps", "over_counter_mix", "syntax_error", "unknown_ids"];
    let paths: Vec<String> = files.iter().map(|f| format!("tests/fixtures/broken/{f}.ron")).collect();
    let mut args = vec!["check", "scenarios/kell_ford.ron"];
    args.extend(paths.iter().map(String::as_str));
    let (code, out, _) = run(&args);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("scenarios/kell_ford.ron: ok"), "{out}");
    for p in &paths {
        assert!(out.contains(&format!("{p}: ")) || out.contains(&format!("{p}:13:9: error")), "{p} missing from:\n{out}");
    }
    assert!(out.contains("syntax_error.ron:13:9: error:"), "{out}");
    let (code, out, _) = run(&["check", "scenarios/kell_ford.ron"]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn script_prints_state_and_is_byte_identical_on_rerun() {
    let args = ["script", "scenarios/kell_ford.ron", "scenarios/scripts/kell_ford_opening.ron"];
    let (code, a, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let (_, b, _) = run(&args);
    assert_eq!(a, b);
    for needle in ["turn: \"2\"", "phase: \"first_movement\"", "active_side: Some(\"north\")", "\"north_vp\": 0", "rolled 6", "S-Mil is eliminated", "prompt: None"] {
        assert!(a.contains(needle), "missing {needle}");
    }
    // The North's view hides nothing here (the militia was revealed) but names the view.
    let (_, v, _) = run(&["script", "scenarios/kell_ford.ron", "scenarios/scripts/kell_ford_opening.ron", "--view", "north"]);
    assert!(v.contains("view: Some(\"north\")"));
}

#[test]
fn tutorial_turn_1_script_plays_the_na_player_turn() {
    let args = ["script", "scenarios/salt_river_line.ron", "scenarios/scripts/salt_river_line_turn1.ron"];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    for needle in [
        "combat at 0406: 10 vs 4 (2:1), +1 shifts, column 3:1",
        "SU-2 is eliminated",
        "NA-1Pz advance(s) into 0406",
        "NA-1Pz is out of supply and loses a step (1 left)",
        "phase: \"second_movement\"",
        "active_side: Some(\"su\")",
    ] {
        assert!(out.contains(needle), "missing {needle}");
    }
    assert_eq!(run(&args).1, out, "byte-identical on rerun");
}

#[test]
fn script_hides_face_down_units_from_the_other_side() {
    let dir = std::env::temp_dir().join(format!("sandtable-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let script = dir.join("empty.ron");
    std::fs::write(&script, "(seed: 1, commands: [])").expect("write");
    let (_, north, _) = run(&["script", "scenarios/kell_ford.ron", script.to_str().expect("utf8"), "--view", "north"]);
    assert!(!north.contains("S-Mil") && !north.contains("s_mil"), "hidden militia leaks to the North");
    assert!(north.contains("unit_type: \"hidden\""));
    let (_, south, _) = run(&["script", "scenarios/kell_ford.ron", script.to_str().expect("utf8"), "--view", "south"]);
    assert!(south.contains("S-Mil"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn script_rejection_exits_3_with_index_and_reason() {
    let dir = std::env::temp_dir().join(format!("sandtable-cli3-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let script = dir.join("bad.ron");
    std::fs::write(&script, "(seed: 1, commands: [EndPhase, Move(unit: \"N-1Tk\", to: \"0303\")])").expect("write");
    let (code, _, err) = run(&["script", "scenarios/kell_ford.ron", script.to_str().expect("utf8")]);
    assert_eq!(code, 3);
    assert!(err.contains("command 1 (`move N-1Tk to 0303`) rejected: `move N-1Tk to 0303` is not allowed in the First Player Combat phase"), "{err}");
    std::fs::write(&script, "(seed: 1, commands: [Mve])").expect("write");
    let (code, _, err) = run(&["script", "scenarios/kell_ford.ron", script.to_str().expect("utf8")]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.ron:1:"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn replay_verifies_a_save_and_reports_an_edit() {
    let dir = std::env::temp_dir().join(format!("sandtable-cli-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let save = dir.join("game.ron");
    let (code, _, err) = run(&["script", "scenarios/kell_ford.ron", "scenarios/scripts/kell_ford_opening.ron", "--save", save.to_str().expect("utf8")]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(&["replay", save.to_str().expect("utf8")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("ok: 10 commands, 4 phase checkpoints verified"), "{out}");
    let text = std::fs::read_to_string(&save).expect("read");
    let edited = text.replacen("to: \"0304\"", "to: \"0303\"", 1);
    assert_ne!(text, edited);
    std::fs::write(&save, edited).expect("write");
    let (code, _, err) = run(&["replay", save.to_str().expect("utf8")]);
    assert_eq!(code, 1);
    assert!(err.contains("replay failed") && err.contains("command"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn crt_prints_the_column_and_every_result_probability() {
    let (code, out, _) = run(&["crt", "scenarios/kell_ford.ron", "crt", "--attack", "12", "--defense", "1", "--shift", "-2"]);
    assert_eq!(code, 0);
    assert!(out.contains("12:1 raw") && out.contains("column: 7:1"), "{out}");
    assert!(out.contains("0/4") && out.contains("33.33%"), "{out}");
    let (_, out, _) = run(&["crt", "scenarios/kell_ford.ron", "crt", "--attack", "9", "--defense", "6", "--roll", "4"]);
    assert!(out.contains("column: 1:1") && out.contains("roll 4: 1/1"), "{out}");
    let (_, out, _) = run(&["crt", "scenarios/kell_ford.ron", "crt", "--attack", "1", "--defense", "3"]);
    assert!(out.contains("prohibited"), "{out}");
}

#[test]
fn crt_decision_iraq_civic_action_9_against_6_is_the_1_1_column() {
    let (code, out, err) = run(&["crt", "scenarios/decision_iraq.ron", "civic_action", "--attack", "9", "--defense", "6"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("column: 1-1"), "{out}");
    // 1-1 on Civic Action: DL2, DL1, DL3, DR1, AL3, AL2, one sixth each.
    for code in ["DL2", "DL1", "DL3", "DR1", "AL3", "AL2"] {
        assert!(out.lines().any(|l| l.trim_start().starts_with(code) && l.contains("16.67%")), "{code}: {out}");
    }
    let (_, out, _) = run(&["crt", "scenarios/decision_iraq.ron", "kinetic", "--attack", "3", "--defense", "4"]);
    assert!(out.contains("column: <1-1") && out.contains("MD        66.67%"), "{out}");
}

#[test]
fn decision_iraq_full_game_script_logs_every_roll_conflict_result_and_point_change_with_its_cause() {
    let (code, out, err) = run(&["script", "scenarios/decision_iraq.ron", "scenarios/scripts/decision_iraq_full_game.ron"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("reason: \"end of game: margin"), "the game runs to the end of 2008B");
    let texts: Vec<&str> = out.lines().filter_map(|l| l.trim().strip_prefix("text: \"")).collect();
    let count = |pat: &str| texts.iter().filter(|t| t.contains(pat)).count();
    // Every chaos phase rolls (two per game turn), every conflict is declared and rolled, and
    // every result is named.
    assert_eq!(count("Chaos Events: rolled"), 22);
    let declared = count("declares a conflict");
    assert!(declared > 20 && count("on Civic Action, column") + count("on Guerrilla, column") + count("on Kinetic, column") == declared);
    assert_eq!(count("result "), declared);
    // Every index change says by how much and why.
    for t in texts.iter().filter(|t| t.starts_with("CI Netwar Index") || t.starts_with("Insurgent Netwar Index")) {
        assert!(t.contains(", ") || t.contains(" ("), "no cause: {t}");
    }
    assert!(count("(16.33)") > 0 && count("(18.4)") > 0);
    // One side's view hides the other's chits.
    let (_, out, _) = run(&["script", "scenarios/decision_iraq.ron", "scenarios/scripts/decision_iraq_full_game.ron", "--view", "ci"]);
    let hands = out.split("hands: {").nth(1).and_then(|h| h.split('}').next()).unwrap_or_default().to_string();
    let ins_hand = hands.split("\"ins\":").nth(1).unwrap_or_default();
    assert!(!ins_hand.contains("info_war") && !ins_hand.contains("fatwa") && !ins_hand.contains("isr"), "{hands}");
}

#[test]
fn sim_decision_iraq_plays_whole_games_with_invariants() {
    let (code, out, err) = run(&["sim", "scenarios/decision_iraq.ron", "--games", "5", "--seed", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("5 games of Decision: Iraq") && out.contains("victory levels:"), "{out}");
}

#[test]
fn sim_plays_games_and_prints_win_counts() {
    let (code, out, err) = run(&["sim", "scenarios/kell_ford.ron", "--games", "20", "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("20 games of Kell Ford") && out.contains("wins by side:") && out.contains("victory levels:"), "{out}");
}

/// Each game's seed depends only on the run's seed and the game's number: the report is the same
/// on one thread or several, and ends with the wall time and games per second.
#[test]
fn sim_report_is_the_same_on_one_or_three_threads() {
    let report = |threads: &str| {
        let (code, out, err) = run(&["sim", "scenarios/kell_ford.ron", "--games", "12", "--seed", "4", "--threads", threads]);
        assert_eq!(code, 0, "{err}");
        let (body, time): (Vec<&str>, Vec<&str>) = out.lines().partition(|l| !l.starts_with("elapsed:"));
        assert!(time.len() == 1 && time[0].contains(&format!("on {threads} thread(s)")) && time[0].ends_with("games/s"), "{out}");
        body.join("\n")
    };
    assert_eq!(report("1"), report("3"));
}

/// `script --save F` never replaces F when the script fails: F would hold only the commands
/// before the rejected one.
#[test]
fn script_save_is_never_written_over_when_the_script_fails() {
    let dir = std::env::temp_dir().join(format!("sandtable-cli-nosave-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let save = dir.join("game.ron");
    let s = save.to_str().expect("utf8");
    let (code, _, err) = run(&["script", "scenarios/kell_ford.ron", "scenarios/scripts/kell_ford_opening.ron", "--save", s]);
    assert_eq!(code, 0, "{err}");
    let whole = std::fs::read_to_string(&save).expect("saved");
    // The same opening with its fourth command made illegal.
    let text = std::fs::read_to_string(root().join("scenarios/scripts/kell_ford_opening.ron")).expect("script");
    let broken = dir.join("broken.ron");
    std::fs::write(&broken, text.replacen("Attack(", "Move(unit: \"N-2Inf\", to: \"0808\"), Attack(", 1)).expect("write");
    let (code, _, err) = run(&["script", "scenarios/kell_ford.ron", broken.to_str().expect("utf8"), "--save", s]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("rejected") && err.contains("not written, because the script failed"), "{err}");
    assert_eq!(std::fs::read_to_string(&save).expect("still there"), whole, "the earlier save is kept whole");
    let _ = std::fs::remove_dir_all(dir);
}

/// A misspelt field inside a command of a script is an error with file, line and column,
/// never silently dropped (today's `suports:` would attack without the supports).
#[test]
fn script_unknown_fields_inside_commands_are_errors_with_file_line_and_column() {
    let dir = std::env::temp_dir().join(format!("sandtable-cli-field-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let script = dir.join("typo.ron");
    std::fs::write(&script, "(seed: 1, commands: [\n    EndPhase,\n    Attack(attackers: [\"N-1Tk\"], target: \"0404\", suports: []),\n])\n").expect("write");
    let (code, _, err) = run(&["script", "scenarios/kell_ford.ron", script.to_str().expect("utf8")]);
    assert_eq!(code, 2, "{err}");
    assert!(err.starts_with(&format!("{}:3:", script.display())) && err.contains("suports"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Only regular files are read: a FIFO or a device given as a scenario, script or save is
/// refused at once (today a FIFO hangs and /dev/zero reads until memory runs out).
#[test]
fn hostile_files_a_fifo_or_dev_zero_is_refused_at_once_not_read() {
    let dir = std::env::temp_dir().join(format!("sandtable-cli-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let fifo = dir.join("pipe.ron");
    let made = Proc::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
    assert!(made, "mkfifo is part of coreutils");
    let f = fifo.to_str().expect("utf8");
    let cases: [&[&str]; 5] = [
        &["check", f],
        &["script", "scenarios/kell_ford.ron", f],
        &["replay", f],
        &["replay", "/dev/zero"],
        &["check", "/dev/zero"],
    ];
    for args in cases {
        let out = Proc::new("timeout").arg("20").arg(bin()).args(args).current_dir(root()).output().expect("runs");
        let code = out.status.code().unwrap_or(-1);
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(code == 1 || code == 2, "{args:?} must fail at once, not hang (exit {code}): {text}");
        assert!(text.contains("not a regular file"), "{args:?}: {text}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// `sim --variant` and `--options` play a scenario's variants: ToO 35 ends after 1916 II, the
/// campaign (37) goes on to 1918 IV; unknown names are errors.
#[test]
fn rule_too_37_sim_plays_a_variant_or_the_options_named() {
    let (code, out, err) = run(&["sim", "scenarios/twilight/outbreak.ron", "--games", "2", "--seed", "1", "--variant", "campaign"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 games of Twilight of the Ottomans: 1914-18 (scenarios 35-37) (seed 1; 17 turns)"), "{out}");
    let (code, out, err) = run(&["sim", "scenarios/twilight/outbreak.ron", "--games", "2", "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(seed 1, options outbreak; 7 turns)"), "{out}");
    let (code, _, err) = run(&["sim", "scenarios/twilight/outbreak.ron", "--games", "1", "--variant", "long"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown variant `long`; the scenario has: outbreak, campaign, last_crusade"), "{err}");
    let (code, _, err) = run(&["sim", "scenarios/kell_ford.ron", "--games", "1", "--options", "fog"]);
    assert_eq!((code, err.trim()), (2, "unknown option `fog`"));
}

/// `sim --record F --longest` writes the game that went furthest (every Kell Ford game of this
/// seed plays its four turns: the one with the most commands), which `script` plays again.
#[test]
fn sim_record_longest_keeps_the_game_that_went_furthest() {
    let dir = std::env::temp_dir().join(format!("sandtable-cli-longest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("longest.ron");
    let f = file.to_str().expect("utf8");
    let (code, out, err) = run(&["sim", "scenarios/kell_ford.ron", "--games", "12", "--seed", "1", "--record", f, "--longest"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("games played through the last turn: 12 (every game)"), "{out}");
    let max = out.lines().find_map(|l| l.strip_prefix("commands per game: ")).and_then(|l| l.rsplit("max ").next()).and_then(|n| n.trim().parse::<usize>().ok()).expect("a max");
    let text = std::fs::read_to_string(&file).expect("written");
    #[derive(serde::Deserialize)]
    struct Commands {
        commands: Vec<ron::Value>,
    }
    let script: Commands = ron::from_str(&text).expect("a script");
    assert_eq!(script.commands.len(), max);
    let (code, _, err) = run(&["script", "scenarios/kell_ford.ron", f]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(dir);
    // A seed whose games include one that a side won before the last turn.
    let (code, out, err) = run(&["sim", "scenarios/kell_ford.ron", "--games", "12", "--seed", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("games played through the last turn: 11 (the other 1 ended early by sudden death)"), "{out}");
}

/// The shipped record of a whole game of ToO scenario 35 (`sim --record --longest`, the one
/// game of 1,000 that played every turn) replays to its end with every roll and VP change logged.
#[test]
fn rule_too_35_the_shipped_game_replays_to_its_end() {
    let (code, out, err) = run(&["script", "scenarios/twilight/outbreak.ron", "scenarios/scripts/twilight_outbreak_game.ron"]);
    assert_eq!(code, 0, "{err}");
    for want in [
        "scenario rule 35.6: Forced Offensive applies",
        "Allied Random Events: rolled 45: Home Government vs. India Dispute",
        "combat at 5218: 2 vs 2 (100%), +0 shifts, column 100-149% of Raid: rolled 3",
        "speed test: a defender is no faster than the fastest attacker (2 MP against 10): result BA",
        "br_persia_flot#1 eliminated: Allied VP -5 = 43",
        "turn 1916-II: End of Turn",
        "ott_decisive + all_defeat (end of game)",
    ] {
        assert!(out.contains(want), "{want}");
    }
}

/// A game still on after `--max-commands` fails the run: the error names the lowest-numbered
/// game that did not end and its seed, the same on one thread or two (the games before it
/// all end within the limit), and no report is printed.
#[test]
fn sim_names_the_first_game_that_does_not_end_within_max_commands_on_any_number_of_threads() {
    let args = ["sim", "scenarios/kell_ford.ron", "--games", "12", "--seed", "1", "--max-commands", "55", "--threads"];
    let mut errors = Vec::new();
    for threads in ["1", "2"] {
        let (code, out, err) = run(&[&args[..], &[threads]].concat());
        assert_eq!(code, 1, "{out}{err}");
        assert!(!out.contains("wins by side"), "{out}");
        errors.push(err);
    }
    assert_eq!(errors[0].trim(), "game 7 (seed 1000010) did not end after 55 commands (the most a game may take: --max-commands)");
    assert_eq!(errors[0], errors[1], "one thread or two");
    let (code, out, err) = run(&["sim", "scenarios/kell_ford.ron", "--games", "7", "--seed", "1", "--max-commands", "55"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("commands per game: min"), "{out}");
    let (code, _, err) = run(&["sim", "scenarios/kell_ford.ron", "--max-commands", "0"]);
    assert_eq!((code, err.trim()), (2, "--max-commands must be at least 1"));
}
