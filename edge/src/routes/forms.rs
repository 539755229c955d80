//! The lead form, the listing request, the contact form and the quiz: validated, recorded, then
//! e-mailed. Accepted-and-queued is a success for the visitor: the scheduled retry delivers it.

use super::request::{client, read_body, redirect_to, sized_up};
use crate::failure::Failure;
use crate::services::{bot_check, budget, listings, now_ms, once as first, queue, quota, random_u64, storage};
use domain::bot_check::{self as check, Trust};
use domain::content::content;
use domain::crm;
use domain::email::SAVED_SEARCH;
use domain::http::BodyKind;
use domain::once;
use domain::queue::{new_id, Delivery, State};
use domain::settings::Settings;
use domain::submit::{accept, parse_json, parse_urlencoded, Accepted, FormKind};
use jax_model::api::{FORM_ERROR, LISTING_FIELD, THANK_YOU};
use worker::{Bucket, Env, Request, Response};

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
        let once_key = once::key_of(kind.name(), &input, &client).map_err(|e| vec![e])?;
        Ok((accepted, once_key, input))
    });
    let plain_form = body_kind == BodyKind::UrlEncoded;
    let (form, mut params, once_key, input) = match accepted {
        Ok((Accepted::Email(form, params), key, input)) => (form, params, key, input),
        Ok((Accepted::Dropped, ..)) if plain_form => return redirect_to(&req, THANK_YOU, kind.name()),
        Ok((Accepted::Dropped, ..)) => return Ok(Response::from_json(&serde_json::json!({ "ok": true }))?),
        Err(_) if plain_form => return redirect_to(&req, FORM_ERROR, kind.name()),
        Err(errors) => return Err(Failure::Refused(400, errors)),
    };
    // Before anything is recorded. Without JavaScript there is no token to be had: unverified.
    let field = |name: &str| input.fields.get(name).map(String::as_str);
    let trust =
        match super::request::bot_check(&req, settings, field(check::FIELD), field(once::FIELD), plain_form).await {
            Ok(trust) => trust,
            Err(_) if plain_form => return redirect_to(&req, FORM_ERROR, form),
            Err(refused) => return Err(refused),
        };
    // The quiz's e-mail goes to the visitor, not the agent.
    if trust == Trust::Unverified && form != "quiz" {
        let prose = (form == "lead").then_some("email_body");
        check::mark(&mut params, &c.forms.bot_check.unverified, prose);
    }
    // An MLS listing the site no longer has is named by its number, never by the path sent.
    if let Some(named) = params.0.get(LISTING_FIELD).cloned() {
        let listed = listings::as_listed(env, &c.base_url, &named).await?;
        params.0.insert(LISTING_FIELD.into(), listed);
    }
    let bucket = storage::bucket(env)?;
    let page = crm::page(req.headers().get("Referer")?.as_deref(), &req.inner().url());
    let now = now_ms();
    let mut delivery = Delivery::new(new_id(now, form, random_u64()?), form, &params, now);
    delivery.unverified = trust == Trust::Unverified;
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
    let recorded = async {
        // A client's unverified posts are counted (a repeat above is not one more).
        if trust == Trust::Unverified {
            bot_check::count_unverified(settings, &bucket, &client).await?;
        }
        record_and_send(settings, &bucket, delivery, trust, page.as_deref()).await
    }
    .await;
    match recorded {
        Ok(_) if plain_form => redirect_to(&req, THANK_YOU, form),
        Ok(delivered) => Ok(Response::from_json(&serde_json::json!({ "ok": true, "id": id, "delivered": delivered }))?),
        Err(failure) => {
            // Nothing is recorded: a retry with the same key must be taken as a new post.
            first::forget(&bucket, &once_key).await;
            if plain_form {
                worker::console_error!("recording a {form} failed: {failure:?}");
                return redirect_to(&req, FORM_ERROR, form);
            }
            Err(failure)
        }
    }
}

/// Record `d` and try it once — or keep it without sending, past the quiz's limits (withheld) or
/// the day's e-mail budget (held for the morning digest): whether it was delivered now. A lead's
/// CRM hand-offs (sent from `page`) are recorded and tried beside its e-mail, held or not.
pub(super) async fn record_and_send(
    settings: &Settings,
    bucket: &Bucket,
    mut d: Delivery,
    trust: Trust,
    page: Option<&str>,
) -> Result<bool, Failure> {
    let lead = d.clone();
    // Ids carry 64 random bits: a taken one is not a visitor's doing.
    let taken = || Failure::Unavailable(format!("record {} exists already", d.id));
    let mut slot_taken = None;
    // Each purpose spends its own allowance: the quiz its caps (its e-mail goes to a typed
    // address), a saved search's lead the saved searches' e-mails, a lead the leads'.
    if d.form == "quiz" {
        let to = d.params.get("to_email").map_or("", String::as_str);
        if let Some(withheld) = quota::quiz_email(settings, bucket, to).await? {
            let why = withheld.describe();
            // The visitor still sees the result; the submission is kept, nothing is sent.
            worker::console_warn!("quiz e-mail {}: {why}", d.id);
            d.withheld = Some(why.into());
            queue::keep(settings, bucket, &d).await?;
            return Ok(false);
        }
    } else {
        let slot = if d.form == SAVED_SEARCH {
            budget::spend_confirmation(settings, bucket).await?
        } else {
            budget::spend_email(settings, bucket, trust).await?
        };
        match slot {
            Some(slot) => slot_taken = Some(slot),
            None => {
                // Past the day's e-mail budget: kept, and listed in the morning's digest; none is lost.
                let error = taken();
                if !budget::hold(settings, bucket, d).await? {
                    return Err(error);
                }
                let handoffs = queue::hand_off(settings, bucket, &lead, page).await;
                queue::attempt_all(settings, bucket, handoffs).await;
                return Ok(false);
            }
        }
    }
    let error = taken();
    let claimed = match queue::record(settings, bucket, d).await {
        Ok(Some(claimed)) => claimed,
        // Not recorded, so not sent: its e-mail slot is another request's.
        failed => {
            if let Some(slot) = slot_taken {
                budget::give_back(bucket, slot).await;
            }
            return Err(failed.err().map_or(error, Failure::from));
        }
    };
    let handoffs = queue::hand_off(settings, bucket, &lead, page).await;
    let (email, _) =
        futures_util::join!(queue::attempt(settings, bucket, claimed), queue::attempt_all(settings, bucket, handoffs));
    Ok(email.delivered_ms.is_some())
}
