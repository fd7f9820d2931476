//! Saves, replay and undo: tampering is caught with its place, undo stops at rolls and reveals.

use sandtable::session::Command;
use sandtable::session::save::{autosave, read_save, replay_on, save_text, write_atomic};

use crate::common::{attack, kell, load, mv, play};

fn opening() -> sandtable::session::Session {
    let mut s = kell(&[6]);
    play(
        &mut s,
        &[
            mv("N-2Inf", "0403"),
            mv("N-1Tk", "0304"),
            Command::EndPhase,
            attack(&["N-1Tk", "N-2Inf"], "0404"),
            Command::EndPhase,
            mv("S-2Inf", "0505"),
            Command::EndPhase,
        ],
    );
    s
}

#[test]
fn edited_command_in_save_is_reported_with_its_place() {
    let mut s = opening();
    let save = s.to_save();
    replay_on(&save, load("scenarios/kell_ford.ron")).expect("untouched save replays");
    // Move N-1Tk somewhere else that is legal: the state differs at the first checkpoint after.
    let mut edited = save.clone();
    edited.commands[1].command = mv("N-1Tk", "0303");
    let e = replay_on(&edited, load("scenarios/kell_ford.ron")).err().expect("must fail");
    assert!(e.contains("after command 3") && e.contains("edited"), "{e}");
    // An edit that makes a command illegal names that command.
    let mut edited = save.clone();
    edited.commands[0].command = mv("N-2Inf", "0808");
    let e = replay_on(&edited, load("scenarios/kell_ford.ron")).err().expect("must fail");
    assert!(e.starts_with("command 1 (move N-2Inf to 0808) is rejected on replay"), "{e}");
    // A changed scenario is refused before replaying.
    let mut edited = save;
    edited.scenario_hash = "0000000000000000".into();
    let e = replay_on(&edited, load("scenarios/kell_ford.ron")).err().expect("must fail");
    assert!(e.contains("has changed since the game was saved"), "{e}");
}

#[test]
fn undo_steps_back_but_never_across_a_roll_or_reveal() {
    let mut s = kell(&[3]);
    let h0 = s.state_hash();
    play(&mut s, &[mv("N-2Inf", "0403")]);
    assert!(s.can_undo());
    s.undo().expect("undo a move");
    assert_eq!(s.state_hash(), h0);
    play(&mut s, &[mv("N-2Inf", "0403"), Command::EndPhase, attack(&["N-2Inf"], "0404")]);
    assert!(!s.can_undo(), "the attack rolled a die");
    let e = s.undo().expect_err("barrier");
    assert!(e.starts_with("command 3 (attack 0404 with N-2Inf) rolled the dice (combat at 0404"), "the refusal names the roll: {e}");
    play(&mut s, &[Command::EndPhase]);
    let h = s.state_hash();
    play(&mut s, &[mv("S-2Inf", "0505")]);
    s.undo().expect("a move after the barrier can be undone");
    assert_eq!(s.state_hash(), h);
    // Moving a face-down unit reveals it: that is a barrier too.
    play(&mut s, &[mv("S-Mil", "0306")]);
    assert!(!s.can_undo());
    let e = s.undo().expect_err("a reveal");
    assert!(e.contains("(move S-Mil to 0306) revealed what was hidden"), "{e}");
}

#[test]
fn saves_are_written_atomically_and_autosaves_rotate() {
    let dir = std::env::temp_dir().join(format!("sandtable-saves-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut s = opening();
    let save = s.to_save();
    for _ in 0..7 {
        autosave(&dir, &save).expect("autosave");
    }
    let mut names: Vec<String> =
        std::fs::read_dir(&dir).expect("dir").map(|e| e.expect("e").file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names, (1..=5).map(|i| format!("autosave-{i}.ron")).collect::<Vec<_>>(), "five kept, no temp files");
    assert_eq!(read_save(&dir.join("autosave-5.ron")).expect("readable"), save);
    // Overwriting keeps the old file until the new one is complete; no temporary file remains.
    let p = dir.join("game.ron");
    write_atomic(&p, b"old").expect("write");
    write_atomic(&p, save_text(&save).expect("text").as_bytes()).expect("write");
    assert_eq!(read_save(&p).expect("new file"), save);
    assert_eq!(std::fs::read_dir(&dir).expect("dir").count(), 6);
    // A torn or garbled save is an error with a position, not a panic.
    std::fs::write(&p, "(format: 1, scenario_id: ").expect("write");
    let e = read_save(&p).expect_err("garbled");
    assert!(e.contains("game.ron:1:"), "{e}");
    let _ = std::fs::remove_dir_all(dir);
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("sandtable-saves-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("dir");
    d
}

/// A hotseat client of a scenario saving into `dir`, past its opening hand-off.
fn client_in(dir: &std::path::Path, scenario: &str) -> sandtable::client::Client {
    use sandtable::client::{Client, OpenArgs, UiAction};
    let mut c = Client::open(&OpenArgs { scenario: Some(crate::common::root().join(scenario)), seed: Some(3), load: None, solo: false }).expect("opens");
    c.save_dir = dir.to_path_buf();
    if c.seats.handoff.is_some() {
        c.act(UiAction::ConfirmHandoff).expect("hand-off");
    }
    c
}

/// Every file under `dir`, relative, sorted.
fn files(dir: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("dir").filter_map(Result::ok) {
            if e.path().is_dir() {
                stack.push(e.path());
            } else {
                out.push(e.path().strip_prefix(dir).expect("under").display().to_string());
            }
        }
    }
    out.sort();
    out
}

#[test]
fn saves_two_games_of_one_scenario_never_write_the_same_file_and_keep_their_own_autosaves() {
    let dir = temp_dir("two_games");
    let mut a = client_in(&dir, "scenarios/kell_ford.ron");
    let mut b = client_in(&dir, "scenarios/kell_ford.ron");
    assert_ne!(a.game, b.game, "two games started in the same second have different names");
    for c in [&mut a, &mut b] {
        c.act(sandtable::client::UiAction::Space("0402".into())).expect("select");
        c.act(sandtable::client::UiAction::Space("0403".into())).expect("move");
        c.save();
        assert!(!c.status_is_error, "{}", c.status);
    }
    let first = read_save(&dir.join(format!("{}.ron", a.game))).expect("a's save");
    assert_eq!(first.game, a.game);
    assert!(read_save(&dir.join(format!("{}.ron", b.game))).is_ok(), "b saved beside it: {:?}", files(&dir));
    // Phase ends autosave each game in its own folder: a's five autosaves are never b's.
    for _ in 0..6 {
        b.press("End phase").ok();
        b.autosave_now().expect("autosave");
        b.dirty = true;
    }
    a.press("End phase").expect("end phase");
    let listed = files(&dir);
    assert!(listed.iter().any(|f| f.starts_with(&format!("autosave/{}/", a.game))), "{listed:?}");
    assert!(listed.iter().filter(|f| f.starts_with(&format!("autosave/{}/", b.game))).count() <= 5, "{listed:?}");
    assert_eq!(read_save(&dir.join(format!("{}.ron", a.game))).expect("a's save is untouched"), first);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn saves_a_save_of_another_game_is_never_replaced_without_asking() {
    let dir = temp_dir("other_game");
    let mut a = client_in(&dir, "scenarios/kell_ford.ron");
    a.act(sandtable::client::UiAction::Space("0402".into())).expect("select");
    a.act(sandtable::client::UiAction::Space("0403".into())).expect("move");
    a.save();
    let path = dir.join(format!("{}.ron", a.game));
    let kept = std::fs::read_to_string(&path).expect("saved");
    // Another game that happens to carry the same name saves beside it, never over it.
    let mut b = client_in(&dir, "scenarios/kell_ford.ron");
    b.game = a.game.clone();
    b.save();
    assert!(b.status.contains("-2.ron") && b.status.contains("was kept"), "{}", b.status);
    assert_eq!(std::fs::read_to_string(&path).expect("still there"), kept);
    // The game itself, played on, saves over its own file.
    a.act(sandtable::client::UiAction::Space("0302".into())).expect("select");
    a.act(sandtable::client::UiAction::Space("0304".into())).expect("move");
    a.save();
    assert_eq!(a.status, format!("Saved to {}.", path.display()));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn saves_the_start_screen_lists_each_game_with_scenario_turn_side_to_act_and_date() {
    use sandtable::session::save_names::list_saves;
    let dir = temp_dir("list");
    let mut a = client_in(&dir, "scenarios/kell_ford.ron");
    a.save();
    let mut b = client_in(&dir, "scenarios/salt_river_line.ron");
    b.autosave_now().expect("nothing to write yet");
    b.dirty = true;
    b.autosave_now().expect("autosave");
    let list = list_saves(&dir);
    assert_eq!(list.len(), 2, "{list:?}");
    let lines: Vec<String> = list.iter().map(sandtable::session::save_names::SavedGame::line).collect();
    assert!(lines.iter().any(|l| l.starts_with("Kell Ford: turn 1, First Player Movement, Northern Army to act (saved 20")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("Salt River Line (tutorial): turn 1, ") && l.contains("Southern Union to act (autosave 20")), "{lines:?}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn saves_continuing_an_older_save_of_a_game_played_further_starts_a_new_line_of_play() {
    use sandtable::session::save_names::continued_name;
    let dir = temp_dir("branch");
    let mut a = client_in(&dir, "scenarios/kell_ford.ron");
    a.act(sandtable::client::UiAction::Space("0402".into())).expect("select");
    a.act(sandtable::client::UiAction::Space("0403".into())).expect("move");
    a.save();
    let older = a.current_save();
    assert_eq!(continued_name(&dir, &older, 0), a.game, "the newest state of a game continues under its name");
    a.press("End phase").expect("phase end: autosaved");
    assert_eq!(continued_name(&dir, &a.current_save(), 0), a.game);
    // The older save no longer leads to the newest autosave: playing on from it is a new line,
    // so its autosaves never push the later play out.
    a.dirty = true;
    let newest = read_save(&dir.join("autosave").join(&a.game).join("autosave-1.ron")).expect("autosave");
    assert!(newest.commands.len() > older.commands.len());
    let mut diverged = older.clone();
    diverged.commands.pop();
    let name = continued_name(&dir, &diverged, 0);
    assert!(name.starts_with(&format!("{}-branch", a.game)), "{name}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn saves_temporary_files_of_an_interrupted_save_are_cleaned_up() {
    let dir = temp_dir("stale");
    let p = dir.join("game.ron");
    // Left by processes that were killed while saving (no such process ids exist).
    for stale in [".game.ron.tmp-9999999", ".game.ron.tmp-9999998-3", ".other.ron.tmp-9999997"] {
        std::fs::write(dir.join(stale), "half a save").expect("write");
    }
    // One of this process's own, mid-write in another thread: kept.
    let own = format!(".game.ron.tmp-{}-999", std::process::id());
    std::fs::write(dir.join(&own), "in progress").expect("write");
    write_atomic(&p, b"the save").expect("write");
    assert_eq!(files(&dir), vec![own.clone(), "game.ron".to_string(), ".other.ron.tmp-9999997".to_string()].into_iter().collect::<std::collections::BTreeSet<_>>().into_iter().collect::<Vec<_>>());
    assert_eq!(sandtable::session::save::remove_stale_temp_files_in(&dir), 1, "the start screen sweeps the rest");
    assert!(dir.join(&own).exists());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn saves_every_recorded_checkpoint_field_is_verified_on_replay() {
    let mut s = opening();
    let save = s.to_save();
    let kell = || load("scenarios/kell_ford.ron");
    assert!(save.checkpoints.len() >= 2);
    // The turn label of a phase end.
    let mut e1 = save.clone();
    e1.checkpoints[0].turn = "7".into();
    let e = replay_on(&e1, kell()).err().expect("a wrong turn label");
    assert!(e.contains("the save records a phase end after command 3 (turn 7, phase first_combat)"), "{e}");
    // The phase label.
    let mut e2 = save.clone();
    e2.checkpoints[0].phase = "second_combat".into();
    assert!(replay_on(&e2, kell()).err().expect("a wrong phase").contains("phase second_combat"));
    // A phase end moved later, past a command that ends no phase.
    let mut e3 = save.clone();
    e3.checkpoints[0].after_command += 1;
    let e = replay_on(&e3, kell()).err().expect("a moved phase end");
    assert!(e.contains("after command 4") && e.contains("after command 3"), "{e}");
    // The summary.
    let mut e4 = save.clone();
    if let Some(sm) = e4.summary.as_mut() {
        sm.to_act = Some("Nobody".into());
    }
    assert!(replay_on(&e4, kell()).err().expect("a wrong summary").contains("summary"));
}

/// Saves written by earlier versions (format 1: no name and no summary; format 2: hashes without
/// the rules' resources) still replay and verify, and go on saving in their own format.
#[test]
fn saves_of_formats_1_and_2_written_by_earlier_versions_still_load_and_verify() {
    for f in ["tests/fixtures/saves/kell_ford_format1.ron", "tests/fixtures/saves/kell_ford_format2.ron"] {
        let save = read_save(&crate::common::root().join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert!(save.format <= 2);
        let mut s = replay_on(&save, load("scenarios/kell_ford.ron")).unwrap_or_else(|e| panic!("{f} replays: {e}"));
        assert_eq!(s.to_save().format, 2, "a game continued from it keeps its hashes");
    }
    // A save of a format this version does not know is a clear error.
    let dir = temp_dir("future");
    let text = std::fs::read_to_string(crate::common::root().join("tests/fixtures/saves/kell_ford_format2.ron")).expect("read");
    std::fs::write(dir.join("f.ron"), text.replacen("format: 2,", "format: 99,", 1)).expect("write");
    let e = read_save(&dir.join("f.ron")).expect_err("unknown format");
    assert!(e.contains("save format 99 is not supported (this version reads 1 to 3)"), "{e}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A save of format 3 written before issue 14's mechanisms added their (empty) parts of the
/// state (at 1a22fff: the first 160 commands of the shipped Decision: Iraq game) still replays
/// and verifies every checkpoint: a part a game does not use never changes its hashes.
#[test]
fn saves_of_format_3_written_before_the_twilight_mechanisms_still_verify() {
    let f = "tests/fixtures/saves/decision_iraq_format3.ron";
    let save = read_save(&crate::common::root().join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
    assert_eq!(save.format, 3);
    assert!(save.checkpoints.len() >= 10, "checkpoints to verify: {}", save.checkpoints.len());
    let s = replay_on(&save, load("scenarios/decision_iraq.ron")).unwrap_or_else(|e| panic!("{f} replays: {e}"));
    assert_eq!(s.played.len(), 160);
}

#[test]
fn saves_unknown_fields_inside_commands_are_errors_with_their_place() {
    let dir = temp_dir("unknown_field");
    let mut s = opening();
    let p = dir.join("game.ron");
    let text = save_text(&s.to_save()).expect("text").replacen("attackers:", "atackers:", 1);
    std::fs::write(&p, text).expect("write");
    let e = read_save(&p).expect_err("a misspelt field");
    assert!(e.starts_with(&format!("{}:", p.display())) && e.contains("atackers"), "{e}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A save that is not UTF-8 says where; one that is not a regular file is refused at once.
#[test]
fn saves_a_save_that_is_not_utf8_says_where() {
    let dir = temp_dir("not_utf8");
    let p = dir.join("game.ron");
    std::fs::write(&p, b"(\n    format: 2,\n    game: \"a\xc3\x28b\",\n)").expect("write");
    let e = read_save(&p).expect_err("not UTF-8");
    assert!(e.contains("game.ron: cannot read save: not UTF-8 text at line 3, column 13"), "{e}");
    let e = read_save(std::path::Path::new("/dev/zero")).expect_err("a device");
    assert!(e.contains("not a regular file"), "{e}");
    let _ = std::fs::remove_dir_all(dir);
}
