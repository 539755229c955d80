//! Codecs: decoding JPEG/PNG/WebP sources, resizing, and encoding WebP plus a JPEG or PNG
//! fallback.

use anyhow::{anyhow, bail, Context, Result};
use fast_image_resize::images::{TypedImage, TypedImageRef};
use fast_image_resize::pixels::{U8x3, U8x4};
use fast_image_resize::{FilterType, PixelTrait, ResizeAlg, ResizeOptions, Resizer};
use image::{DynamicImage, ExtendedColorType, ImageDecoder, ImageEncoder, ImageFormat, ImageReader};
use jax_model::signatures;
use std::io::Cursor;

const WEBP_QUALITY: f32 = 78.0;
const JPEG_QUALITY: u8 = 82;
const RESIZE: ResizeAlg = ResizeAlg::Convolution(FilterType::Lanczos3);
/// Recorded in each image's cache metadata: when the encoding settings change, cached variants
/// made with the old ones are ignored and replaced. Change it whenever the output would differ.
pub(super) const CACHE_SETTINGS: &str = "v2 webp-q78 jpeg-q82 png-default fir-lanczos3-premultiplied exif-orientation";

/// A raster format, of a source or of a file made from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Raster {
    Jpeg,
    Png,
    WebP,
}

/// The format a file's first bytes (its signature) say it is in.
pub(super) fn format_from_signature(bytes: &[u8]) -> Option<Raster> {
    if bytes.starts_with(signatures::JPEG) {
        Some(Raster::Jpeg)
    } else if bytes.starts_with(signatures::PNG) {
        Some(Raster::Png)
    } else if signatures::is_webp(bytes) {
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

/// The files of one width: WebP, and the fallback when one is made.
#[derive(Debug, Clone)]
pub(super) struct Variant {
    pub webp: Vec<u8>,
    pub fallback: Option<Vec<u8>>,
}

/// The height of a variant `width` pixels wide, in the source's proportions (at least 1).
pub(super) fn scaled_height(src_width: u32, src_height: u32, width: u32) -> u32 {
    if width == src_width {
        return src_height;
    }
    ((src_height as f64 * width as f64 / src_width as f64).round() as u32).max(1)
}

#[cfg(test)]
thread_local! {
    /// How many images this thread decoded, to prove the cache spares decoding.
    pub(super) static DECODES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// A source image decoded to 8-bit RGB, or RGBA when some pixel is not opaque.
pub(super) struct Decoded {
    pub width: u32,
    pub height: u32,
    pub alpha: bool,
    /// RGB or RGBA bytes, row after row.
    pixels: Vec<u8>,
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
        let (width, height) = (img.width(), img.height());
        if width == 0 || height == 0 {
            bail!("the image is empty ({width}×{height})");
        }
        if img.color().has_alpha() {
            Ok(Decoded::from_rgba(width, height, img.into_rgba8().into_raw()))
        } else {
            Ok(Decoded { width, height, alpha: false, pixels: img.into_rgb8().into_raw() })
        }
    }

    /// An SVG's drawing rendered `width` pixels wide.
    pub fn from_svg(bytes: &[u8], width: u32) -> Result<Self> {
        #[cfg(test)]
        DECODES.with(|d| d.set(d.get() + 1));
        let (height, rgba) = super::svg::render(bytes, width)?;
        Ok(Decoded::from_rgba(width, height, rgba))
    }

    /// RGBA pixels, kept as RGB when every one is opaque.
    fn from_rgba(width: u32, height: u32, rgba: Vec<u8>) -> Self {
        if rgba.chunks_exact(4).any(|p| p[3] != 255) {
            Decoded { width, height, alpha: true, pixels: rgba }
        } else {
            Decoded { width, height, alpha: false, pixels: drop_alpha(rgba) }
        }
    }

    /// The WebP file of the variant `w` pixels wide, and its `fallback` file if asked for.
    pub fn encode(&self, w: u32, fallback: Option<Fallback>) -> Result<Variant> {
        let h = scaled_height(self.width, self.height, w);
        let resized;
        let pixels = if w == self.width {
            &self.pixels
        } else {
            resized = self.resize(w, h).context("resizing")?;
            &resized
        };
        let (webp, fallback) = rayon::join(
            || encode_webp(pixels, w, h, self.alpha),
            || fallback.map(|f| encode_fallback(pixels, w, h, self.alpha, f)).transpose(),
        );
        Ok(Variant { webp: webp?, fallback: fallback? })
    }

    /// fast_image_resize premultiplies RGBA by its alpha while resizing, so fully transparent
    /// pixels' colours do not bleed into the visible edge.
    fn resize(&self, w: u32, h: u32) -> Result<Vec<u8>> {
        if self.alpha {
            self.resize_as::<U8x4>(w, h)
        } else {
            self.resize_as::<U8x3>(w, h)
        }
    }

    /// Typed, so only the two pixel types used are compiled in (the untyped `Resizer::resize`
    /// brings all thirteen into the binary).
    fn resize_as<P: PixelTrait>(&self, w: u32, h: u32) -> Result<Vec<u8>> {
        let src = TypedImageRef::<P>::from_buffer(self.width, self.height, &self.pixels)?;
        let mut out = vec![0; w as usize * h as usize * P::size()];
        let mut dst = TypedImage::<P>::from_buffer(w, h, &mut out)?;
        Resizer::new().resize_typed(&src, &mut dst, &ResizeOptions::new().resize_alg(RESIZE))?;
        Ok(out)
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

/// RGBA to RGB in the same buffer, so an opaque PNG with an alpha channel is not held twice.
fn drop_alpha(mut rgba: Vec<u8>) -> Vec<u8> {
    let pixels = rgba.len() / 4;
    for i in 0..pixels {
        rgba.copy_within(i * 4..i * 4 + 3, i * 3);
    }
    rgba.truncate(pixels * 3);
    rgba.shrink_to_fit();
    rgba
}

fn encode_webp(pixels: &[u8], w: u32, h: u32, alpha: bool) -> Result<Vec<u8>> {
    let layout = if alpha { webp::PixelLayout::Rgba } else { webp::PixelLayout::Rgb };
    let memory = webp::Encoder::new(pixels, layout, w, h)
        .encode_simple(false, WEBP_QUALITY)
        .map_err(|e| anyhow!("libwebp failed: {e:?}"))
        .context("encoding WebP")?;
    Ok(memory.to_vec())
}

fn encode_fallback(pixels: &[u8], w: u32, h: u32, alpha: bool, format: Fallback) -> Result<Vec<u8>> {
    let color = if alpha { ExtendedColorType::Rgba8 } else { ExtendedColorType::Rgb8 };
    let mut out = Vec::new();
    match format {
        Fallback::Jpeg => image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY)
            .write_image(pixels, w, h, color)
            .context("encoding JPEG")?,
        Fallback::Png => image::codecs::png::PngEncoder::new_with_quality(
            &mut out,
            image::codecs::png::CompressionType::Default,
            image::codecs::png::FilterType::Adaptive,
        )
        .write_image(pixels, w, h, color)
        .context("encoding PNG")?,
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgba, RgbaImage};

    fn png(img: RgbaImage) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        DynamicImage::ImageRgba8(img).write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn an_opaque_alpha_channel_is_dropped() {
        let d = Decoded::new(&png(RgbaImage::from_fn(3, 2, |x, y| Rgba([x as u8, y as u8, 7, 255]))), Raster::Png);
        let d = d.unwrap();
        assert!(!d.alpha);
        assert_eq!(d.pixels, [0, 0, 7, 1, 0, 7, 2, 0, 7, 0, 1, 7, 1, 1, 7, 2, 1, 7]);
        let d = Decoded::new(&png(RgbaImage::from_pixel(3, 2, Rgba([1, 2, 3, 254]))), Raster::Png).unwrap();
        assert!(d.alpha && d.pixels.len() == 24);
    }

    #[test]
    fn signatures() {
        assert_eq!(format_from_signature(b"\xFF\xD8\xFF\xE0"), Some(Raster::Jpeg));
        assert_eq!(format_from_signature(b"\x89PNG\r\n\x1a\n"), Some(Raster::Png));
        assert_eq!(format_from_signature(b"RIFF\0\0\0\0WEBPVP8 "), Some(Raster::WebP));
        assert_eq!(format_from_signature(b"RIFF\0\0\0\0WAVE"), None);
        assert_eq!(format_from_signature(b"GIF89a"), None);
    }
}
