//! The site's content as public JSON, published at `/data/*.json`: a machine-readable copy of it.
//! The market page's island reads `/data/market.json` (typed by `render::market::MarketData`);
//! the other islands get what they need as props in their page.
//! Public fields only: the agent's e-mail address — the recipient of every form — stays out; the
//! edge worker has it.

use anyhow::{Context, Result};
use jax_images::ImageInfo;
use jax_model::api;
use jax_model::site::{Brokerage, Labels, Legal};
use jax_model::Content;
use jax_output::Output;
use serde::Serialize;
use std::collections::HashMap;

#[derive(Serialize)]
struct PublicAgent<'a> {
    name: &'a str,
    title: &'a str,
    phone: &'a str,
    /// `+1…`, for `sms:` and `tel:` links.
    phone_e164: String,
    license: &'a str,
}

#[derive(Serialize)]
struct PublicSite<'a> {
    brand: &'a str,
    tagline: &'a str,
    base_url: &'a str,
    location: &'a str,
    agent: PublicAgent<'a>,
    brokerage: &'a Brokerage,
    development_map_url: &'a str,
    development_map_title: &'a str,
    legal: &'a Legal,
    popular_areas: &'a [String],
    labels: &'a Labels,
}

impl<'a> PublicSite<'a> {
    fn of(c: &'a Content) -> Self {
        let s = &c.site.data;
        PublicSite {
            brand: &s.brand,
            tagline: &s.tagline,
            base_url: &s.base_url,
            location: &s.location,
            agent: PublicAgent {
                name: &s.agent.name,
                title: &s.agent.title,
                phone: &s.agent.phone,
                phone_e164: s.agent.phone_e164().unwrap_or_default(),
                license: &s.agent.license,
            },
            brokerage: &s.brokerage,
            development_map_url: &s.development_map_url,
            development_map_title: &s.development_map_title,
            legal: &s.legal,
            popular_areas: &s.popular_areas,
            labels: &s.labels,
        }
    }
}

#[derive(Serialize)]
struct PublicListing<'a> {
    #[serde(flatten)]
    fields: &'a jax_model::listing::ListingFields,
    baths_text: String,
    url: String,
    image_info: Option<&'a ImageInfo>,
}

#[derive(Serialize)]
struct PublicNeighborhood<'a> {
    #[serde(flatten)]
    fields: &'a jax_model::neighborhood::NeighborhoodFields,
    url: String,
    image_info: Option<&'a ImageInfo>,
}

fn listings<'a>(c: &'a Content, images: &'a HashMap<String, ImageInfo>) -> Vec<PublicListing<'a>> {
    c.listings
        .iter()
        .map(|l| PublicListing {
            fields: &l.fields,
            baths_text: l.baths_text(),
            url: api::listing(&l.fields.id),
            image_info: images.get(&l.fields.image),
        })
        .collect()
}

fn neighborhoods<'a>(c: &'a Content, images: &'a HashMap<String, ImageInfo>) -> Vec<PublicNeighborhood<'a>> {
    c.neighborhoods
        .iter()
        .map(|n| PublicNeighborhood {
            fields: &n.fields,
            url: api::neighborhood(&n.fields.slug),
            image_info: images.get(&n.fields.image),
        })
        .collect()
}

fn json(path: &str, value: &impl Serialize) -> Result<Output> {
    let bytes = serde_json::to_vec(value).with_context(|| format!("serializing {path}"))?;
    Ok(Output::new(path, bytes))
}

/// `data/site.json`, `data/listings.json`, `data/neighborhoods.json`, `data/quiz.json`, `data/forms.json`,
/// `data/market.json`.
pub fn outputs(c: &Content, images: &HashMap<String, ImageInfo>) -> Result<Vec<Output>> {
    Ok(vec![
        json("data/site.json", &PublicSite::of(c))?,
        json("data/listings.json", &listings(c, images))?,
        json("data/neighborhoods.json", &neighborhoods(c, images))?,
        json("data/quiz.json", &c.quiz.data)?,
        json("data/forms.json", &c.forms.data)?,
        json(api::MARKET_DATA.trim_start_matches('/'), &crate::market::data(c))?,
    ])
}
