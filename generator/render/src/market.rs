//! The market figures as pages show them: a neighborhood's snapshot (the four tiles, the month,
//! the source, and once an earlier snapshot exists each figure's change and trend), the market
//! page's rows, and `/data/market.json`, which the market page's island reads.

use super::charts::{self, Point};
use jax_model::api;
use jax_model::market::Figure;
use jax_model::market::{format, Month};
use jax_model::Content;
use schemars::JsonSchema;
use serde::Serialize;

/// One tile: its label and value, and with an earlier snapshot its change and trend chart.
#[derive(Serialize)]
pub struct Tile {
    pub label: String,
    pub value: String,
    /// "+$20K since November 2024"; absent when the figure did not change or nothing came before.
    pub change: Option<String>,
    /// The trend chart's markup (SVG and its table), with two snapshots or more.
    pub trend: Option<String>,
}

/// Where the latest figures come from and when: the line beside every snapshot and the market
/// table (`macros.html`'s `provenance`).
#[derive(Serialize)]
pub struct Provenance<'a> {
    /// "Figures as of December 2024".
    pub as_of: String,
    /// "Source: …".
    pub source: String,
    pub source_url: Option<&'a str>,
}

pub fn provenance(c: &Content) -> Provenance<'_> {
    let (labels, latest) = (&c.site.data.labels.market, c.market.latest());
    Provenance {
        as_of: fill(&labels.as_of, &[("month", &latest.month.label())]),
        source: fill(&labels.source, &[("source", &latest.fields.source)]),
        source_url: latest.fields.source_url.as_deref(),
    }
}

/// A neighborhood's market snapshot as its page (and a report's `<Snapshot>`) shows it.
#[derive(Serialize)]
pub struct SnapshotView<'a> {
    pub tiles: Vec<Tile>,
    pub provenance: Provenance<'a>,
    /// The link to the market page.
    pub compare: &'a str,
    pub market_url: &'static str,
}

/// A neighborhood's name by its slug (the slug itself if there is none, which checks refuse).
pub fn name_of<'a>(c: &'a Content, slug: &'a str) -> &'a str {
    c.neighborhood(slug).map_or(slug, |n| n.fields.name.as_str())
}

/// A trend chart's title: "Median Condo Price in Riverside".
pub fn trend_title(c: &Content, slug: &str, figure: Figure) -> String {
    let labels = &c.site.data.labels;
    fill(&labels.market.trend, &[("figure", figure.label(&labels.neighborhood)), ("name", name_of(c, slug))])
}

fn fill(template: &str, pairs: &[(&str, &str)]) -> String {
    pairs.iter().fold(template.to_string(), |t, (k, v)| t.replace(&format!("{{{k}}}"), v))
}

/// The trend of one figure of one neighborhood, if at least two snapshots have it. `id` must be
/// unique in the page.
pub fn trend(c: &Content, slug: &str, figure: Figure, id: &str) -> Option<String> {
    let history = c.market.history(slug);
    let (first, last) = (history.first()?, history.last()?);
    if history.len() < 2 {
        return None;
    }
    let labels = &c.site.data.labels;
    let title = trend_title(c, slug, figure);
    let description = fill(
        &labels.market.trend_description,
        &[
            ("from", &figure.text(first.1)),
            ("from_month", &first.0.label()),
            ("to", &figure.text(last.1)),
            ("to_month", &last.0.label()),
        ],
    );
    let points: Vec<Point> =
        history.iter().map(|(m, f)| Point { name: m.label(), value: figure.value(f), text: figure.text(f) }).collect();
    let l = charts::Labels {
        id,
        title: &title,
        description: &description,
        columns: [&labels.market.month, figure.label(&labels.neighborhood)],
    };
    Some(charts::trend(&l, &points))
}

/// The snapshot of the neighborhood `slug` in the latest snapshot (`None` if it has no figures
/// there, which `Content::assemble` refuses for published neighborhoods). `id` prefixes the
/// charts' ids.
pub fn snapshot<'a>(c: &'a Content, slug: &str, id: &str) -> Option<SnapshotView<'a>> {
    let latest = c.market.latest();
    let now = latest.figures(slug)?;
    let before = c.market.previous().and_then(|p| p.figures(slug).map(|f| (p.month, f)));
    let labels = &c.site.data.labels;
    let since = |m: Month| fill(&labels.market.since, &[("month", &m.label())]);
    let mut tiles: Vec<Tile> = Figure::ALL
        .into_iter()
        .map(|figure| Tile {
            label: figure.label(&labels.neighborhood).to_string(),
            value: figure.text(now),
            change: before.and_then(|(m, f)| figure.change(f, now).map(|c| format!("{c} {}", since(m)))),
            trend: trend(c, slug, figure, &format!("{id}-{}", figure.name())),
        })
        .collect();
    tiles.push(Tile { label: labels.neighborhood.zip.clone(), value: now.zip.clone(), change: None, trend: None });
    Some(SnapshotView {
        tiles,
        provenance: provenance(c),
        compare: &labels.market.compare,
        market_url: api::MARKET_PAGE,
    })
}

/// `/data/market.json`: the latest snapshot, every neighborhood in the site's order, with each
/// figure as a number (to sort and filter by) and as the page writes it.
#[derive(Serialize, JsonSchema)]
pub struct MarketData<'a> {
    /// The snapshot's month, `YYYY-MM`.
    pub month: String,
    /// The month as pages write it: "December 2024".
    pub month_label: String,
    /// Where the figures come from.
    pub source: &'a str,
    pub source_url: Option<&'a str>,
    pub neighborhoods: Vec<MarketRow<'a>>,
}

/// One neighborhood's row of the market table.
#[derive(Serialize, JsonSchema)]
pub struct MarketRow<'a> {
    pub slug: &'a str,
    pub name: &'a str,
    pub area: &'a str,
    /// Its page.
    pub url: String,
    /// Median condo price in dollars.
    pub median_price: u64,
    /// Year-over-year growth of the median price, in percent.
    pub yoy_growth: f64,
    pub days_on_market: u32,
    pub zip: &'a str,
    /// The figures as the page writes them: "$425K", "+9.2%", "38".
    pub median_text: String,
    pub yoy_text: String,
    pub days_text: String,
}

pub fn data(c: &Content) -> MarketData<'_> {
    let latest = c.market.latest();
    MarketData {
        month: latest.month.to_string(),
        month_label: latest.month.label(),
        source: &latest.fields.source,
        source_url: latest.fields.source_url.as_deref(),
        neighborhoods: c
            .neighborhoods
            .iter()
            .filter_map(|n| {
                let f = latest.figures(&n.fields.slug)?;
                Some(MarketRow {
                    slug: &n.fields.slug,
                    name: &n.fields.name,
                    area: &n.fields.area,
                    url: api::neighborhood(&n.fields.slug),
                    median_price: f.median_price,
                    yoy_growth: f.yoy_growth,
                    days_on_market: f.days_on_market,
                    zip: &f.zip,
                    median_text: format::price(f.median_price),
                    yoy_text: format::growth(f.yoy_growth),
                    days_text: format::days(f.days_on_market),
                })
            })
            .collect(),
    }
}

/// The market page's bar chart: every neighborhood's median price, highest first.
pub fn price_chart(c: &Content, data: &MarketData) -> String {
    let labels = &c.site.data.labels;
    let mut rows: Vec<&MarketRow> = data.neighborhoods.iter().collect();
    rows.sort_by(|a, b| b.median_price.cmp(&a.median_price).then(a.name.cmp(b.name)));
    let points: Vec<Point> = rows
        .iter()
        .map(|r| Point { name: r.name.to_string(), value: r.median_price as f64, text: r.median_text.clone() })
        .collect();
    let listed: Vec<String> = points.iter().map(|p| format!("{} {}", p.name, p.text)).collect();
    let description = format!("{}: {}.", data.month_label, listed.join(", "));
    let l = charts::Labels {
        id: "price-chart",
        title: &labels.market.chart_title,
        description: &description,
        columns: [&labels.market.neighborhood, &labels.neighborhood.median],
    };
    charts::bars(&l, &points)
}
