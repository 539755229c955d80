//! With `mls.photos: all`, a listing's photos after its first are hosted too: downloaded into the
//! same cache, encoded by the same pipeline at the two widths its page's gallery needs, sent to
//! the same bucket and remembered in the same record, under keys of their own. The page shows a
//! hosted photo from its files (`Home::gallery`) and one not hosted yet from the media host.

use crate::in_bucket::{Photos, Shown};
use crate::record::Property;
use jax_images::{Formats, ImageInfo, ImagePipeline};
use jax_output::Output;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

pub use jax_model::mls::PhotoSet;

/// The gallery's two widths: its thumbnails and listed photos (at most ~400 CSS px at 2×), and
/// the viewer at full screen (the first photo's widest).
pub const WIDTHS: &[u32] = &[800, 1600];

/// The photos after the first `set` hosts, in the MLS's order: none with `first`.
pub fn others(p: &Property, set: PhotoSet) -> impl Iterator<Item = &str> {
    let take = if set == PhotoSet::All { usize::MAX } else { 0 };
    p.photos().skip(1).take(take).map(|m| m.media_url.as_str())
}

/// Every photo `set` hosts: the first, then the others.
pub fn wanted(p: &Property, set: PhotoSet) -> impl Iterator<Item = &str> {
    crate::photo_keys::first(p).into_iter().chain(others(p, set))
}

/// The record's key of a photo after the first (a first photo's is its URL's stem alone): the
/// same URL as a first photo elsewhere has other widths, so another entry.
pub fn record_key(url: &str) -> String {
    format!("{}-gallery", crate::photo_keys::stem(url))
}

/// The bucket key's stem of a listing's photo after the first: its page's slug and its URL's
/// stem, so it stays while the listing's photos are reordered.
fn name(slug: &str, url: &str, ext: &str) -> String {
    let stem = crate::photo_keys::stem(url);
    format!("{}{slug}-{}.{ext}", crate::photo_keys::PREFIX, &stem[..16])
}

/// A listing's hosted photos after the first: by media URL, the record's entries, the files made.
pub(crate) type Hosted = (BTreeMap<String, ImageInfo>, Vec<(String, Shown)>, Vec<Output>);

/// The photos after the first of one listing as its page shows them (by media URL), with the
/// record's entries and the files made. A photo in `sent` is shown from it, with no file; one
/// in the cache is encoded; one the pipeline cannot read stays on the media host, with a warning.
pub(crate) fn process(
    pipeline: &ImagePipeline,
    p: &Property,
    slug: &str,
    set: PhotoSet,
    cached: &HashMap<String, PathBuf>,
    sent: &Photos,
) -> Hosted {
    let (mut shown_by_url, mut records, mut files) = (BTreeMap::new(), Vec::new(), Vec::new());
    for url in others(p, set) {
        let key = record_key(url);
        let shown = if let Some(s) = sent.photos.get(&key) {
            s.clone()
        } else if let Some(file) = cached.get(&crate::photo_keys::stem(url)) {
            let ext = file.extension().map_or("jpg".into(), |x| x.to_string_lossy());
            match pipeline.process_file_at(file, &name(slug, url, &ext), WIDTHS, Formats::WebpOnly) {
                Ok((image, made)) => {
                    let keys = made.iter().map(|f| f.path.clone()).collect();
                    files.extend(made);
                    Shown { image, keys }
                }
                Err(e) => {
                    eprintln!("warning: ListingKey {}: Media: {e:#}; shown from the media host", p.listing_key);
                    continue;
                }
            }
        } else {
            continue;
        };
        shown_by_url.insert(url.to_string(), shown.image.clone());
        records.push((key, shown));
    }
    (shown_by_url, records, files)
}

/// The same images served from `origin` (the bucket's), when given.
pub(crate) fn served_from(shown: BTreeMap<String, ImageInfo>, origin: Option<&str>) -> BTreeMap<String, ImageInfo> {
    match origin {
        Some(o) => shown.into_iter().map(|(url, i)| (url, i.served_from(o))).collect(),
        None => shown,
    }
}

/// Whether the photos the bucket holds include `url` as `set` wants it (first or not).
pub(crate) fn is_sent(sent: &Photos, url: &str, first: bool) -> bool {
    let key = if first { crate::photo_keys::stem(url) } else { record_key(url) };
    sent.photos.contains_key(&key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn listing(urls: &[&str]) -> Property {
        let media: Vec<_> = urls.iter().enumerate().map(|(i, u)| json!({"MediaURL": u, "Order": i})).collect();
        let record = json!({
            "ListingKey": "A1", "ListingId": "910001", "StandardStatus": "Active", "ListPrice": 650000,
            "UnparsedAddress": "1200 Riverside Ave", "City": "Jacksonville", "PostalCode": "32204",
            "ListOfficeName": "River City Realty", "ModificationTimestamp": "2026-11-21T10:00:00Z", "Media": media,
        });
        crate::check::check(&record, "x").unwrap()
    }

    #[test]
    fn first_hosts_the_first_photo_alone_and_all_every_one_in_order() {
        let p = listing(&["https://m.example/1.jpg", "https://m.example/2.jpg", "https://m.example/3.jpg"]);
        assert_eq!(wanted(&p, PhotoSet::First).collect::<Vec<_>>(), ["https://m.example/1.jpg"]);
        assert_eq!(others(&p, PhotoSet::First).count(), 0);
        assert_eq!(
            wanted(&p, PhotoSet::All).collect::<Vec<_>>(),
            p.photos().map(|m| m.media_url.as_str()).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_photo_after_the_first_has_its_own_record_key_and_a_name_its_url_keeps() {
        let url = "https://m.example/2.jpg";
        let stem = crate::photo_keys::stem(url);
        assert_eq!(record_key(url), format!("{stem}-gallery"), "apart from the same URL as a first photo");
        let named = name("1200-riverside-ave-910001", url, "jpg");
        assert_eq!(named, format!("images/mls/1200-riverside-ave-910001-{}.jpg", &stem[..16]));
        assert_eq!(named, name("1200-riverside-ave-910001", url, "jpg"), "stable");
        assert_ne!(named, name("1200-riverside-ave-910001", "https://m.example/3.jpg", "jpg"));
    }
}
