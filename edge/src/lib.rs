//! The Move to JAX edge worker: the forms, the concierge uploads into R2, e-mail through EmailJS.
//! `domain` (its own crate, edge/domain) decides; `routes` shape requests and answers;
//! `services` do the I/O. The entry points below only hand over.

mod failure;
mod routes;
mod services;

use worker::{event, Context, Env, Request, Response, Result, ScheduleContext, ScheduledEvent};

#[event(fetch)]
async fn fetch(req: Request, env: Env, _ctx: Context) -> Result<Response> {
    routes::handle(req, env).await
}

/// The cron trigger (services/cron.rs), as of the event's scheduled time.
#[event(scheduled)]
async fn scheduled(event: ScheduledEvent, env: Env, _ctx: ScheduleContext) {
    services::cron::run(&env, event.schedule() as u64).await
}
