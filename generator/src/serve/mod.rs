//! The parts of `generator serve` (`cmd/serve.rs` puts them together), one job each:
//!
//! * `watch`: which file changes call for a rebuild;
//! * `rebuild`: builds into the preview folder, keeping the last good site when one fails;
//! * `http`: serves that folder, with the live-reload client added to each page served;
//! * `reload`: the generations of the site, and which open pages each one reloads;
//! * `preview`: the page an unsaved content file makes, for the browser editor.
//!
//! Pages are written exactly as `generator build` writes them; only the served copy carries
//! the client.

pub mod http;
pub mod preview;
pub mod rebuild;
pub mod reload;
pub mod watch;

use std::path::PathBuf;
use std::sync::RwLock;

/// What the builder shares with the HTTP side.
pub struct Shared {
    /// The preview folder.
    pub out: PathBuf,
    /// Held for writing while a build writes `out`, so no request reads a file being rewritten
    /// (or the generation of another version of it).
    pub files: RwLock<()>,
    pub live: reload::Live,
    pub preview: preview::Previewer,
}

/// The path made absolute (and canonical when it exists), to compare with watcher paths.
pub fn absolute(p: &std::path::Path) -> PathBuf {
    p.canonicalize().or_else(|_| std::path::absolute(p)).unwrap_or_else(|_| p.to_path_buf())
}
