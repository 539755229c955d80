//! The search's files read from their bytes, by hand: one serde deserializer per file type would
//! cost the worker's wasm more than the worker's one `Value` parser does. A column, a number per
//! listing, is scanned straight into numbers: as `Value`s it cost most of a search's CPU.
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
    /// More words than a search reads (`WORD_SHARDS_MAX`).
    pub too_many_words: String,
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
        labels: Labels {
            results: text(labels, "results")?,
            none: text(labels, "none")?,
            too_many_words: text(labels, "too_many_words")?,
        },
        count: text(v, "count")?,
        page: text(v, "page")?,
    })
}

fn value(bytes: &[u8]) -> Option<Value> {
    serde_json::from_slice(bytes).ok()
}

/// `meta.json`.
pub fn meta(bytes: &[u8]) -> Option<Meta> {
    meta_of(&value(bytes)?)
}

fn meta_of(v: &Value) -> Option<Meta> {
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

/// A column: a JSON array of whole numbers (what `Value::as_u64` reads: no sign, fraction or
/// exponent, at most `u64::MAX`), scanned without building a `Value` for each.
pub fn column(bytes: &[u8]) -> Option<Vec<u64>> {
    let mut at = skip_space(bytes, 0);
    if bytes.get(at) != Some(&b'[') {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len() / 4);
    at = skip_space(bytes, at + 1);
    if bytes.get(at) == Some(&b']') {
        return (skip_space(bytes, at + 1) == bytes.len()).then_some(out);
    }
    loop {
        let start = at;
        let mut n: u64 = 0;
        while let Some(d) = bytes.get(at).filter(|b| b.is_ascii_digit()) {
            n = n.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
            at += 1;
        }
        // At least one digit, and no leading zero (JSON's grammar).
        if at == start || (bytes[start] == b'0' && at - start > 1) {
            return None;
        }
        out.push(n);
        at = skip_space(bytes, at);
        match bytes.get(at)? {
            b',' => at = skip_space(bytes, at + 1),
            b']' => return (skip_space(bytes, at + 1) == bytes.len()).then_some(out),
            _ => return None,
        }
    }
}

/// The place of the first byte from `at` that is not JSON's whitespace.
fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).is_some_and(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r')) {
        at += 1;
    }
    at
}

/// A word shard: each word's places, as gaps.
pub fn word_shard(bytes: &[u8]) -> Option<WordShard> {
    let mut shard = WordShard::new();
    for (word, gaps) in value(bytes)?.as_object()? {
        shard.insert(word.clone(), gaps.as_array()?.iter().map(small).collect::<Option<Vec<u32>>>()?);
    }
    Some(shard)
}

/// A card shard: each card's HTML.
pub fn cards(bytes: &[u8]) -> Option<Vec<String>> {
    texts(&value(bytes)?)
}
