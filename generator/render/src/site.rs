//! The whole site's pages, or a few of them, rendered in parallel.

use super::input::RenderInput;
use super::pages;
use super::templates::Renderer;
use crate::incremental::ListPage;
use anyhow::Result;
use jax_mls::homes::Homes;
use jax_model::Content;
use jax_output::{index_file, Output};
use rayon::prelude::*;
use std::collections::HashSet;

impl Renderer {
    /// Every HTML page of the site, rendered in parallel.
    #[cfg(test)] // `generator build` and serve hand each page on as it is rendered
    pub fn render_pages(&self, input: &RenderInput) -> Result<Vec<Output>> {
        let none = crate::incremental::Unchanged::default();
        Ok(self.render_pages_with(input, &none, Ok, |path| anyhow::bail!("{path} was not rendered"))?.0)
    }

    /// Every HTML page of the site, rendered in parallel, each handed to `keep` as soon as it is
    /// rendered: `generator build` puts it on disk, so the site's pages are never all in memory.
    /// With MLS listings, also every listing for sale's card in the lists' order (for the
    /// search's card shards and the build's record), rendered once before the lists that copy
    /// them. A listing's page that `unchanged` has is not rendered but handed to `skipped` by its
    /// path; its card is taken as recorded.
    pub fn render_pages_with<P: Send>(
        &self,
        input: &RenderInput,
        unchanged: &crate::incremental::Unchanged,
        keep: impl Fn(Output) -> Result<P> + Sync + Send,
        skipped: impl Fn(String) -> Result<P> + Sync + Send,
    ) -> Result<(Vec<P>, crate::incremental::Cards)> {
        let shared = pages::Shared::new(self, input)?.with_cards(unchanged)?;
        let pages = jobs(input)
            .par_iter()
            .map_init(pages::Contexts::default, |contexts, page| match page {
                pages::Page::ForSale(h) if unchanged.has(&index_file(&h.url)) => skipped(index_file(&h.url)),
                pages::Page::Homes(list) if unchanged.has(&list.path()) => skipped(list.path()),
                _ => shared.render(contexts, page).and_then(&keep),
            })
            .collect::<Result<_>>()?;
        Ok((pages, shared.into_cards()))
    }

    /// Only the pages at these output paths, as `render_pages_with` renders them (what
    /// `generator serve` shows first after an edit): the MLS's thousands of pages are passed
    /// over by their paths, the few others built to learn theirs.
    pub fn render_some(&self, input: &RenderInput, wanted: &HashSet<String>) -> Result<Vec<Output>> {
        let jobs: Vec<pages::Page> = jobs(input)
            .into_iter()
            .filter(|page| page.known_path().is_none_or(|path| wanted.contains(&path)))
            .collect();
        // The cards of the lists among them.
        let mut places = Vec::new();
        for page in &jobs {
            if let (pages::Page::Homes(list), Some(homes)) = (page, input.homes) {
                places.extend_from_slice(list.places(homes));
            }
        }
        let shared = pages::Shared::new(self, input)?.with_cards_of(&places)?;
        let built: Vec<pages::Built> = jobs
            .par_iter()
            .map(|page| shared.build(page))
            .filter(|b| b.as_ref().map_or(true, |b| wanted.contains(&b.path)))
            .collect::<Result<_>>()?;
        built
            .into_par_iter()
            .map_init(pages::Contexts::default, |contexts, b| shared.render_built(contexts, b))
            .collect()
    }
}

/// The list pages a build may leave as the previous one wrote them (`incremental::ListPage`):
/// every list's pages after its first, which alone carry the search form and "Save this search".
pub fn list_pages(c: &Content, homes: &Homes) -> Vec<ListPage> {
    let lists = pages::homes_pages(c, homes).into_iter().filter_map(|page| match page {
        pages::Page::Homes(list) if list.n > 1 => {
            Some(ListPage { path: list.path(), places: list.places(homes).to_vec() })
        }
        _ => None,
    });
    lists.collect()
}

/// Every page of the site, to build.
fn jobs<'a>(input: &RenderInput<'a>) -> Vec<pages::Page<'a>> {
    let c = input.content;
    let mut jobs = vec![pages::Page::Home, pages::Page::Concierge, pages::Page::NotFound];
    jobs.extend(pages::FormResult::ALL.map(pages::Page::FormResult));
    jobs.extend(c.neighborhoods.iter().map(pages::Page::Neighborhood));
    jobs.extend(c.listings.iter().map(pages::Page::Listing));
    jobs.extend(c.legal_pages().map(pages::Page::Legal));
    jobs.push(pages::Page::Market);
    if c.sell.is_some() {
        jobs.push(pages::Page::Sell);
    }
    if !pages::sales(c, input.homes).is_empty() {
        jobs.push(pages::Page::Sold);
    }
    if !c.reports.is_empty() {
        jobs.push(pages::Page::Reports);
        jobs.extend(c.reports.iter().map(pages::Page::Report));
    }
    if let Some(homes) = input.homes {
        jobs.extend(pages::homes_pages(c, homes));
        jobs.push(pages::Page::SavedHomes);
        jobs.push(pages::Page::Alerts);
        jobs.push(pages::Page::OpenHouses);
        jobs.extend(pages::FormResult::SEARCH.map(pages::Page::FormResult));
        jobs.extend(homes.homes.iter().map(pages::Page::ForSale));
    }
    jobs
}
