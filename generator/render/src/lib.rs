//! Renders every HTML page of the site with the Tera templates in `templates/` beside
//! this crate, and what the pages load besides: the site's data files (`data`), the sitemap, the
//! islands' bundles (`assets`) and what an incremental build may keep (`incremental`).
//!
//! Work is split so a page costs little: what every page of a kind shares (the header, footer,
//! contact widget, dialogs mount point and the inlined stylesheet) is rendered once per build and
//! handed to each page as finished HTML; a page then renders only its own content, and its
//! `<head>` links the islands it and its chrome mounted. Pages render in parallel.

pub mod assets;
pub mod calendar;
mod charts;
mod chrome;
mod css;
pub mod data;
pub mod html;
mod icons;
pub mod incremental;
mod input;
pub mod islands;
mod kind;
mod markdown;
pub mod market;
mod pages;
pub mod props;
pub mod protocol;
mod seo;
mod site;
pub mod sitemap;
mod templates;
#[cfg(test)]
mod tests;

pub use input::RenderInput;
pub use site::list_pages;
pub use templates::Renderer;
