//! What a search of `/homes/` asks for and which listings it finds: one definition for the
//! generator's index (`jax_mls::search`, whose files the island searches in the browser) and for
//! saved searches, whose alerts match newly changed listings against the same query.
//! The island's TypeScript (`site/src/lib/homes-search.ts`) runs the same cases as this module
//! (spec/cases/search-filters.json, and search-words.json for the words).

/// A listing as a search sees it: its figures (0 when unknown: no "at least" filter keeps it), its
/// coded values as the URL names them (a neighborhood's slug, a type's slug, a status's), and the
/// words of its searchable text, lowercased (`Facts::words_of`).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Facts {
    pub price: u64,
    pub beds: u32,
    pub baths: u32,
    pub area: String,
    pub kind: String,
    pub status: String,
    /// On the water (`WaterfrontYN`).
    #[serde(default, skip_serializing_if = "no")]
    pub waterfront: bool,
    /// A private pool (`PoolPrivateYN`).
    #[serde(default, skip_serializing_if = "no")]
    pub pool: bool,
    /// Garage spaces, whole.
    #[serde(default, skip_serializing_if = "zero")]
    pub garage: u32,
    /// New construction: `NewConstructionYN`, or built the import's year or the year before.
    #[serde(default, skip_serializing_if = "no")]
    pub new_construction: bool,
    /// The lot in hundredths of an acre.
    #[serde(default, skip_serializing_if = "zero")]
    pub acres: u32,
    /// The day it came on the market (`calendar::eastern_day`, days since 1970-01-01).
    #[serde(default, skip_serializing_if = "zero")]
    pub listed: u32,
    /// The day of its latest price cut.
    #[serde(default, skip_serializing_if = "zero")]
    pub reduced: u32,
    /// The last day of the first weekend from the import's day that has a public open house on
    /// it (its Sunday's when both days do): "this weekend" is one comparison.
    #[serde(default, skip_serializing_if = "zero")]
    pub open_house: u32,
    /// Each word after a line feed, in one string: a typed word is found by one scan of it
    /// (`Query::matches`), not by visiting a hundred separate strings (2–3× slower at 10,000
    /// listings and 1,000 searches: each is a pointer to chase).
    #[serde(default)]
    pub words: String,
}

fn no(b: &bool) -> bool {
    !*b
}

fn zero(n: &u32) -> bool {
    *n == 0
}

/// A search's filters, from its URL parameters (`FIELDS`): a number of 0, a value of "" and a
/// `false` ask for nothing. The sort and the page do not change which listings match.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Query {
    pub min_price: u64,
    pub max_price: u64,
    pub beds: u32,
    pub baths: u32,
    pub area: String,
    pub kind: String,
    pub status: String,
    pub waterfront: bool,
    pub pool: bool,
    /// Garage spaces, at least.
    pub garage: u32,
    pub new_construction: bool,
    /// An open house this weekend.
    pub open_house: bool,
    /// A price cut in the last `REDUCED_DAYS` days.
    pub reduced: bool,
    /// Days on the market, at most.
    pub max_days: u32,
    /// The lot in hundredths of an acre, at least.
    pub min_acres: u32,
    /// The words typed, as `words` keeps them, each after a line feed (as `Facts::words` holds
    /// them): each must start a word of the listing.
    needles: Vec<String>,
}

/// The URL parameters of a search (`/homes/?min_price=500000&beds=3&q=pool`), the form's field names.
#[derive(Debug, Clone, Copy, serde::Serialize, schemars::JsonSchema)]
pub struct Fields {
    pub min_price: &'static str,
    pub max_price: &'static str,
    pub beds: &'static str,
    pub baths: &'static str,
    pub area: &'static str,
    pub kind: &'static str,
    pub status: &'static str,
    pub waterfront: &'static str,
    pub pool: &'static str,
    pub garage: &'static str,
    pub new_construction: &'static str,
    pub open_house: &'static str,
    pub reduced: &'static str,
    pub max_days: &'static str,
    pub min_acres: &'static str,
    pub words: &'static str,
    pub sort: &'static str,
    /// The results' page, from 1 (not a field: the island's paging sets it).
    pub page: &'static str,
}

pub const FIELDS: Fields = Fields {
    min_price: "min_price",
    max_price: "max_price",
    beds: "beds",
    baths: "baths",
    area: "area",
    kind: "type",
    status: "status",
    waterfront: "waterfront",
    pool: "pool",
    garage: "garage",
    new_construction: "new",
    open_house: "open_house",
    reduced: "reduced",
    max_days: "max_days",
    min_acres: "min_acres",
    words: "q",
    sort: "sort",
    page: "page",
};

/// A count as the URL gives it: digits (a positive whole number), else 0 (nothing asked), as the
/// island's `readQuery` reads it.
fn count(value: Option<&str>) -> u64 {
    let digits = value.map(str::trim).filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()));
    digits.and_then(|v| v.parse::<u64>().ok()).filter(|n| *n <= MAX_SAFE_INTEGER).unwrap_or(0)
}

/// A yes-or-no filter's one value that asks for it (a checkbox's).
pub const YES: &str = "1";

/// The days a price cut stays news to the "price reduced" filter.
pub const REDUCED_DAYS: u32 = 30;

/// Acres as the URL gives them ("0.25", "2"): digits, and at most two after a point, in
/// hundredths; else 0 (nothing asked), as the island's `readQuery` reads them.
pub fn acres(value: Option<&str>) -> u32 {
    let v = value.map_or("", str::trim);
    let (whole, part) = v.split_once('.').unwrap_or((v, ""));
    let digits = |s: &str, most: usize| s.len() <= most && s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole, 6) || !digits(part, 2) || (v.contains('.') && part.is_empty()) {
        return 0;
    }
    let cents = format!("{part:0<2}");
    whole.parse::<u32>().unwrap_or(0) * 100 + cents.parse::<u32>().unwrap_or(0)
}

/// Hundredths of an acre as a search says them: "0.25", "1.5", "2".
pub fn acres_shown(hundredths: u32) -> String {
    let (whole, part) = (hundredths / 100, hundredths % 100);
    match part {
        0 => whole.to_string(),
        p if p % 10 == 0 => format!("{whole}.{}", p / 10),
        p => format!("{whole}.{p:02}"),
    }
}

/// The last day of the weekend a day is in or before (its Sunday; a Sunday's own): "this
/// weekend" is from the day through it, Saturday or Sunday.
pub fn weekend_end(day: u32) -> u32 {
    day + (7 - crate::calendar::weekday(i64::from(day)) as u32) % 7
}

/// JavaScript's largest exact integer: a larger count is no count for the island, nor here.
const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

impl Query {
    /// The query `get` (a URL's value by parameter name) asks for.
    pub fn from_params<'a>(get: impl Fn(&str) -> Option<&'a str>) -> Query {
        let text = |name: &str| get(name).unwrap_or("").to_string();
        let small = |name: &str| u32::try_from(count(get(name))).unwrap_or(u32::MAX);
        Query {
            min_price: count(get(FIELDS.min_price)),
            max_price: count(get(FIELDS.max_price)),
            beds: small(FIELDS.beds),
            baths: small(FIELDS.baths),
            area: text(FIELDS.area),
            kind: text(FIELDS.kind),
            status: text(FIELDS.status),
            waterfront: get(FIELDS.waterfront) == Some(YES),
            pool: get(FIELDS.pool) == Some(YES),
            garage: small(FIELDS.garage),
            new_construction: get(FIELDS.new_construction) == Some(YES),
            open_house: get(FIELDS.open_house) == Some(YES),
            reduced: get(FIELDS.reduced) == Some(YES),
            max_days: small(FIELDS.max_days),
            min_acres: acres(get(FIELDS.min_acres)),
            needles: words(get(FIELDS.words).unwrap_or("")).into_iter().map(|w| format!("\n{w}")).collect(),
        }
    }

    /// `self` asking for these words too (`words` keeps them), e.g. for a saved search built in code.
    pub fn with_words(mut self, typed: &str) -> Query {
        self.needles.extend(words(typed).into_iter().map(|w| format!("\n{w}")));
        self
    }

    /// The words typed, as `words` keeps them.
    pub fn words(&self) -> impl Iterator<Item = &str> {
        self.needles.iter().map(|n| &n[1..])
    }

    /// Whether the listing `f` is one this search finds on `today` (`calendar::eastern_day`): the
    /// open houses, the price cuts and the days on the market count from it.
    pub fn matches(&self, f: &Facts, today: u32) -> bool {
        self.matches_coded(&f.area, &f.kind, &f.status) && self.matches_uncoded(f, today)
    }

    /// Whether a listing's neighborhood, type and status are the ones this search asks for: the
    /// worker reads them as codes and compares their names, without a `Facts` that owns them.
    pub fn matches_coded(&self, area: &str, kind: &str, status: &str) -> bool {
        let coded = |asked: &str, has: &str| asked.is_empty() || asked == has;
        coded(&self.area, area) && coded(&self.kind, kind) && coded(&self.status, status)
    }

    /// `matches` but for the neighborhood, type and status (`matches_coded`).
    pub fn matches_uncoded(&self, f: &Facts, today: u32) -> bool {
        let since = |day: u32| today.saturating_sub(day);
        (self.min_price == 0 || f.price >= self.min_price)
            && (self.max_price == 0 || f.price <= self.max_price)
            && f.beds >= self.beds
            && f.baths >= self.baths
            && (!self.waterfront || f.waterfront)
            && (!self.pool || f.pool)
            && f.garage >= self.garage
            && (!self.new_construction || f.new_construction)
            && (!self.open_house || (f.open_house >= today && f.open_house <= weekend_end(today)))
            && (!self.reduced || (f.reduced > 0 && since(f.reduced) <= REDUCED_DAYS))
            && (self.max_days == 0 || (f.listed > 0 && since(f.listed) <= self.max_days))
            && f.acres >= self.min_acres
            && self.needles.iter().all(|n| f.words.contains(n.as_str()))
    }
}

impl Facts {
    /// `words` as `Facts` keeps them: each after a line feed.
    pub fn words_of<'a>(words: impl IntoIterator<Item = &'a str>) -> String {
        let mut out = String::new();
        for w in words {
            out.push('\n');
            out.push_str(w);
        }
        out
    }
}

/// The words of `text` as the index keeps them and the island asks for them: runs of letters and
/// digits (`char::is_alphanumeric`, in JavaScript `[\p{Alphabetic}\p{N}]+`), lowercased, of two
/// characters or more.
pub fn words(text: &str) -> Vec<String> {
    let mut buf = String::new();
    raw_words(text).map(|w| lowercase(w, &mut buf).to_string()).collect()
}

/// The words of `text` as written (`words` lowercases them).
pub fn raw_words(text: &str) -> impl Iterator<Item = &str> + '_ {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| w.chars().nth(1).is_some())
}

/// `word.to_lowercase()`, in `buf` unless it is lowercase already: the index sees a million
/// words at 10,000 listings, and most need no copy.
pub fn lowercase<'a>(word: &'a str, buf: &'a mut String) -> &'a str {
    if word.is_ascii() {
        if !word.bytes().any(|b| b.is_ascii_uppercase()) {
            return word;
        }
        buf.clear();
        buf.push_str(word);
        buf.make_ascii_lowercase();
    } else {
        // Beyond ASCII, lowercasing depends on the letters around (a final Σ): the library's.
        *buf = word.to_lowercase();
    }
    buf
}

/// The shard a word is in: its first two characters, each kept when an ASCII letter or digit and
/// `_` otherwise (file names stay plain).
pub fn shard_key(word: &str) -> String {
    word.chars().take(2).map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect()
}

#[cfg(test)]
mod tests;
