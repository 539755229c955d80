//! Codecs: decoding JPEG/PNG/WebP sources, resizing, and encoding WebP plus a JPEG or PNG
//! fallback.

use super::cache::Meta;
use super::scaled_height;
use anyhow::{anyhow, bail, Context, Result};
use image::imageops::FilterType;
use image::{DynamicImage, ImageBuffer, ImageDecoder, ImageFormat, ImageReader, RgbImage, Rgba, RgbaImage};
use std::io::Cursor;

const WEBP_QUALITY: f32 = 78.0;
const JPEG_QUALITY: u8 = 82;
const RESIZE_FILTER: FilterType = FilterType::Lanczos3;
/// Recorded in each image's cache metadata: when the encoding settings change, cached variants
/// made with the old ones are ignored and replaced. Change it whenever the output would differ.
pub(super) const CACHE_SETTINGS: &str = "v1 webp-q78 jpeg-q82 png-default lanczos3-premultiplied exif-orientation";

/// A raster format, of a source or of a file made from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Raster {
    Jpeg,
    Png,
    WebP,
}

/// The format a file's first bytes (its signature) say it is in.
pub(super) fn format_from_signature(bytes: &[u8]) -> Option<Raster> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(Raster::Jpeg)
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(Raster::Png)
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(Raster::WebP)
    } else {
        None
    }
}

/// The format of the `<img>` fallback next to WebP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Fallback {
    Jpeg,
    Png,
}

impl Fallback {
    /// The source's format; a WebP source falls back to JPEG, or PNG when it has transparency.
    pub fn for_source(source: Raster, alpha: bool) -> Fallback {
        match (source, alpha) {
            (Raster::Jpeg, _) => Fallback::Jpeg,
            (Raster::Png, _) => Fallback::Png,
            (Raster::WebP, true) => Fallback::Png,
            (Raster::WebP, false) => Fallback::Jpeg,
        }
    }

    pub fn ext(self) -> &'static str {
        match self {
            Fallback::Jpeg => "jpg",
            Fallback::Png => "png",
        }
    }

    pub fn raster(self) -> Raster {
        match self {
            Fallback::Jpeg => Raster::Jpeg,
            Fallback::Png => Raster::Png,
        }
    }
}

/// The two files of one width.
#[derive(Debug, Clone)]
pub(super) struct Variant {
    pub webp: Vec<u8>,
    pub fallback: Vec<u8>,
}

#[cfg(test)]
thread_local! {
    /// How many images this thread decoded, to prove the cache spares decoding.
    pub(super) static DECODES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}
/// A source image decoded to 8-bit RGB, or RGBA when it has transparency.
pub(super) struct Decoded {
    pixels: Pixels,
}

enum Pixels {
    Rgb(RgbImage),
    Rgba(RgbaImage),
}

impl Decoded {
    pub fn new(bytes: &[u8], format: Raster) -> Result<Self> {
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

    pub fn meta(&self) -> Meta {
        let (width, height) = self.dimensions();
        Meta::new(width, height, matches!(self.pixels, Pixels::Rgba(_)))
    }

    /// The WebP and fallback files of the variant `w` pixels wide.
    pub fn encode(&self, w: u32, fallback: Fallback) -> Result<Variant> {
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
