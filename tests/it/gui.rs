//! Smoke run of the desktop client: under a virtual X screen with software Vulkan, the client
//! plays `tests/fixtures/ui/smoke.ron` (clicks and buttons as a player gives them) and writes a
//! screenshot at each stage: the start screen, the tutorial's (Salt River Line) opening hand-off, a unit selected
//! with its legal moves, the combat dialog, a combat result, an undo refused over the other side's decision, the
//! table viewer, the Decision: Iraq hand-off screen, its map with every counter and the Netwar chart, the start
//! screen listing both games' saves, and each game continued from there onto a hand-off screen. Each PNG must be full size and not blank.
//! `.ci/run` installs Xvfb and Mesa; without `xvfb-run` this test fails and says so.

use std::collections::BTreeSet;
use std::process::Command as Proc;

use crate::common::{bin, root};

/// The screenshots the smoke script takes, with the least number of distinct colours each
/// must show (sampled): a blank or half-drawn window has a handful.
const SHOTS: [(&str, usize); 14] = [
    ("01_start_screen", 20),
    ("02_tutorial_opening_handoff", 5),
    ("03_tutorial_unit_selected", 50),
    ("04_tutorial_combat_dialog", 50),
    ("05_tutorial_combat_result", 50),
    ("06_tutorial_undo_refused", 50),
    ("07_tutorial_tables", 50),
    ("08_decision_iraq_opening_handoff", 5),
    ("09_decision_iraq_handoff", 5),
    ("10_decision_iraq_map_and_chart", 50),
    ("11_start_screen_saves", 20),
    ("12_tutorial_continued_handoff", 5),
    ("13_decision_iraq_continued_handoff", 5),
    ("14_decision_iraq_undo_refused", 50),
];

#[test]
fn client_smoke_run_writes_every_screenshot_full_size_and_not_blank() {
    let have_xvfb = Proc::new("sh").args(["-c", "command -v xvfb-run"]).output().is_ok_and(|o| o.status.success());
    assert!(have_xvfb, "xvfb-run is needed for the client smoke test (apt-get install xvfb xauth; see .ci/run)");
    let dir = std::env::temp_dir().join(format!("sandtable-gui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let out = Proc::new("timeout")
        .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x800x24"])
        .arg(bin())
        .args(["play", "--script", "tests/fixtures/ui/smoke.ron", "--shots"])
        .arg(&dir)
        .env("SANDTABLE_DATA_DIR", &dir)
        .current_dir(root())
        .output()
        .expect("xvfb-run runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "client failed: {stderr}");
    assert!(stderr.contains("start-up to the first frame"), "the run reports its start-up time: {stderr}");
    assert!(stderr.contains("mean frame time over 60 frames"), "the run reports the frame time: {stderr}");
    for (name, least) in SHOTS {
        let png = dir.join(format!("{name}.png"));
        let img = image::open(&png).unwrap_or_else(|e| panic!("{name}.png was not written: {e}")).to_rgb8();
        assert_eq!(img.dimensions(), (1280, 800), "{name}");
        let colours: BTreeSet<[u8; 3]> = img.pixels().step_by(7).map(|p| p.0).collect();
        assert!(colours.len() > least, "{name}.png looks blank ({} colours)", colours.len());
    }
    let _ = std::fs::remove_dir_all(dir);
}
