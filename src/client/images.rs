//! A scenario's images: the background (a designer's map scan), read for drawing under the
//! grid and placed by the scenario's calibration (the first hex's centre and the hex size in the
//! image's pixels), and counter art per unit type. Decoded with size limits and scaled down to
//! what a texture needs.

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

/// A decoded image: RGBA pixels, its (possibly scaled) size and the original size.
pub struct Decoded {
    pub rgba: Vec<u8>,
    pub size: [usize; 2],
    pub original: (u32, u32),
}

/// A unit type's counter art.
pub struct CounterArt {
    /// Index of the unit type.
    pub unit_type: usize,
    pub image: Decoded,
}

/// Reads the scenario's background image, if it names one.
pub fn load_background(loaded: &Loaded) -> Result<Option<BackgroundImage>, String> {
    let Map::Hex(m) = &loaded.scenario.map else { return Ok(None) };
    let Some(bg) = &m.background else { return Ok(None) };
    let Decoded { rgba, size, original } = decode(loaded, &bg.image, MAX_TEXTURE_SIDE)?;
    Ok(Some(BackgroundImage { rgba, size, original, origin: bg.origin, hex_size: bg.hex_size }))
}

/// Largest side of a counter's art once decoded (counters are drawn a few dozen pixels wide).
pub const MAX_COUNTER_SIDE: u32 = 256;

/// Counter art of every unit type that has some.
pub fn load_counter_art(loaded: &Loaded) -> Result<Vec<CounterArt>, String> {
    let mut out = Vec::new();
    for (i, t) in loaded.scenario.unit_types.iter().enumerate() {
        if let Some(img) = &t.image {
            out.push(CounterArt { unit_type: i, image: decode(loaded, img, MAX_COUNTER_SIDE)? });
        }
    }
    Ok(out)
}

/// Decodes an image of the scenario with the checker's size limits, scaled down to `max_side`.
fn decode(loaded: &Loaded, rel: &str, max_side: u32) -> Result<Decoded, String> {
    let base = loaded.path.parent().unwrap_or_else(|| std::path::Path::new("."));
    let path = base.join(rel);
    let mut reader = image::ImageReader::open(&path).map_err(|e| format!("{}: {e}", path.display()))?.with_guessed_format().map_err(|e| format!("{}: {e}", path.display()))?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(crate::scenario::validate::MAX_IMAGE_SIDE);
    limits.max_image_height = Some(crate::scenario::validate::MAX_IMAGE_SIDE);
    limits.max_alloc = Some(1024 * 1024 * 1024);
    reader.limits(limits);
    let img = reader.decode().map_err(|e| format!("{}: {e}", path.display()))?;
    let original = (img.width(), img.height());
    let img = if original.0.max(original.1) > max_side { img.resize(max_side, max_side, image::imageops::FilterType::Triangle) } else { img };
    let rgba = img.to_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    Ok(Decoded { rgba: rgba.into_raw(), size, original })
}
