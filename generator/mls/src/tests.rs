mod facts;
mod sample_feed;
mod sample_open_houses;

use crate::check::check;
use crate::feed::Page;
use crate::merge::{plan, Scope};
use crate::record::Status;
use crate::store::{ImportInfo, Memo, Store};
use crate::{import, photos, sample, Source};
use serde_json::{json, Value};
use std::collections::HashSet;
use std::sync::Arc;

fn listing(key: &str, modified: &str) -> Value {
    json!({
        "ListingKey": key,
        "ListingId": format!("MLS-{key}"),
        "StandardStatus": "Active",
        "ListPrice": 1_250_000,
        "BedroomsTotal": 4,
        "BathroomsTotalInteger": 3,
        "LivingArea": 3100,
        "UnparsedAddress": "1820 Riverside Ave",
        "City": "Jacksonville",
        "PostalCode": "32204",
        "ListOfficeName": "First Coast Premier Realty",
        "ModificationTimestamp": modified,
        "Media": [{"MediaURL": "https://media.mls.example/b.jpg", "Order": 2}, {"MediaURL": "https://media.mls.example/a.jpg", "Order": 1}],
        "OpenHouse": [{"OpenHouseStartTime": "2026-11-28T18:00:00Z", "OpenHouseEndTime": "2026-11-28T20:00:00Z"}],
        "SomeFieldTheSiteDoesNotUse": 7
    })
}

/// A record of an import of `source` by this generator, now.
fn info(source: &str, newest: Option<jiff::Timestamp>) -> ImportInfo {
    ImportInfo {
        format: crate::store::FORMAT,
        source: source.into(),
        sample: false,
        imported_at: jiff::Timestamp::now(),
        newest,
    }
}

fn with(mut v: Value, field: &str, value: Value) -> Value {
    v[field] = value;
    v
}

fn page(records: Vec<Value>) -> Vec<Page> {
    vec![Page { name: "page-1.json".into(), context: None, records, next: None }]
}

fn problems(record: Value) -> Vec<String> {
    check(&record, "record 1 of page-1.json").unwrap_err().iter().map(ToString::to_string).collect()
}

#[test]
fn a_good_record_keeps_the_dictionary_names_it_uses_and_sorts_its_photos() {
    let p = check(&listing("A1", "2026-11-20T10:00:00-05:00"), "x").unwrap();
    assert_eq!(p.standard_status, Status::Active);
    assert_eq!(p.list_price, 1_250_000);
    assert_eq!(p.modification_timestamp.to_string(), "2026-11-20T15:00:00Z");
    assert_eq!(
        p.media.iter().map(|m| m.media_url.as_str()).collect::<Vec<_>>(),
        ["https://media.mls.example/a.jpg", "https://media.mls.example/b.jpg"]
    );
    let stored = serde_json::to_value(&p).unwrap();
    assert_eq!(stored["BathroomsTotalInteger"], 3);
    assert_eq!(stored["InternetAddressDisplayYN"], true);
    assert_eq!(stored["Media"][0]["MediaURL"], "https://media.mls.example/a.jpg");
    assert!(stored.get("SomeFieldTheSiteDoesNotUse").is_none());
    assert_eq!(serde_json::from_value::<crate::record::Property>(stored).unwrap(), p);
}

#[test]
fn each_bad_field_is_named_with_its_listing_key() {
    let r = listing("A1", "2026-11-20T10:00:00Z");
    assert_eq!(
        problems(with(r.clone(), "ListPrice", json!("$450,000"))),
        ["ListingKey A1: ListPrice: expected a number, found \"$450,000\""]
    );
    assert_eq!(
        problems(with(r.clone(), "StandardStatus", json!("For Sale"))),
        ["ListingKey A1: StandardStatus: expected one of RESO's statuses (Active, Active Under Contract, Canceled, Closed, Coming Soon, Delete, Expired, Hold, Incomplete, Pending, Withdrawn), found \"For Sale\""]
    );
    assert_eq!(
        problems(with(r.clone(), "CloseDate", json!("11/24/2026"))),
        ["ListingKey A1: CloseDate: expected a date such as \"2026-11-24\", found \"11/24/2026\""]
    );
    assert_eq!(
        problems(with(r.clone(), "ListingKey", Value::Null)),
        ["ListingKey (none, record 1 of page-1.json): ListingKey: missing"]
    );
    assert_eq!(
        problems(with(r.clone(), "ListingKey", json!("../etc"))),
        ["ListingKey ../etc: ListingKey: expected letters, digits, '-', '_' or '.' (at most 128)"]
    );
    assert_eq!(
        problems(with(r.clone(), "ModificationTimestamp", json!("yesterday"))),
        ["ListingKey A1: ModificationTimestamp: expected a date and time such as \"2026-11-24T14:05:00Z\", found \"yesterday\""]
    );
    assert_eq!(problems(with(r.clone(), "ListOfficeName", json!(" "))), ["ListingKey A1: ListOfficeName: missing"]);
    assert_eq!(
        problems(with(r.clone(), "Media", json!([{"MediaURL": "http://media.mls.example/a.jpg"}]))),
        ["ListingKey A1: Media[0].MediaURL: expected an https:// URL, found \"http://media.mls.example/a.jpg\""]
    );
    assert_eq!(
        problems(with(r.clone(), "BedroomsTotal", json!(-2))),
        ["ListingKey A1: BedroomsTotal: expected a whole number from 0 to 100, found -2"]
    );
    // Several problems, one line each.
    assert_eq!(problems(with(with(r, "PostalCode", json!("FL")), "Latitude", json!(123))).len(), 2);
}

#[test]
fn an_address_shown_is_an_address_given() {
    let r = with(listing("A1", "2026-11-20T10:00:00Z"), "UnparsedAddress", Value::Null);
    assert_eq!(
        problems(r.clone()),
        ["ListingKey A1: UnparsedAddress: missing (needed unless InternetAddressDisplayYN is false)"]
    );
    let hidden = check(&with(r, "InternetAddressDisplayYN", json!(false)), "x").unwrap();
    assert!(!hidden.internet_address_display_yn);
}

#[test]
fn open_houses_that_change_without_the_listing_are_written_again() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let t = "2026-11-20T10:00:00Z";
    let p = plan(None, &page(vec![listing("A", t), listing("B", t)]), &Scope::Whole, false);
    store.commit(None, &p.keep, &p.write, &info("f", p.newest), &[], &Default::default()).unwrap();
    let base = store.read().unwrap().unwrap();
    let cancelled = json!([{"OpenHouseStartTime": "2026-11-28T18:00:00Z", "OpenHouseEndTime": "2026-11-28T20:00:00Z", "OpenHouseStatus": "Cancelled"}]);
    let p = plan(
        Some(&base),
        &page(vec![listing("A", t), with(listing("B", t), "OpenHouse", cancelled)]),
        &Scope::Whole,
        false,
    );
    assert_eq!((p.changed, p.unchanged), (1, 1));
    assert_eq!(p.write[0].listing_key, "B");
    assert!(p.write[0].open_house.is_empty());
}

#[test]
fn an_import_adds_changes_removes_and_skips() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let t = "2026-11-20T10:00:00Z";
    let first = page(vec![listing("A", t), listing("B", t), listing("C", t), listing("D", t), listing("E", t)]);
    let p = plan(None, &first, &Scope::Whole, false);
    assert_eq!((p.added, p.changed, p.removed, p.skipped), (5, 0, 0, 0));
    store.commit(None, &p.keep, &p.write, &info("f", p.newest), &[], &Default::default()).unwrap();

    let base = store.read().unwrap().unwrap();
    assert_eq!(base.listings.len(), 5);
    let second = page(vec![
        listing("A", t),                                                       // unchanged
        listing("B", "2026-11-21T09:00:00Z"),                                  // changed
        with(listing("C", t), "StandardStatus", json!("Withdrawn")),           // removed
        with(listing("E", "2026-11-22T09:00:00Z"), "ListPrice", json!("n/a")), // bad: E stays as it was
        listing("F", t),                                                       // added
        with(listing("G", t), "StandardStatus", json!("Expired")),             // never added
        with(listing("H", t), "InternetEntireListingDisplayYN", json!(false)), // never shown
    ]); // D is gone from the feed
    let p = plan(Some(&base), &second, &Scope::Whole, false);
    assert_eq!((p.added, p.changed, p.removed, p.unchanged, p.skipped), (1, 1, 2, 2, 1));
    assert_eq!(
        p.problems.iter().map(ToString::to_string).collect::<Vec<_>>(),
        ["ListingKey E: ListPrice: expected a number, found \"n/a\""]
    );
    assert_eq!(p.newest.unwrap().to_string(), "2026-11-21T09:00:00Z");
    store.commit(Some(&base), &p.keep, &p.write, &info("f", p.newest), &[], &Default::default()).unwrap();
    let after = store.read().unwrap().unwrap();
    let keys: Vec<&str> = after.listings.iter().map(|l| l.listing_key.as_str()).collect();
    assert_eq!(keys, ["A", "B", "E", "F"]);
}

#[test]
fn the_snapshot_holds_what_the_files_per_listing_hold() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let t = "2026-11-20T10:00:00Z";
    let info = info("f", None);
    // Keys whose files sort otherwise than the keys themselves ("A-1.json" < "A.json").
    let first = page(vec![listing("A", t), listing("A-1", t), listing("B", t)]);
    let p = plan(None, &first, &Scope::Whole, false);
    store.commit(None, &p.keep, &p.write, &info, &[], &Default::default()).unwrap();
    let base = store.read().unwrap().unwrap();
    let second = page(vec![listing("A", t), listing("A-1", "2026-11-21T10:00:00Z"), listing("C", t)]);
    let p = plan(Some(&base), &second, &Scope::Whole, false);
    store.commit(Some(&base), &p.keep, &p.write, &info, &[], &Default::default()).unwrap();

    let snapshot = dir.path().join("current/listings.jsonl");
    let text = std::fs::read_to_string(&snapshot).unwrap();
    assert_eq!(text.lines().count(), 3, "{text}");
    let from_binary = store.read().unwrap().unwrap();
    std::fs::remove_file(dir.path().join("current/listings.bin")).unwrap();
    let from_snapshot = store.read().unwrap().unwrap();
    assert_eq!((&from_binary.listings, &from_binary.digests), (&from_snapshot.listings, &from_snapshot.digests));
    std::fs::remove_file(&snapshot).unwrap();
    let from_files = store.read().unwrap().unwrap();
    assert_eq!(from_snapshot.listings, from_files.listings);
    let keys: Vec<&str> = from_snapshot.listings.iter().map(|p| p.listing_key.as_str()).collect();
    assert_eq!(keys, ["A-1", "A", "C"], "in the order of their files");
    assert_eq!(from_snapshot.listings[0].modification_timestamp.to_string(), "2026-11-21T10:00:00Z");
}

#[test]
fn a_memo_keeps_an_import_until_another_replaces_it() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let memo = Memo::default();
    assert!(store.read_memo(&memo).unwrap().is_none(), "no import yet");
    let t = "2026-11-20T10:00:00Z";
    let info = info("f", None);
    let p = plan(None, &page(vec![listing("A", t), listing("B", t)]), &Scope::Whole, false);
    store.commit(None, &p.keep, &p.write, &info, &[], &Default::default()).unwrap();
    let first = store.read_memo(&memo).unwrap().unwrap();
    assert_eq!(first.listings.len(), 2);
    assert!(Arc::ptr_eq(&first, &store.read_memo(&memo).unwrap().unwrap()), "the same import is read once");

    // The store deleted and imported into afresh: the generation's number comes again.
    std::fs::remove_dir_all(dir.path()).unwrap();
    let later = ImportInfo { imported_at: info.imported_at + jiff::SignedDuration::from_secs(1), ..info.clone() };
    let p = plan(None, &page(vec![listing("C", t), listing("D", t), listing("E", t)]), &Scope::Whole, false);
    store.commit(None, &p.keep, &p.write, &later, &[], &Default::default()).unwrap();
    let again = store.read_memo(&memo).unwrap().unwrap();
    assert_eq!(again.listings.len(), 3, "another import under the same generation's number");

    let base = store.read().unwrap().unwrap();
    let p = plan(Some(&base), &page(vec![listing("A", t)]), &Scope::Whole, false);
    store.commit(Some(&base), &p.keep, &p.write, &info, &[], &Default::default()).unwrap();
    assert_eq!(store.read_memo(&memo).unwrap().unwrap().listings.len(), 1, "a new import is read again");
}

#[test]
fn duplicates_keep_the_newer_copy_and_name_the_other() {
    let p = plan(
        None,
        &page(vec![listing("A", "2026-11-21T00:00:00Z"), listing("A", "2026-11-20T00:00:00Z")]),
        &Scope::Whole,
        false,
    );
    assert_eq!((p.added, p.skipped), (1, 1));
    assert_eq!(p.write[0].modification_timestamp.to_string(), "2026-11-21T00:00:00Z");
    assert!(p.problems[0].to_string().starts_with("ListingKey A: ListingKey: appears more than once in the feed"));
}

#[test]
fn sold_listings_stay_only_where_the_site_shows_them() {
    let sold = with(listing("S", "2026-11-20T00:00:00Z"), "StandardStatus", json!("Closed"));
    assert_eq!(plan(None, &page(vec![sold.clone()]), &Scope::Whole, false).added, 0);
    assert_eq!(plan(None, &page(vec![sold]), &Scope::Whole, true).added, 1);
}

#[test]
fn a_changes_only_feed_removes_what_the_key_list_no_longer_has() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let t = "2026-11-20T00:00:00Z";
    let p = plan(None, &page(vec![listing("A", t), listing("B", t)]), &Scope::Whole, false);
    let info = info("u", p.newest);
    store.commit(None, &p.keep, &p.write, &info, &[], &Default::default()).unwrap();
    let base = store.read().unwrap().unwrap();
    let present: HashSet<String> = ["A".to_string(), "C".to_string()].into();
    let p = plan(Some(&base), &page(vec![listing("C", t)]), &Scope::Changes { present: Some(present) }, false);
    assert_eq!((p.added, p.removed, p.unchanged), (1, 1, 1));
}

#[test]
fn a_failed_commit_leaves_the_previous_import() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let p = plan(None, &page(vec![listing("A", "2026-11-20T00:00:00Z")]), &Scope::Whole, false);
    let info = info("f", p.newest);
    store.commit(None, &p.keep, &p.write, &info, &[], &Default::default()).unwrap();
    let base = store.read().unwrap().unwrap();
    // Keeping a listing the previous import does not hold fails before the swap.
    assert!(store.commit(Some(&base), &["A", "nope"], &[], &info, &[], &Default::default()).is_err());
    let again = store.read().unwrap().unwrap();
    assert_eq!(again.listings, base.listings);
    assert_eq!(again.info, base.info);
}

#[test]
fn the_binary_copy_is_read_only_from_the_generator_that_wrote_it_and_whole() {
    let areas = vec![
        sample::Area { name: "Riverside".into(), zip: "32204".into() },
        sample::Area { name: "Jacksonville Beach".into(), zip: "32250".into() },
    ];
    let dir = tempfile::tempdir().unwrap();
    let source = Source::Sample {
        areas,
        images: vec!["images/listings/a.jpg".into()],
        listings: 300,
        member: Some("NEF1".into()),
        own_photos: false,
        rounds: 0,
    };
    import(dir.path(), source, true, None).unwrap();
    let store = Store::new(dir.path());
    let binary = dir.path().join("current/listings.bin");
    let from_binary = store.read().unwrap().unwrap();
    // Every shape a listing takes in the sample: absent fields, sold ones, open houses.
    let ps = &from_binary.listings;
    assert!(ps.iter().any(|p| p.close_date.is_some()) && ps.iter().any(|p| !p.open_house.is_empty()));
    assert!(ps.iter().any(|p| p.unparsed_address.is_none() || !p.internet_address_display_yn));
    let written = std::fs::read(&binary).unwrap();
    std::fs::remove_file(&binary).unwrap();
    let from_json = store.read().unwrap().unwrap();
    assert_eq!((&from_binary.listings, &from_binary.digests), (&from_json.listings, &from_json.digests));

    // With a snapshot line edited, which copy a read took shows.
    let snapshot = dir.path().join("current/listings.jsonl");
    let text = std::fs::read_to_string(&snapshot).unwrap();
    std::fs::write(&snapshot, text.replacen("\"ListPrice\":", "\"ListPrice\":1", 1)).unwrap();
    let edited = store.read().unwrap().unwrap().listings;
    assert_ne!(edited, from_json.listings);
    std::fs::write(&binary, &written).unwrap();
    assert_eq!(store.read().unwrap().unwrap().listings, from_binary.listings, "its own copy is read");
    // Another generator's copy (its key differs), or a cut one, is passed over for the JSON.
    let mut other = written.clone();
    other[5] ^= 1;
    let mut cut = written.clone();
    cut.truncate(written.len() - 100);
    for (what, bytes) in [("another generator's", other), ("a cut", cut)] {
        std::fs::write(&binary, bytes).unwrap();
        assert_eq!(store.read().unwrap().unwrap().listings, edited, "{what} copy");
    }
}

#[test]
fn the_sample_can_give_each_listing_its_own_photo() {
    let content = tempfile::tempdir().unwrap();
    let base = image::RgbImage::from_fn(900, 600, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, ((x + y) % 256) as u8])
    });
    std::fs::create_dir_all(content.path().join("images")).unwrap();
    base.save(content.path().join("images/base.png")).unwrap();
    let source = |n| Source::Sample {
        areas: vec![sample::Area { name: "Riverside".into(), zip: "32204".into() }],
        images: vec!["images/listings/a.svg".into()],
        listings: n,
        member: None,
        own_photos: true,
        rounds: 0,
    };
    let dir = tempfile::tempdir().unwrap();
    import(dir.path(), source(12), false, None).unwrap();
    let listings = Store::new(dir.path()).read().unwrap().unwrap().listings;
    let firsts: HashSet<&str> = listings.iter().filter_map(|p| photos::first(p)).collect();
    assert_eq!(firsts.len(), listings.len(), "a photo of its own each");
    let files: Vec<_> = std::fs::read_dir(dir.path().join(photos::DIR)).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), listings.len());
    let bytes: HashSet<Vec<u8>> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    assert_eq!(bytes.len(), files.len(), "all different");
    let one = image::load_from_memory(bytes.iter().next().unwrap()).unwrap();
    assert_eq!((one.width(), one.height()), (1600, 1067));
    // Again: none made anew.
    let before: Vec<_> = files.iter().map(|f| std::fs::metadata(f).unwrap().modified().unwrap()).collect();
    import(dir.path(), source(12), false, None).unwrap();
    let after: Vec<_> = files.iter().map(|f| std::fs::metadata(f).unwrap().modified().unwrap()).collect();
    assert_eq!(before, after);
}

/// An import's news for saved searches (crate::changes), kept with the import: none from the first
/// one, then each change of a listing of the same feed, for a week.
#[test]
fn an_import_keeps_the_news_for_saved_searches() {
    let dir = tempfile::tempdir().unwrap();
    let feed = dir.path().join("feed.json");
    let run = |records: Vec<Value>| {
        std::fs::write(&feed, json!({ "value": records }).to_string()).unwrap();
        import(&dir.path().join("store"), Source::File(feed.clone()), false, None).unwrap()
    };
    let first = run(vec![listing("A", "2026-11-01T00:00:00Z"), listing("B", "2026-11-01T00:00:00Z")]);
    assert_eq!((first.added, first.news), (2, 0), "a first import is not news");
    let store = Store::new(&dir.path().join("store"));
    assert!(store.changes().unwrap().is_empty());
    let second = run(vec![
        with(listing("A", "2026-11-02T00:00:00Z"), "ListPrice", json!(1_100_000)),
        with(listing("B", "2026-11-02T00:00:00Z"), "StandardStatus", json!("Pending")),
        listing("C", "2026-11-02T00:00:00Z"),
    ]);
    assert_eq!(second.news, 3);
    assert!(
        second.line().contains(" 0 skipped; 3 news for saved searches (new, cheaper, or of another status);"),
        "{}",
        second.line()
    );
    let news: Vec<(String, String)> = store
        .changes()
        .unwrap()
        .into_iter()
        .map(|c| (c.mls_number, serde_json::to_string(&c.reasons).unwrap()))
        .collect();
    assert_eq!(
        news,
        [
            ("MLS-A".to_string(), r#"[{"reason":"price-reduced","from":1250000}]"#.to_string()),
            ("MLS-B".into(), r#"[{"reason":"pending"}]"#.into()),
            ("MLS-C".into(), r#"[{"reason":"new"}]"#.into()),
        ]
    );
    // Nothing new: the window still holds the last import's news.
    let third = run(vec![
        with(listing("A", "2026-11-02T00:00:00Z"), "ListPrice", json!(1_100_000)),
        with(listing("B", "2026-11-02T00:00:00Z"), "StandardStatus", json!("Pending")),
        listing("C", "2026-11-02T00:00:00Z"),
    ]);
    assert_eq!(third.news, 0);
    assert_eq!(store.changes().unwrap().len(), 3);
}
