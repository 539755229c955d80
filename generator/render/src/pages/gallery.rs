//! A listing page's gallery: the first photo large with the next four beside it, and "All N
//! photos", which opens the viewer (the `gallery` island) on every photo the page lists.

use super::shared::Shared;
use crate::islands::{Mount, Mounted};
use crate::props::GalleryProps;
use anyhow::Result;
use serde::Serialize;

/// The first photo's width in the page: a phone's whole width, three fifths of the listing's
/// column from 48em (site.css `.gallery`; the column is two thirds of the page from 60em).
pub(super) const FIRST_SIZES: &str = "(min-width: 75em) 460px, (min-width: 60em) 39vw, (min-width: 48em) 58vw, 100vw";

#[derive(Serialize)]
pub(super) struct Gallery {
    mount: Mount,
    /// "All 28 photos".
    all: String,
}

impl Shared<'_> {
    /// The gallery's island for a listing of `count` photos titled `title`; None under two photos,
    /// which need no viewer.
    pub(super) fn gallery(&self, count: usize, title: &str, mounted: &mut Mounted) -> Result<Option<Gallery>> {
        if count < 2 {
            return Ok(None);
        }
        let labels = &self.mls().labels.gallery;
        let props = GalleryProps { labels, name: labels.name.replace("{home}", title) };
        let mount = mounted.mount(self.input.assets, &props)?;
        Ok(Some(Gallery { mount, all: labels.all.replace("{count}", &count.to_string()) }))
    }
}
