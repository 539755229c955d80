//! The sample feed: seeded, valid, marked as the sample, with news round after round, and with
//! realistic shares of the facts a buyer reads by group.

use crate::check::{check, check_all};
use crate::store::Store;
use crate::{import, sample, Source};
use serde_json::Value;
use std::collections::HashSet;

#[test]
fn the_sample_is_seeded_valid_and_marked() {
    let areas = vec![
        sample::Area { name: "Riverside".into(), zip: "32204".into() },
        sample::Area { name: "Jacksonville Beach".into(), zip: "32250".into() },
    ];
    let images = vec!["images/listings/a.jpg".to_string()];
    let records = sample::records(&areas, &images, 300, None);
    assert_eq!(records, sample::records(&areas, &images, 300, None), "the same feed every run");
    for r in &records {
        check(r, "x").unwrap_or_else(|p| panic!("{p:?}"));
    }
    let statuses: HashSet<&str> = records.iter().filter_map(|r| r["StandardStatus"].as_str()).collect();
    assert!(statuses.contains("Active") && statuses.contains("Closed") && statuses.contains("Pending"));
    assert!(records.iter().any(|r| r["InternetAddressDisplayYN"] == false));

    let dir = tempfile::tempdir().unwrap();
    let summary = import(
        dir.path(),
        Source::Sample { areas, images, listings: 300, member: None, own_photos: false, rounds: 0 },
        false,
        None,
    )
    .unwrap();
    assert!(summary.sample);
    assert_eq!(summary.listings, summary.added);
    assert!(Store::new(dir.path()).read().unwrap().unwrap().info.sample);
    // Importing it again changes nothing.
    let areas = vec![
        sample::Area { name: "Riverside".into(), zip: "32204".into() },
        sample::Area { name: "Jacksonville Beach".into(), zip: "32250".into() },
    ];
    let again = import(
        dir.path(),
        Source::Sample {
            areas,
            images: vec!["images/listings/a.jpg".into()],
            listings: 300,
            member: None,
            own_photos: false,
            rounds: 0,
        },
        false,
        None,
    )
    .unwrap();
    assert_eq!((again.added, again.changed, again.removed, again.unchanged), (0, 0, 0, summary.listings));
}

#[test]
fn a_round_of_the_sample_after_another_is_news_a_new_listing_and_a_price_cut() {
    let source = |rounds| Source::Sample {
        areas: vec![sample::Area { name: "Riverside".into(), zip: "32204".into() }],
        images: vec!["images/listings/a.jpg".into()],
        listings: 40,
        member: None,
        own_photos: false,
        rounds,
    };
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(import(dir.path(), source(0), false, None).unwrap().news, 0, "a first import is no news");
    let one = import(dir.path(), source(1), false, None).unwrap();
    assert_eq!((one.added, one.changed, one.news), (1, 1, 2));
    let news = Store::new(dir.path()).changes().unwrap();
    let reasons: Vec<_> = news.iter().map(|c| (c.key.as_str(), c.reasons[0])).collect();
    assert!(
        matches!(
            reasons[..],
            [(_, crate::changes::Reason::PriceReduced { .. }), ("SAMPLE000041", crate::changes::Reason::New)]
        ),
        "{reasons:?}"
    );
    let two = import(dir.path(), source(2), false, None).unwrap();
    assert_eq!((two.added, two.changed, two.news), (1, 1, 2));
}

#[test]
fn the_sample_has_realistic_shares_of_the_facts_and_every_one_checks() {
    let areas = vec![
        sample::Area { name: "Riverside".into(), zip: "32204".into() },
        sample::Area { name: "Jacksonville Beach".into(), zip: "32250".into() },
    ];
    let records = sample::records(&areas, &["images/a.jpg".into()], 3_000, None);
    let share = |test: &dyn Fn(&Value) -> bool| records.iter().filter(|r| test(r)).count() * 100 / records.len();
    let listed = |r: &Value, f: &str, word: &str| {
        let text = match &r[f] {
            Value::Array(a) => a.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(","),
            v => v.as_str().unwrap_or_default().to_string(),
        };
        text.to_lowercase().contains(word)
    };
    let shares = [
        ("waterfront", share(&|r| r["WaterfrontYN"] == true), 17..=23),
        ("dock", share(&|r| listed(r, "WaterfrontFeatures", "dock") || listed(r, "LotFeatures", "dock")), 7..=11),
        ("pool", share(&|r| r["PoolPrivateYN"] == true), 31..=39),
        ("an HOA", share(&|r| r["AssociationFee"].is_number()), 45..=53),
        ("gated", share(&|r| listed(r, "CommunityFeatures", "gated")), 11..=17),
        ("an unbranded tour", share(&|r| r["VirtualTourURLUnbranded"].is_string()), 28..=34),
        ("a video", share(&|r| r["Media"].to_string().contains("\"MediaCategory\":\"Video\"")), 5..=11),
    ];
    for (what, percent, range) in shares {
        println!("{percent} % with {what}");
        assert!(range.contains(&percent), "{percent} % with {what}, expected {range:?}");
    }
    for r in &records {
        let c = check_all(r, "x");
        assert!(c.dropped.is_empty(), "{:?}", c.dropped);
        let p = c.property.unwrap();
        assert!(
            p.facts.elementary_school.is_some()
                && p.facts.middle_or_junior_school.is_some()
                && p.facts.high_school.is_some()
        );
        let tax = p.facts.tax_annual_amount.unwrap() as f64 / p.list_price as f64;
        assert!((0.0149..=0.0201).contains(&tax), "taxes {tax} of the price");
        let since = p.facts.on_market_date.unwrap();
        assert!(since < p.modification_timestamp.to_zoned(jiff::tz::TimeZone::UTC).date().tomorrow().unwrap());
        assert!(p.facts.listing_contract_date.unwrap() < since);
        assert!(p.first_photo().is_some_and(|m| m.is_photo()));
        assert!(p.facts.association_fee.is_some() == p.facts.association_fee_frequency.is_some());
    }
}
