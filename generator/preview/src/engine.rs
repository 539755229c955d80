//! The templates, the content as parsed last and the MLS's import as read last: what the
//! rebuilds and the editor's previews share.

use jax_build::Kept;
use jax_load::describe;
use jax_load::Cache;
use jax_render::Renderer;
use std::path::{Path, PathBuf};
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
        let renderer = RwLock::new(renderer(templates.as_deref()));
        Engine { templates, renderer, cache: Cache::default(), kept: Kept::default() }
    }

    /// Re-read the templates (they changed on disk).
    pub fn reload_templates(&self) {
        *self.renderer.write().unwrap_or_else(|e| e.into_inner()) = renderer(self.templates.as_deref());
    }

    pub fn renderer(&self) -> RwLockReadGuard<'_, Result<Renderer, String>> {
        self.renderer.read().unwrap_or_else(|e| e.into_inner())
    }
}

/// The templates of `dir`, or the built-in ones; or why they cannot be used.
fn renderer(dir: Option<&Path>) -> Result<Renderer, String> {
    match dir {
        Some(dir) => Renderer::from_dir(dir),
        None => Renderer::embedded(),
    }
    .map_err(|e| describe(&e))
}
