//! The lead form, the listing request, the contact form and the quiz: validated, recorded, then
//! e-mailed. Accepted-and-queued is a success for the visitor: the scheduled retry delivers it.

use super::{client, read_body, redirect_to, sized_up, FORM_ERROR, THANK_YOU};
use crate::domain::content::content;
use crate::domain::delivery::Outcome;
use crate::domain::http::BodyKind;
use crate::domain::once;
use crate::domain::queue::{new_id, Delivery, State};
use crate::domain::settings::Settings;
use crate::domain::submit::{accept, parse_json, parse_urlencoded, Accepted, FormKind};
use crate::failure::Failure;
use crate::services::{budget, now_ms, once as first, queue, quota, random_u64, storage};
use worker::{Env, Request, Response};

/// Why a quiz e-mail was not sent when the day's budget is spent.
const BUDGET_SPENT: &str = "withheld: today's e-mail budget is spent";

pub async fn post(mut req: Request, env: &Env, kind: FormKind, settings: &Settings) -> Result<Response, Failure> {
    let c = content();
    let max = u64::from(c.forms.limits.body_max_bytes);
    let body_kind = sized_up(&req, max, &[BodyKind::Json, BodyKind::UrlEncoded])?;
    let body = read_body(&mut req, max).await?;
    let input = match body_kind {
        BodyKind::Json => parse_json(&body),
        _ => parse_urlencoded(&body),
    };
    let client = client(&req)?;
    let accepted = input.and_then(|input| {
        let accepted = accept(kind, &input, c, &settings.agent_email)?;
        Ok((accepted, once::key_of(kind.name(), &input, &client).map_err(|e| vec![e])?))
    });
    let plain_form = body_kind == BodyKind::UrlEncoded;
    let (form, params, once_key) = match accepted {
        Ok((Accepted::Email(form, params), key)) => (form, params, key),
        Ok((Accepted::Dropped, _)) if plain_form => return redirect_to(&req, THANK_YOU, kind.name()),
        Ok((Accepted::Dropped, _)) => return Ok(Response::from_json(&serde_json::json!({ "ok": true }))?),
        Err(_) if plain_form => return redirect_to(&req, FORM_ERROR, kind.name()),
        Err(errors) => return Err(Failure::Refused(400, errors)),
    };
    let bucket = storage::bucket(env)?;
    let now = now_ms();
    let mut delivery = Delivery::new(new_id(now, form, random_u64()?), form, &params, now);
    let id = delivery.id.clone();
    if let Some(first_id) = first::claim(&bucket, &once_key, &id).await? {
        // A repeat (a double tap, a retry after a timeout): the first post's answer, nothing sent.
        let delivered = queue::state(&bucket, &first_id).await? == Some(State::Delivered);
        worker::console_log!("{form} {id}: a repeat of {first_id}; nothing sent again");
        if plain_form {
            return redirect_to(&req, THANK_YOU, form);
        }
        return Ok(Response::from_json(&serde_json::json!({ "ok": true, "id": first_id, "delivered": delivered }))?);
    }
    let accepted_only = |req: &Request| {
        if plain_form {
            return redirect_to(req, THANK_YOU, form);
        }
        Ok(Response::from_json(&serde_json::json!({ "ok": true, "id": id, "delivered": false }))?)
    };
    if form == "quiz" {
        let to = params.get("to_email").unwrap_or_default();
        let withheld = match quota::quiz_email(settings, &bucket, to).await? {
            Some(withheld) => Some(withheld.describe()),
            None if !budget::spend_email(settings, &bucket).await? => Some(BUDGET_SPENT),
            None => None,
        };
        if let Some(why) = withheld {
            // The visitor still sees the result; the submission is kept, nothing is sent.
            delivery.withheld = Some(why.into());
            queue::keep(settings, &bucket, &delivery).await?;
            worker::console_warn!("quiz e-mail {id}: {why}");
            return accepted_only(&req);
        }
    } else if !budget::spend_email(settings, &bucket).await? {
        // Past the day's e-mail budget: kept, and listed in the morning's digest; none is lost.
        if !budget::hold(settings, &bucket, delivery).await? {
            // Ids carry 64 random bits: a taken one is not a visitor's doing.
            return Err(Failure::Unavailable(format!("record {id} exists already")));
        }
        return accepted_only(&req);
    }
    let claimed = match queue::record(settings, &bucket, delivery).await {
        Ok(Some(claimed)) => claimed,
        // Ids carry 64 random bits: a taken one is not a visitor's doing.
        Ok(None) => return Err(Failure::Unavailable(format!("record {id} exists already"))),
        Err(e) => {
            first::forget(&bucket, &once_key).await;
            let failure = Failure::from(e);
            if plain_form {
                worker::console_error!("recording a {form} failed: {failure:?}");
                return redirect_to(&req, FORM_ERROR, form);
            }
            return Err(failure);
        }
    };
    let delivered = queue::attempt(settings, &bucket, claimed).await.1 == Outcome::Sent;
    if plain_form {
        return redirect_to(&req, THANK_YOU, form);
    }
    Ok(Response::from_json(&serde_json::json!({ "ok": true, "id": id, "delivered": delivered }))?)
}
