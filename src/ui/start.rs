//! The start screen: pick a scenario from `scenarios/` (title, size, turns, description), its
//! variant and optional rules, who plays (hotseat or solo), or continue a game from the list of
//! saves (scenario, turn, side to act, date: each game's manual save and newest autosave), or
//! load a save file by its path.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};

use super::Client;
use crate::games::load_file;
use crate::scenario::Loaded;
use crate::session::save::saves_dir;
use crate::session::save_names::{SavedGame, list_saves};

/// One scenario file found for the list.
pub struct MenuEntry {
    pub loaded: Arc<Loaded>,
}

#[derive(Resource)]
pub struct StartMenu {
    pub entries: Vec<MenuEntry>,
    /// Files that did not load, with the reason.
    pub errors: Vec<String>,
    pub selected: usize,
    pub variant: usize,
    pub options: BTreeSet<String>,
    pub solo: bool,
    pub load_path: String,
    /// The saves to continue from, newest first.
    pub saves: Vec<SavedGame>,
    pub status: String,
    /// A start or load the player asked for, done once a frame has shown that it is under way
    /// (frames drawn since the click).
    pending: Option<(Pending, u32)>,
}

#[derive(Clone, Copy)]
enum Pending {
    New,
    Load,
}

impl StartMenu {
    /// Reads every scenario in `dir` (sorted by file name); broken files are listed with why.
    #[must_use]
    pub fn scan(dir: &Path) -> Self {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir).map(|r| r.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "ron")).collect()).unwrap_or_default();
        files.sort();
        let mut entries = Vec::new();
        let mut errors = Vec::new();
        for path in files {
            match load_file(&path) {
                Ok(l) => entries.push(MenuEntry { loaded: Arc::new(l) }),
                Err(r) => errors.push(format!("{}: {}", path.display(), r.to_string().lines().next().unwrap_or_default())),
            }
        }
        let dir = saves_dir();
        // Temporary files of saves a crash or a kill interrupted.
        let mut folders = vec![dir.clone(), dir.join("autosave")];
        folders.extend(std::fs::read_dir(dir.join("autosave")).map(|r| r.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_dir()).collect::<Vec<_>>()).unwrap_or_default());
        for f in &folders {
            crate::session::save::remove_stale_temp_files_in(f);
        }
        let saves = list_saves(&dir);
        let load_path = saves.first().map_or_else(String::new, |s| s.path.display().to_string());
        let mut menu = Self { entries, errors, selected: 0, variant: 0, options: BTreeSet::new(), solo: false, load_path, saves, status: String::new(), pending: None };
        menu.select(0);
        menu
    }

    /// Selects a scenario: its default options, its first variant.
    pub fn select(&mut self, i: usize) {
        self.selected = i;
        self.variant = 0;
        self.options = self.entries.get(i).map(|e| e.loaded.scenario.options.iter().filter(|o| o.default).map(|o| String::from(&*o.id)).collect()).unwrap_or_default();
    }
}

/// Draws the start screen; returns the client of the game the player started, if any.
pub fn start_screen(ctx: &egui::Context, menu: &mut StartMenu) -> Option<Client> {
    if let Some((what, frames)) = menu.pending {
        // The game is set up (a save replayed and checked) after a frame that says so.
        let mut viewport = egui::Ui::new(ctx.clone(), "loading".into(), egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()));
        egui::CentralPanel::default().show(&mut viewport, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(ui.available_height() / 3.0);
                ui.add(egui::Spinner::new().size(40.0));
                let title = menu.entries.get(menu.selected).map_or(String::new(), |e| e.loaded.scenario.title.clone());
                ui.heading(match what {
                    Pending::New => format!("Setting up {title}..."),
                    Pending::Load => format!("Loading {} (replaying and checking every command)...", menu.load_path),
                });
            });
        });
        ctx.request_repaint();
        if frames < 2 {
            menu.pending = Some((what, frames + 1));
            return None;
        }
        menu.pending = None;
        let result = match what {
            Pending::New => {
                let entry = menu.entries.get(menu.selected)?;
                Client::new_game(entry.loaded.clone(), menu.options.clone(), None, menu.solo)
            }
            Pending::Load => Client::load_game(Path::new(&menu.load_path), menu.solo).map_err(|e| format!("Cannot load: {e}")),
        };
        match result {
            Ok(c) => return Some(c),
            Err(e) => menu.status = e,
        }
        return None;
    }
    let mut viewport = egui::Ui::new(ctx.clone(), "start".into(), egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()));
    egui::CentralPanel::default().show(&mut viewport, |ui| {
        ui.heading(RichText::new("Sandtable").size(30.0));
        ui.label("Board wargames with the rules enforced. Pick a scenario, or continue a game.");
        ui.separator();
        ui.columns(2, |cols| {
            cols[0].label(RichText::new("Scenarios").strong());
            for i in 0..menu.entries.len() {
                let s = &menu.entries[i].loaded.scenario;
                // Spaces a player counts: hexes or districts, not the boxes inside districts.
                let board = &menu.entries[i].loaded.board;
                let size = board.spaces.iter().filter(|x| !matches!(x.kind, crate::scenario::board::SpaceKind::Slot { .. } | crate::scenario::board::SpaceKind::OffMap { .. })).count();
                let unit = if board.is_hex { "hexes" } else { "districts" };
                let text = format!("{}  ({} turns, {size} {unit})", s.title, s.turns.labels.len());
                if cols[0].selectable_label(menu.selected == i, text).clicked() {
                    menu.select(i);
                }
            }
            for e in &menu.errors {
                cols[0].label(RichText::new(e).color(egui::Color32::from_rgb(255, 120, 120)));
            }
            let Some(entry) = menu.entries.get(menu.selected) else { return };
            let s = entry.loaded.scenario.clone();
            let ui = &mut cols[1];
            ui.label(RichText::new(&s.title).strong().size(20.0));
            if !s.description.is_empty() {
                ui.label(&s.description);
            }
            ui.label(format!("{} game turns ({} to {}), {} sides: {}", s.turns.labels.len(), s.turns.labels.first().cloned().unwrap_or_default(), s.turns.labels.last().cloned().unwrap_or_default(), s.sides.len(), s.sides.iter().map(|x| x.name.as_str()).collect::<Vec<_>>().join(", ")));
            let variant_options: BTreeSet<String> = s.variants.iter().flat_map(|v| v.options.iter().cloned()).collect();
            if !s.variants.is_empty() {
                ui.separator();
                ui.label(RichText::new("Variant").strong());
                for (i, v) in s.variants.iter().enumerate() {
                    if ui.radio(menu.variant == i, &v.name).on_hover_text(&v.description).clicked() {
                        menu.variant = i;
                        menu.options.retain(|o| !variant_options.contains(o));
                        menu.options.extend(v.options.iter().cloned());
                    }
                }
            }
            let optional: Vec<_> = s.options.iter().filter(|o| !variant_options.contains(&o.id)).collect();
            if !optional.is_empty() {
                ui.separator();
                ui.label(RichText::new("Optional rules").strong());
                egui::ScrollArea::vertical().max_height(300.0).show(ui, |ui| {
                    for o in optional {
                        let mut on = menu.options.contains(&o.id);
                        let rule = o.rule.as_ref().map(|r| format!("{r} ")).unwrap_or_default();
                        if ui.checkbox(&mut on, format!("{rule}{}", o.name)).on_hover_text(&o.description).changed() {
                            if on { menu.options.insert(String::from(&*o.id)) } else { menu.options.remove(&o.id) };
                        }
                    }
                });
            }
            ui.separator();
            ui.label(RichText::new("Players").strong());
            ui.radio_value(&mut menu.solo, false, "Two players at this screen (hotseat: hand-offs hide each side's secrets)");
            ui.radio_value(&mut menu.solo, true, "One person plays both sides (solo)");
            ui.add_space(8.0);
            if ui.button(RichText::new("Start the game").size(18.0)).clicked() {
                menu.pending = Some((Pending::New, 0));
            }
        });
        ui.separator();
        ui.label(RichText::new("Continue a game").strong());
        if menu.saves.is_empty() {
            ui.label("No saved games yet: every game is autosaved at each phase end.");
        }
        let mut chosen = None;
        egui::ScrollArea::vertical().id_salt("saves").max_height(140.0).show(ui, |ui| {
            for s in &menu.saves {
                if ui.button(s.line()).on_hover_text(s.path.display().to_string()).clicked() {
                    chosen = Some(s.path.display().to_string());
                }
            }
        });
        if let Some(p) = chosen {
            menu.load_path = p;
            menu.pending = Some((Pending::Load, 0));
        }
        ui.horizontal(|ui| {
            ui.label("Or a save file:");
            ui.add(egui::TextEdit::singleline(&mut menu.load_path).desired_width(640.0));
            if ui.button("Load / continue").clicked() {
                menu.pending = Some((Pending::Load, 0));
            }
        });
        if !menu.status.is_empty() {
            ui.label(RichText::new(&menu.status).color(egui::Color32::from_rgb(255, 120, 120)));
        }
    });
    None
}
