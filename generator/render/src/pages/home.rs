//! The home page: hero, featured listings (the carousel), neighborhoods (the tabs), developments,
//! current listings, about, and the contact form every dialog trigger leads to without JavaScript.

use super::form::{field_views, form_view, FormView};
use super::parts::{slide, Slide};
use super::shared::{Built, Meta, Shared};
use crate::islands::{Mount, Mounted};
use crate::kind::Kind;
use crate::props::{CarouselProps, CheckedFormProps, NeighborhoodTab, NeighborhoodTabsProps};
use crate::{markdown, seo};
use anyhow::Result;
use jax_images::ImageInfo;
use jax_model::api;
use jax_model::home::Home;
use jax_model::listing::Listing;
use jax_model::neighborhood::NeighborhoodFields;
use serde::Serialize;

#[derive(Serialize)]
struct Card<'a> {
    f: &'a NeighborhoodFields,
    url: String,
    image: Option<&'a ImageInfo>,
    /// How many MLS listings it has, when the site shows the MLS.
    homes: Option<super::homes::AreaCount>,
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
    /// The market's newest MLS listings and their count; the Current Listings band links to
    /// the brokerage's site without them.
    newest: Option<super::homes::Newest<'a>>,
    map_url: &'a str,
    map_title: &'a str,
    form: FormView<'a>,
    /// Clients' words, every one (the row shows a few; the visitor scrolls to the rest).
    words: Vec<super::parts::Words>,
    carousel: Mount,
    tabs_island: Mount,
    form_island: Mount,
}

impl<'a> Shared<'a> {
    pub(super) fn home(&self) -> Result<Built> {
        let c = self.input.content;
        let images = self.input.images;
        let labels = &c.site.data.labels;
        let h = &c.home.data;
        let featured: Vec<&Listing> = c.listings.iter().filter(|l| l.fields.featured).collect();
        let total = featured.len();
        let slides = featured
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let mut s = slide(l, i + 1, images, &labels.listing);
                s.count = format!("{:02} / {total:02}", i + 1);
                // A featured listing the MLS also has leads to its MLS page (photos, open houses).
                if let Some(h) = l.fields.mls_number.as_deref().and_then(|n| self.input.homes?.by_mls_number(n)) {
                    s.url = h.url.clone();
                }
                s
            })
            .collect();
        let section = &h.neighborhoods;
        let tabs = section
            .tabs
            .iter()
            .map(|t| TabView { label: &t.label, route: &t.route, url: api::neighborhood(&t.route) })
            .collect();
        let cards = c
            .neighborhoods
            .iter()
            .map(|n| Card {
                f: &n.fields,
                url: api::neighborhood(&n.fields.slug),
                image: images.get(&n.fields.image),
                homes: self.area_count(&n.fields.slug),
            })
            .collect();
        let forms = &c.forms.data;
        let assets = self.input.assets;
        let mut mounted = Mounted::default();
        let view = HomeView {
            home: h,
            hero_image: images.get(&h.hero.image),
            about_image: images.get(&h.about.image),
            about_html: markdown::to_html(&h.about.body, 3),
            slides,
            tabs,
            cards,
            newest: self.newest(None, &mut mounted)?,
            map_url: &c.site.data.development_map_url,
            map_title: &c.site.data.development_map_title,
            words: super::parts::words(c, c.testimonials.iter()),
            form: form_view(
                "contact-form",
                api::CONTACT,
                field_views("contact-form", &forms.contact.fields, &forms.limits),
                &forms.contact.submit,
                &forms.honeypot,
            ),
            carousel: mounted.mount(
                assets,
                &CarouselProps {
                    count: featured.len(),
                    previous: &labels.listing.previous,
                    next: &labels.listing.next,
                    show_slide: &labels.listing.show_slide,
                },
            )?,
            tabs_island: mounted.mount(
                assets,
                &NeighborhoodTabsProps {
                    tabs: section.tabs.iter().map(|t| NeighborhoodTab { label: &t.label, route: &t.route }).collect(),
                    all: &section.all_label,
                    panel: "neighborhood-panel",
                },
            )?,
            form_island: mounted.mount(assets, &CheckedFormProps { api: api::ENDPOINTS })?,
        };
        let listed: Vec<(String, &str)> =
            featured.iter().map(|l| (api::listing(&l.fields.id), l.fields.address.as_str())).collect();
        let jsonld = seo::graph(&self.agent_json, &[seo::website(c), seo::item_list(c, &h.featured.heading, &listed)])?;
        let meta = Meta {
            title: h.seo.title.clone(),
            description: h.seo.description.clone(),
            canonical: self.canonical(api::HOME),
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld,
        };
        Ok(self.built(Kind::Home, "index.html".into(), &meta, &view, &mounted))
    }
}
