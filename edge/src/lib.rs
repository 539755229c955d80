//! The Move to JAX edge worker: the forms, the concierge uploads into R2, e-mail through EmailJS.
//! `domain` decides (plain Rust, tested on the host); `routes` shape requests and answers;
//! `services` do the I/O. The entry points below only hand over.

pub mod domain;
mod failure;
mod routes;
mod services;

use worker::{console_error, console_log, event, Context, Env, Request, Response, Result, ScheduleContext, ScheduledEvent};

#[event(fetch)]
async fn fetch(req: Request, env: Env, _ctx: Context) -> Result<Response> {
    routes::handle(req, env).await
}

/// The cron trigger: retry every e-mail that is still owed.
#[event(scheduled)]
async fn scheduled(_event: ScheduledEvent, env: Env, _ctx: ScheduleContext) {
    let settings = match services::settings(&env) {
        Ok(settings) => settings,
        Err(failure) => return console_error!("retry: nothing sent: {failure:?}"),
    };
    let result = match services::storage::bucket(&env) {
        Ok(bucket) => services::queue::run(&settings, &bucket).await,
        Err(e) => Err(e),
    };
    match result {
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
}
