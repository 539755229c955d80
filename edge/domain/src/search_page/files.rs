//! The search's files read from JSON values, by hand: one serde deserializer per file type would
//! cost the worker's wasm ~40 KiB gzip (measured), and it parses every file as a `Value` already.
//! Each reader's result equals serde's of the generator's types (the tests check it).

use jax_model::search_index::{CardShards, FeatureBits, Meta, Shards, WordShard};
use serde_json::Value;
use std::collections::BTreeMap;

/// What the worker reads of the search island's props on `/homes/` (the generator's
/// `HomesSearchProps`): the files' URLs, the page size and the texts the island shows.
#[derive(Debug)]
pub struct Props {
    pub files: Files,
    pub per_page: usize,
    pub labels: Labels,
    /// "{count} homes for sale": the count without filters.
    pub count: String,
    /// "Page {n} of {total}".
    pub page: String,
}

/// The search's files (`api::HOMES_META` and the templates after it).
#[derive(Debug)]
pub struct Files {
    pub meta: String,
    pub column: String,
    pub words: String,
    pub cards: String,
}

#[derive(Debug)]
pub struct Labels {
    /// "{count} homes match your search".
    pub results: String,
    /// No home matches.
    pub none: String,
}

fn text(v: &Value, key: &str) -> Option<String> {
    v.get(key)?.as_str().map(String::from)
}

fn texts(v: &Value) -> Option<Vec<String>> {
    v.as_array()?.iter().map(|t| t.as_str().map(String::from)).collect()
}

fn small(v: &Value) -> Option<u32> {
    u32::try_from(v.as_u64()?).ok()
}

/// The search island's props (the generator's `HomesSearchProps`, as far as the worker reads them).
pub fn props(v: &Value) -> Option<Props> {
    let files = v.get("files")?;
    let labels = v.get("labels")?;
    Some(Props {
        files: Files {
            meta: text(files, "meta")?,
            column: text(files, "column")?,
            words: text(files, "words")?,
            cards: text(files, "cards")?,
        },
        per_page: usize::try_from(v.get("per_page")?.as_u64()?).ok()?,
        labels: Labels { results: text(labels, "results")?, none: text(labels, "none")? },
        count: text(v, "count")?,
        page: text(v, "page")?,
    })
}

/// `meta.json`.
pub fn meta(v: &Value) -> Option<Meta> {
    let shards = |order: &str| {
        let s = v.get("shards")?.get(order)?;
        let from = s.get("from")?.as_array()?.iter().map(small).collect::<Option<Vec<u32>>>()?;
        Some(Shards { from, hash: texts(s.get("hash")?)? })
    };
    let bits = v.get("features")?;
    let bit = |name: &str| small(bits.get(name)?);
    let mut files = BTreeMap::new();
    for (path, hash) in v.get("files")?.as_object()? {
        files.insert(path.clone(), hash.as_str()?.to_string());
    }
    Some(Meta {
        size: usize::try_from(v.get("size")?.as_u64()?).ok()?,
        files,
        shards: CardShards { newest: shards("newest")?, price: shards("price")?, size: shards("size")? },
        areas: texts(v.get("areas")?)?,
        kinds: texts(v.get("kinds")?)?,
        statuses: texts(v.get("statuses")?)?,
        features: FeatureBits {
            waterfront: bit("waterfront")?,
            pool: bit("pool")?,
            new_construction: bit("new_construction")?,
        },
    })
}

/// A column: whole numbers.
pub fn column(v: &Value) -> Option<Vec<u64>> {
    v.as_array()?.iter().map(Value::as_u64).collect()
}

/// A word shard: each word's places, as gaps.
pub fn word_shard(v: &Value) -> Option<WordShard> {
    let mut shard = WordShard::new();
    for (word, gaps) in v.as_object()? {
        shard.insert(word.clone(), gaps.as_array()?.iter().map(small).collect::<Option<Vec<u32>>>()?);
    }
    Some(shard)
}

/// A card shard: each card's HTML.
pub fn cards(v: &Value) -> Option<Vec<String>> {
    texts(v)
}
