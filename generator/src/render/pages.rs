//! Each page kind's data for its template, its SEO and its output path.

use super::islands::{self, Mount};
use super::{chrome, escape_html, markdown, seo, RenderInput, Renderer};
use crate::data::{listing_url, neighborhood_url};
use crate::images::ImageInfo;
use crate::output::Output;
use anyhow::{Context, Result};
use jax_model::concierge::ConciergePage;
use jax_model::forms::{Acknowledgment, Choice, ConciergeForm, Field, FieldKind, Limits, Messages, PHONE_PLACEHOLDER};
use jax_model::home::Home;
use jax_model::legal::{LegalKind, LegalPage};
use jax_model::listing::{Listing, ListingFields};
use jax_model::neighborhood::{Neighborhood, NeighborhoodFields};
use jax_model::site::{Brokerage, Labels, Legal};
use serde::Serialize;
use serde_json::Value;

/// The legal pages' view (a child module, so it shares this one's private types).
mod legal;

pub const HOME: &str = "home.html";
pub const NEIGHBORHOOD: &str = "neighborhood.html";
pub const LISTING: &str = "listing.html";
pub const CONCIERGE: &str = "concierge.html";
pub const NOT_FOUND: &str = "404.html";
/// The thank-you and form-error pages a form posted without JavaScript leads to.
pub const FORM_RESULT: &str = "form-result.html";
/// The privacy policy and the terms of service.
pub const LEGAL: &str = "legal.html";

pub const CONCIERGE_PATH: &str = "/client-concierge/";
/// Where the forms post; the edge worker answers them.
use jax_model::api::{CONCIERGE as CONCIERGE_ACTION, CONTACT as CONTACT_ACTION};
use jax_model::api::{CONCIERGE_FORM_ERROR, CONCIERGE_THANK_YOU, FORM_ERROR, THANK_YOU};

/// The concierge form on its page: where the portal's error page leads back to.
const CONCIERGE_FORM_HREF: &str = "/client-concierge/#concierge-form";
/// Longest meta description, in characters.
const DESCRIPTION_MAX: usize = 160;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Home,
    Neighborhood,
    Listing,
    Concierge,
    NotFound,
    /// The thank-you and form-error pages (not indexed).
    FormResult,
    /// The privacy policy and the terms of service.
    Legal,
}

impl Kind {
    pub const ALL: [Kind; 7] =
        [Kind::Home, Kind::Neighborhood, Kind::Listing, Kind::Concierge, Kind::NotFound, Kind::FormResult, Kind::Legal];
    pub fn name(self) -> &'static str {
        match self {
            Kind::Home => "home",
            Kind::Neighborhood => "neighborhood",
            Kind::Listing => "listing",
            Kind::Concierge => "concierge",
            Kind::NotFound => "not-found",
            Kind::FormResult => "form-result",
            Kind::Legal => "legal",
        }
    }
    /// Where a dialog trigger leads without JavaScript: the contact form on the home page.
    pub fn contact_href(self) -> &'static str {
        if self == Kind::Home {
            "#contact"
        } else {
            "/#contact"
        }
    }
    /// Prefix of in-page links to the home page's sections.
    fn home_prefix(self) -> &'static str {
        if self == Kind::Home {
            ""
        } else {
            "/"
        }
    }
}

pub enum Page<'a> {
    Home,
    Neighborhood(&'a Neighborhood),
    Listing(&'a Listing),
    Concierge,
    NotFound,
    /// Where the worker sends a form posted without JavaScript that it accepted.
    ThankYou,
    /// Where the worker sends a form posted without JavaScript that it refused.
    FormError,
    /// The same two for the concierge portal's documents.
    ConciergeThankYou,
    ConciergeFormError,
    Legal(&'a LegalPage),
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
    phone: &'a str,
    tel_href: String,
    email: &'a str,
    mailto_href: String,
    sms_href: String,
    brokerage: &'a Brokerage,
    legal: &'a Legal,
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

// ---- forms ---------------------------------------------------------------------------------

#[derive(Serialize)]
struct FieldView<'a> {
    id: String,
    name: &'a str,
    label: &'a str,
    #[serde(rename = "type")]
    kind: FieldKind,
    required: bool,
    autocomplete: Option<&'a str>,
    placeholder: Option<&'a str>,
    options: &'a [Choice],
    maxlength: Option<u32>,
    /// Spans the form's full width.
    wide: bool,
}

#[derive(Serialize)]
struct Honeypot<'a> {
    name: &'a str,
    id: String,
}

#[derive(Serialize)]
struct FormView<'a> {
    id: &'a str,
    action: &'static str,
    fields: Vec<FieldView<'a>>,
    submit: &'a str,
    honeypot: Honeypot<'a>,
}

fn form_view<'a>(
    id: &'a str,
    action: &'static str,
    fields: &'a [Field],
    submit: &'a str,
    honeypot: &'a str,
    limits: &Limits,
) -> FormView<'a> {
    let fields = fields
        .iter()
        .map(|f| FieldView {
            id: format!("{id}-{}", f.name),
            name: &f.name,
            label: &f.label,
            kind: f.kind,
            required: f.required,
            autocomplete: f.autocomplete.as_deref(),
            placeholder: f.placeholder.as_deref(),
            options: &f.options,
            maxlength: match f.kind {
                FieldKind::Textarea => Some(limits.message_max),
                FieldKind::Select => None,
                _ => Some(limits.text_max),
            },
            wide: matches!(f.kind, FieldKind::Textarea),
        })
        .collect();
    FormView { id, action, fields, submit, honeypot: Honeypot { name: honeypot, id: format!("{id}-{honeypot}") } }
}

// ---- home ----------------------------------------------------------------------------------

#[derive(Serialize)]
struct Slide<'a> {
    n: usize,
    url: String,
    f: &'a ListingFields,
    baths: String,
    /// The first three features.
    features: &'a [String],
    image: Option<&'a ImageInfo>,
    show: String,
}

#[derive(Serialize)]
struct Card<'a> {
    f: &'a NeighborhoodFields,
    url: String,
    image: Option<&'a ImageInfo>,
}

#[derive(Serialize)]
struct TabView<'a> {
    label: &'a str,
    route: &'a str,
    url: String,
}

#[derive(Serialize)]
struct HomeView<'a> {
    home: &'a Home,
    hero_image: Option<&'a ImageInfo>,
    about_image: Option<&'a ImageInfo>,
    about_html: String,
    slides: Vec<Slide<'a>>,
    tabs: Vec<TabView<'a>>,
    cards: Vec<Card<'a>>,
    map_url: &'a str,
    map_title: &'a str,
    form: FormView<'a>,
    carousel: Mount,
    tabs_island: Mount,
}

#[derive(Serialize)]
struct CarouselProps<'a> {
    count: usize,
    previous: &'a str,
    next: &'a str,
    show_slide: &'a str,
}

#[derive(Serialize)]
struct TabsProps<'a> {
    tabs: Vec<TabProp<'a>>,
    all: &'a str,
    panel: &'static str,
}

#[derive(Serialize)]
struct TabProp<'a> {
    label: &'a str,
    route: &'a str,
}

// ---- neighborhood, listing, concierge ------------------------------------------------------

#[derive(Serialize)]
struct NeighborhoodView<'a> {
    f: &'a NeighborhoodFields,
    about_heading: String,
    about_html: String,
    image: Option<&'a ImageInfo>,
    crumbs: Vec<Crumb<'a>>,
    buyer_guide_cta: &'a str,
    valuation_cta: &'a str,
    explore: Mount,
}

#[derive(Serialize)]
struct ExploreProps<'a> {
    href: &'static str,
    label: &'a str,
}

#[derive(Serialize)]
struct ListingView<'a> {
    f: &'a ListingFields,
    baths: String,
    description_html: String,
    image: Option<&'a ImageInfo>,
    crumbs: Vec<Crumb<'a>>,
}

#[derive(Serialize)]
struct DocumentView<'a> {
    field: &'a str,
    id: String,
    label: &'a str,
    hint: Option<&'a str>,
    hint_id: String,
    accept: String,
}

#[derive(Serialize)]
struct ConciergeView<'a> {
    page: &'a ConciergePage,
    documents: Vec<DocumentView<'a>>,
    ack: &'a Acknowledgment,
    submit: &'a str,
    action: &'static str,
    honeypot: Honeypot<'a>,
    island: Mount,
}

#[derive(Serialize)]
struct ConciergeProps<'a> {
    #[serde(flatten)]
    form: &'a ConciergeForm,
    honeypot: &'a str,
    dismiss: &'a str,
    messages: &'a Messages,
    action: &'static str,
    api: jax_model::api::Endpoints,
}

// ---- after a form posted without JavaScript ----------------------------------------------

#[derive(Serialize)]
struct FormResultView<'a> {
    title: &'a str,
    /// The text as HTML, `{phone}` made a link to the agent's phone.
    text_html: String,
    /// The error page's link back to the form.
    back: Option<Back<'a>>,
}

#[derive(Serialize)]
struct Back<'a> {
    label: &'a str,
    href: &'a str,
}

// ---- rendering -----------------------------------------------------------------------------

/// Everything the pages of one build share.
pub struct Shared<'a> {
    r: &'a Renderer,
    input: &'a RenderInput<'a>,
    /// Per kind (in `Kind::ALL` order): site data, stylesheet and the rendered chrome.
    contexts: Vec<tera::Context>,
    agent_json: String,
    social: Option<&'a ImageInfo>,
}

impl<'a> Shared<'a> {
    pub fn new(r: &'a Renderer, input: &'a RenderInput<'a>) -> Result<Shared<'a>> {
        let c = input.content;
        let s = &c.site.data;
        let phone = s.agent.phone_e164().unwrap_or_default();
        let site = SiteView {
            brand: &s.brand,
            tagline: &s.tagline,
            base_url: &s.base_url,
            location: &s.location,
            agent_name: &s.agent.name,
            agent_title: &s.agent.title,
            agent_license: &s.agent.license,
            phone: &s.agent.phone,
            tel_href: format!("tel:{phone}"),
            email: &s.agent.email,
            mailto_href: format!("mailto:{}", s.agent.email),
            sms_href: format!("sms:{phone}"),
            brokerage: &s.brokerage,
            legal: &s.legal,
            privacy_url: LegalKind::Privacy.url(),
            terms_url: LegalKind::Terms.url(),
            labels: &s.labels,
            popular_areas: s
                .popular_areas
                .iter()
                .filter_map(|route| c.neighborhood(route))
                .map(|n| Link { name: n.fields.name.clone(), url: neighborhood_url(&n.fields.slug) })
                .collect(),
            copyright: format!("© {} {}. {}", s.legal.copyright_year, s.brand, s.labels.footer.rights),
        };
        let social = input.images.get(&s.social_image);
        let mut common = tera::Context::new();
        common.insert("site", &site);
        common.insert("favicon", &icon(input.images.get("images/favicon.svg")));
        common.insert("touch_icon", &icon(input.images.get("images/apple-touch-icon.png")));
        let mut contexts = Vec::with_capacity(Kind::ALL.len());
        for (kind, css) in Kind::ALL.into_iter().zip(&r.css) {
            let mut ctx = common.clone();
            ctx.insert("css", css);
            ctx.insert("kind", kind.name());
            ctx.insert("contact_href", kind.contact_href());
            ctx.insert("home_prefix", kind.home_prefix());
            let chrome = chrome::render(r, input, &ctx, kind)?;
            ctx.insert("chrome", &chrome);
            contexts.push(ctx);
        }
        let agent_json = super::script_json(&seo::agent(c, social))?;
        Ok(Shared { r, input, contexts, agent_json, social })
    }

    fn context(&self, kind: Kind) -> tera::Context {
        let i = Kind::ALL.iter().position(|k| *k == kind).expect("every kind has a context");
        self.contexts[i].clone()
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

    pub fn render(&self, page: &Page) -> Result<Output> {
        let (path, template, ctx) = match page {
            Page::Home => ("index.html".to_string(), HOME, self.home().context("building the home page")?),
            Page::Neighborhood(n) => (
                format!("neighborhoods/{}/index.html", n.fields.slug),
                NEIGHBORHOOD,
                self.neighborhood(n)
                    .with_context(|| format!("building the page of the neighborhood {}", n.fields.slug))?,
            ),
            Page::Listing(l) => (
                format!("listings/{}/index.html", l.fields.id),
                LISTING,
                self.listing(l).with_context(|| format!("building the page of the listing {}", l.fields.id))?,
            ),
            Page::Concierge => (
                "client-concierge/index.html".to_string(),
                CONCIERGE,
                self.concierge().context("building the concierge page")?,
            ),
            Page::NotFound => ("404.html".to_string(), NOT_FOUND, self.not_found().context("building the 404 page")?),
            Page::ThankYou => {
                let t = &self.input.content.forms.data.no_script.thank_you;
                (
                    index_file(THANK_YOU),
                    FORM_RESULT,
                    self.form_result(&t.title, &t.text, None).context("building the thank-you page")?,
                )
            }
            Page::FormError => {
                let e = &self.input.content.forms.data.no_script.error;
                let back = Back { label: &e.back, href: Kind::FormResult.contact_href() };
                (
                    index_file(FORM_ERROR),
                    FORM_RESULT,
                    self.form_result(&e.title, &e.text, Some(back)).context("building the form-error page")?,
                )
            }
            Page::ConciergeThankYou => {
                let t = &self.input.content.forms.data.concierge.thank_you;
                (
                    index_file(CONCIERGE_THANK_YOU),
                    FORM_RESULT,
                    self.form_result(&t.title, &t.description, None)
                        .context("building the concierge thank-you page")?,
                )
            }
            Page::ConciergeFormError => {
                let e = &self.input.content.forms.data.no_script.concierge_error;
                let back = Back { label: &e.back, href: CONCIERGE_FORM_HREF };
                (
                    index_file(CONCIERGE_FORM_ERROR),
                    FORM_RESULT,
                    self.form_result(&e.title, &e.text, Some(back))
                        .context("building the concierge form-error page")?,
                )
            }
            Page::Legal(l) => (
                index_file(&l.kind.url()),
                LEGAL,
                self.legal(l).with_context(|| format!("building the page {}", l.kind.url()))?,
            ),
        };
        let html = self.r.render_bytes(template, &ctx).with_context(|| format!("rendering {path}"))?;
        Ok(Output::new(path, html))
    }

    fn home(&self) -> Result<tera::Context> {
        let c = self.input.content;
        let images = self.input.images;
        let labels = &c.site.data.labels;
        let h = &c.home.data;
        let featured: Vec<&Listing> = c.listings.iter().filter(|l| l.fields.featured).collect();
        let slides = featured
            .iter()
            .enumerate()
            .map(|(i, l)| Slide {
                n: i + 1,
                url: listing_url(&l.fields.id),
                f: &l.fields,
                baths: l.baths_text(),
                features: &l.fields.features[..l.fields.features.len().min(3)],
                image: images.get(&l.fields.image),
                show: labels.listing.show_slide.replace("{n}", &(i + 1).to_string()),
            })
            .collect();
        let section = &h.neighborhoods;
        let tabs = section
            .tabs
            .iter()
            .map(|t| TabView { label: &t.label, route: &t.route, url: neighborhood_url(&t.route) })
            .collect();
        let cards = c
            .neighborhoods
            .iter()
            .map(|n| Card { f: &n.fields, url: neighborhood_url(&n.fields.slug), image: images.get(&n.fields.image) })
            .collect();
        let forms = &c.forms.data;
        let assets = self.input.assets;
        let view = HomeView {
            home: h,
            hero_image: images.get(&h.hero.image),
            about_image: images.get(&h.about.image),
            about_html: markdown::to_html(&h.about.body, 3),
            slides,
            tabs,
            cards,
            map_url: &c.site.data.development_map_url,
            map_title: &c.site.data.development_map_title,
            form: form_view(
                "contact-form",
                CONTACT_ACTION,
                &forms.contact.fields,
                &forms.contact.submit,
                &forms.honeypot,
                &forms.limits,
            ),
            carousel: islands::mount(
                assets,
                islands::CAROUSEL,
                &CarouselProps {
                    count: featured.len(),
                    previous: &labels.listing.previous,
                    next: &labels.listing.next,
                    show_slide: &labels.listing.show_slide,
                },
            )?,
            tabs_island: islands::mount(
                assets,
                islands::NEIGHBORHOOD_TABS,
                &TabsProps {
                    tabs: section.tabs.iter().map(|t| TabProp { label: &t.label, route: &t.route }).collect(),
                    all: &section.all_label,
                    panel: "neighborhood-panel",
                },
            )?,
        };
        let jsonld =
            seo::graph(&self.agent_json, &[seo::website(c), seo::item_list(c, &h.featured.heading, &featured)])?;
        let meta = Meta {
            title: h.seo.title.clone(),
            description: h.seo.description.clone(),
            canonical: self.canonical("/"),
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld,
        };
        let mut ctx = self.context(Kind::Home);
        ctx.insert("meta", &meta);
        ctx.insert("page", &view);
        Ok(ctx)
    }

    fn neighborhood(&self, n: &'a Neighborhood) -> Result<tera::Context> {
        let c = self.input.content;
        let labels = &c.site.data.labels;
        let f = &n.fields;
        let url = neighborhood_url(&f.slug);
        let image = self.input.images.get(&f.image);
        let description = f.seo_description.clone().unwrap_or_else(|| f.description.clone());
        let crumbs = vec![
            Crumb { name: &labels.nav.home, url: "/".into() },
            Crumb { name: &labels.nav.neighborhoods, url: "/#neighborhoods".into() },
            Crumb { name: &f.name, url: url.clone() },
        ];
        let base = &c.site.data.base_url;
        let jsonld =
            seo::graph(&self.agent_json, &[breadcrumb_ld(base, &crumbs), seo::place(c, n, &url, &description, image)])?;
        let meta = Meta {
            title: format!("{} Homes & {} | {}", f.title, labels.neighborhood.market_snapshot, c.site.data.brand),
            description: markdown::truncate(&description, DESCRIPTION_MAX),
            canonical: self.canonical(&url),
            og_type: "website",
            og_image: self.og_image(image, &f.image_alt),
            jsonld,
        };
        let view = NeighborhoodView {
            f,
            about_heading: labels.neighborhood.about.replace("{name}", &f.name),
            about_html: markdown::to_html(&n.about, 3),
            image,
            crumbs,
            buyer_guide_cta: &c.home.data.about.buyer_guide_cta,
            valuation_cta: &c.home.data.about.valuation_cta,
            explore: islands::mount(
                self.input.assets,
                islands::EXPLORE_MORE,
                &ExploreProps { href: "/#neighborhoods", label: &labels.neighborhood.explore_more },
            )?,
        };
        let mut ctx = self.context(Kind::Neighborhood);
        ctx.insert("meta", &meta);
        ctx.insert("page", &view);
        Ok(ctx)
    }

    fn listing(&self, l: &'a Listing) -> Result<tera::Context> {
        let c = self.input.content;
        let s = &c.site.data;
        let labels = &s.labels;
        let f = &l.fields;
        let url = listing_url(&f.id);
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
            Crumb { name: &labels.nav.home, url: "/".into() },
            Crumb { name: &labels.nav.properties, url: "/#featured-properties".into() },
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
        let view = ListingView { f, baths, description_html: markdown::to_html(&l.description, 2), image, crumbs };
        let mut ctx = self.context(Kind::Listing);
        ctx.insert("meta", &meta);
        ctx.insert("page", &view);
        Ok(ctx)
    }

    fn concierge(&self) -> Result<tera::Context> {
        let c = self.input.content;
        let forms = &c.forms.data;
        let p = &c.concierge.data;
        let documents = forms
            .concierge
            .documents
            .iter()
            .map(|d| {
                let mut accept: Vec<&str> = Vec::new();
                for t in &d.accept {
                    accept.push(t.mime());
                    accept.extend(t.extensions());
                }
                accept.dedup();
                DocumentView {
                    field: &d.field,
                    id: format!("concierge-{}", d.field),
                    label: &d.label,
                    hint: d.hint.as_deref(),
                    hint_id: format!("concierge-{}-hint", d.field),
                    accept: accept.join(","),
                }
            })
            .collect();
        let view = ConciergeView {
            page: p,
            documents,
            ack: &forms.concierge.acknowledgment,
            submit: &forms.concierge.submit,
            action: CONCIERGE_ACTION,
            honeypot: Honeypot { name: &forms.honeypot, id: format!("concierge-{}", forms.honeypot) },
            island: islands::mount(
                self.input.assets,
                islands::CONCIERGE_FORM,
                &ConciergeProps {
                    form: &forms.concierge,
                    honeypot: &forms.honeypot,
                    dismiss: &forms.dismiss,
                    messages: &forms.messages,
                    action: CONCIERGE_ACTION,
                    api: jax_model::api::ENDPOINTS,
                },
            )?,
        };
        let meta = Meta {
            title: p.seo.title.clone(),
            description: p.seo.description.clone(),
            canonical: self.canonical(CONCIERGE_PATH),
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld: seo::graph(&self.agent_json, &[])?,
        };
        let mut ctx = self.context(Kind::Concierge);
        ctx.insert("meta", &meta);
        ctx.insert("page", &view);
        Ok(ctx)
    }

    fn not_found(&self) -> Result<tera::Context> {
        let s = &self.input.content.site.data;
        let nf = &s.labels.not_found;
        let meta = Meta {
            title: format!("{} | {}", nf.title, s.brand),
            description: nf.text.clone(),
            canonical: None,
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld: seo::graph(&self.agent_json, &[])?,
        };
        let mut ctx = self.context(Kind::NotFound);
        ctx.insert("meta", &meta);
        ctx.insert("page", &Value::Null);
        ctx.insert("island", &islands::mount(self.input.assets, islands::NOT_FOUND, &serde_json::json!({}))?);
        Ok(ctx)
    }

    /// A thank-you or form-error page (forms.yaml `no_script`): not indexed, no island of its
    /// own; `back` is the error page's link to the form.
    fn form_result(&self, title: &'a str, text: &str, back: Option<Back<'a>>) -> Result<tera::Context> {
        let s = &self.input.content.site.data;
        let tel_href = format!("tel:{}", s.agent.phone_e164().unwrap_or_default());
        let meta = Meta {
            title: format!("{title} | {}", s.brand),
            description: markdown::truncate(&text.replace(PHONE_PLACEHOLDER, &s.agent.phone), DESCRIPTION_MAX),
            canonical: None,
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld: seo::graph(&self.agent_json, &[])?,
        };
        let view = FormResultView { title, text_html: with_phone_link(text, &s.agent.phone, &tel_href), back };
        let mut ctx = self.context(Kind::FormResult);
        ctx.insert("meta", &meta);
        ctx.insert("page", &view);
        Ok(ctx)
    }
}

/// The file that serves a directory URL: `/thank-you/` → `thank-you/index.html`.
fn index_file(url: &str) -> String {
    format!("{}index.html", url.trim_start_matches('/'))
}

/// Content text as HTML, with `{phone}` a link to the agent's phone.
fn with_phone_link(text: &str, phone: &str, tel_href: &str) -> String {
    let link = format!("<a href=\"{}\">{}</a>", escape_html(tel_href), escape_html(phone));
    escape_html(text).replace(PHONE_PLACEHOLDER, &link)
}

fn breadcrumb_ld(base: &str, crumbs: &[Crumb]) -> Value {
    let items: Vec<(&str, &str)> = crumbs.iter().map(|c| (c.name, c.url.as_str())).collect();
    seo::breadcrumbs(base, &items)
}
