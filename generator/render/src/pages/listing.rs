//! A listing's page: its photo, description, facts and features, and the inquiry that opens the
//! contact dialog about it.

use super::shared::{breadcrumb_ld, Built, Crumb, Meta, Shared, DESCRIPTION_MAX};
use crate::islands::Mounted;
use crate::kind::Kind;
use crate::{markdown, seo};
use anyhow::Result;
use jax_images::ImageInfo;
use jax_model::api;
use jax_model::listing::{Listing, ListingFields};
use serde::Serialize;

#[derive(Serialize)]
struct ListingView<'a> {
    f: &'a ListingFields,
    /// Its page's path: 'Inquire' names it to the contact form.
    path: &'a str,
    baths: String,
    description_html: String,
    image: Option<&'a ImageInfo>,
    crumbs: Vec<Crumb<'a>>,
}

impl<'a> Shared<'a> {
    pub(super) fn listing(&self, l: &'a Listing) -> Result<Built> {
        let c = self.input.content;
        let s = &c.site.data;
        let labels = &s.labels;
        let f = &l.fields;
        let url = api::listing(&f.id);
        let image = self.input.images.get(&f.image);
        let baths = l.baths_text();
        let text = markdown::plain_text(&l.description);
        let summary = format!(
            "{} · {} {} · {} {} · {} {} · {}. ",
            f.price,
            f.beds,
            labels.listing.beds,
            baths,
            labels.listing.baths,
            f.sqft,
            labels.listing.sqft,
            f.neighborhood
        );
        let crumbs = vec![
            Crumb { name: &labels.nav.home, url: api::HOME.into() },
            Crumb { name: &labels.nav.properties, url: Kind::Listing.section(api::FEATURED_SECTION) },
            Crumb { name: &f.address, url: url.clone() },
        ];
        let [residence, offer] = seo::listing(c, l, &url, &markdown::truncate(&text, 300), image);
        let jsonld = seo::graph(&self.agent_json, &[breadcrumb_ld(&s.base_url, &crumbs), residence, offer])?;
        let meta = Meta {
            title: format!("{} — {} | {}", f.address, f.price, s.brand),
            description: markdown::truncate(&(summary + &text), DESCRIPTION_MAX),
            canonical: self.canonical(&url),
            og_type: "website",
            og_image: self.og_image(image, &f.image_alt),
            jsonld,
        };
        let view =
            ListingView { f, path: &url, baths, description_html: markdown::to_html(&l.description, 2), image, crumbs };
        Ok(self.built(Kind::Listing, jax_output::index_file(&url), &meta, &view, &Mounted::default()))
    }
}
