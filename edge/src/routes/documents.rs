//! Private document downloads: the worker checks that the link names a concierge document, its
//! signature and expiry, then streams the file as an attachment. Every bad link gets the same 403.

use crate::failure::Failure;
use crate::routes::request::url_of;
use crate::services::concierge::{self, CACHE_CONTROL};
use crate::services::{now_ms, storage};
use domain::concierge::is_document_key;
use domain::content::content;
use domain::documents::{loggable, safe_name};
use domain::settings::Settings;
use std::collections::BTreeMap;
use worker::{console_warn, Env, Headers, Method, Request, Response};

pub async fn download(req: Request, env: &Env, key: &str, settings: &Settings) -> Result<Response, Failure> {
    if !matches!(req.method(), Method::Get | Method::Head) {
        return Err(Failure::Method("GET"));
    }
    let query: BTreeMap<String, String> = domain::map_of(url_of(&req)?.query_pairs());
    // Digits only, as links are written: "+2000" or "02000" would be one link spelt many ways.
    let expires = query.get("expires").filter(|e| !e.starts_with(['+', '0'])).and_then(|e| e.parse::<u64>().ok());
    let sig = query.get("sig").map(String::as_str).unwrap_or("");
    // Only a concierge document, however the link was signed.
    let checked = match expires {
        _ if !is_document_key(&content().forms, key) => Err("NotADocument".into()),
        // Signed with the current link key or the previous one (the link names which, since ids).
        Some(expires) => settings
            .keys
            .verify_link(query.get("kid").map(String::as_str), key, expires, sig, now_ms() / 1000)
            .map_err(|e| format!("{e:?}")),
        None => Err("Malformed".into()),
    };
    // Logs name the document, never its file name (the client's words).
    if let Err(why) = checked {
        console_warn!("document link refused ({why}): {}", loggable(key));
        return Err(Failure::Forbidden);
    }
    let Some(object) = concierge::document(&storage::bucket(env)?, key).await? else {
        console_warn!("document link to a missing object: {}", loggable(key));
        return Err(Failure::Forbidden);
    };
    let metadata = object.custom_metadata().unwrap_or_default();
    let name = metadata.get("name").cloned().unwrap_or_default();
    let headers = Headers::new();
    let content_type = object.http_metadata().content_type.unwrap_or_else(|| "application/octet-stream".into());
    headers.set("Content-Type", &content_type)?;
    headers.set("Content-Length", &object.size().to_string())?;
    headers.set("Content-Disposition", &attachment(&name))?;
    headers.set("Cache-Control", CACHE_CONTROL)?;
    headers.set("Content-Security-Policy", DOCUMENT_POLICY)?;
    let body = match object.body() {
        Some(body) if req.method() == Method::Get => body.response_body()?,
        _ => worker::ResponseBody::Empty,
    };
    Ok(Response::from_body(body)?.with_headers(headers))
}

/// A document is saved, not shown (`attachment`); should a browser show it all the same (an image
/// opened in a tab), it is a sandbox that runs nothing, loads nothing and shares nothing with the
/// site's origin — not the pages' policy, which lets the site's scripts run.
const DOCUMENT_POLICY: &str = "sandbox; default-src 'none'";

/// `attachment; filename="<ascii>"; filename*=UTF-8''<the original, percent-encoded>`.
fn attachment(name: &str) -> String {
    let ascii = safe_name(name);
    let encoded: String = name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    if encoded.is_empty() {
        format!("attachment; filename=\"{ascii}\"")
    } else {
        format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
    }
}
