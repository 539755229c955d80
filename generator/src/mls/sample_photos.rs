//! Each sample listing's own first photo (`generator import reso --sample --photos`), so that a
//! build meets as many distinct photos as listings, as with a real feed: what a feed's photos
//! cost to encode, keep and upload can then be measured here. Each is a crop of one of the site's
//! images, tinted and sized as an MLS photo (a 1600 × 1067 JPEG), all different in their bytes.

use super::photos;
use super::record::Property;
use super::sample::MEDIA_ORIGIN;
use anyhow::{bail, Context, Result};
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

/// Writes into the photo cache the own photo of each of `listings` not there yet, from the images
/// at `bases` (JPEG or PNG); returns how many it wrote.
pub fn write(dir: &Path, listings: &[&Property], bases: &[&Path]) -> Result<usize> {
    let bases: Vec<RgbImage> = bases
        .iter()
        .map(|p| {
            let bytes = std::fs::read(p).with_context(|| format!("reading {}", p.display()))?;
            Ok(image::load_from_memory(&bytes).with_context(|| format!("decoding {}", p.display()))?.to_rgb8())
        })
        .collect::<Result<_>>()?;
    if bases.is_empty() {
        bail!("the sample's own photos need at least one of the site's images");
    }
    let todo: Vec<&Property> =
        listings.iter().copied().filter(|p| photos::first(p).is_some_and(|u| !photos::is_cached(dir, u))).collect();
    todo.par_iter()
        .map(|p| {
            let jpeg = photo(&bases, &p.listing_key)?;
            photos::keep(dir, photos::first(p).expect("filtered on it"), &jpeg)
        })
        .collect::<Result<Vec<()>>>()?;
    Ok(todo.len())
}

/// A listing's photo: its base, crop and tint chosen by its key.
fn photo(bases: &[RgbImage], key: &str) -> Result<Vec<u8>> {
    let seed = blake3::hash(key.as_bytes());
    let b = seed.as_bytes();
    let base = &bases[b[0] as usize % bases.len()];
    // Four fifths of the base, somewhere in it.
    let (w, h) = (base.width() * 4 / 5, base.height() * 4 / 5);
    let x = u32::from(u16::from_le_bytes([b[1], b[2]])) % (base.width() - w + 1);
    let y = u32::from(u16::from_le_bytes([b[3], b[4]])) % (base.height() - h + 1);
    let mut img = imageops::resize(
        &imageops::crop_imm(base, x, y, w, h).to_image(),
        WIDTH,
        HEIGHT,
        imageops::FilterType::Triangle,
    );
    let tint = [b[5], b[6], b[7]].map(|t| 0.85 + f32::from(t) / 255.0 * 0.3);
    for px in img.pixels_mut() {
        for (c, t) in px.0.iter_mut().zip(tint) {
            *c = (f32::from(*c) * t).min(255.0) as u8;
        }
    }
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, QUALITY)
        .encode_image(&img)
        .context("encoding a sample photo")?;
    Ok(out)
}
