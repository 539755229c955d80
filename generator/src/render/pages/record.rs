//! The agent's record: her sales as cards (/sold/, /sell/), their count and volume computed from
//! them (content/sold/ and her Closed MLS listings), and her clients' words (the home page, a
//! neighborhood's page, /sell/).

use super::report::long_date;
use super::{breadcrumb_ld, Built, Crumb, Meta, Shared, DESCRIPTION_MAX};
use crate::mls::homes::{dollars, Homes};
use crate::mls::record::Status;
use crate::render::islands::Mounted;
use crate::render::kind::Kind;
use crate::render::{markdown, seo};
use anyhow::Result;
use jax_model::api;
use jax_model::document::Source;
use jax_model::record::{self, Sale, SaleFields, Side, Testimonial};
use jax_model::Content;
use serde::Serialize;

/// Her sales, newest first: content/sold/ and, from the MLS, the Closed listings she was party
/// to (by `mls.member_ids`; a file in content/sold/ for the same address wins: it says more).
pub fn sales(c: &Content, homes: Option<&Homes>) -> Vec<Sale> {
    let mut sales = c.sold.clone();
    let (Some(mls), Some(homes)) = (&c.site.data.mls, homes) else { return sales };
    let hers = |id: &Option<String>| id.as_ref().is_some_and(|id| mls.member_ids.contains(id));
    let key = |address: &str| address.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_lowercase();
    let written: Vec<String> = c.sold.iter().filter_map(|s| s.fields.address.as_deref()).map(key).collect();
    for h in homes.homes.iter().filter(|h| h.p.standard_status == Status::Closed) {
        let p = &h.p;
        let listed = hers(&p.list_agent_mls_id) || hers(&p.co_list_agent_mls_id);
        let bought = hers(&p.buyer_agent_mls_id) || hers(&p.co_buyer_agent_mls_id);
        let side = match (listed, bought) {
            (true, true) => Side::Both,
            (true, false) => Side::Seller,
            (false, true) => Side::Buyer,
            (false, false) => continue,
        };
        let (Some(price), Some(date)) = (p.close_price, p.close_date) else { continue };
        if h.address.as_deref().is_some_and(|a| written.contains(&key(a))) {
            continue;
        }
        let area = h.neighborhood.as_deref().and_then(|slug| c.neighborhood(slug)).map(|n| n.fields.name.clone());
        sales.push(Sale {
            fields: SaleFields {
                address: h.address.clone(),
                neighborhood: area.unwrap_or_else(|| p.city.clone()),
                price: dollars(price),
                date: date.to_string(),
                side,
                beds: p.bedrooms_total,
                baths: p.bathrooms_total_integer.map(|b| b as f32),
                draft: false,
            },
            // Its own page, by its MLS number.
            note: format!("[{}{}]({})", mls.labels.mls_number, p.listing_id, h.url),
            source: Source::default(),
        });
    }
    record::newest_first(&mut sales);
    sales
}

/// A sale as its card shows it.
#[derive(Serialize)]
pub(super) struct SaleCard<'a> {
    /// The address, or the neighborhood alone.
    place: &'a str,
    /// The neighborhood, linked to its page when it has one.
    area: &'a str,
    area_url: Option<String>,
    /// Only where site.yaml shows sold prices.
    price: Option<&'a str>,
    date: String,
    side: &'a str,
    facts: Option<String>,
    note_html: String,
}

pub(super) fn sale_cards<'a>(c: &'a Content, sales: &'a [Sale]) -> Vec<SaleCard<'a>> {
    let s = &c.site.data;
    let l = &s.labels.sold;
    sales
        .iter()
        .map(|sale| {
            let f = &sale.fields;
            let beds = f.beds.map(|b| format!("{b} {}", s.labels.listing.beds));
            let baths = f.baths.map(|b| format!("{b} {}", s.labels.listing.baths));
            let facts = [beds, baths].into_iter().flatten().collect::<Vec<_>>();
            SaleCard {
                place: f.address.as_deref().unwrap_or(&f.neighborhood),
                area: &f.neighborhood,
                area_url: c
                    .neighborhoods
                    .iter()
                    .find(|n| n.is_called(&f.neighborhood))
                    .map(|n| api::neighborhood(&n.fields.slug)),
                price: s.show_sold_prices.then_some(f.price.as_str()),
                date: l.sold_on.replace("{date}", &long_date(&f.date)),
                side: match f.side {
                    Side::Buyer => &l.buyer,
                    Side::Seller => &l.seller,
                    Side::Both => &l.both,
                },
                facts: (!facts.is_empty()).then(|| facts.join(" · ")),
                note_html: markdown::to_html(&sale.note, 3),
            }
        })
        .collect()
}

/// The record's line: "{count} homes sold · {volume} in sales", or the count alone where sold
/// prices are not shown. Computed from the sales, never typed.
pub(super) fn summary(c: &Content, sales: &[Sale]) -> String {
    let s = &c.site.data;
    let (count, volume) = record::totals(sales);
    if s.show_sold_prices {
        s.labels.sold.summary.replace("{count}", &count.to_string()).replace("{volume}", &compact_dollars(volume))
    } else {
        s.labels.sold.count.replace("{count}", &count.to_string())
    }
}

/// `48_260_000` as "$48.3M", `850_000` as "$850K", `1_200_000_000` as "$1.2B".
pub(super) fn compact_dollars(n: u64) -> String {
    let (unit, name) = match n {
        // Where rounding to tenths reaches the next unit, use it: 999,999 is "$1M", not "$1000K".
        999_950_000.. => (1_000_000_000, "B"),
        999_950.. => (1_000_000, "M"),
        1_000.. => (1_000, "K"),
        _ => return format!("${n}"),
    };
    // Tenths, rounded half up in integers (a float would print 2.05 as 2.0).
    let tenths = (n + unit / 20) / (unit / 10);
    match tenths % 10 {
        0 => format!("${}{name}", tenths / 10),
        d => format!("${}.{d}{name}", tenths / 10),
    }
}

/// Clients' words as shown.
#[derive(Serialize)]
pub(super) struct Words {
    html: String,
    attribution: String,
}

pub(super) fn words<'a>(c: &Content, chosen: impl Iterator<Item = &'a Testimonial>) -> Vec<Words> {
    let l = &c.site.data.labels.testimonials;
    chosen
        .map(|t| Words {
            html: markdown::to_html(&t.words, 3),
            attribution: l
                .attribution
                .replace("{client}", &t.fields.client)
                .replace("{area}", &t.fields.area)
                .replace("{year}", &t.fields.year.to_string()),
        })
        .collect()
}

#[derive(Serialize)]
struct SoldView<'a> {
    crumbs: Vec<Crumb<'a>>,
    summary: String,
    sales: Vec<SaleCard<'a>>,
}

impl<'a> Shared<'a> {
    pub(super) fn sold(&self) -> Result<Built> {
        let c = self.input.content;
        let s = &c.site.data;
        let l = &s.labels.sold;
        let url = api::SOLD_PAGE.to_string();
        let crumbs =
            vec![Crumb { name: &s.labels.nav.home, url: api::HOME.into() }, Crumb { name: &l.title, url: url.clone() }];
        let meta = Meta {
            title: format!("{} | {}", l.title, s.brand),
            description: markdown::truncate(&l.description, DESCRIPTION_MAX),
            canonical: self.canonical(&url),
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld: seo::graph(&self.agent_json, &[breadcrumb_ld(&s.base_url, &crumbs)])?,
        };
        let view = SoldView { crumbs, summary: summary(c, &self.sales), sales: sale_cards(c, &self.sales) };
        Ok(self.built(Kind::Sold, super::index_file(&url), &meta, &view, &Mounted::default()))
    }
}

#[cfg(test)]
mod tests {
    use super::compact_dollars;

    #[test]
    fn volumes_read_short() {
        assert_eq!(compact_dollars(48_260_000), "$48.3M");
        assert_eq!(compact_dollars(3_000_000), "$3M");
        assert_eq!(compact_dollars(850_000), "$850K");
        assert_eq!(compact_dollars(1_200_000_000), "$1.2B");
        assert_eq!(compact_dollars(0), "$0");
        assert_eq!(compact_dollars(2_050_000), "$2.1M");
        assert_eq!(compact_dollars(999_999), "$1M");
        assert_eq!(compact_dollars(999_949), "$999.9K");
    }
}
