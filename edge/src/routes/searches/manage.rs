//! `POST /api/searches/manage` (JSON): the manage page's requests, with its link's token.

use crate::failure::Failure;
use crate::routes::request::{read_body, sized_up};
use crate::services::{now_ms, searches, storage};
use domain::content::content;
use domain::http::BodyKind;
use domain::searches::links::Refused;
use domain::searches::{shown, Change};
use domain::settings::Settings;
use jax_model::saved_search::ManageAnswer;
use worker::{Env, Request, Response};

/// The address's searches, after the change asked for. A link of the address's epoch may do
/// anything; once the address stopped (an unsubscribe, "delete everything"), a link of the epoch
/// just before, the one its owner holds, may only see that and allow the address again.
pub async fn manage(mut req: Request, env: &Env, settings: &Settings) -> Result<Response, Failure> {
    let max = u64::from(content().forms.limits.body_max_bytes);
    sized_up(&req, max, &[BodyKind::Json])?;
    let body = read_body(&mut req, max).await?;
    // What the manage page posts: its link's token, and a change (none: only the list). Read from
    // a JSON value, which the worker reads already: a derived reader would be code of its own.
    let asked: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
    let field = |name: &str| asked.get(name).and_then(|v| v.as_str());
    let Some(token) = field("token") else {
        return Err(Failure::field(400, "token", "Send the link's token as JSON."));
    };
    let labels = &content().forms.saved_search.manage;
    let invalid = || Failure::field(403, "token", labels.invalid.clone());
    let link = settings.keys.searches.check_address(token.trim(), now_ms()).map_err(|refused| match refused {
        Refused::Invalid => invalid(),
        Refused::Expired => Failure::field(410, "token", labels.expired.clone()),
    })?;
    let address = link.address;
    let bucket = storage::bucket(env)?;
    let epoch = searches::epoch(&bucket, address).await?;
    let mut stopped = searches::is_suppressed(&bucket, address).await?;
    let owner_of_stopped = stopped && link.epoch + 1 == epoch;
    if link.epoch != epoch && !owner_of_stopped {
        return Err(Failure::field(404, "token", labels.unknown.clone()));
    }
    match field("action") {
        None | Some("list") => {}
        // Its owner, holding its last link, lets it save searches again.
        Some("allow") => {
            searches::lift(&bucket, address).await?;
            stopped = false;
        }
        Some(_) if owner_of_stopped => return Err(invalid()),
        Some("delete-all") => {
            searches::stop(&bucket, address).await?;
            stopped = true;
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
    Ok(Response::from_json(&ManageAnswer { searches, stopped })?)
}
