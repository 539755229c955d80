//! `generator build`: load and check everything, render the whole site in memory, and only then
//! write — so a broken site is never written. Writing touches only files whose bytes changed.

use crate::assets::Assets;
use crate::images::{ImageInfo, ImagePipeline};
use crate::load::{self, Cache};
use crate::output::Output;
use crate::render::{RenderInput, Renderer};
use crate::{data, sitemap};
use anyhow::{bail, Context, Result};
use jax_model::Content;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use walkdir::WalkDir;

pub struct BuildOptions {
    pub content: PathBuf,
    pub out: PathBuf,
    /// Vite's output folder (its manifest and `assets/`); missing means no islands.
    pub islands: PathBuf,
    /// Where encoded image variants are kept between builds.
    pub cache: PathBuf,
    /// Serve mode: the build number the live-reload client compares against.
    pub live_reload: Option<u64>,
}

#[derive(Debug, Default)]
pub struct WriteStats {
    pub written: usize,
    pub unchanged: usize,
    pub removed: usize,
}

#[derive(Debug)]
pub struct Report {
    pub pages: usize,
    pub files: usize,
    pub write: WriteStats,
    pub elapsed: Duration,
}

/// Marks a folder as the generator's, so stale files may be deleted from it. It is also the
/// static-assets ignore list, so the marker itself is never published.
const MARKER: &str = ".assetsignore";
const MARKER_TEXT: &str =
    "# Written by `generator build`, which owns this folder: files here are replaced on every build.\n.assetsignore\n";

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

/// Everything the site consists of, in memory.
pub fn generate(c: &Content, opts: &BuildOptions, renderer: &Renderer) -> Result<(Vec<Output>, usize)> {
    let (images, mut files) = process_images(&opts.content, &opts.cache, c).context("processing images")?;
    let assets = Assets::load(&opts.islands).context("reading the islands' build")?;
    files.extend(island_files(&assets)?);
    let pages = renderer
        .render_pages(&RenderInput { content: c, images: &images, assets: &assets, live_reload: opts.live_reload })
        .context("rendering pages")?;
    let page_count = pages.len();
    files.push(sitemap::sitemap(&c.site.data.base_url, &pages));
    files.push(sitemap::robots(&c.site.data.base_url));
    // Security headers on every static answer (the worker adds the same to its own, which are
    // never pages, so without the inline script's hash); year-long caching where names are hashed.
    let map = jax_model::headers::origin(&c.site.data.development_map_url);
    let hashed = [ISLANDS_DIR, crate::images::OUTPUT_DIR];
    files.push(Output::new(
        "_headers",
        jax_model::headers::headers_file(map.as_slice(), &assets.inline_script_hashes(), &hashed),
    ));
    files.extend(data::outputs(c, &images)?);
    files.extend(pages);
    let mut seen = HashSet::new();
    for f in &files {
        if !seen.insert(f.path.as_str()) {
            bail!("two outputs want the same path {}", f.path);
        }
    }
    Ok((files, page_count))
}

/// Make `out` hold exactly `files`: write what changed, delete what is no longer produced.
pub fn write(out: &Path, files: &[Output]) -> Result<(WriteStats, Vec<String>)> {
    if out.exists() && !out.join(MARKER).exists() && std::fs::read_dir(out)?.next().is_some() {
        bail!(
            "{} is not empty and was not made by the generator; refusing to write into it (choose another --out)",
            out.display()
        );
    }
    // An absent or empty folder holds nothing to compare or remove: skip both (at 10,000 pages,
    // a failed open per file and a walk of every folder just written).
    let fresh = !out.exists() || std::fs::read_dir(out)?.next().is_none();
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    std::fs::write(out.join(MARKER), MARKER_TEXT)?;
    let results: Vec<Result<Option<String>>> = files
        .par_iter()
        .map(|f| {
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
    let mut stats = WriteStats::default();
    let mut changed = Vec::new();
    for r in results {
        match r? {
            Some(p) => {
                stats.written += 1;
                changed.push(p);
            }
            None => stats.unchanged += 1,
        }
    }
    if !fresh {
        remove_stale(out, files, &mut stats)?;
    }
    changed.sort();
    Ok((stats, changed))
}

/// Delete what `out` holds beyond `files` (and the marker), and the folders left empty.
fn remove_stale(out: &Path, files: &[Output], stats: &mut WriteStats) -> Result<()> {
    let keep: HashSet<PathBuf> = files.iter().map(|f| out.join(&f.path)).chain([out.join(MARKER)]).collect();
    for entry in WalkDir::new(out).contents_first(true).into_iter().filter_map(Result::ok) {
        let p = entry.path();
        if entry.file_type().is_file() && !keep.contains(p) {
            std::fs::remove_file(p).with_context(|| format!("removing stale {}", p.display()))?;
            stats.removed += 1;
        } else if entry.file_type().is_dir() && p != out {
            let _ = std::fs::remove_dir(p); // only succeeds when empty
        }
    }
    Ok(())
}

/// Load, check, render and write. Content problems come back as a `Diagnostics` error.
pub fn build(opts: &BuildOptions, renderer: &Renderer, cache: &Cache) -> Result<Report> {
    let start = Instant::now();
    let content = load::load(&opts.content, cache)?;
    let (files, pages) = generate(&content, opts, renderer)?;
    let (write, _changed) = write(&opts.out, &files)?;
    Ok(Report { pages, files: files.len(), write, elapsed: start.elapsed() })
}
