//! Sending one e-mail: through EmailJS's REST API, or, in local development without it, into the
//! local outbox. What is owed, and when to try again, is services/queue.rs's job.

use crate::domain::delivery::Outcome;
use crate::domain::queue::{emailjs_request, Delivery, OUTBOX};
use crate::domain::settings::{EmailJs, Settings};
use crate::services::storage;
use futures_util::future::{select, Either};
use std::time::Duration;
use worker::wasm_bindgen::JsValue;
use worker::{
    console_error, console_log, AbortController, Bucket, Delay, Fetch, Headers, Method, Request, RequestInit,
};

/// How long one EmailJS call may take before it counts as a timeout.
const TIMEOUT: Duration = Duration::from_secs(10);

/// One attempt to send `d`: through EmailJS, or into the local outbox when it is not set.
pub async fn send(settings: &Settings, bucket: &Bucket, d: &Delivery) -> Outcome {
    match &settings.emailjs {
        None => to_outbox(bucket, d).await,
        Some(e) => to_emailjs(e, d).await,
    }
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

async fn to_emailjs(e: &EmailJs, d: &Delivery) -> Outcome {
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
