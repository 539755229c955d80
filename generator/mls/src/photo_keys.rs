//! What names a listing's photos, shared by the first photo's pipeline (`photos`) and the
//! others' (`gallery_photos`).

use crate::record::Property;

/// A listing's first photo's URL (the import sorts a listing's media by Order; a video or a
/// floor plan is no photo).
pub fn first(p: &Property) -> Option<&str> {
    p.first_photo().map(|m| m.media_url.as_str())
}

/// The cached file's name without its extension.
pub fn stem(url: &str) -> String {
    blake3::hash(url.as_bytes()).to_hex().to_string()
}

/// Where the site's files of the listings' photos are (and their keys in the bucket).
pub const PREFIX: &str = "images/mls/";
