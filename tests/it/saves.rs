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
