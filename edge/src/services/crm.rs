//! Handing one lead to a CRM: Follow Up Boss's Events API or the lead webhook. domain/crm.rs
//! builds the request and reads the answer; services/queue.rs keeps the record and its retries.

use crate::services::{alert, fetch, now_ms, quota};
use domain::alert::Alert;
use domain::budget::{crm_alerted_key, crm_prefix};
use domain::content::content;
use domain::crm::{source, Answer, Handoff, Lead, ARCHIVED};
use domain::queue::Delivery;
use domain::settings::Settings;
use worker::{console_error, console_warn, Bucket, Method};

/// One attempt at hand-off `d`, to `to`.
pub async fn send(settings: &Settings, d: &Delivery, to: Handoff) -> Answer {
    let now_s = now_ms() / 1000;
    let lead = Lead::of(d.lead_id(), d.form, &d.params, d.page.clone());
    let Some(out) = settings.handoffs.request(to, &lead, &content().base_url, now_s) else { return Answer::Unset };
    let headers: Vec<(&str, &str)> = out.headers.iter().map(|(name, value)| (*name, value.as_str())).collect();
    match fetch::request(Method::Post, &out.url, &headers, Some(&out.body)).await {
        Ok(reply) => Answer::of(reply.status, reply.retry_after.as_deref(), now_s, to == Handoff::Webhook),
        Err(_) => Answer::Failed(None),
    }
}

/// What an answer tells the agent: the first 204 of an archived lead flow is alerted, and the
/// next lead the CRM takes ends that spell (a marker in R2 remembers it between requests).
pub async fn noted(settings: &Settings, bucket: &Bucket, to: Handoff, answer: Answer) {
    let marker = format!("{ARCHIVED}{}", to.suffix());
    let told = match answer {
        Answer::Archived => match bucket.head(&marker).await {
            Ok(Some(_)) => return,
            Ok(None) => {
                alert::send(settings, &Alert::archived(to.name(), &source(&content().base_url))).await;
                bucket.put(&marker, Vec::<u8>::new()).execute().await.map(|_| ())
            }
            Err(e) => Err(e),
        },
        Answer::Taken => match bucket.head(&marker).await {
            Ok(Some(_)) => bucket.delete(&marker).await,
            other => other.map(|_| ()),
        },
        _ => return,
    };
    if let Err(e) = told {
        console_error!("{}: keeping its archived lead flow's marker failed: {e}", to.name());
    }
}

/// Whether one more lead may go to her CRMs today: a slot of the day's hand-offs, taken once per
/// lead (by the request that records it), whatever number of CRMs it goes to. Past them the agent
/// is alerted, once a day; the lead still reaches her e-mail.
pub async fn spend_handoff(settings: &Settings, bucket: &Bucket) -> worker::Result<bool> {
    let now = now_ms();
    let cap = settings.budget.crm_leads_per_day;
    if quota::take_slot(bucket, &crm_prefix(now), cap, cap).await?.is_ok() {
        return Ok(true);
    }
    if quota::first_time(bucket, &crm_alerted_key(now)).await? {
        console_warn!("budget: today's {cap} CRM hand-offs are spent");
        alert::send(settings, &Alert::crm_spent(cap)).await;
    }
    Ok(false)
}
