//! `POST /api/searches`: a search saved, and its confirmation e-mail.

use super::addresses::links;
use crate::failure::Failure;
use crate::routes::request::{self, client, read_body, respond, sized_up, url_of};
use crate::services::quota::{self, Added};
use crate::services::{bot_check, budget, now_ms, once as first, queue, random_u64, searches, storage};
use domain::answer::{answer, Pages, Taken};
use domain::bot_check::{self as check, Trust};
use domain::budget::client_confirmations_key;
use domain::content::content;
use domain::form::FormKind;
use domain::http::BodyKind;
use domain::once;
use domain::queue::{new_id, Delivery};
use domain::searches::emails;
use domain::searches::{accept, SavedSearch};
use domain::settings::Settings;
use domain::submit::{parse_json, parse_urlencoded};
use worker::{Env, Request, Response};

/// `POST /api/searches`: a search saved from `/homes/` (a form post, with or without JavaScript;
/// or JSON). Its confirmation e-mail goes to the address given; nothing else does until the
/// button on its link's page is pressed. The answer is decided once (domain/answer.rs).
pub async fn save(mut req: Request, env: &Env, settings: &Settings) -> Result<Response, Failure> {
    let max = u64::from(content().forms.limits.body_max_bytes);
    let body_kind = sized_up(&req, max, &[BodyKind::Json, BodyKind::UrlEncoded])?;
    let plain = body_kind == BodyKind::UrlEncoded;
    let body = read_body(&mut req, max).await?;
    let taken = take(&req, env, settings, plain, &body).await;
    respond(&req, "saved search", answer(Pages::SAVED_SEARCH, plain, taken))
}

/// What became of the save: checked, judged by the bot check, then stored with its confirmation
/// e-mail sent.
async fn take(req: &Request, env: &Env, settings: &Settings, plain: bool, body: &[u8]) -> Result<Taken, Failure> {
    let c = content();
    let form = &c.forms.saved_search;
    let refused = |errors| Failure::Refused(400, errors);
    let input = if plain { parse_urlencoded(body) } else { parse_json(body) }.map_err(refused)?;
    let client = client(req)?;
    if input.is_bot(&c.forms) {
        return Ok(Taken::Quietly);
    }
    let save = accept(&input, &c.forms).map_err(refused)?;
    let once_key = once::key_of(&request::action(&url_of(req)?), &input, &client).map_err(|e| refused(vec![e]))?;
    let field = |name: &str| input.fields.get(name).map(String::as_str);
    let trust = request::bot_check(req, settings, field(check::FIELD), field(once::FIELD), plain).await?;
    let bucket = storage::bucket(env)?;
    let now = now_ms();
    let id = format!("{:016x}", random_u64()?);
    if first::claim(&bucket, &once_key, &id).await?.is_some() {
        // A double tap: the first post's confirmation is on its way.
        return Ok(Taken::Quietly);
    }
    let hashes = settings.keys.searches.addresses_of(&save.email);
    let address = hashes[0].clone();
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
        unverified: trust == Trust::Unverified,
    };
    let stored = async {
        if trust == Trust::Unverified {
            bot_check::count_unverified(settings, &bucket, &client).await?;
        }
        // One client's confirmations a day, whatever the bot check said: a script cannot send
        // them to address after address.
        let mine = client_confirmations_key(&settings.keys.counting, &client, now);
        if quota::add(&bucket, &mine, 1, settings.budget.confirmations_per_client_per_day.into()).await? != Added::Yes {
            return Err(save_refused());
        }
        match searches::save(&bucket, &s, &hashes, form.per_address, form.confirmations_per_address_per_day).await? {
            Ok(()) => confirm(settings, &bucket, &s).await,
            Err(why) => {
                worker::console_log!("saved searches: a save refused ({why:?})");
                Err(save_refused())
            }
        }
    }
    .await;
    if stored.is_err() {
        // Nothing kept: a retry is a new post.
        first::forget(&bucket, &once_key).await;
    }
    stored.map(|()| Taken::Quietly)
}

/// Every refusal of a save answers the same (content's `refused`): a stranger learns nothing of
/// an address, not even whether it has searches.
fn save_refused() -> Failure {
    Failure::field(429, "email", content().forms.saved_search.refused.clone())
}

/// Send `s`'s confirmation e-mail, from the day's saved-search e-mails (never the leads'): past
/// them the search is not kept, and the buyer is told to try again.
async fn confirm(settings: &Settings, bucket: &worker::Bucket, s: &SavedSearch) -> Result<(), Failure> {
    let c = content();
    let links = links(settings, s, searches::epoch(bucket, &s.address).await?);
    let params = emails::confirmation(&c.forms.saved_search, &c.header.brand, s, &c.areas, &links);
    let now = now_ms();
    let form = FormKind::SearchConfirm;
    let d = Delivery::new(new_id(now, form, random_u64()?), form, &params, now);
    let Some(slot) = budget::spend_confirmation(settings, bucket).await? else {
        searches::delete(bucket, s).await?;
        return Err(save_refused());
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
