//! Reads one record's fields by their Data Dictionary types, collecting a problem for each bad
//! one: `problems` make the record bad, `dropped` only lose their field (`lenient`).

use crate::record::Problem;
use jiff::Timestamp;
use serde_json::{Map, Value};

/// A value as a problem message shows it: short, quoted when it is a string.
pub(super) fn shown(v: &Value) -> String {
    let text = v.to_string();
    if text.chars().count() > 40 {
        format!("{}…", text.chars().take(40).collect::<String>())
    } else {
        text
    }
}

/// A URL the pages may link or load: https (http only on this machine, the tests' fake hosts),
/// with a host and no spaces.
pub(super) fn web_url(url: &str) -> bool {
    let secure = url.starts_with("https://") || crate::fetch::on_this_machine(url);
    secure && url.len() > "https://".len() && !url.contains(char::is_whitespace)
}

/// A ListingKey that can name a file and a URL: letters, digits, `-`, `_` and `.`, not starting with `.`.
pub(super) fn key_problem(key: &str) -> Option<&'static str> {
    let ok = !key.is_empty()
        && key.len() <= 128
        && !key.starts_with('.')
        && key.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    (!ok).then_some("expected letters, digits, '-', '_' or '.' (at most 128)")
}

/// The most items a list field keeps, and the longest item or text of a fact.
const MAX_ITEMS: usize = 50;
pub(super) const MAX_TEXT: usize = 120;

pub(super) struct Reader<'a> {
    pub(super) record: &'a Map<String, Value>,
    pub(super) key: String,
    pub(super) problems: Vec<Problem>,
    pub(super) dropped: Vec<Problem>,
}

impl<'a> Reader<'a> {
    pub(super) fn bad(&mut self, field: &str, message: impl Into<String>) {
        self.problems.push(Problem { key: self.key.clone(), field: field.to_string(), message: message.into() });
    }

    /// Runs `read` with whatever it finds wrong costing only the fields it reads, not the record.
    pub(super) fn lenient<T>(&mut self, read: impl FnOnce(&mut Self) -> T) -> T {
        let at = self.problems.len();
        let value = read(self);
        let dropped: Vec<Problem> = self.problems.drain(at..).collect();
        self.dropped.extend(dropped);
        value
    }

    /// The field's value; JSON null counts as absent (OData sends null for an empty field).
    pub(super) fn get(&self, field: &str) -> Option<&'a Value> {
        self.record.get(field).filter(|v| !v.is_null())
    }

    pub(super) fn text(&mut self, field: &str) -> Option<String> {
        match self.get(field)? {
            Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
            Value::String(_) => None,
            v => {
                let found = shown(v);
                self.bad(field, format!("expected text, found {found}"));
                None
            }
        }
    }

    /// Text of at most `MAX_TEXT` characters: a name, shown as a fact.
    pub(super) fn short_text(&mut self, field: &str) -> Option<String> {
        let text = self.text(field)?;
        if text.chars().count() > MAX_TEXT {
            self.bad(field, format!("expected at most {MAX_TEXT} characters, found {}", text.chars().count()));
            return None;
        }
        Some(text)
    }

    pub(super) fn required_text(&mut self, field: &str) -> String {
        let present = self.get(field).is_some_and(|v| !v.as_str().is_some_and(|s| s.trim().is_empty()));
        let value = self.text(field);
        if !present {
            self.bad(field, "missing");
        }
        value.unwrap_or_default()
    }

    pub(super) fn number(&mut self, field: &str, range: std::ops::RangeInclusive<f64>) -> Option<f64> {
        let v = self.get(field)?;
        match v.as_f64() {
            Some(n) if range.contains(&n) => Some(n),
            Some(n) => {
                self.bad(field, format!("expected a number from {} to {}, found {n}", range.start(), range.end()));
                None
            }
            None => {
                let found = shown(v);
                self.bad(field, format!("expected a number, found {found}"));
                None
            }
        }
    }

    pub(super) fn whole(&mut self, field: &str, max: u64) -> Option<u64> {
        let v = self.get(field)?;
        match v.as_u64() {
            Some(n) if n <= max => Some(n),
            _ => {
                let found = shown(v);
                self.bad(field, format!("expected a whole number from 0 to {max}, found {found}"));
                None
            }
        }
    }

    /// A year from 1600 to 2100.
    pub(super) fn year(&mut self, field: &str) -> Option<u32> {
        let year = self.whole(field, 2100)?;
        if year < 1600 {
            self.bad(field, format!("expected a year from 1600 to 2100, found {year}"));
            return None;
        }
        Some(year as u32)
    }

    /// Dollars: a number, rounded to whole dollars.
    pub(super) fn price(&mut self, field: &str) -> Option<u64> {
        self.number(field, 0.0..=1e12).map(|n| n.round() as u64)
    }

    pub(super) fn flag(&mut self, field: &str) -> Option<bool> {
        let v = self.get(field)?;
        match v.as_bool() {
            Some(b) => Some(b),
            None => {
                let found = shown(v);
                self.bad(field, format!("expected true or false, found {found}"));
                None
            }
        }
    }

    /// A calendar date, "YYYY-MM-DD" (RESO's Date fields).
    pub(super) fn date(&mut self, field: &str) -> Option<jiff::civil::Date> {
        let v = self.get(field)?;
        match v.as_str().and_then(|s| s.trim().parse::<jiff::civil::Date>().ok()) {
            Some(d) => Some(d),
            None => {
                let found = shown(v);
                self.bad(field, format!("expected a date such as \"2026-11-24\", found {found}"));
                None
            }
        }
    }

    /// One of a lookup's values, by its Dictionary name (`what`: the lookup's plural, for the message).
    pub(super) fn lookup<T: Copy>(
        &mut self,
        field: &str,
        what: &str,
        all: &[T],
        name: impl Fn(T) -> &'static str,
    ) -> Option<T> {
        let v = self.get(field)?;
        let found = v.as_str().and_then(|s| all.iter().copied().find(|x| name(*x).eq_ignore_ascii_case(s.trim())));
        if found.is_none() {
            let names: Vec<&str> = all.iter().map(|x| name(*x)).collect();
            let value = shown(v);
            self.bad(field, format!("expected one of RESO's {what} ({}), found {value}", names.join(", ")));
        }
        found
    }

    /// A list of the feed's words (a lookup of several values): a JSON array of strings, or one
    /// string of them separated by commas, as RESO's servers send either. Each trimmed, once.
    pub(super) fn words(&mut self, field: &str) -> Vec<String> {
        let Some(v) = self.get(field) else { return Vec::new() };
        let items: Vec<&str> = match v {
            Value::String(s) => s.split(',').collect(),
            Value::Array(items) => match items.iter().map(Value::as_str).collect::<Option<Vec<&str>>>() {
                Some(items) => items,
                None => {
                    let found = shown(v);
                    self.bad(field, format!("expected a list of text, found {found}"));
                    return Vec::new();
                }
            },
            v => {
                let found = shown(v);
                self.bad(field, format!("expected a list of text or text separated by commas, found {found}"));
                return Vec::new();
            }
        };
        let mut out: Vec<String> = Vec::new();
        for item in items.iter().map(|i| i.trim()).filter(|i| !i.is_empty()) {
            if item.chars().count() > MAX_TEXT {
                let found = shown(&Value::String(item.to_string()));
                self.bad(field, format!("expected items of at most {MAX_TEXT} characters, found {found}"));
                return Vec::new();
            }
            if !out.iter().any(|o| o == item) {
                out.push(item.to_string());
            }
        }
        if out.len() > MAX_ITEMS {
            self.bad(field, format!("expected at most {MAX_ITEMS} items, found {}", out.len()));
            return Vec::new();
        }
        out
    }

    /// A link the page shows: an https:// URL.
    pub(super) fn url(&mut self, field: &str) -> Option<String> {
        let v = self.get(field)?;
        match v.as_str().map(str::trim) {
            Some(url) if web_url(url) && url.len() <= 2048 => Some(url.to_string()),
            _ => {
                let found = shown(v);
                self.bad(field, format!("expected an https:// URL, found {found}"));
                None
            }
        }
    }

    pub(super) fn timestamp_in(&mut self, record: &Map<String, Value>, field: &str, at: &str) -> Option<Timestamp> {
        let v = record.get(field).filter(|v| !v.is_null());
        let Some(v) = v else {
            self.bad(at, "missing");
            return None;
        };
        match v.as_str().and_then(|s| s.parse::<Timestamp>().ok()) {
            Some(t) => Some(t),
            None => {
                let found = shown(v);
                self.bad(at, format!("expected a date and time such as \"2026-11-24T14:05:00Z\", found {found}"));
                None
            }
        }
    }

    pub(super) fn list(&mut self, field: &str) -> Vec<&'a Map<String, Value>> {
        match self.get(field) {
            None => Vec::new(),
            Some(Value::Array(items)) => {
                let mut out = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    match item.as_object() {
                        Some(o) => out.push(o),
                        None => {
                            self.bad(&format!("{field}[{i}]"), format!("expected an object, found {}", shown(item)))
                        }
                    }
                }
                out
            }
            Some(v) => {
                let found = shown(v);
                self.bad(field, format!("expected a list, found {found}"));
                Vec::new()
            }
        }
    }
}

impl Reader<'_> {
    /// A lookup's value in `item` (one of a list's objects), named `at` in a problem: Ok(None)
    /// when absent, Err when not one of `all`.
    pub(super) fn lookup_in<T: Copy>(
        &mut self,
        item: &Map<String, Value>,
        field: &str,
        at: &str,
        what: &str,
        all: &[T],
        name: impl Fn(T) -> &'static str,
    ) -> Result<Option<T>, ()> {
        let Some(v) = item.get(field).filter(|v| !v.is_null()) else { return Ok(None) };
        match v.as_str().and_then(|s| all.iter().copied().find(|x| name(*x).eq_ignore_ascii_case(s.trim()))) {
            Some(x) => Ok(Some(x)),
            None => {
                let names: Vec<&str> = all.iter().map(|x| name(*x)).collect();
                let value = shown(v);
                self.bad(at, format!("expected one of RESO's {what} ({}), found {value}", names.join(", ")));
                Err(())
            }
        }
    }
}
