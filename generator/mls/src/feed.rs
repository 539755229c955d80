//! A RESO Web API Property response saved to disk: one OData JSON document
//! (`{"@odata.context": …, "value": [ … ], "@odata.nextLink": …}`), or a folder of such pages read
//! in name order. A document that is not one stops the import (the feed is broken, not a record).

use anyhow::{bail, Context, Result};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// One page of the feed.
pub struct Page {
    /// Its file name, to say where a record without a ListingKey is.
    pub name: String,
    pub context: Option<String>,
    pub records: Vec<Value>,
    /// `@odata.nextLink`: where the next page is, as the feed wrote it.
    pub next: Option<String>,
}

/// Parses one OData document.
pub fn page(name: &str, bytes: &[u8]) -> Result<Page> {
    let doc: Value = serde_json::from_slice(bytes).with_context(|| format!("{name}: not JSON"))?;
    let Some(obj) = doc.as_object() else {
        bail!("{name}: expected a RESO Web API response ({{\"value\": [ … ]}}), found {}", kind(&doc));
    };
    let records = match obj.get("value") {
        Some(Value::Array(records)) => records.clone(),
        Some(other) => bail!("{name}: expected \"value\" to be a list of listings, found {}", kind(other)),
        None => bail!("{name}: expected a RESO Web API response ({{\"value\": [ … ]}}), found no \"value\""),
    };
    let text = |k: &str| obj.get(k).and_then(Value::as_str).map(str::to_string);
    Ok(Page { name: name.to_string(), context: text("@odata.context"), records, next: text("@odata.nextLink") })
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// The pages at `path`: the file, or every `*.json` directly in the folder, in name order.
pub fn read(path: &Path) -> Result<Vec<Page>> {
    let files: Vec<PathBuf> = if path.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .with_context(|| format!("listing {}", path.display()))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        if files.is_empty() {
            bail!("{} holds no .json pages", path.display());
        }
        files
    } else {
        vec![path.to_path_buf()]
    };
    files
        .iter()
        .map(|f| {
            let bytes = std::fs::read(f).with_context(|| format!("reading {}", f.display()))?;
            page(&f.display().to_string(), &bytes)
        })
        .collect()
}
