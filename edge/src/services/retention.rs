//! The timers of domain/retention.rs kept in R2: set when something with an end is stored, and
//! done by the scheduled run when due.

use crate::services::alert;
use crate::services::storage::{self, objects, Listing};
use domain::alert::Alert;
use domain::due;
use domain::notice::Parked;
use domain::queue::{record_key, Delivery, State, DEAD, OUTBOX};
use domain::retention::{count_key, parse_timer, timer_key, unfiled_due, Job, TIMERS};
use domain::searches::links::ADDRESS_LINK_MS;
use domain::searches::{SavedSearch, SUPPRESSED_MS};
use domain::settings::Settings;
use futures_util::{stream, StreamExt};
use std::cell::Cell;
use worker::{console_error, console_log, console_warn, Bucket};

/// Jobs running at once, and at most in one run (each is a few subrequests); the rest wait for
/// the next run, still first in line.
const CONCURRENCY: usize = 6;
const RUN_MAX_TIMERS: usize = 500;
/// A record still owed when its time comes is looked at again a day later.
const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// Set a timer: `job` on `subject` at `due_ms`.
pub async fn set(bucket: &Bucket, due_ms: u64, job: Job, subject: &str) -> worker::Result<()> {
    bucket.put(timer_key(due_ms, job, subject), Vec::<u8>::new()).execute().await?;
    Ok(())
}

/// Every timer due at `start`, earliest first: how many jobs were done, and objects deleted.
/// `settings` (None in a deployment missing some) name the alert channel.
pub async fn sweep(settings: Option<&Settings>, bucket: &Bucket, start: u64) -> worker::Result<(usize, usize)> {
    let done = Cell::new(0usize);
    let deleted = Cell::new(0usize);
    let mut listing = Listing::new(bucket, TIMERS, false);
    while let Some(page) = listing.next().await? {
        let (due, all_seen) = due::due_on_page(
            page.iter().map(|o| (o.key(), parse_timer(&o.key()).map(|(due, _, _)| due))).collect(),
            start,
        );
        stream::iter(due)
            .for_each_concurrent(CONCURRENCY, |(key, _)| {
                let (done, deleted) = (&done, &deleted);
                async move {
                    if done.get() >= RUN_MAX_TIMERS {
                        return;
                    }
                    done.set(done.get() + 1);
                    match run(settings, bucket, &key, start).await {
                        Ok(n) => deleted.set(deleted.get() + n),
                        Err(e) => console_error!("retention: {key} failed (tried again next run): {e}"),
                    }
                }
            })
            .await;
        if all_seen || done.get() >= RUN_MAX_TIMERS {
            break;
        }
    }
    Ok((done.get(), deleted.get()))
}

/// One due timer's job, then the timer itself; the objects deleted.
async fn run(settings: Option<&Settings>, bucket: &Bucket, key: &str, now: u64) -> worker::Result<usize> {
    let Some((_, job, subject)) = parse_timer(key) else { return Ok(0) };
    let deleted = match job {
        Job::Unfiled => {
            if bucket.head(record_key(&format!("concierge-{subject}"))).await?.is_some() {
                0 // Filed: its documents have a timer of their own.
            } else {
                let keys: Vec<String> =
                    objects(bucket, &format!("{subject}/"), false).await?.iter().map(|o| o.key()).collect();
                match unfiled_due(&keys) {
                    // A newer upload came since this timer was set: the submission lives on till its own.
                    Some(due) if due > now => {
                        set(bucket, due, Job::Unfiled, subject).await?;
                        0
                    }
                    _ => delete(bucket, keys.into_iter().chain([count_key(subject)]).collect()).await?,
                }
            }
        }
        Job::Documents => {
            let keys = objects(bucket, &format!("{subject}/"), false).await?.into_iter().map(|o| o.key());
            delete(bucket, keys.chain([count_key(subject)]).collect()).await?
        }
        Job::Record => match storage::get_json_tagged::<Delivery>(bucket, &record_key(subject)).await? {
            Some((d, _)) if matches!(d.state(now), State::Due | State::Waiting(_) | State::Claimed | State::Held) => {
                // Still owed (it is given up on within days): kept until it is not.
                set(bucket, now + DAY_MS, Job::Record, subject).await?;
                0
            }
            Some(_) => {
                // Given up on and never reported to the agent: the alert channel says so, by its
                // id, and it goes all the same (its retention is what the privacy policy promises).
                if untold(bucket, subject).await? {
                    console_warn!("retention: {subject} was given up on and never reported; deleted at its end");
                    if let Some(settings) = settings {
                        alert::send(settings, &Alert::expired_untold(subject, settings.retention_s / 86_400)).await;
                    }
                }
                delete(bucket, vec![record_key(subject), format!("{DEAD}{subject}"), format!("{OUTBOX}{subject}.json")])
                    .await?
            }
            None => 0,
        },
        // Each a day, 30 days or a year from when it was last written.
        Job::Quota => kept_for(bucket, subject, DAY_MS, job, now).await?,
        Job::Suppression => kept_for(bucket, subject, SUPPRESSED_MS, job, now).await?,
        Job::Epoch => kept_for(bucket, subject, ADDRESS_LINK_MS, job, now).await?,
        Job::Search => match storage::get_json_tagged::<SavedSearch>(bucket, subject).await? {
            Some((s, _)) if s.confirmed_ms.is_none() => delete(bucket, vec![subject.to_string()]).await?,
            _ => 0,
        },
    };
    bucket.delete(key).await?;
    if deleted > 0 {
        console_log!("retention: {key}: {deleted} object(s) deleted");
    }
    Ok(deleted)
}

/// Delete `key` once `window` has passed since it was last written (written again since, its
/// timer is set anew): how many objects were deleted.
async fn kept_for(bucket: &Bucket, key: &str, window: u64, job: Job, now: u64) -> worker::Result<usize> {
    match bucket.head(key).await? {
        Some(o) if o.uploaded().as_millis() + window > now => {
            set(bucket, o.uploaded().as_millis() + window, job, key).await?;
            Ok(0)
        }
        Some(_) => delete(bucket, vec![key.to_string()]).await,
        None => Ok(0),
    }
}

/// Whether record `id` was given up on and no notice told the agent of it yet.
async fn untold(bucket: &Bucket, id: &str) -> worker::Result<bool> {
    Ok(match bucket.head(format!("{DEAD}{id}")).await? {
        Some(marker) => Parked::from_metadata(id, &marker.custom_metadata()?).told.is_none(),
        None => false,
    })
}

/// Delete `keys` (R2 takes up to 1,000 at once); how many were asked for.
async fn delete(bucket: &Bucket, keys: Vec<String>) -> worker::Result<usize> {
    for chunk in keys.chunks(1000) {
        bucket.delete_multiple(chunk.to_vec()).await?;
    }
    Ok(keys.len())
}
