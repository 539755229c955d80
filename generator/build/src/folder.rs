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
/// left empty: into `trash` where it can take them, the outermost folder that holds nothing kept
/// as a whole.
pub(super) fn remove_listed<'a>(
    out: &Path,
    before: impl Iterator<Item = &'a str>,
    keep: impl Iterator<Item = &'a str>,
    done: &mut Written,
    trash: &Trash,
) -> Result<()> {
    let keep: rustc_hash::FxHashSet<&str> = keep.collect();
    let kept_folders: rustc_hash::FxHashSet<&str> = keep.iter().flat_map(|p| folders(p)).collect();
    let mut stale: Vec<&str> = before.filter(|p| !keep.contains(p)).collect();
    stale.sort_unstable();
    stale.retain(|rel| std::fs::symlink_metadata(out.join(rel)).is_ok());
    let mut taken: rustc_hash::FxHashSet<&str> = rustc_hash::FxHashSet::default();
    for rel in stale {
        // Outermost first: the first folder that holds nothing kept holds nothing else kept.
        let whole = folders(rel).rev().find(|f| !kept_folders.contains(f));
        let gone = match whole {
            Some(folder) => taken.contains(folder) || (trash.take(&out.join(folder)) && taken.insert(folder)),
            None => trash.take(&out.join(rel)),
        };
        if !gone {
            remove_now(out, rel)?;
        }
        done.changed.push(rel.to_string());
        done.removed += 1;
    }
    Ok(())
}

/// The folders `rel` is in, innermost first: `a/b/c.html` → `a/b`, `a`.
fn folders(rel: &str) -> impl DoubleEndedIterator<Item = &str> {
    let ends: Vec<usize> = rel.match_indices('/').map(|(i, _)| i).collect();
    ends.into_iter().rev().map(move |i| &rel[..i])
}

/// Deletes `rel` and each folder up to `out` this leaves empty.
fn remove_now(out: &Path, rel: &str) -> Result<()> {
    let p = out.join(rel);
    match std::fs::remove_file(&p) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e).with_context(|| format!("removing stale {}", p.display())),
    }
    let mut dir = p.parent();
    while let Some(d) = dir.filter(|d| *d != out && std::fs::remove_dir(d).is_ok()) {
        dir = d.parent();
    }
    Ok(())
}

/// Where a build into a site it keeps puts the files it replaces or removes, instead of deleting
/// them then: on a disk that discards what is freed (as this machine's does, on ext4 without a
/// journal, each freed file waits for its discard), deleting was most of a rebuild's writing.
/// The next build deletes them while it renders. A folder of its own under the build's cache
/// (on the output's file system, or nothing is taken and files are deleted as before).
pub(super) struct Trash {
    dir: Option<PathBuf>,
    next: std::sync::atomic::AtomicUsize,
}

impl Trash {
    /// Deletes, on a thread of its own, what earlier builds left under `root`; then, when `used`,
    /// a new folder there for this build's.
    pub(super) fn new(root: &Path, used: bool) -> (Trash, std::thread::JoinHandle<()>) {
        let left: Vec<PathBuf> =
            std::fs::read_dir(root).map(|r| r.filter_map(Result::ok).map(|e| e.path()).collect()).unwrap_or_default();
        let deleting = std::thread::spawn(move || {
            for dir in left {
                let _ = std::fs::remove_dir_all(dir);
            }
        });
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        let dir = root.join(format!("{}-{}", std::process::id(), stamp.as_nanos()));
        let dir = (used && std::fs::create_dir_all(&dir).is_ok()).then_some(dir);
        (Trash { dir, next: Default::default() }, deleting)
    }

    /// A trash that takes nothing.
    #[cfg(test)]
    pub(super) fn none() -> Trash {
        Trash { dir: None, next: Default::default() }
    }

    fn place(&self) -> Option<PathBuf> {
        let n = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.dir.as_ref().map(|d| d.join(n.to_string()))
    }

    /// Moves the file or folder at `path` into the trash: whether it did (not when absent, or on
    /// another file system).
    pub(super) fn take(&self, path: &Path) -> bool {
        self.place().is_some_and(|to| std::fs::rename(path, to).is_ok())
    }

    /// Keeps the file at `path` in the trash too (a hard link), so that replacing it frees
    /// nothing yet; nothing when there is no such file.
    pub(super) fn keep(&self, path: &Path) {
        if let Some(to) = self.place() {
            let _ = std::fs::hard_link(path, to);
        }
    }
}

/// Whether the file at `path` holds `bytes` (one of another length is not read: an import
/// changes each of the lists' pages, the largest the site has).
pub(super) fn holds(path: &Path, bytes: &[u8]) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.len() == bytes.len() as u64)
        && std::fs::read(path).is_ok_and(|old| old == bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(dir: &Path) -> Vec<String> {
        let mut found: Vec<String> = WalkDir::new(dir)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.path() != dir)
            .map(|e| e.path().strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/"))
            .collect();
        found.sort();
        found
    }

    /// A site of `paths`, each file holding its own path.
    fn site(out: &Path, paths: &[&str]) {
        for p in paths {
            let path = out.join(p);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, p).unwrap();
        }
    }

    const BEFORE: [&str; 6] = ["index.html", "old.html", "a/b/c/1.json", "a/b/c/2.json", "a/kept.json", "a/b2/3.json"];
    const KEPT: [&str; 2] = ["index.html", "a/kept.json"];
    /// What the folder holds after: the kept files, the folders they are in.
    const AFTER: [&str; 3] = ["a", "a/kept.json", "index.html"];

    fn removed(trash: &Trash, out: &Path) -> Written {
        site(out, &BEFORE);
        let mut done = Written::default();
        // "gone.html" was recorded but is not there: not counted.
        let before = BEFORE.iter().copied().chain(["gone.html"]);
        remove_listed(out, before, KEPT.iter().copied(), &mut done, trash).unwrap();
        done
    }

    #[test]
    fn stale_files_go_and_the_folders_they_leave_empty() {
        let tmp = tempfile::tempdir().unwrap();
        let (trash, emptying) = Trash::new(&tmp.path().join("trash"), true);
        emptying.join().unwrap();
        let out = tmp.path().join("out");
        let done = removed(&trash, &out);
        assert_eq!(files(&out), AFTER);
        assert_eq!(done.removed, 4);
        assert_eq!(done.changed, ["a/b/c/1.json", "a/b/c/2.json", "a/b2/3.json", "old.html"]);
        // Into the trash, whole folders as one (a/b, a/b2), the file beside a kept one alone.
        let trashed = trash.dir.as_ref().unwrap();
        assert_eq!(std::fs::read_dir(trashed).unwrap().count(), 3);
        let mut held: Vec<String> = WalkDir::new(trashed)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| std::fs::read_to_string(e.path()).unwrap())
            .collect();
        held.sort();
        assert_eq!(held, done.changed);

        // Without a trash, the same folder.
        let out = tmp.path().join("out-deleted");
        let done = removed(&Trash::none(), &out);
        assert_eq!(files(&out), AFTER);
        assert_eq!(done.removed, 4);
    }

    #[test]
    fn a_replaced_file_is_kept_in_the_trash_until_the_next_build_empties_it() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("trash");
        let out = tmp.path().join("out");
        site(&out, &["page.html"]);
        let (trash, emptying) = Trash::new(&root, true);
        emptying.join().unwrap();
        std::fs::write(tmp.path().join("new"), "new").unwrap();
        trash.keep(&out.join("page.html"));
        trash.keep(&out.join("absent.html"));
        std::fs::rename(tmp.path().join("new"), out.join("page.html")).unwrap();
        assert_eq!(std::fs::read_to_string(out.join("page.html")).unwrap(), "new");
        let in_trash: Vec<String> = WalkDir::new(&root)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| std::fs::read_to_string(e.path()).unwrap())
            .collect();
        assert_eq!(in_trash, ["page.html"], "the old version, and nothing for a file that was not there");

        // The next build's: what this one left is deleted; its own folder is new and empty.
        let (next, emptying) = Trash::new(&root, true);
        emptying.join().unwrap();
        assert_eq!(files(&root).len(), 1, "{:?}", files(&root));
        assert!(next.dir.as_ref().unwrap().read_dir().unwrap().next().is_none());
        // One that takes nothing makes no folder.
        let (unused, emptying) = Trash::new(&root, false);
        emptying.join().unwrap();
        assert!(unused.dir.is_none() && files(&root).is_empty());
    }
}
