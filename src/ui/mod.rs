//! The desktop client's window (feature `gui`): the map drawn from data, counters, panels and
//! dialogs drawn with egui from the client's model ([`crate::client`]), which holds the
//! selection, turns clicks into commands and lists every button on the screen.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass};

pub use crate::client::Client;
use crate::client::OpenArgs;

mod actions;
mod images;
mod chart;
mod counters;
mod dialogs;
mod map;
mod panels;
mod scripted;
mod start;
mod tables;

/// What the command line asked the client to do.
#[derive(Clone, Debug)]
pub struct ClientArgs {
    /// The game to open; no scenario and no save: the start screen.
    pub open: OpenArgs,
    /// Measure some frames, write this PNG, exit (ignored with a script).
    pub screenshot: Option<PathBuf>,
    /// A scripted run: steps, screenshots into `shots`, then exit.
    pub script: Option<PathBuf>,
    pub shots: PathBuf,
}

/// Opens the window and runs until it is closed. Returns the process exit code.
#[must_use]
pub fn run(args: ClientArgs) -> i32 {
    #[expect(clippy::disallowed_methods, reason = "measuring start-up, outside the rules")]
    let started = std::time::Instant::now();
    let mut app = App::new();
    let mut shots = args.shots;
    let script = match args.script.as_deref().map(crate::client::script::read).transpose() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    // `--screenshot OUT.png` is the script "measure the frames, then shoot", in one mechanism.
    let script = match (script, args.screenshot) {
        (None, Some(png)) => {
            shots = png.parent().map(std::path::Path::to_path_buf).unwrap_or_default();
            let name = png.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            Some(crate::client::script::ClientScript { steps: vec![crate::client::script::Step::Measure(19), crate::client::script::Step::Shot(name)] })
        }
        (s, _) => s,
    };
    let title = if args.open.scenario.is_none() && args.open.load.is_none() {
        app.insert_resource(start::StartMenu::scan(std::path::Path::new("scenarios")));
        "Sandtable".to_string()
    } else {
        let client = match Client::open(&args.open) {
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
    .init_resource::<scripted::UiCost>()
    .add_systems(Startup, spawn_camera)
    .add_systems(EguiPrimaryContextPass, panels::draw_ui)
    .add_systems(Update, (update_title, autosave_on_close));
    if let Some(script) = script {
        app.insert_resource(scripted::Runner::new(script, shots, started));
        app.add_systems(Update, scripted::run_script);
    }
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(c) => i32::from(c.get()),
    }
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

/// The window is closing: whatever was played since the last autosave is written now.
fn autosave_on_close(mut closing: MessageReader<bevy::window::WindowCloseRequested>, client: Option<ResMut<Client>>) {
    if closing.read().next().is_some()
        && let Some(mut client) = client
        && let Err(e) = client.autosave_now()
    {
        eprintln!("autosave on close failed: {e}");
    }
}

fn update_title(client: Option<Res<Client>>, mut windows: Query<&mut Window>) {
    let Some(client) = client else { return };
    if !client.is_changed() {
        return;
    }
    let title = client.window_title();
    for mut w in &mut windows {
        if w.title != title {
            w.title.clone_from(&title);
        }
    }
}
