//! `generator build`: pages staged inside the output folder as they render, moved into place
//! once the whole site has rendered, and what the previous build left reused (`incremental`).

use super::folder::Written;
use super::folder::{claim, holds, remove_listed, remove_stale, write_files, Trash};
use super::generate::{generate_with, BuildOptions, Generated, RenderedPage, Report};
use anyhow::{Context, Result};
use jax_load::Cache;
use jax_mls::homes::Homes;
use jax_model::Content;
use jax_output::Output;
use jax_render::incremental::{self, Fingerprints, Unchanged};
use jax_render::sitemap;
use jax_render::Renderer;
use rayon::prelude::*;
use std::borrow::Borrow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Where `build` puts each page as soon as it is rendered, so the site's pages are never all in
/// memory (at the MLS's size, more than the build's whole peak). Inside `--out`, so moving a page into place is a rename;
/// removed after every build, and by the next one were this one killed (it is never published:
/// nothing is renamed into place before the whole site has rendered).
pub(super) const STAGING: &str = ".staging";

/// Under `--cache`: what builds replaced or removed, deleted by the next build (`Trash`).
const TRASH: &str = "trash";

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
/// `renderer` is called on a thread of its own while the build reads its inputs (compiling
/// the templates is a share of a small build).
pub fn build<R: Borrow<Renderer> + Send>(
    opts: &BuildOptions,
    renderer: impl FnOnce() -> Result<R> + Send,
    cache: &Cache,
) -> Result<Report> {
    let start = Instant::now();
    let content = jax_load::load(&opts.content, cache)?;
    let out = &opts.out;
    let existed = out.exists();
    let fresh = claim(out)?;
    let staging = out.join(STAGING);
    let _ = std::fs::remove_dir_all(&staging);
    let (trash, emptying) = Trash::new(&opts.cache.join(TRASH), !fresh);
    let result = std::fs::create_dir_all(&staging)
        .with_context(|| format!("creating {}", staging.display()))
        .and_then(|()| build_staged(&content, opts, renderer, &staging, fresh, !existed, &trash));
    let _ = std::fs::remove_dir_all(&staging);
    let _ = emptying.join();
    if result.is_err() && !existed {
        let _ = std::fs::remove_dir_all(out);
    }
    free_later(content);
    let (pages, files, write) = result?;
    Ok(Report { pages, files, write, elapsed: start.elapsed() })
}

/// `build` once `--out` is claimed: (pages, files, what was written).
fn build_staged<R: Borrow<Renderer> + Send>(
    c: &Content,
    opts: &BuildOptions,
    renderer: impl FnOnce() -> Result<R> + Send,
    staging: &Path,
    fresh: bool,
    created: bool,
    trash: &Trash,
) -> Result<(usize, usize, Written)> {
    let out = &opts.out;
    let into = Stage { out, staging, next: AtomicUsize::new(0), fresh, created };
    // What the previous build into `out` recorded is forgotten until this one is complete: were
    // it interrupted while moving pages into place, the next would render everything.
    let mut prints = Fingerprints::default();
    let Generated { files, cards, pages, photos, search, shards, unchanged, inputs } = std::thread::scope(|scope| {
        let compiling = scope.spawn(renderer);
        // Read while the listings are.
        let previous = scope.spawn(|| -> Result<_> {
            let inputs =
                incremental::inputs(&opts.content, &opts.islands).context("fingerprinting the build's inputs")?;
            Ok((inputs, if fresh { None } else { incremental::Previous::read(&opts.cache, out) }))
        });
        let unchanged = |homes: &Homes| -> Result<Unchanged> {
            let (inputs, previous) = previous.join().expect("reading the previous build's record")?;
            prints = incremental::fingerprints(inputs, homes, &jax_render::list_pages(c, homes));
            incremental::forget(&opts.cache, out);
            let unchanged = previous.map(|p| p.unchanged(&prints)).unwrap_or_default();
            if unchanged.count() * 2 > prints.len() {
                crate::allocator::tune(crate::allocator::Work::Some);
            }
            Ok(unchanged)
        };
        let skipped = |path: String| Ok(Staged { path, noindex: false, place: Place::Unchanged });
        generate_with(
            c,
            opts,
            || compiling.join().expect("compiling the templates"),
            None,
            unchanged,
            |page: Output| stage(page, &into),
            skipped,
        )
    })?;
    let mut done = write_files(out, &files, fresh)?;
    let staged: Vec<&Staged> = pages.iter().chain(&photos).chain(&search).collect();
    let made = || files.iter().map(|f| f.path.as_str()).chain(staged.iter().map(|p| p.path.as_str()));
    // The record is written while the pages move, and in force once they are in place.
    let (moved, record) = rayon::join(
        || staged.par_iter().map(|p| move_into(out, p, trash)).collect::<Vec<Result<bool>>>(),
        || incremental::record(&opts.cache, out, &prints, &shards, made(), &cards),
    );
    for (page, m) in staged.iter().zip(moved) {
        if m? {
            done.wrote(&page.path);
        } else {
            done.unchanged += 1;
        }
    }
    if !fresh {
        match unchanged.before() {
            // Walking 10,000 listings' folders costs more than the rest of a rebuild's writing.
            Some(before) => remove_listed(out, before, made(), &mut done, trash)?,
            None => remove_stale(out, made(), &mut done)?,
        }
    }
    record?.commit()?;
    done.reused = unchanged.count();
    done.changed.sort();
    let counts = (pages.len(), files.len() + staged.len());
    free_later((files, cards, pages, photos, search, shards, unchanged, inputs, prints));
    Ok((counts.0, counts.1, done))
}

/// Where rendered pages go.
struct Stage<'a> {
    out: &'a Path,
    staging: &'a Path,
    /// The next staged file's name.
    next: AtomicUsize,
    /// `out` holds nothing to compare with.
    fresh: bool,
    /// `out` did not exist before this build.
    created: bool,
}

/// Puts a rendered page where it waits for the end of the build (or straight in place).
fn stage(page: Output, to: &Stage) -> Result<Staged> {
    let noindex = page.path.ends_with(".html") && sitemap::is_noindex(&page.bytes);
    let path = to.out.join(&page.path);
    let place = if to.created {
        // Half the file-system work of staging (one create, no rename), done while the other
        // threads render.
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
        }
        std::fs::write(&path, &page.bytes).with_context(|| format!("writing {}", path.display()))?;
        Place::Direct
    } else if !to.fresh && already_there(&page, &path) {
        Place::Unchanged
    } else {
        let file = to.staging.join(to.next.fetch_add(1, Ordering::Relaxed).to_string());
        std::fs::write(&file, &page.bytes).with_context(|| format!("writing {}", file.display()))?;
        Place::Staged(file)
    };
    Ok(Staged { path: page.path, noindex, place })
}

/// Whether `--out` holds `page` at `path` already. A file in a folder named by the hash of its
/// bytes (the search's) holds them if it is there: nothing to read back.
fn already_there(page: &Output, path: &Path) -> bool {
    let named_by_bytes = page.path.strip_prefix(jax_model::api::SEARCH_DIR).is_some_and(|rest| rest.starts_with('/'));
    if named_by_bytes {
        path.exists()
    } else {
        holds(path, &page.bytes)
    }
}

/// Puts a staged page in its place in `out`, the version it replaces into `trash`: whether it
/// was written.
fn move_into(out: &Path, page: &Staged, trash: &Trash) -> Result<bool> {
    let file = match &page.place {
        Place::Unchanged => return Ok(false),
        Place::Direct => return Ok(true),
        Place::Staged(file) => file,
    };
    let path = out.join(&page.path);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    }
    trash.keep(&path);
    std::fs::rename(file, &path).with_context(|| format!("writing {}", path.display()))?;
    Ok(true)
}

/// Frees `values` on a thread of its own: freeing a large build's takes time the build need not
/// wait for (`generator build` may exit meanwhile: the system frees them then).
fn free_later<T: Send + 'static>(values: T) {
    std::thread::spawn(move || drop(values));
}

#[cfg(test)]
mod tests {
    use super::*;
    use walkdir::WalkDir;

    fn fixture() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/valid")
    }

    /// The built-in templates, with the listing page's broken when `broken`.
    fn renderer(dir: &Path, broken: bool) -> Renderer {
        let templates = Path::new(env!("CARGO_MANIFEST_DIR")).join("../render/templates");
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
            photos_bucket: false,
            deploy: false,
        };
        let (good, bad) = (renderer(&tmp.path().join("good"), false), renderer(&tmp.path().join("bad"), true));
        let cache = Cache::default();

        // Into a folder that did not exist: pages went straight into place, so it is removed.
        assert!(build(&opts, || Ok(&bad), &cache).is_err());
        assert!(!out.exists(), "a failed first build leaves no folder behind");

        let report = build(&opts, || Ok(&good), &cache).unwrap();
        assert_eq!(report.write.written, report.files);
        let before = snapshot(&out);
        assert!(before.iter().any(|(p, _)| p.ends_with("index.html")));

        // Into the previous site: pages were staged, so nothing of it changed.
        assert!(build(&opts, || Ok(&bad), &cache).is_err());
        assert_eq!(snapshot(&out), before, "a failed build leaves the previous site as it was");
        assert!(!out.join(STAGING).exists());

        // A rebuild in place writes nothing and leaves no staging folder.
        let again = build(&opts, || Ok(&good), &cache).unwrap();
        assert_eq!((again.write.written, again.write.removed), (0, 0));
        assert_eq!(snapshot(&out), before);
    }
}
