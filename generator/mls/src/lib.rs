//! The MLS as a second source of the site: `generator import reso` reads a RESO Web API feed (a
//! saved response, a live feed, or the project's sample), checks every record, and keeps the
//! listings the site may show in a store the build reads (`.cache/mls/` by default: MLS rules
//! forbid redistributing the data, so it never enters the repository).

pub mod changes;
pub mod check;
pub mod feed;
pub mod fetch;
pub mod gallery_photos;
pub mod history;
pub mod homes;
pub mod in_bucket;
pub mod lookups;
pub mod merge;
pub mod news;
pub mod open_houses;
pub mod photo_keys;
pub mod photos;
pub mod record;
pub mod sample;
pub mod sample_news;
mod sample_photos;
pub mod search;
pub mod store;
pub mod weekend;

#[cfg(test)]
mod tests;

use anyhow::{Context, Result};
use homes::Homes;
use jax_model::Content;
use merge::Scope;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use store::{ImportInfo, Store};

/// Where the listings come from.
pub enum Source {
    /// A saved response: one OData document or a folder of pages (every listing for sale).
    File(PathBuf),
    /// A live feed; `full` asks for every listing rather than what changed since the last import.
    Url { url: String, full: bool },
    /// The project's sample feed of `listings` Jacksonville listings (never a real MLS's).
    /// `member`: the site's agent's MLS member ID, named on some of its Closed listings.
    /// `own_photos`: each listing with its own first photo, made (`sample_photos`), rather than
    /// showing the site's `images`. `rounds`: the feed after so many rounds of news (`sample_news`).
    Sample {
        areas: Vec<sample::Area>,
        images: Vec<String>,
        listings: usize,
        member: Option<String>,
        own_photos: bool,
        rounds: usize,
    },
}

/// What an import did.
#[derive(Debug)]
pub struct Summary {
    pub source: String,
    pub sample: bool,
    pub listings: usize,
    pub added: usize,
    pub changed: usize,
    pub removed: usize,
    pub unchanged: usize,
    /// Listings that are news for saved searches (crate::changes): new, cheaper, or of another status.
    pub news: usize,
    pub skipped: usize,
    /// Bad facts left out of the listings kept.
    pub dropped: usize,
    /// First photos downloaded into the photo cache.
    pub photos: usize,
    /// First photos left for a later import (`--photo-limit`).
    pub photos_waiting: usize,
    /// One line per problem: `ListingKey <key>: <field>: <what is wrong>`.
    pub problems: Vec<String>,
}

impl Summary {
    /// The line the import prints last.
    pub fn line(&self) -> String {
        format!(
            "imported {} listings from {}{}: {} added, {} changed, {} removed, {} unchanged, {} skipped",
            self.listings,
            self.source,
            if self.sample { " (sample listings)" } else { "" },
            self.added,
            self.changed,
            self.removed,
            self.unchanged,
            self.skipped
        ) + &match self.dropped {
            0 => String::new(),
            n => format!("; {n} bad facts left out"),
        } + &match self.news {
            0 => String::new(),
            n => format!("; {n} news for saved searches (new, cheaper, or of another status)"),
        } + &match (self.sample, self.photos_waiting) {
            (true, _) => String::new(),
            (false, 0) => format!("; {} photos downloaded", self.photos),
            (false, n) => format!("; {} photos downloaded, {n} waiting for a later import", self.photos),
        }
    }
}

/// Imports `source` into the store at `dir`. Nothing changes unless the whole run succeeds.
/// `photo_limit`: at most so many first photos not yet in their bucket are kept at once
/// (`photos::fetch`).
pub fn import(dir: &Path, source: Source, show_sold: bool, photo_limit: Option<usize>) -> Result<Summary> {
    import_set(dir, source, show_sold, photo_limit, gallery_photos::PhotoSet::First)
}

/// The same, downloading the photos `set` hosts (`mls.photos`).
pub fn import_set(
    dir: &Path,
    source: Source,
    show_sold: bool,
    photo_limit: Option<usize>,
    set: gallery_photos::PhotoSet,
) -> Result<Summary> {
    let now = jiff::Timestamp::now();
    let store = Store::new(dir);
    let base = store.read()?;
    let download = dir.join("download");
    let local_photos = matches!(source, Source::Sample { .. });
    let own_photos = matches!(source, Source::Sample { own_photos: true, .. });
    let (name, pages, scope) = match source {
        Source::File(path) => (path.display().to_string(), feed::read(&path)?, Scope::Whole),
        Source::Sample { areas, images, listings, member, own_photos, rounds } => {
            let mut records = sample_news::records_at(&areas, &images, listings, member.as_deref(), rounds, now);
            if own_photos {
                sample_photos::name_own(&mut records);
            }
            let page = feed::Page {
                name: "the sample feed".into(),
                context: Some(sample::CONTEXT.into()),
                records,
                next: None,
            };
            ("the sample feed".to_string(), vec![page], Scope::Whole)
        }
        Source::Url { url, full } => {
            // A store of an older format is asked for whole, so every listing is written again.
            let same_feed = base.as_ref().is_some_and(|b| b.info.source == url && b.info.format == store::FORMAT);
            let since = if full || !same_feed { None } else { base.as_ref().and_then(|b| b.info.newest) };
            let got = fetch::download(&download, &url, since)?;
            let scope = match got.keys {
                None => Scope::Whole,
                Some(pages) => {
                    let present: HashSet<String> = pages
                        .iter()
                        .flat_map(|p| p.records.iter())
                        .filter_map(|r| r.get("ListingKey").and_then(|k| k.as_str()).map(|k| k.trim().to_string()))
                        .collect();
                    Scope::Changes { present: Some(present) }
                }
            };
            (url, got.changes, scope)
        }
    };
    let sample = !pages.is_empty() && pages.iter().all(|p| p.context.as_deref() == Some(sample::CONTEXT));
    let plan = merge::plan(base.as_ref(), &pages, &scope, show_sold);
    let info =
        ImportInfo { format: store::FORMAT, source: name.clone(), sample, imported_at: now, newest: plan.newest };
    let by_key: HashMap<&str, &record::Property> =
        base.iter().flat_map(|b| &b.listings).map(|p| (p.listing_key.as_str(), p)).collect();
    let listings: Vec<&record::Property> =
        plan.keep.iter().filter_map(|k| by_key.get(k).copied()).chain(&plan.write).collect();
    // The sample's photos are the site's own images already, or made here.
    let fetched =
        if local_photos { photos::Fetched::default() } else { photos::fetch_set(dir, &listings, photo_limit, set)? };
    if own_photos {
        let made = sample_photos::write(dir, &listings).context("making the sample's own photos")?;
        eprintln!("import: made {made} sample photos");
    }
    // News for saved searches: none from a first import, or from another feed than the last
    // (every listing would be "new"); else this import's, with the window's recent ones.
    let previous = store.changes()?;
    let news = match &base {
        Some(b) if b.info.source == info.source => changes::of(&by_key, &plan.write, info.imported_at),
        _ => Vec::new(),
    };
    let written: HashMap<&str, &record::Property> = plan.write.iter().map(|p| (p.listing_key.as_str(), p)).collect();
    let held: HashSet<&str> = plan.keep.iter().copied().chain(written.keys().copied()).collect();
    let history = history::after(store.history()?, &news, &written, |k| held.contains(k));
    let kept = changes::window(&previous, news, info.imported_at);
    store.commit(base.as_ref(), &plan.keep, &plan.write, &info, &kept, &history)?;
    photos::prune_set(dir, &listings, set);
    if download.exists() {
        let _ = std::fs::remove_dir_all(&download);
    }
    Ok(Summary {
        source: name,
        sample,
        listings: plan.keep.len() + plan.write.len(),
        added: plan.added,
        changed: plan.changed,
        removed: plan.removed,
        unchanged: plan.unchanged,
        skipped: plan.skipped,
        dropped: plan.dropped,
        news: kept.iter().filter(|c| c.at == info.imported_at).count(),
        photos: fetched.downloaded,
        photos_waiting: fetched.waiting,
        problems: plan.problems.iter().chain(&fetched.problems).map(ToString::to_string).collect(),
    })
}

/// The listings the build shows; None when `site.yaml` has no `mls:` block. Before the first
/// import there are none (and the build says so). `memo` keeps the import read for the next
/// build of the same process.
pub fn for_build(c: &Content, dir: &Path, memo: Option<&store::Memo>) -> Result<Option<Homes>> {
    if c.site.data.mls.is_none() {
        return Ok(None);
    }
    let store = Store::new(dir);
    let imported = match memo {
        Some(memo) => store.read_memo(memo),
        None => store.read().map(|i| i.map(Arc::new)),
    }
    .with_context(|| format!("reading the imported MLS listings in {}", dir.display()))?;
    let latest = c.market.latest();
    let areas: Vec<_> =
        c.neighborhoods.iter().map(|n| (n, latest.figures(&n.fields.slug).map(|f| f.zip.as_str()))).collect();
    Ok(Some(match imported {
        Some(i) => {
            // Kept in a memo, the listings are copied; otherwise moved.
            let (info, listings, digests) = match Arc::try_unwrap(i) {
                Ok(i) => (i.info, i.listings, i.digests),
                Err(i) => (i.info.clone(), i.listings.clone(), i.digests.clone()),
            };
            let mut homes = Homes::with_digests(
                Some(info),
                listings.into_iter().zip(digests.into_iter().map(Some)).collect(),
                &areas,
            );
            homes.news = store.changes().with_context(|| format!("reading the news in {}", dir.display()))?;
            homes.history = store.history().with_context(|| format!("reading the history in {}", dir.display()))?;
            homes
        }
        None => {
            eprintln!(
                "warning: site.yaml has an mls: block but no listings were imported into {}: run `generator import reso`",
                dir.display()
            );
            Homes::new(None, Vec::new(), &areas)
        }
    }))
}
