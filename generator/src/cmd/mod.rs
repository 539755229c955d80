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

use jax_model::Diagnostics;

/// A failure as the agent reads it: content problems all at once, anything else as a chain of
/// reasons.
pub fn describe(e: &anyhow::Error) -> String {
    if let Some(d) = e.downcast_ref::<Diagnostics>() {
        return d.to_string();
    }
    let mut text = format!("error: {e}");
    for cause in e.chain().skip(1) {
        text.push_str(&format!("\n  caused by: {cause}"));
    }
    text
}
