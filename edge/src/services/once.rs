//! The first post of each key, kept for a day (domain/once.rs says why).

use crate::services::storage::{self, Only};
use crate::services::{now_ms, retention};
use domain::quota::RECIPIENT_WINDOW_MS as DAY_MS;
use domain::retention::Job;
use serde::{Deserialize, Serialize};
use worker::Bucket;

#[derive(Serialize, Deserialize)]
struct First {
    id: String,
}

/// Take `key` for the post recorded as `id` (a create-only write, so of parallel repeats one
/// wins): None when taken now, or the id of the post that took it first.
pub async fn claim(bucket: &Bucket, key: &str, id: &str) -> worker::Result<Option<String>> {
    // Its end first: nothing is stored without one.
    retention::set(bucket, now_ms() + DAY_MS, Job::Quota, key).await?;
    if storage::put_json_if(bucket, key, &First { id: id.into() }, Only::Absent).await?.is_some() {
        return Ok(None);
    }
    Ok(storage::get_json_tagged::<First>(bucket, key).await?.map(|(first, _)| first.id))
}

/// Give `key` back: the post that took it was not recorded after all.
pub async fn forget(bucket: &Bucket, key: &str) {
    if let Err(e) = bucket.delete(key).await {
        worker::console_error!("{key}: giving the key back failed (its repeats are answered as done): {e}");
    }
}
