//! What a build may leave as the previous build wrote it: the pages and cards of the MLS listings
//! that did not change, when nothing else the build reads changed either. At 10,000 listings they
//! are nearly all of the work, and an hourly import changes a few of them.
//!
//! Each listing's outputs get a fingerprint: its record as stored (the digest `store` read it
//! with), first photo, story and how many of its open houses are not over yet, and the build's
//! inputs besides the listings (the generator's binary by its size and time, `content/`, the
//! islands' build and the import's settings). So does each list page after a list's first: its
//! listings' fingerprints, the lists' counts and the import's day (a repriced listing keeps its
//! place, so an import that reprices a few changes only the list pages that show them). A build records
//! what it wrote (in the cache, per output folder): every file, and the listings' outputs with
//! their fingerprints. The next one into the same folder renders only the outputs whose
//! fingerprint moved, or whose file is gone, and removes the recorded files it no longer makes
//! without walking the folder. Without a record it renders everything and walks.
//!
//! The lists and the search's card shards copy the cards, so the cards' HTML is recorded too, in
//! one file beside the record, which is all a card is kept as (a shard the previous build made
//! of the same cards in the same order is left as it is: `jax_mls::search::KnownShards`).
//! Like a page, a card is trusted to be as recorded: the folder and the cache are the generator's.

use anyhow::{Context, Result};
use jax_mls::homes::Homes;
use jax_mls::search::{self, KnownShards};
use jax_output::index_file;
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

/// Each skippable output's fingerprint, by its path in the output folder.
pub type Fingerprints = FxHashMap<String, String>;

/// Cards' HTML, each by the key it is recorded under (`card_key`).
pub type Cards = Vec<(String, String)>;

/// The outputs of this build that the output folder already holds as they would be written.
#[derive(Default)]
pub struct Unchanged {
    /// Listing pages, left unrendered.
    paths: FxHashSet<String>,
    /// Cards, as places in `recorded` (the cards' file the previous build wrote).
    cards: FxHashMap<String, Range<usize>>,
    recorded: String,
    /// Every file the previous build into the folder wrote, when it recorded them.
    before: Option<Fingerprints>,
}

impl Unchanged {
    /// Whether the page at `path` (output-relative) may be left as it is.
    pub fn has(&self, path: &str) -> bool {
        self.paths.contains(path)
    }

    /// The files the previous build left in the folder (and nothing else is there), if known.
    pub fn before(&self) -> Option<impl Iterator<Item = &str>> {
        self.before.as_ref().map(|b| b.keys().map(String::as_str).filter(|k| is_file(k)))
    }

    /// The search's card shards the previous build made (`KnownShards`).
    pub fn shards(&self) -> KnownShards {
        let recorded = self.before.iter().flatten();
        recorded.filter_map(|(key, hash)| Some((key.strip_prefix(SHARD)?.to_string(), hash.clone()))).collect()
    }

    /// How many outputs may be left as they are.
    pub fn count(&self) -> usize {
        self.paths.len() + self.cards.len()
    }

    /// The card recorded under `key` (`card_key`) as the previous build made it, if it may be
    /// used as it is.
    pub fn card(&self, key: &str) -> Option<&str> {
        self.cards.get(key).and_then(|at| self.recorded.get(at.clone()))
    }
}

/// What a card is recorded under: no file of the site (the search's card shards are rewritten by
/// every build; the lists copy the cards), so a key no path can be.
const CARD: &str = "card:";

/// What a search's card shard is recorded under (`KnownShards`' key after it), with its folder.
const SHARD: &str = "shard:";

/// Whether a recorded key is a card's.
fn is_card(key: &str) -> bool {
    key.starts_with(CARD)
}

/// Whether a recorded key is a file's (not a card's or a shard's).
fn is_file(key: &str) -> bool {
    !is_card(key) && !key.starts_with(SHARD)
}

/// The key a listing's card is recorded under.
pub fn card_key(id: &str) -> String {
    format!("{CARD}{id}")
}

/// A page of a list of listings that a build may leave as it is: where it goes and the listings
/// it shows, as places in `Homes::homes` (`crate::list_pages`).
pub struct ListPage {
    pub path: String,
    pub places: Vec<usize>,
}

/// This build's fingerprints: every listing's page and, for those for sale, its card; and the
/// list pages of `lists`. `inputs`: the other inputs' fingerprint (`inputs`).
pub fn fingerprints(inputs: blake3::Hash, homes: &Homes, lists: &[ListPage]) -> Fingerprints {
    let mut global = blake3::Hasher::new();
    global.update(inputs.as_bytes());
    // The import's settings (a sample says so on every card), not its time.
    if let Some(info) = &homes.info {
        global.update(&[u8::from(info.sample)]);
    }
    let global = global.finalize();
    let for_sale: FxHashSet<usize> = homes.for_sale_places(None).iter().copied().collect();
    let each: Vec<String> = homes
        .homes
        .par_iter()
        .map(|h| {
            let mut hash = blake3::Hasher::new();
            hash.update(global.as_bytes());
            match h.digest {
                Some(d) => hash.update(d.as_bytes()),
                None => hash.update(&serde_json::to_vec(&h.p).expect("a listing serializes")),
            };
            hash.update(&serde_json::to_vec(&h.photo).expect("an image serializes"));
            // The photos after the first it hosts (`mls.photos: all`); none hashes as before.
            if !h.gallery.is_empty() {
                hash.update(&serde_json::to_vec(&h.gallery).expect("images serialize"));
            }
            // Its story comes with its record's changes, but is kept apart from it.
            hash.update(&serde_json::to_vec(homes.story(&h.p.listing_key)).expect("a story serializes"));
            // Its page offers only the open houses not over yet, which the build's time moves.
            hash.update(&h.open_houses_ahead(homes.now).count().to_le_bytes());
            hash.finalize().to_hex().to_string()
        })
        .collect();
    let mut prints = Fingerprints::default();
    for (i, (h, print)) in homes.homes.iter().zip(&each).enumerate() {
        prints.insert(index_file(&h.url), print.clone());
        if for_sale.contains(&i) {
            prints.insert(card_key(search::card_id(h)), print.clone());
        }
    }
    // A list page shows its listings' cards, how many each list has (its own count and the
    // neighborhoods' links) and the import's day; the rest is the build's other inputs.
    let mut shared = blake3::Hasher::new();
    shared.update(global.as_bytes());
    shared.update(&homes.for_sale_places(None).len().to_le_bytes());
    for (slug, n) in homes.neighborhood_counts() {
        shared.update(slug.as_bytes()).update(&n.to_le_bytes());
    }
    if let Some(day) = homes.imported_on() {
        shared.update(day.to_string().as_bytes());
    }
    let shared = shared.finalize();
    for list in lists {
        let mut hash = blake3::Hasher::new();
        hash.update(shared.as_bytes()).update(list.path.as_bytes());
        for &place in &list.places {
            hash.update(each[place].as_bytes());
        }
        prints.insert(list.path.clone(), hash.finalize().to_hex().to_string());
    }
    prints
}

/// Everything but the listings that a listing's page or card is made from (and the import's
/// settings, which `fingerprints` adds).
pub fn inputs(content: &Path, islands: &Path) -> Result<blake3::Hash> {
    let mut hash = blake3::Hasher::new();
    hash.update(jax_host::exe::identity()?.as_bytes());
    for dir in [content, islands] {
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
    Ok(hash.finalize())
}

/// Where the fingerprints of the build into `out` are kept.
fn record_file(cache: &Path, out: &Path) -> PathBuf {
    let out = std::fs::canonicalize(out).unwrap_or_else(|_| out.to_path_buf());
    let key = blake3::hash(out.to_string_lossy().as_bytes()).to_hex();
    cache.join("builds").join(format!("{}.json", &key[..16]))
}

/// The cards' HTML recorded beside the record of `out`.
fn cards_file(cache: &Path, out: &Path) -> PathBuf {
    record_file(cache, out).with_extension("cards")
}

/// The cards' file: each card as `<path> <length in bytes>\n<html>`.
fn write_cards<'a>(to: &mut impl Write, cards: impl Iterator<Item = (&'a str, &'a [u8])>) -> std::io::Result<()> {
    for (path, html) in cards {
        writeln!(to, "{path} {}", html.len())?;
        to.write_all(html)?;
    }
    Ok(())
}

/// Each card of a cards' file, as its place in `text`; None when the file is not one.
fn card_places(text: &str) -> Option<FxHashMap<String, Range<usize>>> {
    let mut places = FxHashMap::default();
    let mut at = 0;
    while at < text.len() {
        let end = at + text[at..].find('\n')?;
        let (path, len) = text[at..end].rsplit_once(' ')?;
        let html = end + 1..end + 1 + len.parse::<usize>().ok()?;
        text.get(html.clone())?;
        places.insert(path.to_string(), html.clone());
        at = html.end;
    }
    Some(places)
}

/// What the output folder holds, from one listing of each folder the outputs are in rather than
/// a look at each of its files (a rebuild's largest fixed cost): a page (`…/index.html`) counts as
/// there while its own folder is, any other file while its name is in its folder.
struct Held(FxHashMap<String, FxHashSet<String>>);

impl Held {
    /// Where `path` is listed: (folder, name).
    fn entry(path: &str) -> (&str, &str) {
        let folder = path.strip_suffix("/index.html").unwrap_or(path);
        folder.rsplit_once('/').unwrap_or(("", folder))
    }

    fn new<'a>(out: &Path, paths: impl Iterator<Item = &'a String>) -> Held {
        let folders: FxHashSet<&str> = paths.map(|p| Held::entry(p).0).collect();
        let listed = folders.into_par_iter().map(|folder| {
            let names = std::fs::read_dir(out.join(folder))
                .map(|entries| entries.filter_map(Result::ok).map(|e| e.file_name().to_string_lossy().into_owned()))
                .map(Iterator::collect)
                .unwrap_or_default();
            (folder.to_string(), names)
        });
        Held(listed.collect())
    }

    fn has(&self, path: &str) -> bool {
        let (folder, name) = Held::entry(path);
        self.0.get(folder).is_some_and(|names| names.contains(name))
    }
}

#[cfg(test)]
#[test]
fn a_page_is_listed_by_its_folder_and_a_file_by_its_name() {
    assert_eq!(Held::entry("homes/1-oak-st-100/index.html"), ("homes", "1-oak-st-100"));
    assert_eq!(Held::entry("data/homes/meta.json"), ("data/homes", "meta.json"));
    assert_eq!(Held::entry("index.html"), ("", "index.html"));
}

/// What the previous build into a folder recorded, and which of its listings' outputs the folder
/// still holds: read while the listings are (it needs only the record).
pub struct Previous {
    recorded: Fingerprints,
    /// The cards' file, and each card's place in it.
    text: String,
    places: FxHashMap<String, Range<usize>>,
    held: Held,
}

impl Previous {
    /// None when no complete build into `out` was recorded.
    pub fn read(cache: &Path, out: &Path) -> Option<Previous> {
        let recorded: Fingerprints =
            std::fs::read(record_file(cache, out)).ok().and_then(|bytes| serde_json::from_slice(&bytes).ok())?;
        let text = std::fs::read_to_string(cards_file(cache, out)).unwrap_or_default();
        let places = card_places(&text).unwrap_or_default();
        // Only the listings' outputs (the others are recorded without a fingerprint) can be kept;
        // a card is no file.
        let held = Held::new(
            out,
            recorded.iter().filter(|(key, print)| !print.is_empty() && is_file(key)).map(|(path, _)| path),
        );
        Some(Previous { recorded, text, places, held })
    }

    /// Which of `now` the folder holds as this build would write them.
    pub fn unchanged(self, now: &Fingerprints) -> Unchanged {
        let Previous { recorded, text, places, held } = self;
        // A page stays while the folder still holds it, a card while its HTML is recorded.
        let kept: Vec<(String, Option<Range<usize>>)> = now
            .par_iter()
            .filter(|(key, print)| recorded.get(*key) == Some(print))
            .filter_map(|(key, _)| match is_card(key) {
                true => Some((key.clone(), Some(places.get(key)?.clone()))),
                false => held.has(key).then(|| (key.clone(), None)),
            })
            .collect();
        let mut unchanged = Unchanged { before: Some(recorded), recorded: text, ..Unchanged::default() };
        for (path, card) in kept {
            if let Some(at) = card {
                unchanged.cards.insert(path, at);
            } else {
                unchanged.paths.insert(path);
            }
        }
        unchanged
    }
}

/// Writes `path`'s next version with `write` beside it; `Partial::commit` puts it in place.
fn write_partial(path: &Path, write: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<()>) -> Result<Partial> {
    let dir = path.parent().expect("a file in the cache");
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let ext = path.extension().map_or(String::new(), |x| x.to_string_lossy().into_owned());
    let tmp = path.with_extension(format!("{ext}.partial"));
    let file = File::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
    // In large writes: the cards' file is ~1.5 KB a listing, which 8 KB writes made ~1,800 calls.
    let mut file = BufWriter::with_capacity(1 << 20, file);
    write(&mut file).and_then(|()| file.flush()).with_context(|| format!("writing {}", tmp.display()))?;
    Ok(Partial { tmp, path: path.to_path_buf() })
}

/// A file written whole beside the one it replaces.
struct Partial {
    tmp: PathBuf,
    path: PathBuf,
}

impl Partial {
    fn commit(self) -> Result<()> {
        std::fs::rename(&self.tmp, &self.path).with_context(|| format!("writing {}", self.path.display()))
    }
}

/// The record of a build, written while its pages are moved into place and in force once
/// `commit`ted, when the output folder holds them.
#[must_use]
pub struct Record {
    cards: Partial,
    prints: Partial,
}

impl Record {
    pub fn commit(self) -> Result<()> {
        self.cards.commit()?;
        // The fingerprints last: they are what says the cards' file is of this build.
        self.prints.commit()
    }
}

/// Records what `out` will hold once the build into it is complete: the listings' outputs with
/// their fingerprints (`now`), the search's card shards (`shards`), every other file it writes
/// (`others`, with none), and the cards' HTML (`cards`, by `card_key`).
pub fn record<'a>(
    cache: &Path,
    out: &Path,
    now: &Fingerprints,
    shards: &KnownShards,
    others: impl Iterator<Item = &'a str>,
    cards: &Cards,
) -> Result<Record> {
    let mut all = now.clone();
    all.extend(shards.iter().map(|(key, hash)| (format!("{SHARD}{key}"), hash.clone())));
    for path in others {
        all.entry(path.to_string()).or_default();
    }
    let cards = cards.iter().map(|(key, html)| (key.as_str(), html.as_bytes()));
    let cards = write_partial(&cards_file(cache, out), |file| write_cards(file, cards))?;
    let prints = write_partial(&record_file(cache, out), |file| {
        serde_json::to_writer(file, &all).map_err(std::io::Error::from)
    })?;
    Ok(Record { cards, prints })
}

/// Forgets what `out` holds (a build into it failed or was interrupted: render everything next).
pub fn forget(cache: &Path, out: &Path) {
    let _ = std::fs::remove_file(record_file(cache, out));
    let _ = std::fs::remove_file(cards_file(cache, out));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cards_file_gives_back_each_card() {
        let cards = [("card:a", "<li>é “a”\n</li>"), ("card:b c", ""), ("x", "1 2\n3")];
        let mut text = Vec::new();
        write_cards(&mut text, cards.iter().map(|(p, h)| (*p, h.as_bytes()))).unwrap();
        let text = String::from_utf8(text).unwrap();
        let places = card_places(&text).unwrap();
        assert_eq!(places.len(), 3);
        for (path, html) in cards {
            assert_eq!(&text[places[path].clone()], html, "{path}");
        }
        assert!(card_places(&text[..text.len() - 1]).is_none(), "a file cut short is none");
        assert!(card_places("a.html x\n").is_none());
    }
}
