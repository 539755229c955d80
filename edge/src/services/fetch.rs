//! One outgoing request with a deadline: how the worker reaches EmailJS, the alert webhook, the bot
//! check's siteverify, the CRMs and GitHub (the editor's sign-in).

use domain::delivery::Outcome;
use futures_util::future::{select, Either};
use std::time::Duration;
use worker::wasm_bindgen::JsValue;
use worker::{web_sys, AbortController, Delay, Fetch, Fetcher, Headers, Method, Request, Response};

/// How long one call may take before it counts as a timeout.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// POST `body` to `url` as JSON: what became of it, told apart for the logs and the retries.
pub async fn post_json(url: &str, body: &serde_json::Value) -> Outcome {
    match post(url, "application/json", &body.to_string()).await {
        Ok((status, _)) if (200..300).contains(&status) => Outcome::Sent,
        // A refusal's words tell a quota reached from a request refused.
        Ok((status, body)) => Outcome::from_answer(status, &body),
        Err(outcome) => outcome,
    }
}

/// POST `body` (of `content_type`) to `url`: the answer's status and text, or Network or Timeout.
pub async fn post(url: &str, content_type: &str, body: &str) -> Result<(u16, String), Outcome> {
    send(Method::Post, url, &[("Content-Type", content_type)], Some(body)).await
}

/// `method` `url` with `headers` (and `body`): the answer's status and text, or Network or Timeout.
pub async fn send(
    method: Method,
    url: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Result<(u16, String), Outcome> {
    request(method, url, headers, body).await.map(|r| (r.status, r.body))
}

/// An answer: its status, its Retry-After header (a 429's), its text.
pub struct Reply {
    pub status: u16,
    pub retry_after: Option<String>,
    pub body: String,
}

/// `send`, with the answer's Retry-After.
pub async fn request(
    method: Method,
    url: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Result<Reply, Outcome> {
    let request = (|| {
        let sent = Headers::new();
        for (name, value) in headers {
            sent.set(name, value)?;
        }
        // web_sys's RequestInit, not worker's: converting that one carries every `cf` option into
        // the wasm, and no request here sets one.
        let init = web_sys::RequestInit::new();
        init.set_method(method.as_ref());
        init.set_headers(&sent.0);
        if let Some(body) = body {
            init.set_body(&JsValue::from_str(body));
        }
        // No redirect is followed: a key or a client's details in the body would go on to wherever
        // it points. A 3xx is a failure like any other (kept for retry, logged).
        init.set_redirect(web_sys::RequestRedirect::Manual);
        web_sys::Request::new_with_str_and_init(url, &init).map(Request::from)
    })();
    let Ok(request) = request else { return Err(Outcome::Network) };
    let controller = AbortController::default();
    let signal = controller.signal();
    let fetch = Fetch::Request(request);
    let sending = std::pin::pin!(fetch.send_with_signal(&signal));
    let timeout = std::pin::pin!(Delay::from(TIMEOUT));
    match select(sending, timeout).await {
        Either::Left((Ok(mut response), _)) => Ok(Reply {
            status: response.status_code(),
            retry_after: response.headers().get("Retry-After").ok().flatten(),
            body: response.text().await.unwrap_or_default(),
        }),
        Either::Left((Err(_), _)) => Err(Outcome::Network),
        Either::Right(_) => {
            controller.abort();
            Err(Outcome::Timeout)
        }
    }
}

/// GET `url` from the site's static assets (`env.assets("ASSETS")`). The request is built without
/// worker's RequestInit, whose conversion would bring every `cf` option into the wasm.
pub async fn asset(assets: &Fetcher, url: &str) -> worker::Result<Response> {
    assets.fetch_request(Request::from(web_sys::Request::new_with_str(url)?)).await
}
