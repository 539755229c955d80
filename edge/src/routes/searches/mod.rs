//! Saved searches (domain/searches.rs): the save form's post, the confirmation and unsubscribe
//! links (GETs from an e-mail, answered with a 303 to a page of the site), and the manage page's
//! requests.

use super::forms::record_and_send;
use super::request::{client, read_body, see_other, sized_up, url_of};
use crate::failure::Failure;
use crate::services::{bot_check, budget, now_ms, once as first, queue, random_u64, searches, storage};
use domain::bot_check::{self as check, Trust};
use domain::content::content;
use domain::http::BodyKind;
use domain::once;
use domain::queue::{new_id, Delivery};
use domain::searches::emails::{self, Links};
use domain::searches::{
    accept, address_of, address_token, check_address, check_confirm, confirm_token, shown, Change, SavedSearch,
};
use domain::settings::Settings;
use domain::submit::{parse_json, parse_urlencoded};
use jax_model::api;
use jax_model::saved_search::ManageAnswer;
use jax_model::submission::FieldError;
use worker::{Env, Method, Request, Response};

/// A 303 to a page of the site (`path`).
fn see(req: &Request, path: &str) -> Result<Response, Failure> {
    see_other(req, path, None)
}

/// The site's origin as the request reached it: the links in the e-mails lead back there.
fn origin(req: &Request) -> Result<String, Failure> {
    Ok(url_of(req)?.origin)
}

fn links(settings: &Settings, origin: &str, s: &SavedSearch) -> Links {
    let keys = &settings.keys.searches;
    let token = api::SAVED_SEARCH_TOKEN;
    Links {
        confirm: format!("{origin}{}?{token}={}", api::SAVED_SEARCH_CONFIRM, confirm_token(keys, &s.address, &s.id)),
        manage: format!("{origin}{}#{}", api::ALERTS, address_token(keys, &s.address)),
        search: format!("{origin}{}", s.path()),
    }
}

/// `POST /api/searches`: a search saved from `/homes/` (a form post, with or without JavaScript;
/// or JSON). Its confirmation e-mail goes to the address given; nothing else does until the
/// link in it is opened.
pub async fn save(mut req: Request, env: &Env, settings: &Settings) -> Result<Response, Failure> {
    let c = content();
    let form = &c.forms.saved_search;
    let max = u64::from(c.forms.limits.body_max_bytes);
    let body_kind = sized_up(&req, max, &[BodyKind::Json, BodyKind::UrlEncoded])?;
    let plain = body_kind == BodyKind::UrlEncoded;
    let body = read_body(&mut req, max).await?;
    let input = match body_kind {
        BodyKind::Json => parse_json(&body),
        _ => parse_urlencoded(&body),
    };
    let client = client(&req)?;
    let refused =
        |errors: Vec<FieldError>| if plain { see(&req, api::ALERTS_ERROR) } else { Err(Failure::Refused(400, errors)) };
    let input = match input {
        Ok(input) if input.is_bot(&c.forms) => return if plain { see(&req, api::ALERTS_SENT) } else { ok() },
        Ok(input) => input,
        Err(errors) => return refused(errors),
    };
    let (save, once_key) = match accept(&input, &c.forms)
        .and_then(|save| Ok((save, once::key_of("searches", &input, &client).map_err(|e| vec![e])?)))
    {
        Ok(accepted) => accepted,
        Err(errors) => return refused(errors),
    };
    let field = |name: &str| input.fields.get(name).map(String::as_str);
    let trust = match super::request::bot_check(&req, settings, field(check::FIELD), field(once::FIELD), plain).await {
        Ok(trust) => trust,
        Err(_) if plain => return see(&req, api::ALERTS_ERROR),
        Err(refusal) => return Err(refusal),
    };
    let bucket = storage::bucket(env)?;
    let now = now_ms();
    let id = format!("{:016x}", random_u64()?);
    if first::claim(&bucket, &once_key, &id).await?.is_some() {
        // A double tap: the first post's confirmation is on its way.
        return if plain { see(&req, api::ALERTS_SENT) } else { ok() };
    }
    let address = address_of(&settings.keys.searches, &save.email);
    let s = SavedSearch {
        id,
        address,
        email: save.email,
        name: save.name,
        query: save.query,
        frequency: save.frequency,
        created_ms: now,
        confirmed_ms: None,
        paused: false,
        since_ms: now,
        sent_ms: None,
    };
    let stored = async {
        if trust == Trust::Unverified {
            bot_check::count_unverified(settings, &bucket, &client).await?;
        }
        let refusal = match searches::save(&bucket, &s, form.per_address, form.confirmations_per_address_per_day)
            .await?
        {
            Ok(()) => return confirm(settings, &bucket, &s, &origin(&req)?, trust).await,
            Err(searches::Refused::Full) => form.too_many.clone(),
            Err(searches::Refused::Confirmations) => {
                "This address was sent its confirmations for today. Open the last one, or try again tomorrow.".into()
            }
        };
        Err(Failure::field(429, "email", refusal))
    }
    .await;
    match stored {
        Ok(()) if plain => see(&req, api::ALERTS_SENT),
        Ok(()) => ok(),
        Err(failure) => {
            // Nothing kept: a retry is a new post.
            first::forget(&bucket, &once_key).await;
            if plain {
                worker::console_error!("saving a search failed: {failure:?}");
                return see(&req, api::ALERTS_ERROR);
            }
            Err(failure)
        }
    }
}

fn ok() -> Result<Response, Failure> {
    Ok(Response::from_json(&serde_json::json!({ "ok": true }))?)
}

/// Send `s`'s confirmation e-mail (from the day's budget, as the quiz's e-mail to a visitor: past
/// it the search is not kept, and the buyer is told to try again).
async fn confirm(
    settings: &Settings,
    bucket: &worker::Bucket,
    s: &SavedSearch,
    origin: &str,
    trust: Trust,
) -> Result<(), Failure> {
    let c = content();
    let params = emails::confirmation(&c.forms.saved_search, &c.header.brand, s, &c.areas, &links(settings, origin, s));
    let now = now_ms();
    let d = Delivery::new(new_id(now, emails::CONFIRMATION, random_u64()?), emails::CONFIRMATION, &params, now);
    let Some(slot) = budget::spend_email(settings, bucket, trust).await? else {
        searches::delete(bucket, s).await?;
        return Err(Failure::field(503, "email", "No confirmation can be sent today. Please try again tomorrow."));
    };
    match queue::record(settings, bucket, d).await? {
        Some(claimed) => {
            queue::attempt(settings, bucket, claimed).await;
            Ok(())
        }
        None => {
            budget::give_back(bucket, slot).await;
            Err(Failure::Unavailable("the confirmation's record exists already".into()))
        }
    }
}

/// The token a link carries (`?t=`).
fn token(req: &Request) -> Result<Option<String>, Failure> {
    let found = url_of(req)?.query_pairs().into_iter().find(|(k, _)| k == api::SAVED_SEARCH_TOKEN).map(|(_, v)| v);
    Ok(found)
}

/// `GET /api/searches/confirm?t=…`: the confirmation link. The first opening confirms the search
/// and tells the agent ("a new saved search"); any later one only shows the page again.
pub async fn confirm_link(req: Request, env: &Env, settings: &Settings) -> Result<Response, Failure> {
    if req.method() != Method::Get {
        return Err(Failure::Method("GET"));
    }
    let token = token(&req)?.unwrap_or_default();
    let Some((address, id)) = check_confirm(&settings.keys.searches, &token) else {
        return see(&req, api::ALERTS_EXPIRED);
    };
    let bucket = storage::bucket(env)?;
    let Some((mut s, etag)) = searches::get(&bucket, address, id).await? else {
        return see(&req, api::ALERTS_EXPIRED);
    };
    if s.confirmed_ms.is_some() {
        return see(&req, api::ALERTS_CONFIRMED);
    }
    let now = now_ms();
    s.confirmed_ms = Some(now);
    // Alerts tell of what changes from now on.
    s.since_ms = now;
    if !searches::update(&bucket, &s, etag).await? {
        // Opened twice at once: the other opening confirmed it and told the agent.
        return see(&req, api::ALERTS_CONFIRMED);
    }
    let c = content();
    let links = links(settings, &origin(&req)?, &s);
    let params = emails::lead(&c.forms.saved_search, &settings.agent_email, &s, &c.areas, &links);
    let lead = Delivery::new(new_id(now, emails::LEAD, random_u64()?), emails::LEAD, &params, now);
    // The search is confirmed whatever becomes of the agent's e-mail (it is queued and retried).
    if let Err(e) = record_and_send(settings, &bucket, lead, Trust::Verified, Some(&links.search)).await {
        worker::console_error!("saved search {}: the agent's e-mail was not recorded: {e:?}", s.id);
    }
    see(&req, api::ALERTS_CONFIRMED)
}

/// `GET` (the link in an e-mail) or `POST` (a mail client's one-click, RFC 8058)
/// `/api/searches/unsubscribe?t=…`: every search of the address is deleted at once.
pub async fn unsubscribe(req: Request, env: &Env, settings: &Settings) -> Result<Response, Failure> {
    if req.method() != Method::Get && req.method() != Method::Post {
        return Err(Failure::Method("GET"));
    }
    let token = token(&req)?.unwrap_or_default();
    let Some(address) = check_address(&settings.keys.searches, &token) else {
        return see(&req, api::ALERTS_EXPIRED);
    };
    let bucket = storage::bucket(env)?;
    let deleted = searches::delete_address(&bucket, address).await?;
    worker::console_log!("saved searches: an address unsubscribed ({deleted} deleted)");
    see(&req, api::ALERTS_UNSUBSCRIBED)
}

/// `POST /api/searches/manage` (JSON): the address's searches, after the change asked for.
pub async fn manage(mut req: Request, env: &Env, settings: &Settings) -> Result<Response, Failure> {
    let max = u64::from(content().forms.limits.body_max_bytes);
    sized_up(&req, max, &[BodyKind::Json])?;
    let body = read_body(&mut req, max).await?;
    // What the manage page posts: its link's token, and a change (none: only the list). Read from
    // a JSON value: a derived reader would cost the worker ~2 KiB gzip.
    let asked: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
    let field = |name: &str| asked.get(name).and_then(|v| v.as_str());
    let Some(token) = field("token") else {
        return Err(Failure::field(400, "token", "Send the link's token as JSON."));
    };
    let Some(address) = check_address(&settings.keys.searches, token.trim()) else {
        return Err(Failure::field(403, "token", content().forms.saved_search.manage.invalid.clone()));
    };
    let bucket = storage::bucket(env)?;
    match field("action") {
        None | Some("list") => {}
        Some("delete-all") => {
            searches::delete_address(&bucket, address).await?;
        }
        Some(action) => {
            let change = Change::parse(action, field("frequency"))
                .ok_or_else(|| Failure::field(400, "action", format!("No such change: {action}.")))?;
            let id = field("id").unwrap_or_default();
            let found = if id.is_empty() { None } else { searches::get(&bucket, address, id).await? };
            let Some((s, etag)) = found else {
                return Err(Failure::field(404, "id", "This search is no longer kept."));
            };
            match change.apply(s.clone(), now_ms()) {
                Some(changed) => {
                    if !searches::update(&bucket, &changed, etag).await? {
                        return Err(Failure::field(409, "id", "This search changed meanwhile. Reload the page."));
                    }
                }
                None => searches::delete(&bucket, &s).await?,
            }
        }
    }
    let c = content();
    let kept = searches::of_address(&bucket, address).await?;
    let searches = kept.into_iter().map(|s| shown(s, &c.forms.saved_search, &c.areas)).collect();
    Ok(Response::from_json(&ManageAnswer { searches })?)
}
