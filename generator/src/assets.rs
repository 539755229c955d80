//! The islands' bundles. Vite writes `.vite/manifest.json`; each island is an entry
//! `src/islands/<name>.tsx` and the loader is `src/runtime/main.ts`. Pages link the loader only when
//! they have islands, and each mount point names its own bundle, so a page fetches only what it uses.

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

#[derive(Debug, Deserialize)]
struct ManifestEntry {
    file: String,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default)]
    css: Vec<String>,
    #[serde(default, rename = "isEntry")]
    is_entry: bool,
}

/// One island's bundle and what it needs before it can run.
#[derive(Debug, Clone, Serialize, Default, PartialEq, Eq)]
pub struct Bundle {
    /// URL of the module, e.g. `/assets/carousel-1a2b3c.js`.
    pub src: String,
    /// URLs of the chunks it imports, for `modulepreload`.
    pub preloads: Vec<String>,
    /// URLs of its stylesheets.
    pub css: Vec<String>,
}

#[derive(Debug, Clone, Default)]
pub struct Assets {
    /// The island loader, if the islands were built.
    pub runtime: Option<Bundle>,
    /// Islands by name (the file stem under src/islands/).
    pub islands: BTreeMap<String, Bundle>,
    /// The folder Vite built into, whose `assets/` is copied to the site.
    pub dir: Option<PathBuf>,
}

const RUNTIME_ENTRY: &str = "src/runtime/main.ts";
const ISLANDS_DIR: &str = "src/islands/";

impl Assets {
    /// Read the manifest in `dir` (Vite's outDir). No manifest: the site is built without islands.
    pub fn load(dir: &Path) -> Result<Assets> {
        let path = dir.join(".vite/manifest.json");
        if !path.exists() {
            return Ok(Assets::default());
        }
        let text = std::fs::read_to_string(&path).with_context(|| format!("reading the Vite manifest {}", path.display()))?;
        let manifest: HashMap<String, ManifestEntry> =
            serde_json::from_str(&text).with_context(|| format!("parsing the Vite manifest {}", path.display()))?;
        let bundle = |key: &str| -> Bundle {
            let entry = &manifest[key];
            let mut preloads = Vec::new();
            let mut css = entry.css.iter().map(|c| format!("/{c}")).collect::<Vec<_>>();
            let mut stack: Vec<&str> = entry.imports.iter().map(String::as_str).collect();
            while let Some(import) = stack.pop() {
                if let Some(dep) = manifest.get(import) {
                    let url = format!("/{}", dep.file);
                    if !preloads.contains(&url) {
                        preloads.push(url);
                        css.extend(dep.css.iter().map(|c| format!("/{c}")));
                        stack.extend(dep.imports.iter().map(String::as_str));
                    }
                }
            }
            css.dedup();
            Bundle { src: format!("/{}", entry.file), preloads, css }
        };
        let mut assets = Assets { dir: Some(dir.to_path_buf()), ..Assets::default() };
        for (key, entry) in &manifest {
            if !entry.is_entry {
                continue;
            }
            if key == RUNTIME_ENTRY {
                assets.runtime = Some(bundle(key));
            } else if let Some(rest) = key.strip_prefix(ISLANDS_DIR) {
                let name = rest.rsplit_once('.').map_or(rest, |(stem, _)| stem);
                assets.islands.insert(name.to_string(), bundle(key));
            }
        }
        Ok(assets)
    }

    pub fn island(&self, name: &str) -> Option<&Bundle> {
        self.islands.get(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_entries_and_their_chunks() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".vite")).unwrap();
        std::fs::write(
            dir.path().join(".vite/manifest.json"),
            r#"{
              "src/runtime/main.ts": {"file": "assets/main-aa.js", "isEntry": true},
              "src/islands/carousel.tsx": {"file": "assets/carousel-bb.js", "isEntry": true, "imports": ["_react-cc.js"], "css": ["assets/carousel-dd.css"]},
              "_react-cc.js": {"file": "assets/react-cc.js", "imports": ["_shared-ee.js"]},
              "_shared-ee.js": {"file": "assets/shared-ee.js"}
            }"#,
        )
        .unwrap();
        let a = Assets::load(dir.path()).unwrap();
        assert_eq!(a.runtime.as_ref().unwrap().src, "/assets/main-aa.js");
        let c = a.island("carousel").unwrap();
        assert_eq!(c.src, "/assets/carousel-bb.js");
        assert_eq!(c.preloads, vec!["/assets/react-cc.js", "/assets/shared-ee.js"]);
        assert_eq!(c.css, vec!["/assets/carousel-dd.css"]);
        assert!(Assets::load(&dir.path().join("missing")).unwrap().islands.is_empty());
    }
}
