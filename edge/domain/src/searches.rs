//! Saved searches: a buyer saves a search of `/homes/` with an e-mail address, confirms
//! it from a signed link (double opt-in: nothing else is sent before), and manages or stops it
//! from links in every e-mail, without an account.
//!
//! Each search is one object, `searches/<address>/<id>.json`: `<address>` is a keyed hash of the
//! mailbox (so one listing finds everything kept about an address, for the manage page and for
//! "delete everything"), `<id>` is random. The links carry tokens signed with SAVED_SEARCH_SECRET's
//! keys (searches/links.rs): a confirmation token names one search for 48 hours, an address token
//! an address and its epoch for a year (each alert carries a new one); "delete everything" and an
//! unsubscribe move the epoch on, so every link sent before stops working.

use crate::submit::Input;
use crate::words::unlinked;
use jax_model::forms::Forms;
use jax_model::saved_search::{Frequencies, ManagedSearch, SavedSearchForm};
use jax_model::search::{Query, FIELDS};
use jax_model::submission::{one_line, validate, FieldError};
use links::is_token_part;
use serde::{Deserialize, Serialize};

pub mod alerts;
pub mod emails;
pub mod links;

pub const SEARCHES: &str = "searches/";
/// An unconfirmed search is deleted this long after it was saved: its confirmation link's 48 hours.
pub const UNCONFIRMED_MS: u64 = links::CONFIRM_LINK_MS;
pub use jax_model::saved_search::{EMAIL_FIELD, FREQUENCY_FIELD, NAME_FIELD, SEARCH_FIELD};
/// The longest search kept: the URL of every filter with a long line of words fits.
pub const QUERY_MAX: usize = 600;

/// How often a search's alerts come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Frequency {
    /// At each import.
    Instant,
    Daily,
    Weekly,
}

impl Frequency {
    pub const ALL: [Frequency; 3] = [Frequency::Instant, Frequency::Daily, Frequency::Weekly];

    /// Its value in the form.
    pub fn name(self) -> &'static str {
        let [instant, daily, weekly] = jax_model::saved_search::FREQUENCY_VALUES;
        match self {
            Frequency::Instant => instant,
            Frequency::Daily => daily,
            Frequency::Weekly => weekly,
        }
    }

    pub fn parse(s: &str) -> Option<Frequency> {
        Frequency::ALL.into_iter().find(|f| f.name() == s)
    }

    /// What the buyer reads: "Once a day".
    pub fn label(self, f: &Frequencies) -> &str {
        match self {
            Frequency::Instant => &f.instant,
            Frequency::Daily => &f.daily,
            Frequency::Weekly => &f.weekly,
        }
    }
}

/// One saved search, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSearch {
    pub id: String,
    /// The keyed hash of `email`'s mailbox (links::SearchKeys::address_of).
    pub address: String,
    pub email: String,
    pub name: String,
    /// The search's URL parameters (`normalize`d): `/homes/?{query}`.
    pub query: String,
    pub frequency: Frequency,
    pub created_ms: u64,
    /// When its confirmation was pressed (its link's page's button); nothing is sent before.
    #[serde(default)]
    pub confirmed_ms: Option<u64>,
    #[serde(default)]
    pub paused: bool,
    /// Its alerts have told of every change up to this time (the confirmation's, at first).
    #[serde(default)]
    pub since_ms: u64,
    /// When its last alert was sent (how often it may get one).
    #[serde(default)]
    pub sent_ms: Option<u64>,
    /// Saved without the bot check: her CRM does not take it (domain/crm.rs).
    #[serde(default)]
    pub unverified: bool,
}

impl SavedSearch {
    pub fn key(&self) -> String {
        key(&self.address, &self.id)
    }

    /// The search's page: `/homes/?…`.
    pub fn path(&self) -> String {
        path_of(&self.query)
    }
}

/// `/homes/?{query}` (`/homes/` for every home).
pub fn path_of(query: &str) -> String {
    let homes = jax_model::api::HOMES;
    if query.is_empty() {
        homes.to_string()
    } else {
        format!("{homes}?{query}")
    }
}

/// `searches/<address>/<id>.json`.
pub fn key(address: &str, id: &str) -> String {
    format!("{SEARCHES}{address}/{id}.json")
}

/// Where an address's searches are.
pub fn address_prefix(address: &str) -> String {
    format!("{SEARCHES}{address}/")
}

/// The address and id a search's key names.
pub fn parse_key(key: &str) -> Option<(&str, &str)> {
    let (address, file) = key.strip_prefix(SEARCHES)?.split_once('/')?;
    let id = file.strip_suffix(".json")?;
    (is_token_part(address) && is_token_part(id)).then_some((address, id))
}

/// Where an address's suppression is kept: set by an unsubscribe or "delete everything", it
/// refuses every save for the address for SUPPRESSED_MS (the privacy policy says so), unless the
/// address's owner lifts it from the manage page's link.
pub const SUPPRESSED: &str = "suppressed/";
pub const SUPPRESSED_MS: u64 = 30 * 24 * 60 * 60 * 1000;

pub fn suppression_key(address: &str) -> String {
    format!("{SUPPRESSED}{address}")
}

/// Where an address's epoch is kept (domain/searches/links.rs), for as long as a link of an
/// earlier epoch could still work.
pub const EPOCHS: &str = "epochs/";

pub fn epoch_key(address: &str) -> String {
    format!("{EPOCHS}{address}")
}

/// A search's URL parameters as kept: each filter `Query` reads (not the sort or the page), in
/// `FIELDS`' order, without empty ones, each value on one line with single spaces. None when it is too long.
pub fn normalize(raw: &str) -> Option<String> {
    let raw = raw.trim().trim_start_matches('?');
    let pairs: Vec<(String, String)> = form_urlencoded::parse(raw.as_bytes()).into_owned().collect();
    let get = |name: &str| {
        let value = pairs.iter().rev().find(|(k, _)| k == name).map(|(_, v)| one_line(v))?;
        Some(value.split_whitespace().collect::<Vec<_>>().join(" "))
    };
    let names = [
        FIELDS.area,
        FIELDS.min_price,
        FIELDS.max_price,
        FIELDS.beds,
        FIELDS.baths,
        FIELDS.kind,
        FIELDS.status,
        FIELDS.waterfront,
        FIELDS.pool,
        FIELDS.garage,
        FIELDS.new_construction,
        FIELDS.open_house,
        FIELDS.reduced,
        FIELDS.max_days,
        FIELDS.min_acres,
        FIELDS.words,
    ];
    let mut out = form_urlencoded::Serializer::new(String::new());
    for name in names {
        if let Some(v) = get(name).filter(|v| !v.is_empty()) {
            out.append_pair(name, &v);
        }
    }
    let query = out.finish();
    (query.len() <= QUERY_MAX).then_some(query)
}

/// The `Query` of kept URL parameters.
pub fn query_of(query: &str) -> Query {
    let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    Query::from_params(|name| pairs.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()))
}

/// A search in words: "Homes for sale in Ortega, from $500K, 3+ beds". `areas`: the
/// neighborhoods' slugs and names; a type or a status is shown from its slug.
pub fn describe(query: &str, form: &SavedSearchForm, areas: &[(String, String)]) -> String {
    // Read from the kept parameters as written (`normalize` made them one line each), not through
    // `Query`: its word rule needs Unicode's tables, which the worker would then carry.
    let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    let get = |name: &str| pairs.iter().find(|(k, _)| k == name).map_or("", |(_, v)| v.as_str());
    let count = |name: &str| Some(get(name)).filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()));
    let w = &form.words;
    let mut parts = vec![w.homes.clone()];
    let area = get(FIELDS.area);
    if !area.is_empty() {
        let name = areas.iter().find(|(slug, _)| slug == area).map_or_else(|| unslug(area), |(_, n)| n.clone());
        parts[0] = format!("{} {}", w.homes, w.area.replace("{area}", &name));
    }
    let price = |v: &str| v.parse::<u64>().map_or_else(|_| v.to_string(), jax_model::market::format::price);
    for (name, template, placeholder) in [
        (FIELDS.min_price, &w.min_price, "{price}"),
        (FIELDS.max_price, &w.max_price, "{price}"),
        (FIELDS.beds, &w.beds, "{n}"),
        (FIELDS.baths, &w.baths, "{n}"),
        (FIELDS.garage, &w.garage, "{n}"),
        (FIELDS.max_days, &w.max_days, "{n}"),
    ] {
        if let Some(v) = count(name).filter(|v| !v.trim_start_matches('0').is_empty()) {
            let shown = if placeholder == "{price}" { price(v) } else { v.trim_start_matches('0').to_string() };
            parts.push(template.replace(placeholder, &shown));
        }
    }
    for (name, template, placeholder) in [(FIELDS.kind, &w.kind, "{kind}"), (FIELDS.status, &w.status, "{status}")] {
        let v = get(name);
        if !v.is_empty() {
            parts.push(template.replace(placeholder, &unslug(v)));
        }
    }
    for (name, said) in [
        (FIELDS.waterfront, &w.waterfront),
        (FIELDS.pool, &w.pool),
        (FIELDS.new_construction, &w.new_construction),
        (FIELDS.open_house, &w.open_house),
        (FIELDS.reduced, &w.reduced),
    ] {
        if get(name) == jax_model::search::YES {
            parts.push(said.clone());
        }
    }
    let acres = jax_model::search::acres(Some(get(FIELDS.min_acres)));
    if acres > 0 {
        parts.push(w.min_acres.replace("{acres}", &jax_model::search::acres_shown(acres)));
    }
    let words = get(FIELDS.words);
    if !words.is_empty() {
        parts.push(w.words.replace("{words}", &shown_words(words)));
    }
    // The slugs and the words are a stranger's: in every e-mail, as text that links nothing.
    unlinked(&parts.join(", "))
}

/// The longest run of a search's words an e-mail shows, in characters.
pub const WORDS_SHOWN_MAX: usize = 80;

/// A search's words inside the template's quotation marks: none of theirs can close them, and a
/// long run is cut (the search's own page has them all).
fn shown_words(words: &str) -> String {
    let plain = words.replace(['“', '”'], "\"");
    if plain.chars().count() <= WORDS_SHOWN_MAX {
        return plain;
    }
    plain.chars().take(WORDS_SHOWN_MAX - 1).chain(['…']).collect()
}

/// "single-family-residence" → "Single family residence".
fn unslug(slug: &str) -> String {
    let spaced = slug.replace('-', " ");
    let mut chars = spaced.chars();
    // ASCII case only: slugs are ASCII, and Unicode's case tables would cost the worker.
    chars.next().map_or_else(String::new, |c| c.to_ascii_uppercase().to_string() + chars.as_str())
}

/// What a save asks for, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Save {
    pub email: String,
    pub name: String,
    pub frequency: Frequency,
    pub query: String,
}

/// A save's input (a form post's fields), or every problem with it, by field.
pub fn accept(input: &Input, forms: &Forms) -> Result<Save, Vec<FieldError>> {
    let form = &forms.saved_search;
    let checked = validate(&form.fields(), &input.fields, &forms.limits, &forms.messages, &[]);
    let query = normalize(input.fields.get(SEARCH_FIELD).map_or("", String::as_str));
    let mut errors = checked.as_ref().err().cloned().unwrap_or_default();
    if query.is_none() {
        errors.push(FieldError {
            field: SEARCH_FIELD.into(),
            message: format!("The search is longer than {QUERY_MAX} characters."),
        });
    }
    let values = match checked {
        Ok(values) if errors.is_empty() => values,
        _ => return Err(errors),
    };
    let get = |name: &str| values.get(name).cloned().unwrap_or_default();
    Ok(Save {
        email: get(EMAIL_FIELD),
        name: get(NAME_FIELD),
        // validate took it from the form's choices, which are Frequency's names.
        frequency: Frequency::parse(&get(FREQUENCY_FIELD)).unwrap_or(Frequency::Daily),
        query: query.unwrap_or_default(),
    })
}

/// A search as the manage page shows it.
pub fn shown(s: SavedSearch, form: &SavedSearchForm, areas: &[(String, String)]) -> ManagedSearch {
    ManagedSearch {
        words: describe(&s.query, form, areas),
        path: s.path(),
        frequency: s.frequency.name().into(),
        confirmed: s.confirmed_ms.is_some(),
        paused: s.paused,
        id: s.id,
    }
}

/// A change the manage page asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    Frequency(Frequency),
    Pause,
    Resume,
    Delete,
}

impl Change {
    /// `action` ("frequency", "pause", "resume", "delete") with its `frequency`.
    pub fn parse(action: &str, frequency: Option<&str>) -> Option<Change> {
        match action {
            "frequency" => frequency.and_then(Frequency::parse).map(Change::Frequency),
            "pause" => Some(Change::Pause),
            "resume" => Some(Change::Resume),
            "delete" => Some(Change::Delete),
            _ => None,
        }
    }

    /// `s` changed at `now` (None: deleted). Resumed, it hears of what changes from then on.
    pub fn apply(&self, mut s: SavedSearch, now_ms: u64) -> Option<SavedSearch> {
        match self {
            Change::Frequency(f) => s.frequency = *f,
            Change::Pause => s.paused = true,
            Change::Resume if s.paused => {
                s.paused = false;
                s.since_ms = s.since_ms.max(now_ms);
            }
            Change::Resume => {}
            Change::Delete => return None,
        }
        Some(s)
    }
}

/// Fill `{name}`-style placeholders, each value on one line.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), &one_line(value));
    }
    out
}

#[cfg(test)]
mod tests;
