//! Responsive images: JPEG/PNG in content become resized WebP variants plus a fallback, SVG is
//! copied as is; every image reports its intrinsic size so pages reserve its space.
//!
//! Every output name carries the first 8 hex digits of the source's blake3 hash, so the files
//! can be served as immutable. Encoded variants are kept in a cache folder between builds
//! (`<cache>/<hash>-<width>.<ext>`, plus `<cache>/<hash>.json` holding the decoded size), so an
//! unchanged image is neither decoded nor encoded again.

use crate::output::Output;
use anyhow::{anyhow, bail, Context, Result};
use image::imageops::FilterType;
use image::{DynamicImage, ImageBuffer, ImageDecoder, ImageFormat, ImageReader, RgbImage, Rgba, RgbaImage};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The output folder of every image; only content-hashed names go there (`dist/_headers`
/// serves it as immutable).
pub const OUTPUT_DIR: &str = "images";

/// What a template needs to show one image.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
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

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ImageSource {
    /// MIME type, e.g. `image/webp`.
    pub mime: String,
    pub srcset: String,
}

/// Widths (in CSS pixels of the file) a raster image is offered at. A source narrower than the
/// largest is also offered at its own width; nothing is ever upscaled.
const WIDTHS: [u32; 5] = [480, 800, 1200, 1600, 2400];
const WEBP_QUALITY: f32 = 78.0;
const JPEG_QUALITY: u8 = 82;
const RESIZE_FILTER: FilterType = FilterType::Lanczos3;
/// Recorded in each image's cache metadata: when the encoding settings change, cached variants
/// made with the old ones are ignored and replaced. Bump it whenever the output would differ.
const CACHE_SETTINGS: &str = "v1 webp-q78 jpeg-q82 png-default lanczos3-premultiplied exif-orientation";

/// Turns content images into the files of the site. Cheap to share between threads.
#[derive(Debug, Clone)]
pub struct ImagePipeline {
    content_dir: PathBuf,
    cache_dir: PathBuf,
    widths: Vec<u32>,
}

impl ImagePipeline {
    /// `cache_dir` keeps encoded variants between builds (keyed by source hash + width + format),
    /// so an unchanged image is never re-encoded.
    pub fn new(content_dir: &Path, cache_dir: &Path) -> Self {
        ImagePipeline {
            content_dir: content_dir.to_path_buf(),
            cache_dir: cache_dir.to_path_buf(),
            widths: WIDTHS.to_vec(),
        }
    }

    /// Process one image given by its path relative to content_dir (e.g. "images/listings/x.jpg"):
    /// returns what templates need plus the files to write under the site's output folder.
    pub fn process(&self, rel: &str) -> Result<(ImageInfo, Vec<Output>)> {
        self.process_inner(rel).with_context(|| format!("processing {rel}"))
    }

    fn process_inner(&self, rel: &str) -> Result<(ImageInfo, Vec<Output>)> {
        let name = Name::parse(rel)?;
        let path = self.content_dir.join(&name.clean);
        let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        let hash = blake3::hash(&bytes).to_hex().to_string();
        match name.kind()? {
            Kind::Svg => svg(&name, &hash, bytes),
            Kind::Raster(by_extension) => {
                // The bytes win over the extension (a PNG saved as .jpg is still a PNG); bytes
                // nobody recognises go to the decoder the extension names, for its error.
                let format = sniff(&bytes).unwrap_or(by_extension);
                self.raster(&name, &hash, &bytes, format)
            }
        }
    }

    fn raster(&self, name: &Name, hash: &str, bytes: &[u8], format: Raster) -> Result<(ImageInfo, Vec<Output>)> {
        // A fully cached image is neither decoded nor encoded.
        let mut decoded = None;
        let mut meta = match self.read_meta(hash) {
            Some(meta) => meta,
            None => {
                let d = Decoded::new(bytes, format)?;
                let meta = d.meta();
                decoded = Some(d);
                meta
            }
        };
        // Variant files are only trusted under metadata written with the current settings
        // (written after all of them, so it never vouches for files of older settings).
        let trust_cache = decoded.is_none();
        let mut widths = variant_widths(&self.widths, meta.width);
        let fallback = fallback_format(format, meta.alpha);
        let mut variants: Vec<Option<Variant>> =
            widths.iter().map(|&w| if trust_cache { self.read_variant(hash, w, fallback) } else { None }).collect();

        if variants.iter().any(Option::is_none) {
            let d = match decoded {
                Some(d) => d,
                None => Decoded::new(bytes, format)?,
            };
            if d.meta() != meta {
                // The cached metadata lied (edited by hand?): start afresh.
                meta = d.meta();
                widths = variant_widths(&self.widths, meta.width);
                variants = vec![None; widths.len()];
            }
            let fallback = fallback_format(format, meta.alpha);
            variants = widths
                .par_iter()
                .zip(variants)
                .map(|(&w, cached)| match cached {
                    Some(v) => Ok(Some(v)),
                    None => {
                        let v = d.encode(w, fallback).with_context(|| format!("encoding the {w}px variant"))?;
                        self.write_cache(&format!("{hash}-{w}.webp"), &v.webp);
                        self.write_cache(&format!("{hash}-{w}.{}", fallback.ext()), &v.fallback);
                        Ok(Some(v))
                    }
                })
                .collect::<Result<_>>()?;
            if let Ok(json) = serde_json::to_vec(&meta) {
                self.write_cache(&format!("{hash}.json"), &json);
            }
        }

        let fallback = fallback_format(format, meta.alpha);
        let mut outputs = Vec::with_capacity(widths.len() * 2);
        let mut webp_set = Vec::new();
        let mut fallback_set = Vec::new();
        let mut largest = None;
        for (&w, v) in widths.iter().zip(variants) {
            let v = v.expect("every variant was read or encoded");
            let webp_path = name.output(hash, Some(w), "webp");
            let fallback_path = name.output(hash, Some(w), fallback.ext());
            webp_set.push(format!("{} {w}w", url(&webp_path)));
            fallback_set.push(format!("{} {w}w", url(&fallback_path)));
            largest = Some((url(&fallback_path), w));
            outputs.push(Output::new(webp_path, v.webp));
            outputs.push(Output::new(fallback_path, v.fallback));
        }
        let (src, width) = largest.expect("at least one width");
        let info = ImageInfo {
            src,
            width,
            height: scaled_height(meta.width, meta.height, width),
            srcset: fallback_set.join(", "),
            sources: vec![ImageSource { mime: "image/webp".into(), srcset: webp_set.join(", ") }],
        };
        Ok((info, outputs))
    }

    fn read_meta(&self, hash: &str) -> Option<Meta> {
        let bytes = std::fs::read(self.cache_dir.join(format!("{hash}.json"))).ok()?;
        let meta: Meta = serde_json::from_slice(&bytes).ok()?;
        (meta.settings == CACHE_SETTINGS && meta.width > 0 && meta.height > 0).then_some(meta)
    }

    fn read_variant(&self, hash: &str, w: u32, fallback: Fallback) -> Option<Variant> {
        let webp = std::fs::read(self.cache_dir.join(format!("{hash}-{w}.webp"))).ok()?;
        let fb = std::fs::read(self.cache_dir.join(format!("{hash}-{w}.{}", fallback.ext()))).ok()?;
        (is_webp(&webp) && fallback.looks_like(&fb)).then_some(Variant { webp, fallback: fb })
    }

    /// Best effort: a cache that cannot be written only costs time in the next build. Written
    /// under a temporary name then renamed, so a reader (another thread processing the same
    /// bytes, or the next build after a crash) never sees half a file.
    fn write_cache(&self, file: &str, bytes: &[u8]) {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let tmp = self.cache_dir.join(format!(
            ".{file}.{}-{}.tmp",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let done = std::fs::create_dir_all(&self.cache_dir)
            .and_then(|()| std::fs::write(&tmp, bytes))
            .and_then(|()| std::fs::rename(&tmp, self.cache_dir.join(file)));
        if done.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
    }
}

/// What the cache remembers of a decoded source, so a fully cached image is not decoded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Meta {
    /// Size after applying the EXIF orientation.
    width: u32,
    height: u32,
    /// Whether some pixel is not fully opaque.
    alpha: bool,
    settings: String,
}

#[derive(Debug, Clone)]
struct Variant {
    webp: Vec<u8>,
    fallback: Vec<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Raster {
    Jpeg,
    Png,
    WebP,
}

enum Kind {
    Svg,
    Raster(Raster),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fallback {
    Jpeg,
    Png,
}

impl Fallback {
    fn ext(self) -> &'static str {
        match self {
            Fallback::Jpeg => "jpg",
            Fallback::Png => "png",
        }
    }

    fn looks_like(self, bytes: &[u8]) -> bool {
        match self {
            Fallback::Jpeg => sniff(bytes) == Some(Raster::Jpeg),
            Fallback::Png => sniff(bytes) == Some(Raster::Png),
        }
    }
}

/// The fallback keeps the source's format; a WebP source falls back to JPEG, or PNG when it has
/// transparency.
fn fallback_format(source: Raster, alpha: bool) -> Fallback {
    match (source, alpha) {
        (Raster::Jpeg, _) => Fallback::Jpeg,
        (Raster::Png, _) => Fallback::Png,
        (Raster::WebP, true) => Fallback::Png,
        (Raster::WebP, false) => Fallback::Jpeg,
    }
}

fn sniff(bytes: &[u8]) -> Option<Raster> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(Raster::Jpeg)
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(Raster::Png)
    } else if is_webp(bytes) {
        Some(Raster::WebP)
    } else {
        None
    }
}

fn is_webp(bytes: &[u8]) -> bool {
    bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP"
}

/// Widths to produce for a source `src_width` wide: the configured widths below it, plus the
/// source's own width unless it exceeds the largest configured width (a 6000px photo is
/// offered up to 2400px, not at 6000px).
fn variant_widths(widths: &[u32], src_width: u32) -> Vec<u32> {
    let max = widths.iter().copied().max().unwrap_or(src_width);
    let mut out: Vec<u32> = widths.iter().copied().filter(|&w| w < src_width).collect();
    if src_width <= max {
        out.push(src_width);
    }
    out.sort_unstable();
    out.dedup();
    out
}

fn scaled_height(src_width: u32, src_height: u32, width: u32) -> u32 {
    if width == src_width {
        return src_height;
    }
    ((src_height as f64 * width as f64 / src_width as f64).round() as u32).max(1)
}

/// A source image decoded to 8-bit RGB, or RGBA when it has transparency.
struct Decoded {
    pixels: Pixels,
}

enum Pixels {
    Rgb(RgbImage),
    Rgba(RgbaImage),
}

impl Decoded {
    fn new(bytes: &[u8], format: Raster) -> Result<Self> {
        #[cfg(test)]
        DECODES.with(|d| d.set(d.get() + 1));
        let img = match format {
            Raster::Jpeg => decode_with_image(bytes, ImageFormat::Jpeg).context("decoding JPEG")?,
            Raster::Png => decode_with_image(bytes, ImageFormat::Png).context("decoding PNG")?,
            Raster::WebP => webp::Decoder::new(bytes)
                .decode()
                .map(|i| i.to_image())
                .ok_or_else(|| anyhow!("not a valid still WebP image (animated WebP is not supported)"))
                .context("decoding WebP")?,
        };
        if img.width() == 0 || img.height() == 0 {
            bail!("the image is empty ({}×{})", img.width(), img.height());
        }
        let pixels = if img.color().has_alpha() {
            let rgba = img.into_rgba8();
            if rgba.pixels().any(|p| p.0[3] != 255) {
                Pixels::Rgba(rgba)
            } else {
                Pixels::Rgb(DynamicImage::ImageRgba8(rgba).into_rgb8())
            }
        } else {
            Pixels::Rgb(img.into_rgb8())
        };
        Ok(Decoded { pixels })
    }

    fn dimensions(&self) -> (u32, u32) {
        match &self.pixels {
            Pixels::Rgb(i) => i.dimensions(),
            Pixels::Rgba(i) => i.dimensions(),
        }
    }

    fn meta(&self) -> Meta {
        let (width, height) = self.dimensions();
        Meta { width, height, alpha: matches!(self.pixels, Pixels::Rgba(_)), settings: CACHE_SETTINGS.to_string() }
    }

    /// The WebP and fallback files of the variant `w` pixels wide.
    fn encode(&self, w: u32, fallback: Fallback) -> Result<Variant> {
        let (src_w, src_h) = self.dimensions();
        let h = scaled_height(src_w, src_h, w);
        match &self.pixels {
            Pixels::Rgb(src) => {
                let resized;
                let img = if w == src_w {
                    src
                } else {
                    resized = image::imageops::resize(src, w, h, RESIZE_FILTER);
                    &resized
                };
                let (webp, fallback) = rayon::join(
                    || encode_webp(webp::Encoder::from_rgb(img.as_raw(), w, h)),
                    || encode_fallback(img.as_raw(), w, h, image::ExtendedColorType::Rgb8, fallback),
                );
                Ok(Variant { webp: webp?, fallback: fallback? })
            }
            Pixels::Rgba(src) => {
                let resized;
                let img = if w == src_w {
                    src
                } else {
                    resized = resize_rgba(src, w, h);
                    &resized
                };
                let fallback = match fallback {
                    Fallback::Png => Fallback::Png,
                    Fallback::Jpeg => unreachable!("images with transparency fall back to PNG"),
                };
                let (webp, fallback) = rayon::join(
                    || encode_webp(webp::Encoder::from_rgba(img.as_raw(), w, h)),
                    || encode_fallback(img.as_raw(), w, h, image::ExtendedColorType::Rgba8, fallback),
                );
                Ok(Variant { webp: webp?, fallback: fallback? })
            }
        }
    }
}

#[cfg(test)]
thread_local! {
    /// How many images this thread decoded, to prove the cache spares decoding.
    static DECODES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Decodes with `image`, turning the picture upright as its EXIF orientation says (phone photos).
fn decode_with_image(bytes: &[u8], format: ImageFormat) -> Result<DynamicImage> {
    let mut decoder = ImageReader::with_format(Cursor::new(bytes), format).into_decoder()?;
    let orientation = decoder.orientation().unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut img = DynamicImage::from_decoder(decoder)?;
    img.apply_orientation(orientation);
    Ok(img)
}

/// Resizes with premultiplied alpha (in 16 bits, to keep precision), so fully transparent
/// pixels' colours do not bleed into the visible edge.
fn resize_rgba(src: &RgbaImage, w: u32, h: u32) -> RgbaImage {
    let premultiplied: ImageBuffer<Rgba<u16>, Vec<u16>> = ImageBuffer::from_fn(src.width(), src.height(), |x, y| {
        let [r, g, b, a] = src.get_pixel(x, y).0;
        let a = a as u32;
        let p = |c: u8| ((c as u32 * 257 * a + 127) / 255) as u16;
        Rgba([p(r), p(g), p(b), (a * 257) as u16])
    });
    let resized = image::imageops::resize(&premultiplied, w, h, RESIZE_FILTER);
    ImageBuffer::from_fn(w, h, |x, y| {
        let [r, g, b, a] = resized.get_pixel(x, y).0;
        if a == 0 {
            return Rgba([0, 0, 0, 0]);
        }
        let a = a as u32;
        let u = |c: u16| ((c as u32).min(a) * 255 + a / 2).checked_div(a).unwrap_or(0).min(255) as u8;
        Rgba([u(r), u(g), u(b), ((a + 128) / 257) as u8])
    })
}

fn encode_webp(encoder: webp::Encoder) -> Result<Vec<u8>> {
    let memory = encoder
        .encode_simple(false, WEBP_QUALITY)
        .map_err(|e| anyhow!("libwebp failed: {e:?}"))
        .context("encoding WebP")?;
    Ok(memory.to_vec())
}

fn encode_fallback(raw: &[u8], w: u32, h: u32, color: image::ExtendedColorType, format: Fallback) -> Result<Vec<u8>> {
    use image::ImageEncoder;
    let mut out = Vec::new();
    match format {
        Fallback::Jpeg => image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY)
            .write_image(raw, w, h, color)
            .context("encoding JPEG")?,
        Fallback::Png => image::codecs::png::PngEncoder::new_with_quality(
            &mut out,
            image::codecs::png::CompressionType::Default,
            image::codecs::png::FilterType::Adaptive,
        )
        .write_image(raw, w, h, color)
        .context("encoding PNG")?,
    }
    Ok(out)
}

/// The parts of a content-relative image path that output names are made of.
struct Name {
    /// The path as read, `/`-separated, without `.` components.
    clean: String,
    /// Folders under `images/` (or under the content folder when the image is elsewhere),
    /// each followed by `/`.
    sub: String,
    stem: String,
    /// Lower-cased extension.
    ext: String,
}

impl Name {
    fn parse(rel: &str) -> Result<Name> {
        let unified = rel.replace('\\', "/");
        if unified.starts_with('/') || unified.as_bytes().get(1) == Some(&b':') {
            bail!("image paths must be relative to the content folder");
        }
        let mut parts = Vec::new();
        for part in unified.split('/') {
            match part {
                "" | "." => {}
                ".." => bail!("image paths may not leave the content folder (`..`)"),
                p => parts.push(p),
            }
        }
        let Some(file) = parts.pop() else { bail!("empty image path") };
        let clean = parts.iter().chain([&file]).copied().collect::<Vec<_>>().join("/");
        if parts.first() == Some(&"images") {
            parts.remove(0);
        }
        let sub: String = parts.iter().map(|p| format!("{p}/")).collect();
        let (stem, ext) = match file.rsplit_once('.') {
            Some((stem, ext)) if !stem.is_empty() => (stem, ext.to_ascii_lowercase()),
            _ => bail!("image file names need an extension (.jpg, .png, .webp or .svg)"),
        };
        Ok(Name { clean, sub, stem: stem.to_string(), ext })
    }

    fn kind(&self) -> Result<Kind> {
        Ok(match self.ext.as_str() {
            "svg" => Kind::Svg,
            "jpg" | "jpeg" => Kind::Raster(Raster::Jpeg),
            "png" => Kind::Raster(Raster::Png),
            "webp" => Kind::Raster(Raster::WebP),
            other => bail!("unsupported image type .{other} (use JPEG, PNG, WebP or SVG)"),
        })
    }

    /// `images/<sub>/<stem>-<hash8>[-<width>].<ext>`, under the output folder.
    fn output(&self, hash: &str, width: Option<u32>, ext: &str) -> String {
        let hash8 = &hash[..8];
        match width {
            Some(w) => format!("{OUTPUT_DIR}/{}{}-{hash8}-{w}.{ext}", self.sub, self.stem),
            None => format!("{OUTPUT_DIR}/{}{}-{hash8}.{ext}", self.sub, self.stem),
        }
    }
}

/// Site URL of an output path, percent-encoding anything that could break an attribute or a
/// `srcset` list (spaces, commas, non-ASCII).
fn url(path: &str) -> String {
    let mut out = String::from("/");
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn svg(name: &Name, hash: &str, bytes: Vec<u8>) -> Result<(ImageInfo, Vec<Output>)> {
    let (width, height) = svg_size(&bytes).context("reading the SVG's size")?;
    let path = name.output(hash, None, "svg");
    let info = ImageInfo { src: url(&path), width, height, srcset: String::new(), sources: Vec::new() };
    Ok((info, vec![Output::new(path, bytes)]))
}

/// Intrinsic size of an SVG, from the root element's `width`/`height` (plain numbers or `px`),
/// else its `viewBox`; one of width/height plus a viewBox gives the other by aspect ratio.
fn svg_size(bytes: &[u8]) -> Result<(u32, u32)> {
    let text = std::str::from_utf8(bytes).map_err(|e| anyhow!("not UTF-8 text: {e}"))?;
    let attrs = svg_root_attributes(text)?;
    let get = |name: &str| attrs.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str());
    let width = get("width").and_then(svg_length);
    let height = get("height").and_then(svg_length);
    let view_box = get("viewBox").and_then(svg_view_box);
    let round = |v: f64| (v.round() as u32).max(1);
    match (width, height, view_box) {
        (Some(w), Some(h), _) => Ok((round(w), round(h))),
        (Some(w), None, Some((vw, vh))) => Ok((round(w), round(w * vh / vw))),
        (None, Some(h), Some((vw, vh))) => Ok((round(h * vw / vh), round(h))),
        (None, None, Some((vw, vh))) => Ok((round(vw), round(vh))),
        _ => bail!(
            "the root <svg> element has neither width and height (in px) nor a viewBox; add e.g. viewBox=\"0 0 100 100\""
        ),
    }
}

/// `"120"`, `"120px"`, `"120.5"`; `None` for relative units (`%`, `em`, …).
fn svg_length(value: &str) -> Option<f64> {
    let v = value.trim();
    let v = v.strip_suffix("px").unwrap_or(v).trim_end();
    let n: f64 = v.parse().ok()?;
    (n.is_finite() && n > 0.0).then_some(n)
}

fn svg_view_box(value: &str) -> Option<(f64, f64)> {
    let nums: Vec<f64> = value
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<f64>())
        .collect::<Result<_, _>>()
        .ok()?;
    match nums[..] {
        [_, _, w, h] if w.is_finite() && h.is_finite() && w > 0.0 && h > 0.0 => Some((w, h)),
        _ => None,
    }
}

/// The attributes of the root element, which must be `<svg>` (possibly `<prefix:svg>`), after
/// any BOM, XML declaration, processing instructions, comments and DOCTYPE.
fn svg_root_attributes(text: &str) -> Result<Vec<(&str, String)>> {
    let mut s = text.strip_prefix('\u{feff}').unwrap_or(text);
    loop {
        s = s.trim_start();
        if let Some(rest) = s.strip_prefix("<?") {
            let end = rest.find("?>").ok_or_else(|| anyhow!("unterminated <?…?>"))?;
            s = &rest[end + 2..];
        } else if let Some(rest) = s.strip_prefix("<!--") {
            let end = rest.find("-->").ok_or_else(|| anyhow!("unterminated comment"))?;
            s = &rest[end + 3..];
        } else if s.len() >= 9 && s[..9].eq_ignore_ascii_case("<!DOCTYPE") {
            // Skip to the closing `>`, past an internal subset in brackets and quoted strings.
            let mut depth = 0usize;
            let mut quote = None;
            let mut end = None;
            for (i, c) in s.char_indices().skip(9) {
                match (quote, c) {
                    (Some(q), c) if c == q => quote = None,
                    (Some(_), _) => {}
                    (None, '"' | '\'') => quote = Some(c),
                    (None, '[') => depth += 1,
                    (None, ']') => depth = depth.saturating_sub(1),
                    (None, '>') if depth == 0 => {
                        end = Some(i);
                        break;
                    }
                    _ => {}
                }
            }
            let end = end.ok_or_else(|| anyhow!("unterminated <!DOCTYPE"))?;
            s = &s[end + 1..];
        } else {
            break;
        }
    }
    let Some(rest) = s.strip_prefix('<') else { bail!("no <svg> root element found") };
    let name_end = rest.find(|c: char| c.is_whitespace() || c == '>' || c == '/').unwrap_or(rest.len());
    let tag = &rest[..name_end];
    if tag.rsplit(':').next() != Some("svg") {
        bail!("the root element is <{tag}>, not <svg>");
    }
    let mut s = &rest[name_end..];
    let mut attrs = Vec::new();
    loop {
        s = s.trim_start();
        if s.is_empty() {
            bail!("unterminated <svg> tag");
        }
        if s.starts_with('>') || s.starts_with("/>") {
            return Ok(attrs);
        }
        let end = s.find(|c: char| c.is_whitespace() || c == '=' || c == '>' || c == '/').unwrap_or(s.len());
        if end == 0 {
            // A stray `/` or similar: skip it.
            s = &s[1..];
            continue;
        }
        let name = &s[..end];
        s = s[end..].trim_start();
        let Some(rest) = s.strip_prefix('=') else {
            attrs.push((name, String::new()));
            continue;
        };
        let rest = rest.trim_start();
        let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'');
        let Some(q) = quote else { bail!("attribute {name} of <svg> has an unquoted value") };
        let body = &rest[1..];
        let close = body.find(q).ok_or_else(|| anyhow!("attribute {name} of <svg> has an unterminated value"))?;
        attrs.push((name, body[..close].to_string()));
        s = &body[close + 1..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    fn gradient(w: u32, h: u32) -> RgbImage {
        RgbImage::from_fn(w, h, |x, y| Rgb([(x * 255 / w) as u8, (y * 255 / h) as u8, ((x + y) % 256) as u8]))
    }

    fn encode_png(img: &DynamicImage) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        img.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    fn encode_jpeg(img: &RgbImage) -> Vec<u8> {
        let mut out = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90).encode_image(img).unwrap();
        out
    }

    struct Site {
        _dir: tempfile::TempDir,
        content: PathBuf,
        cache: PathBuf,
    }

    fn site(files: &[(&str, &[u8])]) -> Site {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        for (rel, bytes) in files {
            let p = content.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, bytes).unwrap();
        }
        let cache = dir.path().join("cache");
        Site { _dir: dir, content, cache }
    }

    fn webp_width(bytes: &[u8]) -> (u32, u32) {
        assert!(is_webp(bytes), "not a RIFF/WEBP file");
        let img = webp::Decoder::new(bytes).decode().expect("decodable WebP");
        (img.width(), img.height())
    }

    fn find<'a>(outs: &'a [Output], path: &str) -> &'a Output {
        outs.iter().find(|o| o.path == path).unwrap_or_else(|| panic!("no output {path} in {:?}", paths(outs)))
    }

    fn paths(outs: &[Output]) -> Vec<&str> {
        outs.iter().map(|o| o.path.as_str()).collect()
    }

    fn hash8(bytes: &[u8]) -> String {
        blake3::hash(bytes).to_hex()[..8].to_string()
    }

    #[test]
    fn pipeline_is_send_and_sync() {
        fn check<T: Send + Sync>() {}
        check::<ImagePipeline>();
    }

    fn check_raster(source: &[u8], rel: &str, stem: &str, ext: &str, fallback_format: ImageFormat) {
        let s = site(&[(rel, source)]);
        let pipeline = ImagePipeline::new(&s.content, &s.cache);
        let h = hash8(source);
        let full = blake3::hash(source).to_hex().to_string();

        let (info, outs) = pipeline.process(rel).unwrap();
        let name = |w: u32, e: &str| format!("images/listings/{stem}-{h}-{w}.{e}");
        assert_eq!(
            paths(&outs),
            vec![
                name(480, "webp"),
                name(480, ext),
                name(800, "webp"),
                name(800, ext),
                name(1000, "webp"),
                name(1000, ext)
            ]
        );
        assert_eq!(info.src, format!("/{}", name(1000, ext)));
        assert_eq!((info.width, info.height), (1000, 600));
        assert_eq!(
            info.srcset,
            format!("/{} 480w, /{} 800w, /{} 1000w", name(480, ext), name(800, ext), name(1000, ext))
        );
        assert_eq!(
            info.sources,
            vec![ImageSource {
                mime: "image/webp".into(),
                srcset: format!(
                    "/{} 480w, /{} 800w, /{} 1000w",
                    name(480, "webp"),
                    name(800, "webp"),
                    name(1000, "webp")
                ),
            }]
        );
        for (w, hgt) in [(480, 288), (800, 480), (1000, 600)] {
            assert_eq!(webp_width(&find(&outs, &name(w, "webp")).bytes), (w, hgt));
            let fb = image::load_from_memory_with_format(&find(&outs, &name(w, ext)).bytes, fallback_format).unwrap();
            assert_eq!((fb.width(), fb.height()), (w, hgt));
        }

        // The cache holds every variant and the size.
        for w in [480, 800, 1000] {
            assert!(s.cache.join(format!("{full}-{w}.webp")).is_file());
            assert!(s.cache.join(format!("{full}-{w}.{ext}")).is_file());
        }
        assert!(s.cache.join(format!("{full}.json")).is_file());

        // Second run: unchanged output, read from the cache. Tampering with a cached file proves
        // it (the tampered bytes come back instead of a fresh encode).
        let tampered = s.cache.join(format!("{full}-800.webp"));
        let mut bytes = std::fs::read(&tampered).unwrap();
        bytes.extend_from_slice(b"TAMPERED");
        std::fs::write(&tampered, &bytes).unwrap();
        let (info2, outs2) = pipeline.process(rel).unwrap();
        assert_eq!(info2, info);
        assert_eq!(find(&outs2, &name(800, "webp")).bytes, bytes);
        for o in &outs2 {
            if o.path != name(800, "webp") {
                assert_eq!(o.bytes, find(&outs, &o.path).bytes, "{}", o.path);
            }
        }

        // A fully cached image is not even decoded.
        let meta: Meta = serde_json::from_slice(&std::fs::read(s.cache.join(format!("{full}.json"))).unwrap()).unwrap();
        assert_eq!((meta.width, meta.height), (1000, 600));
        let before = DECODES.with(|d| d.get());
        pipeline.process(rel).unwrap();
        assert_eq!(DECODES.with(|d| d.get()), before);

        // Without the metadata the cached variants are not trusted (they may be from older
        // settings): everything is encoded afresh.
        std::fs::remove_file(s.cache.join(format!("{full}.json"))).unwrap();
        let (_, outs3) = pipeline.process(rel).unwrap();
        assert_eq!(find(&outs3, &name(800, "webp")).bytes, find(&outs, &name(800, "webp")).bytes);
        assert!(s.cache.join(format!("{full}.json")).is_file());
    }

    #[test]
    fn png_gives_webp_and_png_variants() {
        let png = encode_png(&DynamicImage::ImageRgb8(gradient(1000, 600)));
        check_raster(&png, "images/listings/house.png", "house", "png", ImageFormat::Png);
    }

    #[test]
    fn jpeg_gives_webp_and_jpeg_variants() {
        let jpg = encode_jpeg(&gradient(1000, 600));
        check_raster(&jpg, "images/listings/house.jpg", "house", "jpg", ImageFormat::Jpeg);
    }

    #[test]
    fn jpeg_extension_variants_and_case() {
        let jpg = encode_jpeg(&gradient(300, 200));
        let s = site(&[("images/a/B.JPEG", &jpg)]);
        let (info, outs) = ImagePipeline::new(&s.content, &s.cache).process("images/a/B.JPEG").unwrap();
        let h = hash8(&jpg);
        assert_eq!(paths(&outs), vec![format!("images/a/B-{h}-300.webp"), format!("images/a/B-{h}-300.jpg")]);
        assert_eq!((info.width, info.height), (300, 200));
    }

    #[test]
    fn png_with_transparency_keeps_alpha() {
        let img =
            RgbaImage::from_fn(600, 400, |x, _| if x < 300 { Rgba([0, 0, 0, 0]) } else { Rgba([200, 30, 30, 255]) });
        let png = encode_png(&DynamicImage::ImageRgba8(img));
        let s = site(&[("images/logo.png", &png)]);
        let (info, outs) = ImagePipeline::new(&s.content, &s.cache).process("images/logo.png").unwrap();
        let h = hash8(&png);
        assert_eq!(info.srcset, format!("/images/logo-{h}-480.png 480w, /images/logo-{h}-600.png 600w"));
        let small =
            image::load_from_memory(&find(&outs, &format!("images/logo-{h}-480.png")).bytes).unwrap().into_rgba8();
        assert_eq!(small.dimensions(), (480, 320));
        assert_eq!(small.get_pixel(10, 10).0[3], 0);
        // No dark fringe from the transparent (black) half bleeding into the red half.
        let edge = small.get_pixel(241, 100).0;
        assert!(edge[3] > 0 && edge[0] > 190, "edge pixel {edge:?}");
        let webp = webp::Decoder::new(&find(&outs, &format!("images/logo-{h}-480.webp")).bytes).decode().unwrap();
        assert_eq!(webp.width(), 480);
        assert!(webp::BitstreamFeatures::new(&find(&outs, &format!("images/logo-{h}-480.webp")).bytes)
            .unwrap()
            .has_alpha());
    }

    #[test]
    fn webp_source_falls_back_to_jpeg() {
        let img = gradient(900, 300);
        let webp = webp::Encoder::from_rgb(img.as_raw(), 900, 300).encode(80.0).to_vec();
        let s = site(&[("images/w.webp", &webp)]);
        let (info, outs) = ImagePipeline::new(&s.content, &s.cache).process("images/w.webp").unwrap();
        let h = hash8(&webp);
        assert_eq!(info.src, format!("/images/w-{h}-900.jpg"));
        assert_eq!((info.width, info.height), (900, 300));
        assert_eq!(outs.len(), 6);
        assert_eq!(webp_width(&find(&outs, &format!("images/w-{h}-800.webp")).bytes), (800, 267));
    }

    #[test]
    fn wide_sources_stop_at_the_largest_width() {
        let png = encode_png(&DynamicImage::ImageRgb8(gradient(3001, 90)));
        let s = site(&[("banner.png", &png)]);
        let (info, outs) = ImagePipeline::new(&s.content, &s.cache).process("banner.png").unwrap();
        let h = hash8(&png);
        assert_eq!(outs.len(), 10);
        assert_eq!(info.src, format!("/images/banner-{h}-2400.png"));
        // 90 × 2400 / 3001 = 71.98 → 72
        assert_eq!((info.width, info.height), (2400, 72));
        assert!(
            info.srcset.ends_with(&format!("-1600.png 1600w, /images/banner-{h}-2400.png 2400w")),
            "{}",
            info.srcset
        );
        assert_eq!(webp_width(&find(&outs, &format!("images/banner-{h}-2400.webp")).bytes), (2400, 72));
    }

    #[test]
    fn exact_width_is_not_duplicated() {
        let jpg = encode_jpeg(&gradient(800, 100));
        let s = site(&[("images/x.jpg", &jpg)]);
        let (info, _) = ImagePipeline::new(&s.content, &s.cache).process("images/x.jpg").unwrap();
        let h = hash8(&jpg);
        assert_eq!(info.srcset, format!("/images/x-{h}-480.jpg 480w, /images/x-{h}-800.jpg 800w"));
    }

    #[test]
    fn svg_with_width_and_height() {
        let svg = br#"<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: something, with a <svg width="1" height="1"> in a comment -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [ <!ENTITY ns "x"> ]>
<svg xmlns="http://www.w3.org/2000/svg"
     width="120px" height = '80' viewBox="0 0 12 8"><rect width="5" height="5"/></svg>"#;
        let s = site(&[("images/brand/logo.svg", svg)]);
        let (info, outs) = ImagePipeline::new(&s.content, &s.cache).process("images/brand/logo.svg").unwrap();
        let path = format!("images/brand/logo-{}.svg", hash8(svg));
        assert_eq!(
            info,
            ImageInfo { src: format!("/{path}"), width: 120, height: 80, srcset: String::new(), sources: vec![] }
        );
        assert_eq!(outs, vec![Output::new(path, svg.to_vec())]);
    }

    #[test]
    fn svg_with_only_a_view_box() {
        let svg = b"\xEF\xBB\xBF<svg xmlns='http://www.w3.org/2000/svg' viewBox='0,0 64.4 32'><circle r='3'/></svg>";
        let s = site(&[("images/favicon.svg", svg)]);
        let (info, _) = ImagePipeline::new(&s.content, &s.cache).process("images/favicon.svg").unwrap();
        assert_eq!((info.width, info.height), (64, 32));
        assert_eq!(info.src, format!("/images/favicon-{}.svg", hash8(svg)));
        assert!(info.srcset.is_empty() && info.sources.is_empty());
    }

    #[test]
    fn svg_sizes() {
        let size = |s: &str| svg_size(s.as_bytes()).map_err(|e| e.to_string());
        assert_eq!(size(r#"<svg width="100%" height="100%" viewBox="0 0 300 150"/>"#), Ok((300, 150)));
        assert_eq!(size(r#"<svg width="600" viewBox="0 0 300 150"/>"#), Ok((600, 300)));
        assert_eq!(size(r#"<svg height="50px" viewBox="0 0 300 150"></svg>"#), Ok((100, 50)));
        assert_eq!(size(r#"<svg:svg xmlns:svg="http://www.w3.org/2000/svg" width="10.6" height="3"/>"#), Ok((11, 3)));
        assert!(size(r#"<svg width="100%"/>"#).unwrap_err().contains("viewBox"));
        assert!(size(r#"<html><svg width="1" height="1"/></html>"#).unwrap_err().contains("<html>"));
        assert!(size("<svg width='1").is_err());
        assert!(size("hello").is_err());
    }

    #[test]
    fn svg_without_size_names_the_file() {
        let s = site(&[("images/bad.svg", b"<svg xmlns='http://www.w3.org/2000/svg'><g/></svg>")]);
        let err = ImagePipeline::new(&s.content, &s.cache).process("images/bad.svg").unwrap_err();
        let text = format!("{err:#}");
        assert!(text.contains("images/bad.svg") && text.contains("viewBox"), "{text}");
    }

    #[test]
    fn missing_file_names_the_path() {
        let s = site(&[]);
        let err = ImagePipeline::new(&s.content, &s.cache).process("images/listings/nope.jpg").unwrap_err();
        let text = format!("{err:#}");
        assert!(text.starts_with("processing images/listings/nope.jpg"), "{text}");
        assert!(text.contains("reading") && text.contains("nope.jpg"), "{text}");
    }

    #[test]
    fn garbage_bytes_fail_with_context() {
        let s = site(&[("images/x.jpg", b"this is not a jpeg"), ("images/y.png", b"\x89PNG\r\n\x1a\nbroken")]);
        let p = ImagePipeline::new(&s.content, &s.cache);
        let chain: Vec<String> = p.process("images/x.jpg").unwrap_err().chain().map(|e| e.to_string()).collect();
        assert_eq!(chain[0], "processing images/x.jpg");
        assert_eq!(chain[1], "decoding JPEG");
        assert!(chain.len() >= 3, "{chain:?}");
        let text = format!("{:#}", p.process("images/y.png").unwrap_err());
        assert!(text.starts_with("processing images/y.png: decoding PNG: "), "{text}");
    }

    #[test]
    fn unsupported_and_unsafe_paths() {
        let s = site(&[("images/a.gif", b"GIF89a")]);
        let p = ImagePipeline::new(&s.content, &s.cache);
        assert!(format!("{:#}", p.process("images/a.gif").unwrap_err()).contains("unsupported image type .gif"));
        assert!(format!("{:#}", p.process("../secret.png").unwrap_err()).contains(".."));
        assert!(format!("{:#}", p.process("/etc/x.png").unwrap_err()).contains("relative"));
    }

    #[test]
    fn url_escapes_what_srcset_cannot_hold() {
        assert_eq!(url("images/a b,c-é.jpg"), "/images/a%20b%2Cc-%C3%A9.jpg");
    }

    #[test]
    fn widths() {
        assert_eq!(variant_widths(&WIDTHS, 300), vec![300]);
        assert_eq!(variant_widths(&WIDTHS, 1000), vec![480, 800, 1000]);
        assert_eq!(variant_widths(&WIDTHS, 2400), vec![480, 800, 1200, 1600, 2400]);
        assert_eq!(variant_widths(&WIDTHS, 5000), vec![480, 800, 1200, 1600, 2400]);
    }
}
