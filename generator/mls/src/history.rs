//! Each listing's story as the imports saw it: listed at a price, each price cut, back on the
//! market. Made from each import's news (crate::changes) and kept with the store across imports,
//! so a page can say "Listed at $X on <date> · Reduced to $Y on <date>", and a search can tell a
//! price cut of the last days.

use crate::changes::{Change, Reason};
use crate::record::Property;
use crate::weekend::day_of;
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// The most events a listing keeps: its first, then the latest.
const MAX_EVENTS: usize = 12;

/// One event of a listing's story, on the day it happened (Jacksonville's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// On the market at this price.
    Listed { price: u64, on: Date },
    /// Its list price cut to this.
    Reduced { price: u64, on: Date },
    /// For sale again after being under contract or pending.
    BackOnMarket { on: Date },
}

impl Event {
    pub fn on(&self) -> Date {
        match self {
            Event::Listed { on, .. } | Event::Reduced { on, .. } | Event::BackOnMarket { on } => *on,
        }
    }
}

/// Every listing's story, by ListingKey.
pub type History = BTreeMap<String, Vec<Event>>;

/// The story after an import: `previous`'s, of the listings the store still holds (`held`), each
/// with what this import's `news` says of it; `written` are the import's new and changed
/// listings, by ListingKey. A change is dated the day its listing was modified at the MLS (a
/// listing is listed on its OnMarketDate where the feed has one).
pub fn after(
    mut previous: History,
    news: &[Change],
    written: &HashMap<&str, &Property>,
    held: impl Fn(&str) -> bool,
) -> History {
    previous.retain(|key, _| held(key));
    for change in news {
        let Some(p) = written.get(change.key.as_str()) else { continue };
        let on = day_of(p.modification_timestamp);
        let story = previous.entry(change.key.clone()).or_default();
        for reason in &change.reasons {
            let event = match reason {
                // Once: out of Coming Soon is news to a search, not a second listing.
                Reason::New if story.iter().any(|e| matches!(e, Event::Listed { .. })) => continue,
                Reason::New => Event::Listed { price: p.list_price, on: p.facts.on_market_since().unwrap_or(on) },
                Reason::PriceReduced { .. } => Event::Reduced { price: p.list_price, on },
                Reason::BackOnMarket => Event::BackOnMarket { on },
                Reason::UnderContract | Reason::Pending => continue,
            };
            story.push(event);
        }
        if story.len() > MAX_EVENTS {
            story.drain(1..story.len() - (MAX_EVENTS - 1));
        }
        if story.is_empty() {
            previous.remove(&change.key);
        }
    }
    previous
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::Timestamp;

    fn date(s: &str) -> Date {
        s.parse().unwrap()
    }

    #[test]
    fn the_oldest_event_and_the_latest_are_kept() {
        let record = serde_json::json!({
            "ListingKey": "K1", "ListingId": "2100001", "StandardStatus": "Active", "ListPrice": 500_000,
            "UnparsedAddress": "1 Oak Lane", "City": "Jacksonville", "PostalCode": "32210",
            "ListOfficeName": "Harbor Realty", "ModificationTimestamp": "2026-11-02T03:00:00Z",
        });
        let p = crate::check::check(&record, "x").unwrap();
        let written = HashMap::from([("K1", &p)]);
        let at: Timestamp = "2026-11-02T04:00:00Z".parse().unwrap();
        let cut = |from| Change {
            key: "K1".into(),
            mls_number: "2100001".into(),
            at,
            reasons: vec![Reason::PriceReduced { from }],
        };
        let mut h = History::new();
        h.insert("K1".into(), vec![Event::Listed { price: 900_000, on: date("2026-01-05") }]);
        h.insert("GONE".into(), vec![Event::Listed { price: 1, on: date("2026-01-05") }]);
        for n in 0..20 {
            h = after(h, &[cut(600_000 + n)], &written, |k| k == "K1");
        }
        let story = &h["K1"];
        assert_eq!(story.len(), MAX_EVENTS);
        assert_eq!(story[0], Event::Listed { price: 900_000, on: date("2026-01-05") });
        // Modified at 10 pm on November 1 in Jacksonville.
        assert_eq!(story[1], Event::Reduced { price: 500_000, on: date("2026-11-01") });
        assert!(!h.contains_key("GONE"), "a listing the store no longer holds has no story");
    }
}
