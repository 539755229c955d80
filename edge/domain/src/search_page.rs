//! The search of `/homes/` without JavaScript (`api::HOMES_SEARCH`): the form's GET, answered by
//! the worker from the very files the island reads (`jax_model::search_index`), with the listings
//! `jax_model::search::Query::matches` finds, in the island's order and pages, shown as the
//! static `/homes/` page with its list, count, paging and form set to the search (`html`). The
//! island's own search never comes here: it runs in the browser on `/homes/?…`.

pub mod files;
pub mod html;
#[cfg(test)]
mod tests;

use crate::searches::{normalize, query_of};
use jax_model::search::{shard_key, Facts, Query, FIELDS};
use jax_model::search_index::{CardOrder, Column, Meta, Sort, WordShard};

pub use files::Props;

/// A search as its URL asks for it.
#[derive(Debug)]
pub struct Asked {
    pub query: Query,
    /// Its filters as saved searches keep them (`searches::normalize`): the paging's links and
    /// the "Save this search" form carry them. None: too long to be a search.
    pub filters: Option<String>,
    pub sort: Sort,
    /// From 1.
    pub page: usize,
}

impl Asked {
    /// The search a URL's query (without its `?`) asks for.
    pub fn of(raw: &str) -> Asked {
        let pairs: Vec<(String, String)> = form_urlencoded::parse(raw.as_bytes()).into_owned().collect();
        let get = |name: &str| pairs.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
        let filters = normalize(raw);
        let page = get(FIELDS.page).and_then(|p| p.trim().parse::<usize>().ok()).filter(|&p| p > 0).unwrap_or(1);
        Asked {
            query: filters.as_deref().map_or_else(Query::default, query_of),
            filters,
            sort: Sort::of(get(FIELDS.sort)),
            page,
        }
    }

    /// Whether it filters at all (its order and page aside).
    pub fn filters(&self) -> bool {
        self.query != Query::default()
    }

    /// The URL of its page `n` on `path`.
    pub fn url(&self, path: &str, n: usize) -> String {
        let mut out = form_urlencoded::Serializer::new(String::new());
        out.extend_pairs(form_urlencoded::parse(self.filters.as_deref().unwrap_or("").as_bytes()));
        if self.sort != Sort::Newest {
            out.append_pair(FIELDS.sort, self.sort.value());
        }
        if n > 1 {
            out.append_pair(FIELDS.page, &n.to_string());
        }
        let query = out.finish();
        if query.is_empty() {
            path.to_string()
        } else {
            format!("{path}?{query}")
        }
    }

    /// The columns it reads: one per filter it uses, and its sort's.
    pub fn columns(&self) -> Vec<Column> {
        let q = &self.query;
        let price = q.min_price > 0 || q.max_price > 0 || matches!(self.sort, Sort::PriceLow | Sort::PriceHigh);
        [
            (Column::Price, price),
            (Column::Beds, q.beds > 0),
            (Column::Baths, q.baths > 0),
            (Column::Sqft, self.sort == Sort::Size),
            (Column::Area, !q.area.is_empty()),
            (Column::Kind, !q.kind.is_empty()),
            (Column::Status, !q.status.is_empty()),
            (Column::Features, q.waterfront || q.pool || q.new_construction),
            (Column::Garage, q.garage > 0),
            (Column::Acres, q.min_acres > 0),
            (Column::Listed, q.max_days > 0),
            (Column::Reduced, q.reduced),
            (Column::OpenHouse, q.open_house),
        ]
        .into_iter()
        .filter_map(|(c, used)| used.then_some(c))
        .collect()
    }

    /// The word shards it reads: those of its words that some listing has a word of. More than
    /// `WORD_SHARDS_MAX` is a search too wide to answer (`html::View::too_many_words` says so).
    pub fn word_shards(&self, meta: &Meta) -> Vec<String> {
        // Each once, in the words' order (no set: its sort is more code in the worker's wasm).
        let mut keys: Vec<String> = Vec::new();
        for key in self.query.words().map(shard_key) {
            if !keys.contains(&key) && meta.files.contains_key(&format!("words/{key}.json")) {
                keys.push(key);
            }
        }
        keys
    }
}

/// Word shards a search reads at most: with the page, `meta.json`, every column and a page of
/// cards from as many shards, within the 50 subrequests a request has on the Free plan.
pub const WORD_SHARDS_MAX: usize = 8;

/// The URL of one of the index's files (`{version}` is the folder `meta` names for `path`).
pub fn file_url(template: &str, meta: &Meta, path: &str) -> Option<String> {
    let (before, _) = template.split_once("{version}/")?;
    Some(format!("{before}{}/{path}", meta.files.get(path)?))
}

/// A column's path in `meta.files`.
pub fn column_path(c: Column) -> String {
    format!("columns/{}.json", c.name())
}

/// The index's columns the search read by name, each as long as the index. Pairs, not maps: a
/// search reads a few, and each map's type is its own sort and tree code in the worker's wasm.
pub type Columns = Vec<(&'static str, Vec<u64>)>;

/// The word shards the search read, by key.
pub type WordShards = Vec<(String, WordShard)>;

/// The value of `key` among `pairs`.
pub fn get<'a, K: AsRef<str>, V>(pairs: &'a [(K, V)], key: &str) -> Option<&'a V> {
    pairs.iter().find(|(k, _)| k.as_ref() == key).map(|(_, v)| v)
}

/// The places of the listings `asked` finds on `today` (`calendar::eastern_day`), in its order;
/// Err names a file that is not this index's.
pub fn found<'a>(
    meta: &'a Meta,
    columns: &[(&'static str, Vec<u64>)],
    shards: &[(String, WordShard)],
    asked: &Asked,
    today: u32,
) -> Result<Vec<usize>, String> {
    let n = meta.size;
    if let Some((name, _)) = columns.iter().find(|(_, v)| v.len() != n) {
        return Err(format!("the column {name} is not as long as the index ({n})"));
    }
    // Each column looked up once; a column not read is zero for every listing (not asked for).
    let col = |c: Column| get(columns, c.name()).map(Vec::as_slice);
    let [price, beds, baths, sqft, area, kind, status, features, garage, acres, listed, reduced, open_house] =
        Column::ALL.map(col);
    let at = |c: Option<&[u64]>, i: usize| c.map_or(0, |v| v[i]);
    let small = |c: Option<&[u64]>, i: usize| u32::try_from(at(c, i)).unwrap_or(u32::MAX);
    // A code's name, borrowed: no listing's facts own a copy.
    let name = |c: Option<&[u64]>, codes: &'a [String], i: usize| -> &'a str {
        c.and_then(|v| codes.get(usize::try_from(v[i]).ok()?)).map_or("", String::as_str)
    };
    // Each listing's words the search typed the start of, from their shards.
    let mut words = vec![String::new(); n];
    for typed in asked.query.words() {
        for (word, gaps) in get(shards, shard_key(typed).as_str()).into_iter().flatten() {
            if !word.starts_with(typed) {
                continue;
            }
            let mut place = 0usize;
            for &gap in gaps {
                place += gap as usize;
                if let Some(w) = words.get_mut(place) {
                    w.push('\n');
                    w.push_str(word);
                }
            }
        }
    }
    let q = &asked.query;
    let bits = meta.features;
    let mut places: Vec<usize> = (0..n)
        .filter(|&i| {
            q.matches_coded(name(area, &meta.areas, i), name(kind, &meta.kinds, i), name(status, &meta.statuses, i))
                && {
                    let has = |bit: u32| at(features, i) & u64::from(bit) != 0;
                    let facts = Facts {
                        price: at(price, i),
                        beds: small(beds, i),
                        baths: small(baths, i),
                        area: String::new(),
                        kind: String::new(),
                        status: String::new(),
                        waterfront: has(bits.waterfront),
                        pool: has(bits.pool),
                        garage: small(garage, i),
                        new_construction: has(bits.new_construction),
                        acres: small(acres, i),
                        listed: small(listed, i),
                        reduced: small(reduced, i),
                        open_house: small(open_house, i),
                        words: std::mem::take(&mut words[i]),
                    };
                    q.matches_uncoded(&facts, today)
                }
        })
        .collect();
    match asked.sort {
        Sort::Newest => {}
        Sort::PriceLow => sort_by(&mut places, &|i| at(price, i)),
        Sort::PriceHigh => sort_by(&mut places, &|i| u64::MAX - at(price, i)),
        Sort::Size => sort_by(&mut places, &|i| u64::MAX - at(sqft, i)),
    }
    Ok(places)
}

/// One page of results.
#[derive(Debug, PartialEq)]
pub struct Shown {
    /// The page shown (the last when the URL asked for one beyond it), from 1, and how many.
    pub page: usize,
    pub pages: usize,
    /// Each listing's card: its shard in the sort's order (`Meta::shards`) and its place in it.
    pub cards: Vec<(usize, usize)>,
}

/// The page of `found` (`found`'s places) that `asked` shows, `per_page` a page.
pub fn shown(
    meta: &Meta,
    columns: &[(&'static str, Vec<u64>)],
    found: &[usize],
    asked: &Asked,
    per_page: usize,
) -> Shown {
    let per_page = per_page.max(1);
    let pages = found.len().div_ceil(per_page).max(1);
    let page = asked.page.min(pages);
    let on_page = &found[((page - 1) * per_page).min(found.len())..(page * per_page).min(found.len())];
    let order = asked.sort.cards();
    let from = &shards_of(meta, order).from;
    let cards = ranks(meta, columns, order, on_page)
        .into_iter()
        .map(|rank| {
            let shard = from.partition_point(|&start| start as usize <= rank).saturating_sub(1);
            (shard, rank - from.get(shard).map_or(0, |&s| s as usize))
        })
        .collect();
    Shown { page, pages, cards }
}

impl Shown {
    /// The card shards its cards are in, each once, in order: the files to read.
    pub fn shards(&self) -> Vec<usize> {
        let mut needed: Vec<usize> = self.cards.iter().map(|&(shard, _)| shard).collect();
        sort_by(&mut needed, &|n| n as u64);
        needed.dedup();
        needed
    }

    /// Its cards' HTML, from the shards `shards` names, read (`read`, in that order); Err names
    /// a card the shards lack.
    pub fn cards_from(&self, shards: &[usize], read: &[Vec<String>]) -> Result<Vec<String>, String> {
        let mut cards = Vec::with_capacity(self.cards.len());
        for &(shard, at) in &self.cards {
            let of = shards.binary_search(&shard).ok().and_then(|i| read.get(i)?.get(at));
            cards.push(of.ok_or_else(|| format!("no card {at} in shard {shard}"))?.clone());
        }
        Ok(cards)
    }
}

/// The rank in `order` of each of `places` (newest: the place itself), as `CardOrder::places`
/// orders every listing: counted among them for a page's few, not by sorting them all.
fn ranks(meta: &Meta, columns: &[(&'static str, Vec<u64>)], order: CardOrder, places: &[usize]) -> Vec<usize> {
    let (column, largest_first) = match order {
        CardOrder::Newest => return places.to_vec(),
        CardOrder::Price => (Column::Price, false),
        CardOrder::Size => (Column::Sqft, true),
    };
    let values = get(columns, column.name()).map(Vec::as_slice);
    let key = |i: usize| {
        let v = values.map_or(0, |v| v[i]);
        (if largest_first { u64::MAX - v } else { v }, i)
    };
    places
        .iter()
        .map(|&p| {
            let of = key(p);
            (0..meta.size).filter(|&i| key(i) < of).count()
        })
        .collect()
}

/// Places by `key`, ties as they were (places come in order): the worker's one sort
/// (`sort_by_number`), called once here for every order.
fn sort_by(places: &mut Vec<usize>, key: &dyn Fn(usize) -> u64) {
    crate::sort_by_number(places, |&i| u128::from(key(i)));
}

/// The card shards of `order`.
pub fn shards_of(meta: &Meta, order: CardOrder) -> &jax_model::search_index::Shards {
    match order {
        CardOrder::Newest => &meta.shards.newest,
        CardOrder::Price => &meta.shards.price,
        CardOrder::Size => &meta.shards.size,
    }
}

/// The URL of card shard `n` of `order`.
pub fn card_url(template: &str, meta: &Meta, order: CardOrder, n: usize) -> Option<String> {
    let hash = shards_of(meta, order).hash.get(n)?;
    Some(template.replace("{version}", hash).replace("{order}", order.name()))
}

/// The count above the results, as the island says it.
pub fn count(props: &Props, asked: &Asked, found: usize) -> String {
    let n = jax_model::market::format::thousands(found as u64);
    if !asked.filters() {
        props.count.replace("{count}", &n)
    } else if found > 0 {
        props.labels.results.replace("{count}", &n)
    } else {
        props.labels.none.clone()
    }
}
