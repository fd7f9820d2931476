//! Scripted screenshots for smoke tests: after the window has drawn a few frames, save a PNG of
//! what a person would see and exit. It also reports (on stderr) the time from the program's
//! start to the first frame and the mean time of the frames drawn before the screenshot.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

#[derive(Resource)]
pub struct ScreenshotPlan {
    path: PathBuf,
    frames: u32,
    requested: bool,
    /// When the client was started, and when the first frame ran.
    started: std::time::Instant,
    first_frame: Option<std::time::Instant>,
}

impl ScreenshotPlan {
    #[must_use]
    pub fn new(path: PathBuf, started: std::time::Instant) -> Self {
        Self { path, frames: 0, requested: false, started, first_frame: None }
    }
}

/// Frames to wait so that egui has laid out and the window is mapped.
const WAIT_FRAMES: u32 = 20;

pub fn take_screenshot(mut commands: Commands, mut plan: ResMut<ScreenshotPlan>) {
    plan.frames += 1;
    #[expect(clippy::disallowed_methods, reason = "measuring the client's frames, outside the rules")]
    let now = std::time::Instant::now();
    let first = *plan.first_frame.get_or_insert(now);
    if plan.requested || plan.frames < WAIT_FRAMES {
        return;
    }
    plan.requested = true;
    let to_first = first.duration_since(plan.started).as_secs_f64() * 1e3;
    let per_frame = now.duration_since(first).as_secs_f64() * 1e3 / f64::from(plan.frames - 1);
    eprintln!("start-up to the first frame: {to_first:.0} ms; mean frame time over {} frames: {per_frame:.1} ms", plan.frames - 1);
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(plan.path.clone()))
        .observe(|_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            exit.write(AppExit::Success);
        });
}
