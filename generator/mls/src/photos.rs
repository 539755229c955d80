//! Each listing's first photo, served from the site: the import downloads it into the store's
//! photo cache (`<dir>/photos/<blake3 of its URL>.<jpg|png|webp>`), and the build gives it to the
//! image pipeline like the site's own images. The other photos stay on the MLS's media host,
//! unless `mls.photos: all` hosts them too (`gallery_photos`).
//!
//! A cached file is named by its URL and never rewritten, so filling the cache before an import
//! commits changes nothing a build reads; photos no listing starts with are deleted after it.

use crate::gallery_photos::{self, PhotoSet};
use crate::homes::Homes;
use crate::in_bucket::{self, Shown};
use crate::record::{Problem, Property};
use anyhow::{anyhow, bail, Context, Result};
use jax_images::{Formats, ImagePipeline};
use jax_model::signatures;
use jax_output::Output;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// The photo cache, in the store's folder.
pub const DIR: &str = "photos";
/// Downloads at a time: enough to hide the latency, few enough to be polite to the media host.
const AT_ONCE: usize = 4;
/// The largest photo accepted; an MLS's photos are a few MB at most.
const MAX_BYTES: u64 = 15 << 20;
const EXTENSIONS: [&str; 3] = ["jpg", "png", "webp"];
/// The widest variant made: the listing page shows its photo at most 760 CSS px wide.
const WIDEST: u32 = 1600;

pub use crate::photo_keys::first;
pub(crate) use crate::photo_keys::stem;

/// What the bytes are by their signature: the cached file's extension.
fn extension(bytes: &[u8]) -> Result<&'static str> {
    if bytes.starts_with(signatures::JPEG) {
        Ok("jpg")
    } else if bytes.starts_with(signatures::PNG) {
        Ok("png")
    } else if signatures::is_webp(bytes) {
        Ok("webp")
    } else {
        bail!("not a JPEG, PNG or WebP image")
    }
}

/// The cached photos, by the stem of their names.
fn cached_files(dir: &Path) -> HashMap<String, PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir.join(DIR)) else { return HashMap::new() };
    entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let (stem, ext) = name.split_once('.')?;
            (stem.len() == 64 && EXTENSIONS.contains(&ext)).then(|| (stem.to_string(), e.path()))
        })
        .collect()
}

/// What `fetch` did.
#[derive(Debug, Default)]
pub struct Fetched {
    pub downloaded: usize,
    /// Left for a later import by `limit`: shown from the media host meanwhile.
    pub waiting: usize,
    /// One per photo not downloaded: `ListingKey <key>: Media: <what is wrong>`.
    pub problems: Vec<Problem>,
}

/// Downloads the first photo of each of `listings` neither cached yet nor in the bucket already
/// (`in_bucket`), `AT_ONCE` at a time, the most recently changed listings' first. `limit`: at most
/// that many photos not in the bucket are cached at once (those downloaded by an earlier import
/// count), so that a run which must also encode and send them stays short; the rest wait for the
/// next imports. A photo that fails is a problem, never an error: its listing keeps the media
/// host's URL.
pub fn fetch(dir: &Path, listings: &[&Property], limit: Option<usize>) -> Result<Fetched> {
    fetch_set(dir, listings, limit, PhotoSet::First)
}

/// The same for the photos `set` hosts: with `all`, every listing's first photo comes before the
/// others (the cards and lists show it), then the others, the newest listings' first.
pub fn fetch_set(dir: &Path, listings: &[&Property], limit: Option<usize>, set: PhotoSet) -> Result<Fetched> {
    let folder = dir.join(DIR);
    std::fs::create_dir_all(&folder).with_context(|| format!("creating {}", folder.display()))?;
    let cached = cached_files(dir);
    let sent = in_bucket::Photos::read(&dir.join(in_bucket::FILE));
    let mut newest_first = listings.to_vec();
    newest_first.sort_by_key(|p| std::cmp::Reverse(p.modification_timestamp));
    let mut asked = HashSet::new();
    let mut pending = 0;
    let mut queued = HashSet::new();
    let mut todo: Vec<(&str, &str, bool)> = Vec::new();
    let firsts = newest_first.iter().filter_map(|p| first(p).map(|u| (*p, u, true)));
    let others = newest_first.iter().flat_map(|p| gallery_photos::others(p, set).map(move |u| (*p, u, false)));
    for (p, url, is_first) in firsts.chain(others) {
        if gallery_photos::is_sent(&sent, url, is_first) || !asked.insert((url, is_first)) {
            continue;
        }
        if cached.contains_key(&stem(url)) {
            pending += 1;
        } else if queued.insert(url) {
            todo.push((p.listing_key.as_str(), url, is_first));
        }
    }
    let room = limit.map_or(usize::MAX, |l| l.saturating_sub(pending));
    let waiting = todo.len().saturating_sub(room);
    todo.truncate(room);
    if todo.is_empty() {
        return Ok(Fetched { waiting, ..Fetched::default() });
    }
    eprintln!("import: downloading {} photos", todo.len());
    let agent = jax_host::http_client::agent(Duration::from_secs(60));
    let next = AtomicUsize::new(0);
    let downloaded = AtomicUsize::new(0);
    let problems = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..AT_ONCE.min(todo.len()) {
            s.spawn(|| {
                while let Some(&(key, url, is_first)) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                    match download(&agent, url).and_then(|bytes| save(&folder, url, &bytes)) {
                        Ok(()) => {
                            downloaded.fetch_add(1, Ordering::Relaxed);
                        }
                        Err(e) => problems.lock().expect("no thread panics holding it").push(Problem {
                            key: key.to_string(),
                            field: "Media".into(),
                            message: format!(
                                "{}photo not downloaded, shown from the media host: {e:#}",
                                if is_first { "first " } else { "" }
                            ),
                        }),
                    }
                }
            });
        }
    });
    let mut problems = problems.into_inner().expect("no thread panicked holding it");
    problems.sort_by(|a, b| (&a.key, &a.message).cmp(&(&b.key, &b.message)));
    Ok(Fetched { downloaded: downloaded.into_inner(), waiting, problems })
}

/// The photo's bytes, if the media host answers 200 with at most `MAX_BYTES`.
fn download(agent: &ureq::Agent, url: &str) -> Result<Vec<u8>> {
    if !url.starts_with("https://") && !crate::fetch::on_this_machine(url) {
        bail!("{url}: expected an https:// URL");
    }
    let mut response =
        agent.get(url).call().map_err(|e| anyhow!("{e}")).with_context(|| format!("asking for {url}"))?;
    let status = response.status().as_u16();
    if status != 200 {
        bail!("{url}: the media host answered {status}");
    }
    response.body_mut().with_config().limit(MAX_BYTES).read_to_vec().map_err(|e| match e {
        ureq::Error::BodyExceedsLimit(_) => anyhow!("{url}: larger than {} MB", MAX_BYTES >> 20),
        e => anyhow!("{url}: the photo was cut off: {e}"),
    })
}

/// Whether the photo of `url` is in the cache of the store at `dir`.
pub(super) fn is_cached(dir: &Path, url: &str) -> bool {
    let stem = stem(url);
    EXTENSIONS.iter().any(|ext| dir.join(DIR).join(format!("{stem}.{ext}")).is_file())
}

/// Keeps `bytes` as the cached photo of `url` in the store at `dir` (the sample's own photos).
pub(super) fn keep(dir: &Path, url: &str, bytes: &[u8]) -> Result<()> {
    save(&dir.join(DIR), url, bytes)
}

/// Keeps `bytes` as the cached photo of `url`, written whole or not at all.
fn save(folder: &Path, url: &str, bytes: &[u8]) -> Result<()> {
    let ext = extension(bytes).with_context(|| url.to_string())?;
    let stem = stem(url);
    jax_output::whole_file::write(&folder.join(format!("{stem}.{ext}")), bytes)
}

/// Deletes the cached photos none of `listings` starts with, and what a stopped run left. Run
/// after the import's commit, so it only warns: what it misses goes at the next import.
pub fn prune(dir: &Path, listings: &[&Property]) {
    prune_set(dir, listings, PhotoSet::First)
}

/// The same, keeping every photo `set` hosts.
pub fn prune_set(dir: &Path, listings: &[&Property], set: PhotoSet) {
    let keep: HashSet<String> = listings.iter().flat_map(|p| gallery_photos::wanted(p, set)).map(stem).collect();
    let folder = dir.join(DIR);
    let Ok(entries) = std::fs::read_dir(&folder) else { return };
    for e in entries.filter_map(Result::ok) {
        let name = e.file_name().to_string_lossy().into_owned();
        let wanted = name.split_once('.').is_some_and(|(stem, ext)| keep.contains(stem) && EXTENSIONS.contains(&ext));
        if !wanted {
            if let Err(err) = std::fs::remove_file(e.path()) {
                eprintln!("warning: removing {}: {err}", e.path().display());
            }
        }
    }
}

pub use crate::photo_keys::PREFIX;
/// The same folder as `.assetsignore` names it when they are served from their bucket.
pub const ASSETS_IGNORED: &str = "/images/mls/";

/// A listing's hosted photos as its pages show them (by their record's keys), and what `keep` made
/// of their files.
type Done<P> = (Vec<(String, Shown)>, Vec<P>);

/// Gives each listing whose first photo is cached that photo through the image pipeline
/// (`Home::photo`), handing each file to `keep` as it is made; the pages load them from `bucket`
/// (an origin) when given, else from the site. With a bucket, a photo it already holds
/// (`in_bucket::FILE` in the store) is shown from that record, with no file, and `keep` is also
/// handed the record of every photo the pages show (`in_bucket::INDEX`). A photo the pipeline
/// cannot read stays on the media host, with a warning. With `all`, the same for the others
/// (`Home::gallery`).
pub fn process<P: Send>(
    pipeline: &ImagePipeline,
    homes: &mut Homes,
    dir: &Path,
    bucket: Option<&str>,
    set: PhotoSet,
    keep: &(impl Fn(Output) -> Result<P> + Sync),
) -> Result<Vec<P>> {
    let cached = cached_files(dir);
    let sent = match bucket {
        Some(_) => in_bucket::Photos::read(&dir.join(in_bucket::FILE)),
        None => in_bucket::Photos::default(),
    };
    if cached.is_empty() && sent.photos.is_empty() {
        return Ok(Vec::new());
    }
    let done: Vec<Done<P>> = homes
        .homes
        .par_iter_mut()
        .map(|h| {
            let (mut records, mut files) = match first_photo(pipeline, &h.p, &h.slug, &cached, &sent) {
                Some((stem, shown, files)) => {
                    h.photo = Some(match bucket {
                        Some(origin) => shown.image.clone().served_from(origin),
                        None => shown.image.clone(),
                    });
                    (vec![(stem, shown)], files)
                }
                None => (Vec::new(), Vec::new()),
            };
            let (gallery, more, made) = gallery_photos::process(pipeline, &h.p, &h.slug, set, &cached, &sent);
            h.gallery = gallery_photos::served_from(gallery, bucket);
            records.extend(more);
            files.extend(made);
            let kept = files.into_iter().map(keep).collect::<Result<Vec<P>>>()?;
            Ok((records, kept))
        })
        .collect::<Result<_>>()?;
    let mut shown = in_bucket::Photos::default();
    let mut kept = Vec::new();
    for (s, files) in done {
        shown.photos.extend(s);
        kept.extend(files);
    }
    if bucket.is_some() {
        kept.push(keep(Output::new(in_bucket::INDEX, shown.to_bytes()))?);
    }
    Ok(kept)
}

/// A listing's first photo as its pages show it, by its URL's stem, with the files made: from
/// the bucket's record, else encoded from the cache; None when neither has it or the pipeline
/// cannot read it (a warning).
fn first_photo(
    pipeline: &ImagePipeline,
    p: &Property,
    slug: &str,
    cached: &HashMap<String, PathBuf>,
    sent: &in_bucket::Photos,
) -> Option<(String, Shown, Vec<Output>)> {
    let stem = first(p).map(stem)?;
    if let Some(s) = sent.photos.get(&stem) {
        return Some((stem, s.clone(), Vec::new()));
    }
    let file = cached.get(&stem)?;
    let ext = file.extension().map_or("jpg".into(), |x| x.to_string_lossy());
    // WebP alone: at 15,000 listings a JPEG fallback would be half of the photos' bucket (a large
    // share of R2's free storage) and of its uploads, for no browser the site supports.
    let name = format!("{PREFIX}{slug}.{ext}");
    match pipeline.process_file(file, &name, WIDEST, Formats::WebpOnly) {
        Ok((image, files)) => {
            let keys = files.iter().map(|f| f.path.clone()).collect();
            Some((stem, Shown { image, keys }, files))
        }
        Err(e) => {
            eprintln!("warning: ListingKey {}: Media: {e:#}; shown from the media host", p.listing_key);
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assetsignore_names_the_photos_folder() {
        assert_eq!(ASSETS_IGNORED, format!("/{PREFIX}"));
    }

    #[test]
    fn the_builds_record_is_in_the_photos_folder_so_no_static_asset() {
        // `bucket::local_photos` skips it by this path, `.assetsignore` by its folder.
        assert_eq!(in_bucket::INDEX.strip_prefix(PREFIX), Some("index.json"));
    }

    #[test]
    fn only_images_are_kept_named_by_their_url() {
        let tmp = tempfile::tempdir().unwrap();
        let folder = tmp.path().join(DIR);
        std::fs::create_dir_all(&folder).unwrap();
        let url = "https://media.mls.example/a.jpg";
        save(&folder, url, b"\xFF\xD8\xFF\xE0 rest of a JPEG").unwrap();
        assert!(folder.join(format!("{}.jpg", stem(url))).is_file());
        assert_eq!(cached_files(tmp.path()).len(), 1);
        let err = save(&folder, "https://media.mls.example/b.jpg", b"<html>Not found</html>").unwrap_err();
        assert_eq!(format!("{err:#}"), "https://media.mls.example/b.jpg: not a JPEG, PNG or WebP image");
        assert_eq!(extension(b"\x89PNG\r\n\x1a\n...").unwrap(), "png");
        assert_eq!(extension(b"RIFF\x24\0\0\0WEBPVP8 ").unwrap(), "webp");
        assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 1, "nothing left of the refused photo");
    }
}
