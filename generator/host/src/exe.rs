//! The running generator itself, as what its caches are keyed by.

use anyhow::{Context, Result};

/// The generator's binary by its path, size and time rather than its bytes (tens of MB to hash): a new build of it
/// is a new file.
pub fn identity() -> Result<String> {
    let exe = std::env::current_exe().context("finding the generator's own binary")?;
    let meta = std::fs::metadata(&exe).with_context(|| format!("reading {}", exe.display()))?;
    let built = meta.modified().with_context(|| format!("reading the time of {}", exe.display()))?;
    Ok(format!("{} {} {built:?}", exe.display(), meta.len()))
}
