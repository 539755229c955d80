//! One MLS listing as the RESO Data Dictionary names it, kept with the Dictionary's own names and
//! types (one file per listing) and read back by the build (`check.rs` makes one from a feed's
//! record). Fields the site does not use are dropped at import.

use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use std::cell::Cell;
use std::fmt;

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
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct OpenHouse {
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
    #[serde(default, skip_serializing_if = "empty")]
    pub open_house: Vec<OpenHouse>,
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
