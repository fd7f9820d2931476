//! The background image under a hex grid: uploaded once per scenario as an egui texture and
//! drawn by the scenario's calibration. A scan that cannot be read is reported on the status
//! line and the map is drawn without it.

use std::path::PathBuf;

use bevy_egui::egui;

use super::Client;
use crate::client::background::load_background;

/// The texture of the scenario on screen and its calibration.
pub struct Background {
    pub texture: egui::TextureHandle,
    /// Original size in pixels, first hex's centre in pixels, hex size in pixels.
    pub original: (u32, u32),
    pub origin: (f32, f32),
    pub hex_size: f32,
}

#[derive(Default)]
pub struct BackgroundCache {
    /// The scenario file the texture belongs to.
    for_path: Option<PathBuf>,
    background: Option<Background>,
}

impl BackgroundCache {
    /// The background of the scenario on screen (read the first time it is asked for).
    pub fn get(&mut self, ctx: &egui::Context, client: &mut Client) -> Option<&Background> {
        let path = client.session.loaded.path.clone();
        if self.for_path.as_ref() != Some(&path) {
            self.for_path = Some(path);
            self.background = None;
            match load_background(&client.session.loaded) {
                Ok(Some(b)) => {
                    let img = egui::ColorImage::from_rgba_unmultiplied(b.size, &b.rgba);
                    let texture = ctx.load_texture("map background", img, egui::TextureOptions::LINEAR);
                    self.background = Some(Background { texture, original: b.original, origin: b.origin, hex_size: b.hex_size });
                }
                Ok(None) => {}
                Err(e) => {
                    client.status = format!("The map's background image cannot be shown: {e}");
                    client.status_is_error = true;
                }
            }
        }
        self.background.as_ref()
    }
}
