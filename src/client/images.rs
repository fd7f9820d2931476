//! A scenario's images: the background (a designer's map scan), read for drawing under the
//! grid and placed by the scenario's calibration (the first hex's centre and the hex size in the
//! image's pixels), and counter art per unit type. Decoded row by row straight to the size that
//! is drawn, so a scan at the size limit costs the texture's memory, not the whole image's (a
//! 16384 x 16384 scan would be 1 GiB decoded whole).

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

/// Interlaced images are decoded whole, so only up to this many pixels (64 MiB as RGBA).
const MAX_INTERLACED_PIXELS: u64 = 16 * 1024 * 1024;

/// Decodes an image of the scenario (checked again: a regular file inside the scenario's
/// folder, within the size limits) scaled down to fit `max_side`.
fn decode(loaded: &Loaded, rel: &str, max_side: u32) -> Result<Decoded, String> {
    let base = loaded.path.parent().unwrap_or_else(|| std::path::Path::new("."));
    let path = crate::scenario::validate::asset_path(base, rel)?;
    let name = path.display().to_string();
    let file = std::fs::File::open(&path).map_err(|e| format!("{name}: {e}"))?;
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(|e| format!("{name}: not a PNG image it can read: {e}"))?;
    let (w, h, interlaced) = {
        let info = reader.info();
        (info.width, info.height, info.interlaced)
    };
    let side = crate::scenario::validate::MAX_IMAGE_SIDE;
    if w == 0 || h == 0 || w > side || h > side {
        return Err(format!("{name}: the image is {w} x {h} pixels; each side must be 1 to {side}"));
    }
    let (color, _) = reader.output_color_type();
    let channels = color.samples();
    // The drawn size: the whole image fitted into max_side x max_side (aspect kept).
    let scale = f64::from(max_side) / f64::from(w.max(h));
    let (ow, oh) = if scale >= 1.0 { (w, h) } else { (((f64::from(w) * scale).round() as u32).max(1), ((f64::from(h) * scale).round() as u32).max(1)) };
    let mut out = Scaler::new(w, h, ow, oh);
    if interlaced {
        if u64::from(w) * u64::from(h) > MAX_INTERLACED_PIXELS {
            return Err(format!("{name}: an interlaced image may have at most {MAX_INTERLACED_PIXELS} pixels; save it without interlacing"));
        }
        let mut buf = vec![0; reader.output_buffer_size().ok_or_else(|| format!("{name}: too large"))?];
        let frame = reader.next_frame(&mut buf).map_err(|e| format!("{name}: {e}"))?;
        for row in buf[..frame.buffer_size()].chunks(frame.line_size) {
            out.add_row(row, channels);
        }
    } else {
        while let Some(row) = reader.next_row().map_err(|e| format!("{name}: {e}"))? {
            out.add_row(row.data(), channels);
        }
    }
    Ok(Decoded { rgba: out.finish(), size: [ow as usize, oh as usize], original: (w, h) })
}

/// Box-filter scaling of rows as they are decoded: each source pixel is added to the output
/// pixel it falls in, and each output pixel is the mean of its source pixels.
struct Scaler {
    w: u32,
    h: u32,
    ow: u32,
    oh: u32,
    /// Source rows seen so far.
    y: u32,
    /// Output row being filled: RGBA sums and pixel counts.
    sums: Vec<u32>,
    counts: Vec<u32>,
    out_row: u32,
    rgba: Vec<u8>,
}

impl Scaler {
    fn new(w: u32, h: u32, ow: u32, oh: u32) -> Self {
        let n = ow as usize;
        Self { w, h, ow, oh, y: 0, sums: vec![0; n * 4], counts: vec![0; n], out_row: 0, rgba: Vec::with_capacity(n * oh as usize * 4) }
    }

    fn add_row(&mut self, row: &[u8], channels: usize) {
        if self.y >= self.h {
            return;
        }
        let target = (u64::from(self.y) * u64::from(self.oh) / u64::from(self.h)) as u32;
        while self.out_row < target {
            self.flush();
        }
        for x in 0..self.w as usize {
            let Some(px) = row.get(x * channels..(x + 1) * channels) else { break };
            let [r, g, b, a] = match px {
                [v] => [*v, *v, *v, 255],
                [v, a] => [*v, *v, *v, *a],
                [r, g, b] => [*r, *g, *b, 255],
                [r, g, b, a] => [*r, *g, *b, *a],
                _ => [0, 0, 0, 255],
            };
            let ox = (x as u64 * u64::from(self.ow) / u64::from(self.w)) as usize;
            for (i, v) in [r, g, b, a].into_iter().enumerate() {
                self.sums[ox * 4 + i] += u32::from(v);
            }
            self.counts[ox] += 1;
        }
        self.y += 1;
    }

    /// Writes the output row being filled and starts the next.
    fn flush(&mut self) {
        for (i, c) in self.counts.iter().enumerate() {
            for k in 0..4 {
                // A pixel no source pixel fell in (never when scaling down) is transparent.
                self.rgba.push(if *c == 0 { 0 } else { (self.sums[i * 4 + k] / c) as u8 });
            }
        }
        self.sums.iter_mut().for_each(|s| *s = 0);
        self.counts.iter_mut().for_each(|c| *c = 0);
        self.out_row += 1;
    }

    fn finish(mut self) -> Vec<u8> {
        while self.out_row < self.oh {
            self.flush();
        }
        self.rgba
    }
}
