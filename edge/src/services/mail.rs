//! Delivering the e-mails owed: through EmailJS's REST API, or, with no key set, into the local
//! outbox. Every outcome is logged, told apart; a record stays pending until it is delivered.

use crate::domain::delivery::Outcome;
use crate::domain::queue::{emailjs_request, id_of_pending, record_key, Delivery, OUTBOX, PENDING};
use crate::domain::settings::{EmailJs, Settings};
use crate::services::{now_ms, storage};
use futures_util::future::{select, Either};
use std::time::Duration;
use worker::wasm_bindgen::JsValue;
use worker::{console_error, console_log, console_warn, AbortController, Bucket, Delay, Fetch, Headers, Method, Request, RequestInit};

/// How long one EmailJS call may take before it counts as a timeout.
const TIMEOUT: Duration = Duration::from_secs(10);
/// Most pending records one scheduled run works through.
const BATCH: usize = 50;

/// Store the record and its pending marker: after this, the e-mail cannot be lost.
pub async fn record(bucket: &Bucket, d: &Delivery) -> worker::Result<()> {
    storage::put_json(bucket, &d.record_key(), d).await?;
    mark_pending(bucket, d).await
}

/// Store a record that must be new (an idempotent submission); false when it already exists.
pub async fn record_new(bucket: &Bucket, d: &Delivery) -> worker::Result<bool> {
    if !storage::put_json_new(bucket, &d.record_key(), d).await? {
        return Ok(false);
    }
    mark_pending(bucket, d).await?;
    Ok(true)
}

async fn mark_pending(bucket: &Bucket, d: &Delivery) -> worker::Result<()> {
    bucket.put(d.pending_key(), Vec::<u8>::new()).execute().await?;
    Ok(())
}

/// One attempt to deliver `d`; the record is updated (and unmarked when delivered).
pub async fn attempt(settings: &Settings, bucket: &Bucket, d: &mut Delivery) -> Outcome {
    let outcome = match &settings.emailjs {
        None => to_outbox(bucket, d).await,
        Some(e) => send(e, d).await,
    };
    d.attempted(outcome, now_ms(), settings.retry_first_s);
    let what = format!("e-mail {} ({}, attempt {})", d.id, d.form, d.attempts);
    match outcome {
        Outcome::Sent => console_log!("{what}: sent"),
        Outcome::Forbidden | Outcome::NotConfigured => console_error!("{what}: {} — kept for retry", outcome.describe()),
        _ => console_warn!("{what}: {} — kept for retry", outcome.describe()),
    }
    if let Err(e) = storage::put_json(bucket, &d.record_key(), d).await {
        console_error!("{what}: updating its record failed: {e}");
    }
    if outcome == Outcome::Sent {
        if let Err(e) = bucket.delete(d.pending_key()).await {
            console_error!("{what}: removing its pending mark failed (it may be sent twice): {e}");
        }
    }
    outcome
}

/// Local runs: keep the e-mail in R2 under outbox/ and print it.
async fn to_outbox(bucket: &Bucket, d: &Delivery) -> Outcome {
    let key = format!("{OUTBOX}{}.json", d.id);
    match storage::put_json(bucket, &key, &d.params).await {
        Ok(()) => {
            console_log!(
                "outbox: {} to {} — \"{}\" (local development without EmailJS; kept at {key})",
                d.form,
                d.params.get("to_email").map_or("", String::as_str),
                d.params.get("subject").map_or("", String::as_str)
            );
            Outcome::Sent
        }
        Err(e) => {
            console_error!("outbox: storing {key} failed: {e}");
            Outcome::Network
        }
    }
}

async fn send(e: &EmailJs, d: &Delivery) -> Outcome {
    let (url, body) = match emailjs_request(e, d) {
        Ok(request) => request,
        Err(outcome) => return outcome,
    };
    let request = (|| {
        let headers = Headers::new();
        headers.set("Content-Type", "application/json")?;
        let mut init = RequestInit::new();
        init.with_method(Method::Post).with_headers(headers).with_body(Some(JsValue::from_str(&body.to_string())));
        Request::new_with_init(&url, &init)
    })();
    let Ok(request) = request else { return Outcome::Network };
    let controller = AbortController::default();
    let signal = controller.signal();
    let fetch = Fetch::Request(request);
    let sending = std::pin::pin!(fetch.send_with_signal(&signal));
    let timeout = std::pin::pin!(Delay::from(TIMEOUT));
    match select(sending, timeout).await {
        Either::Left((Ok(response), _)) => Outcome::from_status(response.status_code()),
        Either::Left((Err(_), _)) => Outcome::Network,
        Either::Right(_) => {
            controller.abort();
            Outcome::Timeout
        }
    }
}

/// The scheduled retry: every pending record whose time has come gets another attempt.
pub async fn retry_due(settings: &Settings, bucket: &Bucket) -> worker::Result<(usize, usize)> {
    let (mut tried, mut sent) = (0, 0);
    let now = now_ms();
    for key in storage::keys(bucket, PENDING, BATCH).await? {
        let Some(id) = id_of_pending(&key) else { continue };
        let record = record_key(id);
        match storage::get_json::<Delivery>(bucket, &record).await {
            Ok(Some(mut d)) if d.is_due(now) => {
                tried += 1;
                if attempt(settings, bucket, &mut d).await == Outcome::Sent {
                    sent += 1;
                }
            }
            Ok(Some(d)) if d.delivered_ms.is_some() => {
                // Delivered, but the mark outlived it.
                let _ = bucket.delete(key).await;
            }
            Ok(Some(_)) => {}
            Ok(None) => console_error!("pending {id} has no record at {record}"),
            Err(e) => console_error!("reading {record} failed: {e}"),
        }
    }
    Ok((tried, sent))
}
