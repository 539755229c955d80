//! Each sample listing's own first photo (`generator import reso --sample --photos`), so that a
//! build meets as many distinct photos as listings, as with a real feed: what a feed's photos
//! cost to encode, keep and upload can then be measured here. The site's own images are SVG
//! drawings, so the photos are made: a scene with a photo's grain (its entropy is what encoding
//! costs), each listing's a different crop of it with its own mark, sized as an MLS photo (a
//! 1600 × 1067 JPEG), all different in their bytes.

use crate::photos;
use crate::record::Property;
use crate::sample::MEDIA_ORIGIN;
use anyhow::{Context, Result};
use image::{imageops, RgbImage};
use rayon::prelude::*;
use serde_json::Value;
use std::path::Path;

const WIDTH: u32 = 1600;
const HEIGHT: u32 = 1067;
const QUALITY: u8 = 85;

/// The URL the sample names for a listing's own photo.
pub fn url(listing_key: &str) -> String {
    format!("{MEDIA_ORIGIN}photos/{listing_key}.jpg")
}

/// Points each record's first photo at its own (`url`).
pub fn name_own(records: &mut [Value]) {
    for r in records {
        let Some(key) = r.get("ListingKey").and_then(Value::as_str).map(str::to_string) else { continue };
        if let Some(first) = r.get_mut("Media").and_then(|m| m.get_mut(0)) {
            first["MediaURL"] = Value::String(url(&key));
        }
    }
}

/// Writes into the photo cache the own photo of each of `listings` not there yet; returns how
/// many it wrote.
pub fn write(dir: &Path, listings: &[&Property]) -> Result<usize> {
    let todo: Vec<&Property> =
        listings.iter().copied().filter(|p| photos::first(p).is_some_and(|u| !photos::is_cached(dir, u))).collect();
    if todo.is_empty() {
        return Ok(0);
    }
    let scene = scene();
    todo.par_iter()
        .map(|p| {
            let jpeg = photo(&scene, &p.listing_key)?;
            photos::keep(dir, photos::first(p).expect("filtered on it"), &jpeg)
        })
        .collect::<Result<Vec<()>>>()?;
    Ok(todo.len())
}

/// The margin the crops move in.
const MARGIN: (u32, u32) = (200, 133);

/// Sky, water, a house's blocks and a lawn, with grain.
fn scene() -> RgbImage {
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut grain = move || {
        // xorshift64*: fast, and enough for grain. ±12 makes the JPEG ~400 KB, as an MLS's
        // photo of this size is (±32 made 1.2 MB: white noise, which no real photo is).
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        ((state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) % 25) as i16 - 12
    };
    let (w, h) = (WIDTH + MARGIN.0, HEIGHT + MARGIN.1);
    RgbImage::from_fn(w, h, |x, y| {
        let (fx, fy) = (x as f32 / w as f32, y as f32 / h as f32);
        let base: [f32; 3] = if fy < 0.45 {
            [120.0 + 100.0 * fy, 170.0 + 60.0 * fy, 230.0 - 20.0 * fy]
        } else if fy < 0.55 {
            [60.0, 120.0 + 40.0 * fx, 140.0]
        } else if (0.3..0.7).contains(&fx) && fy < 0.8 {
            let stripe = if (x / 24) % 2 == 0 { 235.0 } else { 215.0 };
            [stripe, stripe - 10.0, stripe - 25.0]
        } else {
            [70.0 + 40.0 * fy, 130.0 + 30.0 * fx, 60.0]
        };
        image::Rgb(base.map(|c| (c as i16 + grain()).clamp(0, 255) as u8))
    })
}

/// A listing's photo: its crop of the scene, chosen by its key, and a mark of the key's bytes.
fn photo(scene: &RgbImage, key: &str) -> Result<Vec<u8>> {
    let seed = blake3::hash(key.as_bytes());
    let b = seed.as_bytes();
    let x = u32::from(u16::from_le_bytes([b[0], b[1]])) % MARGIN.0;
    let y = u32::from(u16::from_le_bytes([b[2], b[3]])) % MARGIN.1;
    let mut img = imageops::crop_imm(scene, x, y, WIDTH, HEIGHT).to_image();
    for (i, byte) in b.iter().enumerate() {
        let fill = image::Rgb([*byte, byte.rotate_left(3), byte.rotate_left(5)]);
        for dy in 0..8 {
            for dx in 0..8 {
                img.put_pixel(16 + (i as u32 % 8) * 8 + dx, 16 + (i as u32 / 8) * 8 + dy, fill);
            }
        }
    }
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, QUALITY)
        .encode_image(&img)
        .context("encoding a sample photo")?;
    Ok(out)
}

#[cfg(test)]
mod measure {
    use super::*;
    use jax_images::{Formats, ImagePipeline};

    /// This process's CPU seconds so far (user and system, from /proc).
    fn cpu_seconds() -> f64 {
        let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
        let fields: Vec<&str> = stat.rsplit_once(')').unwrap().1.split_whitespace().collect();
        let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
        ticks / 100.0
    }

    /// What a photo costs to encode at the gallery's two widths, against the first photo's four:
    /// `cargo test -p jax-mls --release -- --ignored --nocapture measure` (figures in deploy.md).
    #[test]
    #[ignore]
    fn measure_the_encoding_of_sample_photos() {
        let n = 40;
        let tmp = tempfile::tempdir().unwrap();
        let scene = scene();
        let files: Vec<_> = (0..n)
            .map(|i| {
                let path = tmp.path().join(format!("p{i}.jpg"));
                std::fs::write(&path, photo(&scene, &format!("MEASURE-{i}")).unwrap()).unwrap();
                path
            })
            .collect();
        let source: u64 = files.iter().map(|f| f.metadata().unwrap().len()).sum();
        for (what, two) in [("four widths (480 to 1600)", false), ("two widths (800, 1600)", true)] {
            let pipeline = ImagePipeline::new(tmp.path(), &tmp.path().join(format!("cache-{two}")));
            let (cpu, wall) = (cpu_seconds(), std::time::Instant::now());
            let mut bytes = 0;
            for (i, f) in files.iter().enumerate() {
                let name = format!("images/mls/m-{i}.jpg");
                let (_, out) = match two {
                    true => pipeline.process_file_at(f, &name, crate::gallery_photos::WIDTHS, Formats::WebpOnly),
                    false => pipeline.process_file(f, &name, 1600, Formats::WebpOnly),
                }
                .unwrap();
                bytes += out.iter().map(|o| o.bytes.len()).sum::<usize>();
            }
            let (cpu, wall) = (cpu_seconds() - cpu, wall.elapsed().as_secs_f64());
            println!(
                "{what}: {n} photos of {} KB: {:.3} s CPU and {:.3} s wall a photo, {} KB of WebP a photo",
                source / n as u64 / 1000,
                cpu / n as f64,
                wall / n as f64,
                bytes / n / 1000
            );
        }
    }
}
