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
    /// Each word after a line feed, in one string: a typed word is found by one scan of it
    /// (`Query::matches`), not by visiting a hundred separate strings (2–3× slower at 10,000
    /// listings and 1,000 searches: each is a pointer to chase).
    #[serde(default)]
    pub words: String,
}

/// A search's filters, from its URL parameters (`FIELDS`): a number of 0 and a value of "" ask for
/// nothing. The sort and the page do not change which listings match.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Query {
    pub min_price: u64,
    pub max_price: u64,
    pub beds: u32,
    pub baths: u32,
    pub area: String,
    pub kind: String,
    pub status: String,
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

    /// Whether the listing `f` is one this search finds.
    pub fn matches(&self, f: &Facts) -> bool {
        let coded = |asked: &str, has: &str| asked.is_empty() || asked == has;
        (self.min_price == 0 || f.price >= self.min_price)
            && (self.max_price == 0 || f.price <= self.max_price)
            && f.beds >= self.beds
            && f.baths >= self.baths
            && coded(&self.area, &f.area)
            && coded(&self.kind, &f.kind)
            && coded(&self.status, &f.status)
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
