//! The prebuilt search's files as the generator writes them (`jax_mls::search`) and the island
//! and the worker's no-JavaScript search read them (codegen writes their TypeScript): the
//! index's `meta.json`, its columns, word shards and card orders, and the results' sorts.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The orders the results can take: the sort field's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Sort {
    /// `/homes/`' own order: the most recently changed first.
    #[serde(rename = "newest")]
    Newest,
    #[serde(rename = "price-asc")]
    PriceLow,
    #[serde(rename = "price-desc")]
    PriceHigh,
    /// The largest living area first.
    #[serde(rename = "size")]
    Size,
}

impl Sort {
    /// Its value in the URL.
    pub fn value(self) -> &'static str {
        match self {
            Sort::Newest => "newest",
            Sort::PriceLow => "price-asc",
            Sort::PriceHigh => "price-desc",
            Sort::Size => "size",
        }
    }

    pub const ALL: [Sort; 4] = [Sort::Newest, Sort::PriceLow, Sort::PriceHigh, Sort::Size];

    /// The sort a URL's value names; any other value is /homes/' own order.
    pub fn of(value: Option<&str>) -> Sort {
        Sort::ALL.into_iter().find(|s| Some(s.value()) == value).unwrap_or(Sort::Newest)
    }

    /// The order of the card shards its results are read from (the island's `cardOrder`).
    pub fn cards(self) -> CardOrder {
        match self {
            Sort::Newest => CardOrder::Newest,
            Sort::PriceLow | Sort::PriceHigh => CardOrder::Price,
            Sort::Size => CardOrder::Size,
        }
    }
}

/// The orders the card shards come in: a sort's results are near each other in its order's
/// shards (price-desc's at the end of price's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum CardOrder {
    /// `/homes/`' own: the places themselves.
    Newest,
    /// By price, lowest first, ties in place order.
    Price,
    /// By living area, largest first (unknown last), ties in place order.
    Size,
}

impl CardOrder {
    pub const ALL: [CardOrder; 3] = [CardOrder::Newest, CardOrder::Price, CardOrder::Size];

    pub fn name(self) -> &'static str {
        match self {
            CardOrder::Newest => "newest",
            CardOrder::Price => "price",
            CardOrder::Size => "size",
        }
    }

    /// The `n` places in this order (price's needs `price`, size's `sqft`: each `n` long).
    pub fn places(self, n: usize, price: &[u64], sqft: &[u32]) -> Vec<usize> {
        let mut places: Vec<usize> = (0..n).collect();
        match self {
            CardOrder::Newest => {}
            CardOrder::Price => places.sort_by_key(|&i| (price[i], i)),
            CardOrder::Size => places.sort_by_key(|&i| (std::cmp::Reverse(sqft[i]), i)),
        }
        places
    }
}

/// How many listings the index has, where its files are and what its coded columns' codes stand
/// for.
#[derive(Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Meta {
    pub size: usize,
    /// Each file's folder (`{version}` in `api::HOMES_COLUMN`, a hash of its bytes) by its path
    /// after it (`columns/price.json`), but the card shards' (`shards`). A word shard not here is
    /// no listing's (nothing to fetch).
    pub files: BTreeMap<String, String>,
    /// Where each order's card shards start (`api::HOMES_CARDS`).
    pub shards: CardShards,
    /// The neighborhoods' slugs (the form's values); the first, "", is none.
    pub areas: Vec<String>,
    /// The types' values (slugs of PropertySubType, else PropertyType); the first, "", is none.
    pub kinds: Vec<String>,
    /// The statuses' values (slugs of RESO's StandardStatus).
    pub statuses: Vec<String>,
    /// The bits of the features' column.
    pub features: FeatureBits,
}

/// The card shards of one order. Where one starts is decided by its cards, not by its place
/// (`cut`): an import that adds, moves or changes a few cards changes the few shards that hold
/// them, and the others keep their names and bytes (nothing to write, nothing to upload).
#[derive(Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Shards {
    /// Each shard's first place in the order.
    pub from: Vec<u32>,
    /// Each shard's folder (`{version}` in `api::HOMES_CARDS`, a hash of its bytes).
    pub hash: Vec<String>,
}

/// The card shards of each order (`CardOrder`).
#[derive(Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CardShards {
    pub newest: Shards,
    pub price: Shards,
    pub size: Shards,
}

impl CardShards {
    pub fn of(&mut self, order: CardOrder) -> &mut Shards {
        match order {
            CardOrder::Newest => &mut self.newest,
            CardOrder::Price => &mut self.price,
            CardOrder::Size => &mut self.size,
        }
    }
}

/// The index's columns, each a JSON array in a file of its own: `columns/<name>.json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Column {
    /// The list price, or the sold price of a sold listing, in dollars.
    Price,
    Beds,
    Baths,
    /// Living area in square feet.
    Sqft,
    /// Its neighborhood, as a place in `Meta::areas`.
    Area,
    /// Its type, as a place in `Meta::kinds`.
    Kind,
    /// Its status, as a place in `Meta::statuses`.
    Status,
    /// Its yes-or-no features as bits (`FEATURE_BITS`): one file for the three filters.
    Features,
    /// Garage spaces.
    Garage,
    /// The lot in hundredths of an acre.
    Acres,
    /// The day it came on the market (days since 1970-01-01; 0 unknown).
    Listed,
    /// The day of its latest price cut (0 none).
    Reduced,
    /// The last day of its first weekend with an open house (0 none; `search::Facts`).
    OpenHouse,
}

/// The bits of `Column::Features`, as `Meta` tells the island them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FeatureBits {
    pub waterfront: u32,
    pub pool: u32,
    pub new_construction: u32,
}

pub const FEATURE_BITS: FeatureBits = FeatureBits { waterfront: 1, pool: 2, new_construction: 4 };

impl Column {
    pub const ALL: [Column; 13] = [
        Column::Price,
        Column::Beds,
        Column::Baths,
        Column::Sqft,
        Column::Area,
        Column::Kind,
        Column::Status,
        Column::Features,
        Column::Garage,
        Column::Acres,
        Column::Listed,
        Column::Reduced,
        Column::OpenHouse,
    ];

    /// Its name in the file's path.
    pub fn name(self) -> &'static str {
        match self {
            Column::Price => "price",
            Column::Beds => "beds",
            Column::Baths => "baths",
            Column::Sqft => "sqft",
            Column::Area => "area",
            Column::Kind => "kind",
            Column::Status => "status",
            Column::Features => "features",
            Column::Garage => "garage",
            Column::Acres => "acres",
            Column::Listed => "listed",
            Column::Reduced => "reduced",
            Column::OpenHouse => "open_house",
        }
    }
}

/// One shard of the word index: each word with the places (in `Index`' order) of the listings
/// that have it, as gaps: `[3, 1, 4]` is places 3, 4 and 8.
pub type WordShard = BTreeMap<String, Vec<u32>>;
