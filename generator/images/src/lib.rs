//! Responsive images: JPEG/PNG/WebP in content become resized WebP variants plus a fallback;
//! an SVG drawing becomes WebP variants (a browser lays out and paints an SVG image on its main
//! thread, a WebP it decodes off it), while the favicon and drawings with text stay SVG. Every
//! image reports its intrinsic size so pages reserve its space.
//!
//! Every output name carries the first 8 hex digits of the source's blake3 hash, so the files
//! can be served as immutable; encoded variants are kept in a disk cache between builds.

mod cache;
mod encoding;
mod naming;
mod svg;
#[cfg(test)]
mod tests;

use anyhow::{bail, Context, Result};
use cache::{Cache, Meta};
use encoding::{format_from_signature, scaled_height, Decoded, Fallback, Raster, Variant};
use jax_output::Output;
use naming::{url, Kind, Name};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

pub use naming::OUTPUT_DIR;

/// What a template needs to show one image.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct ImageInfo {
    /// URL of the fallback file (`/images/…`), the largest variant for raster images.
    pub src: String,
    /// Intrinsic size of `src`, for the width/height attributes.
    pub width: u32,
    pub height: u32,
    /// `srcset` of the fallback format (empty for SVG).
    pub srcset: String,
    /// Extra `<source>` elements, best format first (empty for SVG).
    pub sources: Vec<ImageSource>,
}

impl ImageInfo {
    /// The same files served from `origin` (`https://photos.example.com`) rather than the site.
    pub fn served_from(self, origin: &str) -> ImageInfo {
        let rebase = |srcset: &str| {
            srcset.split(", ").filter(|c| !c.is_empty()).map(|c| format!("{origin}{c}")).collect::<Vec<_>>().join(", ")
        };
        ImageInfo {
            src: format!("{origin}{}", self.src),
            srcset: rebase(&self.srcset),
            sources: self
                .sources
                .iter()
                .map(|s| ImageSource { mime: s.mime.clone(), srcset: rebase(&s.srcset) })
                .collect(),
            ..self
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct ImageSource {
    /// MIME type, e.g. `image/webp`.
    pub mime: String,
    pub srcset: String,
}

/// Widths (in CSS pixels of the file) a raster image is offered at. A source narrower than the
/// largest is also offered at its own width; nothing is ever upscaled.
const WIDTHS: [u32; 5] = [480, 800, 1200, 1600, 2400];
const WIDEST: u32 = WIDTHS[WIDTHS.len() - 1];

/// Turns content images into the files of the site. Cheap to share between threads.
#[derive(Debug, Clone)]
pub struct ImagePipeline {
    content_dir: PathBuf,
    cache: Cache,
}

impl ImagePipeline {
    /// `cache_dir` keeps encoded variants between builds (keyed by source hash + width + format),
    /// so an unchanged image is never re-encoded.
    pub fn new(content_dir: &Path, cache_dir: &Path) -> Self {
        ImagePipeline { content_dir: content_dir.to_path_buf(), cache: Cache::new(cache_dir.to_path_buf()) }
    }

    /// Process one image given by its path relative to content_dir (e.g. "images/listings/x.jpg"):
    /// returns what templates need plus the files to write under the site's output folder.
    pub fn process(&self, rel: &str) -> Result<(ImageInfo, Vec<Output>)> {
        self.process_inner(rel).with_context(|| format!("processing {rel}"))
    }

    /// An image outside the content folder (an MLS photo the import cached), its files named as if
    /// it were at the content path `name`, offered at most `widest` wide (one of `WIDTHS`) in `formats`.
    pub fn process_file(
        &self,
        path: &Path,
        name: &str,
        widest: u32,
        formats: Formats,
    ) -> Result<(ImageInfo, Vec<Output>)> {
        if !WIDTHS.contains(&widest) {
            bail!("{widest} is not one of the widths {WIDTHS:?}");
        }
        self.process_at(&Name::parse(name)?, path, Widths::UpTo(widest), formats)
            .with_context(|| format!("processing {}", path.display()))
    }

    /// The same, offered at exactly `widths` (each one of `WIDTHS`, narrowest first) where the
    /// source is wider, else at its own width: an MLS photo after a listing's first.
    pub fn process_file_at(
        &self,
        path: &Path,
        name: &str,
        widths: &'static [u32],
        formats: Formats,
    ) -> Result<(ImageInfo, Vec<Output>)> {
        if widths.is_empty() || !widths.iter().all(|w| WIDTHS.contains(w)) {
            bail!("{widths:?} are not among the widths {WIDTHS:?}");
        }
        self.process_at(&Name::parse(name)?, path, Widths::Only(widths), formats)
            .with_context(|| format!("processing {}", path.display()))
    }

    /// An image the site shows as its icon (the favicon): an SVG is kept as it is, drawn sharp at
    /// every size the browser wants; any other image as `process` does.
    pub fn process_icon(&self, rel: &str) -> Result<(ImageInfo, Vec<Output>)> {
        let icon = || {
            let name = Name::parse(rel)?;
            match name.kind()? {
                Kind::Svg => {
                    let (bytes, hash) = read(&self.content_dir.join(&name.clean))?;
                    let outline = svg::outline(&bytes).context("reading the SVG's size")?;
                    Ok(svg(&name, &hash, bytes, &outline))
                }
                Kind::Raster(_) => self.process_inner(rel),
            }
        };
        icon().with_context(|| format!("processing {rel}"))
    }

    fn process_inner(&self, rel: &str) -> Result<(ImageInfo, Vec<Output>)> {
        let name = Name::parse(rel)?;
        self.process_at(&name, &self.content_dir.join(&name.clean), Widths::UpTo(WIDEST), Formats::WebpAndFallback)
    }

    fn process_at(
        &self,
        name: &Name,
        path: &Path,
        widest: Widths,
        formats: Formats,
    ) -> Result<(ImageInfo, Vec<Output>)> {
        let (bytes, hash) = read(path)?;
        match name.kind()? {
            Kind::Svg => {
                let outline = svg::outline(&bytes).context("reading the SVG's size")?;
                if outline.text {
                    return Ok(svg(name, &hash, bytes, &outline));
                }
                self.raster(name, &hash, bytes, Source::Svg { width: outline.width }, widest, Formats::WebpOnly)
            }
            Kind::Raster(by_extension) => {
                // The bytes win over the extension (a PNG saved as .jpg is still a PNG); bytes
                // nobody recognises go to the decoder the extension names, for its error.
                let format = format_from_signature(&bytes).unwrap_or(by_extension);
                self.raster(name, &hash, bytes, Source::Raster(format), widest, formats)
            }
        }
    }

    fn raster(
        &self,
        name: &Name,
        hash: &str,
        bytes: Vec<u8>,
        source: Source,
        widest: Widths,
        formats: Formats,
    ) -> Result<(ImageInfo, Vec<Output>)> {
        // A fully cached image is neither decoded nor encoded.
        let cached = self.cache.meta(hash).map(|meta| {
            let fallback = formats.fallback(source, meta.alpha);
            let variants =
                widest.of(meta.width).into_iter().map(|w| (w, self.cache.variant(hash, w, fallback))).collect();
            Cached { meta, variants }
        });
        let (meta, variants) = match cached {
            Some(Cached { meta, variants }) if variants.iter().all(|(_, v)| v.is_some()) => {
                (meta, variants.into_iter().map(|(w, v)| (w, v.expect("checked"))).collect())
            }
            cached => self.encode(hash, bytes, source, cached, widest, formats)?,
        };

        let fallback = formats.fallback(source, meta.alpha);
        let mut outputs = Vec::with_capacity(variants.len() * 2);
        let mut webp_set = Vec::new();
        let mut fallback_set = Vec::new();
        let mut largest = None;
        for (w, v) in variants {
            let webp_path = name.output(hash, Some(w), "webp");
            webp_set.push(format!("{} {w}w", url(&webp_path)));
            largest = Some((url(&webp_path), w));
            outputs.push(Output::new(webp_path, v.webp));
            if let (Some(f), Some(bytes)) = (fallback, v.fallback) {
                let fallback_path = name.output(hash, Some(w), f.ext());
                fallback_set.push(format!("{} {w}w", url(&fallback_path)));
                largest = Some((url(&fallback_path), w));
                outputs.push(Output::new(fallback_path, bytes));
            }
        }
        let (src, width) = largest.expect("at least one width");
        let height = scaled_height(meta.width, meta.height, width);
        // The <img> is the fallback's, with WebP as a <source>; or WebP's alone.
        let info = if fallback.is_some() {
            let sources = vec![ImageSource { mime: "image/webp".into(), srcset: webp_set.join(", ") }];
            ImageInfo { src, width, height, srcset: fallback_set.join(", "), sources }
        } else {
            ImageInfo { src, width, height, srcset: webp_set.join(", "), sources: Vec::new() }
        };
        Ok((info, outputs))
    }

    /// Decodes the source and encodes every variant not in `cached` (which is used only when its
    /// metadata matches the decoded image); the source's bytes are dropped once decoded.
    fn encode(
        &self,
        hash: &str,
        bytes: Vec<u8>,
        source: Source,
        cached: Option<Cached>,
        widest: Widths,
        formats: Formats,
    ) -> Result<(Meta, Vec<(u32, Variant)>)> {
        // A drawing at its own width (nothing is upscaled, as with photos), at most `widest`.
        let (decoded, drawing) = match source {
            Source::Raster(format) => (Decoded::new(&bytes, format)?, None),
            Source::Svg { width } => (Decoded::from_svg(&bytes, width.min(widest.widest()))?, Some(bytes)),
        };
        let meta = Meta::of(&decoded);
        let known = match cached {
            Some(c) if c.meta == meta => c.variants,
            // None, or the cached metadata lied (edited by hand?): start afresh.
            _ => widest.of(meta.width).into_iter().map(|w| (w, None)).collect(),
        };
        let fallback = formats.fallback(source, meta.alpha);
        let variants = known
            .into_par_iter()
            .map(|(w, cached)| match cached {
                Some(v) => Ok((w, v)),
                None => {
                    let v = match &drawing {
                        // Each narrower width drawn again from the vector: sharper than resized.
                        Some(svg) if w != meta.width => Decoded::from_svg(svg, w).and_then(|d| d.encode(w, fallback)),
                        _ => decoded.encode(w, fallback),
                    }
                    .with_context(|| format!("encoding the {w}px variant"))?;
                    self.cache.write_variant(hash, w, fallback, &v);
                    Ok((w, v))
                }
            })
            .collect::<Result<_>>()?;
        self.cache.write_meta(hash, &meta);
        Ok((meta, variants))
    }
}

/// The files an image is offered in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Formats {
    /// WebP, and the source's own format for the `<img>` (content images: any browser).
    WebpAndFallback,
    /// WebP alone (MLS photos: every browser the site supports reads it, and a fallback would
    /// double the photos' bucket and its uploads).
    WebpOnly,
}

impl Formats {
    fn fallback(self, source: Source, alpha: bool) -> Option<Fallback> {
        match source {
            Source::Raster(format) if self == Formats::WebpAndFallback => Some(Fallback::for_source(format, alpha)),
            _ => None,
        }
    }
}

/// What an image's pixels come from.
#[derive(Debug, Clone, Copy)]
enum Source {
    Raster(Raster),
    /// An SVG's drawing, rendered; `width` is its own.
    Svg {
        width: u32,
    },
}

/// A source's bytes and their blake3 hash (hex), which names its files.
fn read(path: &Path) -> Result<(Vec<u8>, String)> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let hash = blake3::hash(&bytes).to_hex().to_string();
    Ok((bytes, hash))
}

/// What the cache holds of one image: its metadata and the files of each width, where present.
struct Cached {
    meta: Meta,
    variants: Vec<(u32, Option<Variant>)>,
}

/// Widths to produce for a source `src_width` wide: the widths below it up to `widest` (one of
/// `WIDTHS`), plus the source's own width unless it exceeds `widest` (a 6000px photo is offered up
/// to 2400px, not at 6000px).
fn variant_widths(src_width: u32, widest: u32) -> Vec<u32> {
    let mut out: Vec<u32> = WIDTHS.iter().copied().filter(|&w| w < src_width && w <= widest).collect();
    if src_width <= widest {
        out.push(src_width);
    }
    out
}

/// Which widths an image is offered at.
#[derive(Debug, Clone, Copy)]
enum Widths {
    /// Every one of `WIDTHS` up to this one, and the source's own if narrower.
    UpTo(u32),
    /// These alone (the source's own width instead when it is narrower than all of them).
    Only(&'static [u32]),
}

impl Widths {
    /// The widths made of a source `src_width` wide.
    fn of(self, src_width: u32) -> Vec<u32> {
        match self {
            Widths::UpTo(widest) => variant_widths(src_width, widest),
            Widths::Only(only) => {
                let out: Vec<u32> = only.iter().copied().filter(|&w| w <= src_width).collect();
                if out.is_empty() {
                    vec![src_width]
                } else {
                    out
                }
            }
        }
    }

    fn widest(self) -> u32 {
        match self {
            Widths::UpTo(w) => w,
            Widths::Only(only) => only[only.len() - 1],
        }
    }
}

/// An SVG served as it is.
fn svg(name: &Name, hash: &str, bytes: Vec<u8>, outline: &svg::Outline) -> (ImageInfo, Vec<Output>) {
    let path = name.output(hash, None, "svg");
    let (width, height) = (outline.width, outline.height);
    let info = ImageInfo { src: url(&path), width, height, srcset: String::new(), sources: Vec::new() };
    (info, vec![Output::new(path, bytes)])
}
