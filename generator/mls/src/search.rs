//! The search of `/homes/`, prebuilt: what the island (`site/src/islands/homes-search.ts`) reads
//! instead of a server. Three kinds of file, each fetched only when a search needs it:
//! - `meta.json` (`Meta`): the index's size, codes and files, the one file at a fixed path; each
//!   other file is in a folder named by the hash of its bytes (`api::HOMES_COLUMN`), which
//!   `meta.json` names, so a page reads the files of the build whose `meta.json` it read or none,
//!   a deploy uploads only the files whose bytes changed (a price change: its column and the
//!   few card shards its listings are in), and browsers keep them for a year (`/data/search/*`
//!   is served as immutable);
//! - `columns/<name>.json` (`Column`): one column per filter and sort key, each a file of its own so
//!   a search fetches only those it needs, a listing's place in every column being its place in
//!   `/homes/`' own order (newest first), so "newest" is no sort at all;
//! - `words/<key>.json` (`WordShard`): the words of the listings' addresses (where the MLS lets
//!   them show), subdivisions, ZIP codes, MLS numbers and remarks, sharded by their first two
//!   characters (`shard_key`), each with the places of the listings that have it;
//! - `cards/<order>/<n>.json`: the cards in one of the results' orders (`CardOrder`), from the
//!   `n × CARDS_PER_SHARD`th on, as a JSON array of their HTML, rendered by the same template
//!   macro as the lists (`render::pages::homes`), so a result looks exactly like the prerendered
//!   page's cards. Not a file per listing: Cloudflare takes 20,000 static files per version on the
//!   Free plan. A copy per order, so that the first results of a sorted search are in one or two
//!   shards rather than scattered over dozens.
//!
//! Measured at 10,000 listings before it was chosen over Pagefind (whose first results needed
//! several times the bytes): see docs/benchmarks.md ("Search at 10,000 listings") for the figures.

use crate::homes::{Home, Homes};
use crate::record::Status;
use anyhow::{Context, Result};
use jax_model::api;
use jax_model::slug::slugify;
use jax_output::Output;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// The steps the price filters offer, in dollars.
pub const PRICE_STEPS: [u64; 12] = [
    200_000, 300_000, 400_000, 500_000, 600_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000, 5_000_000,
    10_000_000,
];

use jax_model::search::{lowercase, raw_words, Facts};
pub use jax_model::search::{shard_key, Fields, FIELDS};

/// The orders the results can take: the sort field's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
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
}

/// Cards per shard: two lists' pages. The first results of a search that keeps a third of the
/// listings or more are in the first shard; an eighth (a neighborhood), in two.
pub const CARDS_PER_SHARD: usize = 48;

/// The orders the card shards come in: a sort's results are near each other in its order's
/// shards (price-desc's at the end of price's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
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

    /// The places in this order.
    fn places(self, price: &[u64], sqft: &[u32]) -> Vec<usize> {
        let mut places: Vec<usize> = (0..price.len()).collect();
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
#[derive(Debug, Serialize, JsonSchema)]
pub struct Meta {
    pub size: usize,
    /// Each file's folder (`{version}` in `api::HOMES_COLUMN`, a hash of its bytes) by its path
    /// after it (`columns/price.json`). A word shard not here is no listing's (nothing to fetch).
    pub files: BTreeMap<String, String>,
    /// Cards per shard (`api::HOMES_CARDS`).
    pub per_shard: usize,
    /// The neighborhoods' slugs (the form's values); the first, "", is none.
    pub areas: Vec<String>,
    /// The types' values (slugs of PropertySubType, else PropertyType); the first, "", is none.
    pub kinds: Vec<String>,
    /// The statuses' values (slugs of RESO's StandardStatus).
    pub statuses: Vec<String>,
}

/// The index's columns, each a JSON array in a file of its own: `columns/<name>.json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
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
}

impl Column {
    pub const ALL: [Column; 7] =
        [Column::Price, Column::Beds, Column::Baths, Column::Sqft, Column::Area, Column::Kind, Column::Status];

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
        }
    }
}

/// The columns of every listing for sale, in `/homes/`' order. A missing figure is 0 (no filter
/// "at least 1" keeps it; sorting by size puts it last).
#[derive(Debug)]
pub struct Index {
    pub meta: Meta,
    pub price: Vec<u64>,
    pub beds: Vec<u32>,
    pub baths: Vec<u32>,
    pub sqft: Vec<u32>,
    pub area: Vec<u32>,
    pub kind: Vec<u32>,
    pub status: Vec<u32>,
}

impl Index {
    /// A column as its file's JSON.
    fn column(&self, c: Column) -> serde_json::Result<Vec<u8>> {
        match c {
            Column::Price => serde_json::to_vec(&self.price),
            Column::Beds => serde_json::to_vec(&self.beds),
            Column::Baths => serde_json::to_vec(&self.baths),
            Column::Sqft => serde_json::to_vec(&self.sqft),
            Column::Area => serde_json::to_vec(&self.area),
            Column::Kind => serde_json::to_vec(&self.kind),
            Column::Status => serde_json::to_vec(&self.status),
        }
    }
}

/// One shard of the word index: each word with the places (in `Index`' order) of the listings
/// that have it, as gaps: `[3, 1, 4]` is places 3, 4 and 8.
pub type WordShard = BTreeMap<String, Vec<u32>>;

/// A choice of a select: its value in the URL and what it says.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    pub value: String,
    pub label: String,
}

/// The type a listing is searched and shown as: its PropertySubType, else its PropertyType.
pub fn kind_of(h: &Home) -> Option<&str> {
    h.p.property_sub_type.as_deref().or(h.p.property_type.as_deref())
}

/// A status's value in the URL and the index: "active-under-contract".
pub fn status_value(s: Status) -> String {
    slugify(s.name())
}

/// The words of `text` as the index keeps them (jax_model::search's, which the shared cases,
/// spec/cases/search-words.json, test against the index's own steps).
#[cfg(test)]
pub fn words(text: &str) -> Vec<String> {
    jax_model::search::words(text)
}

/// The index and the word shards (by key) of the listings for sale.
pub fn build(homes: &Homes) -> (Index, BTreeMap<String, WordShard>) {
    let listed: Vec<&Home> = homes.for_sale_in(None).collect();
    let mut areas = vec![String::new()];
    let mut kinds = vec![String::new()];
    let mut statuses = Vec::new();
    let place = |list: &mut Vec<String>, value: String| -> u32 {
        let i = list.iter().position(|v| *v == value).unwrap_or_else(|| {
            list.push(value);
            list.len() - 1
        });
        u32::try_from(i).expect("fewer than 4 billion distinct values")
    };
    let mut index = Index {
        meta: Meta {
            size: listed.len(),
            files: BTreeMap::new(),
            per_shard: CARDS_PER_SHARD,
            areas: Vec::new(),
            kinds: Vec::new(),
            statuses: Vec::new(),
        },
        price: Vec::with_capacity(listed.len()),
        beds: Vec::with_capacity(listed.len()),
        baths: Vec::with_capacity(listed.len()),
        sqft: Vec::with_capacity(listed.len()),
        area: Vec::with_capacity(listed.len()),
        kind: Vec::with_capacity(listed.len()),
        status: Vec::with_capacity(listed.len()),
    };
    for h in &listed {
        let f = figures(h);
        index.price.push(f.price);
        index.beds.push(f.beds);
        index.baths.push(f.baths);
        index.sqft.push(h.p.living_area.map_or(0, |a| a.round().clamp(0.0, f64::from(u32::MAX)) as u32));
        index.area.push(place(&mut areas, f.area));
        index.kind.push(place(&mut kinds, f.kind));
        index.status.push(place(&mut statuses, f.status));
    }
    index.meta = Meta { areas, kinds, statuses, ..index.meta };
    (index, word_shards(&listed))
}

/// Listings per piece of the word index built on one thread (the pieces join in order).
const WORDS_PER_PIECE: usize = 512;

/// Each word of `listed` with the places of the listings that have it, as gaps, by shard key.
/// Built in pieces in parallel: the remarks' words are most of a 10,000-listing build's index.
fn word_shards(listed: &[&Home]) -> BTreeMap<String, WordShard> {
    let pieces: Vec<FxHashMap<String, Vec<u32>>> = listed
        .par_chunks(WORDS_PER_PIECE)
        .enumerate()
        .map(|(n, chunk)| {
            let mut places: FxHashMap<String, Vec<u32>> = FxHashMap::default();
            let mut buf = String::new();
            for (i, h) in chunk.iter().enumerate() {
                let at = u32::try_from(n * WORDS_PER_PIECE + i).expect("fewer than 4 billion listings");
                for raw in searchable(h).flat_map(raw_words) {
                    let word = lowercase(raw, &mut buf);
                    match places.get_mut(word) {
                        // Places come in order: a word said twice by one listing is the last one.
                        Some(at_list) if at_list.last() == Some(&at) => {}
                        Some(at_list) => at_list.push(at),
                        None => {
                            places.insert(word.to_string(), vec![at]);
                        }
                    }
                }
            }
            places
        })
        .collect();
    // Pieces in listing order, so each word's places stay ascending.
    let mut places: FxHashMap<String, Vec<u32>> = FxHashMap::default();
    for piece in pieces {
        for (word, at) in piece {
            places.entry(word).or_default().extend(at);
        }
    }
    let mut places: Vec<(String, Vec<u32>)> = places.into_iter().collect();
    places.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    let mut shards: BTreeMap<String, WordShard> = BTreeMap::new();
    for (word, at) in places {
        let gaps = at.iter().scan(0, |prev, &p| Some(p - std::mem::replace(prev, p))).collect();
        shards.entry(shard_key(&word)).or_default().insert(word, gaps);
    }
    shards
}

/// A file's path in its folder: `columns/{name}.json`.
fn in_version(template: &str) -> &str {
    template.split_once("{version}/").expect("a file in its folder").1
}

/// The search's files but its cards, made from the listings while the pages (and so the cards)
/// render.
pub struct Prepared {
    meta: Meta,
    /// The columns the card orders follow.
    price: Vec<u64>,
    sqft: Vec<u32>,
    /// Paths in their folders (`columns/price.json`), and bytes.
    files: Vec<(String, Vec<u8>)>,
}

/// The index and the word shards, ready to be written.
pub fn prepare(homes: &Homes) -> Result<Prepared> {
    let (index, shards) = build(homes);
    let mut files = Vec::with_capacity(shards.len() + Column::ALL.len());
    for c in Column::ALL {
        let bytes = index.column(c).with_context(|| format!("serializing the column {}", c.name()))?;
        files.push((in_version(api::HOMES_COLUMN).replace("{name}", c.name()), bytes));
    }
    for (key, shard) in &shards {
        let bytes = serde_json::to_vec(shard).with_context(|| format!("serializing the word shard {key}"))?;
        files.push((in_version(api::HOMES_WORDS).replace("{key}", key), bytes));
    }
    Ok(Prepared { meta: index.meta, price: index.price, sqft: index.sqft, files })
}

/// The search's files: `meta.json`, then the columns, word shards and card shards, each in the
/// folder of its hash. `cards`: each listing for sale's card, in the index's order.
pub fn outputs(prepared: Prepared, cards: &[&str]) -> Result<Vec<Output>> {
    outputs_with(prepared, cards, &Ok)
}

/// `outputs`, each file handed to `keep` as soon as it is made (`meta.json` last, but first in
/// the list), so the card shards, three copies of every card, are never all in memory.
pub fn outputs_with<P: Send>(
    prepared: Prepared,
    cards: &[&str],
    keep: &(impl Fn(Output) -> Result<P> + Sync),
) -> Result<Vec<P>> {
    let Prepared { mut meta, price, sqft, files } = prepared;
    anyhow::ensure!(cards.len() == meta.size, "{} cards for {} listings in the search's index", cards.len(), meta.size);
    // Each file in a folder named by its bytes: the same bytes, the same name, not uploaded again.
    // 40 bits of the hash: ~1,200 files a build, and a stale name can only be one of its own path's.
    let folder = api::HOMES_COLUMN.split_once("{version}/").expect("a folder per file").0.trim_start_matches('/');
    let hashed = |(path, bytes): (String, Vec<u8>)| -> Result<(String, String, P)> {
        let hash = blake3::hash(&bytes).to_hex()[..10].to_string();
        let kept = keep(Output::new(format!("{folder}{hash}/{path}"), bytes))?;
        Ok((path, hash, kept))
    };
    let orders: Vec<(CardOrder, Vec<&str>)> =
        CardOrder::ALL.iter().map(|&o| (o, o.places(&price, &sqft).into_iter().map(|i| cards[i]).collect())).collect();
    let shards: Vec<(CardOrder, usize, &[&str])> = orders
        .iter()
        .flat_map(|(order, ordered)| ordered.chunks(CARDS_PER_SHARD).enumerate().map(|(n, s)| (*order, n, s)))
        .collect();
    let mut made: Vec<(String, String, P)> = files.into_par_iter().map(hashed).collect::<Result<_>>()?;
    made.extend(
        shards
            .into_par_iter()
            .map(|(order, n, shard)| {
                let bytes = serde_json::to_vec(shard).context("serializing the search's cards")?;
                let path =
                    in_version(api::HOMES_CARDS).replace("{order}", order.name()).replace("{shard}", &n.to_string());
                hashed((path, bytes))
            })
            .collect::<Result<Vec<_>>>()?,
    );
    let mut out = Vec::with_capacity(made.len() + 1);
    let mut rest = Vec::with_capacity(made.len());
    for (path, hash, file) in made {
        meta.files.insert(path, hash);
        rest.push(file);
    }
    // Made last, since it names every other file.
    out.push(keep(Output::new(
        api::HOMES_META.trim_start_matches('/'),
        serde_json::to_vec(&meta).context("serializing the search's meta.json")?,
    ))?);
    out.extend(rest);
    Ok(out)
}

/// The texts a listing is found by: the street address only where the MLS lets it show.
fn searchable(h: &Home) -> impl Iterator<Item = &str> {
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
fn figures(h: &Home) -> Facts {
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

/// The price filters' choices: every step, written as the market figures are ("$750K", "$1.5M").
pub fn price_choices() -> Vec<Choice> {
    PRICE_STEPS.iter().map(|&p| Choice { value: p.to_string(), label: jax_model::market::format::price(p) }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check;
    use serde_json::json;

    fn listing(n: u32, modified: &str, address_shown: bool, status: &str) -> crate::record::Property {
        let record = json!({
            "ListingKey": format!("K{n}"), "ListingId": format!("21{n:05}"), "StandardStatus": status,
            "ListPrice": 400_000 + n * 1000, "BedroomsTotal": n, "LivingArea": 1500.4,
            "UnparsedAddress": format!("{n} Hidden Oak Lane"), "City": "Jacksonville", "PostalCode": "32210-1234",
            "SubdivisionName": "Ortega Forest", "PublicRemarks": "Saltwater POOL, dock.",
            "PropertySubType": if n.is_multiple_of(2) { "Condominium" } else { "Single Family Residence" },
            "ListOfficeName": "Harbor Realty", "ModificationTimestamp": modified,
            "InternetEntireListingDisplayYN": true, "InternetAddressDisplayYN": address_shown,
        });
        check(&record, "x").unwrap()
    }

    #[test]
    fn columns_follow_the_lists_order_and_words_keep_what_may_be_shown() {
        let homes = Homes::new(
            None,
            vec![
                listing(1, "2026-11-01T00:00:00Z", true, "Active"),
                listing(2, "2026-11-03T00:00:00Z", false, "Pending"),
                listing(3, "2026-11-02T00:00:00Z", true, "Closed"),
                listing(4, "2026-11-04T00:00:00Z", true, "Coming Soon"),
            ],
            &[],
        );
        let (index, shards) = build(&homes);
        // Newest first; the sold one is not for sale.
        assert_eq!(index.price, [404_000, 402_000, 401_000]);
        assert_eq!(
            (index.beds.as_slice(), index.baths.as_slice(), index.sqft.as_slice()),
            ([4, 2, 1].as_slice(), [0, 0, 0].as_slice(), [1500, 1500, 1500].as_slice())
        );
        assert_eq!(index.meta.size, 3);
        assert_eq!(index.meta.areas, [""]);
        assert_eq!(index.area, [0, 0, 0]);
        assert_eq!(index.meta.kinds, ["", "condominium", "single-family-residence"]);
        assert_eq!(index.kind, [1, 1, 2]);
        assert_eq!(index.meta.statuses, ["coming-soon", "pending", "active"]);
        assert_eq!(index.status, [0, 1, 2]);
        // Places as gaps: "pool" is in all three, the street number "4" is too short to be a word.
        assert_eq!(shards["po"]["pool"], [0, 1, 1]);
        assert_eq!(shards["32"]["32210"], [0, 1, 1]);
        assert_eq!(shards["21"]["2100002"], [1]);
        // Listing 2 hides its address: its street's words are the others' only.
        assert_eq!(shards["hi"]["hidden"], [0, 2]);
        assert!(!shards.values().any(|s| s.contains_key("1234")), "the ZIP+4's extension is not a word of the listing");
    }

    /// A saved search's alert sees a listing as the site's search does: the index holds exactly
    /// each listing's facts (its figures coded, its words at its place), so `Query::matches` on
    /// `facts` finds what the island finds on the index (both run spec/cases/search-filters.json).
    #[test]
    fn the_index_holds_each_listings_facts() {
        let homes = Homes::new(
            None,
            (1..=40).map(|n| listing(n, &format!("2026-11-01T00:{n:02}:00Z"), n % 3 != 0, "Active")).collect(),
            &[],
        );
        let (index, shards) = build(&homes);
        let listed: Vec<&Home> = homes.for_sale_in(None).collect();
        let mut words_at: Vec<std::collections::BTreeSet<String>> = vec![Default::default(); listed.len()];
        for shard in shards.values() {
            for (word, gaps) in shard {
                let mut at = 0;
                for gap in gaps {
                    at += *gap as usize;
                    words_at[at].insert(word.clone());
                }
            }
        }
        let code = |codes: &[String], value: &str| codes.iter().position(|c| c == value).unwrap() as u32;
        for (i, h) in listed.iter().enumerate() {
            let f = facts(h);
            assert_eq!((index.price[i], index.beds[i], index.baths[i]), (f.price, f.beds, f.baths), "{i}");
            assert_eq!(index.area[i], code(&index.meta.areas, &f.area));
            assert_eq!(index.kind[i], code(&index.meta.kinds, &f.kind));
            assert_eq!(index.status[i], code(&index.meta.statuses, &f.status));
            assert_eq!(
                words_at[i],
                f.words.split('\n').skip(1).map(String::from).collect(),
                "{i}: the words at its place"
            );
        }
        let q = jax_model::search::Query::from_params(|n| (n == "q").then_some("hidden oak"));
        assert_eq!(listed.iter().filter(|h| q.matches(&facts(h))).count(), 27, "the 27 whose address may show");
    }

    #[test]
    fn cards_go_in_shards_of_places_and_each_file_in_the_folder_of_its_hash() {
        let listings: Vec<_> =
            (1..=50).map(|n| listing(n, &format!("2026-11-01T00:{n:02}:00Z"), true, "Active")).collect();
        let homes = Homes::new(None, listings, &[]);
        let cards: Vec<String> = (0..50).map(|i| format!("<article>{i}</article>")).collect();
        let cards: Vec<&str> = cards.iter().map(String::as_str).collect();
        let out = outputs(prepare(&homes).unwrap(), &cards).unwrap();
        let meta: serde_json::Value = serde_json::from_slice(&out[0].bytes).unwrap();
        assert_eq!(out[0].path, "data/homes/meta.json");
        assert_eq!((meta["size"].as_u64(), meta["per_shard"].as_u64()), (Some(50), Some(CARDS_PER_SHARD as u64)));
        let files = meta["files"].as_object().unwrap();
        assert_eq!(files.len(), out.len() - 1, "meta.json names every file");
        let file = |path: &str| {
            let hash = files.get(path)?.as_str().unwrap();
            assert_eq!(hash.len(), 10);
            out.iter().find(|o| o.path == format!("data/search/{hash}/{path}"))
        };
        let shard = |order: &str, n: usize| {
            serde_json::from_slice::<Vec<String>>(&file(&format!("cards/{order}/{n}.json")).unwrap().bytes).unwrap()
        };
        assert_eq!(shard("newest", 0).len(), CARDS_PER_SHARD);
        assert_eq!(shard("newest", 0)[5], "<article>5</article>");
        assert_eq!(shard("newest", 1), ["<article>48</article>", "<article>49</article>"]);
        assert!(file("cards/newest/2.json").is_none());
        // Newest first, listing n at place 50 - n with the price 400,000 + 1,000n: by price, the
        // places run backwards; by size (all alike), in place order.
        assert_eq!(shard("price", 0)[0], "<article>49</article>");
        assert_eq!(shard("price", 1), ["<article>1</article>", "<article>0</article>"]);
        assert_eq!(shard("size", 1), ["<article>48</article>", "<article>49</article>"]);
        assert!(file("columns/price.json").is_some() && file("words/po.json").is_some());
        // The same search, the same names; a card changed, only the shards that hold it renamed.
        let again = outputs(prepare(&homes).unwrap(), &cards).unwrap();
        assert_eq!(again, out);
        let mut changed = cards.clone();
        changed[49] = "<article>new</article>";
        let other = outputs(prepare(&homes).unwrap(), &changed).unwrap();
        let renamed: Vec<&str> =
            other[1..].iter().filter(|o| !out.iter().any(|x| x.path == o.path)).map(|o| o.path.as_str()).collect();
        assert_eq!(renamed.len(), 3, "its shard in each order: {renamed:?}");
        assert!(renamed.iter().all(|p| p.contains("/cards/")), "{renamed:?}");
        assert!(outputs(prepare(&homes).unwrap(), &cards[1..]).is_err(), "a card per listing");
    }

    #[test]
    fn sorts_and_columns_serialize_as_their_names() {
        for sort in [Sort::Newest, Sort::PriceLow, Sort::PriceHigh, Sort::Size] {
            assert_eq!(serde_json::to_value(sort).unwrap(), sort.value());
        }
        for c in Column::ALL {
            assert_eq!(serde_json::to_value(c).unwrap(), c.name());
        }
    }

    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct WordCases {
        #[serde(rename = "_")]
        _about: String,
        words: Vec<TextCase>,
        shard_keys: Vec<KeyCase>,
    }

    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct TextCase {
        why: String,
        text: String,
        words: Vec<String>,
    }

    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct KeyCase {
        word: String,
        key: String,
    }

    /// The same cases run against the island's copy (site/src/lib/homes-search.test.ts).
    #[test]
    fn word_cases_shared_with_the_browser() {
        let table: WordCases = serde_json::from_str(include_str!("../../../spec/cases/search-words.json")).unwrap();
        for case in &table.words {
            assert_eq!(words(&case.text), case.words, "{:?}: {}", case.text, case.why);
        }
        for case in &table.shard_keys {
            assert_eq!(words(&case.word), [case.word.as_str()], "{:?} is a word as the index keeps it", case.word);
            assert_eq!(shard_key(&case.word), case.key, "{:?}", case.word);
        }
    }

    #[test]
    fn the_index_lowercases_as_the_library_does() {
        let mut buf = String::new();
        for word in ["pool", "POOL", "Ortega", "3B", "ÉTÉ", "ΟΔΟΣ", "İstanbul", "straße", "Ǆemal", "32204"] {
            assert_eq!(lowercase(word, &mut buf), word.to_lowercase(), "{word}");
        }
    }

    #[test]
    fn a_word_said_twice_by_a_listing_places_it_once() {
        let mut record = listing(1, "2026-11-01T00:00:00Z", true, "Active");
        record.public_remarks = Some("Pool, POOL and a pool house. Ortega".into());
        let homes = Homes::new(None, vec![record, listing(2, "2026-11-02T00:00:00Z", true, "Active")], &[]);
        let (_, shards) = build(&homes);
        assert_eq!(shards["po"]["pool"], [0, 1], "both listings, once each");
        assert_eq!(shards["or"]["ortega"], [0, 1], "the subdivision and the remarks of one listing: once");
    }
}
