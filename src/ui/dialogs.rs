//! Dialogs over the map: the hotseat hand-off screen, the prompt of a rule (losses, points,
//! retreats, chits to cancel) with its rule number, the combat dialog (attackers, table, odds
//! column, shifts and the chance of every result before the roll) and the keys window (F1).

use bevy_egui::egui::{self, Color32, RichText};

use super::Client;
use super::panels::buttons;
use crate::client::{Offer, Place, UiAction};
use crate::model::prompt::Prompt;

/// Dialogs sit at the map's right edge, left of the chart when it is open.
fn right_of_map(client: &Client) -> f32 {
    if client.show_chart { -400.0 } else { -12.0 }
}

/// The side panel's width and a margin: where the map begins.
const LEFT_OF_MAP: f32 = 300.0 + 12.0;

/// Where the combat dialog goes: by the map's right edge, unless the hex fought over is in the
/// right half of the map; then by its left edge, so that the dialog never hides the target.
fn combat_anchor(ctx: &egui::Context, client: &Client, target: &str) -> (egui::Align2, [f32; 2]) {
    let right = (egui::Align2::RIGHT_TOP, [right_of_map(client), 48.0]);
    let x = client.session.game().board.space(target).and_then(|s| client.screen.get(s.index()).copied().flatten()).map(|p| p.0);
    let middle = (LEFT_OF_MAP + ctx.content_rect().width() + right_of_map(client)) / 2.0;
    match x {
        Some(x) if x > middle => (egui::Align2::LEFT_TOP, [LEFT_OF_MAP, 48.0]),
        _ => right,
    }
}

/// The hand-off screen: no map, no panels, no log; only whom to pass the screen to.
pub fn handoff_screen(ui: &mut egui::Ui, client: &mut Client, offers: &[Offer], clicked: &mut Option<UiAction>) {
    let Some(next) = client.seats.handoff else { return };
    let game = client.session.game().clone();
    let side = &game.scenario.sides[next];
    egui::CentralPanel::default().show(ui, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() / 3.0);
            ui.heading(RichText::new(format!("Hand the screen to the {} player", side.name)).size(28.0).color(super::map::color(&side.color)));
            ui.add_space(12.0);
            if client.seats.opening {
                // The first view of a new or continued game: nobody sees a side's secrets by
                // sitting down first.
                let turn = client.session.world.resource::<crate::model::TurnState>().turn;
                let label = game.scenario.turns.labels.get(turn).cloned().unwrap_or_else(|| "end".into());
                ui.label(RichText::new(format!("{}, turn {label}", game.scenario.title)).size(18.0));
                ui.label(format!("This game keeps secrets (chits in hand, face-down units or the insides of stacks). The {} player is to act: only that player should look.", side.name));
            } else {
                ui.label("The other side's chits and hidden units stay hidden. Click when the next player sits at the screen.");
            }
            ui.add_space(12.0);
            for o in offers.iter().filter(|o| o.place == Place::Handoff) {
                if ui.button(RichText::new(&o.label).size(18.0)).clicked() {
                    *clicked = Some(o.action.clone());
                }
            }
        });
    });
}

/// Keys and mouse actions (F1).
pub fn keys_window(ctx: &egui::Context, client: &mut Client) {
    let mut open = true;
    egui::Window::new("Keys and mouse (F1)").open(&mut open).collapsible(false).resizable(false).show(ctx, |ui| {
        egui::Grid::new("keys").striped(true).show(ui, |ui| {
            for (k, what) in [
                ("Click a unit", "select it; its legal moves are ringed in yellow with their cost"),
                ("Click a ringed space", "move the selected unit there"),
                ("Click a stack again", "select the next unit of the stack"),
                ("Set-up and purchases", "pick a unit or a unit type, then click a green-ringed space"),
                ("Combat: click a red-ringed space", "the combat dialog shows the attacks, odds and chances"),
                ("Combat: click your units first", "attack with exactly those units"),
                ("Mouse wheel", "zoom"),
                ("Drag, arrow keys", "pan the map"),
                ("Home", "fit the map to the window"),
                ("Ctrl+plus, Ctrl+minus", "scale the panels"),
                ("Ctrl+Z", "undo your own commands since you took the screen (never past a roll or a reveal)"),
                ("Ctrl+S", "save"),
                ("F1", "this list"),
            ] {
                ui.label(RichText::new(k).strong());
                ui.label(what);
                ui.end_row();
            }
        });
    });
    client.show_help = open;
}

/// The open prompt, if it is the viewer's: its question, its rule and the legal answers, framed
/// in the side panel where it never covers the spaces it is about (those it names are ringed on
/// the map, and a click there answers too).
pub fn prompt_section(ui: &mut egui::Ui, client: &mut Client, offers: &[Offer], clicked: &mut Option<UiAction>) {
    // Only the viewer's own questions are shown (a prompt can name hidden chits).
    let Some(st) = client.seats.visible(&mut client.session) else { return };
    let Some(prompt) = st.prompt else { return };
    let (title, rule) = match &prompt {
        Prompt::TakeLosses { side, steps, rule, .. } => (format!("{side}: pay {steps} loss point(s)"), rule.clone()),
        Prompt::Advance { side, target, .. } => (format!("{side}: advance into {target}?"), "advance after combat".to_string()),
        Prompt::PlaceMarkers { side, count, marker, rule, .. } => (format!("{side}: place {count} {marker} marker(s)"), rule.clone()),
        Prompt::Declare { side, name, rule, .. } => (format!("{side}: declare {name}?"), rule.clone()),
        Prompt::React { side, moment, .. } => (format!("{side}: play a reaction chit? ({moment})"), "5.8 reaction chits".to_string()),
        Prompt::ChooseUnit { side, what, rule, .. } => (format!("{side}: choose the unit that {what}"), rule.clone()),
        Prompt::FirstPlayer { side, rule } => (format!("{side}: who plays first this turn?"), rule.clone()),
        Prompt::PickUnits { side, count, what, rule, .. } => (format!("{side}: pick {count} unit(s) that {what}"), rule.clone()),
        Prompt::Retreat { side, rule, .. } => (format!("{side}: retreat your units"), rule.clone()),
        Prompt::PlaceUnit { side, why, rule, .. } => (format!("{side}: place a unit ({why})"), rule.clone()),
        Prompt::ChooseSpace { side, why, rule, .. } => (format!("{side}: choose a space ({why})"), rule.clone()),
        Prompt::Pursue { side, first, rule, .. } => (format!("{side}: pursue into {}?", first.join(" or ")), rule.clone()),
        Prompt::PursuitCombat { side, rule, .. } => (format!("{side}: attack again with the pursuers?"), rule.clone()),
        Prompt::ChooseOption { side, rule, .. } => (format!("{side}: choose one"), rule.clone()),
        Prompt::Withdraw { side, quota, may_refuse, rule, .. } => {
            let or_not = if *may_refuse { ", or fewer at a cost" } else { "" };
            (format!("{side}: withdraw {quota}{or_not}"), rule.clone())
        }
        Prompt::Game { side, prompt } => (format!("{side}: {}", prompt.describe()), prompt.rule()),
        Prompt::Obligation { side, name, demand, opt_out, rule, .. } => {
            let cost = opt_out.as_ref().map(|c| format!("; opting out costs {c}")).unwrap_or_default();
            (format!("{side}: {name}: name {demand}{cost}"), rule.clone())
        }
    };
    // Decisions sit at the map's right edge, where they hide neither the panels nor (on most
    // maps) the spaces they are about.
    let game = client.session.game().clone();
    let who = client.seats.viewer.map_or(String::new(), |v| game.scenario.sides[v].name.clone());
    // The frame names the side already ("Northern Army: your decision"), not by its id.
    let title = title.strip_prefix(&format!("{}: ", prompt.side())).map_or_else(|| title.clone(), str::to_string);
    let title = client.named(&title);
    ui.separator();
    egui::Frame::group(ui.style()).stroke(egui::Stroke::new(2.0, Color32::YELLOW)).show(ui, |ui| {
        ui.label(RichText::new(format!("{who}: your decision")).strong().color(Color32::YELLOW));
        ui.label(RichText::new(title).strong());
        ui.label(format!("Rule {rule}"));
        // Long lists (a placement anywhere in Iraq) scroll.
        egui::ScrollArea::vertical().id_salt("prompt_answers").max_height(320.0).show(ui, |ui| buttons(ui, offers, &Place::Prompt, clicked));
    });
}

/// The combat dialog: once a target is chosen, the attacks on it, and for the chosen one its
/// strengths, column, shifts and the chance of every result.
pub fn combat_dialog(ctx: &egui::Context, client: &mut Client, offers: &[Offer], clicked: &mut Option<UiAction>) {
    let Some(preview) = client.attack_preview() else { return };
    let (align, offset) = combat_anchor(ctx, client, &preview.target);
    egui::Window::new(format!("Attack on {}", preview.target_name)).collapsible(false).resizable(false).anchor(align, offset).show(ctx, |ui| {
        ui.label("Attackers (click your units on the map to choose your own):");
        egui::ScrollArea::vertical().id_salt("attack_options").max_height(200.0).show(ui, |ui| {
            for (i, o) in preview.options.iter().enumerate() {
                if ui.radio(i == preview.pick, &o.label).clicked() {
                    *clicked = Some(UiAction::PickAttack(i));
                }
            }
        });
        if !preview.supports.is_empty() {
            ui.label("Supports:");
            for sc in &preview.supports {
                let mut on = sc.on;
                if ui.checkbox(&mut on, &sc.name).clicked() {
                    *clicked = Some(UiAction::ToggleSupport(String::from(&*sc.id)));
                }
            }
        }
        if let Some(text) = &preview.declared {
            ui.label(RichText::new(text).color(Color32::from_rgb(255, 200, 120)));
        }
        ui.separator();
        match &preview.plan {
            Ok(odds) => {
                ui.label(RichText::new(&odds.table).strong());
                let shift = if odds.shifts == 0 { "no shift".to_string() } else { format!("{:+} column shift", odds.shifts) };
                ui.label(format!("{} against {}: {} before shifts, {shift}", odds.attack, odds.defense, odds.raw));
                if let Some(m) = &odds.attack_multiplier {
                    ui.label(format!("Attack {m}"));
                }
                if let Some(m) = &odds.defense_multiplier {
                    ui.label(format!("Defence {m}"));
                }
                if odds.fogged {
                    ui.label(RichText::new("Only the top unit of each enemy stack is seen: the defence may be more. The stack opens when the attack is rolled.").color(Color32::from_rgb(255, 200, 120)));
                }
                ui.label(RichText::new(format!("Column {}", odds.column)).strong().size(18.0).color(Color32::YELLOW));
                if preview.extra_steps > 0 {
                    ui.label(format!("The supports add {} defender step(s) on any loss.", preview.extra_steps));
                }
                egui::Grid::new("odds").striped(true).show(ui, |ui| {
                    ui.label(RichText::new("Result").strong());
                    ui.label(RichText::new("Chance").strong());
                    ui.end_row();
                    for (result, pct) in &odds.results {
                        ui.label(result);
                        ui.label(format!("{pct:.1}%"));
                        ui.end_row();
                    }
                });
            }
            Err(e) => {
                ui.label(RichText::new(format!("Not allowed: {e}")).color(Color32::from_rgb(255, 120, 120)));
            }
        }
        ui.separator();
        ui.horizontal(|ui| {
            for o in offers.iter().filter(|o| o.place == Place::Combat && matches!(o.action, UiAction::Attack | UiAction::CancelAttack)) {
                if ui.add_enabled(o.enabled, egui::Button::new(RichText::new(&o.label).size(16.0))).clicked() {
                    *clicked = Some(o.action.clone());
                }
            }
        });
    });
}
