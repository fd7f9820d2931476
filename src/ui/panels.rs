//! The panels around the map: the top bar (turn, phase, side to act, tracks), the side panel
//! (sequence of play, end phase with the units not yet moved, the status line, the selected
//! unit, the actions of the phase) and the event log. Every button is an offer of the client's
//! model; a click performs its action after the frame is drawn.

use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, Color32, RichText};

use super::Client;
use crate::client::{Offer, Place, UiAction};
use crate::model::TurnState;
use crate::model::view::{UnitsView, factors};
use crate::scenario::schema::PhaseKind;
use crate::model::log::GameLog;

/// Draws the offers of one place as buttons; a click is recorded in `clicked`.
pub fn buttons(ui: &mut egui::Ui, offers: &[Offer], place: &Place, clicked: &mut Option<UiAction>) {
    for o in offers.iter().filter(|o| &o.place == place) {
        if ui.add_enabled(o.enabled, egui::Button::new(&o.label)).clicked() {
            *clicked = Some(o.action.clone());
        }
    }
}

pub fn draw_ui(
    mut contexts: EguiContexts,
    client: Option<ResMut<Client>>,
    menu: Option<ResMut<super::start::StartMenu>>,
    mut commands: Commands,
    mut images: Local<super::images::MapImages>,
    mut cost: ResMut<super::scripted::UiCost>,
) -> Result {
    #[expect(clippy::disallowed_methods, reason = "measuring the client's own drawing time, outside the rules")]
    let started = std::time::Instant::now();
    let result = draw(&mut contexts, client, menu, &mut commands, &mut images);
    cost.add(started.elapsed());
    result
}

fn draw(
    contexts: &mut EguiContexts,
    client: Option<ResMut<Client>>,
    menu: Option<ResMut<super::start::StartMenu>>,
    commands: &mut Commands,
    images: &mut super::images::MapImages,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(mut client) = client else {
        // No game yet: the start screen.
        if let Some(mut menu) = menu
            && let Some(c) = super::start::start_screen(&ctx, &mut menu)
        {
            commands.insert_resource(c);
            commands.remove_resource::<super::start::StartMenu>();
        }
        return Ok(());
    };
    let client = &mut *client;
    // Keyboard shortcuts.
    let (undo, save, help) = ctx.input(|i| (i.modifiers.command && i.key_pressed(egui::Key::Z), i.modifiers.command && i.key_pressed(egui::Key::S), i.key_pressed(egui::Key::F1)));
    let mut clicked: Option<UiAction> = None;
    if undo {
        clicked = Some(UiAction::Undo);
    }
    if save {
        clicked = Some(UiAction::Save);
    }
    if help {
        clicked = Some(UiAction::ToggleHelp);
    }
    let offers = client.offers();
    let mut viewport = egui::Ui::new(ctx.clone(), "viewport".into(), egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()));
    if client.seats.handoff.is_some() {
        // A hotseat hand-off covers everything until the next player confirms.
        super::dialogs::handoff_screen(&mut viewport, client, &offers, &mut clicked);
    } else {
        top_bar(&mut viewport, client, &offers, &mut clicked);
        side_panel(&mut viewport, client, &offers, &mut clicked);
        log_panel(&mut viewport, client);
        if client.show_chart {
            super::chart::chart_panel(&mut viewport, client);
        }
        images.refresh(&ctx, client);
        egui::CentralPanel::default().show(&mut viewport, |ui| super::map::map_ui(ui, client, images));
        if client.show_tables {
            let mut open = true;
            super::tables::tables_window(&ctx, client, &mut open);
            client.show_tables = open;
        }
        if client.show_help {
            super::dialogs::keys_window(&ctx, client);
        }
        super::dialogs::combat_dialog(&ctx, client, &offers, &mut clicked);
    }
    if let Some(a) = clicked {
        // Refusals are shown on the status line by the client.
        let _ = client.act(a);
    }
    if client.to_menu {
        commands.remove_resource::<Client>();
        commands.insert_resource(super::start::StartMenu::scan(std::path::Path::new("scenarios")));
    }
    Ok(())
}

fn top_bar(ui: &mut egui::Ui, client: &mut Client, offers: &[Offer], clicked: &mut Option<UiAction>) {
    let Some(st) = client.seats.visible(&mut client.session) else { return };
    let game = client.session.game().clone();
    egui::Panel::top("top").show(ui, |ui| {
        // Wrapped: a scenario may have more tracks than one line holds.
        ui.horizontal_wrapped(|ui| {
            ui.heading(&game.scenario.title);
            ui.separator();
            let n = client.session.world.resource::<TurnState>().turn + 1;
            ui.label(RichText::new(format!("Turn {} ({n} of {})", st.turn, game.scenario.turns.labels.len())).strong());
            // The turn's date, in games with a calendar (its season changes terrain costs).
            let turns = &game.scenario.turns;
            if let Some(date) = turns.calendar.get(n - 1) {
                let season = turns.seasons.iter().find(|s| s.id == date.season).map_or(date.season.as_str(), |s| s.name.as_str());
                ui.label(format!("{season} {}", date.year));
            }
            ui.separator();
            let phase_name = game.scenario.turns.phases.iter().find(|p| p.id == st.phase).map_or(st.phase.clone(), |p| p.name.clone());
            ui.label(RichText::new(phase_name).strong());
            if let Some(side) = &st.active_side
                && let Some(s) = game.scenario.sides.iter().find(|s| &s.id == side)
            {
                ui.separator();
                ui.label(RichText::new(format!("{} to act", s.name)).color(super::map::color(&s.color)));
            }
            // The sides' tracks first, then the markers, each in the scenario's order.
            let mut shown: Vec<&crate::scenario::schema::TrackDef> = game.scenario.tracks.iter().collect();
            shown.sort_by_key(|t| t.side.is_none());
            for t in shown {
                let Some(v) = st.tracks.get(&t.id) else { continue };
                ui.separator();
                ui.label(format!("{}: {v}", t.name));
            }
            ui.separator();
            buttons(ui, offers, &Place::TopBar, clicked);
            ui.separator();
            // UI scale (also Ctrl+plus, Ctrl+minus, Ctrl+0).
            ui.label("UI scale");
            let mut scale = ui.ctx().zoom_factor();
            if ui.add(egui::DragValue::new(&mut scale).range(0.75..=2.0).speed(0.01).fixed_decimals(2)).changed() {
                ui.ctx().set_zoom_factor(scale);
            }
            if let Some(r) = &st.result {
                ui.separator();
                let named = |id: &str| game.scenario.victory.levels.iter().find(|l| l.id == id).map_or(id.to_string(), |l| l.name.clone());
                // ToO 30.1: each side's own level.
                let name = if r.sides.is_empty() {
                    named(&r.level)
                } else {
                    r.sides.iter().map(|(side, l)| format!("{}: {}", game.scenario.sides.iter().find(|x| x.id == *side).map_or(side.as_str(), |x| x.name.as_str()), named(l))).collect::<Vec<_>>().join("; ")
                };
                ui.label(RichText::new(format!("Game over: {name} ({})", r.reason)).color(Color32::YELLOW).strong());
            }
        });
    });
}

fn side_panel(ui: &mut egui::Ui, client: &mut Client, offers: &[Offer], clicked: &mut Option<UiAction>) {
    let game = client.session.game().clone();
    let turn = client.session.world.resource::<TurnState>().clone();
    let units = UnitsView::from_world(&mut client.session.world);
    egui::Panel::left("side").exact_size(300.0).show(ui, |ui| {
        egui::ScrollArea::vertical().id_salt("side_scroll").show(ui, |ui| {
            ui.heading("Sequence of play");
            for (i, p) in game.scenario.turns.phases.iter().enumerate() {
                // Phases of optional rules that are off are not part of this game at all;
                // phases that do not happen this game turn (A/B turns) are dimmed. The rules
                // decide which.
                if p.option.as_ref().is_some_and(|o| !game.options.contains(o)) {
                    continue;
                }
                let happens = crate::rules::sequence::next_phase_on(&game, &turn.declared, turn.turn, i) == Some(i);
                let current = turn.setup.is_none() && turn.result.is_none() && i == turn.phase;
                let text = format!("{} {}", if current { ">" } else { " " }, p.name);
                ui.label(if current {
                    RichText::new(text).strong().color(Color32::YELLOW)
                } else if happens {
                    RichText::new(text)
                } else {
                    RichText::new(format!("{text} (not this turn)")).weak()
                });
            }
            if turn.setup.is_some() {
                ui.label(RichText::new("> Setup").strong().color(Color32::YELLOW));
            }
            ui.separator();
            let phase = turn.current_phase(&game);
            // Units of the phase's side that may still move and have not, for the end-phase
            // warning (the phase's side, not a side answering a prompt in it).
            let mover = phase.and_then(|p| turn.actor(&game, p));
            let idle: Vec<&str> = match phase.map(|p| p.kind) {
                Some(PhaseKind::Movement) => units
                    .all()
                    .iter()
                    .filter(|u| Some(u.side) == mover && u.space().is_some() && !u.activity.moved && !u.activity.finished)
                    .filter(|u| factors(&game, u.type_index, u.level).movement > 0 && crate::rules::reserve::phase_allows(&game, &turn, u).is_ok())
                    .map(|u| &*u.id)
                    .collect(),
                _ => Vec::new(),
            };
            ui.horizontal(|ui| buttons(ui, offers, &Place::Phase, clicked));
            // A big game's list would fill the panel: a count, opened on demand.
            if idle.len() > 12 {
                egui::CollapsingHeader::new(RichText::new(format!("Not yet moved: {} units", idle.len())).color(Color32::LIGHT_YELLOW))
                    .id_salt("not_yet_moved")
                    .show(ui, |ui| ui.label(idle.join(", ")));
            } else if !idle.is_empty() {
                ui.label(RichText::new(format!("Not yet moved: {}", idle.join(", "))).color(Color32::LIGHT_YELLOW));
            }
            // Why undo would be refused, unless the status line just said so.
            if let Some(why) = client.undo_refusal().filter(|w| !client.session.played.is_empty() && !client.status.contains(w.as_str())) {
                ui.label(RichText::new(format!("No undo: {}", client.named(&why))).small());
            }
            ui.separator();
            let color = if client.status_is_error { Color32::from_rgb(255, 120, 120) } else { Color32::LIGHT_GREEN };
            ui.label(RichText::new(&client.status).color(color));
            super::dialogs::prompt_section(ui, client, offers, clicked);
            if offers.iter().any(|o| o.place == Place::Waiting) {
                ui.separator();
                ui.label("Waiting to be placed (select, then click a green-ringed space):");
                for o in offers.iter().filter(|o| o.place == Place::Waiting) {
                    let sel = matches!(&o.action, UiAction::SelectUnit(id) if client.selected.first() == Some(id));
                    if ui.selectable_label(sel, &o.label).clicked() {
                        *clicked = Some(o.action.clone());
                    }
                }
            }
            if offers.iter().filter(|o| o.place == Place::Stack).count() > 1 {
                ui.separator();
                ui.label(format!("Your units in {}:", client.inspected.clone().unwrap_or_default()));
                for o in offers.iter().filter(|o| o.place == Place::Stack) {
                    let sel = matches!(&o.action, UiAction::SelectUnit(id) if client.selected.first() == Some(id));
                    if ui.selectable_label(sel, &o.label).clicked() {
                        *clicked = Some(o.action.clone());
                    }
                }
            }
            if let Some(u) = client.selected.first().and_then(|id| units.get(id)) {
                ui.separator();
                let t = &game.scenario.unit_types[u.type_index];
                let f = factors(&game, u.type_index, u.level);
                ui.label(RichText::new(format!("{} ({})", u.id, t.name)).strong());
                ui.label(format!("attack {}, defence {}, movement {}", f.attack, f.defense, f.movement));
                // ToO 17-19: how a support unit joins attacks.
                if let Some(role) = &t.support {
                    ui.label(crate::client::attack::support_text(&game, role, t.support_range, f.attack));
                }
                if client.selected.len() > 1 {
                    ui.label(format!("Selected: {}", client.selected.join(", ")));
                }
                if offers.iter().any(|o| o.place == Place::Unit) {
                    ui.label(RichText::new("This unit may also").strong());
                    buttons(ui, offers, &Place::Unit, clicked);
                }
            }
            super::actions::chits_section(ui, client, offers, clicked);
            super::actions::mobilization_section(ui, client, &units, offers, clicked);
            super::actions::other_section(ui, offers, clicked);
        });
    });
}

/// The first space an entry names (a hex number, a district id), for centring the map on it.
fn space_named(board: &crate::scenario::board::Board, text: &str) -> Option<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '/')).find(|w| !w.is_empty() && board.space(w).is_some()).map(str::to_string)
}

fn log_panel(ui: &mut egui::Ui, client: &mut Client) {
    let entries = client.session.world.resource::<GameLog>().0.clone();
    let game = client.session.game().clone();
    egui::Panel::bottom("log").exact_size(150.0).show(ui, |ui| {
        ui.label(RichText::new("Event log (click an entry that names a space to centre the map there)").strong());
        egui::ScrollArea::vertical().stick_to_bottom(true).auto_shrink([false, false]).show(ui, |ui| {
            for e in entries.iter().rev().take(300).rev() {
                let text = format!("[{} {}] {}", e.turn, e.phase, e.text);
                match space_named(&game.board, &e.text) {
                    Some(k) => {
                        if ui.add(egui::Label::new(text).sense(egui::Sense::click())).on_hover_text(format!("centre the map on {k}")).clicked() {
                            client.center_on = Some(k);
                        }
                    }
                    None => {
                        ui.label(text);
                    }
                }
            }
        });
    });
}
