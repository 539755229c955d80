//! The quiz's limits kept in R2 (domain/quota.rs says why and how they are keyed).

use crate::domain::quota::{day_key, recipient_key, Withheld, RECIPIENT_WINDOW_MS};
use crate::domain::retention::Job;
use crate::domain::settings::Settings;
use crate::services::storage::{self, Only};
use crate::services::{now_ms, retention};
use serde::{Deserialize, Serialize};
use worker::Bucket;

#[derive(Serialize, Deserialize)]
struct Count {
    count: u32,
}

/// Whether a quiz e-mail may go to `address` now, taking its place in both limits when it may.
/// The address is taken first (a conditional write, so of parallel posts for one address only
/// one goes on) and the day counted after: posts for an address already served never spend the
/// day's cap. When the cap is reached the address is given back.
pub async fn quiz_email(settings: &Settings, bucket: &Bucket, address: &str) -> worker::Result<Option<Withheld>> {
    let now = now_ms();
    let to = recipient_key(&settings.link_secret, address);
    let previous = bucket.head(&to).await?;
    if previous.as_ref().is_some_and(|o| now.saturating_sub(o.uploaded().as_millis()) < RECIPIENT_WINDOW_MS) {
        return Ok(Some(Withheld::Recipient));
    }
    let only = previous.map_or(Only::Absent, |o| Only::Etag(o.etag()));
    if storage::put_json_if(bucket, &to, &Count { count: 1 }, only).await?.is_none() {
        // Lost to a parallel post for the same address: that one goes on.
        return Ok(Some(Withheld::Recipient));
    }
    retention::set(bucket, now + RECIPIENT_WINDOW_MS, Job::Quota, &to).await?;
    if !count_today(bucket, now, settings.quiz_emails_per_day).await? {
        // Nothing was sent to it: a later day may.
        bucket.delete(&to).await?;
        return Ok(Some(Withheld::DailyCap));
    }
    Ok(None)
}

/// Add one to today's count unless it is at `cap` (a compare-and-swap on the count's etag).
async fn count_today(bucket: &Bucket, now: u64, cap: u32) -> worker::Result<bool> {
    let key = day_key(now);
    for _ in 0..8 {
        let (count, only) = match storage::get_json_tagged::<Count>(bucket, &key).await? {
            None => (0, Only::Absent),
            Some((c, etag)) => (c.count, Only::Etag(etag)),
        };
        if count >= cap {
            return Ok(false);
        }
        let first = matches!(only, Only::Absent);
        if storage::put_json_if(bucket, &key, &Count { count: count + 1 }, only).await?.is_some() {
            if first {
                retention::set(bucket, now + RECIPIENT_WINDOW_MS, Job::Quota, &key).await?;
            }
            return Ok(true);
        }
    }
    // Contended beyond reason: nothing is sent rather than the cap passed.
    Ok(false)
}
