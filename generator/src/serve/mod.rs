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

use crate::load::Cache;
use crate::pipeline::Kept;
use crate::render::Renderer;
use std::path::PathBuf;
use std::sync::{RwLock, RwLockReadGuard};

/// What builds and previews work with, made once for both: the templates compiled, the content
/// files as parsed last, the MLS's import as read last and the reports' Node process.
pub struct Engine {
    /// The source tree's templates folder, read from disk; `None` means the built-in ones.
    pub templates: Option<PathBuf>,
    /// The templates, or why they cannot be used.
    renderer: RwLock<Result<Renderer, String>>,
    pub cache: Cache,
    pub kept: Kept,
}

impl Engine {
    pub fn new(templates: Option<PathBuf>) -> Engine {
        let renderer = RwLock::new(rebuild::renderer(templates.as_deref()));
        Engine { templates, renderer, cache: Cache::default(), kept: Kept::default() }
    }

    /// Re-read the templates (they changed on disk).
    pub fn reload_templates(&self) {
        *self.renderer.write().unwrap_or_else(|e| e.into_inner()) = rebuild::renderer(self.templates.as_deref());
    }

    pub fn renderer(&self) -> RwLockReadGuard<'_, Result<Renderer, String>> {
        self.renderer.read().unwrap_or_else(|e| e.into_inner())
    }
}

/// What the builder shares with the HTTP side.
pub struct Shared {
    /// The preview folder.
    pub out: PathBuf,
    /// Held for writing while a build writes `out`, so no request reads a file being rewritten
    /// (or the generation of another version of it).
    pub files: RwLock<()>,
    pub live: reload::Live,
    pub engine: Engine,
    pub preview: preview::Previewer,
}

/// The path made absolute (and canonical when it exists), to compare with watcher paths.
pub fn absolute(p: &std::path::Path) -> PathBuf {
    p.canonicalize().or_else(|_| std::path::absolute(p)).unwrap_or_else(|_| p.to_path_buf())
}
