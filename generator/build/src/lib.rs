//! Load and check everything, then render the whole site: `generator build` (`staged`) and
//! `generator serve` (`generate`, `generate_pages`) put it in the output folder (`folder`), where
//! writing touches only files whose bytes changed.

pub mod allocator;
mod folder;
mod generate;
mod staged;

pub use folder::{write, write_some};
pub use generate::{generate, generate_pages, BuildOptions, Kept, Report};
pub use staged::build;
