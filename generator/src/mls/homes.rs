//! The imported listings as the site shows them: each with its page's slug, its neighborhood
//! and what IDX rules let it say (the street address only where InternetAddressDisplayYN allows).

use super::record::{Property, Status};
use super::store::ImportInfo;
use jax_model::api;
use jax_model::neighborhood::Neighborhood;
use jax_model::slug::slugify;

/// One listing on the site.
#[derive(Debug, Clone)]
pub struct Home {
    pub p: Property,
    /// `/homes/<slug>/`: the address (when shown), city, state, ZIP and MLS number.
    pub slug: String,
    pub url: String,
    /// The street address, where the MLS allows showing it.
    pub address: Option<String>,
    /// "Jacksonville, FL 32204".
    pub place: String,
    /// The neighborhood it is in (its slug), if it is in one of the site's.
    pub neighborhood: Option<String>,
}

/// The MLS's listings, newest first, and the import they came from.
pub struct Homes {
    /// None before the first import.
    pub info: Option<ImportInfo>,
    pub homes: Vec<Home>,
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

impl Homes {
    /// `areas`: the published neighborhoods with their ZIP codes.
    pub fn new(info: Option<ImportInfo>, listings: Vec<Property>, areas: &[(&Neighborhood, Option<&str>)]) -> Homes {
        let mut homes: Vec<Home> = listings
            .into_iter()
            .map(|p| {
                let address = p.unparsed_address.clone().filter(|_| p.internet_address_display_yn);
                let zip = p.postal_code.get(..5).unwrap_or(&p.postal_code).to_string();
                let place = format!("{}, FL {zip}", p.city);
                let slug = slugify(&format!("{} {place} {}", address.as_deref().unwrap_or(""), p.listing_id));
                let neighborhood = neighborhood_of(&p, areas);
                Home { url: api::home_for_sale(&slug), slug, address, place, neighborhood, p }
            })
            .collect();
        homes.sort_by(|a, b| {
            b.p.modification_timestamp.cmp(&a.p.modification_timestamp).then_with(|| a.slug.cmp(&b.slug))
        });
        Homes { info, homes }
    }

    /// The listings for sale (every shown status but Closed), newest first.
    pub fn for_sale(&self) -> impl Iterator<Item = &Home> {
        self.homes.iter().filter(|h| h.p.standard_status != Status::Closed)
    }

    /// The listing with this MLS number (ListingId).
    pub fn by_mls_number(&self, number: &str) -> Option<&Home> {
        self.homes.iter().find(|h| h.p.listing_id == number)
    }

    /// A neighborhood's listings for sale, newest first.
    pub fn in_neighborhood<'a>(&'a self, slug: &'a str) -> impl Iterator<Item = &'a Home> + 'a {
        self.for_sale().filter(move |h| h.neighborhood.as_deref() == Some(slug))
    }
}

/// `1250000` as "$1,250,000".
pub fn dollars(n: u64) -> String {
    format!("${}", super::sample::thousands(n))
}
