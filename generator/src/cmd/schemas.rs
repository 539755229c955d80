//! `generator schemas`: the JSON Schema of each content file kind, for editors, the browser
//! editor's collections made from them (`editor.collections.json`), and the TypeScript the
//! islands share with the generator (their props, the file signatures, the editor's names).

use anyhow::{Context, Result};
use std::path::Path;

/// The browser editor's collections, beside the schemas they are made from.
const EDITOR_COLLECTIONS: &str = "editor.collections.json";

pub fn run(out: &Path, site: &Path) -> Result<()> {
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    for (name, schema) in jax_model::schemas() {
        let path = out.join(name);
        let text = serde_json::to_string_pretty(&schema)? + "\n";
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    let path = out.join(EDITOR_COLLECTIONS);
    let text = serde_json::to_string_pretty(&jax_codegen::editor::collections())? + "\n";
    std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    println!("wrote the content schemas and the editor's collections into {}", out.display());
    std::fs::create_dir_all(site).with_context(|| format!("creating {}", site.display()))?;
    for (name, text) in jax_codegen::typescript::files()? {
        let path = site.join(name);
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    println!("wrote the islands' generated TypeScript into {}", site.display());
    Ok(())
}
