use super::*;
use crate::check::check;
use serde_json::json;

fn listing(key: &str, status: &str, price: u64) -> Property {
    let record = json!({
        "ListingKey": key, "ListingId": format!("MLS{key}"), "StandardStatus": status, "ListPrice": price,
        "UnparsedAddress": "1 Oak St", "City": "Jacksonville", "PostalCode": "32210",
        "ListOfficeName": "Harbor Realty", "ModificationTimestamp": "2026-11-01T00:00:00Z",
        "InternetEntireListingDisplayYN": true, "InternetAddressDisplayYN": true,
    });
    check(&record, "x").unwrap()
}

const AT: &str = "2026-11-28T12:00:00Z";

#[test]
fn news_is_new_listings_price_cuts_and_changes_of_status() {
    let before = [
        listing("cut", "Active", 500_000),
        listing("raised", "Active", 500_000),
        listing("signed", "Active", 500_000),
        listing("pending", "Active Under Contract", 500_000),
        listing("back", "Pending", 500_000),
        listing("launched", "Coming Soon", 500_000),
        listing("same", "Active", 500_000),
        listing("cut-and-signed", "Active", 600_000),
    ];
    let before_by_key: HashMap<&str, &Property> = before.iter().map(|p| (p.listing_key.as_str(), p)).collect();
    let written = [
        listing("cut", "Active", 450_000),
        listing("raised", "Active", 550_000),
        listing("signed", "Active Under Contract", 500_000),
        listing("pending", "Pending", 500_000),
        listing("back", "Active", 500_000),
        listing("launched", "Active", 500_000),
        listing("same", "Active", 500_000),
        listing("cut-and-signed", "Active Under Contract", 575_000),
        listing("fresh", "Active", 300_000),
        listing("fresh-soon", "Coming Soon", 300_000),
        listing("fresh-pending", "Pending", 300_000),
    ];
    let at: Timestamp = AT.parse().unwrap();
    let got: Vec<(String, Vec<Reason>)> =
        of(&before_by_key, &written, at).into_iter().map(|c| (c.key, c.reasons)).collect();
    let want = [
        ("back", vec![Reason::BackOnMarket]),
        ("cut", vec![Reason::PriceReduced { from: 500_000 }]),
        ("cut-and-signed", vec![Reason::PriceReduced { from: 600_000 }, Reason::UnderContract]),
        ("fresh", vec![Reason::New]),
        ("fresh-soon", vec![Reason::New]),
        ("launched", vec![Reason::New]),
        ("pending", vec![Reason::Pending]),
        ("signed", vec![Reason::UnderContract]),
    ];
    assert_eq!(got, want.map(|(k, r)| (k.to_string(), r)));
    let one = &of(&before_by_key, &written[..1], at)[0];
    assert_eq!((one.mls_number.as_str(), one.at), ("MLScut", at));
    assert_eq!(
        serde_json::to_value(&one.reasons).unwrap(),
        json!([{"reason": "price-reduced", "from": 500_000}]),
        "as the alerts read it"
    );
}

#[test]
fn the_window_keeps_a_week() {
    let at = |s: &str| s.parse::<Timestamp>().unwrap();
    let change = |key: &str, when: &str| Change {
        key: key.into(),
        mls_number: key.into(),
        at: at(when),
        reasons: vec![Reason::New],
    };
    let previous = [change("old", "2026-11-20T12:00:00Z"), change("recent", "2026-11-22T12:00:00Z")];
    let kept = window(&previous, vec![change("now", AT)], at(AT));
    assert_eq!(kept.iter().map(|c| c.key.as_str()).collect::<Vec<_>>(), ["recent", "now"]);
}
