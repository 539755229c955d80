//! A neighborhood's page: its hero, market snapshot, about text, featured buildings and the way
//! back to the home page's neighborhoods.

use super::shared::{breadcrumb_ld, Built, Crumb, Meta, Shared, DESCRIPTION_MAX};
use crate::islands::{Mount, Mounted};
use crate::kind::Kind;
use crate::market::{self, SnapshotView};
use crate::props::ExploreMoreProps;
use crate::{markdown, seo};
use anyhow::{Context, Result};
use jax_images::ImageInfo;
use jax_model::api;
use jax_model::neighborhood::{Neighborhood, NeighborhoodFields};
use serde::Serialize;

#[derive(Serialize)]
struct NeighborhoodView<'a> {
    f: &'a NeighborhoodFields,
    about_heading: String,
    about_html: String,
    image: Option<&'a ImageInfo>,
    snapshot: SnapshotView<'a>,
    crumbs: Vec<Crumb<'a>>,
    buyer_guide_cta: &'a str,
    valuation_cta: &'a str,
    explore: Mount,
    /// The agent's own listings in this neighborhood (by its name or an alias), under this heading.
    listings: Vec<super::parts::Slide<'a>>,
    /// Clients' words from this neighborhood.
    words: Vec<super::parts::Words>,
    listings_heading: String,
    /// Its three newest MLS listings and their count, under this heading.
    newest: Option<super::homes::Newest<'a>>,
    newest_heading: Option<String>,
}

impl<'a> Shared<'a> {
    pub(super) fn neighborhood(&self, n: &'a Neighborhood) -> Result<Built> {
        let c = self.input.content;
        let labels = &c.site.data.labels;
        let f = &n.fields;
        let url = api::neighborhood(&f.slug);
        let image = self.input.images.get(&f.image);
        let description = f.seo_description.clone().unwrap_or_else(|| f.description.clone());
        let neighborhoods = Kind::Neighborhood.section(api::NEIGHBORHOODS_SECTION);
        let crumbs = vec![
            Crumb { name: &labels.nav.home, url: api::HOME.into() },
            Crumb { name: &labels.nav.neighborhoods, url: neighborhoods.clone() },
            Crumb { name: &f.name, url: url.clone() },
        ];
        let base = &c.site.data.base_url;
        let jsonld =
            seo::graph(&self.agent_json, &[breadcrumb_ld(base, &crumbs), seo::place(c, n, &url, &description, image)])?;
        let meta = Meta {
            title: format!("{} Homes & {} | {}", f.title, labels.neighborhood.market_snapshot, c.site.data.brand),
            description: markdown::truncate(&description, DESCRIPTION_MAX),
            canonical: self.canonical(&url),
            og_type: "website",
            og_image: self.og_image(image, &f.image_alt),
            jsonld,
        };
        let mut mounted = Mounted::default();
        let newest = self.newest(Some(&f.slug), &mut mounted)?;
        let newest_heading = c.site.data.mls.as_ref().map(|m| m.labels.title_in.replace("{name}", &f.name));
        let listings = c
            .listings
            .iter()
            .filter(|l| n.is_called(&l.fields.neighborhood))
            .enumerate()
            .map(|(i, l)| super::parts::slide(l, i + 1, self.input.images, &labels.listing))
            .collect();
        let view = NeighborhoodView {
            words: super::parts::words(c, c.testimonials.iter().filter(|t| n.is_called(&t.fields.area))),
            listings,
            listings_heading: labels.neighborhood.listings.replace("{name}", &f.name),
            newest,
            newest_heading,
            f,
            about_heading: labels.neighborhood.about.replace("{name}", &f.name),
            about_html: markdown::to_html(&n.about, 3),
            image,
            snapshot: market::snapshot(c, &f.slug, "trend")
                .context("the latest market snapshot has no figures for this neighborhood")?,
            crumbs,
            buyer_guide_cta: &c.home.data.about.buyer_guide_cta,
            valuation_cta: &c.home.data.about.valuation_cta,
            explore: mounted.mount(
                self.input.assets,
                &ExploreMoreProps { href: neighborhoods, label: &labels.neighborhood.explore_more },
            )?,
        };
        Ok(self.built(Kind::Neighborhood, jax_output::index_file(&url), &meta, &view, &mounted))
    }
}
