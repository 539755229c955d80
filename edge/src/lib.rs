//! The Move to JAX edge worker: the forms, the concierge uploads into R2, e-mail through EmailJS.
//! `domain` (its own crate, edge/domain) decides; `routes` shape requests and answers;
//! `services` do the I/O. The entry points below only hand over.

mod failure;
mod routes;
mod services;

use worker::{
    console_error, console_log, event, Context, Env, Request, Response, Result, ScheduleContext, ScheduledEvent,
};

#[event(fetch)]
async fn fetch(req: Request, env: Env, _ctx: Context) -> Result<Response> {
    routes::handle(req, env).await
}

/// The cron trigger: retry every e-mail that is still owed, send the morning digest of requests
/// held past the day's budget, send saved searches' alerts, then delete what has reached its end (that needs no e-mail
/// settings, so it goes on in a deployment missing them).
#[event(scheduled)]
async fn scheduled(event: ScheduledEvent, env: Env, _ctx: ScheduleContext) {
    let bucket = match services::storage::bucket(&env) {
        Ok(bucket) => bucket,
        Err(e) => return console_error!("scheduled: no bucket: {e}"),
    };
    // The event's time, not the clock: the runtime's trigger takes a time, so a test can run the
    // cron days ahead.
    let now = event.schedule() as u64;
    let settings = services::settings(&env);
    match &settings {
        Err(failure) => console_error!("retry: nothing sent: {failure:?}"),
        Ok(settings) => {
            match services::queue::run(settings, &bucket, now).await {
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
            match services::budget::send_digests(settings, &bucket, now).await {
                Ok(ids) => ids.iter().for_each(|id| console_log!("digest: {id} written")),
                Err(e) => console_error!("digest: {e}"),
            }
            match services::alerts::run(settings, &env, &bucket, now).await {
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
    match services::retention::sweep(settings.as_ref().ok(), &bucket, now).await {
        Ok((jobs, deleted)) => {
            console_log!("retention: {jobs} due timer(s) done, {deleted} object(s) deleted (as of {now})")
        }
        Err(e) => console_error!("retention: {e}"),
    }
}
