//! The islands' bundles. Vite writes `.vite/manifest.json`; each island is an entry
//! `src/islands/<name>.tsx` and the runtime that mounts them is `src/runtime/main.ts`. The early
//! script (`early/early.js`, built apart from `src/runtime/early.ts`) is written into the head of
//! each page with islands (allowed by its hash in the Content-Security-Policy): it starts them,
//! fetching the runtime with the first, and holds what a visitor does before they are live. Each
//! mount point names its own bundle, so a page fetches only what it uses.

use anyhow::{bail, Context, Result};
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

/// A script written into the page itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlineScript {
    pub code: String,
    /// Its CSP hash source, `sha256-…`.
    pub hash: String,
}

impl InlineScript {
    pub fn new(code: String) -> Result<InlineScript> {
        use base64::Engine as _;
        use sha2::Digest as _;
        // The HTML parser would end the script there (and the hash must match the text as is).
        if code.to_ascii_lowercase().contains("</script") {
            bail!("an inline script may not contain \"</script\"");
        }
        let hash = format!("sha256-{}", base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(&code)));
        Ok(InlineScript { code, hash })
    }
}

#[derive(Debug, Clone, Default)]
pub struct Assets {
    /// The runtime, if the islands were built.
    pub runtime: Option<Bundle>,
    /// The early script, written into the pages (there whenever the runtime is).
    pub early: Option<InlineScript>,
    /// Islands by name (the file stem under src/islands/).
    pub islands: BTreeMap<String, Bundle>,
    /// The folder Vite built into, whose `assets/` is copied to the site.
    pub dir: Option<PathBuf>,
}

const RUNTIME_ENTRY: &str = "src/runtime/main.ts";
const EARLY_SCRIPT: &str = "early/early.js";
const ISLANDS_DIR: &str = "src/islands/";

impl Assets {
    /// Read the manifest in `dir` (Vite's outDir). No manifest: the site is built without islands.
    pub fn load(dir: &Path) -> Result<Assets> {
        let path = dir.join(".vite/manifest.json");
        if !path.exists() {
            return Ok(Assets::default());
        }
        let text =
            std::fs::read_to_string(&path).with_context(|| format!("reading the Vite manifest {}", path.display()))?;
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
        if assets.runtime.is_some() {
            // Without it no island would ever start.
            let path = dir.join(EARLY_SCRIPT);
            let code = std::fs::read_to_string(&path).with_context(|| {
                format!("reading the islands' early script {} (built with the islands)", path.display())
            })?;
            let code = InlineScript::new(code.trim_end().to_string())
                .with_context(|| format!("inlining {}", path.display()))?;
            assets.early = Some(code);
        }
        Ok(assets)
    }

    pub fn island(&self, name: &str) -> Option<&Bundle> {
        self.islands.get(name)
    }

    /// The CSP hash sources of the scripts the pages inline.
    pub fn inline_script_hashes(&self) -> Vec<String> {
        self.early.iter().map(|s| s.hash.clone()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_entries_and_their_chunks() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".vite")).unwrap();
        std::fs::create_dir_all(dir.path().join("early")).unwrap();
        std::fs::write(dir.path().join("early/early.js"), "alert(1)\n").unwrap();
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
        // The early script, trimmed, with its CSP hash source:
        // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
        let early = a.early.unwrap();
        assert_eq!(early.code, "alert(1)");
        assert_eq!(early.hash, "sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=");
        // A build without it would leave every island asleep.
        std::fs::remove_file(dir.path().join("early/early.js")).unwrap();
        let error = format!("{:#}", Assets::load(dir.path()).unwrap_err());
        assert!(error.contains("the islands' early script"), "{error}");
    }
}
