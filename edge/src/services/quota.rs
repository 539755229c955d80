//! Counts kept in R2 under `quota/`: the quiz's limits (domain/quota.rs says why and how they are
//! keyed) and the day's budget (domain/budget.rs).

use crate::domain::quota::{day_key, recipient_key, Withheld, RECIPIENT_WINDOW_MS};
use crate::domain::retention::Job;
use crate::domain::settings::Settings;
use crate::services::storage::{self, Only};
use crate::services::{now_ms, retention};
use serde::{Deserialize, Serialize};
use worker::Bucket;

#[derive(Serialize, Deserialize)]
struct Count {
    count: u64,
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
    if add(bucket, &day_key(now), 1, u64::from(settings.quiz_emails_per_day)).await? != Added::Yes {
        // Nothing was sent to it: a later day may.
        bucket.delete(&to).await?;
        return Ok(Some(Withheld::DailyCap));
    }
    Ok(None)
}

/// What adding to a count came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Added {
    Yes,
    /// It would pass the cap.
    Full,
    /// Other writers kept winning: nothing added (a limit is never passed for want of a
    /// decision), and the caller says "try again" rather than "full".
    Busy,
}

/// Add `amount` to the count at `key` unless that would pass `cap` (a compare-and-swap on the
/// count's etag). The count's end is set with its first write (a day on). For counts written now
/// and then (a client's, the day's uploaded bytes); a count every request writes would be a hot
/// key (R2 takes one write a second to a key), so the e-mail budget takes slots instead.
pub async fn add(bucket: &Bucket, key: &str, amount: u64, cap: u64) -> worker::Result<Added> {
    for attempt in 0..16u64 {
        let (count, only) = match storage::get_json_tagged::<Count>(bucket, key).await? {
            None => (0, Only::Absent),
            Some((c, etag)) => (c.count, Only::Etag(etag)),
        };
        if count.saturating_add(amount) > cap {
            return Ok(Added::Full);
        }
        let first = matches!(only, Only::Absent);
        if storage::put_json_if(bucket, key, &Count { count: count + amount }, only).await?.is_some() {
            if first {
                retention::set(bucket, now_ms() + RECIPIENT_WINDOW_MS, Job::Quota, key).await?;
            }
            return Ok(Added::Yes);
        }
        // Lost to a parallel writer: wait a little, a random while so the losers spread out.
        let ms = 5 + crate::services::random_u64()? % (10 * (attempt.min(10) + 1));
        worker::Delay::from(std::time::Duration::from_millis(ms)).await;
    }
    Ok(Added::Busy)
}

/// Whether a marker at `key` was made now (false: it existed), for what must happen once a day.
pub async fn first_time(bucket: &Bucket, key: &str) -> worker::Result<bool> {
    let made = storage::put_json_if(bucket, key, &Count { count: 1 }, Only::Absent).await?.is_some();
    if made {
        retention::set(bucket, now_ms() + RECIPIENT_WINDOW_MS, Job::Quota, key).await?;
    }
    Ok(made)
}
