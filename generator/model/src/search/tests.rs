use super::*;
use std::collections::BTreeMap;

#[derive(serde::Deserialize)]
struct Table {
    today: String,
    listings: Vec<Listing>,
    cases: Vec<Case>,
}

#[derive(serde::Deserialize)]
struct Listing {
    mls: String,
    #[serde(flatten)]
    facts: Facts,
    text: String,
    /// Its days as dates (`Facts` holds them as days since 1970-01-01).
    #[serde(default)]
    days: BTreeMap<String, String>,
}

#[derive(serde::Deserialize)]
struct Case {
    params: String,
    today: Option<String>,
    finds: Vec<String>,
}

fn day(date: &str) -> u32 {
    crate::calendar::day_of(date).and_then(|d| u32::try_from(d).ok()).unwrap()
}

/// `a=1&b=x%20y` as its values by name, percent-decoded (`+` is a space, as in a form's URL).
fn params(query: &str) -> BTreeMap<String, String> {
    let decode = |s: &str| {
        let bytes = s.replace('+', " ").into_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            match (
                bytes[i],
                bytes.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok()),
            ) {
                (b'%', Some(b)) => {
                    out.push(b);
                    i += 3;
                }
                (b, _) => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        String::from_utf8(out).unwrap()
    };
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').unwrap_or((p, "")))
        .map(|(k, v)| (decode(k), decode(v)))
        .collect()
}

#[test]
fn the_shared_cases_find_what_they_say() {
    let table: Table = serde_json::from_str(include_str!("../../../../spec/cases/search-filters.json")).unwrap();
    let listings: Vec<(String, Facts)> = table
        .listings
        .into_iter()
        .map(|l| {
            let on = |name: &str| l.days.get(name).map_or(0, |d| day(d));
            let (listed, reduced, open_house) = (on("listed"), on("reduced"), on("open_house"));
            let words = Facts::words_of(words(&l.text).iter().map(String::as_str));
            (l.mls, Facts { words, listed, reduced, open_house, ..l.facts })
        })
        .collect();
    for case in &table.cases {
        let given = params(&case.params);
        let q = Query::from_params(|name| given.get(name).map(String::as_str));
        let today = day(case.today.as_deref().unwrap_or(&table.today));
        let found: Vec<&str> =
            listings.iter().filter(|(_, f)| q.matches(f, today)).map(|(mls, _)| mls.as_str()).collect();
        assert_eq!(found, case.finds, "{}: {q:?}", case.params);
    }
}

#[test]
fn acres_are_digits_with_two_decimals_at_most() {
    for (given, want) in [("2", 200), ("0.25", 25), ("1.5", 150), (" 10 ", 1000), ("0.125", 0), (".5", 0), ("1.", 0)] {
        assert_eq!(acres(Some(given)), want, "{given:?}");
    }
    assert_eq!(acres(Some("1e3")), 0);
    assert_eq!(acres(Some("9999999")), 0, "more than a million acres is no lot");
}

#[test]
fn a_weekend_ends_on_its_sunday() {
    // 2026-12-02 is a Wednesday.
    let wed = day("2026-12-02");
    assert_eq!(weekend_end(wed), day("2026-12-06"));
    assert_eq!(weekend_end(day("2026-12-05")), day("2026-12-06"));
    assert_eq!(weekend_end(day("2026-12-06")), day("2026-12-06"), "a Sunday's is its own");
    assert_eq!(weekend_end(day("2026-12-07")), day("2026-12-13"));
}

#[test]
fn counts_are_digits_only() {
    for (given, want) in [("3", 3), (" 3 ", 3), ("+3", 0), ("1e3", 0), ("-1", 0), ("", 0), ("9007199254740992", 0)] {
        assert_eq!(count(Some(given)), want, "{given:?}");
    }
    assert_eq!(count(Some("9007199254740991")), MAX_SAFE_INTEGER);
}
