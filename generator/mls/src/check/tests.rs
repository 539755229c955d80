//! The facts of a buyer's groups: read in either list form, and each bad one named by its
//! listing and field and left out while the listing is kept.

use super::*;
use crate::record::FeeFrequency;
use serde_json::json;

fn record() -> Value {
    json!({
        "ListingKey": "A1", "ListingId": "2100001", "StandardStatus": "Active", "ListPrice": 800_000,
        "UnparsedAddress": "1 Oak Lane", "City": "Jacksonville", "PostalCode": "32210",
        "ListOfficeName": "Harbor Realty", "ModificationTimestamp": "2026-11-01T00:00:00Z",
        "WaterfrontYN": true, "WaterfrontFeatures": "River Front, Boat Dock,,River Front", "View": ["River"],
        "PoolPrivateYN": false, "GarageSpaces": 2, "LotFeatures": ["Corner Lot"], "Stories": 2,
        "AssociationFee": 245.5, "AssociationFeeFrequency": "Monthly", "AssociationName": "Ortega Point HOA",
        "CommunityFeatures": ["Gated", "Clubhouse"], "TaxAnnualAmount": 12_400, "TaxYear": 2025,
        "ElementarySchool": "Cedar Bluff Elementary", "OnMarketDate": "2026-10-02",
        "ListingContractDate": "2026-09-28", "NewConstructionYN": false,
        "VirtualTourURLUnbranded": "https://tours.example/a1", "VirtualTourURLBranded": "https://brand.example/a1",
        "Media": [
            {"MediaURL": "https://media.example/v.mp4", "Order": 0, "MediaCategory": "Video"},
            {"MediaURL": "https://media.example/a.jpg", "Order": 1, "MediaCategory": "Photo"},
            {"MediaURL": "https://media.example/b.jpg", "Order": 2},
            {"MediaURL": "https://media.example/t", "Order": 3, "MediaCategory": "Branded Virtual Tour"},
        ],
    })
}

fn with(field: &str, value: Value) -> Value {
    let mut r = record();
    r[field] = value;
    r
}

/// The listing, kept, and the lines of what was left out of it.
fn dropped(r: Value) -> (Property, Vec<String>) {
    let c = check_all(&r, "x");
    (c.property.unwrap_or_else(|p| panic!("kept: {p:?}")), c.dropped.iter().map(ToString::to_string).collect())
}

#[test]
fn the_facts_are_kept_typed_lists_from_either_form() {
    let (p, none) = dropped(record());
    assert_eq!(none, Vec::<String>::new());
    assert_eq!(p.facts.waterfront_yn, Some(true));
    assert_eq!(p.facts.waterfront_features, ["River Front", "Boat Dock"], "split on commas, trimmed, once each");
    assert_eq!(p.facts.view, ["River"]);
    assert!(p.facts.has_dock() && p.facts.gated());
    assert_eq!((p.facts.garage_spaces, p.facts.stories), (Some(2.0), Some(2)));
    assert_eq!((p.facts.association_fee, p.facts.association_fee_frequency), (Some(246), Some(FeeFrequency::Monthly)));
    assert_eq!(p.facts.association_fee_frequency.and_then(FeeFrequency::per_year), Some(12));
    assert_eq!((p.facts.tax_annual_amount, p.facts.tax_year), (Some(12_400), Some(2025)));
    assert_eq!(p.facts.on_market_since(), Some("2026-10-02".parse().unwrap()));
    assert_eq!(p.facts.new_construction_yn, Some(false));
    assert_eq!(p.facts.virtual_tour_url_unbranded.as_deref(), Some("https://tours.example/a1"));
    // Photos are the media that are photos or say nothing; the video is apart; the branded tour is neither.
    let urls = |m: Vec<&crate::record::Media>| m.iter().map(|m| m.media_url.clone()).collect::<Vec<_>>();
    assert_eq!(urls(p.photos().collect()), ["https://media.example/a.jpg", "https://media.example/b.jpg"]);
    assert_eq!(urls(p.videos().collect()), ["https://media.example/v.mp4"]);
    let stored = serde_json::to_string(&p).unwrap();
    assert!(!stored.contains("brand.example"), "the branded tour is never kept: {stored}");
    assert_eq!(serde_json::from_str::<Property>(&stored).unwrap(), p);
    // Without OnMarketDate, the contract's date.
    let (p, _) = dropped(with("OnMarketDate", Value::Null));
    assert_eq!(p.facts.on_market_since(), Some("2026-09-28".parse().unwrap()));
    let (p, _) = dropped(with("CommunityFeatures", json!("Clubhouse")));
    assert!(!p.facts.gated());
}

#[test]
fn a_bad_fact_is_named_by_its_listing_and_field_and_only_it_is_left_out() {
    let long = "x".repeat(121);
    let many: Vec<String> = (0..51).map(|n| format!("Item {n}")).collect();
    let cases = [
        ("WaterfrontYN", json!("yes"), "WaterfrontYN: expected true or false, found \"yes\""),
        ("View", json!(7), "View: expected a list of text or text separated by commas, found 7"),
        ("Appliances", json!(["Dishwasher", 3]), "Appliances: expected a list of text, found [\"Dishwasher\",3]"),
        ("Flooring", json!([long.clone()]), "Flooring: expected items of at most 120 characters, found \"xxxx"),
        ("Heating", json!(many), "Heating: expected at most 50 items, found 51"),
        ("GarageSpaces", json!(-1), "GarageSpaces: expected a number from 0 to 100, found -1"),
        ("Stories", json!(1.5), "Stories: expected a whole number from 0 to 200, found 1.5"),
        ("AssociationFee", json!("$245"), "AssociationFee: expected a number, found \"$245\""),
        (
            "AssociationFeeFrequency",
            json!("Every month"),
            "AssociationFeeFrequency: expected one of RESO's fee frequencies (Annually, Bi-Monthly, Bi-Weekly, Daily, Monthly, One Time, Quarterly, Seasonal, Semi-Annually, Semi-Monthly, Weekly), found \"Every month\"",
        ),
        ("AssociationName", json!(long), "AssociationName: expected at most 120 characters, found 121"),
        ("HighSchool", json!(12), "HighSchool: expected text, found 12"),
        ("TaxYear", json!(1200), "TaxYear: expected a year from 1600 to 2100, found 1200"),
        ("TaxAnnualAmount", json!(-5), "TaxAnnualAmount: expected a number from 0 to 1000000000, found -5"),
        ("OnMarketDate", json!("10/02/2026"), "OnMarketDate: expected a date such as \"2026-11-24\", found \"10/02/2026\""),
        (
            "VirtualTourURLUnbranded",
            json!("javascript:alert(1)"),
            "VirtualTourURLUnbranded: expected an https:// URL, found \"javascript:alert(1)\"",
        ),
    ];
    let good = check(&record(), "x").unwrap();
    for (field, value, message) in cases {
        let (p, lines) = dropped(with(field, value));
        assert_eq!(lines.len(), 1, "{field}: {lines:?}");
        assert!(lines[0].starts_with(&format!("ListingKey A1: {message}")), "{field}: {}", lines[0]);
        let (kept, whole) = (serde_json::to_value(&p.facts).unwrap(), serde_json::to_value(&good.facts).unwrap());
        assert!(kept.get(field).is_none(), "{field} is left out");
        let others = |v: &Value| {
            let mut v = v.clone();
            v.as_object_mut().unwrap().remove(field);
            v
        };
        assert_eq!(others(&kept), others(&whole), "{field}: nothing else changes");
    }
}

#[test]
fn a_media_item_of_a_category_the_dictionary_lacks_is_left_out_not_shown_as_a_photo() {
    let mut r = record();
    r["Media"][1]["MediaCategory"] = json!("Drone Footage");
    let (p, lines) = dropped(r);
    assert_eq!(
        lines,
        ["ListingKey A1: Media[1].MediaCategory: expected one of RESO's media categories (Agent Photo, Branded Virtual Tour, Document, Floor Plan, Office Logo, Office Photo, Photo, Unbranded Virtual Tour, Video), found \"Drone Footage\""]
    );
    assert_eq!(p.photos().map(|m| m.media_url.as_str()).collect::<Vec<_>>(), ["https://media.example/b.jpg"]);
    assert_eq!(p.media.len(), 3);
}

#[test]
fn a_record_bad_otherwise_is_still_skipped_with_its_bad_facts_named() {
    let mut r = with("ListPrice", json!("a lot"));
    r["WaterfrontYN"] = json!(1);
    let c = check_all(&r, "x");
    let problems: Vec<String> = c.property.unwrap_err().iter().map(ToString::to_string).collect();
    assert_eq!(problems, ["ListingKey A1: ListPrice: expected a number, found \"a lot\""]);
    assert_eq!(c.dropped.len(), 1);
}

#[test]
fn only_public_active_open_houses_are_kept_and_a_bad_type_costs_only_its_open_house() {
    let at = |day: u32| (format!("2026-12-{day:02}T18:00:00Z"), format!("2026-12-{day:02}T20:00:00Z"));
    let open = |day: u32, extra: Value| {
        let (s, e) = at(day);
        let mut o = json!({"OpenHouseStartTime": s, "OpenHouseEndTime": e});
        o.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        o
    };
    let r = with(
        "OpenHouse",
        json!([
            open(13, json!({"OpenHouseType": "Public", "OpenHouseStatus": "Active", "OpenHouseKey": "OH-13"})),
            open(5, json!({})),
            open(6, json!({"OpenHouseType": "Broker", "OpenHouseStatus": "Active"})),
            open(7, json!({"OpenHouseType": "Office"})),
            open(8, json!({"OpenHouseStatus": "Cancelled"})),
            open(9, json!({"OpenHouseStatus": "Ended"})),
            open(10, json!({"OpenHouseType": "Open to all"})),
            open(11, json!({"OpenHouseStatus": 3, "OpenHouseKey": "a key"})),
            open(12, json!({"OpenHouseType": "public", "OpenHouseKey": "../x"})),
            open(12, json!({})),
        ]),
    );
    let (p, lines) = dropped(r);
    let days: Vec<String> =
        p.open_house.iter().map(|o| o.open_house_start_time.to_string()[8..10].to_string()).collect();
    assert_eq!(days, ["05", "12", "13"], "soonest first, once each; absent type and status taken as shown");
    assert_eq!(p.open_house[2].open_house_key.as_deref(), Some("OH-13"));
    assert_eq!(p.open_house[1].open_house_key, None, "a key that is not one is left out, not its open house");
    assert_eq!(
        lines,
        [
            "ListingKey A1: OpenHouse[6].OpenHouseType: expected one of RESO's open house types (Broker, Office, Public), found \"Open to all\"",
            "ListingKey A1: OpenHouse[7].OpenHouseStatus: expected one of RESO's open house statuses (Active, Cancelled, Ended), found 3",
            "ListingKey A1: OpenHouse[7].OpenHouseKey: expected letters, digits, '-', '_' or '.' (at most 128), found \"a key\"",
            "ListingKey A1: OpenHouse[8].OpenHouseKey: expected letters, digits, '-', '_' or '.' (at most 128), found \"../x\"",
        ]
    );
    // A bad time still makes the record bad, as it always has.
    let bad = with("OpenHouse", json!([{"OpenHouseStartTime": "soon", "OpenHouseEndTime": at(5).1}]));
    assert!(check(&bad, "x").is_err());
}
