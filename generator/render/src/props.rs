//! What each island is handed: the JSON in its mount point's props `<script>`. These types are the
//! contract with the islands' entries; `site/src/lib/props.ts` is generated from them (doc comments
//! included), so the TypeScript documents them.

use super::islands::{self, Island, Props};
use jax_mls::search::Fields;
use jax_model::api::{self, Endpoints};
use jax_model::forms::{ConciergeForm, Form, LeadForm, Limits, Messages, QuizForm};
use jax_model::mls::{GalleryLabels, SavedLabels, SearchLabels};
use jax_model::quiz::Quiz;
use jax_model::saved_search::{Frequencies, ManageLabels};
use jax_model::site::PriceBand;
use schemars::JsonSchema;
use serde::Serialize;

/// The header's menu button (below 60em) that opens `#site-nav`.
#[derive(Serialize, JsonSchema)]
pub struct NavProps<'a> {
    /// The button's accessible name.
    pub menu: &'a str,
}

/// The featured listings' carousel: controls for the scroll-snap row `#carousel-track`.
#[derive(Serialize, JsonSchema)]
pub struct CarouselProps<'a> {
    /// How many slides there are.
    pub count: usize,
    pub previous: &'a str,
    pub next: &'a str,
    /// A thumbnail's accessible name; `{n}` is the slide's number.
    pub show_slide: &'a str,
}

/// The home page's neighborhood tabs: links that work without JavaScript, which the island turns
/// into tabs filtering the cards.
#[derive(Serialize, JsonSchema)]
pub struct NeighborhoodTabsProps<'a> {
    pub tabs: Vec<NeighborhoodTab<'a>>,
    /// The tab showing every card.
    pub all: &'a str,
    /// The id of the tab panel.
    pub panel: &'static str,
}

#[derive(Serialize, JsonSchema)]
pub struct NeighborhoodTab<'a> {
    pub label: &'a str,
    /// The neighborhood's slug, which the cards carry in `data-route`.
    pub route: &'a str,
}

/// The contact widget, a native popover (it opens without JavaScript too).
#[derive(Serialize, JsonSchema)]
pub struct ContactWidgetProps<'a> {
    pub title: &'a str,
    pub text: &'a str,
    pub message: &'a str,
    /// `sms:` and the agent's phone.
    pub sms: String,
    /// The contact form, where the message link leads without JavaScript.
    pub contact_href: &'a str,
}

/// The concierge portal's form: `forms.concierge` plus the form settings it shares. Without
/// JavaScript the form posts everything, multipart, to `action`.
#[derive(Serialize, JsonSchema)]
pub struct ConciergeProps<'a> {
    #[serde(flatten)]
    pub form: &'a ConciergeForm,
    pub honeypot: &'a str,
    pub dismiss: &'a str,
    pub messages: &'a Messages,
    /// The client details' limits (the browser's mirror of the worker's checks).
    pub limits: &'a Limits,
    pub action: &'static str,
    pub api: Endpoints,
}

/// The neighborhood page's link back to the home page's neighborhoods.
#[derive(Serialize, JsonSchema)]
pub struct ExploreMoreProps<'a> {
    pub href: String,
    pub label: &'a str,
}

/// The market page's table: the island reads `data` (`/data/market.json`, typed `MarketData`),
/// then sorts the prerendered rows (`tr[data-slug]`) by any column (`th[data-sort]`) and filters
/// them by area and price band.
#[derive(Serialize, JsonSchema)]
pub struct MarketTableProps<'a> {
    /// Where the figures are: `/data/market.json`.
    pub data: &'static str,
    /// The area filter's label and its choice for every area.
    pub area: &'a str,
    pub all_areas: &'a str,
    /// The areas, in the table's order of first appearance.
    pub areas: Vec<&'a str>,
    /// The price filter's label, its choice for every price, and its bands.
    pub price: &'a str,
    pub any_price: &'a str,
    pub price_bands: &'a [PriceBand],
    /// What the filters leave: `{count}` of `{total}`.
    pub showing: &'a str,
    /// Shown when nothing matches.
    pub none: &'a str,
}

/// The search's prebuilt index, as its islands fetch it: `meta` (typed `Meta`), then each file in
/// the folder `Meta::files` names as `{version}`: the columns (`column`, `{name}`: a `Column`'s),
/// the word shards (`words`, `{key}`: `shard_key`'s) and the card shards (`cards`, `{order}`,
/// each in the folder `Meta::shards` names).
#[derive(Serialize, JsonSchema)]
pub struct SearchFiles {
    pub meta: &'static str,
    pub column: &'static str,
    pub words: &'static str,
    pub cards: &'static str,
}

/// The files of the site's search (jax_model::api).
pub const SEARCH_FILES: SearchFiles =
    SearchFiles { meta: api::HOMES_META, column: api::HOMES_COLUMN, words: api::HOMES_WORDS, cards: api::HOMES_CARDS };

/// The search of `/homes/`: the island reads what a search needs of the index (`files`) and runs
/// the prerendered form's query, kept in the URL.
#[derive(Serialize, JsonSchema)]
pub struct HomesSearchProps<'a> {
    pub files: SearchFiles,
    /// Results per page.
    pub per_page: usize,
    /// The form's fields: the URL's parameters.
    pub fields: Fields,
    pub labels: &'a SearchLabels,
    /// The count without filters: "{count} homes for sale".
    pub count: &'a str,
    /// The paging's "Page {n} of {total}" (its links are the page's `template[data-paging]`).
    pub page: &'a str,
    /// The "Save this search" form's hidden field that holds the search shown (its selector).
    pub save_field: &'static str,
}

/// The hearts: the list of saved homes is kept in localStorage under `key` (newest first: each
/// home's MLS number, and its title, link and price as the card showed them, for when it has left
/// the market).
#[derive(Serialize, JsonSchema)]
pub struct HeartsProps {
    pub key: &'static str,
}

/// A listing page's gallery: its viewer shows the photos the page lists, in their order, and
/// carries their captions.
#[derive(Serialize, JsonSchema)]
pub struct GalleryProps<'a> {
    pub labels: &'a GalleryLabels,
    /// The viewer's name for assistive technology, the labels' `name` with the listing's title in it.
    pub name: String,
}

/// A listing's payment estimate: the page's fields (price, down payment, rate, term) give the
/// loan; the listing's taxes (`tax_annual`, dollars a year) and association fee (`hoa`, cents a
/// month) stay as they are (None where the listing does not say), and the insurance follows the
/// price. Every line is `jax_model::mortgage`'s, mirrored by `site/src/lib/payment.ts`.
#[derive(Serialize, JsonSchema)]
pub struct PaymentProps<'a> {
    /// What a field that cannot be read says (the other texts are the page's).
    pub bad_price: &'a str,
    pub bad_down: &'a str,
    pub bad_rate: String,
    /// Home insurance a year, in percent of the price.
    pub insurance_percent: f64,
    /// The highest rate taken, in percent.
    pub max_rate: f64,
    pub tax_annual: Option<u64>,
    pub hoa: Option<u64>,
}

/// `/homes/saved/`: the saved homes (`key`, as the hearts keep them) or a shared link's (`param`:
/// MLS numbers by commas), each found by its MLS number in the search's word shards and shown as
/// its card from the card shards of `/homes/`' own order (`files`).
#[derive(Serialize, JsonSchema)]
pub struct SavedHomesProps<'a> {
    /// "Ask about these homes" names at most this many (the worker takes no more).
    pub ask_max: usize,
    pub key: &'static str,
    pub param: &'static str,
    pub files: SearchFiles,
    pub labels: &'a SavedLabels,
    /// The MLS numbers' shape (site.yaml `mls.number_format`): a shared link names no other.
    pub number_format: Option<&'a str>,
}

/// `/homes/alerts/`: the address's searches, from `manage` (the worker) with the key after the
/// page's `#`; each search's frequency among `frequencies`.
#[derive(Serialize, JsonSchema)]
pub struct SearchAlertsProps<'a> {
    pub manage: &'static str,
    pub labels: &'a ManageLabels,
    pub frequencies: &'a Frequencies,
}

/// A form that posts without JavaScript, given the bot check's token when JavaScript runs: where
/// to ask for the check and which field carries its token.
#[derive(Serialize, JsonSchema)]
pub struct CheckedFormProps {
    pub api: Endpoints,
}

/// The 404 page's island, which logs the path the visitor tried; it needs nothing.
#[derive(Serialize, JsonSchema)]
pub struct NotFoundProps {}

/// The dialogs: the shared form settings plus only the forms the page has triggers for (every
/// page: the footer's consultation and the widget's message; the home page also the listing
/// request and the quiz; an MLS listing's page the listing request). A trigger is an
/// `a[data-open="lead|listing-request|contact|quiz"]`: lead ones with `data-type`; one about a
/// listing with `data-listing` (its page's path, posted as `api.listing_field`) and
/// `data-listing-name` (shown under the dialog's title, and the start of its Property Address);
/// `data-message` starts its text area.
#[derive(Serialize, JsonSchema)]
pub struct DialogsProps<'a> {
    pub api: Endpoints,
    pub limits: &'a Limits,
    pub messages: &'a Messages,
    pub sending: &'a str,
    pub close: &'a str,
    pub dismiss: &'a str,
    pub honeypot: &'a str,
    pub lead: &'a LeadForm,
    pub contact: &'a Form,
    /// The home page and MLS listings' pages only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Form")]
    pub listing_request: Option<&'a Form>,
    /// Home page only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "QuizForm")]
    pub quiz_form: Option<&'a QuizForm>,
    /// Home page only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Quiz")]
    pub quiz: Option<&'a Quiz>,
    /// Home page only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quiz_result: Option<QuizResult<'a>>,
    /// Where a sent home valuation leads: the sellers' page (when there is one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub valuation_next: Option<NextLink<'a>>,
}

/// A link a success message offers.
#[derive(Serialize, JsonSchema)]
pub struct NextLink<'a> {
    pub href: &'a str,
    pub label: &'a str,
}

/// Where the quiz's result leads: each area's neighborhood page (an area no page answers to
/// stays text), and the consultation it offers (a `data-open` trigger, as on the page).
#[derive(Serialize, JsonSchema)]
pub struct QuizResult<'a> {
    pub areas: std::collections::BTreeMap<&'a str, String>,
    pub consultation: &'a str,
    /// The consultation's link without JavaScript (the home page's contact section).
    pub contact: String,
}

impl Props for NavProps<'_> {
    const ISLAND: Island = islands::NAV;
}
impl Props for CarouselProps<'_> {
    const ISLAND: Island = islands::CAROUSEL;
}
impl Props for NeighborhoodTabsProps<'_> {
    const ISLAND: Island = islands::NEIGHBORHOOD_TABS;
}
impl Props for ContactWidgetProps<'_> {
    const ISLAND: Island = islands::CONTACT_WIDGET;
}
impl Props for ConciergeProps<'_> {
    const ISLAND: Island = islands::CONCIERGE_FORM;
}
impl Props for ExploreMoreProps<'_> {
    const ISLAND: Island = islands::EXPLORE_MORE;
}
impl Props for CheckedFormProps {
    const ISLAND: Island = islands::CHECKED_FORM;
}
impl Props for NotFoundProps {
    const ISLAND: Island = islands::NOT_FOUND;
}
impl Props for HomesSearchProps<'_> {
    const ISLAND: Island = islands::HOMES_SEARCH;
}
impl Props for HeartsProps {
    const ISLAND: Island = islands::HEARTS;
}
impl Props for GalleryProps<'_> {
    const ISLAND: Island = islands::GALLERY;
}
impl Props for PaymentProps<'_> {
    const ISLAND: Island = islands::PAYMENT;
}
impl Props for SavedHomesProps<'_> {
    const ISLAND: Island = islands::SAVED_HOMES;
}
impl Props for SearchAlertsProps<'_> {
    const ISLAND: Island = islands::SEARCH_ALERTS;
}
impl Props for MarketTableProps<'_> {
    const ISLAND: Island = islands::MARKET_TABLE;
}
impl Props for DialogsProps<'_> {
    const ISLAND: Island = islands::DIALOGS;
}
