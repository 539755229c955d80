//! The texts of the MLS pages: `site.yaml`'s `mls.labels`.

use super::facts::{FactsLabels, StoryLabels};
use super::payment::PaymentLabels;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The texts of the MLS pages (/homes/, each listing's page, the lists by neighborhood).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MlsLabels {
    /// The search page's heading and title, e.g. "Homes for Sale".
    pub title: String,
    /// The nav's menu of the MLS's pages (homes for sale, open houses, saved homes), e.g. "Homes".
    pub menu: String,
    /// The sentence under it.
    pub intro: String,
    /// A neighborhood's list: `{name}` is the neighborhood's, e.g. "Homes for Sale in {name}".
    pub title_in: String,
    /// `{count}` homes, e.g. "{count} homes for sale".
    pub count: String,
    /// On every card and page of the project's invented sample listings, e.g. "Sample listing".
    pub sample: String,
    /// `{time}`: the day the listings were last imported (on a listing's own page: when its data
    /// last changed at the MLS, to the minute), e.g. "Listing data last updated {time}".
    pub updated: String,
    /// `{office}`: the listing office, e.g. "Listed by {office}".
    pub listed_by: String,
    /// Before the MLS number, e.g. "MLS #".
    pub mls_number: String,
    /// The listing page's button that asks the agent for a showing.
    pub request_showing: String,
    /// The contact form's message when it opens from that button: `{home}` (the address, or the
    /// place where the address may not be shown) and `{number}` (the MLS number).
    pub showing_message: String,
    pub open_houses: String,
    pub lot: String,
    pub year_built: String,
    pub property_type: String,
    pub subdivision: String,
    pub neighborhood: String,
    /// The link to the listing's place on a map.
    pub map: String,
    /// Shown instead of the street address where the MLS does not allow it.
    pub address_hidden: String,
    /// The link to the listings of the whole market, from a neighborhood's list.
    pub all_areas: String,
    pub previous: String,
    pub next: String,
    /// `{n}` of `{total}`, e.g. "Page {n} of {total}".
    pub page: String,
    /// The statuses as visitors read them.
    pub status: StatusLabels,
    /// The search form of `/homes/`.
    pub search: SearchLabels,
    /// The hearts on the cards and listing pages, and `/homes/saved/`.
    pub saved: SavedLabels,
    /// A listing page's photos and the viewer that shows them full screen.
    pub gallery: GalleryLabels,
    /// A listing's facts by group, its tour and videos.
    pub facts: FactsLabels,
    /// A listing's story across the imports.
    pub story: StoryLabels,
    /// A listing's payment estimate.
    pub payment: PaymentLabels,
    /// The open houses: on a listing's page, in calendars and on `/homes/open-houses/`.
    pub open_house: OpenHouseLabels,
}

/// The open houses: each on its listing's page with its calendar file, and this weekend's and the
/// next's on `/homes/open-houses/` (its title is also the link in the nav's Homes menu).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OpenHouseLabels {
    /// The link to an open house's calendar file, e.g. "Add to calendar" (screen readers hear its
    /// day and hours after it).
    pub add_to_calendar: String,
    /// The calendar entry's title: `{home}` is the address, or the place where the address may
    /// not be shown, e.g. "Open house: {home}".
    pub summary: String,
    /// The page's heading and title, and the nav's link, e.g. "Open Houses".
    pub title: String,
    /// The sentence under the heading.
    pub intro: String,
    /// `{dates}`: its days, e.g. "This weekend, {dates}".
    pub this_weekend: String,
    pub next_weekend: String,
    /// A weekend without any, e.g. "No open houses are scheduled for this weekend yet."
    pub none: String,
}

/// The listing page's gallery (the first photo large, the next four beside it) and its viewer.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GalleryLabels {
    /// The button that opens the viewer: `{count}` photos, e.g. "All {count} photos".
    pub all: String,
    /// The viewer's name for assistive technology: `{home}`, the listing's title, e.g. "Photos of {home}".
    pub name: String,
    /// Which photo is shown: `{n}` of `{total}`, e.g. "{n} / {total}".
    pub counter: String,
    pub close: String,
    pub previous: String,
    pub next: String,
    /// The button that zooms the photo in and out.
    pub zoom: String,
    /// In place of a photo that could not be loaded.
    pub failed: String,
}

/// Saved homes: the heart that keeps a home on the visitor's device, and the page that lists them.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SavedLabels {
    /// The page's heading and title, e.g. "Saved Homes".
    pub title: String,
    /// The sentence under it: what is kept, and where.
    pub intro: String,
    /// The heart's name for assistive technology: `{home}`, the card's title, e.g. "Save {home}".
    pub save: String,
    /// The link to the page from the lists, e.g. "Saved homes".
    pub link: String,
    /// When no home is saved (and what the page says without JavaScript).
    pub empty: String,
    /// On a saved home that is no longer for sale.
    pub gone: String,
    /// The button that copies a link carrying the list, and what it says once it has.
    pub share: String,
    pub copied: String,
    /// The heading of a list opened from a shared link, and the button that keeps its homes here.
    pub shared: String,
    pub keep: String,
    /// The button that opens the contact form about the list; what the form says it is about
    /// (`{count}` homes); and its message's first line, before a line per home.
    pub ask: String,
    pub ask_about: String,
    pub ask_message: String,
    /// On a listing page once its home is saved: the link to a search for homes like it.
    pub like: String,
}

/// The search form of `/homes/` and what it says of its results.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchLabels {
    /// The form's name for assistive technology, e.g. "Search homes for sale".
    pub name: String,
    pub min_price: String,
    pub max_price: String,
    /// The price filters' choice for no bound, e.g. "No min", "No max".
    pub no_min: String,
    pub no_max: String,
    pub beds: String,
    pub baths: String,
    /// The beds and baths filters' choice for any number, e.g. "Any".
    pub any: String,
    /// `{n}`: at least that many, e.g. "{n}+".
    pub at_least: String,
    /// The neighborhood filter's choice for every neighborhood.
    pub all_neighborhoods: String,
    /// The type filter's choice for every type.
    pub any_type: String,
    pub status: String,
    pub any_status: String,
    /// The yes-or-no features' group, e.g. "Features", and each feature's box.
    pub features: String,
    pub waterfront: String,
    pub pool: String,
    pub new_construction: String,
    pub open_house: String,
    pub reduced: String,
    /// The garage filter, e.g. "Garage"; its choices say `at_least` spaces.
    pub garage: String,
    /// The days-on-market filter, e.g. "Days on market"; `{n}`: at most that many, e.g.
    /// "{n} days or fewer".
    pub max_days: String,
    pub days_at_most: String,
    /// The lot filter, e.g. "Lot size"; `{acres}`: at least that many, e.g. "{acres}+ acres".
    pub min_acres: String,
    pub acres_at_least: String,
    /// The words field's label and its hint.
    pub words: String,
    pub words_hint: String,
    pub sort: String,
    pub sort_newest: String,
    pub sort_price_low: String,
    pub sort_price_high: String,
    pub sort_size: String,
    /// The button that runs the search.
    pub submit: String,
    /// The button that opens the other fields on a phone, e.g. "Filters"; the count of active
    /// filters is shown on it, with `filters_active` (`{n}`) for assistive technology.
    pub filters: String,
    pub filters_active: String,
    /// The button that closes the phone's filters: `{count}`, how many homes they leave.
    pub show: String,
    /// `{count}`: how many homes the filters leave, e.g. "{count} homes match your search".
    pub results: String,
    /// When none is left.
    pub none: String,
    /// When a search without JavaScript has more words than the worker can look up at once
    /// (`edge_domain::search_page::WORD_SHARDS_MAX`); the island has no such limit.
    pub too_many_words: String,
    /// The link that clears every filter.
    pub clear: String,
    /// When the search's files cannot be read (the list then stays as it is).
    pub failed: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StatusLabels {
    pub active: String,
    pub active_under_contract: String,
    pub coming_soon: String,
    pub pending: String,
    pub closed: String,
}
