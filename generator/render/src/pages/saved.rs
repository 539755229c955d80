//! `/homes/saved/`: the homes a visitor saved with the hearts, or those a shared link names. The
//! list is the saved-homes island's to make (from the visitor's device, then the search's files);
//! the page is its frame, and says without JavaScript that there is nothing to list. Not indexed:
//! it is each visitor's own.

use super::shared::{breadcrumb_ld, Built, Crumb, Meta, Shared, DESCRIPTION_MAX};
use crate::islands::{Mount, Mounted};
use crate::kind::Kind;
use crate::props::{SavedHomesProps, SEARCH_FILES};
use crate::{markdown, seo};
use anyhow::Result;
use jax_model::api;
use serde::Serialize;

#[derive(Serialize)]
struct SavedView<'a> {
    mount: Mount,
    crumbs: Vec<Crumb<'a>>,
    /// The cards' hearts, to take a home off the list.
    hearts: Option<Mount>,
}

impl Shared<'_> {
    pub(super) fn saved_homes(&self) -> Result<Built> {
        let s = &self.input.content.site.data;
        let l = &self.mls().labels;
        let mut mounted = Mounted::default();
        let props = SavedHomesProps {
            ask_max: api::ASK_MAX_LISTINGS,
            key: api::SAVED_HOMES_KEY,
            param: api::SAVED_HOMES_PARAM,
            files: SEARCH_FILES,
            labels: &l.saved,
            number_format: self.mls().number_format.as_deref(),
        };
        let mount = mounted.mount(self.input.assets, &props)?;
        let crumbs = vec![
            Crumb { name: &s.labels.nav.home, url: api::HOME.into() },
            Crumb { name: &l.title, url: api::HOMES.into() },
            Crumb { name: &l.saved.title, url: api::SAVED_HOMES.into() },
        ];
        let meta = Meta {
            title: format!("{} | {}", l.saved.title, s.brand),
            description: markdown::truncate(&l.saved.intro, DESCRIPTION_MAX),
            canonical: None,
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld: seo::graph(&self.agent_json, &[breadcrumb_ld(&s.base_url, &crumbs)])?,
        };
        let view = SavedView { mount, crumbs, hearts: self.hearts(true, &mut mounted)? };
        Ok(self.built(Kind::SavedHomes, jax_output::index_file(api::SAVED_HOMES), &meta, &view, &mounted))
    }
}
