//! Renders every HTML page of the site with the Tera templates in `generator/templates`.
//!
//! Work is split so a page costs little: what every page of a kind shares (the header, footer,
//! contact widget, dialogs mount point and the inlined stylesheet) is rendered once per build and
//! handed to each page as finished HTML; a page then renders only its own content, and its
//! `<head>` links the islands it and its chrome mounted. Pages render in parallel.

mod charts;
mod chrome;
mod css;
mod input;
mod islands;
mod kind;
mod markdown;
pub mod market;
mod pages;
mod props;
mod protocol;
mod seo;
mod site;
mod templates;
#[cfg(test)]
mod tests;
mod typescript;

pub use input::RenderInput;
pub use templates::Renderer;
pub use typescript::files as typescript_files;
