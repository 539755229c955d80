//! The sellers' page (/sell/): how the agent markets a home, her recent sales, the market's
//! latest figures, sellers' words and the home-valuation form (the lead form's `cma-request`,
//! posted to the same endpoint for the same e-mail), complete without JavaScript.

use super::form::{field_views, form_view, FormView};
use super::parts::{words, Words};
use super::record::{sale_cards, summary, SaleCard};
use super::shared::{breadcrumb_ld, Built, Crumb, Meta, Shared, DESCRIPTION_MAX};
use crate::islands::{Mount, Mounted};
use crate::kind::Kind;
use crate::market::{self, MarketData, Provenance};
use crate::props::CheckedFormProps;
use crate::{markdown, seo};
use anyhow::{Context, Result};
use jax_model::api;
use jax_model::forms::LeadType;
use jax_model::record::Side;
use jax_model::sell::SellPage;
use serde::Serialize;

#[derive(Serialize)]
struct SellView<'a> {
    p: &'a SellPage,
    crumbs: Vec<Crumb<'a>>,
    summary: String,
    sales: Vec<SaleCard<'a>>,
    market: MarketData<'a>,
    provenance: Provenance<'a>,
    words: Vec<Words>,
    valuation: &'a LeadType,
    valuation_id: &'static str,
    form: FormView<'a>,
    form_island: Mount,
}

impl<'a> Shared<'a> {
    pub(super) fn sell(&self) -> Result<Built> {
        let c = self.input.content;
        let s = &c.site.data;
        let p = &c.sell.as_ref().context("there is no content/sell.yaml")?.data;
        let forms = &c.forms.data;
        let url = api::SELL_PAGE.to_string();
        let crumbs = vec![
            Crumb { name: &s.labels.nav.home, url: api::HOME.into() },
            Crumb { name: &s.labels.nav.sell, url: url.clone() },
        ];
        let meta = Meta {
            title: p.seo.title.clone(),
            description: markdown::truncate(&p.seo.description, DESCRIPTION_MAX),
            canonical: self.canonical(&url),
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld: seo::graph(&self.agent_json, &[breadcrumb_ld(&s.base_url, &crumbs)])?,
        };
        let valuation = &forms.lead.types.cma_request;
        let mut mounted = Mounted::default();
        let recent = &self.sales[..self.sales.len().min(p.sales.count)];
        let view = SellView {
            p,
            crumbs,
            summary: summary(c, &self.sales),
            sales: sale_cards(c, recent),
            market: market::data(c),
            provenance: market::provenance(c),
            words: words(c, c.testimonials.iter().filter(|t| t.fields.side != Side::Buyer)),
            valuation,
            valuation_id: api::VALUATION_FORM,
            form: form_view(
                "valuation-form",
                api::LEAD,
                field_views("valuation-form", &forms.lead.fields, &forms.limits),
                &valuation.submit,
                &forms.honeypot,
            )
            .of_type("cma-request", &valuation.require),
            form_island: mounted.mount(self.input.assets, &CheckedFormProps { api: api::ENDPOINTS })?,
        };
        Ok(self.built(Kind::Sell, jax_output::index_file(&url), &meta, &view, &mounted))
    }
}
