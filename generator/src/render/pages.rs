//! The pages: what every page shares (the site's data, its `<head>`, its chrome), and one module
//! per kind of page that builds its view, its SEO and its output path.

mod concierge;
mod for_sale;
mod form;
mod form_result;
mod home;
mod homes;
mod homes_search;
mod legal;
mod listing;
mod market;
mod neighborhood;
mod not_found;
mod record;
pub use record::sales;
mod report;
mod sell;

use super::islands::{self, Mounted};
use super::kind::Kind;
use super::{chrome, seo, RenderInput, Renderer};
use crate::images::ImageInfo;
use crate::output::Output;
use anyhow::{Context, Result};
use jax_model::api;
use jax_model::legal::{LegalKind, LegalPage};
use jax_model::listing::Listing;
use jax_model::neighborhood::Neighborhood;
use jax_model::report::Report;
use jax_model::site::{Brokerage, Labels, Legal};
use serde::Serialize;
use serde_json::Value;

pub use form_result::FormResult;
pub use homes::{pages as homes_pages, HomesPage};

/// Longest meta description, in characters.
const DESCRIPTION_MAX: usize = 160;

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
    ForSale(&'a crate::mls::homes::Home),
    /// The sellers' page.
    Sell,
    /// The agent's record of sales.
    Sold,
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

// ---- shared by every page ------------------------------------------------------------------

#[derive(Serialize)]
struct Link {
    name: String,
    url: String,
}

/// The public face of site.yaml.
#[derive(Serialize)]
struct SiteView<'a> {
    brand: &'a str,
    tagline: &'a str,
    base_url: &'a str,
    location: &'a str,
    agent_name: &'a str,
    agent_title: &'a str,
    agent_license: &'a str,
    /// "License #SL…", when site.yaml gives the number.
    license_line: Option<String>,
    portrait: Option<&'a ImageInfo>,
    portrait_alt: &'a str,
    designations: &'a [String],
    social: &'a [jax_model::site::SocialLink],
    phone: &'a str,
    tel_href: String,
    email: &'a str,
    mailto_href: String,
    sms_href: String,
    brokerage: &'a Brokerage,
    legal: &'a Legal,
    /// The footer's link to the reports (none while there are none).
    reports_url: Option<&'static str>,
    /// The nav's and footer's links to /sell/ and /sold/ (none without their content).
    sell_url: Option<&'static str>,
    sold_url: Option<&'static str>,
    /// The footer's links to the legal pages.
    privacy_url: String,
    terms_url: String,
    labels: &'a Labels,
    popular_areas: Vec<Link>,
    copyright: String,
}

#[derive(Serialize)]
struct Icon<'a> {
    href: &'a str,
    mime: &'static str,
}

fn icon(info: Option<&ImageInfo>) -> Option<Icon<'_>> {
    info.map(|i| Icon {
        href: &i.src,
        mime: if i.src.ends_with(".svg") {
            "image/svg+xml"
        } else if i.src.ends_with(".png") {
            "image/png"
        } else {
            "image/jpeg"
        },
    })
}

#[derive(Serialize)]
struct OgImage<'a> {
    url: String,
    width: u32,
    height: u32,
    alt: &'a str,
}

/// What the `<head>` says about a page.
#[derive(Serialize)]
struct Meta<'a> {
    title: String,
    description: String,
    /// Absent on the pages that are not indexed (404, thank-you, form error): they then say
    /// `noindex`, and the sitemap leaves them out.
    canonical: Option<String>,
    og_type: &'static str,
    og_image: Option<OgImage<'a>>,
    jsonld: String,
}

/// One crumb; the last one is the page itself.
#[derive(Serialize)]
struct Crumb<'a> {
    name: &'a str,
    url: String,
}

/// A page ready to render: where it goes, its kind (hence its template) and what its context
/// adds to its kind's (`PAGE_KEYS`).
pub struct Built {
    pub path: String,
    kind: Kind,
    ctx: tera::Context,
}

/// The keys each page sets in its kind's context, the same for every page, so a context reused
/// from page to page never shows one page's values on another.
const PAGE_KEYS: [&str; 3] = ["islands_head", "meta", "page"];

/// Each kind's context as one thread renders with it: cloned from the kind's at its first page,
/// then reused, each page replacing `PAGE_KEYS` (a clone per page copied every page's stylesheet
/// and site data once more: ~4% of a 10,000-listing build).
#[derive(Default)]
pub struct Contexts(Vec<Option<tera::Context>>);

/// What the pages of one kind share: the context every page of it starts from (site data,
/// stylesheet, paths, rendered chrome) and the islands its chrome mounts.
struct KindShared {
    ctx: tera::Context,
    chrome_before: Mounted,
    chrome_after: Mounted,
}

/// Everything the pages of one build share.
pub struct Shared<'a> {
    r: &'a Renderer,
    input: &'a RenderInput<'a>,
    /// Per kind, in `Kind::ALL` order.
    kinds: Vec<KindShared>,
    agent_json: String,
    social: Option<&'a ImageInfo>,
    /// The MLS listings' cards, once `render_cards` has made them (none until then).
    cards: homes_search::RenderedCards,
    /// Her sales (`record::sales`), for /sold/ and /sell/.
    sales: Vec<jax_model::record::Sale>,
}

impl<'a> Shared<'a> {
    pub fn new(r: &'a Renderer, input: &'a RenderInput<'a>) -> Result<Shared<'a>> {
        let c = input.content;
        let s = &c.site.data;
        let phone = s.agent.phone_e164().unwrap_or_default();
        let sales = record::sales(c, input.homes);
        let site = SiteView {
            brand: &s.brand,
            tagline: &s.tagline,
            base_url: &s.base_url,
            location: &s.location,
            agent_name: &s.agent.name,
            agent_title: &s.agent.title,
            agent_license: &s.agent.license,
            license_line: s
                .agent
                .license_number
                .as_ref()
                .map(|n| s.labels.advisor.license_number.replace("{number}", n)),
            portrait: s.agent.portrait.as_ref().and_then(|p| input.images.get(&p.image)),
            portrait_alt: s.agent.portrait.as_ref().map_or("", |p| p.alt.as_str()),
            designations: &s.agent.designations,
            social: &s.agent.social,
            phone: &s.agent.phone,
            tel_href: format!("tel:{phone}"),
            email: &s.agent.email,
            mailto_href: format!("mailto:{}", s.agent.email),
            sms_href: format!("sms:{phone}"),
            brokerage: &s.brokerage,
            legal: &s.legal,
            reports_url: (!c.reports.is_empty()).then_some(api::REPORTS),
            sell_url: c.sell.is_some().then_some(api::SELL_PAGE),
            sold_url: (!sales.is_empty()).then_some(api::SOLD_PAGE),
            privacy_url: LegalKind::Privacy.url(),
            terms_url: LegalKind::Terms.url(),
            labels: &s.labels,
            popular_areas: s
                .popular_areas
                .iter()
                .filter_map(|route| c.neighborhood(route))
                .map(|n| Link { name: n.fields.name.clone(), url: api::neighborhood(&n.fields.slug) })
                .collect(),
            copyright: format!("© {} {}. {}", s.legal.copyright_year, s.brand, s.labels.footer.rights),
        };
        let social = input.images.get(&s.social_image);
        let mut common = tera::Context::new();
        common.insert("site", &site);
        common.insert("favicon", &icon(input.images.get(crate::load::FAVICON)));
        common.insert("touch_icon", &icon(input.images.get("images/apple-touch-icon.png")));
        // The MLS's name, labels and notice, and when its data was last updated: the same on every
        // page that shows its listings, so given once rather than with each of 10,000 pages.
        let mls_updated = match (&s.mls, input.homes) {
            (Some(mls), Some(homes)) => {
                common.insert("mls", mls);
                homes::updated(mls, homes)
            }
            _ => None,
        };
        let mut kinds = Vec::with_capacity(Kind::ALL.len());
        for (kind, css) in Kind::ALL.into_iter().zip(&r.css) {
            let mut ctx = common.clone();
            ctx.insert("css", css);
            ctx.insert("kind", kind.name());
            ctx.insert("paths", &kind.paths());
            // A listing's page says when its own data changed (`for_sale`), so that an import
            // rewrites only the pages of the listings it changed.
            if kind != Kind::ForSale {
                ctx.insert("mls_updated", &mls_updated);
            }
            let chrome = chrome::render(r, input, &ctx, kind)?;
            ctx.insert("chrome", &chrome);
            kinds.push(KindShared { ctx, chrome_before: chrome.before, chrome_after: chrome.after });
        }
        let agent_json = super::script_json(&seo::agent(
            c,
            social,
            s.agent.portrait.as_ref().and_then(|p| input.images.get(&p.image)),
        ))?;
        Ok(Shared { r, input, kinds, agent_json, social, cards: Default::default(), sales })
    }

    fn kind(&self, kind: Kind) -> &KindShared {
        &self.kinds[kind_index(kind)]
    }

    /// A page of `kind` at `path`: its meta, its view (`page` in the template) and the islands its
    /// content mounted, which its `<head>` links with the chrome's.
    fn built(&self, kind: Kind, path: String, meta: &Meta, view: &impl Serialize, mounted: &Mounted) -> Built {
        let shared = self.kind(kind);
        let mut ctx = tera::Context::new();
        let islands =
            shared.chrome_before.islands().iter().chain(mounted.islands()).chain(shared.chrome_after.islands());
        let [islands_head, meta_key, page_key] = PAGE_KEYS;
        ctx.insert(islands_head, &islands::head(self.input.assets, islands));
        ctx.insert(meta_key, meta);
        ctx.insert(page_key, view);
        Built { path, kind, ctx }
    }

    fn og_image(&self, image: Option<&'a ImageInfo>, alt: &'a str) -> Option<OgImage<'a>> {
        let base = &self.input.content.site.data.base_url;
        let (img, alt) = match image {
            Some(i) => (i, alt),
            None => (self.social?, self.input.content.home.data.hero.image_alt.as_str()),
        };
        Some(OgImage { url: seo::absolute(base, &img.src), width: img.width, height: img.height, alt })
    }

    fn canonical(&self, path: &str) -> Option<String> {
        Some(seo::absolute(&self.input.content.site.data.base_url, path))
    }

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
        })
    }

    /// A built page, rendered with `contexts` (one thread's).
    pub fn render_built(&self, contexts: &mut Contexts, built: Built) -> Result<Output> {
        let Built { path, kind, ctx: own } = built;
        let i = kind_index(kind);
        if contexts.0.len() <= i {
            contexts.0.resize_with(Kind::ALL.len(), || None);
        }
        let ctx = contexts.0[i].get_or_insert_with(|| self.kinds[i].ctx.clone());
        ctx.extend(own);
        let html = self.r.render_bytes(kind.template(), ctx).with_context(|| format!("rendering {path}"))?;
        Ok(Output::new(path, html))
    }
}

/// A kind's place in `Kind::ALL`, which `Shared::kinds` and `Contexts` follow.
fn kind_index(kind: Kind) -> usize {
    Kind::ALL.iter().position(|k| *k == kind).expect("every kind is shared")
}

/// The file that serves a directory URL: `/thank-you/` → `thank-you/index.html`.
pub fn index_file(url: &str) -> String {
    format!("{}index.html", url.trim_start_matches('/'))
}

fn breadcrumb_ld(base: &str, crumbs: &[Crumb]) -> Value {
    let items: Vec<(&str, &str)> = crumbs.iter().map(|c| (c.name, c.url.as_str())).collect();
    seo::breadcrumbs(base, &items)
}
