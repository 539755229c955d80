//! What a build hands the renderer: the content and what was made from it.

use std::collections::HashMap;

pub struct RenderInput<'a> {
    pub content: &'a jax_model::Content,
    /// Processed images by their content-relative path ("images/hero.svg" → ImageInfo).
    pub images: &'a HashMap<String, jax_images::ImageInfo>,
    pub assets: &'a crate::assets::Assets,
    /// The published reports as mdx-js compiled them, by slug.
    pub reports: &'a HashMap<String, jax_reports::Prepared>,
    /// The MLS's listings; None when the site shows none (no `mls:` block).
    pub homes: Option<&'a jax_mls::homes::Homes>,
}
