//! The body of each subcommand; `main.rs` parses the command line and calls one.

pub mod assets;
pub mod build;
pub mod check;
pub mod import;
pub mod new;
pub mod photos;
pub mod preflight;
pub mod schemas;
pub mod serve;
