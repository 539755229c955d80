//! The facts across imports: each listing's story kept from one import to the next, and a store an
//! older generator wrote rewritten whole.

use crate::history::Event;
use crate::store::{ImportInfo, Store};
use crate::{import, Source};
use serde_json::{json, Value};
use std::path::Path;

/// A feed of `records` saved as one OData document in `dir`.
fn feed(dir: &Path, name: &str, records: Vec<Value>) -> Source {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_vec(&json!({"value": records})).unwrap()).unwrap();
    Source::File(path)
}

fn listing(key: &str, status: &str, price: u64, modified: &str) -> Value {
    json!({
        "ListingKey": key, "ListingId": format!("21000{}", key.len()), "StandardStatus": status, "ListPrice": price,
        "UnparsedAddress": format!("{key} Oak Lane"), "City": "Jacksonville", "PostalCode": "32210",
        "ListOfficeName": "Harbor Realty", "ModificationTimestamp": modified, "OnMarketDate": "2026-09-01",
    })
}

#[test]
fn each_listings_story_is_kept_across_imports_from_their_news() {
    let dir = tempfile::tempdir().unwrap();
    let (feeds, store) = (dir.path().join("feeds"), dir.path().join("store"));
    std::fs::create_dir_all(&feeds).unwrap();
    // Every feed file is named the same, as the same feed is: news needs the same source.
    let run = |records: Vec<Value>| {
        import(&store, feed(&feeds, "feed.json", records), false, None).unwrap();
        Store::new(&store).history().unwrap()
    };
    let a = |status, price, modified| listing("A", status, price, modified);
    let first = run(vec![a("Active", 600_000, "2026-11-01T15:00:00Z")]);
    assert!(first.is_empty(), "a first import is nobody's news: {first:?}");
    run(vec![a("Active", 575_000, "2026-11-03T15:00:00Z"), listing("BB", "Active", 410_000, "2026-11-03T16:00:00Z")]);
    run(vec![a("Pending", 575_000, "2026-11-10T15:00:00Z"), listing("BB", "Active", 410_000, "2026-11-03T16:00:00Z")]);
    let back =
        vec![a("Active", 550_000, "2026-11-20T02:00:00Z"), listing("BB", "Active", 410_000, "2026-11-03T16:00:00Z")];
    let story = run(back.clone());
    let d = |s: &str| s.parse().unwrap();
    assert_eq!(
        story["A"],
        [
            Event::Reduced { price: 575_000, on: d("2026-11-03") },
            // Modified at 9 pm on November 19 in Jacksonville.
            Event::Reduced { price: 550_000, on: d("2026-11-19") },
            Event::BackOnMarket { on: d("2026-11-19") },
        ]
    );
    assert_eq!(story["BB"], [Event::Listed { price: 410_000, on: d("2026-09-01") }], "listed on its OnMarketDate");
    assert_eq!(run(back), story, "an import without news keeps the stories as they were");
    let gone = run(vec![a("Active", 550_000, "2026-11-20T02:00:00Z")]);
    assert!(!gone.contains_key("BB"), "a listing gone from the store takes its story with it");
}

#[test]
fn a_store_an_older_generator_wrote_is_rewritten_whole_by_the_next_import() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let mut old = listing("A", "Active", 600_000, "2026-11-01T15:00:00Z");
    let record = crate::check::check(&old, "x").unwrap();
    // As an older generator left it: without the facts, and without saying its format.
    let info = ImportInfo {
        format: 0,
        source: dir.path().join("feed.json").display().to_string(),
        sample: false,
        imported_at: jiff::Timestamp::now(),
        newest: None,
    };
    store.commit(None, &[], &[record], &info, &[], &Default::default()).unwrap();
    old["WaterfrontYN"] = json!(true);
    let summary = import(dir.path(), feed(dir.path(), "feed.json", vec![old]), false, None).unwrap();
    assert_eq!((summary.changed, summary.unchanged), (1, 0), "the same ModificationTimestamp, written again");
    let read = store.read().unwrap().unwrap();
    assert_eq!(read.listings[0].facts.waterfront_yn, Some(true));
    assert_eq!(read.info.format, crate::store::FORMAT);
    let again = import(dir.path(), feed(dir.path(), "feed.json", vec![read_back(&read.listings[0])]), false, None);
    assert_eq!(again.unwrap().unchanged, 1, "then only what changes is written");
}

fn read_back(p: &crate::record::Property) -> Value {
    serde_json::to_value(p).unwrap()
}
