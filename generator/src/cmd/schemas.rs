//! `generator schemas`: the JSON Schema of each content file kind, for editors.

use anyhow::{Context, Result};
use std::path::Path;

pub fn run(out: &Path) -> Result<()> {
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    for (name, schema) in jax_model::schemas() {
        let path = out.join(name);
        let text = serde_json::to_string_pretty(&schema)? + "\n";
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    println!("wrote the content schemas into {}", out.display());
    Ok(())
}
