//! What the builder and the HTTP side of `generator serve` hold in common.

use super::engine::Engine;
use super::{preview, reload};
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
    pub engine: Engine,
    pub preview: preview::Previewer,
}
