//! Smoke test of the desktop client: under a virtual X screen with software Vulkan, the window
//! opens on the start screen, and on a scenario, and screenshots of both are written, full size
//! and not blank.
//! `.ci/run` installs Xvfb and Mesa; without `xvfb-run` this test fails and says so.

use std::collections::BTreeSet;
use std::process::Command as Proc;

use crate::common::{bin, root};

/// Runs the client with `args` and returns the screenshot's distinct colours (sampled).
fn shot(name: &str, args: &[&str]) -> usize {
    let have_xvfb = Proc::new("sh").args(["-c", "command -v xvfb-run"]).output().is_ok_and(|o| o.status.success());
    assert!(have_xvfb, "xvfb-run is needed for the client smoke test (apt-get install xvfb xauth; see .ci/run)");
    let dir = std::env::temp_dir().join(format!("sandtable-gui-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let png = dir.join(format!("{name}.png"));
    let out = Proc::new("timeout")
        .args(["180", "xvfb-run", "-a", "-s", "-screen 0 1280x800x24"])
        .arg(bin())
        .args(args)
        .arg("--screenshot")
        .arg(&png)
        .env("SANDTABLE_DATA_DIR", &dir)
        .current_dir(root())
        .output()
        .expect("xvfb-run runs");
    assert!(out.status.success(), "client failed: {}", String::from_utf8_lossy(&out.stderr));
    let img = image::open(&png).expect("a PNG was written").to_rgb8();
    assert_eq!(img.dimensions(), (1280, 800));
    let colours: BTreeSet<[u8; 3]> = img.pixels().step_by(7).map(|p| p.0).collect();
    let _ = std::fs::remove_dir_all(dir);
    colours.len()
}

#[test]
fn client_opens_the_start_screen_and_draws_a_scenario() {
    let n = shot("start", &["play"]);
    assert!(n > 20, "the start screen looks blank ({n} colours)");
    let n = shot("kell_ford", &["play", "scenarios/kell_ford.ron", "--seed", "3"]);
    assert!(n > 50, "the map looks blank ({n} colours)");
}
