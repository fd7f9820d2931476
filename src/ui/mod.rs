//! The desktop client (feature `gui`). Until the full client lands it is a small but working
//! window: the map drawn from data, counters, moves by click, attacks with the odds shown,
//! loss prompts, end phase, undo, save and autosave. Every action is a command through the
//! session driver; the client holds no rule logic of its own.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass};

mod chart;
mod client;
mod map;
mod panels;
mod screenshot;
mod start;

pub use client::Client;

/// What the command line asked the client to do.
#[derive(Clone, Debug)]
pub struct ClientArgs {
    /// None (and no save to load): the start screen.
    pub scenario: Option<PathBuf>,
    pub seed: Option<u64>,
    pub load: Option<PathBuf>,
    pub screenshot: Option<PathBuf>,
    /// One person plays both sides: no hand-off screens (each side's secrets still shown only in
    /// its own turns).
    pub solo: bool,
}

/// Opens the window and runs until it is closed. Returns the process exit code.
#[must_use]
pub fn run(args: ClientArgs) -> i32 {
    #[expect(clippy::disallowed_methods, reason = "measuring start-up, outside the rules")]
    let started = std::time::Instant::now();
    let mut app = App::new();
    let title = if args.scenario.is_none() && args.load.is_none() {
        app.insert_resource(start::StartMenu::scan(std::path::Path::new("scenarios")));
        "Sandtable".to_string()
    } else {
        let client = match Client::open(&args) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("{e}");
                return 2;
            }
        };
        let title = client.window_title();
        app.insert_resource(client);
        title
    };
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window { title, resolution: WindowResolution::new(1280, 800), ..default() }),
        ..default()
    }))
    .add_plugins(EguiPlugin::default())
    .insert_resource(ClearColor(Color::srgb(0.16, 0.17, 0.19)))
    .add_systems(Startup, spawn_camera)
    .add_systems(EguiPrimaryContextPass, panels::draw_ui)
    .add_systems(Update, client::update_title);
    if let Some(path) = args.screenshot {
        app.insert_resource(screenshot::ScreenshotPlan::new(path, started));
        app.add_systems(Update, screenshot::take_screenshot);
    }
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(c) => i32::from(c.get()),
    }
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}
