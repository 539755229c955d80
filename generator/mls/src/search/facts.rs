//! A listing as the search sees it: its figures, its words and its codes' values.

use crate::history::{Event, History};
use crate::homes::{Home, Homes};
use crate::record::Status;
use crate::weekend::day_of as day;
use jax_model::calendar::{days_from_civil, eastern_day, weekday};
use jax_model::search::{lowercase, raw_words, weekend_end, Facts};
use jax_model::slug::slugify;
use jiff::civil::Date;

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

/// What a listing's facts count from: the import's day in Jacksonville and its year (a build
/// shows the same facts however late it runs), and the listings' stories (their price cuts).
pub struct Clock<'a> {
    pub today: u32,
    pub year: i16,
    pub history: &'a History,
}

impl<'a> Clock<'a> {
    pub fn of(homes: &'a Homes) -> Clock<'a> {
        let at = homes.info.as_ref().map_or(jiff::Timestamp::UNIX_EPOCH, |i| i.imported_at);
        let today = u32::try_from(eastern_day(at.as_second())).unwrap_or(0);
        Clock { today, year: day(at).year(), history: &homes.history }
    }
}

/// A date as days since 1970-01-01, as `Facts` keeps them.
fn day_number(d: Date) -> u32 {
    u32::try_from(days_from_civil(i64::from(d.year()), d.month() as u32, d.day() as u32)).unwrap_or(0)
}

/// A listing as a search sees it (jax_model::search): what a saved search's alert matches, and
/// what the index codes (`build` takes its figures from `figures`, its words from `searchable`).
pub fn facts(h: &Home, clock: &Clock) -> Facts {
    let mut words = String::new();
    let mut buf = String::new();
    for raw in searchable(h).flat_map(raw_words) {
        words.push('\n');
        words.push_str(lowercase(raw, &mut buf));
    }
    Facts { words, ..figures(h, clock) }
}

/// The last day of the first weekend from `today` with an open house on it, 0 for none.
fn open_house(h: &Home, today: u32) -> u32 {
    let days = h.p.open_house.iter().map(|o| day_number(day(o.open_house_start_time)));
    let weekend = days.filter(|&d| d >= today && matches!(weekday(i64::from(d)), 0 | 6));
    weekend.min_by_key(|&d| (weekend_end(d), std::cmp::Reverse(d))).unwrap_or(0)
}

/// `facts` without the words, which the index builds apart (in parallel, into shards).
pub(super) fn figures(h: &Home, clock: &Clock) -> Facts {
    let f = &h.p.facts;
    let reduced = clock.history.get(&h.p.listing_key).and_then(|story| {
        story.iter().rev().find_map(|e| matches!(e, Event::Reduced { .. }).then(|| day_number(e.on())))
    });
    let built_lately = h.p.year_built.is_some_and(|y| i32::try_from(y).unwrap_or(0) >= i32::from(clock.year) - 1);
    Facts {
        waterfront: f.waterfront(),
        pool: f.pool(),
        garage: f.garage_spaces.map_or(0, |g| g.floor().clamp(0.0, 99.0) as u32),
        new_construction: f.new_construction_yn == Some(true) || built_lately,
        // Down to the hundredth ("at least 0.25 acres" keeps no 0.249), past float's error (0.29 × 100).
        acres: h.p.lot_size_acres.map_or(0, |a| (a * 100.0 + 1e-6).floor().clamp(0.0, 100_000_000.0) as u32),
        listed: f.on_market_since().map_or(0, day_number),
        reduced: reduced.unwrap_or(0),
        open_house: open_house(h, clock.today),
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
