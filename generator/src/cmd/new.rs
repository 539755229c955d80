//! `generator new listing|neighborhood|report NAME`, `generator new snapshot YYYY-MM`: a draft
//! content file to fill in.

use crate::scaffold::{self, Kind};
use anyhow::Result;
use std::path::Path;

pub fn run(content: &Path, kind: Kind, name: &str) -> Result<()> {
    let path = scaffold::create(content, kind, name)?;
    println!("created {} (a draft: fill it in, then remove `draft: true`)", path.display());
    Ok(())
}
