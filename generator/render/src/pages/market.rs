//! The market page (/market/): every neighborhood's latest figures in one table, complete without
//! JavaScript (an island sorts and filters it), a bar chart of the median prices, and the figures
//! described as a Dataset for search engines.

use super::shared::{breadcrumb_ld, Built, Crumb, Meta, Shared, DESCRIPTION_MAX};
use crate::islands::{Mount, Mounted};
use crate::kind::Kind;
use crate::market::{self, MarketData, Provenance};
use crate::props::MarketTableProps;
use crate::{markdown, seo};
use anyhow::Result;
use jax_model::api;
use serde::Serialize;

#[derive(Serialize)]
struct MarketView<'a> {
    crumbs: Vec<Crumb<'a>>,
    data: MarketData<'a>,
    provenance: Provenance<'a>,
    /// The bar chart's markup.
    chart: String,
    table: Mount,
}

impl<'a> Shared<'a> {
    pub(super) fn market(&self) -> Result<Built> {
        let c = self.input.content;
        let s = &c.site.data;
        let l = &s.labels.market;
        let url = api::MARKET_PAGE.to_string();
        let crumbs =
            vec![Crumb { name: &s.labels.nav.home, url: api::HOME.into() }, Crumb { name: &l.title, url: url.clone() }];
        let data = market::data(c);
        let description = markdown::truncate(&l.description, DESCRIPTION_MAX);
        let dataset = seo::dataset(c, &url, &description, &data);
        let meta = Meta {
            title: format!("{} | {}", l.title, s.brand),
            description,
            canonical: self.canonical(&url),
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld: seo::graph(&self.agent_json, &[breadcrumb_ld(&s.base_url, &crumbs), dataset])?,
        };
        let mut areas: Vec<&str> = Vec::new();
        for r in &data.neighborhoods {
            if !areas.contains(&r.area) {
                areas.push(r.area);
            }
        }
        let mut mounted = Mounted::default();
        let table = mounted.mount(
            self.input.assets,
            &MarketTableProps {
                data: api::MARKET_DATA,
                area: &l.area,
                all_areas: &l.all_areas,
                areas,
                price: &l.price,
                any_price: &l.any_price,
                price_bands: &l.price_bands,
                showing: &l.showing,
                none: &l.none,
            },
        )?;
        let view =
            MarketView { crumbs, provenance: market::provenance(c), chart: market::price_chart(c, &data), data, table };
        Ok(self.built(Kind::Market, jax_output::index_file(&url), &meta, &view, &mounted))
    }
}
