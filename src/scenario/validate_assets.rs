//! Asset files a scenario names (a map scan, counter art): inside the scenario's folder once
//! links are resolved, regular files, within the size limits.

use std::path::{Component, Path};

use super::validate::{Ctx, MAX_IMAGE_BYTES, MAX_IMAGE_SIDE};

/// The file an asset path names: a regular file of at most [`MAX_IMAGE_BYTES`] inside the
/// scenario's folder `base`, once every symbolic link is resolved (a link inside the folder that
/// leads out of it is refused like `..`).
pub fn asset_path(base: &Path, rel: &str) -> Result<std::path::PathBuf, String> {
    let real = inside(base, rel, "asset path")?;
    let len = std::fs::metadata(&real).map_err(|e| format!("cannot read `{rel}`: {e}"))?.len();
    if len > MAX_IMAGE_BYTES {
        return Err(format!("image is {len} bytes; the limit is {MAX_IMAGE_BYTES}"));
    }
    Ok(real)
}

/// The regular file `rel` names inside the scenario's folder `base`, once every symbolic link
/// is resolved (a map file, an asset).
pub fn inside(base: &Path, rel: &str, what: &str) -> Result<std::path::PathBuf, String> {
    let p = Path::new(rel);
    if p.is_absolute() || p.components().any(|c| !matches!(c, Component::Normal(_) | Component::CurDir)) {
        return Err(format!("{what} `{rel}` must stay inside the scenario's folder"));
    }
    let folder = std::fs::canonicalize(if base.as_os_str().is_empty() { Path::new(".") } else { base }).map_err(|e| format!("cannot read the scenario's folder: {e}"))?;
    let real = std::fs::canonicalize(base.join(p)).map_err(|e| format!("cannot read `{rel}`: {e}"))?;
    if !real.starts_with(&folder) {
        return Err(format!("{what} `{rel}` leads out of the scenario's folder (through a link to {})", real.display()));
    }
    super::files::check_regular(&real).map_err(|e| format!("`{rel}` {e}"))?;
    Ok(real)
}

/// Asset paths stay inside the scenario's folder, and images are within size limits.
pub(super) fn check_image(ctx: &mut Ctx, base: &Path, path: &str, rel: &str) {
    match asset_path(base, rel) {
        Err(e) => ctx.err(path, e),
        Ok(full) => match image::image_dimensions(&full) {
            Err(e) => ctx.err(path, format!("`{rel}` is not a readable image: {e}")),
            Ok((w, h)) if w > MAX_IMAGE_SIDE || h > MAX_IMAGE_SIDE => {
                ctx.err(path, format!("image is {w}x{h}; the limit is {MAX_IMAGE_SIDE} per side"));
            }
            Ok(_) => {}
        },
    }
}
