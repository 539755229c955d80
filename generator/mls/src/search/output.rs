//! The search's files written out: the columns and word shards hashed into their folders, then the
//! card shards streamed out as they are made, and `meta.json`, which names them all, made last.

use super::facts::card_id;
use super::files::{cut, may_start, CardOrder, Column, Meta};
use super::index::build;
use crate::homes::Homes;
use anyhow::{Context, Result};
use jax_model::api;
use jax_output::Output;
use rayon::prelude::*;
use rustc_hash::FxHashMap;

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
    /// Whether each listing's card may start a shard (`may_start`).
    may_start: Vec<bool>,
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
    let may_start = homes.for_sale_in(None).map(|h| may_start(card_id(h))).collect();
    Ok(Prepared { meta: index.meta, price: index.price, sqft: index.sqft, may_start, files })
}

/// What the previous build into the same folder made of each card shard: its folder (the hash
/// of its bytes) by its key (`shard_key`: its order and its cards), so that a shard whose cards
/// did not change is not serialized and hashed again (after an import, nearly all of them).
pub type KnownShards = FxHashMap<String, String>;

/// A shard's key: its order and the hashes of its cards.
fn shard_key(order: CardOrder, cards: &[blake3::Hash]) -> String {
    let mut key = blake3::Hasher::new();
    key.update(order.name().as_bytes());
    for card in cards {
        key.update(card.as_bytes());
    }
    key.finalize().to_hex().to_string()
}

/// The search's files: `meta.json`, then the columns, word shards and card shards, each in the
/// folder of its hash. `cards`: each listing for sale's card, in the index's order.
pub fn outputs(prepared: Prepared, cards: &[&str]) -> Result<Vec<Output>> {
    Ok(outputs_with(prepared, cards, &Ok, &KnownShards::default(), &|_| Ok(None))?.0)
}

/// `outputs`, each file handed to `keep` as soon as it is made (`meta.json` last, but first in
/// the list), so the card shards, three copies of every card, are never all in memory; and the
/// shards made, for the next build's `known`. A card shard `known` names is handed to `reuse`
/// (its path) instead, unmade, where the folder holds it (`reuse` says so).
pub fn outputs_with<P: Send>(
    prepared: Prepared,
    cards: &[&str],
    keep: &(impl Fn(Output) -> Result<P> + Sync),
    known: &KnownShards,
    reuse: &(impl Fn(String) -> Result<Option<P>> + Sync),
) -> Result<(Vec<P>, KnownShards)> {
    let Prepared { mut meta, price, sqft, may_start, files } = prepared;
    anyhow::ensure!(cards.len() == meta.size, "{} cards for {} listings in the search's index", cards.len(), meta.size);
    // Each file in a folder named by its bytes: the same bytes, the same name, not uploaded again.
    // 40 bits of the hash: ~1,200 files a build, and a stale name can only be one of its own path's.
    let folder = api::HOMES_COLUMN.split_once("{version}/").expect("a folder per file").0.trim_start_matches('/');
    let hashed = |(path, bytes): (String, Vec<u8>)| -> Result<(String, String, P)> {
        let hash = blake3::hash(&bytes).to_hex()[..10].to_string();
        let kept = keep(Output::new(format!("{folder}{hash}/{path}"), bytes))?;
        Ok((path, hash, kept))
    };
    let hashes: Vec<blake3::Hash> = cards.par_iter().map(|c| blake3::hash(c.as_bytes())).collect();
    let mut shards: Vec<(CardOrder, Vec<usize>)> = Vec::new();
    for order in CardOrder::ALL {
        let places = order.places(price.len(), &price, &sqft);
        let starts = cut(places.iter().map(|&i| may_start[i]));
        for (n, &from) in starts.iter().enumerate() {
            let to = starts.get(n + 1).copied().unwrap_or(places.len());
            meta.shards.of(order).from.push(u32::try_from(from).expect("fewer than 4 billion listings"));
            shards.push((order, places[from..to].to_vec()));
        }
    }
    let made: Vec<(String, String, P)> = files.into_par_iter().map(hashed).collect::<Result<_>>()?;
    let path = |order: CardOrder| in_version(api::HOMES_CARDS).replace("{order}", order.name());
    let cards_made: Vec<(CardOrder, String, String, P)> = shards
        .into_par_iter()
        .map(|(order, places)| {
            let key = shard_key(order, &places.iter().map(|&i| hashes[i]).collect::<Vec<_>>());
            if let Some(hash) = known.get(&key) {
                if let Some(kept) = reuse(format!("{folder}{hash}/{}", path(order)))? {
                    return Ok((order, key, hash.clone(), kept));
                }
            }
            let shard: Vec<&str> = places.iter().map(|&i| cards[i]).collect();
            let bytes = serde_json::to_vec(&shard).context("serializing the search's cards")?;
            let (_, hash, kept) = hashed((path(order), bytes))?;
            Ok((order, key, hash, kept))
        })
        .collect::<Result<_>>()?;
    let mut out = Vec::with_capacity(made.len() + cards_made.len() + 1);
    let mut rest = Vec::with_capacity(made.len() + cards_made.len());
    for (path, hash, file) in made {
        meta.files.insert(path, hash);
        rest.push(file);
    }
    let mut made_shards = KnownShards::default();
    for (order, key, hash, file) in cards_made {
        meta.shards.of(order).hash.push(hash.clone());
        made_shards.insert(key, hash);
        rest.push(file);
    }
    // Made last, since it names every other file.
    out.push(keep(Output::new(
        api::HOMES_META.trim_start_matches('/'),
        serde_json::to_vec(&meta).context("serializing the search's meta.json")?,
    ))?);
    out.extend(rest);
    Ok((out, made_shards))
}
