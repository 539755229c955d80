//! The MLS's listings for sale as lists: `/homes/` (all of them) and `/homes/in/<neighborhood>/`,
//! newest first, paged, complete without JavaScript. Every page that shows MLS data carries the
//! MLS's disclaimer and when its data was last updated (IDX rules).

use super::homes_search::Fragment;
use super::parts::{photo, status, updated, Card, PER_PAGE};
use super::shared::{breadcrumb_ld, Built, Crumb, Meta, Shared, DESCRIPTION_MAX};
use crate::islands::{Mount, Mounted};
use crate::kind::Kind;
use crate::props::HeartsProps;
use crate::{markdown, seo};
use anyhow::Result;
use jax_mls::homes::{dollars, Home, Homes};
use jax_mls::record::Status;
use jax_mls::sample;
use jax_model::api;
use jax_model::mls::Mls;
use jax_model::neighborhood::Neighborhood;
use jax_model::Content;
use serde::Serialize;

/// One page of a list: all listings (`neighborhood` None) or one neighborhood's, page `n` from 1.
pub struct HomesPage<'a> {
    pub neighborhood: Option<&'a Neighborhood>,
    pub n: usize,
}

impl HomesPage<'_> {
    fn slug(&self) -> Option<&str> {
        self.neighborhood.map(|n| n.fields.slug.as_str())
    }

    /// Where it goes.
    pub fn path(&self) -> String {
        jax_output::index_file(&api::homes_page(self.slug(), self.n))
    }

    /// The listings it shows, as places in `homes`.
    pub fn places<'h>(&self, homes: &'h Homes) -> &'h [usize] {
        let all = homes.for_sale_places(self.slug());
        let from = ((self.n - 1) * PER_PAGE).min(all.len());
        &all[from..(from + PER_PAGE).min(all.len())]
    }
}

/// Every list page: all listings, then each neighborhood that has some.
pub fn pages<'a>(c: &'a Content, homes: &Homes) -> Vec<HomesPage<'a>> {
    let count = |n: usize| n.div_ceil(PER_PAGE).max(1);
    let mut out: Vec<HomesPage> =
        (1..=count(homes.for_sale_in(None).len())).map(|n| HomesPage { neighborhood: None, n }).collect();
    for nb in &c.neighborhoods {
        let here = homes.for_sale_in(Some(&nb.fields.slug)).len();
        if here > 0 {
            out.extend((1..=count(here)).map(|n| HomesPage { neighborhood: Some(nb), n }));
        }
    }
    out
}

/// A place's three newest listings and how many it has, linked to its list (the home page for
/// the whole market, a neighborhood's page for its own).
#[derive(Serialize)]
pub(super) struct Newest<'a> {
    count: String,
    url: String,
    cards: Vec<Card<'a>>,
    mls: &'a Mls,
    updated: Option<String>,
    /// The cards' hearts.
    hearts: Option<Mount>,
}

impl Shared<'_> {
    /// The hearts island, mounted in `mounted`, for a page that shows MLS listings (`shows`).
    pub(super) fn hearts(&self, shows: bool, mounted: &mut Mounted) -> Result<Option<Mount>> {
        shows.then(|| mounted.mount(self.input.assets, &HeartsProps { key: api::SAVED_HOMES_KEY })).transpose()
    }
}

/// How many listings a neighborhood has, linked to its list (the home page's neighborhood cards).
#[derive(Serialize)]
pub(super) struct AreaCount {
    text: String,
    url: String,
}

impl<'a> Shared<'a> {
    /// The newest listings of a neighborhood (`slug`), or of the whole market; None without MLS.
    /// The newest listings of the market (`slug` None) or a neighborhood, with the hearts island
    /// mounted in `mounted` when there are some.
    pub(super) fn newest(&self, slug: Option<&str>, mounted: &mut Mounted) -> Result<Option<Newest<'a>>> {
        let Some(homes) = self.input.homes else { return Ok(None) };
        let all = homes.for_sale_in(slug);
        let count = self.mls().labels.count.replace("{count}", &sample::thousands(all.len() as u64));
        let cards: Vec<Card<'a>> = all.take(3).map(|h| self.card(h)).collect();
        if cards.is_empty() {
            return Ok(None);
        }
        Ok(Some(Newest {
            count,
            url: api::homes_page(slug, 1),
            cards,
            mls: self.mls(),
            updated: self.updated(),
            hearts: self.hearts(true, mounted)?,
        }))
    }

    /// A neighborhood's count of listings for sale; None without MLS or before any import.
    pub(super) fn area_count(&self, slug: &str) -> Option<AreaCount> {
        let homes = self.input.homes.filter(|h| h.info.is_some())?;
        let n = homes.for_sale_in(Some(slug)).len();
        Some(AreaCount {
            text: self.mls().labels.count.replace("{count}", &sample::thousands(n as u64)),
            url: api::homes_page(Some(slug), 1),
        })
    }

    pub(super) fn mls(&self) -> &'a Mls {
        self.input.content.site.data.mls.as_ref().expect("MLS pages exist only with an mls: block")
    }

    pub(super) fn homes(&self) -> &'a Homes {
        self.input.homes.expect("MLS pages exist only with imported listings")
    }

    pub(super) fn card(&self, h: &'a Home) -> Card<'a> {
        let l = &self.mls().labels;
        let sample = self.homes().info.as_ref().is_some_and(|i| i.sample);
        let title = h.address.as_deref().unwrap_or(&l.address_hidden);
        let price = dollars(h.price());
        Card {
            url: &h.url,
            title,
            place: &h.place,
            price,
            status: status(l, h.p.standard_status),
            show_status: h.p.standard_status != Status::Active,
            beds: h.p.bedrooms_total,
            baths: h.p.bathrooms_total_integer,
            sqft: h.p.living_area.map(|a| sample::thousands(a.round() as u64)),
            photo: h
                .p
                .first_photo()
                .map(|m| photo(self.input.images, &m.media_url, h.photo.as_ref(), format!("{title}, {}", h.place))),
            office: l.listed_by.replace("{office}", &h.p.list_office_name),
            mls_number: &h.p.listing_id,
            save: l.saved.save.replace("{home}", title),
            sample,
        }
    }

    /// "Listing data last updated November 24, 2026" (the import's day, Eastern time), or None before any import.
    pub(super) fn updated(&self) -> Option<String> {
        updated(self.mls(), self.homes())
    }

    pub(super) fn homes_list(&self, page: &HomesPage<'a>) -> Result<Built> {
        let c = self.input.content;
        let s = &c.site.data;
        let l = &self.mls().labels;
        let homes = self.homes();
        let slug = page.slug();
        let listed = homes.for_sale_in(slug).len();
        let total = listed.div_ceil(PER_PAGE).max(1);
        // The first card loads its photo at once (the page's largest paint); the others are the
        // search's cards, rendered once for every list.
        let shown = page.places(homes).iter();
        let first = shown.clone().next().map(|&i| &homes.homes[i]).map(|h| Fragment::of(self, h));
        let cards: Vec<&str> = shown.skip(1).map(|&i| self.cards.get(i)).collect();
        let title = match page.neighborhood {
            Some(n) => l.title_in.replace("{name}", &n.fields.name),
            None => l.title.clone(),
        };
        let url = api::homes_page(slug, page.n);
        let mut crumbs = vec![Crumb { name: &s.labels.nav.home, url: api::HOME.into() }];
        crumbs.push(Crumb { name: &l.title, url: api::HOMES.into() });
        if let Some(n) = page.neighborhood {
            crumbs.push(Crumb { name: &n.fields.name, url: api::homes_page(slug, 1) });
        }
        let paging = Paging {
            label: l.page.replace("{n}", &page.n.to_string()).replace("{total}", &total.to_string()),
            previous: (page.n > 1).then(|| api::homes_page(slug, page.n - 1)),
            next: (page.n < total).then(|| api::homes_page(slug, page.n + 1)),
        };
        let areas: Vec<Area> = c
            .neighborhoods
            .iter()
            .filter_map(|n| {
                let count = homes.for_sale_in(Some(&n.fields.slug)).len();
                (count > 0).then(|| Area {
                    name: &n.fields.name,
                    url: api::homes_page(Some(&n.fields.slug), 1),
                    count,
                    current: slug == Some(n.fields.slug.as_str()),
                })
            })
            .collect();
        let count_text = l.count.replace("{count}", &sample::thousands(listed as u64));
        let intro = match page.neighborhood {
            Some(n) => format!("{count_text}. {}", markdown::truncate(&n.fields.description, 200)),
            None => l.intro.clone(),
        };
        let numbered = if page.n > 1 { format!(" ({})", paging.label) } else { String::new() };
        let meta = Meta {
            title: format!("{title}{numbered} | {}", s.brand),
            description: markdown::truncate(&format!("{count_text}. {intro}"), DESCRIPTION_MAX),
            canonical: self.canonical(&url),
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld: seo::graph(&self.agent_json, &[breadcrumb_ld(&s.base_url, &crumbs)])?,
        };
        let mut mounted = Mounted::default();
        let search = match (page.neighborhood, page.n) {
            (None, 1) => Some(self.search_view(homes, &mut mounted)?),
            _ => None,
        };
        let save = (page.n == 1).then(|| self.save_search(slug, &mut mounted)).transpose()?;
        let view = HomesView {
            search,
            save,
            title,
            intro,
            count: count_text,
            first,
            cards,
            paging,
            areas,
            all_url: slug.map(|_| api::HOMES),
            saved_url: api::SAVED_HOMES,
            crumbs,
            hearts: self.hearts(true, &mut mounted)?,
        };
        Ok(self.built(Kind::Homes, page.path(), &meta, &view, &mounted))
    }
}

#[derive(Serialize)]
struct Paging {
    label: String,
    previous: Option<String>,
    next: Option<String>,
}

#[derive(Serialize)]
struct Area<'a> {
    name: &'a str,
    url: String,
    count: usize,
    current: bool,
}

#[derive(Serialize)]
struct HomesView<'a> {
    /// The search form, on the first page of all listings.
    search: Option<super::homes_search::SearchView<'a>>,
    /// "Save this search", on the first page of each list.
    save: Option<super::save_search::SaveView<'a>>,
    title: String,
    intro: String,
    count: String,
    first: Option<Fragment<'a>>,
    /// The others, as HTML.
    cards: Vec<&'a str>,
    paging: Paging,
    areas: Vec<Area<'a>>,
    /// From a neighborhood's list, the link back to all of them.
    all_url: Option<&'static str>,
    /// The saved homes' page.
    saved_url: &'static str,
    crumbs: Vec<Crumb<'a>>,
    hearts: Option<Mount>,
}
