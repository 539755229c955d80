//! How the card shards are cut; the files' shapes are `jax_model::search_index`'s (the worker
//! reads them too).

pub use jax_model::search_index::{CardOrder, CardShards, Column, FeatureBits, Meta, Shards, WordShard, FEATURE_BITS};

/// Cards a shard holds at least (but the last of an order): a list's page and more.
pub const SHARD_MIN: usize = 16;
/// One card in this many starts a shard once it holds `SHARD_MIN` (which card, its MLS number
/// says): about two lists' pages a shard. The first results of a search that keeps a third of
/// the listings or more are in the first shard; an eighth (a neighborhood), in two.
pub const SHARD_SPREAD: u64 = 32;
/// Cards a shard holds at most.
pub const SHARD_MAX: usize = 128;

/// Where the shards of cards in this order start, given whether each card may start one
/// (`may_start`, by its MLS number): after at least `SHARD_MIN` cards, at the next that may, or
/// at `SHARD_MAX`.
pub(super) fn cut(may_start: impl Iterator<Item = bool>) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut last = 0;
    for (i, may) in may_start.enumerate() {
        let held = i - last;
        if i == 0 || (held >= SHARD_MIN && may) || held == SHARD_MAX {
            starts.push(i);
            last = i;
        }
    }
    starts
}

/// Whether a card may start a shard: one in `SHARD_SPREAD`, by its id's hash.
pub(super) fn may_start(id: &str) -> bool {
    let hash = blake3::hash(id.as_bytes());
    let head: [u8; 8] = hash.as_bytes()[..8].try_into().expect("a hash is 32 bytes");
    u64::from_le_bytes(head).is_multiple_of(SHARD_SPREAD)
}
