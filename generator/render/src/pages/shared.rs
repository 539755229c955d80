//! What every page of a build shares: the site's data, each kind's context and chrome, and
//! the page's `<head>`; each page's module adds its own view (`impl Shared` there).

use super::parts::{sales, updated, RenderedCards};
use crate::input::RenderInput;
use crate::islands::{self, Mounted};
use crate::kind::Kind;
use crate::templates::Renderer;
use crate::{chrome, seo};
use anyhow::{Context, Result};
use jax_images::ImageInfo;
use jax_model::api;
use jax_model::legal::LegalKind;
use jax_model::site::{Brokerage, Labels, Legal};
use jax_output::Output;
use serde::Serialize;
use serde_json::Value;

/// Longest meta description, in characters.
pub(super) const DESCRIPTION_MAX: usize = 160;

#[derive(Serialize)]
pub(super) struct Link {
    pub(super) name: String,
    pub(super) url: String,
}

/// The nav's menu of the MLS's pages: its name and its links.
#[derive(Serialize)]
pub(super) struct HomesMenu<'a> {
    pub(super) label: &'a str,
    pub(super) links: [(&'a str, &'static str); 3],
}

/// The public face of site.yaml.

#[derive(Serialize)]
pub(super) struct SiteView<'a> {
    pub(super) brand: &'a str,
    pub(super) tagline: &'a str,
    pub(super) base_url: &'a str,
    pub(super) location: &'a str,
    pub(super) agent_name: &'a str,
    pub(super) agent_title: &'a str,
    pub(super) agent_license: &'a str,
    /// "License #SL…", when site.yaml gives the number.
    pub(super) license_line: Option<String>,
    pub(super) portrait: Option<&'a ImageInfo>,
    pub(super) portrait_alt: &'a str,
    pub(super) designations: &'a [String],
    pub(super) social: &'a [jax_model::site::SocialLink],
    pub(super) phone: &'a str,
    pub(super) tel_href: String,
    pub(super) email: &'a str,
    pub(super) mailto_href: String,
    pub(super) sms_href: String,
    pub(super) brokerage: &'a Brokerage,
    pub(super) legal: &'a Legal,
    /// The footer's link to the reports (none while there are none).
    pub(super) reports_url: Option<&'static str>,
    /// The nav's and footer's links to /sell/ and /sold/ (none without their content).
    pub(super) sell_url: Option<&'static str>,
    pub(super) sold_url: Option<&'static str>,
    /// The nav's menu of the MLS's pages (none without listings).
    pub(super) homes_menu: Option<HomesMenu<'a>>,
    /// The footer's links to the legal pages.
    pub(super) privacy_url: String,
    pub(super) terms_url: String,
    pub(super) labels: &'a Labels,
    pub(super) popular_areas: Vec<Link>,
    pub(super) copyright: String,
}

#[derive(Serialize)]
pub(super) struct Icon<'a> {
    pub(super) href: &'a str,
    pub(super) mime: &'static str,
}

pub(super) fn icon(info: Option<&ImageInfo>) -> Option<Icon<'_>> {
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
pub(super) struct OgImage<'a> {
    pub(super) url: String,
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) alt: &'a str,
}

/// What the `<head>` says about a page.
#[derive(Serialize)]
pub(super) struct Meta<'a> {
    pub(super) title: String,
    pub(super) description: String,
    /// Absent on the pages that are not indexed (404, thank-you, form error): they then say
    /// `noindex`, and the sitemap leaves them out.
    pub(super) canonical: Option<String>,
    pub(super) og_type: &'static str,
    pub(super) og_image: Option<OgImage<'a>>,
    pub(super) jsonld: String,
}

/// One crumb; the last one is the page itself.
#[derive(Serialize)]
pub(super) struct Crumb<'a> {
    pub(super) name: &'a str,
    pub(super) url: String,
}

/// A page ready to render: where it goes, its kind (hence its template) and what its context
/// adds to its kind's (`PAGE_KEYS`).
pub struct Built {
    pub path: String,
    pub(super) kind: Kind,
    pub(super) ctx: tera::Context,
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
pub(super) struct KindShared {
    pub(super) ctx: tera::Context,
    pub(super) chrome_before: Mounted,
    pub(super) chrome_after: Mounted,
}

/// Everything the pages of one build share.
pub struct Shared<'a> {
    pub(super) r: &'a Renderer,
    pub(super) input: &'a RenderInput<'a>,
    /// Per kind, in `Kind::ALL` order.
    pub(super) kinds: Vec<KindShared>,
    pub(super) agent_json: String,
    pub(super) social: Option<&'a ImageInfo>,
    /// The MLS listings' cards, once `render_cards` has made them (none until then).
    pub(super) cards: RenderedCards,
    /// Her sales (`record::sales`), for /sold/ and /sell/.
    pub(super) sales: Vec<jax_model::record::Sale>,
}

impl<'a> Shared<'a> {
    pub fn new(r: &'a Renderer, input: &'a RenderInput<'a>) -> Result<Shared<'a>> {
        let c = input.content;
        let s = &c.site.data;
        let phone = s.agent.phone_e164().unwrap_or_default();
        let sales = sales(c, input.homes);
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
            homes_menu: s.mls.as_ref().filter(|_| input.homes.is_some()).map(|m| HomesMenu {
                label: &m.labels.menu,
                links: [
                    (&m.labels.title, api::HOMES),
                    (&m.labels.open_house.title, api::OPEN_HOUSES),
                    (&m.labels.saved.link, api::SAVED_HOMES),
                ],
            }),
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
        common.insert("favicon", &icon(input.images.get(jax_load::FAVICON)));
        common.insert("touch_icon", &icon(input.images.get("images/apple-touch-icon.png")));
        // The MLS's name, labels and notice, and when its data was last updated: the same on every
        // page that shows its listings, so given once rather than with each of 10,000 pages.
        let mls_updated = match (&s.mls, input.homes) {
            (Some(mls), Some(homes)) => {
                common.insert("mls", mls);
                updated(mls, homes)
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
        let agent_json = crate::html::script_json(&seo::agent(
            c,
            social,
            s.agent.portrait.as_ref().and_then(|p| input.images.get(&p.image)),
        ))?;
        Ok(Shared { r, input, kinds, agent_json, social, cards: Default::default(), sales })
    }

    pub(super) fn kind(&self, kind: Kind) -> &KindShared {
        &self.kinds[kind_index(kind)]
    }

    /// A page of `kind` at `path`: its meta, its view (`page` in the template) and the islands its
    /// content mounted, which its `<head>` links with the chrome's.
    pub(super) fn built(
        &self,
        kind: Kind,
        path: String,
        meta: &Meta,
        view: &impl Serialize,
        mounted: &Mounted,
    ) -> Built {
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

    pub(super) fn og_image(&self, image: Option<&'a ImageInfo>, alt: &'a str) -> Option<OgImage<'a>> {
        let base = &self.input.content.site.data.base_url;
        let (img, alt) = match image {
            Some(i) => (i, alt),
            None => (self.social?, self.input.content.home.data.hero.image_alt.as_str()),
        };
        Some(OgImage { url: seo::absolute(base, &img.src), width: img.width, height: img.height, alt })
    }

    pub(super) fn canonical(&self, path: &str) -> Option<String> {
        Some(seo::absolute(&self.input.content.site.data.base_url, path))
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
pub(super) fn kind_index(kind: Kind) -> usize {
    Kind::ALL.iter().position(|k| *k == kind).expect("every kind is shared")
}

pub(super) fn breadcrumb_ld(base: &str, crumbs: &[Crumb]) -> Value {
    let items: Vec<(&str, &str)> = crumbs.iter().map(|c| (c.name, c.url.as_str())).collect();
    seo::breadcrumbs(base, &items)
}
