//! The index built from the listings for sale: its columns and its word shards.

use super::facts::{figures, searchable, Clock};
use super::files::{CardShards, Column, Meta, WordShard, FEATURE_BITS};
use crate::homes::{Home, Homes};
use jax_model::search::{lowercase, raw_words, shard_key};
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

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
    pub features: Vec<u32>,
    pub garage: Vec<u32>,
    pub acres: Vec<u32>,
    pub listed: Vec<u32>,
    pub reduced: Vec<u32>,
    pub open_house: Vec<u32>,
}

impl Index {
    /// A column as its file's JSON.
    pub(super) fn column(&self, c: Column) -> serde_json::Result<Vec<u8>> {
        match c {
            Column::Price => serde_json::to_vec(&self.price),
            Column::Beds => serde_json::to_vec(&self.beds),
            Column::Baths => serde_json::to_vec(&self.baths),
            Column::Sqft => serde_json::to_vec(&self.sqft),
            Column::Area => serde_json::to_vec(&self.area),
            Column::Kind => serde_json::to_vec(&self.kind),
            Column::Status => serde_json::to_vec(&self.status),
            Column::Features => serde_json::to_vec(&self.features),
            Column::Garage => serde_json::to_vec(&self.garage),
            Column::Acres => serde_json::to_vec(&self.acres),
            Column::Listed => serde_json::to_vec(&self.listed),
            Column::Reduced => serde_json::to_vec(&self.reduced),
            Column::OpenHouse => serde_json::to_vec(&self.open_house),
        }
    }
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
            shards: CardShards::default(),
            areas: Vec::new(),
            kinds: Vec::new(),
            statuses: Vec::new(),
            features: FEATURE_BITS,
        },
        price: Vec::with_capacity(listed.len()),
        beds: Vec::with_capacity(listed.len()),
        baths: Vec::with_capacity(listed.len()),
        sqft: Vec::with_capacity(listed.len()),
        area: Vec::with_capacity(listed.len()),
        kind: Vec::with_capacity(listed.len()),
        status: Vec::with_capacity(listed.len()),
        features: Vec::with_capacity(listed.len()),
        garage: Vec::with_capacity(listed.len()),
        acres: Vec::with_capacity(listed.len()),
        listed: Vec::with_capacity(listed.len()),
        reduced: Vec::with_capacity(listed.len()),
        open_house: Vec::with_capacity(listed.len()),
    };
    let clock = Clock::of(homes);
    for h in &listed {
        let f = figures(h, &clock);
        let bit = |yes: bool, bit: u32| if yes { bit } else { 0 };
        let b = FEATURE_BITS;
        index
            .features
            .push(bit(f.waterfront, b.waterfront) | bit(f.pool, b.pool) | bit(f.new_construction, b.new_construction));
        index.garage.push(f.garage);
        index.acres.push(f.acres);
        index.listed.push(f.listed);
        index.reduced.push(f.reduced);
        index.open_house.push(f.open_house);
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
