//! The agent's record: her sales as cards (/sold/, /sell/), their count and volume computed from
//! them (content/sold/ and her Closed MLS listings), and her clients' words (the home page, a
//! neighborhood's page, /sell/).

use super::parts::long_date;
use super::shared::{breadcrumb_ld, Built, Crumb, Meta, Shared, DESCRIPTION_MAX};
use crate::islands::Mounted;
use crate::kind::Kind;
use crate::{markdown, seo};
use anyhow::Result;
use jax_model::api;
use jax_model::record::{self, Sale, Side};
use jax_model::Content;
use serde::Serialize;

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
        Ok(self.built(Kind::Sold, jax_output::index_file(&url), &meta, &view, &Mounted::default()))
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
