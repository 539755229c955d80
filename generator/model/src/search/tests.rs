use super::*;
use std::collections::BTreeMap;

#[derive(serde::Deserialize)]
struct Table {
    listings: Vec<Listing>,
    cases: Vec<Case>,
}

#[derive(serde::Deserialize)]
struct Listing {
    mls: String,
    #[serde(flatten)]
    facts: Facts,
    text: String,
}

#[derive(serde::Deserialize)]
struct Case {
    params: String,
    finds: Vec<String>,
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
        .map(|l| (l.mls, Facts { words: Facts::words_of(words(&l.text).iter().map(String::as_str)), ..l.facts }))
        .collect();
    for case in &table.cases {
        let given = params(&case.params);
        let q = Query::from_params(|name| given.get(name).map(String::as_str));
        let found: Vec<&str> = listings.iter().filter(|(_, f)| q.matches(f)).map(|(mls, _)| mls.as_str()).collect();
        assert_eq!(found, case.finds, "{}: {q:?}", case.params);
    }
}

#[test]
fn counts_are_digits_only() {
    for (given, want) in [("3", 3), (" 3 ", 3), ("+3", 0), ("1e3", 0), ("-1", 0), ("", 0), ("9007199254740992", 0)] {
        assert_eq!(count(Some(given)), want, "{given:?}");
    }
    assert_eq!(count(Some("9007199254740991")), MAX_SAFE_INTEGER);
}
