//! The cron trigger's run: retry every e-mail that is still owed, send the morning digest of
//! requests held past the day's budget, send saved searches' alerts, then delete what has reached
//! its end (that needs no e-mail settings, so it goes on in a deployment missing them). Each step
//! logs what it did; one that fails leaves the others to run.

use crate::services::{alerts, budget, queue, retention, settings, storage};
use worker::{console_error, console_log, Env};

/// One run, as of `now` (the event's time, not the clock: a test can run the cron days ahead).
pub async fn run(env: &Env, now: u64) {
    let bucket = match storage::bucket(env) {
        Ok(bucket) => bucket,
        Err(e) => return console_error!("scheduled: no bucket: {e}"),
    };
    let settings = settings(env);
    match &settings {
        Err(failure) => console_error!("retry: nothing sent: {failure:?}"),
        Ok(settings) => {
            match queue::run(settings, &bucket, now).await {
                Ok(run) => console_log!(
                    "retry: {} of {} due e-mails sent, {} given up{}{}",
                    run.sent,
                    run.tried,
                    run.parked,
                    if run.left { "; more are due than one run takes, the next run goes on" } else { "" },
                    run.notice.map_or(String::new(), |id| format!("; the agent's notice {id} written"))
                ),
                Err(e) => console_error!("retry: {e}"),
            }
            match budget::send_digests(settings, &bucket, now).await {
                Ok(ids) => ids.iter().for_each(|id| console_log!("digest: {id} written")),
                Err(e) => console_error!("digest: {e}"),
            }
            match alerts::run(settings, env, &bucket, now).await {
                Ok(Some(run)) => console_log!(
                    "alerts: {} due search(es) looked at, {} alert(s) sent, {} paused{}{}",
                    run.looked,
                    run.sent,
                    run.paused,
                    if run.waiting { "; the sweep waits (the day's allowance, or EmailJS)" } else { "" },
                    if run.finished { "; the sweep is done" } else { "" }
                ),
                Ok(None) => {}
                Err(e) => console_error!("alerts: {e}"),
            }
        }
    }
    match retention::sweep(settings.as_ref().ok(), &bucket, now).await {
        Ok((jobs, deleted)) => {
            console_log!("retention: {jobs} due timer(s) done, {deleted} object(s) deleted (as of {now})")
        }
        Err(e) => console_error!("retention: {e}"),
    }
}
