//! Point-track chart (issue 5: "point-track charts over the turns with egui_plot"): each side's
//! tracks (VP, morale, a game's indexes) at the start and at the end of every game turn, and now.

use bevy_egui::egui;
use egui_plot::{Legend, Line, Plot};

use super::Client;
use crate::rules::tracks::TrackHistory;

/// The chart, in a panel at the right of the map (the map fits the rest of the window).
pub fn chart_panel(ui: &mut egui::Ui, client: &mut Client) {
    let game = client.session.game().clone();
    let history = client.session.world.resource::<TrackHistory>().0.clone();
    let now = client.session.world.resource::<crate::model::Tracks>().0.clone();
    let labels: Vec<String> = history.iter().map(|(l, _)| l.clone()).chain(std::iter::once("now".to_string())).collect();
    egui::Panel::right("chart").exact_size(380.0).show(ui, |ui| {
        ui.label(egui::RichText::new("Tracks over the turns").strong());
        let formatter_labels = labels.clone();
        Plot::new("tracks")
            .legend(Legend::default())
            .height(260.0)
            .include_y(0.0)
            .allow_scroll(false)
            .x_axis_formatter(move |mark, _| {
                let i = mark.value.round();
                if (mark.value - i).abs() < 1e-6 && i >= 0.0 { formatter_labels.get(i as usize).cloned().unwrap_or_default() } else { String::new() }
            })
            .show(ui, |plot| {
                // Only tracks that belong to a side: the indexes and VP, not mobilization points
                // or counts of a ruleset's markers.
                for (t, def) in game.scenario.tracks.iter().enumerate() {
                    if def.side.is_none() || def.cap <= 30 {
                        continue;
                    }
                    let points: Vec<[f64; 2]> = history.iter().map(|(_, v)| v[t]).chain(std::iter::once(now[t])).enumerate().map(|(x, y)| [x as f64, f64::from(y)]).collect();
                    let color = def.side.as_ref().and_then(|s| game.scenario.sides.iter().find(|x| &x.id == s)).map_or(egui::Color32::WHITE, |s| super::map::color(&s.color));
                    plot.line(Line::new(def.name.clone(), points).stroke(egui::Stroke::new(2.0, color)));
                }
            });
    });
}
