//! `generator build`: load and check everything, render the whole site, and only then put it in
//! place — so a broken site is never written. Pages wait in a staging folder rather than in memory;
//! writing touches only files whose bytes changed.

use crate::assets::Assets;
use crate::images::{ImageInfo, ImagePipeline};
use crate::incremental::{self, Fingerprints, Unchanged};
use crate::load::{self, Cache};
use crate::mls::homes::Homes;
use crate::mls::store::Memo;
use crate::output::Output;
use crate::render::{RenderInput, Renderer};
use crate::{data, sitemap};
use anyhow::{bail, Context, Result};
use jax_model::Content;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use walkdir::WalkDir;

pub struct BuildOptions {
    pub content: PathBuf,
    pub out: PathBuf,
    /// Vite's output folder (its manifest and `assets/`); missing means no islands.
    pub islands: PathBuf,
    /// Where encoded image variants (and compiled reports) are kept between builds.
    pub cache: PathBuf,
    /// `site/build/render-reports.mjs`, which compiles the reports' MDX (only run when there are reports).
    pub mdx_renderer: PathBuf,
    /// Where `generator import reso` keeps the MLS's listings.
    pub mls: PathBuf,
}

/// What a build did to the output folder.
#[derive(Debug, Default)]
pub struct Written {
    /// Paths written or removed (output-relative, `/` separators), sorted.
    pub changed: Vec<String>,
    pub written: usize,
    pub unchanged: usize,
    pub removed: usize,
    /// Of the unchanged, the MLS listings' pages and cards kept without being made again
    /// (`incremental`).
    pub reused: usize,
}

impl Written {
    fn wrote(&mut self, path: &str) {
        self.changed.push(path.to_string());
        self.written += 1;
    }
}

#[derive(Debug)]
pub struct Report {
    pub pages: usize,
    pub files: usize,
    pub write: Written,
    pub elapsed: Duration,
}

impl Report {
    /// The line `generator build` (and `serve`'s first build) prints.
    pub fn summary(&self, out: &Path) -> String {
        format!(
            "built {} pages ({} files) into {} in {} ms: {} written, {} unchanged, {} removed, {} reused unrendered",
            self.pages,
            self.files,
            out.display(),
            self.elapsed.as_millis(),
            self.write.written,
            self.write.unchanged,
            self.write.removed,
            self.write.reused
        )
    }
}

/// Marks a folder as the generator's, so stale files may be deleted from it. It is also the
/// static-assets ignore list, so the marker itself is never published.
const MARKER: &str = ".assetsignore";
const MARKER_TEXT: &str = "# Written by `generator build`, which owns this folder: files here are replaced on every build.\n.assetsignore\n.staging\n";

/// Process every image the site uses, in parallel.
fn process_images(content_dir: &Path, cache: &Path, c: &Content) -> Result<(HashMap<String, ImageInfo>, Vec<Output>)> {
    let mut paths: Vec<String> = load::image_refs(c).into_iter().map(|(p, _, _)| p.to_string()).collect();
    paths.extend(load::SITE_IMAGES.iter().filter(|p| content_dir.join(p).is_file()).map(|p| p.to_string()));
    paths.sort();
    paths.dedup();
    let pipeline = ImagePipeline::new(content_dir, cache);
    let done: Vec<(String, ImageInfo, Vec<Output>)> = paths
        .par_iter()
        .map(|p| pipeline.process(p).map(|(info, files)| (p.clone(), info, files)))
        .collect::<Result<_>>()?;
    let mut infos = HashMap::new();
    let mut files = Vec::new();
    for (p, info, out) in done {
        infos.insert(p, info);
        files.extend(out);
    }
    Ok((infos, files))
}

/// Vite's output folder of fingerprinted files, copied as is into the same folder of the site.
const ISLANDS_DIR: &str = "assets";

/// Vite's `assets/` folder, copied as is (names are already fingerprinted).
fn island_files(assets: &Assets) -> Result<Vec<Output>> {
    let Some(dir) = &assets.dir else { return Ok(Vec::new()) };
    let root = dir.join(ISLANDS_DIR);
    if !root.is_dir() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for entry in WalkDir::new(&root).sort_by_file_name() {
        let entry = entry.with_context(|| format!("listing {}", root.display()))?;
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(dir).expect("inside the walked folder");
            let bytes = std::fs::read(entry.path()).with_context(|| format!("reading {}", entry.path().display()))?;
            out.push(Output::new(rel.to_string_lossy().replace('\\', "/"), bytes));
        }
    }
    Ok(out)
}

/// Everything the site consists of, in memory; `memo` keeps the MLS's import read between the
/// builds of one process.
pub fn generate(c: &Content, opts: &BuildOptions, renderer: &Renderer, memo: &Memo) -> Result<(Vec<Output>, usize)> {
    let none = |_: &Homes| Ok(Unchanged::default());
    let Generated { mut files, pages, photos, .. } =
        generate_with(c, opts, renderer, Some(memo), none, Ok, |path| bail!("{path} was left unrendered"))?;
    let page_count = pages.len();
    files.extend(pages.into_iter().chain(photos));
    Ok((files, page_count))
}

/// Only the pages at these output paths, as `generate` makes them, and the site's data files
/// (which pages load, so a change to them reloads every open page): what `generator serve`
/// shows first after an edit. The images they use are the whole build's to write.
pub fn generate_pages(
    c: &Content,
    opts: &BuildOptions,
    renderer: &Renderer,
    memo: &Memo,
    wanted: &HashSet<String>,
) -> Result<Vec<Output>> {
    let (inputs, _, _) = Inputs::read(c, opts, Some(memo), &|_| Ok(()))?;
    let mut files = renderer.render_some(&inputs.render_input(c), wanted).context("rendering pages")?;
    files.extend(data::outputs(c, &inputs.images)?);
    Ok(files)
}

/// What the pages are rendered from.
struct Inputs {
    images: HashMap<String, ImageInfo>,
    assets: Assets,
    reports: HashMap<String, crate::reports::Prepared>,
    homes: Option<Homes>,
}

impl Inputs {
    /// These, with the files of the site's images and of the MLS's photos (as `keep` made them).
    fn read<P: Send>(
        c: &Content,
        opts: &BuildOptions,
        memo: Option<&Memo>,
        keep: &(impl Fn(Output) -> Result<P> + Sync),
    ) -> Result<(Inputs, Vec<Output>, Vec<P>)> {
        let (images, image_files) = process_images(&opts.content, &opts.cache, c).context("processing images")?;
        let assets = Assets::load(&opts.islands).context("reading the islands' build")?;
        let reports = crate::reports::prepare(c, &opts.mdx_renderer, &opts.cache.join("reports"))?;
        let mut homes = crate::mls::for_build(c, &opts.mls, memo)?;
        let photos = match homes.as_mut() {
            Some(h) => crate::mls::photos::process(&ImagePipeline::new(&opts.content, &opts.cache), h, &opts.mls, keep)
                .context("processing the MLS's photos")?,
            None => Vec::new(),
        };
        Ok((Inputs { images, assets, reports, homes }, image_files, photos))
    }

    fn render_input<'a>(&'a self, content: &'a Content) -> RenderInput<'a> {
        RenderInput {
            content,
            images: &self.images,
            assets: &self.assets,
            reports: &self.reports,
            homes: self.homes.as_ref(),
        }
    }
}

/// A rendered page as the rest of the build needs it: its path, and whether it asks not to be
/// indexed (the sitemap leaves it out).
trait RenderedPage: Send {
    fn path(&self) -> &str;
    fn noindex(&self) -> bool;
}

impl RenderedPage for Output {
    fn path(&self) -> &str {
        &self.path
    }
    fn noindex(&self) -> bool {
        sitemap::is_noindex(&self.bytes)
    }
}

/// What `generate_with` made.
struct Generated<P> {
    /// The site's files but its pages and MLS photos.
    files: Vec<Output>,
    pages: Vec<P>,
    photos: Vec<P>,
    /// What the output held already (`incremental`).
    unchanged: Unchanged,
}

/// The site's files but its pages and MLS photos, then its pages and the MLS photos' files as
/// `keep` made them when each was made (thousands of photos are not held in memory either), and
/// what `unchanged` said: given the listings, which of their pages and cards the output holds
/// already (`incremental`). Those pages go to `skipped` unrendered.
fn generate_with<P: RenderedPage>(
    c: &Content,
    opts: &BuildOptions,
    renderer: &Renderer,
    memo: Option<&Memo>,
    unchanged: impl FnOnce(&Homes) -> Result<Unchanged>,
    keep: impl Fn(Output) -> Result<P> + Sync + Send,
    skipped: impl Fn(String) -> Result<P> + Sync + Send,
) -> Result<Generated<P>> {
    let (inputs, mut files, photos) = Inputs::read(c, opts, memo, &keep)?;
    let assets = &inputs.assets;
    files.extend(island_files(assets)?);
    let homes = inputs.homes.as_ref();
    let unchanged = match homes {
        Some(h) => unchanged(h)?,
        None => Unchanged::default(),
    };
    // The search's index is built while the pages render (its words are a tenth of a
    // 10,000-listing build).
    let (rendered, index) = rayon::join(
        || renderer.render_pages_with(&inputs.render_input(c), &unchanged, &keep, &skipped).context("rendering pages"),
        || homes.map(|h| crate::mls::search::outputs(h).context("writing the search's index")),
    );
    let (pages, cards) = rendered?;
    files.extend(index.transpose()?.unwrap_or_default());
    files.extend(cards);
    files.push(sitemap::of_pages(&c.site.data.base_url, pages.iter().map(|p| (p.path(), p.noindex()))));
    files.push(sitemap::robots(&c.site.data.base_url));
    // Security headers on every static answer (the worker adds the same to its own, which are
    // never pages, so without the inline script's hash); year-long caching where names are hashed.
    let map = jax_model::headers::origin(&c.site.data.development_map_url);
    // The MLS's photos come from its media host.
    let media: Vec<String> =
        c.site.data.mls.iter().filter_map(|m| jax_model::headers::origin(m.media_origin())).collect();
    let hashed = [ISLANDS_DIR, crate::images::OUTPUT_DIR];
    files.push(Output::new(
        "_headers",
        jax_model::headers::headers_file(map.as_slice(), &media, &assets.inline_script_hashes(), &hashed),
    ));
    files.extend(data::outputs(c, &inputs.images)?);
    let mut seen = rustc_hash::FxHashSet::default();
    for path in files.iter().map(|f| f.path.as_str()).chain(pages.iter().chain(&photos).map(|p| p.path())) {
        if !seen.insert(path) {
            bail!("two outputs want the same path {path}");
        }
    }
    Ok(Generated { files, pages, photos, unchanged })
}

/// Make `out` hold exactly `files`: write what changed, delete what is no longer produced.
pub fn write(out: &Path, files: &[Output]) -> Result<Written> {
    let fresh = claim(out)?;
    let mut done = write_files(out, files, fresh, |_| false)?;
    if !fresh {
        remove_stale(out, files.iter().map(|f| f.path.as_str()), &mut done)?;
    }
    done.changed.sort();
    Ok(done)
}

/// Write those of `files` whose bytes differ from what `out` (a folder the generator wrote)
/// holds, leaving everything else in it as it is.
pub fn write_some(out: &Path, files: &[Output]) -> Result<Written> {
    let mut done = write_files(out, files, false, |_| false)?;
    done.changed.sort();
    Ok(done)
}

/// Refuse a folder the generator did not make; otherwise create it and mark it as the
/// generator's. True when it was absent or empty: nothing in it to compare or remove then.
fn claim(out: &Path) -> Result<bool> {
    let listed = || std::fs::read_dir(out).with_context(|| format!("listing {}", out.display()));
    let fresh = !out.exists() || listed()?.next().is_none();
    if !fresh && !out.join(MARKER).exists() {
        bail!(
            "{} is not empty and was not made by the generator; refusing to write into it (choose another --out)",
            out.display()
        );
    }
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    let marker = out.join(MARKER);
    std::fs::write(&marker, MARKER_TEXT).with_context(|| format!("writing {}", marker.display()))?;
    Ok(fresh)
}

/// Write the files whose bytes differ from what `out` holds (in a `fresh` folder: every one);
/// those `known` says `out` holds already are not read to compare.
fn write_files(out: &Path, files: &[Output], fresh: bool, known: impl Fn(&str) -> bool + Sync) -> Result<Written> {
    let results: Vec<Result<Option<String>>> = files
        .par_iter()
        .map(|f| {
            if !fresh && known(&f.path) {
                return Ok(None);
            }
            let path = out.join(&f.path);
            if !fresh && std::fs::read(&path).is_ok_and(|old| old == f.bytes) {
                return Ok(None);
            }
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
            }
            std::fs::write(&path, &f.bytes).with_context(|| format!("writing {}", path.display()))?;
            Ok(Some(f.path.clone()))
        })
        .collect();
    let mut done = Written::default();
    for r in results {
        match r? {
            Some(p) => done.wrote(&p),
            None => done.unchanged += 1,
        }
    }
    Ok(done)
}

/// Delete what `out` holds beyond `keep` (and the marker), and the folders left empty.
fn remove_stale<'a>(out: &Path, keep: impl Iterator<Item = &'a str>, done: &mut Written) -> Result<()> {
    let keep: HashSet<&str> = keep.chain([MARKER]).collect();
    // Folders a removal may have left empty (children come first): only those are tried, since
    // trying each of 10,000 listings' folders costs more than the rest of a rebuild's writing.
    let mut emptied: HashSet<PathBuf> = HashSet::new();
    for entry in WalkDir::new(out).contents_first(true).into_iter().filter_map(Result::ok) {
        let p = entry.path();
        let rel = p.strip_prefix(out).expect("inside the walked folder").to_string_lossy().replace('\\', "/");
        if entry.file_type().is_file() && !keep.contains(rel.as_str()) {
            std::fs::remove_file(p).with_context(|| format!("removing stale {}", p.display()))?;
            done.changed.push(rel);
            done.removed += 1;
            emptied.extend(p.parent().map(Path::to_path_buf));
        } else if entry.file_type().is_dir() && p != out && emptied.contains(p) && std::fs::remove_dir(p).is_ok() {
            emptied.extend(p.parent().map(Path::to_path_buf)); // removed: it was empty
        }
    }
    Ok(())
}

/// Delete the files of `before` (what `out` was known to hold) beyond `keep`, and the folders
/// left empty.
fn remove_listed<'a>(
    out: &Path,
    before: impl Iterator<Item = &'a str>,
    keep: impl Iterator<Item = &'a str>,
    done: &mut Written,
) -> Result<()> {
    let keep: rustc_hash::FxHashSet<&str> = keep.collect();
    let mut stale: Vec<&str> = before.filter(|p| !keep.contains(p)).collect();
    stale.sort_unstable();
    for rel in stale {
        let p = out.join(rel);
        match std::fs::remove_file(&p) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e).with_context(|| format!("removing stale {}", p.display())),
        }
        done.changed.push(rel.to_string());
        done.removed += 1;
        // Up to the output folder, each folder this left empty.
        let mut dir = p.parent();
        while let Some(d) = dir.filter(|d| *d != out && std::fs::remove_dir(d).is_ok()) {
            dir = d.parent();
        }
    }
    Ok(())
}

/// Where `build` puts each page as soon as it is rendered, so the site's pages are never all in
/// memory (10,000 listings: 320 MB). Inside `--out`, so moving a page into place is a rename;
/// removed after every build, and by the next one were this one killed (it is never published:
/// nothing is renamed into place before the whole site has rendered).
const STAGING: &str = ".staging";

/// A page `build` has put on disk (or found there already).
struct Staged {
    path: String,
    noindex: bool,
    place: Place,
}

enum Place {
    /// `--out` already holds these bytes.
    Unchanged,
    /// Written straight into place: `--out` did not exist, so there is no previous site to keep
    /// (a failed build removes the whole folder).
    Direct,
    /// Waiting in the staging folder to be renamed into place.
    Staged(PathBuf),
}

impl RenderedPage for Staged {
    fn path(&self) -> &str {
        &self.path
    }
    fn noindex(&self) -> bool {
        self.noindex
    }
}

/// Load, check, render and write. Content problems come back as a `Diagnostics` error. Pages go
/// to the staging folder as they are rendered and into place only once the whole site has
/// rendered, so a failed build still leaves the previous site as it was; into an `--out` that
/// does not exist yet they go straight into place, and a failed build removes the folder.
pub fn build(opts: &BuildOptions, renderer: &Renderer, cache: &Cache) -> Result<Report> {
    let start = Instant::now();
    let content = load::load(&opts.content, cache)?;
    let out = &opts.out;
    let existed = out.exists();
    let fresh = claim(out)?;
    let staging = out.join(STAGING);
    let _ = std::fs::remove_dir_all(&staging);
    let result = std::fs::create_dir_all(&staging)
        .with_context(|| format!("creating {}", staging.display()))
        .and_then(|()| build_staged(&content, opts, renderer, &staging, fresh, !existed));
    let _ = std::fs::remove_dir_all(&staging);
    if result.is_err() && !existed {
        let _ = std::fs::remove_dir_all(out);
    }
    let (pages, files, write) = result?;
    Ok(Report { pages, files, write, elapsed: start.elapsed() })
}

/// `build` once `--out` is claimed: (pages, files, what was written).
fn build_staged(
    c: &Content,
    opts: &BuildOptions,
    renderer: &Renderer,
    staging: &Path,
    fresh: bool,
    created: bool,
) -> Result<(usize, usize, Written)> {
    let out = &opts.out;
    let next = AtomicUsize::new(0);
    // What the previous build into `out` recorded is forgotten until this one is complete: were
    // it interrupted while moving pages into place, the next would render everything.
    let mut prints = Fingerprints::default();
    let unchanged = |homes: &Homes| -> Result<Unchanged> {
        prints = incremental::fingerprints(opts, homes)?;
        let unchanged = if fresh { Unchanged::default() } else { incremental::unchanged(&opts.cache, out, &prints) };
        incremental::forget(&opts.cache, out);
        Ok(unchanged)
    };
    let skipped = |path: String| Ok(Staged { path, noindex: false, place: Place::Unchanged });
    let Generated { files, pages, photos, unchanged } = generate_with(
        c,
        opts,
        renderer,
        None,
        unchanged,
        |page: Output| {
            let noindex = page.path.ends_with(".html") && sitemap::is_noindex(&page.bytes);
            let path = out.join(&page.path);
            let place = if created {
                // Half the file-system work of staging (one create, no rename), done while the other
                // threads render.
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
                }
                std::fs::write(&path, &page.bytes).with_context(|| format!("writing {}", path.display()))?;
                Place::Direct
            } else if !fresh && std::fs::read(&path).is_ok_and(|old| old == page.bytes) {
                Place::Unchanged
            } else {
                let file = staging.join(next.fetch_add(1, Ordering::Relaxed).to_string());
                std::fs::write(&file, &page.bytes).with_context(|| format!("writing {}", file.display()))?;
                Place::Staged(file)
            };
            Ok(Staged { path: page.path, noindex, place })
        },
        skipped,
    )?;
    // The cards the previous build recorded are as `out` holds them.
    let mut done = write_files(out, &files, fresh, |path| unchanged.has(path))?;
    let staged: Vec<&Staged> = pages.iter().chain(&photos).collect();
    let moved: Vec<Result<bool>> = staged
        .par_iter()
        .map(|p| {
            let file = match &p.place {
                Place::Unchanged => return Ok(false),
                Place::Direct => return Ok(true),
                Place::Staged(file) => file,
            };
            let path = out.join(&p.path);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
            }
            std::fs::rename(file, &path).with_context(|| format!("writing {}", path.display()))?;
            Ok(true)
        })
        .collect();
    for (page, m) in staged.iter().zip(moved) {
        if m? {
            done.wrote(&page.path);
        } else {
            done.unchanged += 1;
        }
    }
    let made = || files.iter().map(|f| f.path.as_str()).chain(staged.iter().map(|p| p.path.as_str()));
    if !fresh {
        match unchanged.before() {
            // Walking 10,000 listings' folders costs more than the rest of a rebuild's writing.
            Some(before) => remove_listed(out, before, made(), &mut done)?,
            None => remove_stale(out, made(), &mut done)?,
        }
    }
    incremental::save(&opts.cache, out, &prints, made(), &files)?;
    done.reused = unchanged.count();
    done.changed.sort();
    Ok((pages.len(), files.len() + staged.len(), done))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid")
    }

    /// The built-in templates, with the listing page's broken when `broken`.
    fn renderer(dir: &Path, broken: bool) -> Renderer {
        let templates = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
        for e in WalkDir::new(&templates).into_iter().filter_map(Result::ok).filter(|e| e.file_type().is_file()) {
            let to = dir.join(e.path().strip_prefix(&templates).unwrap());
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::copy(e.path(), to).unwrap();
        }
        if broken {
            let bad = "{% extends \"base.html\" %}{% block main %}{{ page.nope.deeper }}{% endblock main %}";
            std::fs::write(dir.join("listing.html"), bad).unwrap();
        }
        Renderer::from_dir(dir).unwrap()
    }

    fn snapshot(out: &Path) -> Vec<(PathBuf, Vec<u8>)> {
        let mut files: Vec<_> = WalkDir::new(out)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| (e.path().to_path_buf(), std::fs::read(e.path()).unwrap()))
            .collect();
        files.sort();
        files
    }

    #[test]
    fn a_page_that_fails_to_render_leaves_no_site_and_the_previous_one_untouched() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("out");
        let opts = BuildOptions {
            content: fixture(),
            out: out.clone(),
            islands: tmp.path().join("no-islands"),
            cache: tmp.path().join("cache"),
            mdx_renderer: tmp.path().join("no-script"),
            mls: tmp.path().join("no-mls"),
        };
        let (good, bad) = (renderer(&tmp.path().join("good"), false), renderer(&tmp.path().join("bad"), true));
        let cache = Cache::default();

        // Into a folder that did not exist: pages went straight into place, so it is removed.
        assert!(build(&opts, &bad, &cache).is_err());
        assert!(!out.exists(), "a failed first build leaves no folder behind");

        let report = build(&opts, &good, &cache).unwrap();
        assert_eq!(report.write.written, report.files);
        let before = snapshot(&out);
        assert!(before.iter().any(|(p, _)| p.ends_with("index.html")));

        // Into the previous site: pages were staged, so nothing of it changed.
        assert!(build(&opts, &bad, &cache).is_err());
        assert_eq!(snapshot(&out), before, "a failed build leaves the previous site as it was");
        assert!(!out.join(STAGING).exists());

        // A rebuild in place writes nothing and leaves no staging folder.
        let again = build(&opts, &good, &cache).unwrap();
        assert_eq!((again.write.written, again.write.removed), (0, 0));
        assert_eq!(snapshot(&out), before);
    }
}
