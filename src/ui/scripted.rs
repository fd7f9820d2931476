//! The windowed side of a scripted run (`sandtable play --script FILE --shots DIR`): plays the
//! script's steps between frames through the same client actions a mouse gives, writes a PNG of
//! the window at each `Shot`, reports start-up and frame times, and exits (code 3 and the step's
//! error when a step fails).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy_egui::egui;
use bevy_egui::input::EguiInputEvent;

use crate::client::Client;
use crate::client::script::{ClientScript, Step, act, open};

/// Frames drawn after each step before the next one, so that what it changed is on screen
/// (egui sizes new windows over a frame or two).
const SETTLE: u32 = 4;
/// Frames before the first step: the window is mapped and egui has laid out.
const FIRST: u32 = 15;

/// Time the client spends in its own drawing code (building egui's shapes from the game: the
/// map, counters, panels, offers), apart from egui's layout and the GPU; read by `Measure`.
#[derive(Resource, Default)]
pub struct UiCost {
    total: std::time::Duration,
    frames: u32,
}

impl UiCost {
    pub fn add(&mut self, d: std::time::Duration) {
        self.total += d;
        self.frames += 1;
    }
}

#[derive(Resource)]
pub struct Runner {
    steps: Vec<Step>,
    next: usize,
    shots: PathBuf,
    wait: u32,
    /// A screenshot under way: set when it has been written.
    capturing: Option<Arc<AtomicBool>>,
    started: Instant,
    first_frame: Option<Instant>,
    /// A frame-time measurement under way: frames left and when it began.
    measuring: Option<(u32, u32, Instant)>,
    /// A drag under way: from, to (screen points) and the frame of the gesture.
    drag: Option<(egui::Pos2, egui::Pos2, u32)>,
}

/// Frames of a scripted drag: move to the start, press, move in steps, release, leave.
const DRAG_STEPS: u32 = 6;

/// The pointer event of frame `k` of a drag from `a` to `b`, if the gesture goes on.
fn drag_event(a: egui::Pos2, b: egui::Pos2, k: u32) -> Option<egui::Event> {
    let button = |pos, pressed| egui::Event::PointerButton { pos, button: egui::PointerButton::Primary, pressed, modifiers: egui::Modifiers::default() };
    match k {
        0 => Some(egui::Event::PointerMoved(a)),
        1 => Some(button(a, true)),
        k if k <= 1 + DRAG_STEPS => Some(egui::Event::PointerMoved(a + (b - a) * ((k - 1) as f32 / DRAG_STEPS as f32))),
        k if k == 2 + DRAG_STEPS => Some(button(b, false)),
        // The hand goes on to the panels: no tooltip stays over the map.
        k if k == 3 + DRAG_STEPS => Some(egui::Event::PointerGone),
        _ => None,
    }
}

impl Runner {
    #[must_use]
    pub fn new(script: ClientScript, shots: PathBuf, started: Instant) -> Self {
        Self { steps: script.steps, next: 0, shots, wait: FIRST, capturing: None, started, first_frame: None, measuring: None, drag: None }
    }
}

pub fn run_script(
    mut commands: Commands,
    mut runner: ResMut<Runner>,
    client: Option<ResMut<Client>>,
    mut exit: MessageWriter<AppExit>,
    mut cost: ResMut<UiCost>,
    mut input: MessageWriter<EguiInputEvent>,
    contexts: Query<Entity, With<bevy_egui::PrimaryEguiContext>>,
) {
    #[expect(clippy::disallowed_methods, reason = "measuring the client's frames, outside the rules")]
    let now = Instant::now();
    if runner.first_frame.is_none() {
        runner.first_frame = Some(now);
        eprintln!("start-up to the first frame: {:.0} ms", now.duration_since(runner.started).as_secs_f64() * 1e3);
    }
    if let Some((left, total, since)) = runner.measuring {
        if left > 0 {
            runner.measuring = Some((left - 1, total, since));
            return;
        }
        let step = runner.next;
        let own = cost.total.as_secs_f64() * 1e3 / f64::from(cost.frames.max(1));
        eprintln!("step {step}: mean frame time over {total} frames: {:.1} ms (of which the client's drawing code {own:.1} ms)", now.duration_since(since).as_secs_f64() * 1e3 / f64::from(total));
        runner.measuring = None;
    }
    // A drag: one pointer event per frame into the window's egui input, as a mouse gives them.
    if let Some((a, b, k)) = runner.drag {
        match (drag_event(a, b, k), contexts.single()) {
            (Some(event), Ok(context)) => {
                input.write(EguiInputEvent { context, event });
                runner.drag = Some((a, b, k + 1));
                return;
            }
            _ => {
                runner.drag = None;
                runner.wait = SETTLE;
                // The drop gave its command in the frame drawn after the release.
                if let Some(c) = client.as_ref()
                    && c.status_is_error
                {
                    eprintln!("script step {} (drag) failed: {}", runner.next, c.status);
                    exit.write(AppExit::from_code(3));
                }
            }
        }
    }
    if let Some(done) = &runner.capturing {
        if !done.load(Ordering::SeqCst) {
            return;
        }
        runner.capturing = None;
    }
    if runner.wait > 0 {
        runner.wait -= 1;
        return;
    }
    let Some(step) = runner.steps.get(runner.next).cloned() else {
        exit.write(AppExit::Success);
        return;
    };
    runner.next += 1;
    runner.wait = SETTLE;
    let fail = |e: String| {
        eprintln!("script step {} ({step:?}) failed: {e}", runner.next);
    };
    if let Some(c) = open(&step, &crate::session::save::saves_dir()) {
        match c {
            Ok(c) => {
                commands.insert_resource(c);
                commands.remove_resource::<super::start::StartMenu>();
                runner.wait = FIRST;
            }
            Err(e) => {
                fail(e);
                exit.write(AppExit::from_code(3));
            }
        }
        return;
    }
    match &step {
        Step::Wait(n) => runner.wait = *n,
        Step::Drag { from, to } => {
            let at = |key: &str| -> Option<egui::Pos2> {
                let c = client.as_ref()?;
                let id = c.session.game().board.space(key)?;
                c.screen.get(id.index()).copied().flatten().map(|(x, y)| egui::Pos2::new(x, y))
            };
            match (at(from), at(to)) {
                (Some(a), Some(b)) => runner.drag = Some((a, b, 0)),
                _ => {
                    fail(format!("{from} or {to} is not on the screen"));
                    exit.write(AppExit::from_code(3));
                }
            }
        }
        Step::Measure(n) => {
            *cost = UiCost::default();
            runner.measuring = Some((*n, *n, now));
        }
        Step::Shot(name) => {
            // `NAME` is written as `NAME.png`; a name that is already a PNG file is kept.
            let path = if name.ends_with(".png") { runner.shots.join(name) } else { runner.shots.join(format!("{name}.png")) };
            let done = Arc::new(AtomicBool::new(false));
            let flag = done.clone();
            commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path.clone())).observe(move |_: On<ScreenshotCaptured>| {
                flag.store(true, Ordering::SeqCst);
            });
            eprintln!("screenshot {}", path.display());
            runner.capturing = Some(done);
        }
        _ => {
            let Some(mut client) = client else {
                fail("no game is open yet (the start screen)".into());
                exit.write(AppExit::from_code(3));
                return;
            };
            if let Err(e) = act(&mut client, &step) {
                fail(e);
                exit.write(AppExit::from_code(3));
            }
        }
    }
}
