//! The islands' bundles. Vite writes `.vite/manifest.json`; each island is an entry
//! `src/islands/<name>.tsx` and the loader is `src/runtime/main.ts`. Pages link the loader only when
//! they have islands, and each mount point names its own bundle, so a page fetches only what it uses.
//! `src/runtime/early.ts` is not linked but inlined into those pages' heads (allowed by its hash in
//! the Content-Security-Policy), so it holds what a visitor does before any script has arrived.

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
    /// The island loader, if the islands were built.
    pub runtime: Option<Bundle>,
    /// The early script, inlined before the loader.
    pub early: Option<InlineScript>,
    /// Islands by name (the file stem under src/islands/).
    pub islands: BTreeMap<String, Bundle>,
    /// The folder Vite built into, whose `assets/` is copied to the site.
    pub dir: Option<PathBuf>,
}

const RUNTIME_ENTRY: &str = "src/runtime/main.ts";
const EARLY_ENTRY: &str = "src/runtime/early.ts";
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
            } else if key == EARLY_ENTRY {
                if !entry.imports.is_empty() {
                    bail!("{EARLY_ENTRY} imports other chunks; it must stand alone to be inlined");
                }
                let path = dir.join(&entry.file);
                let code = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
                let code = InlineScript::new(code.trim_end().to_string()).with_context(|| format!("inlining {}", path.display()))?;
                assets.early = Some(code);
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
        assert_eq!(a.early, None);
    }

    #[test]
    fn the_early_script_is_read_for_inlining_with_its_hash() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".vite")).unwrap();
        std::fs::create_dir_all(dir.path().join("assets")).unwrap();
        let manifest = |extra: &str| {
            format!(r#"{{"src/runtime/early.ts": {{"file": "assets/early-ff.js", "isEntry": true{extra}}}, "_x.js": {{"file": "assets/x.js"}}}}"#)
        };
        std::fs::write(dir.path().join(".vite/manifest.json"), manifest("")).unwrap();
        std::fs::write(dir.path().join("assets/early-ff.js"), "alert(1)\n").unwrap();
        let early = Assets::load(dir.path()).unwrap().early.unwrap();
        assert_eq!(early.code, "alert(1)");
        // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
        assert_eq!(early.hash, "sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=");
        // A chunk it imports could not be loaded by a classic inline script.
        std::fs::write(dir.path().join(".vite/manifest.json"), manifest(r#", "imports": ["_x.js"]"#)).unwrap();
        let error = Assets::load(dir.path()).unwrap_err().to_string();
        assert!(error.contains("must stand alone"), "{error}");
    }
}
