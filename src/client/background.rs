//! A scenario's background image (a designer's map scan), read for drawing under the grid:
//! decoded with size limits, scaled down to what a GPU texture holds, and placed by the
//! scenario's calibration (the first hex's centre and the hex size in the image's pixels).

use crate::scenario::Loaded;
use crate::scenario::schema::Map;

/// Largest side of the texture uploaded for drawing; larger scans are scaled down (the
/// calibration stays in the original image's pixels).
pub const MAX_TEXTURE_SIDE: u32 = 4096;

/// A decoded background, ready to draw.
pub struct BackgroundImage {
    /// RGBA pixels of the (possibly scaled) image and its size.
    pub rgba: Vec<u8>,
    pub size: [usize; 2],
    /// The original image's size in pixels, which the calibration uses.
    pub original: (u32, u32),
    /// Pixel position of the first hex's centre and the hex size (centre to corner) in pixels.
    pub origin: (f32, f32),
    pub hex_size: f32,
}

/// Reads the scenario's background image, if it names one.
pub fn load_background(loaded: &Loaded) -> Result<Option<BackgroundImage>, String> {
    let Map::Hex(m) = &loaded.scenario.map else { return Ok(None) };
    let Some(bg) = &m.background else { return Ok(None) };
    let base = loaded.path.parent().unwrap_or_else(|| std::path::Path::new("."));
    let path = base.join(&bg.image);
    let mut reader = image::ImageReader::open(&path).map_err(|e| format!("{}: {e}", path.display()))?.with_guessed_format().map_err(|e| format!("{}: {e}", path.display()))?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(crate::scenario::validate::MAX_IMAGE_SIDE);
    limits.max_image_height = Some(crate::scenario::validate::MAX_IMAGE_SIDE);
    limits.max_alloc = Some(1024 * 1024 * 1024);
    reader.limits(limits);
    let img = reader.decode().map_err(|e| format!("{}: {e}", path.display()))?;
    let original = (img.width(), img.height());
    let img = if original.0.max(original.1) > MAX_TEXTURE_SIDE { img.resize(MAX_TEXTURE_SIDE, MAX_TEXTURE_SIDE, image::imageops::FilterType::Triangle) } else { img };
    let rgba = img.to_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    Ok(Some(BackgroundImage { rgba: rgba.into_raw(), size, original, origin: bg.origin, hex_size: bg.hex_size }))
}
