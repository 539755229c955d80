//! Counts kept in R2 under `quota/`: the quiz's limits (domain/quota.rs says why and how they are
//! keyed), the day's budget (domain/budget.rs) and its slots.

use crate::services::storage::{self, Only};
use crate::services::{now_ms, retention};
use domain::quota::{day_key, mark_key, mark_step, recipient_key, MarkStep, Withheld, COUNTED, RECIPIENT_WINDOW_MS};
use domain::retention::Job;
use domain::settings::Settings;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
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
    let to = recipient_key(&settings.keys.counting, address);
    let previous = bucket.head(&to).await?;
    if previous.as_ref().is_some_and(|o| now.saturating_sub(o.uploaded().as_millis()) < RECIPIENT_WINDOW_MS) {
        return Ok(Some(Withheld::Recipient));
    }
    let only = previous.map_or(Only::Absent, |o| Only::Etag(o.etag()));
    retention::set(bucket, now + RECIPIENT_WINDOW_MS, Job::Quota, &to).await?;
    if storage::put_json_if(bucket, &to, &Count { count: 1 }, only).await?.is_none() {
        // Lost to a parallel post for the same address: that one goes on.
        return Ok(Some(Withheld::Recipient));
    }
    if add(bucket, &day_key(now), 1, u64::from(settings.quiz_emails_per_day)).await? != Added::Yes {
        // Nothing was sent to it: a later day may.
        bucket.delete(&to).await?;
        return Ok(Some(Withheld::DailyCap));
    }
    Ok(None)
}

/// One slot of a day's allowance, spent: give it back (`give_back`) if what it was for is not
/// sent after all (it lost a race, or was not recorded).
#[must_use]
pub struct Slot(String);

/// Give back a slot: another request may take it today. A slot that cannot be given back stays
/// spent: an allowance errs toward sending fewer, never more.
pub async fn give_back(bucket: &Bucket, slot: Slot) {
    let _ = bucket.delete(&slot.0).await;
}

/// Take one of `cap` slots under `prefix` while fewer than `share` are taken: the slot, or whether
/// all `cap` are taken. For an allowance every request may spend (the day's e-mails, CRM
/// hand-offs): each takes a slot of its own, `<prefix><n>` for n below the cap, by a create-only
/// write, so no key is written twice (R2 takes one write a second to a key), and a burst contends
/// only where two requests pick the same free slot at random.
pub async fn take_slot(bucket: &Bucket, prefix: &str, cap: u32, share: u32) -> worker::Result<Result<Slot, bool>> {
    let mut full = false;
    for _ in 0..8 {
        let taken: HashSet<u32> = storage::objects(bucket, prefix, false)
            .await?
            .iter()
            .filter_map(|o| o.key().strip_prefix(prefix).and_then(|n| n.parse().ok()))
            .collect();
        full = taken.len() >= cap as usize;
        let free = (share as usize).saturating_sub(taken.len());
        if free == 0 {
            break;
        }
        // The k-th free slot, k at random.
        let k = (crate::services::random_u64()? % free as u64) as usize;
        let Some(slot) = (0..cap).filter(|n| !taken.contains(n)).nth(k) else { break };
        let key = format!("{prefix}{slot}");
        if first_time(bucket, &key).await? {
            return Ok(Ok(Slot(key)));
        }
    }
    Ok(Err(full))
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
        // A new count's end is set before its first write: nothing is stored without one.
        if matches!(only, Only::Absent) {
            retention::set(bucket, now_ms() + RECIPIENT_WINDOW_MS, Job::Quota, key).await?;
        }
        if storage::put_json_if(bucket, key, &Count { count: count + amount }, only).await?.is_some() {
            return Ok(Added::Yes);
        }
        lost_to_a_parallel_writer(attempt).await?;
    }
    Ok(Added::Busy)
}

/// The count at `key` (0 when there is none).
pub async fn count(bucket: &Bucket, key: &str) -> worker::Result<u64> {
    Ok(storage::get_json_tagged::<Count>(bucket, key).await?.map_or(0, |(c, _)| c.count))
}

/// Take `amount` off the count at `key` (never below 0), for what was counted and then undone.
pub async fn take_back(bucket: &Bucket, key: &str, amount: u64) -> worker::Result<()> {
    for attempt in 0..16u64 {
        let Some((c, etag)) = storage::get_json_tagged::<Count>(bucket, key).await? else { return Ok(()) };
        let less = Count { count: c.count.saturating_sub(amount) };
        if storage::put_json_if(bucket, key, &less, Only::Etag(etag)).await?.is_some() {
            return Ok(());
        }
        lost_to_a_parallel_writer(attempt).await?;
    }
    Err(worker::Error::RustError(format!("{key} kept changing")))
}

/// A compare-and-swap lost to a parallel writer: wait a little, a random while so the losers
/// spread out.
async fn lost_to_a_parallel_writer(attempt: u64) -> worker::Result<()> {
    let ms = 5 + crate::services::random_u64()? % (10 * (attempt.min(10) + 1));
    worker::Delay::from(std::time::Duration::from_millis(ms)).await;
    Ok(())
}

/// Add 1 for `item` to the count at `key` unless that would pass `cap` — once, however many
/// requests for the item arrive at once (a double tap, a retry): the request that marks the item
/// counts it, and the others wait for its mark to say how that went. Full when the count is full
/// (the item's mark is removed: a later request for it is counted afresh), Busy when the answer
/// did not come in time.
pub async fn add_once(bucket: &Bucket, key: &str, item: &str, cap: u64) -> worker::Result<Added> {
    let mark = mark_key(key, item);
    for _ in 0..60 {
        let found = storage::get_json_tagged::<Count>(bucket, &mark).await?;
        let now = now_ms();
        match mark_step(found.map(|(m, _)| m.count), now) {
            MarkStep::Counted => return Ok(Added::Yes),
            MarkStep::Wait => {
                worker::Delay::from(std::time::Duration::from_millis(50)).await;
                continue;
            }
            // Whoever of the requests taking over makes the mark anew counts it.
            MarkStep::TakeOver => {
                bucket.delete(&mark).await?;
                continue;
            }
            MarkStep::Make => {}
        }
        retention::set(bucket, now + RECIPIENT_WINDOW_MS, Job::Quota, &mark).await?;
        let Some(etag) = storage::put_json_if(bucket, &mark, &Count { count: now }, Only::Absent).await? else {
            continue; // another request for the item marked it first
        };
        let added = add(bucket, key, 1, cap).await;
        match added {
            Ok(Added::Yes) => {
                drop(storage::put_json_if(bucket, &mark, &Count { count: COUNTED }, Only::Etag(etag)).await?)
            }
            _ => bucket.delete(&mark).await?,
        }
        return added;
    }
    Ok(Added::Busy)
}

/// Whether a marker at `key` was made now (false: it existed), for what must happen once a day.
pub async fn first_time(bucket: &Bucket, key: &str) -> worker::Result<bool> {
    if bucket.head(key).await?.is_some() {
        return Ok(false);
    }
    // Its end before its first byte: nothing is stored without one.
    retention::set(bucket, now_ms() + RECIPIENT_WINDOW_MS, Job::Quota, key).await?;
    Ok(storage::put_json_if(bucket, key, &Count { count: 1 }, Only::Absent).await?.is_some())
}
