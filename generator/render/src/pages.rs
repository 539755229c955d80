//! The pages: what every page shares (the site's data, its `<head>`, its chrome), and one module
//! per kind of page that builds its view, its SEO and its output path.

mod alerts;
mod concierge;
mod for_sale;
mod for_sale_facts;
mod form;
mod form_result;
mod gallery;
mod home;
mod homes;
mod homes_search;
mod legal;
mod listing;
mod market;
mod neighborhood;
mod not_found;
mod open_houses;
mod parts;
mod payment;
mod record;
mod report;
mod save_search;
mod saved;
mod sell;
mod shared;

use anyhow::{Context, Result};
use jax_model::legal::LegalPage;
use jax_model::listing::Listing;
use jax_model::neighborhood::Neighborhood;
use jax_model::report::Report;
use jax_model::Content;
use jax_output::{index_file, Output};

pub use form_result::FormResult;
pub use homes::HomesPage;
pub use parts::sales;
pub use shared::{Built, Contexts, Shared};

pub enum Page<'a> {
    Home,
    Neighborhood(&'a Neighborhood),
    Listing(&'a Listing),
    Concierge,
    NotFound,
    /// Where the worker sends a form posted without JavaScript.
    FormResult(FormResult),
    Legal(&'a LegalPage),
    /// Every neighborhood's market figures.
    Market,
    Report(&'a Report),
    /// The list of the reports.
    Reports,
    /// A page of the MLS's listings for sale.
    Homes(HomesPage<'a>),
    /// An MLS listing.
    ForSale(&'a jax_mls::homes::Home),
    /// The sellers' page.
    Sell,
    /// The agent's record of sales.
    Sold,
    /// The homes a visitor saved.
    SavedHomes,
    /// An address's saved searches.
    Alerts,
    /// This weekend's and the next's open houses.
    OpenHouses,
}

impl Page<'_> {
    /// Where the page goes, where that is known without building it: the MLS's thousands of
    /// pages, which `Renderer::render_some` passes over by it.
    pub fn known_path(&self) -> Option<String> {
        match self {
            Page::ForSale(h) => Some(index_file(&h.url)),
            Page::Homes(p) => Some(p.path()),
            _ => None,
        }
    }
}

impl<'a> Shared<'a> {
    /// `page`, rendered with `contexts` (one thread's).
    pub fn render(&self, contexts: &mut Contexts, page: &Page<'a>) -> Result<Output> {
        self.render_built(contexts, self.build(page)?)
    }

    /// `page` ready to render.
    pub fn build(&self, page: &Page<'a>) -> Result<Built> {
        Ok(match page {
            Page::Home => self.home().context("building the home page")?,
            Page::Neighborhood(n) => self
                .neighborhood(n)
                .with_context(|| format!("building the page of the neighborhood {}", n.fields.slug))?,
            Page::Listing(l) => {
                self.listing(l).with_context(|| format!("building the page of the listing {}", l.fields.id))?
            }
            Page::Concierge => self.concierge().context("building the concierge page")?,
            Page::NotFound => self.not_found().context("building the 404 page")?,
            Page::FormResult(f) => self.form_result(*f).with_context(|| format!("building {}", f.what()))?,
            Page::Legal(l) => self.legal(l).with_context(|| format!("building the page {}", l.kind.url()))?,
            Page::Market => self.market().context("building the market page")?,
            Page::Report(r) => self.report(r).with_context(|| format!("building the report {}", r.source.file))?,
            Page::Reports => self.reports().context("building the list of reports")?,
            Page::Homes(h) => self.homes_list(h).with_context(|| {
                format!(
                    "building page {} of the homes for sale{}",
                    h.n,
                    h.neighborhood.map_or(String::new(), |n| format!(" in {}", n.fields.slug))
                )
            })?,
            Page::ForSale(h) => {
                self.for_sale(h).with_context(|| format!("building the page of the MLS listing {}", h.p.listing_key))?
            }
            Page::Sell => self.sell().context("building the sellers' page")?,
            Page::Sold => self.sold().context("building the page of sales")?,
            Page::SavedHomes => self.saved_homes().context("building the page of saved homes")?,
            Page::Alerts => self.alerts().context("building the page of saved searches")?,
            Page::OpenHouses => self.open_houses().context("building the page of open houses")?,
        })
    }
}

/// Every list page: all listings, then each neighborhood that has some.
pub fn homes_pages<'a>(c: &'a Content, homes: &jax_mls::homes::Homes) -> Vec<Page<'a>> {
    homes::pages(c, homes).into_iter().map(Page::Homes).collect()
}
