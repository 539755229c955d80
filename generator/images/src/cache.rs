//! Encoded variants kept on disk between builds: `<dir>/<hash>-<width>.<ext>` for every file and
//! `<dir>/<hash>.json` for the decoded size, so an unchanged image is neither decoded nor
//! encoded again.

use super::encoding::{format_from_signature, Decoded, Fallback, Raster, Variant, CACHE_SETTINGS};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// What the cache remembers of a decoded source, so a fully cached image is not decoded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Meta {
    /// Size after applying the EXIF orientation.
    pub width: u32,
    pub height: u32,
    /// Whether some pixel is not fully opaque.
    pub alpha: bool,
    /// The encoding settings the variants were made with.
    pub settings: String,
}

impl Meta {
    pub fn new(width: u32, height: u32, alpha: bool) -> Meta {
        Meta { width, height, alpha, settings: CACHE_SETTINGS.to_string() }
    }

    /// What the cache keeps of a decoded source.
    pub fn of(decoded: &Decoded) -> Meta {
        Meta::new(decoded.width, decoded.height, decoded.alpha)
    }
}

#[derive(Debug, Clone)]
pub(super) struct Cache {
    dir: PathBuf,
}

impl Cache {
    pub fn new(dir: PathBuf) -> Cache {
        Cache { dir }
    }

    /// The metadata of `hash`, if written with the current settings. It is written after all
    /// variants, so it never vouches for files of older settings.
    pub fn meta(&self, hash: &str) -> Option<Meta> {
        let bytes = std::fs::read(self.dir.join(format!("{hash}.json"))).ok()?;
        let meta: Meta = serde_json::from_slice(&bytes).ok()?;
        (meta.settings == CACHE_SETTINGS && meta.width > 0 && meta.height > 0).then_some(meta)
    }

    /// The files of the variant `w` wide (WebP, and `fallback`'s when given), if present and of
    /// the expected formats.
    pub fn variant(&self, hash: &str, w: u32, fallback: Option<Fallback>) -> Option<Variant> {
        let webp = std::fs::read(self.dir.join(format!("{hash}-{w}.webp"))).ok()?;
        if format_from_signature(&webp) != Some(Raster::WebP) {
            return None;
        }
        let fallback = match fallback {
            Some(f) => {
                let bytes = std::fs::read(self.dir.join(format!("{hash}-{w}.{}", f.ext()))).ok()?;
                if format_from_signature(&bytes) != Some(f.raster()) {
                    return None;
                }
                Some(bytes)
            }
            None => None,
        };
        Some(Variant { webp, fallback })
    }

    pub fn write_variant(&self, hash: &str, w: u32, fallback: Option<Fallback>, v: &Variant) {
        self.write(&format!("{hash}-{w}.webp"), &v.webp);
        if let (Some(f), Some(bytes)) = (fallback, &v.fallback) {
            self.write(&format!("{hash}-{w}.{}", f.ext()), bytes);
        }
    }

    /// Call after all variants are written.
    pub fn write_meta(&self, hash: &str, meta: &Meta) {
        if let Ok(json) = serde_json::to_vec(meta) {
            self.write(&format!("{hash}.json"), &json);
        }
    }

    /// Best effort: a cache that cannot be written only costs time in the next build. Whole, so
    /// a reader (another thread processing the same bytes, or the next build after a crash)
    /// never sees half a file.
    fn write(&self, file: &str, bytes: &[u8]) {
        let _ = jax_output::whole_file::write(&self.dir.join(file), bytes);
    }
}
