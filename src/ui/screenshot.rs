//! Scripted screenshots for smoke tests: after the window has drawn a few frames, save a PNG of
//! what a person would see and exit.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

#[derive(Resource)]
pub struct ScreenshotPlan {
    path: PathBuf,
    frames: u32,
    requested: bool,
}

impl ScreenshotPlan {
    #[must_use]
    pub fn new(path: PathBuf) -> Self {
        Self { path, frames: 0, requested: false }
    }
}

/// Frames to wait so that egui has laid out and the window is mapped.
const WAIT_FRAMES: u32 = 20;

pub fn take_screenshot(mut commands: Commands, mut plan: ResMut<ScreenshotPlan>) {
    plan.frames += 1;
    if plan.requested || plan.frames < WAIT_FRAMES {
        return;
    }
    plan.requested = true;
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(plan.path.clone()))
        .observe(|_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            exit.write(AppExit::Success);
        });
}
