//! What `wrangler deploy` uploads as static assets, counted before anything is uploaded: wrangler
//! checks only each file's size, and Cloudflare refuses a version with more files than the plan
//! allows at the real deploy (`wrangler deploy --dry-run` never counts them).
//!
//! Counted as wrangler 4 builds its manifest (`buildAssetManifest` in its bundle): every file
//! under the folder, but for `.assetsignore`, `_headers`, `_redirects` and what `.assetsignore`
//! names (gitignore syntax, relative to the folder).

use anyhow::{bail, Context, Result};
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use std::collections::BTreeMap;
use std::path::Path;
use walkdir::WalkDir;

/// 20000 as "20,000".
pub fn thousands(n: usize) -> String {
    jax_mls::sample::thousands(n as u64)
}

/// One static asset at most (Cloudflare's limit, as wrangler enforces it).
pub const MAX_FILE_BYTES: u64 = 25 * 1024 * 1024;

/// The Cloudflare Workers plan the site is deployed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Plan {
    Free,
    Paid,
}

impl Plan {
    /// Static asset files per Worker version.
    pub fn max_files(self) -> usize {
        match self {
            Plan::Free => 20_000,
            Plan::Paid => 100_000,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Plan::Free => "Free",
            Plan::Paid => "Paid",
        }
    }
}

/// The files wrangler would upload from a folder.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Count {
    pub files: usize,
    pub bytes: u64,
    /// Files by their folder (`folder_of`: `homes`, `homes/page`, `data/homes`; `.` for the
    /// folder's own).
    pub by_folder: BTreeMap<String, usize>,
    /// Files above `MAX_FILE_BYTES`, with their sizes.
    pub too_large: Vec<(String, u64)>,
}

/// The metafiles wrangler never uploads.
const METAFILES: [&str; 3] = ["/.assetsignore", "/_headers", "/_redirects"];

fn ignores(dir: &Path, also: &[&str]) -> Result<Gitignore> {
    let mut builder = GitignoreBuilder::new(dir);
    for pattern in METAFILES.iter().chain(also) {
        builder.add_line(None, pattern).with_context(|| format!("the pattern {pattern}"))?;
    }
    let file = dir.join(".assetsignore");
    if file.is_file() {
        let text = std::fs::read_to_string(&file).with_context(|| format!("reading {} (UTF-8)", file.display()))?;
        for line in text.lines() {
            builder.add_line(Some(file.clone()), line).with_context(|| format!("{}: {line}", file.display()))?;
        }
    }
    builder.build().with_context(|| format!("reading {}", file.display()))
}

/// The folder a file is counted in: at most its first two folders, a page's own folder left out
/// (`homes/<listing>/index.html` is in `homes`, `homes/page/2/index.html` in `homes/page`).
fn folder_of(rel: &str) -> String {
    let mut parts: Vec<&str> = rel.split('/').collect();
    parts.pop(); // the file's name
    if rel.ends_with("/index.html") {
        parts.pop();
    }
    if parts.is_empty() {
        return ".".into();
    }
    parts.truncate(2);
    parts.join("/")
}

/// Counts the static assets under `dir`.
pub fn count(dir: &Path) -> Result<Count> {
    count_but(dir, &[])
}

/// The same, leaving out what `also` names too (gitignore patterns: what a deploy's build would
/// add to `.assetsignore`).
pub fn count_but(dir: &Path, also: &[&str]) -> Result<Count> {
    let mut count = Count::default();
    for (rel, size) in files_but(dir, also)? {
        *count.by_folder.entry(folder_of(&rel)).or_default() += 1;
        count.files += 1;
        count.bytes += size;
        if size > MAX_FILE_BYTES {
            count.too_large.push((rel, size));
        }
    }
    Ok(count)
}

/// Every static asset under `dir` but what `also` names: its path (relative, with `/`) and size.
pub fn files_but(dir: &Path, also: &[&str]) -> Result<Vec<(String, u64)>> {
    if !dir.is_dir() {
        bail!("{} is not a folder: build the site first (make build)", dir.display());
    }
    let ignore = ignores(dir, also)?;
    let mut files = Vec::new();
    let mut walk = WalkDir::new(dir).follow_links(true).sort_by_file_name().into_iter();
    while let Some(entry) = walk.next() {
        let entry = entry.with_context(|| format!("listing {}", dir.display()))?;
        let rel = entry.path().strip_prefix(dir).expect("inside the walked folder");
        if rel.as_os_str().is_empty() {
            continue;
        }
        let is_dir = entry.file_type().is_dir();
        if ignore.matched(rel, is_dir).is_ignore() {
            if is_dir {
                walk.skip_current_dir();
            }
            continue;
        }
        if is_dir {
            continue;
        }
        let size = entry.metadata().with_context(|| format!("reading {}", entry.path().display()))?.len();
        files.push((rel.to_string_lossy().replace('\\', "/"), size));
    }
    Ok(files)
}

impl Count {
    /// The folders holding most files, most first (ties by name).
    pub fn largest_folders(&self, n: usize) -> Vec<(&str, usize)> {
        let mut folders: Vec<(&str, usize)> = self.by_folder.iter().map(|(f, n)| (f.as_str(), *n)).collect();
        folders.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
        folders.truncate(n);
        folders
    }

    /// One line: the count against the plan's limit.
    pub fn summary(&self, plan: Plan) -> String {
        format!(
            "static assets: {} files, {:.1} MB (the {} plan allows {} files per version)",
            thousands(self.files),
            self.bytes as f64 / 1e6,
            plan.name(),
            thousands(plan.max_files())
        )
    }

    /// Why the folder cannot be deployed on `plan`, naming the count, the limit and the folders
    /// that hold most files; None when it can.
    pub fn refusal(&self, plan: Plan) -> Option<String> {
        let mut problems = Vec::new();
        if self.files > plan.max_files() {
            let folders: Vec<String> =
                self.largest_folders(5).iter().map(|(f, n)| format!("{f}/ {}", thousands(*n))).collect();
            problems.push(format!(
                "{} static asset files, above the {} the Cloudflare {} plan allows per version (CLOUDFLARE_PLAN); most are in {}",
                thousands(self.files),
                thousands(plan.max_files()),
                plan.name(),
                folders.join(", ")
            ));
        }
        for (path, size) in &self.too_large {
            problems.push(format!("{path} is {:.1} MiB, above the 25 MiB one asset may be", *size as f64 / 1048576.0));
        }
        (!problems.is_empty()).then(|| problems.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, path: &str, bytes: &[u8]) {
        let file = dir.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, bytes).unwrap();
    }

    #[test]
    fn counts_what_wrangler_uploads() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        for path in ["index.html", "homes/a/index.html", "homes/b/index.html", "homes/page/2/index.html"] {
            write(d, path, b"<p>");
        }
        write(d, "data/homes/meta.json", b"{}");
        write(d, "drafts/x.html", b"x");
        write(d, "notes.txt", b"x");
        write(d, "_headers", b"/*\n  X: y");
        write(d, "_redirects", b"");
        write(d, ".assetsignore", b"# not uploaded\ndrafts/\n*.txt\n");
        let c = count(d).unwrap();
        assert_eq!(c.files, 5, "{c:?}");
        assert_eq!(c.bytes, 3 * 4 + 2);
        assert_eq!(c.by_folder.get("homes"), Some(&2), "a page's own folder is its page");
        assert_eq!(c.by_folder.get("homes/page"), Some(&1));
        assert_eq!(c.by_folder.get("data/homes"), Some(&1));
        assert_eq!(c.by_folder.get("."), Some(&1), "index.html");
        assert_eq!(folder_of("data/homes/0123/cards/1.json"), "data/homes");
        assert_eq!(folder_of("homes/in/ortega/page/2/index.html"), "homes/in");
        assert!(!c.by_folder.contains_key("drafts"));
        assert!(c.refusal(Plan::Free).is_none());
    }

    #[test]
    fn refuses_above_the_plan_naming_count_limit_and_folders() {
        let mut c = Count { files: 20_001, bytes: 1, ..Count::default() };
        c.by_folder.insert("homes/x".into(), 15_000);
        c.by_folder.insert("data/homes".into(), 5_000);
        c.by_folder.insert(".".into(), 1);
        let why = c.refusal(Plan::Free).unwrap();
        assert!(
            why.starts_with("20,001 static asset files, above the 20,000 the Cloudflare Free plan allows"),
            "{why}"
        );
        assert!(why.contains("most are in homes/x/ 15,000, data/homes/ 5,000, ./ 1"), "{why}");
        assert!(c.refusal(Plan::Paid).is_none());
        c.too_large.push(("big.bin".into(), 26 * 1024 * 1024));
        assert!(c.refusal(Plan::Paid).unwrap().contains("big.bin is 26.0 MiB"));
    }

    #[test]
    fn a_missing_folder_says_to_build() {
        let err = count(Path::new("/nonexistent/dist")).unwrap_err().to_string();
        assert!(err.contains("build the site first"), "{err}");
    }
}
