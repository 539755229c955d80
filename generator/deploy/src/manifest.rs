//! What the last deploy uploaded as static assets, each file's hash and size, kept beside the
//! build (`generator assets --record`) so that the next deploy says what it will upload: the new
//! and changed files (wrangler sends only those, by hash) and the removed ones.

use super::assets;
use anyhow::{Context, Result};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// Each static asset's blake3 hash and size, by its path in the site.
#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest(BTreeMap<String, (String, u64)>);

/// What a deploy uploads against the manifest of the one before it.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Changes {
    pub added: usize,
    pub changed: usize,
    pub removed: usize,
    /// The new and changed files' bytes.
    pub bytes: u64,
}

impl Manifest {
    /// The static assets under `dir` (as `assets::count` counts them), hashed.
    pub fn of(dir: &Path) -> Result<Manifest> {
        let files = assets::files_but(dir, &[])?;
        let hashed: Vec<(String, (String, u64))> = files
            .into_par_iter()
            .map(|(rel, size)| {
                let path = dir.join(&rel);
                let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
                Ok((rel, (blake3::hash(&bytes).to_hex().to_string(), size)))
            })
            .collect::<Result<_>>()?;
        Ok(Manifest(hashed.into_iter().collect()))
    }

    /// The manifest at `path`; None when there is none yet (the first deploy from this cache).
    pub fn read(path: &Path) -> Result<Option<Manifest>> {
        match std::fs::read(path) {
            Ok(bytes) => {
                Ok(Some(serde_json::from_slice(&bytes).with_context(|| format!("reading {}", path.display()))?))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e).with_context(|| format!("reading {}", path.display())),
        }
    }

    pub fn write(&self, path: &Path) -> Result<()> {
        let json = serde_json::to_vec(self).context("writing the manifest")?;
        jax_output::whole_file::write(path, &json)
    }

    /// What uploading `self` after `before` sends and drops.
    pub fn since(&self, before: &Manifest) -> Changes {
        let mut c = Changes::default();
        for (path, (hash, size)) in &self.0 {
            match before.0.get(path) {
                None => c.added += 1,
                Some((h, _)) if h != hash => c.changed += 1,
                Some(_) => continue,
            }
            c.bytes += size;
        }
        c.removed = before.0.keys().filter(|p| !self.0.contains_key(*p)).count();
        c
    }
}

impl Changes {
    /// "312 files to upload (12.3 MB: 12 new, 300 changed), 5 removed".
    pub fn summary(&self) -> String {
        format!(
            "{} files to upload ({:.1} MB: {} new, {} changed), {} removed",
            assets::thousands(self.added + self.changed),
            self.bytes as f64 / 1e6,
            assets::thousands(self.added),
            assets::thousands(self.changed),
            assets::thousands(self.removed)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn says_what_is_new_changed_and_removed_since_the_last_deploy() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let write = |path: &str, bytes: &[u8]| {
            let file = d.join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, bytes).unwrap();
        };
        write("index.html", b"<p>home");
        write("homes/a/index.html", b"<p>a");
        write("homes/b/index.html", b"<p>b");
        write("_headers", b"/*\n  X: y");
        let first = Manifest::of(d).unwrap();
        assert_eq!(first.since(&Manifest::default()), Changes { added: 3, changed: 0, removed: 0, bytes: 7 + 4 + 4 });
        assert_eq!(first.since(&first), Changes::default(), "an unchanged site uploads nothing");

        write("homes/a/index.html", b"<p>a, cheaper");
        std::fs::remove_file(d.join("homes/b/index.html")).unwrap();
        write("homes/c/index.html", b"<p>c");
        let second = Manifest::of(d).unwrap();
        let c = second.since(&first);
        assert_eq!(c, Changes { added: 1, changed: 1, removed: 1, bytes: 13 + 4 });
        assert_eq!(c.summary(), "2 files to upload (0.0 MB: 1 new, 1 changed), 1 removed");

        let kept = d.join("state/assets.json");
        assert_eq!(Manifest::read(&kept).unwrap(), None);
        second.write(&kept).unwrap();
        assert_eq!(Manifest::read(&kept).unwrap(), Some(second));
    }
}
