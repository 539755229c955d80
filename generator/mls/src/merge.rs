//! What an import changes: the feed's records checked against the previous import, as listings to
//! keep, to write and to drop, with every bad record named.

use crate::check;
use crate::feed::Page;
use crate::record::{OpenHouse, Problem, Property, Status};
use crate::store::{self, Imported};
use jiff::Timestamp;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// How much of the MLS the pages hold.
pub enum Scope {
    /// Every listing for sale: one absent from it has left the market.
    Whole,
    /// Only what changed since the last import; `present` (every ListingKey the feed still has,
    /// when it was asked for) tells which listings have gone.
    Changes { present: Option<HashSet<String>> },
}

#[derive(Debug, Default)]
pub struct Plan<'a> {
    /// Listings of the previous import to keep as they are.
    pub keep: Vec<&'a str>,
    /// New or changed listings to write.
    pub write: Vec<Property>,
    pub added: usize,
    pub changed: usize,
    pub removed: usize,
    pub unchanged: usize,
    /// Records skipped, and what was wrong with them (a record may have several problems), then
    /// each fact left out of a listing kept (`check::Checked::dropped`).
    pub skipped: usize,
    pub problems: Vec<Problem>,
    /// Facts left out of the listings kept.
    pub dropped: usize,
    /// The newest ModificationTimestamp seen, this import or before.
    pub newest: Option<Timestamp>,
}

/// A record that takes its listing off the site whatever else it holds: a status that is not
/// shown, or a listing the MLS forbids showing online. Its key, if it has a usable one.
fn leaving(record: &Value, show_sold: bool) -> Option<&str> {
    let key = record.get("ListingKey")?.as_str()?.trim();
    let status = Status::parse(record.get("StandardStatus")?.as_str()?)?;
    let hidden = record.get("InternetEntireListingDisplayYN") == Some(&Value::Bool(false));
    let shown = status.on_market() || (status == Status::Closed && show_sold);
    (!key.is_empty() && (!shown || hidden)).then_some(key)
}

/// Plans an import of `pages` over `base` (the previous import, if any).
pub fn plan<'a>(base: Option<&'a Imported>, pages: &[Page], scope: &Scope, show_sold: bool) -> Plan<'a> {
    let mut plan = Plan { newest: base.and_then(|b| b.info.newest), ..Plan::default() };
    let mut incoming: BTreeMap<String, Property> = BTreeMap::new();
    let mut gone: BTreeSet<String> = BTreeSet::new();
    // Every key the pages name, well-formed or not: a listing whose new record is bad keeps its
    // previous version rather than vanishing.
    let mut seen: HashSet<String> = HashSet::new();
    for page in pages {
        for (i, raw) in page.records.iter().enumerate() {
            if let Some(key) = raw.get("ListingKey").and_then(Value::as_str) {
                seen.insert(key.trim().to_string());
            }
            if let Some(key) = leaving(raw, show_sold) {
                incoming.remove(key);
                gone.insert(key.to_string());
                continue;
            }
            let place = format!("record {} of {}", i + 1, page.name);
            let checked = check::check_all(raw, &place);
            if checked.property.is_ok() {
                plan.dropped += checked.dropped.len();
                plan.problems.extend(checked.dropped);
            }
            match checked.property {
                Ok(p) => {
                    plan.newest = plan.newest.max(Some(p.modification_timestamp));
                    gone.remove(&p.listing_key);
                    if let Some(other) = incoming.get(&p.listing_key) {
                        // The same listing twice (it moved while the feed was paged): keep the newer.
                        let (older, newer) = if other.modification_timestamp > p.modification_timestamp {
                            (p, other.clone())
                        } else {
                            (other.clone(), p)
                        };
                        plan.skipped += 1;
                        plan.problems.push(Problem {
                            key: older.listing_key.clone(),
                            field: "ListingKey".into(),
                            message: format!(
                                "appears more than once in the feed; kept the copy modified {}, skipped the one modified {}",
                                newer.modification_timestamp, older.modification_timestamp
                            ),
                        });
                        incoming.insert(newer.listing_key.clone(), newer);
                    } else {
                        incoming.insert(p.listing_key.clone(), p);
                    }
                }
                Err(problems) => {
                    plan.skipped += 1;
                    plan.problems.extend(problems);
                }
            }
        }
    }
    let still_there = |key: &str| match scope {
        Scope::Whole => seen.contains(key),
        Scope::Changes { present: Some(present) } => present.contains(key),
        Scope::Changes { present: None } => true,
    };
    let before = base.map(|b| b.index()).unwrap_or_default();
    // RESO keeps an open house as a resource of its own, with its own ModificationTimestamp: one
    // added, moved or cancelled may leave its listing's as it was.
    let open_houses: HashMap<&str, &[OpenHouse]> = base
        .map(|b| b.listings.iter().map(|p| (p.listing_key.as_str(), p.open_house.as_slice())).collect())
        .unwrap_or_default();
    // A store an older generator wrote lacks what this one keeps: every listing the feed sends
    // is written again.
    let rewrite = base.is_some_and(|b| b.info.format != store::FORMAT);
    // Sold listings the site no longer shows (`show_sold` turned off since).
    let closed: HashSet<&str> = base
        .map(|b| {
            b.listings.iter().filter(|p| p.standard_status == Status::Closed).map(|p| p.listing_key.as_str()).collect()
        })
        .unwrap_or_default();
    for (key, modified) in &before {
        let sold_hidden = !show_sold && closed.contains(key) && !incoming.contains_key(*key);
        if gone.contains(*key) || !still_there(key) || sold_hidden {
            plan.removed += 1;
            incoming.remove(*key);
            continue;
        }
        match incoming.remove(*key) {
            Some(p)
                if p.modification_timestamp != *modified
                    || rewrite
                    || open_houses.get(key).is_some_and(|o| *o != p.open_house.as_slice()) =>
            {
                plan.changed += 1;
                plan.write.push(p);
            }
            _ => {
                plan.unchanged += 1;
                plan.keep.push(key);
            }
        }
    }
    plan.added = incoming.len();
    plan.write.extend(incoming.into_values());
    plan
}
