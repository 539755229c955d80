//! What an import changed that a buyer who saved a search is told of: a listing new to
//! the market, a price reduction, a change of status (under contract, pending, back on the
//! market). Kept with each import, a rolling window of the last `WINDOW_DAYS`, so whatever sends
//! the alerts can miss a run and still find every change since the one it last read.

use crate::record::{Property, Status};
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// How long a change is kept.
pub const WINDOW_DAYS: i64 = 7;

/// Why a listing is news.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "kebab-case")]
pub enum Reason {
    /// On the market for the first time (or out of Coming Soon).
    New,
    /// Its list price went down, from this.
    PriceReduced {
        from: u64,
    },
    UnderContract,
    Pending,
    /// For sale again after being under contract or pending.
    BackOnMarket,
}

/// One listing's news in one import.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// Its ListingKey (the store's) and its MLS number (the one visitors see).
    pub key: String,
    pub mls_number: String,
    /// The import that saw it.
    pub at: Timestamp,
    pub reasons: Vec<Reason>,
}

/// The news in `written` (an import's new and changed listings) against `before` (the previous
/// import's, by ListingKey), at `at`.
pub fn of(before: &HashMap<&str, &Property>, written: &[Property], at: Timestamp) -> Vec<Change> {
    let mut out = Vec::new();
    for p in written {
        let status = p.standard_status;
        let mut reasons = Vec::new();
        match before.get(p.listing_key.as_str()) {
            None if status == Status::Active || status == Status::ComingSoon => reasons.push(Reason::New),
            None => {}
            Some(old) => {
                if old.list_price > p.list_price && p.list_price > 0 && status.on_market() {
                    reasons.push(Reason::PriceReduced { from: old.list_price });
                }
                let was = old.standard_status;
                match status {
                    _ if status == was => {}
                    Status::Active if was == Status::ComingSoon => reasons.push(Reason::New),
                    Status::Active if matches!(was, Status::ActiveUnderContract | Status::Pending) => {
                        reasons.push(Reason::BackOnMarket)
                    }
                    Status::ActiveUnderContract => reasons.push(Reason::UnderContract),
                    Status::Pending => reasons.push(Reason::Pending),
                    _ => {}
                }
            }
        }
        if !reasons.is_empty() {
            out.push(Change { key: p.listing_key.clone(), mls_number: p.listing_id.clone(), at, reasons });
        }
    }
    out.sort_by(|a, b| a.key.cmp(&b.key));
    out
}

/// The window kept after an import at `now`: the previous one's changes younger than
/// `WINDOW_DAYS`, then `new`.
pub fn window(previous: &[Change], new: Vec<Change>, now: Timestamp) -> Vec<Change> {
    let since = now - SignedDuration::from_hours(WINDOW_DAYS * 24);
    previous.iter().filter(|c| c.at > since).cloned().chain(new).collect()
}

#[cfg(test)]
mod tests;
