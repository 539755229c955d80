//! The output folder as the generator keeps it: claimed by a marker, written only where bytes
//! changed, cleared of what a build no longer makes.

use anyhow::{bail, Context, Result};
use jax_output::Output;
use rayon::prelude::*;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

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
    pub(super) fn wrote(&mut self, path: &str) {
        self.changed.push(path.to_string());
        self.written += 1;
    }
}

/// Marks a folder as the generator's, so stale files may be deleted from it. It is also the
/// static-assets ignore list, so the marker itself is never published.
pub(super) const MARKER: &str = ".assetsignore";
const MARKER_TEXT: &str = "# Written by `generator build`, which owns this folder: files here are replaced on every build.\n.assetsignore\n.staging\n";

/// Make `out` hold exactly `files`: write what changed, delete what is no longer produced.
pub fn write(out: &Path, files: &[Output]) -> Result<Written> {
    let fresh = claim(out)?;
    let mut done = write_files(out, files, fresh)?;
    if !fresh {
        remove_stale(out, files.iter().map(|f| f.path.as_str()), &mut done)?;
    }
    done.changed.sort();
    Ok(done)
}

/// Write those of `files` whose bytes differ from what `out` (a folder the generator wrote)
/// holds, leaving everything else in it as it is.
pub fn write_some(out: &Path, files: &[Output]) -> Result<Written> {
    let mut done = write_files(out, files, false)?;
    done.changed.sort();
    Ok(done)
}

/// Refuse a folder the generator did not make; otherwise create it and mark it as the
/// generator's. True when it was absent or empty: nothing in it to compare or remove then.
pub(super) fn claim(out: &Path) -> Result<bool> {
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

/// Write the files whose bytes differ from what `out` holds (in a `fresh` folder: every one).
pub(super) fn write_files(out: &Path, files: &[Output], fresh: bool) -> Result<Written> {
    let results: Vec<Result<Option<String>>> = files
        .par_iter()
        .map(|f| {
            let path = out.join(&f.path);
            if !fresh && holds(&path, &f.bytes) {
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
pub(super) fn remove_stale<'a>(out: &Path, keep: impl Iterator<Item = &'a str>, done: &mut Written) -> Result<()> {
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
pub(super) fn remove_listed<'a>(
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

/// Whether the file at `path` holds `bytes` (one of another length is not read: an import
/// changes each of the lists' pages, the largest the site has).
pub(super) fn holds(path: &Path, bytes: &[u8]) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.len() == bytes.len() as u64)
        && std::fs::read(path).is_ok_and(|old| old == bytes)
}
