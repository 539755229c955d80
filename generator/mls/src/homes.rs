//! The imported listings as the site shows them: each with its page's slug, its neighborhood
//! and what IDX rules let it say (the street address only where InternetAddressDisplayYN allows).

use crate::history::{Event, History};
use crate::record::{list_rank, OpenHouse, Property, Status};
use crate::store::ImportInfo;
use jax_images::ImageInfo;
use jax_model::api;
use jax_model::neighborhood::Neighborhood;
use jax_model::slug::slugify;
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap};

pub use crate::record::TIME_ZONE;

/// One listing on the site.
#[derive(Debug, Clone)]
pub struct Home {
    pub p: Property,
    /// `/homes/<slug>/`: the address (when shown), city, state, ZIP and MLS number.
    pub slug: String,
    /// Its MLS number as a slug: its card's name (`search::card_id`), asked for many times.
    pub card_id: String,
    pub url: String,
    /// The street address, where the MLS allows showing it.
    pub address: Option<String>,
    /// "Jacksonville, FL 32204".
    pub place: String,
    /// The neighborhood it is in (its slug), if it is in one of the site's.
    pub neighborhood: Option<String>,
    /// Its first photo served from the site, when the import cached it (`photos::process`).
    pub photo: Option<ImageInfo>,
    /// Its photos after the first served from the site, by their media URL (`mls.photos: all`).
    pub gallery: BTreeMap<String, ImageInfo>,
    /// Its record's BLAKE3 as stored, when read from the store (`incremental` fingerprints it by it).
    pub digest: Option<blake3::Hash>,
}

/// The MLS's listings, newest first, and the import they came from.
pub struct Homes {
    /// None before the first import.
    pub info: Option<ImportInfo>,
    /// What the imports of the store's window changed (crate::changes), for saved searches.
    pub news: Vec<crate::changes::Change>,
    /// Each listing's story across the imports (crate::history).
    pub history: History,
    pub homes: Vec<Home>,
    /// When the build reads them: what "this weekend" is counted from (`open_houses`).
    pub now: jiff::Timestamp,
    /// The listings for sale (every shown status but Closed), as positions in `homes`, newest
    /// first: all of them, and each neighborhood's. Found once, since every list page, the home
    /// page and each neighborhood page ask.
    for_sale: Vec<usize>,
    by_neighborhood: HashMap<String, Vec<usize>>,
}

/// The listing's neighborhood: the first (in the site's order) whose name is its City or is part
/// of its SubdivisionName, else the first whose ZIP (the latest snapshot's) is its PostalCode.
fn neighborhood_of(p: &Property, areas: &[(&Neighborhood, Option<&str>)]) -> Option<String> {
    let city = p.city.to_lowercase();
    let subdivision = p.subdivision_name.as_deref().unwrap_or("").to_lowercase();
    let named = areas.iter().find(|(n, _)| {
        let name = n.fields.name.to_lowercase();
        city == name || subdivision.contains(&name)
    });
    let zip = p.postal_code.get(..5).unwrap_or(&p.postal_code);
    named.or_else(|| areas.iter().find(|(_, z)| *z == Some(zip))).map(|(n, _)| n.fields.slug.clone())
}

impl Home {
    /// The price it shows and is searched by: its sold price once sold, else its list price.
    pub fn price(&self) -> u64 {
        match (self.p.standard_status, self.p.close_price) {
            (Status::Closed, Some(p)) => p,
            _ => self.p.list_price,
        }
    }

    /// Its open houses not over at `now`: no page or calendar file offers one that has ended.
    pub fn open_houses_ahead(&self, now: jiff::Timestamp) -> impl Iterator<Item = &OpenHouse> {
        self.p.open_house.iter().filter(move |o| o.open_house_end_time > now)
    }
}

impl Homes {
    /// `areas`: the published neighborhoods with their ZIP codes.
    pub fn new(info: Option<ImportInfo>, listings: Vec<Property>, areas: &[(&Neighborhood, Option<&str>)]) -> Homes {
        Homes::with_digests(info, listings.into_iter().map(|p| (p, None)).collect(), areas)
    }

    /// The same, each listing with its digest as stored.
    pub fn with_digests(
        info: Option<ImportInfo>,
        listings: Vec<(Property, Option<blake3::Hash>)>,
        areas: &[(&Neighborhood, Option<&str>)],
    ) -> Homes {
        let mut homes: Vec<Home> = listings
            .into_par_iter()
            .map(|(p, digest)| {
                let address = p.unparsed_address.clone().filter(|_| p.internet_address_display_yn);
                let zip = p.postal_code.get(..5).unwrap_or(&p.postal_code).to_string();
                let place = format!("{}, FL {zip}", p.city);
                let slug = slugify(&format!("{} {place} {}", address.as_deref().unwrap_or(""), p.listing_id));
                let neighborhood = neighborhood_of(&p, areas);
                let card_id = slugify(&p.listing_id);
                Home {
                    url: api::home_for_sale(&slug),
                    slug,
                    card_id,
                    address,
                    place,
                    neighborhood,
                    photo: None,
                    gallery: BTreeMap::new(),
                    digest,
                    p,
                }
            })
            .collect();
        // Newest on the market first (undated last), as buyers read "newest": by when a listing
        // came on, not when it last changed, so that an import which reprices a few rewrites only
        // the list pages that show them.
        fn rank(h: &Home) -> (Option<jiff::civil::Date>, &str) {
            list_rank(h.p.facts.on_market_since(), &h.p.listing_id)
        }
        homes.par_sort_unstable_by(|a, b| rank(b).cmp(&rank(a)).then_with(|| a.slug.cmp(&b.slug)));
        let for_sale: Vec<usize> = (0..homes.len()).filter(|&i| homes[i].p.standard_status != Status::Closed).collect();
        let mut by_neighborhood: HashMap<String, Vec<usize>> = HashMap::new();
        for &i in &for_sale {
            if let Some(slug) = &homes[i].neighborhood {
                by_neighborhood.entry(slug.clone()).or_default().push(i);
            }
        }
        let now = jiff::Timestamp::now();
        Homes { info, news: Vec::new(), history: History::new(), homes, now, for_sale, by_neighborhood }
    }

    /// The listings for sale, newest first: a neighborhood's (`Some(slug)`), or all of them.
    pub fn for_sale_in(&self, slug: Option<&str>) -> impl ExactSizeIterator<Item = &Home> + '_ {
        self.for_sale_places(slug).iter().map(|&i| &self.homes[i])
    }

    /// The same listings as their places in `homes`.
    pub fn for_sale_places(&self, slug: Option<&str>) -> &[usize] {
        match slug {
            Some(slug) => self.by_neighborhood.get(slug).map_or(&[][..], Vec::as_slice),
            None => &self.for_sale,
        }
    }

    /// The day of the last import in Jacksonville, which the lists say; None before any import.
    pub fn imported_on(&self) -> Option<jiff::civil::Date> {
        Some(self.info.as_ref()?.imported_at.in_tz(TIME_ZONE).ok()?.date())
    }

    /// How many listings for sale each neighborhood has, by its slug, in the slugs' order.
    pub fn neighborhood_counts(&self) -> Vec<(&str, usize)> {
        let mut counts: Vec<(&str, usize)> = self.by_neighborhood.iter().map(|(s, l)| (s.as_str(), l.len())).collect();
        counts.sort_unstable();
        counts
    }

    /// A listing's story, oldest first (none before its news reached an import).
    pub fn story(&self, key: &str) -> &[Event] {
        self.history.get(key).map_or(&[], Vec::as_slice)
    }

    /// The listing with this MLS number (ListingId).
    pub fn by_mls_number(&self, number: &str) -> Option<&Home> {
        self.homes.iter().find(|h| h.p.listing_id == number)
    }
}

/// `1250000` as "$1,250,000".
pub fn dollars(n: u64) -> String {
    format!("${}", crate::sample::thousands(n))
}
