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
//! - `cards/<order>.json`: the cards in one of the results' orders (`CardOrder`), a shard of
//!   consecutive cards in each folder (where each starts and its folder, `Meta::shards` says: a
//!   card's MLS number decides whether it starts one, so an import renames only the shards whose
//!   cards it changed, added or moved), as a JSON array of their HTML, rendered by the same template
//!   macro as the lists (`render::pages::homes`), so a result looks exactly like the prerendered
//!   page's cards. Not a file per listing: Cloudflare takes 20,000 static files per version on the
//!   Free plan. A copy per order, so that the first results of a sorted search are in one or two
//!   shards rather than scattered over dozens.
//!
//! Measured at 10,000 listings before it was chosen over Pagefind (whose first results needed
//! several times the bytes): see docs/benchmarks.md ("Search at 10,000 listings") for the figures.

mod facts;
mod files;
mod form;
mod index;
mod output;
#[cfg(test)]
mod tests;

pub use facts::{card_id, facts, kind_of, status_value, Clock};
pub use files::{
    CardOrder, CardShards, Column, FeatureBits, Meta, Shards, WordShard, FEATURE_BITS, SHARD_MAX, SHARD_MIN,
    SHARD_SPREAD,
};
pub use form::{price_choices, Choice, Sort, ACRES_CHOICES, DAYS_CHOICES, PRICE_STEPS};
pub use index::{build, Index};
pub use jax_model::search::{shard_key, Fields, FIELDS};
pub use output::{outputs, outputs_with, prepare, KnownShards, Prepared};
