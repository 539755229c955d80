//! A visitor's request recorded and sent: a form post taken once (a repeat gets its first post's
//! answer), and any request's record kept and tried once within its allowance. Accepted-and-queued
//! is a success for the visitor: the scheduled retry delivers it.

use crate::failure::Failure;
use crate::services::{bot_check, budget, listings, now_ms, once as first, queue, quota, random_u64, storage};
use domain::answer::Taken;
use domain::bot_check::{self as check, Trust};
use domain::content::content;
use domain::email::Params;
use domain::form::FormKind;
use domain::queue::{new_id, Delivery, State};
use domain::settings::Settings;
use jax_model::api::LISTING_FIELD;
use worker::{Bucket, Env};

/// A form post the domain accepted (submit::accept) and the bot check judged.
pub struct Post<'a> {
    pub kind: FormKind,
    pub params: Params,
    pub trust: Trust,
    pub client: &'a str,
    /// Its `once/` key (domain/once.rs).
    pub once_key: &'a str,
    /// The site's page it was sent from, for her CRM.
    pub page: Option<String>,
}

/// Record `post` and try its e-mail once, unless its key was taken: then the first post's answer,
/// nothing sent again.
pub async fn submit(settings: &Settings, env: &Env, post: Post<'_>) -> Result<Taken, Failure> {
    let Post { kind, mut params, trust, client, once_key, page } = post;
    let c = content();
    if trust == Trust::Unverified {
        check::mark(kind, &mut params, &c.forms.bot_check.unverified);
    }
    // An MLS listing the site no longer has is named by its number, never by the path sent.
    if let Some(named) = params.0.get(LISTING_FIELD).cloned() {
        let listed = listings::as_listed(env, &c.base_url, &named).await?;
        params.0.insert(LISTING_FIELD.into(), listed);
    }
    let bucket = storage::bucket(env)?;
    let now = now_ms();
    let mut delivery = Delivery::new(new_id(now, kind, random_u64()?), kind, &params, now);
    delivery.unverified = trust == Trust::Unverified;
    let id = delivery.id.clone();
    if let Some(first_id) = first::claim(&bucket, once_key, &id).await? {
        // A repeat (a double tap, a retry after a timeout): the first post's answer, nothing sent.
        let delivered = queue::state(&bucket, &first_id).await? == Some(State::Delivered);
        worker::console_log!("{} {id}: a repeat of {first_id}; nothing sent again", kind.name());
        return Ok(Taken::Recorded { id: first_id, delivered });
    }
    let recorded = async {
        // A client's unverified posts are counted (a repeat above is not one more).
        if trust == Trust::Unverified {
            bot_check::count_unverified(settings, &bucket, client).await?;
        }
        record_and_send(settings, &bucket, delivery, trust, page.as_deref()).await
    }
    .await;
    match recorded {
        Ok(delivered) => Ok(Taken::Recorded { id, delivered }),
        Err(failure) => {
            // Nothing is recorded: a retry with the same key must be taken as a new post.
            first::forget(&bucket, once_key).await;
            Err(failure)
        }
    }
}

/// Record `d` and try it once — or keep it without sending, past the quiz's limits (withheld) or
/// the day's e-mail budget (held for the morning digest): whether it was delivered now. A lead's
/// CRM hand-offs (sent from `page`) are recorded and tried beside its e-mail, held or not.
pub async fn record_and_send(
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
    if d.form == FormKind::Quiz {
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
        let slot = if d.form == FormKind::SavedSearch {
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
