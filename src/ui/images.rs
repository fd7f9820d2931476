//! The scenario's images as egui textures, uploaded once per scenario: the background under a
//! hex grid (with its calibration) and counter art per unit type. An image that cannot be read
//! is reported on the status line and the map is drawn without it.

use std::collections::BTreeMap;
use std::path::PathBuf;

use bevy_egui::egui;

use super::Client;
use crate::client::images::{load_background, load_counter_art};

/// The background texture and its calibration.
pub struct Background {
    pub texture: egui::TextureHandle,
    /// Original size in pixels, first hex's centre in pixels, hex size in pixels.
    pub original: (u32, u32),
    pub origin: (f32, f32),
    pub hex_size: f32,
}

/// The textures of the scenario on screen.
#[derive(Default)]
pub struct MapImages {
    /// The scenario file the textures belong to.
    for_path: Option<PathBuf>,
    pub background: Option<Background>,
    /// Counter art by unit type index.
    pub counters: BTreeMap<usize, egui::TextureHandle>,
}

impl MapImages {
    /// Reads the images of the scenario on screen the first time they are asked for.
    pub fn refresh(&mut self, ctx: &egui::Context, client: &mut Client) {
        let path = client.session.loaded.path.clone();
        if self.for_path.as_ref() == Some(&path) {
            return;
        }
        *self = Self { for_path: Some(path), ..Self::default() };
        let mut errors = Vec::new();
        match load_background(&client.session.loaded) {
            Ok(Some(b)) => {
                let img = egui::ColorImage::from_rgba_unmultiplied(b.size, &b.rgba);
                let texture = ctx.load_texture("map background", img, egui::TextureOptions::LINEAR);
                self.background = Some(Background { texture, original: b.original, origin: b.origin, hex_size: b.hex_size });
            }
            Ok(None) => {}
            Err(e) => errors.push(format!("the map's background image cannot be shown: {e}")),
        }
        match load_counter_art(&client.session.loaded) {
            Ok(art) => {
                for a in art {
                    let img = egui::ColorImage::from_rgba_unmultiplied(a.image.size, &a.image.rgba);
                    self.counters.insert(a.unit_type, ctx.load_texture(format!("counter {}", a.unit_type), img, egui::TextureOptions::LINEAR));
                }
            }
            Err(e) => errors.push(format!("counter art cannot be shown: {e}")),
        }
        if !errors.is_empty() {
            client.status = format!("{}.", errors.join("; "));
            client.status_is_error = true;
        }
    }
}
