//! A listing as the search sees it: its figures, its words and its codes' values.

use crate::homes::Home;
use crate::record::Status;
use jax_model::search::{lowercase, raw_words, Facts};
use jax_model::slug::slugify;

/// The type a listing is searched and shown as: its PropertySubType, else its PropertyType.
pub fn kind_of(h: &Home) -> Option<&str> {
    h.p.property_sub_type.as_deref().or(h.p.property_type.as_deref())
}

/// A status's value in the URL and the index: "active-under-contract".
pub fn status_value(s: Status) -> String {
    slugify(s.name())
}

/// The texts a listing is found by: the street address only where the MLS lets it show.
pub(super) fn searchable(h: &Home) -> impl Iterator<Item = &str> {
    [
        h.address.as_deref(),
        h.p.subdivision_name.as_deref(),
        Some(h.p.city.as_str()),
        Some(h.p.postal_code.get(..5).unwrap_or(&h.p.postal_code)),
        Some(h.p.listing_id.as_str()),
        h.p.public_remarks.as_deref(),
    ]
    .into_iter()
    .flatten()
}

/// A listing as a search sees it (jax_model::search): what a saved search's alert matches, and
/// what the index codes (`build` takes its figures from `figures`, its words from `searchable`).
pub fn facts(h: &Home) -> Facts {
    let mut words = String::new();
    let mut buf = String::new();
    for raw in searchable(h).flat_map(raw_words) {
        words.push('\n');
        words.push_str(lowercase(raw, &mut buf));
    }
    Facts { words, ..figures(h) }
}

/// `facts` without the words, which the index builds apart (in parallel, into shards).
pub(super) fn figures(h: &Home) -> Facts {
    Facts {
        price: h.price(),
        beds: h.p.bedrooms_total.unwrap_or(0),
        baths: h.p.bathrooms_total_integer.unwrap_or(0),
        area: h.neighborhood.clone().unwrap_or_default(),
        kind: kind_of(h).map(slugify).unwrap_or_default(),
        status: status_value(h.p.standard_status),
        words: String::new(),
    }
}

/// The name of a listing's card file: its MLS number as a slug.
pub fn card_id(h: &Home) -> &str {
    &h.card_id
}
