//! The router: which handler answers which request. The worker runs first only for `/api/*`, and
//! for paths the static assets do not have: the search without JavaScript (`api::HOMES_SEARCH`),
//! and any other, a 404 logged with its path. Every request it
//! answers counts against its client's limit.

mod concierge;
mod documents;
mod editor;
mod forms;
mod homes_search;
mod request;
mod searches;

use crate::failure::Failure;
use crate::services;
use domain::content::content;
use domain::fallback;
use domain::form::FormKind;
use domain::http::{loggable_path, security_headers};
use domain::settings::Settings;
use jax_model::api;
use request::client;
use worker::{console_error, console_log, console_warn, Env, Method, Request, Response, Result};

pub use jax_model::api::DOCUMENTS;
/// The Workers rate-limiting bindings, per client: every POST, and every other request the worker
/// answers (a GET of the API, a path the assets lack), each of which costs an invocation of the
/// day's allowance (wrangler.toml).
const RATE_LIMITER: &str = "RATE_LIMITER";
const READ_LIMITER: &str = "READ_LIMITER";

pub async fn handle(req: Request, env: Env) -> Result<Response> {
    let path = req.path();
    let api = path.starts_with("/api/") || path == "/api";
    let result = route(req, &env, &path).await;
    let mut response = match result {
        Ok(response) => response,
        // A page request over its client's limit: a page that says so.
        Err(Failure::TooMany) if !api => fallback_page(429)?,
        Err(failure @ Failure::Method(_)) => failure.into_response()?,
        // A page request the worker itself failed on: the visitor gets a page, not JSON.
        Err(failure) if !api => {
            console_error!("{path}: the worker failed on a page request: {failure:?}");
            fallback_page(500)?
        }
        Err(failure) => {
            if failure.status() >= 500 || failure.status() == 429 {
                console_warn!("{} {}", failure.status(), loggable_path(&path));
            }
            failure.into_response()?
        }
    };
    let headers = response.headers_mut();
    // A page from the static assets (the 404 page) keeps those dist/_headers gave it: its
    // Content-Security-Policy allows the page's inline script by its hash, which only the site's
    // build knows. Its answers show no images from elsewhere.
    for (name, value) in security_headers(&content().frame_origins, &[], &[]) {
        if !headers.has(name)? {
            headers.set(name, &value)?;
        }
    }
    if path.starts_with("/api/") && !headers.has("Cache-Control")? {
        headers.set("Cache-Control", "no-store")?;
    }
    Ok(response)
}

async fn route(req: Request, env: &Env, path: &str) -> std::result::Result<Response, Failure> {
    if req.method() != Method::Post {
        rate_limit(&req, env, READ_LIMITER).await?;
    }
    if path == api::HOMES_SEARCH {
        return homes_search::search(&req, env).await;
    }
    if !path.starts_with("/api/") && path != "/api" {
        return not_found_page(req, env, path).await;
    }
    if req.method() == Method::Post {
        same_origin(&req)?;
        rate_limit(&req, env, RATE_LIMITER).await?;
    }
    if path.starts_with(jax_model::editor::AUTH_PREFIX) {
        return editor::route(&req, env, path).await;
    }
    // A deployment missing a setting closes the whole API rather than open a door.
    let settings = services::settings(env)?;
    if let Some(kind) = FormKind::from_path(path) {
        return forms::post(req, env, kind, &settings).await;
    }
    match path {
        api::BOT_CHECK => bot_check_key(&req, &settings),
        api::CONCIERGE_SUBMISSIONS => concierge::begin(&req, &settings),
        api::CONCIERGE_DOCUMENTS => concierge::upload(req, env, &settings).await,
        api::CONCIERGE => concierge::submit(req, env, &settings).await,
        api::SAVED_SEARCHES => searches::save(req, env, &settings).await,
        api::SAVED_SEARCH_CONFIRM => searches::confirm_link(req, env, &settings).await,
        api::SAVED_SEARCH_UNSUBSCRIBE => searches::unsubscribe(req, env, &settings).await,
        api::SAVED_SEARCH_MANAGE => searches::manage(req, env, &settings).await,
        p if p.starts_with(DOCUMENTS) => documents::download(req, env, &p[DOCUMENTS.len()..], &settings).await,
        _ => Err(Failure::NotFound),
    }
}

/// `GET /api/bot-check`: the site key the islands render the bot check with (null: it is off).
fn bot_check_key(req: &Request, settings: &Settings) -> std::result::Result<Response, Failure> {
    if req.method() != Method::Get {
        return Err(Failure::Method("GET"));
    }
    let site_key = settings.bot_check.as_ref().map(|keys| keys.site_key.as_str());
    Ok(Response::from_json(&serde_json::json!({ "site_key": site_key }))?)
}

/// The API answers its own pages only: a browser says where a POST comes from.
fn same_origin(req: &Request) -> std::result::Result<(), Failure> {
    let origin = req.headers().get("Origin")?;
    let site = req.headers().get("Sec-Fetch-Site")?;
    let own = request::url_of(req)?.origin;
    let foreign = origin.is_some_and(|o| o != own) || site.is_some_and(|s| s == "cross-site");
    if foreign {
        return Err(Failure::field(403, "origin", "Requests from other sites are not accepted."));
    }
    Ok(())
}

async fn rate_limit(req: &Request, env: &Env, binding: &str) -> std::result::Result<(), Failure> {
    let client = client(req)?;
    let Ok(limiter) = env.rate_limiter(binding) else {
        console_warn!("no {binding} binding: requests are not rate-limited");
        return Ok(());
    };
    if limiter.limit(client).await?.success {
        Ok(())
    } else {
        Err(Failure::TooMany)
    }
}

/// An asset miss: the site's 404 page with status 404, and the path in the log.
async fn not_found_page(req: Request, env: &Env, path: &str) -> std::result::Result<Response, Failure> {
    console_log!("404 {} {path}", req.method());
    let assets = env.assets("ASSETS")?;
    let origin = request::url_of(&req)?.origin;
    let page = services::fetch::asset(&assets, &format!("{origin}/404")).await;
    let mut response = match page {
        Ok(mut page) if page.status_code() == 200 => {
            let headers = page.headers().clone();
            Response::from_html(page.text().await?)?.with_headers(headers)
        }
        // The 404 page itself could not be read: the worker's own page says so.
        _ => {
            console_error!("{path}: the 404 page could not be read");
            return Ok(fallback_page(404)?);
        }
    };
    response = response.with_status(404);
    Ok(response)
}

/// The worker's own error page (domain/fallback.rs) with `status`.
fn fallback_page(status: u16) -> Result<Response> {
    Ok(Response::from_html(fallback::page(&content().header, status))?.with_status(status))
}
