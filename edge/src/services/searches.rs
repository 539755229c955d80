//! Saved searches in R2 (domain/searches.rs says how they are kept and why).

use crate::services::quota::{self, Added};
use crate::services::retention;
use crate::services::storage::{self, objects, Only};
use domain::retention::Job;
use domain::searches::{address_prefix, key, SavedSearch, UNCONFIRMED_MS};
use jax_model::calendar::date;
use worker::Bucket;

/// Why a search was not stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The address keeps as many searches as it may.
    Full,
    /// The address was sent its confirmations for the day.
    Confirmations,
}

/// Store a new, unconfirmed search, with the timer that deletes it unless it is confirmed within
/// 48 hours, and count its confirmation e-mail against the address's day.
pub async fn save(
    bucket: &Bucket,
    s: &SavedSearch,
    per_address: u32,
    confirmations_per_day: u32,
) -> worker::Result<Result<(), Refused>> {
    let kept = objects(bucket, &address_prefix(&s.address), false).await?.len();
    if kept >= per_address as usize {
        return Ok(Err(Refused::Full));
    }
    let day = format!("{}searches/{}/{}", domain::quota::QUOTA, s.address, date(s.created_ms / 1000));
    if quota::add(bucket, &day, 1, u64::from(confirmations_per_day)).await? != Added::Yes {
        return Ok(Err(Refused::Confirmations));
    }
    retention::set(bucket, s.created_ms + UNCONFIRMED_MS, Job::Search, &s.key()).await?;
    // Ids carry 64 random bits: one taken already is not a visitor's doing.
    if put(bucket, s, Only::Absent).await?.is_none() {
        return Err(worker::Error::RustError(format!("saved search {} exists already", s.key())));
    }
    Ok(Ok(()))
}

/// The search `id` of `address`, with its etag.
pub async fn get(bucket: &Bucket, address: &str, id: &str) -> worker::Result<Option<(SavedSearch, String)>> {
    storage::get_json_tagged(bucket, &key(address, id)).await
}

/// Write `s` back unless it changed since `etag` was read: whether it was written.
pub async fn update(bucket: &Bucket, s: &SavedSearch, etag: String) -> worker::Result<bool> {
    Ok(put(bucket, s, Only::Etag(etag)).await?.is_some())
}

/// The custom metadata each search carries a copy of itself in: the alerts' sweep reads a page
/// of searches from one listing, with no request per search.
pub const METADATA: &str = "search";

/// Write `s` if `only` holds: its new etag.
async fn put(bucket: &Bucket, s: &SavedSearch, only: Only) -> worker::Result<Option<String>> {
    let json = serde_json::to_string(s)?;
    let metadata = std::collections::HashMap::from([(METADATA.to_string(), json.clone())]);
    storage::put_text_if(bucket, &s.key(), json, metadata, only).await
}

/// The search an object's listing carries (`METADATA`), with its etag.
pub fn listed(o: &worker::Object) -> Option<(SavedSearch, String)> {
    listed_search(o).map(|s| (s, o.etag()))
}

fn listed_search(o: &worker::Object) -> Option<SavedSearch> {
    let json = o.custom_metadata().ok()?.remove(METADATA)?;
    serde_json::from_slice(json.as_bytes()).ok()
}

/// Pause every search of `address` (its alerts were refused), as the manage page would.
pub async fn pause_address(bucket: &Bucket, address: &str) -> worker::Result<usize> {
    let mut paused = 0;
    for o in objects(bucket, &address_prefix(address), true).await? {
        if let Some((mut s, etag)) = listed(&o).filter(|(s, _)| !s.paused) {
            s.paused = true;
            paused += usize::from(update(bucket, &s, etag).await?);
        }
    }
    Ok(paused)
}

/// Every search of `address`, in key order: from the listing's copies (`METADATA`), no read each.
pub async fn of_address(bucket: &Bucket, address: &str) -> worker::Result<Vec<SavedSearch>> {
    let listed = objects(bucket, &address_prefix(address), true).await?;
    Ok(listed.iter().filter_map(listed_search).collect())
}

/// Delete one search.
pub async fn delete(bucket: &Bucket, s: &SavedSearch) -> worker::Result<()> {
    bucket.delete(s.key()).await
}

/// Delete everything kept about `address`: its searches (its day's count of confirmations ends
/// with the day): how many.
pub async fn delete_address(bucket: &Bucket, address: &str) -> worker::Result<usize> {
    let keys: Vec<String> = objects(bucket, &address_prefix(address), false).await?.iter().map(|o| o.key()).collect();
    if !keys.is_empty() {
        bucket.delete_multiple(keys.clone()).await?;
    }
    Ok(keys.len())
}
