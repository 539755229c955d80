//! The search's files written out: the columns and word shards hashed into their folders, then the
//! card shards streamed out as they are made, and `meta.json`, which names them all, made last.

use super::files::{CardOrder, Column, Meta, CARDS_PER_SHARD};
use super::index::build;
use crate::homes::Homes;
use anyhow::{Context, Result};
use jax_model::api;
use jax_output::Output;
use rayon::prelude::*;

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
