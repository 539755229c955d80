//! The whole site's content: each kind parsed on its own (so callers can parse in parallel), then
//! assembled with the checks that span files (duplicate ids, routes that must exist).

use crate::concierge::ConciergePage;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::document::{parse_markdown_file, parse_yaml_file, Parsed, Source};
use crate::forms::Forms;
use crate::home::Home;
use crate::legal::{LegalKind, LegalPage};
use crate::listing::{Listing, ListingFields};
use crate::market::{Market, Snapshot};
use crate::neighborhood::{Neighborhood, NeighborhoodFields};
use crate::quiz::Quiz;
use crate::record::{Sale, Testimonial};
use crate::report::Report;
use crate::sell::SellPage;
use crate::site::Site;
use std::collections::HashMap;

#[derive(Debug, Clone)]
pub struct Content {
    pub site: Parsed<Site>,
    pub home: Parsed<Home>,
    pub concierge: Parsed<ConciergePage>,
    pub quiz: Parsed<Quiz>,
    pub forms: Parsed<Forms>,
    /// Sorted by `order`, then id.
    pub listings: Vec<Listing>,
    /// Sorted by `order`, then name.
    pub neighborhoods: Vec<Neighborhood>,
    /// The market snapshots, oldest first (at least one).
    pub market: Market,
    pub privacy: LegalPage,
    pub terms: LegalPage,
    /// The published reports, newest first (by date, then slug).
    pub reports: Vec<Report>,
    /// The published testimonials, by `order`, then client.
    pub testimonials: Vec<Testimonial>,
    /// The published sales, newest first (by date, then address).
    pub sold: Vec<Sale>,
    /// The sellers' page, when content/sell.yaml exists.
    pub sell: Option<Parsed<SellPage>>,
}

fn finish<T>(
    parsed: Parsed<T>,
    validate: impl FnOnce(&T, &Source, &mut Vec<Diagnostic>),
) -> Result<Parsed<T>, Diagnostics> {
    let mut out = Vec::new();
    validate(&parsed.data, &parsed.source, &mut out);
    if out.is_empty() {
        Ok(parsed)
    } else {
        Err(Diagnostics(out).sorted())
    }
}

pub fn parse_site(file: &str, text: &str) -> Result<Parsed<Site>, Diagnostics> {
    finish(parse_yaml_file(file, text)?, Site::validate)
}
pub fn parse_home(file: &str, text: &str) -> Result<Parsed<Home>, Diagnostics> {
    finish(parse_yaml_file(file, text)?, Home::validate)
}
pub fn parse_concierge(file: &str, text: &str) -> Result<Parsed<ConciergePage>, Diagnostics> {
    parse_yaml_file(file, text)
}
pub fn parse_quiz(file: &str, text: &str) -> Result<Parsed<Quiz>, Diagnostics> {
    finish(parse_yaml_file(file, text)?, Quiz::validate)
}
pub fn parse_sell(file: &str, text: &str) -> Result<Parsed<SellPage>, Diagnostics> {
    finish(parse_yaml_file(file, text)?, SellPage::validate)
}
pub fn parse_forms(file: &str, text: &str) -> Result<Parsed<Forms>, Diagnostics> {
    finish(parse_yaml_file(file, text)?, Forms::validate)
}

pub fn parse_listing(file: &str, text: &str) -> Result<Listing, Diagnostics> {
    let p = parse_markdown_file::<ListingFields>(file, text)?;
    let listing = Listing { fields: p.data, description: p.body, source: p.source };
    Diagnostics::check(listing, |v, out| v.validate(out))
}

pub fn parse_neighborhood(file: &str, text: &str) -> Result<Neighborhood, Diagnostics> {
    let p = parse_markdown_file::<NeighborhoodFields>(file, text)?;
    let n = Neighborhood { fields: p.data, about: p.body, source: p.source };
    Diagnostics::check(n, |v, out| v.validate(out))
}

/// A report; `slug` is its file name without `.mdx`.
pub fn parse_report(file: &str, slug: &str, text: &str) -> Result<Report, Diagnostics> {
    crate::report::parse(file, slug, text)
}

pub fn parse_legal(file: &str, text: &str, kind: LegalKind) -> Result<LegalPage, Diagnostics> {
    crate::legal::parse(file, text, kind)
}

/// Everything parsed, before the cross-file checks.
pub struct Parts {
    pub site: Parsed<Site>,
    pub home: Parsed<Home>,
    pub concierge: Parsed<ConciergePage>,
    pub quiz: Parsed<Quiz>,
    pub forms: Parsed<Forms>,
    pub listings: Vec<Listing>,
    pub neighborhoods: Vec<Neighborhood>,
    pub snapshots: Vec<Snapshot>,
    pub privacy: LegalPage,
    pub terms: LegalPage,
    pub reports: Vec<Report>,
    pub testimonials: Vec<Testimonial>,
    pub sold: Vec<Sale>,
    pub sell: Option<Parsed<SellPage>>,
    /// Where listings live, for problems about the set as a whole (e.g. `content/listings`).
    pub listings_dir: String,
    /// Where the market snapshots live (e.g. `content/market`).
    pub market_dir: String,
}

impl Content {
    pub fn assemble(p: Parts) -> Result<Content, Diagnostics> {
        let mut out = Vec::new();
        let mut listings = p.listings;
        let mut neighborhoods = p.neighborhoods;
        listings.sort_by(|a, b| {
            (a.fields.order.unwrap_or(u32::MAX), &a.fields.id).cmp(&(b.fields.order.unwrap_or(u32::MAX), &b.fields.id))
        });
        neighborhoods.sort_by(|a, b| {
            (a.fields.order.unwrap_or(u32::MAX), &a.fields.name)
                .cmp(&(b.fields.order.unwrap_or(u32::MAX), &b.fields.name))
        });

        let mut ids: HashMap<&str, &str> = HashMap::new();
        let mut by_file: Vec<&Listing> = listings.iter().collect();
        by_file.sort_by(|a, b| a.source.file.cmp(&b.source.file));
        for l in by_file {
            if let Some(first) = ids.insert(&l.fields.id, &l.source.file) {
                out.push(l.source.at_value("id", format!("duplicate id \"{}\": {first} uses it too", l.fields.id)));
                ids.insert(&l.fields.id, first);
            }
        }
        if listings.iter().any(|l| !l.fields.draft) && !listings.iter().any(|l| l.fields.featured && !l.fields.draft) {
            out.push(Diagnostic::at_start(
                &p.listings_dir,
                "featured",
                "expected at least one listing with `featured: true` for the home-page carousel",
            ));
        }

        let mut slugs: HashMap<&str, &str> = HashMap::new();
        let mut by_file: Vec<&Neighborhood> = neighborhoods.iter().collect();
        by_file.sort_by(|a, b| a.source.file.cmp(&b.source.file));
        for n in by_file {
            if let Some(first) = slugs.insert(&n.fields.slug, &n.source.file) {
                out.push(
                    n.source.at_value("slug", format!("duplicate slug \"{}\": {first} uses it too", n.fields.slug)),
                );
                slugs.insert(&n.fields.slug, first);
            }
        }
        let published: HashMap<&str, ()> =
            neighborhoods.iter().filter(|n| !n.fields.draft).map(|n| (n.fields.slug.as_str(), ())).collect();
        let mut known: Vec<&str> = published.keys().copied().collect();
        known.sort();
        let route_problem = |route: &str| {
            (!published.contains_key(route))
                .then(|| format!("no neighborhood has the route \"{route}\"; the routes are: {}", known.join(", ")))
        };
        for (i, tab) in p.home.data.neighborhoods.tabs.iter().enumerate() {
            if let Some(m) = route_problem(&tab.route) {
                out.push(p.home.source.at_value(&format!("neighborhoods.tabs[{i}].route"), m));
            }
        }
        for (i, route) in p.site.data.popular_areas.iter().enumerate() {
            if let Some(m) = route_problem(route) {
                out.push(p.site.source.at_value(&format!("popular_areas[{i}]"), m));
            }
        }
        // With duplicate slugs, which neighborhood a snapshot's key means is unclear: fix those first.
        let market = if out.is_empty() {
            market_checks(p.snapshots, &neighborhoods, &p.market_dir, &mut out)
        } else {
            Market { snapshots: p.snapshots }
        };
        if !out.is_empty() {
            return Err(Diagnostics(out));
        }
        let mut reports = p.reports;
        reports.retain(|r| !r.fields.draft);
        reports.sort_by(|a, b| (&b.fields.date, &a.slug).cmp(&(&a.fields.date, &b.slug)));
        listings.retain(|l| !l.fields.draft);
        neighborhoods.retain(|n| !n.fields.draft);
        let mut testimonials = p.testimonials;
        testimonials.retain(|t| !t.fields.draft);
        testimonials.sort_by(|a, b| {
            (a.fields.order.unwrap_or(u32::MAX), &a.fields.client)
                .cmp(&(b.fields.order.unwrap_or(u32::MAX), &b.fields.client))
        });
        let mut sold = p.sold;
        sold.retain(|s| !s.fields.draft);
        crate::record::newest_first(&mut sold);
        Ok(Content {
            site: p.site,
            home: p.home,
            concierge: p.concierge,
            quiz: p.quiz,
            forms: p.forms,
            listings,
            neighborhoods,
            market,
            privacy: p.privacy,
            terms: p.terms,
            reports,
            testimonials,
            sold,
            sell: p.sell,
        })
    }

    /// The legal pages, in `LegalKind::ALL` order.
    pub fn legal_pages(&self) -> [&LegalPage; 2] {
        [&self.privacy, &self.terms]
    }

    pub fn neighborhood(&self, slug: &str) -> Option<&Neighborhood> {
        self.neighborhoods.iter().find(|n| n.fields.slug == slug)
    }
}

/// The published snapshots sorted oldest first, after the checks that need the neighborhoods: one
/// file per month, only known neighborhoods, and every published neighborhood in the latest
/// published snapshot (older snapshots may predate a neighborhood; drafts may be incomplete).
fn market_checks(
    mut snapshots: Vec<Snapshot>,
    neighborhoods: &[Neighborhood],
    market_dir: &str,
    out: &mut Vec<Diagnostic>,
) -> Market {
    snapshots.sort_by(|a, b| (a.month, &a.source.file).cmp(&(b.month, &b.source.file)));
    for pair in snapshots.windows(2) {
        if pair[0].month == pair[1].month {
            let message = format!(
                "two files for {}: {} holds that month too; keep one file per month",
                pair[1].month.label(),
                pair[0].source.file
            );
            out.push(Diagnostic::at_start(&pair[1].source.file, "", message));
        }
    }
    let mut slugs: Vec<&str> = neighborhoods.iter().map(|n| n.fields.slug.as_str()).collect();
    slugs.sort();
    slugs.dedup();
    for s in &snapshots {
        for slug in s.fields.neighborhoods.keys() {
            if !slugs.contains(&slug.as_str()) {
                out.push(s.source.at_key(
                    &format!("neighborhoods.{slug}"),
                    format!("unknown neighborhood \"{slug}\"; the neighborhoods are: {}", slugs.join(", ")),
                ));
            }
        }
    }
    snapshots.retain(|s| !s.fields.draft);
    match snapshots.last() {
        None => out.push(Diagnostic::at_start(
            market_dir,
            "",
            "no published market snapshot found; expected at least one file such as market/2024-12.yaml without `draft: true`",
        )),
        Some(latest) => {
            for n in neighborhoods.iter().filter(|n| !n.fields.draft) {
                if latest.figures(&n.fields.slug).is_none() {
                    out.push(latest.source.at_key(
                        "neighborhoods",
                        format!(
                            "missing the neighborhood \"{}\" ({}): the latest snapshot needs every neighborhood's figures",
                            n.fields.slug, n.source.file
                        ),
                    ));
                }
            }
        }
    }
    Market { snapshots }
}
