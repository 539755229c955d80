//! What the routes read of a request, and the answers they share: who sent it, its body within
//! its limits, its standing with the bot check, and a post's answer as domain/answer.rs decides it.

use crate::failure::Failure;
use crate::services;
use domain::answer::Answer;
use domain::bot_check::{Expected, Trust};
use domain::http::{admit, body_kind, BodyKind, Refusal};
use domain::quota::client_key;
use domain::settings::Settings;
use domain::web_url::{self, WebUrl};
use futures_util::StreamExt;
use jax_model::api;
use worker::{console_error, console_warn, Request, Response};

/// How a post carrying `token` (or none) stands with the bot check (services/bot_check.rs says
/// what `key` and `tokenless` do); siteverify is told the client's address, and its token must be
/// this site's (the request's hostname) and this form's (its path's action).
pub async fn bot_check(
    req: &Request,
    settings: &Settings,
    token: Option<&str>,
    key: Option<&str>,
    tokenless: bool,
) -> Result<Trust, Failure> {
    let ip = req.headers().get(CLIENT_IP)?;
    let url = url_of(req)?;
    let expected = Expected { hostname: &url.hostname, action: &action(&url) };
    services::bot_check::check(settings, ip.as_deref(), token, key, tokenless, expected).await
}

/// The form a post is to: its API path's action (`api::bot_check_action`), which both its bot
/// check's token and its `once/` key (domain/once.rs) are bound to.
pub fn action(url: &WebUrl) -> String {
    api::bot_check_action(&url.path).unwrap_or_default().to_string()
}

/// The header Cloudflare puts the client's address in.
const CLIENT_IP: &str = "CF-Connecting-IP";

/// Who sent a request, as the limits count clients (an address, or an IPv6 /64). Cloudflare
/// always sets it; without one the request is refused, not pooled with others.
pub fn client(req: &Request) -> Result<String, Failure> {
    client_key(req.headers().get(CLIENT_IP)?.as_deref())
        .ok_or_else(|| Failure::field(403, "request", "This request has no client address."))
}

/// The method, declared length and content type of a form post, checked before its body is read.
pub fn sized_up(req: &Request, max: u64, accepted: &[BodyKind]) -> Result<BodyKind, Failure> {
    let length = declared_length(req)?;
    let refused = |r: Refusal| match r {
        Refusal::Method => Failure::Method("POST"),
        Refusal::TooLarge => too_large(max),
        Refusal::UnsupportedType => Failure::field(415, "body", "Send application/json or a form."),
    };
    admit(req.method().as_ref(), length, max).map_err(refused)?;
    body_kind(req.headers().get("Content-Type")?.as_deref(), accepted).map_err(refused)
}

/// The body's length as the request declares it (None when it declares none, or nonsense).
pub fn declared_length(req: &Request) -> Result<Option<u64>, Failure> {
    Ok(req.headers().get("Content-Length")?.and_then(|l| l.trim().parse::<u64>().ok()))
}

fn too_large(max: u64) -> Failure {
    Failure::field(413, "body", format!("The request is larger than {max} bytes."))
}

/// The body, read to at most `max` bytes (a missing Content-Length does not get around the limit).
pub async fn read_body(req: &mut Request, max: u64) -> Result<Vec<u8>, Failure> {
    let Ok(mut stream) = req.stream() else { return Ok(Vec::new()) };
    let mut body = Vec::new();
    while let Some(chunk) = stream.next().await {
        body.extend(chunk?);
        if body.len() as u64 > max {
            return Err(too_large(max));
        }
    }
    Ok(body)
}

/// A post's answer, as domain/answer.rs decided it: the failure a page stands for is logged (by
/// field and reason, never a value the visitor typed), `what` naming the form.
pub fn respond(req: &Request, what: &str, answer: Answer<Failure>) -> Result<Response, Failure> {
    match answer {
        Answer::SeeOther { location, hiding } => {
            match hiding {
                None => {}
                Some(Failure::Refused(status, errors)) => {
                    let why: Vec<String> = errors.iter().map(|e| format!("{}: {}", e.field, e.message)).collect();
                    console_warn!("{what} without JavaScript refused ({status}): {}", why.join("; "));
                }
                Some(failure) => console_error!("{what} without JavaScript failed: {failure:?}"),
            }
            see_other(req, &location)
        }
        Answer::Json(body) => Ok(Response::from_json(&body)?),
        Answer::Failed(failure) => Err(failure),
    }
}

/// A 303 to `location`, a path of the site with its query (each the site's own, URL-safe).
pub fn see_other(req: &Request, location: &str) -> Result<Response, Failure> {
    let location = format!("{}{location}", url_of(req)?.origin);
    // Built by hand: Response::redirect's headers are immutable, and every answer gets more.
    let mut response = Response::empty()?.with_status(303);
    response.headers_mut().set("Location", &location)?;
    Ok(response)
}

/// The request's URL as the runtime reads it (domain/web_url.rs: its own parser, rather than the
/// url crate's compiled into the wasm).
pub fn url_of(req: &Request) -> Result<WebUrl, Failure> {
    web_url::parse(&req.inner().url())
        .ok_or_else(|| Failure::field(400, "request", "The request's address could not be read."))
}
