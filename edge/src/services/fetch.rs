//! One outgoing JSON POST with a deadline: how the worker reaches EmailJS and the alert webhook.

use crate::domain::delivery::Outcome;
use futures_util::future::{select, Either};
use std::time::Duration;
use worker::wasm_bindgen::JsValue;
use worker::{AbortController, Delay, Fetch, Headers, Method, Request, RequestInit};

/// How long one call may take before it counts as a timeout.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// POST `body` to `url`: what became of it, told apart for the logs and the retries.
pub async fn post_json(url: &str, body: &serde_json::Value) -> Outcome {
    let request = (|| {
        let headers = Headers::new();
        headers.set("Content-Type", "application/json")?;
        let mut init = RequestInit::new();
        init.with_method(Method::Post).with_headers(headers).with_body(Some(JsValue::from_str(&body.to_string())));
        Request::new_with_init(url, &init)
    })();
    let Ok(request) = request else { return Outcome::Network };
    let controller = AbortController::default();
    let signal = controller.signal();
    let fetch = Fetch::Request(request);
    let sending = std::pin::pin!(fetch.send_with_signal(&signal));
    let timeout = std::pin::pin!(Delay::from(TIMEOUT));
    match select(sending, timeout).await {
        Either::Left((Ok(mut response), _)) => {
            let status = response.status_code();
            if (200..300).contains(&status) {
                return Outcome::Sent;
            }
            // A refusal's words tell a quota reached from a request refused.
            let body = response.text().await.unwrap_or_default();
            Outcome::from_answer(status, &body)
        }
        Either::Left((Err(_), _)) => Outcome::Network,
        Either::Right(_) => {
            controller.abort();
            Outcome::Timeout
        }
    }
}
