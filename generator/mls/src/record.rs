//! One MLS listing as the RESO Data Dictionary names it, kept with the Dictionary's own names and
//! types (one file per listing) and read back by the build (`check.rs` makes one from a feed's
//! record). Fields the site does not use are dropped at import.

pub use crate::lookups::{FeeFrequency, MediaCategory};
use jiff::civil::Date;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use std::cell::Cell;
use std::fmt;

/// The MLS's time zone, which the pages give times and days in: Jacksonville's.
pub const TIME_ZONE: &str = "America/New_York";

thread_local! {
    /// Set while a binary copy is written (`with_every_field`).
    static EVERY_FIELD: Cell<bool> = const { Cell::new(false) };
}

/// Runs `write` with every field of a listing serialized, the absent ones too: a binary format
/// has no names, so a field left out would shift the ones after it.
pub fn with_every_field<R>(write: impl FnOnce() -> R) -> R {
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            EVERY_FIELD.set(false);
        }
    }
    EVERY_FIELD.set(true);
    let _reset = Reset;
    write()
}

/// An absent field, left out of JSON as the Data Dictionary's records leave it.
fn absent<T>(v: &Option<T>) -> bool {
    v.is_none() && !EVERY_FIELD.get()
}

fn empty<T>(v: &[T]) -> bool {
    v.is_empty() && !EVERY_FIELD.get()
}

/// RESO's StandardStatus lookup (Data Dictionary 2.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    Active,
    #[serde(rename = "Active Under Contract")]
    ActiveUnderContract,
    Canceled,
    Closed,
    #[serde(rename = "Coming Soon")]
    ComingSoon,
    Delete,
    Expired,
    Hold,
    Incomplete,
    Pending,
    Withdrawn,
}

impl Status {
    pub const ALL: [Status; 11] = [
        Status::Active,
        Status::ActiveUnderContract,
        Status::Canceled,
        Status::Closed,
        Status::ComingSoon,
        Status::Delete,
        Status::Expired,
        Status::Hold,
        Status::Incomplete,
        Status::Pending,
        Status::Withdrawn,
    ];

    /// The Dictionary's name, e.g. "Active Under Contract".
    pub fn name(self) -> &'static str {
        match self {
            Status::Active => "Active",
            Status::ActiveUnderContract => "Active Under Contract",
            Status::Canceled => "Canceled",
            Status::Closed => "Closed",
            Status::ComingSoon => "Coming Soon",
            Status::Delete => "Delete",
            Status::Expired => "Expired",
            Status::Hold => "Hold",
            Status::Incomplete => "Incomplete",
            Status::Pending => "Pending",
            Status::Withdrawn => "Withdrawn",
        }
    }

    pub(super) fn parse(s: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|st| st.name() == s)
    }

    /// For sale (or about to be, or under contract): what an IDX site shows. Closed listings show
    /// only where `site.yaml` allows; every other status leaves the site.
    pub fn on_market(self) -> bool {
        matches!(self, Status::Active | Status::ActiveUnderContract | Status::ComingSoon | Status::Pending)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Media {
    #[serde(rename = "MediaURL")]
    pub media_url: String,
    pub order: u32,
    #[serde(default, skip_serializing_if = "absent")]
    pub short_description: Option<String>,
    /// What it is; a media item without one is taken for a photo, as feeds that send only photos
    /// leave it out.
    #[serde(default, skip_serializing_if = "absent")]
    pub media_category: Option<MediaCategory>,
}

impl Media {
    pub fn is_photo(&self) -> bool {
        matches!(self.media_category, None | Some(MediaCategory::Photo))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct OpenHouse {
    /// The MLS's key of the open house, when the feed sends one: what its calendar entry is
    /// known by (`UID`), so a calendar that has it updates it when the time moves.
    #[serde(default, skip_serializing_if = "absent")]
    pub open_house_key: Option<String>,
    pub open_house_start_time: Timestamp,
    pub open_house_end_time: Timestamp,
}

/// A listing kept for the site. Prices are whole dollars; areas are square feet and acres.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Property {
    pub listing_key: String,
    /// The MLS number shown to visitors.
    pub listing_id: String,
    pub standard_status: Status,
    pub list_price: u64,
    #[serde(default, skip_serializing_if = "absent")]
    pub close_price: Option<u64>,
    #[serde(default, skip_serializing_if = "absent")]
    pub bedrooms_total: Option<u32>,
    #[serde(default, skip_serializing_if = "absent")]
    pub bathrooms_total_integer: Option<u32>,
    #[serde(default, skip_serializing_if = "absent")]
    pub living_area: Option<f64>,
    #[serde(default, skip_serializing_if = "absent")]
    pub lot_size_acres: Option<f64>,
    #[serde(default, skip_serializing_if = "absent")]
    pub year_built: Option<u32>,
    #[serde(default, skip_serializing_if = "absent")]
    pub property_type: Option<String>,
    #[serde(default, skip_serializing_if = "absent")]
    pub property_sub_type: Option<String>,
    #[serde(default, skip_serializing_if = "absent")]
    pub unparsed_address: Option<String>,
    pub city: String,
    pub postal_code: String,
    #[serde(default, skip_serializing_if = "absent")]
    pub latitude: Option<f64>,
    #[serde(default, skip_serializing_if = "absent")]
    pub longitude: Option<f64>,
    #[serde(default, skip_serializing_if = "absent")]
    pub subdivision_name: Option<String>,
    #[serde(default, skip_serializing_if = "absent")]
    pub public_remarks: Option<String>,
    /// Every IDX display names the listing office.
    pub list_office_name: String,
    #[serde(default, skip_serializing_if = "absent")]
    pub list_office_phone: Option<String>,
    #[serde(default, skip_serializing_if = "absent")]
    pub list_agent_full_name: Option<String>,
    /// The agents on each side, by MLS member ID (the site's own agent's sales are found by them).
    #[serde(default, skip_serializing_if = "absent")]
    pub list_agent_mls_id: Option<String>,
    #[serde(default, skip_serializing_if = "absent")]
    pub co_list_agent_mls_id: Option<String>,
    #[serde(default, skip_serializing_if = "absent")]
    pub buyer_agent_mls_id: Option<String>,
    #[serde(default, skip_serializing_if = "absent")]
    pub co_buyer_agent_mls_id: Option<String>,
    /// When a Closed listing closed.
    #[serde(default, skip_serializing_if = "absent")]
    pub close_date: Option<jiff::civil::Date>,
    pub modification_timestamp: Timestamp,
    /// False: the listing may not be shown on the internet at all (never kept).
    #[serde(rename = "InternetEntireListingDisplayYN")]
    pub internet_entire_listing_display_yn: bool,
    /// False: the street address may not be shown anywhere.
    #[serde(rename = "InternetAddressDisplayYN")]
    pub internet_address_display_yn: bool,
    #[serde(default, skip_serializing_if = "empty")]
    pub media: Vec<Media>,
    /// Its public, active open houses (the import keeps no other: `check::open_houses`), soonest first.
    #[serde(default, skip_serializing_if = "empty")]
    pub open_house: Vec<OpenHouse>,
    /// The facts a buyer reads by group.
    #[serde(default)]
    pub facts: Facts,
}

/// The facts a buyer reads by group (water, outside, inside, community, money, schools, time on
/// the market), as the feed has them; lists keep the feed's own words. Kept apart from the rest
/// of `Property` because the import reads them leniently (a bad one is left out, the listing kept).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Facts {
    #[serde(rename = "WaterfrontYN", default, skip_serializing_if = "absent")]
    pub waterfront_yn: Option<bool>,
    #[serde(default, skip_serializing_if = "empty")]
    pub waterfront_features: Vec<String>,
    #[serde(default, skip_serializing_if = "empty")]
    pub view: Vec<String>,
    #[serde(rename = "PoolPrivateYN", default, skip_serializing_if = "absent")]
    pub pool_private_yn: Option<bool>,
    #[serde(default, skip_serializing_if = "empty")]
    pub pool_features: Vec<String>,
    #[serde(default, skip_serializing_if = "absent")]
    pub garage_spaces: Option<f64>,
    #[serde(default, skip_serializing_if = "empty")]
    pub lot_features: Vec<String>,
    #[serde(default, skip_serializing_if = "empty")]
    pub exterior_features: Vec<String>,
    #[serde(default, skip_serializing_if = "empty")]
    pub roof: Vec<String>,
    #[serde(default, skip_serializing_if = "empty")]
    pub interior_features: Vec<String>,
    #[serde(default, skip_serializing_if = "empty")]
    pub appliances: Vec<String>,
    #[serde(default, skip_serializing_if = "empty")]
    pub flooring: Vec<String>,
    #[serde(rename = "FireplaceYN", default, skip_serializing_if = "absent")]
    pub fireplace_yn: Option<bool>,
    #[serde(default, skip_serializing_if = "absent")]
    pub stories: Option<u32>,
    #[serde(default, skip_serializing_if = "empty")]
    pub heating: Vec<String>,
    #[serde(default, skip_serializing_if = "empty")]
    pub cooling: Vec<String>,
    /// The association's fee in whole dollars, due each `association_fee_frequency`.
    #[serde(default, skip_serializing_if = "absent")]
    pub association_fee: Option<u64>,
    #[serde(default, skip_serializing_if = "absent")]
    pub association_fee_frequency: Option<FeeFrequency>,
    #[serde(default, skip_serializing_if = "absent")]
    pub association_name: Option<String>,
    #[serde(default, skip_serializing_if = "empty")]
    pub community_features: Vec<String>,
    /// Whole dollars, of `tax_year`.
    #[serde(default, skip_serializing_if = "absent")]
    pub tax_annual_amount: Option<u64>,
    #[serde(default, skip_serializing_if = "absent")]
    pub tax_year: Option<u32>,
    #[serde(default, skip_serializing_if = "absent")]
    pub elementary_school: Option<String>,
    #[serde(default, skip_serializing_if = "absent")]
    pub middle_or_junior_school: Option<String>,
    #[serde(default, skip_serializing_if = "absent")]
    pub high_school: Option<String>,
    /// When it came on the market; `listing_contract_date` (when it was signed) where the feed
    /// has no such date.
    #[serde(default, skip_serializing_if = "absent")]
    pub on_market_date: Option<Date>,
    #[serde(default, skip_serializing_if = "absent")]
    pub listing_contract_date: Option<Date>,
    #[serde(rename = "NewConstructionYN", default, skip_serializing_if = "absent")]
    pub new_construction_yn: Option<bool>,
    /// The tour without the listing agent's branding: the only one IDX rules let the site show
    /// (the branded one is never read).
    #[serde(rename = "VirtualTourURLUnbranded", default, skip_serializing_if = "absent")]
    pub virtual_tour_url_unbranded: Option<String>,
}

/// Whether any of `items` names `word` (case aside), e.g. "Boat Dock" names "dock".
fn names(items: &[String], word: &str) -> bool {
    items.iter().any(|i| i.to_lowercase().contains(word))
}

impl Property {
    /// The media shown as its photos, in their Order: those that are photos (or say nothing).
    pub fn photos(&self) -> impl Iterator<Item = &Media> {
        self.media.iter().filter(|m| m.is_photo())
    }

    /// Its first photo.
    pub fn first_photo(&self) -> Option<&Media> {
        self.photos().next()
    }

    /// Its videos, linked (never embedded).
    pub fn videos(&self) -> impl Iterator<Item = &Media> {
        self.media.iter().filter(|m| m.media_category == Some(MediaCategory::Video))
    }
}

impl Facts {
    /// On the water, as the feed says it (`WaterfrontYN`): the page's "Waterfront" and the search's.
    pub fn waterfront(&self) -> bool {
        self.waterfront_yn == Some(true)
    }

    /// A private pool (`PoolPrivateYN`): a community's pool is among its features instead.
    pub fn pool(&self) -> bool {
        self.pool_private_yn == Some(true)
    }

    /// A dock, as the feed says it among the waterfront's or the lot's features.
    pub fn has_dock(&self) -> bool {
        names(&self.waterfront_features, "dock") || names(&self.lot_features, "dock")
    }

    /// A gated community, as the feed says it among the community's features.
    pub fn gated(&self) -> bool {
        names(&self.community_features, "gated")
    }

    /// When it came on the market: OnMarketDate, else ListingContractDate.
    pub fn on_market_since(&self) -> Option<Date> {
        self.on_market_date.or(self.listing_contract_date)
    }
}

/// Where a listing stands in the lists, which show the greatest first: the newest on the market
/// (`Facts::on_market_since`; undated last), then the higher MLS number.
pub fn list_rank(on_market_since: Option<Date>, listing_id: &str) -> (Option<Date>, &str) {
    (on_market_since, listing_id)
}

/// What is wrong with one field of one record: `ListingKey <key>: <field>: <what is wrong>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The record's ListingKey, or where the record is when it has none.
    pub key: String,
    pub field: String,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ListingKey {}: {}: {}", self.key, self.field, self.message)
    }
}
