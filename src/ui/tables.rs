//! The table viewers: every combat results table (columns, rows by die roll, the result key),
//! every event table (rolls and events) and, on hex maps, the terrain chart (costs, shifts,
//! stacking, hexsides), all read from the scenario.

use bevy_egui::egui::{self, RichText};

use super::Client;
use crate::scenario::schema::{DiceSpec, Map, MoveCost};

fn dice_name(d: DiceSpec) -> &'static str {
    match d {
        DiceSpec::D6 => "1d6",
        DiceSpec::TwoD6 => "2d6",
        DiceSpec::D66 => "d66",
    }
}

fn cost_text(c: &MoveCost) -> String {
    match c {
        MoveCost::Mp(n) => format!("{n} MP"),
        MoveCost::RoadOnly => "road only".into(),
        MoveCost::AllMp => "all MP".into(),
        MoveCost::Prohibited => "prohibited".into(),
    }
}

/// The tables window, shown while `open` is set.
pub fn tables_window(ctx: &egui::Context, client: &mut Client, open: &mut bool) {
    let game = client.session.game().clone();
    let s = &game.scenario;
    egui::Window::new("Tables").open(open).default_size([640.0, 460.0]).vscroll(true).show(ctx, |ui| {
        for crt in &s.tables.crts {
            let rule = crt.rule.as_ref().map(|r| format!(" ({r})")).unwrap_or_default();
            // A table's bans show on its heading, open or closed (spaces by name where named).
            let names: Vec<String> = crt.banned_targets.iter().map(|k| game.board.space(k).and_then(|sp| game.board.spaces[sp.index()].name.clone()).map_or(k.clone(), |n| format!("{n} ({k})"))).collect();
            let bans = if names.is_empty() { String::new() } else { format!(": never against {}", names.join(", ")) };
            egui::CollapsingHeader::new(RichText::new(format!("{}{rule}, {}{bans}", crt.name, dice_name(crt.dice))).strong()).id_salt(("crt", &crt.id)).default_open(s.tables.crts.len() == 1).show(ui, |ui| {
                egui::ScrollArea::horizontal().id_salt(("crt_scroll", &crt.id)).show(ui, |ui| {
                    egui::Grid::new(("crt_grid", &crt.id)).striped(true).show(ui, |ui| {
                        ui.label(RichText::new("Roll").strong());
                        for c in 0..crt.columns.len() {
                            ui.label(RichText::new(crate::rules::crt::column_label(crt, c)).strong());
                        }
                        ui.end_row();
                        for row in &crt.rows {
                            ui.label(row.roll.to_string());
                            for r in &row.results {
                                ui.label(r);
                            }
                            ui.end_row();
                        }
                    });
                });
                // The key: each result's name, or what it does.
                for r in &crt.results {
                    let what = if r.name.is_empty() { crate::client::attack::effects_text(&r.effects) } else { r.name.clone() };
                    ui.label(format!("{}: {what}", r.code));
                }
            });
        }
        for t in &s.tables.events {
            egui::CollapsingHeader::new(RichText::new(format!("{}, {}", t.name, dice_name(t.dice))).strong()).id_salt(("events", &t.id)).show(ui, |ui| {
                egui::Grid::new(("event_grid", &t.id)).striped(true).show(ui, |ui| {
                    for e in &t.entries {
                        ui.label(if e.rolls.0 == e.rolls.1 { e.rolls.0.to_string() } else { format!("{}-{}", e.rolls.0, e.rolls.1) });
                        ui.label(&e.name);
                        ui.end_row();
                    }
                });
            });
        }
        if let Map::Hex(m) = &s.map {
            egui::CollapsingHeader::new(RichText::new("Terrain chart").strong()).id_salt("terrain").show(ui, |ui| {
                egui::Grid::new("terrain_grid").striped(true).show(ui, |ui| {
                    for h in ["Terrain", "Cost", "Other classes", "Defender shift", "Stacking"] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    for t in &m.terrain {
                        ui.label(RichText::new(&t.name).color(super::map::color(&t.color)));
                        ui.label(cost_text(&t.default_cost));
                        ui.label(t.costs.iter().map(|c| format!("{}: {}", c.class, cost_text(&c.cost))).collect::<Vec<_>>().join(", "));
                        ui.label(if t.defender_shift == 0 { "-".to_string() } else { format!("{:+}", t.defender_shift) });
                        ui.label(t.stacking.map_or("-".to_string(), |n| n.to_string()));
                        ui.end_row();
                    }
                    for h in &m.hexside_types {
                        ui.label(RichText::new(format!("{} (hexside)", h.name)).color(super::map::color(&h.color)));
                        ui.label(if h.prohibited { "prohibited".to_string() } else { format!("+{} MP", h.extra_cost) });
                        ui.label("");
                        ui.label(if h.defender_shift == 0 { "-".to_string() } else { format!("{:+}", h.defender_shift) });
                        ui.label("-");
                        ui.end_row();
                    }
                });
            });
        }
    });
}
