//! The MLS photos their bucket already holds, remembered between runs, so that an hourly run
//! downloads and encodes only photos it has never sent: a build that loads the photos from the
//! bucket (`--photos-bucket`) shows a remembered photo from this record alone, with neither the
//! photo as downloaded nor its encoded files (at 15,000 listings those are gigabytes, which the
//! workflow's cache then need not hold).
//!
//! The build writes what its pages show into the site (`INDEX`, beside the photos' files, kept out
//! of the static assets by `.assetsignore` like them); `generator photos upload` makes the bucket
//! hold it, then keeps it in the store's folder (`FILE`) for the next import and build.

use anyhow::Result;
use jax_images::ImageInfo;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The record in the store's folder.
pub const FILE: &str = "photos-in-bucket.json";
/// The build's record of what its pages show, under the site's folder (`photos::PREFIX`).
pub const INDEX: &str = "images/mls/index.json";

/// One first photo as the pages show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shown {
    /// The image with the site's paths (`/images/mls/…`), before `served_from` the bucket.
    pub image: ImageInfo,
    /// Its files' keys in the bucket (their paths in the site).
    pub keys: Vec<String>,
}

/// First photos by the stem of their URL (`photos::stem`: the photo cache's names).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Photos {
    pub photos: BTreeMap<String, Shown>,
}

impl Photos {
    /// The record at `path`; none when it is absent. One that cannot be read is said and
    /// treated as none: its photos are downloaded and encoded again, nothing is lost.
    pub fn read(path: &Path) -> Photos {
        let Ok(bytes) = std::fs::read(path) else { return Photos::default() };
        serde_json::from_slice(&bytes).unwrap_or_else(|e| {
            eprintln!("warning: {}: {e}; its photos are downloaded and encoded again", path.display());
            Photos::default()
        })
    }

    /// Written whole or not at all.
    pub fn write(&self, path: &Path) -> Result<()> {
        jax_output::whole_file::write(path, &self.to_bytes())
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("strings and numbers serialize")
    }

    /// Every file the pages name.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.photos.values().flat_map(|s| s.keys.iter().map(String::as_str))
    }

    /// Without the photos any of whose files is among `lost`.
    pub fn without(mut self, lost: &std::collections::BTreeSet<String>) -> Photos {
        self.photos.retain(|_, s| !s.keys.iter().any(|k| lost.contains(k)));
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(keys: &[&str]) -> Shown {
        let image = ImageInfo {
            src: format!("/{}", keys[0]),
            width: 480,
            height: 320,
            srcset: format!("/{} 480w", keys[0]),
            sources: Vec::new(),
        };
        Shown { image, keys: keys.iter().map(|k| k.to_string()).collect() }
    }

    #[test]
    fn round_trips_and_an_unreadable_record_is_none() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("mls").join(FILE);
        assert_eq!(Photos::read(&path), Photos::default(), "absent");
        let mut p = Photos::default();
        p.photos.insert("a".repeat(64), shown(&["images/mls/a-1-480.webp", "images/mls/a-1-800.webp"]));
        p.write(&path).unwrap();
        assert_eq!(Photos::read(&path), p);
        std::fs::write(&path, b"{\"photos\": [").unwrap();
        assert_eq!(Photos::read(&path), Photos::default(), "cut off");
    }

    #[test]
    fn a_photo_with_a_lost_file_is_forgotten_whole() {
        let mut p = Photos::default();
        p.photos.insert("a".into(), shown(&["images/mls/a-1-480.webp", "images/mls/a-1-800.webp"]));
        p.photos.insert("b".into(), shown(&["images/mls/b-2-480.webp"]));
        assert_eq!(p.keys().count(), 3);
        let lost = ["images/mls/a-1-800.webp".to_string()].into();
        let left = p.without(&lost);
        assert_eq!(left.photos.keys().collect::<Vec<_>>(), ["b"]);
    }
}
