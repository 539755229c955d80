//! The sample feed as it stands after some rounds of news, so that an import after another has
//! something for saved searches (`generator import reso --sample --round N`; the browser suite's
//! alert test). Each round, the first listing for sale that the site shows lists for 5 % less,
//! and a new listing like it (its neighbourhood, kind, rooms and size), on the water with a pool,
//! comes on the market: both match the same searches of those, round after round, and the new one
//! a search for waterfront homes with pools.

use crate::sample::{self, Area};
use serde_json::{json, Value};

/// The sample feed as an import at `now` reads it: its `listings` records after `rounds` rounds,
/// their open houses moved to `now`'s weekend (a feed read weeks after the sample's NEWEST would
/// otherwise hold only ended ones).
pub fn records_at(
    areas: &[Area],
    images: &[String],
    listings: usize,
    member: Option<&str>,
    rounds: usize,
    now: jiff::Timestamp,
) -> Vec<Value> {
    let mut records = sample::records(areas, images, listings, member);
    after(&mut records, rounds);
    let newest: jiff::Timestamp = sample::NEWEST.parse().expect("NEWEST is a timestamp");
    sample::open_houses::around(&mut records, newest, now);
    records
}

/// `records` (the sample's, `sample::records`) after `rounds` rounds, each newer than the last.
pub fn after(records: &mut Vec<Value>, rounds: usize) {
    let Some(first) = records.iter().position(|r| {
        r["StandardStatus"] == "Active"
            && r["InternetEntireListingDisplayYN"] == true
            && r["InternetAddressDisplayYN"] == true
    }) else {
        return;
    };
    let listings = records.len();
    let like = records[first].clone();
    let newest: jiff::Timestamp = sample::NEWEST.parse().expect("NEWEST is a timestamp");
    for round in 1..=rounds {
        let modified = (newest + jiff::SignedDuration::from_mins(round as i64)).to_string();
        let mut new = like.clone();
        let n = listings + round - 1;
        new["ListingKey"] = json!(format!("SAMPLE{:06}", n + 1));
        new["ListingId"] = json!((2_104_000 + n).to_string());
        let address = new["UnparsedAddress"].as_str().unwrap_or_default();
        let (number, street) = address.split_once(' ').unwrap_or(("100", address));
        let number: u64 = number.parse().unwrap_or(100);
        new["UnparsedAddress"] = json!(format!("{} {street}", number + 2 * round as u64));
        new["ModificationTimestamp"] = json!(modified);
        new["OpenHouse"] = json!([]);
        // On the water with a pool, whatever the other is: news for a search of those too.
        new["WaterfrontYN"] = json!(true);
        new["PoolPrivateYN"] = json!(true);
        // On the market the day it is news, with a tour of its own where the other has one.
        let day = (newest + jiff::SignedDuration::from_mins(round as i64)).to_zoned(jiff::tz::TimeZone::UTC).date();
        new["OnMarketDate"] = json!(day.to_string());
        new["ListingContractDate"] = json!(day.yesterday().map(|d| d.to_string()).unwrap_or_default());
        if new["VirtualTourURLUnbranded"].is_string() {
            new["VirtualTourURLUnbranded"] =
                json!(format!("{}{}", sample::TOURS_ORIGIN, new["ListingKey"].as_str().unwrap_or_default()));
        }
        records.push(new);

        let price = records[first]["ListPrice"].as_u64().unwrap_or_default();
        records[first]["ListPrice"] = json!(price * 95 / 100 / 5_000 * 5_000);
        records[first]["ModificationTimestamp"] = json!(modified);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::records;

    #[test]
    fn each_round_cuts_one_price_and_adds_a_listing_like_it() {
        let areas = [Area { name: "Riverside".into(), zip: "32204".into() }];
        let base = records(&areas, &["images/a.jpg".into()], 50, None);
        let mut two = base.clone();
        after(&mut two, 2);
        assert_eq!(two.len(), 52);
        let changed: Vec<usize> = (0..50).filter(|&i| two[i] != base[i]).collect();
        let [first] = changed[..] else { panic!("one listing changed: {changed:?}") };
        let was = base[first]["ListPrice"].as_u64().unwrap();
        let now = two[first]["ListPrice"].as_u64().unwrap();
        assert!(now < was * 91 / 100 && now > was * 89 / 100, "5 % less twice: {was} → {now}");
        for (i, new) in two[50..].iter().enumerate() {
            assert_eq!(new["ListingKey"], format!("SAMPLE{:06}", 51 + i));
            assert_ne!(new["UnparsedAddress"], base[first]["UnparsedAddress"]);
            for same in ["SubdivisionName", "PropertySubType", "BedroomsTotal", "LivingArea", "ListPrice"] {
                assert_eq!(new[same], base[first][same], "{same}");
            }
            crate::check::check(new, "x").unwrap_or_else(|p| panic!("{p:?}"));
        }
        let mut none = base.clone();
        after(&mut none, 0);
        assert_eq!(none, base);
    }
}
