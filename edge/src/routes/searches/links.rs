//! The links in a saved search's e-mails. Opening one changes nothing (mail scanners open links):
//! a GET answers a page of the site whose one button POSTs to the same link, and only that POST
//! confirms or unsubscribes — as does the POST a mail client's one-click unsubscribe (RFC 8058)
//! sends. A link that was changed, has expired, or names what is no longer kept gets a 4xx page
//! that says which.

use crate::failure::Failure;
use crate::routes::request::{see_other, url_of};
use crate::services::searches::Confirmed;
use crate::services::{fetch, now_ms, searches, storage};
use domain::searches::links::Refused;
use domain::settings::Settings;
use jax_model::api;
use worker::{console_error, Env, Method, Request, Response};

/// `GET` (the link in the confirmation e-mail: its page) or `POST` (that page's button)
/// `/api/searches/confirm?t=…`. The POST confirms the search and tells the agent ("a new saved
/// search"); a search confirmed already only shows the page that says so.
pub async fn confirm_link(req: Request, env: &Env, settings: &Settings) -> Result<Response, Failure> {
    let post = allowed(&req)?;
    let now = now_ms();
    let token = token(&req)?;
    let link = match settings.keys.searches.check_confirm(&token, now) {
        Ok(link) => link,
        Err(refused) => return refused_page(&req, env, refused).await,
    };
    match searches::confirm(settings, env, link, post, now).await? {
        Confirmed::Unknown => page(&req, env, 404, api::ALERTS_UNKNOWN, None).await,
        Confirmed::NotYet => page(&req, env, 200, api::ALERTS_CONFIRM, Some((api::SAVED_SEARCH_CONFIRM, &token))).await,
        Confirmed::Yes => see_other(&req, api::ALERTS_CONFIRMED),
    }
}

/// `GET` (the link in every alert: its page) or `POST` (that page's button, or a mail client's
/// one-click) `/api/searches/unsubscribe?t=…`. The POST deletes every search of the address at
/// once and stops it (searches::stop): no link sent before works any more.
pub async fn unsubscribe(req: Request, env: &Env, settings: &Settings) -> Result<Response, Failure> {
    let post = allowed(&req)?;
    let token = token(&req)?;
    let link = match settings.keys.searches.check_address(&token, now_ms()) {
        Ok(link) => link,
        Err(refused) => return refused_page(&req, env, refused).await,
    };
    let bucket = storage::bucket(env)?;
    if link.epoch != searches::epoch(&bucket, link.address).await? {
        // Unsubscribed, or everything deleted, since this link was sent.
        return page(&req, env, 404, api::ALERTS_UNKNOWN, None).await;
    }
    if !post {
        return page(&req, env, 200, api::ALERTS_UNSUBSCRIBE, Some((api::SAVED_SEARCH_UNSUBSCRIBE, &token))).await;
    }
    let deleted = searches::stop(&bucket, link.address).await?;
    worker::console_log!("saved searches: an address unsubscribed ({deleted} deleted)");
    see_other(&req, api::ALERTS_UNSUBSCRIBED)
}

/// Whether the request is the link's POST (else its GET).
fn allowed(req: &Request) -> Result<bool, Failure> {
    match req.method() {
        Method::Get => Ok(false),
        Method::Post => Ok(true),
        _ => Err(Failure::Method("GET")),
    }
}

/// The token the link carries (`?t=`).
fn token(req: &Request) -> Result<String, Failure> {
    let pairs = url_of(req)?.query_pairs();
    Ok(pairs.into_iter().find(|(k, _)| k == api::SAVED_SEARCH_TOKEN).map(|(_, v)| v).unwrap_or_default())
}

async fn refused_page(req: &Request, env: &Env, refused: Refused) -> Result<Response, Failure> {
    match refused {
        Refused::Invalid => page(req, env, 400, api::ALERTS_INVALID, None).await,
        Refused::Expired => page(req, env, 410, api::ALERTS_EXPIRED, None).await,
    }
}

/// The site's page at `path` with `status`, kept from every cache and index, its address (the
/// link's token) sent as a Referer to no other site. `form`: the page's button posts to that API
/// path with the link's token.
async fn page(
    req: &Request,
    env: &Env,
    status: u16,
    path: &str,
    form: Option<(&str, &str)>,
) -> Result<Response, Failure> {
    let origin = url_of(req)?.origin;
    let mut asset = fetch::asset(&env.assets("ASSETS")?, &format!("{origin}{path}")).await?;
    if asset.status_code() != 200 {
        console_error!("{path}: the page could not be read ({})", asset.status_code());
        return Err(Failure::Unavailable(format!("{path} could not be read")));
    }
    let headers = asset.headers().clone();
    let mut html = asset.text().await?;
    if let Some((action, token)) = form {
        // The token was checked: lowercase hex and dots, nothing to escape in an attribute.
        let at = format!("action=\"{action}\" data-link-form");
        let with = format!("action=\"{action}?{}={token}\" data-link-form", api::SAVED_SEARCH_TOKEN);
        html = html.replacen(&at, &with, 1);
    }
    let mut response = Response::from_html(html)?.with_headers(headers).with_status(status);
    let h = response.headers_mut();
    h.set("Cache-Control", "no-store")?;
    h.set("X-Robots-Tag", "noindex")?;
    // Not "no-referrer": the button's POST would then say `Origin: null`, which the worker refuses
    // as another site's.
    h.set("Referrer-Policy", "same-origin")?;
    Ok(response)
}
