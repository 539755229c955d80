//! What a build may leave as the previous build wrote it: the pages and cards of the MLS listings
//! that did not change, when nothing else the build reads changed either. At 10,000 listings they
//! are nearly all of the work, and an hourly import changes a few of them.
//!
//! Each listing's outputs get a fingerprint: its record (its stored file's bytes) and first photo,
//! and the build's inputs besides the listings (the generator itself, `content/`, the islands'
//! build and the import's settings). A build records what it wrote (in the cache, per output
//! folder): every file, and the listings' outputs with their fingerprints. The next one into the same folder renders only
//! the outputs whose fingerprint moved, or whose file is gone, and removes the recorded files it
//! no longer makes without walking the folder. Without a record it renders everything and walks.

use crate::mls::homes::Homes;
use crate::mls::search;
use crate::pipeline::BuildOptions;
use crate::render::index_file;
use anyhow::{Context, Result};
use jax_model::api;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

/// Each skippable output's fingerprint, by its path in the output folder.
pub type Fingerprints = HashMap<String, String>;

/// The outputs of this build that the output folder already holds as they would be written.
#[derive(Default)]
pub struct Unchanged {
    /// Listing pages, left unrendered.
    paths: HashSet<String>,
    /// Cards, read back from the folder (a card that cannot be read is made again).
    cards: HashMap<String, String>,
    /// Every file the previous build into the folder wrote, when it recorded them.
    before: Option<Fingerprints>,
}

impl Unchanged {
    /// Whether `path` (output-relative) may be left as it is.
    pub fn has(&self, path: &str) -> bool {
        self.paths.contains(path) || self.cards.contains_key(path)
    }

    /// The files the previous build left in the folder (and nothing else is there), if known.
    pub fn before(&self) -> Option<impl Iterator<Item = &str>> {
        self.before.as_ref().map(|b| b.keys().map(String::as_str))
    }

    /// How many outputs may be left as they are.
    pub fn count(&self) -> usize {
        self.paths.len() + self.cards.len()
    }

    /// The card at `path` as the previous build wrote it, if it may be left as it is.
    pub fn card(&self, path: &str) -> Option<&str> {
        self.cards.get(path).map(String::as_str)
    }
}

/// Whether `path` is a card fragment's.
fn is_card(path: &str) -> bool {
    let (head, tail) = api::HOMES_CARD.trim_start_matches('/').split_once("{id}").expect("the cards' path has {id}");
    path.starts_with(head) && path.ends_with(tail)
}

/// The path of a listing's card fragment in the output folder.
pub fn card_path(id: &str) -> String {
    api::HOMES_CARD.trim_start_matches('/').replace("{id}", id)
}

/// This build's fingerprints: every listing's page and, for those for sale, its card.
pub fn fingerprints(opts: &BuildOptions, homes: &Homes) -> Result<Fingerprints> {
    let global = inputs(opts, homes).context("fingerprinting the build's inputs")?;
    let for_sale: HashSet<usize> = homes.for_sale_places(None).iter().copied().collect();
    let each: Vec<Vec<(String, String)>> = homes
        .homes
        .par_iter()
        .enumerate()
        .map(|(i, h)| {
            let mut hash = blake3::Hasher::new();
            hash.update(global.as_bytes());
            match h.digest {
                Some(d) => hash.update(d.as_bytes()),
                None => hash.update(&serde_json::to_vec(&h.p).expect("a listing serializes")),
            };
            hash.update(&serde_json::to_vec(&h.photo).expect("an image serializes"));
            let print = hash.finalize().to_hex().to_string();
            let mut out = vec![(index_file(&h.url), print.clone())];
            if for_sale.contains(&i) {
                out.push((card_path(&search::card_id(h)), print));
            }
            out
        })
        .collect();
    Ok(each.into_iter().flatten().collect())
}

/// Everything but the listings that a listing's page or card is made from.
fn inputs(opts: &BuildOptions, homes: &Homes) -> Result<blake3::Hash> {
    let mut hash = blake3::Hasher::new();
    let exe = std::env::current_exe().context("finding the generator's own binary")?;
    hash.update(&std::fs::read(&exe).with_context(|| format!("reading {}", exe.display()))?);
    for dir in [&opts.content, &opts.islands] {
        for entry in WalkDir::new(dir).sort_by_file_name() {
            let Ok(entry) = entry else { continue }; // a missing islands build is an input too
            if entry.file_type().is_file() {
                hash.update(entry.path().to_string_lossy().as_bytes());
                hash.update(
                    &std::fs::read(entry.path()).with_context(|| format!("reading {}", entry.path().display()))?,
                );
            }
        }
    }
    // The import's settings (a sample says so on every card), not its time.
    if let Some(info) = &homes.info {
        hash.update(&[u8::from(info.sample)]);
    }
    Ok(hash.finalize())
}

/// Where the fingerprints of the build into `out` are kept.
fn record(cache: &Path, out: &Path) -> PathBuf {
    let out = std::fs::canonicalize(out).unwrap_or_else(|_| out.to_path_buf());
    let key = blake3::hash(out.to_string_lossy().as_bytes()).to_hex();
    cache.join("builds").join(format!("{}.json", &key[..16]))
}

/// Which of `now` the folder `out` holds from the previous build into it.
pub fn unchanged(cache: &Path, out: &Path, now: &Fingerprints) -> Unchanged {
    let before: Option<Fingerprints> =
        std::fs::read(record(cache, out)).ok().and_then(|bytes| serde_json::from_slice(&bytes).ok());
    let Some(recorded) = &before else { return Unchanged::default() };
    // A page stays if its file does; a card, if its file reads back (the lists copy it).
    let kept: Vec<(String, Option<String>)> = now
        .par_iter()
        .filter(|(path, print)| recorded.get(*path) == Some(print))
        .filter_map(|(path, _)| {
            let file = out.join(path);
            if is_card(path) {
                std::fs::read_to_string(file).ok().map(|html| (path.clone(), Some(html)))
            } else {
                file.is_file().then(|| (path.clone(), None))
            }
        })
        .collect();
    let mut unchanged = Unchanged { before, ..Unchanged::default() };
    for (path, card) in kept {
        if let Some(html) = card {
            unchanged.cards.insert(path, html);
        } else {
            unchanged.paths.insert(path);
        }
    }
    unchanged
}

/// Records what `out` holds once the build into it is complete: the listings' outputs with their
/// fingerprints (`now`), and every other file it wrote (`others`, with none).
pub fn save<'a>(cache: &Path, out: &Path, now: &Fingerprints, others: impl Iterator<Item = &'a str>) -> Result<()> {
    let mut all = now.clone();
    for path in others {
        all.entry(path.to_string()).or_default();
    }
    let path = record(cache, out);
    let dir = path.parent().expect("a file in the cache");
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let tmp = path.with_extension("json.partial");
    std::fs::write(&tmp, serde_json::to_vec(&all)?).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, &path).with_context(|| format!("writing {}", path.display()))
}

/// Forgets what `out` holds (a build into it failed or was interrupted: render everything next).
pub fn forget(cache: &Path, out: &Path) {
    let _ = std::fs::remove_file(record(cache, out));
}
