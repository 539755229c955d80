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

mod engine;
pub mod http;
pub mod preview;
pub mod rebuild;
pub mod reload;
mod shared;
pub mod watch;

pub use engine::Engine;
pub use shared::Shared;
