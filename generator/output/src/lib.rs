//! The built site's files: one held in memory until the whole build has succeeded (`Output`),
//! and files written whole or not at all (`whole_file`). The generator's lowest layer: every
//! other crate of it may use this one, and it uses none of them.

pub mod whole_file;

use anyhow::{Context, Result};
use std::path::Path;
use walkdir::WalkDir;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// Path under the output folder, with `/` separators: `index.html`, `neighborhoods/ortega/index.html`.
    pub path: String,
    pub bytes: Vec<u8>,
}

impl Output {
    pub fn new(path: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Self {
        Output { path: path.into(), bytes: bytes.into() }
    }
}

/// The file that serves a directory URL: `/thank-you/` → `thank-you/index.html`.
pub fn index_file(url: &str) -> String {
    format!("{}index.html", url.trim_start_matches('/'))
}

/// The files under `root/folder`, copied as they are to `folder/…` in the site (the islands'
/// build's `assets/`, the editor's scripts); none when the folder is absent.
pub fn copied(root: &Path, folder: &str) -> Result<Vec<Output>> {
    let dir = root.join(folder);
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for entry in WalkDir::new(&dir).sort_by_file_name() {
        let entry = entry.with_context(|| format!("listing {}", dir.display()))?;
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(root).expect("inside the walked folder");
            let bytes = std::fs::read(entry.path()).with_context(|| format!("reading {}", entry.path().display()))?;
            out.push(Output::new(rel.to_string_lossy().replace('\\', "/"), bytes));
        }
    }
    Ok(out)
}
