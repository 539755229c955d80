//! The sample's open houses: one Active listing in seven holds one or two, mostly on Saturday
//! and Sunday afternoons of the weekend after `NEWEST` and the two after it, some of the weekend
//! before (ended), and a share a broker's preview or cancelled, which the site must not show. At
//! import they are moved by whole weeks to the weeks around the import's time (`around`), so
//! `/homes/open-houses/` has this weekend's and the next's whatever the day; the feed stays the
//! same within a week.

use crate::weekend::{day_of, eastern, saturday_of};
use rand::rngs::Xoshiro256PlusPlus;
use rand::RngExt;
use serde_json::{json, Value};

/// One Active listing's open houses, drawn from `rng` (the caller's, seeded by the listing's
/// place): `key` its ListingKey, `chosen` whether the sample's own draw gave it some (a tenth); a
/// few more are chosen here.
pub(super) fn draw(rng: &mut Xoshiro256PlusPlus, key: &str, newest: jiff::Timestamp, chosen: bool) -> Vec<Value> {
    if !rng.random_bool(0.05) && !chosen {
        return Vec::new();
    }
    let saturday = saturday_of(day_of(newest));
    // The weekend before (ended), this one, the next and the one after.
    let week = [-1, 0, 0, 0, 1, 1, 1, 2][rng.random_range(0..8)];
    let count = if rng.random_bool(0.6) { 2 } else { 1 };
    (0..count)
        .map(|n| {
            let broker = rng.random_range(0..100) < 12;
            // A broker's preview on a weekday morning; the public's on a weekend afternoon.
            let (day, hour, hours) = if broker {
                (rng.random_range(-4..=-2), 10, 2)
            } else {
                // Both days of the weekend, or one, more often the Saturday.
                let sunday = if count == 2 { n == 1 } else { rng.random_bool(0.4) };
                (i64::from(sunday), [11, 12, 13, 14][rng.random_range(0..4)], if rng.random_bool(0.8) { 2 } else { 3 })
            };
            let date = saturday + jiff::Span::new().weeks(week).days(day);
            let start = date.at(hour, 0, 0, 0).to_zoned(eastern()).map(|z| z.timestamp()).unwrap_or(newest);
            let end = start + jiff::SignedDuration::from_hours(hours);
            let status = match week {
                -1 => "Ended",
                _ if rng.random_range(0..100) < 10 => "Cancelled",
                _ => "Active",
            };
            json!({
                "OpenHouseKey": format!("{key}-OH{}", n + 1),
                "OpenHouseType": if broker { "Broker" } else { "Public" },
                "OpenHouseStatus": status,
                "OpenHouseStartTime": start.to_string(),
                "OpenHouseEndTime": end.to_string(),
            })
        })
        .collect()
}

/// Moves every open house of `records` by the whole weeks from `newest`'s weekend (the sample's
/// `NEWEST`) to `now`'s, each keeping its day and its time in Eastern time (across a change of
/// daylight time too).
pub fn around(records: &mut [Value], newest: jiff::Timestamp, now: jiff::Timestamp) {
    let days = saturday_of(day_of(newest)).until(saturday_of(day_of(now))).map_or(0, |s| s.get_days());
    let weeks = jiff::Span::new().weeks(i64::from(days) / 7);
    if days == 0 {
        return;
    }
    let moved = |v: &Value| {
        let t: jiff::Timestamp = v.as_str()?.parse().ok()?;
        Some(t.to_zoned(eastern()).checked_add(weeks).ok()?.timestamp().to_string())
    };
    for r in records {
        let Some(Value::Array(open)) = r.get_mut("OpenHouse") else { continue };
        for o in open {
            for field in ["OpenHouseStartTime", "OpenHouseEndTime"] {
                if let Some(t) = moved(&o[field]) {
                    o[field] = json!(t);
                }
            }
        }
    }
}
