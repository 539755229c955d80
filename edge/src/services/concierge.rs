//! The Client Concierge's storage: documents streamed into R2 under their submission, each
//! submission's upload count (the cap's authority), and filing a checked submission as one record
//! and one e-mail to the agent.

use crate::failure::Failure;
use domain::bot_check::{self, Trust};
use domain::budget::filings_key;
use domain::concierge::{email, Final, Listed};
use domain::content::content;
use domain::documents::{loggable, sign};
use domain::email::Params;
use domain::form::FormKind;
use domain::queue::{record_key, Delivery, State};
use domain::retention::{count_key, filing, Filing, Job, Uploads};
use domain::settings::Settings;
use jax_model::submission::Values;

use crate::services::queue::{self, Taken};
use crate::services::quota::Added;
use crate::services::storage::{self, Only};
use crate::services::{budget, now_ms, quota, random_u64, retention};
use jax_model::api::{self, DOCUMENTS};
use jax_model::calendar::date;
use jax_model::forms::FileType;
use jax_model::submission::FieldError;
use std::collections::HashMap;
use std::time::Duration;
use worker::{console_error, Bucket, Conditional, Data, Delay, HttpMetadata};

/// A filed document as its link opens it (body and metadata), if it is still there.
pub async fn document(bucket: &Bucket, key: &str) -> worker::Result<Option<worker::Object>> {
    bucket.get(key).execute().await
}

/// Deletes what a post stored that was not filed; a failure is logged (the cron's timers delete
/// the rest a day later).
pub async fn remove_unfiled(bucket: &Bucket, keys: impl Iterator<Item = &str>) {
    for key in keys {
        if let Err(e) = bucket.delete(key).await {
            console_error!("removing {} of a post not filed: {e}", loggable(key));
        }
    }
}

/// The stored documents' Cache-Control, and their downloads': IDs and bank statements must not
/// stay in a browser's disk cache.
pub const CACHE_CONTROL: &str = "no-store";
/// Tries at the count before an upload is told to wait: each lost try means another upload of the
/// same submission won, so only a flood of parallel uploads into one submission runs out.
const COUNT_TRIES: u32 = 64;

/// What reserving room for one more upload came to.
pub enum Room {
    Reserved,
    /// The submission holds all it may.
    Full,
    /// Too many uploads into this submission at once.
    Busy,
}

/// Take room for an upload of `length` bytes in `submission`'s count (a compare-and-swap on its
/// etag), before a byte of it is stored.
pub async fn reserve(bucket: &Bucket, submission: &str, length: u64) -> Result<Room, Failure> {
    let forms = &content().forms;
    let changed = update_count(bucket, submission, |held| held.with(forms, length)).await?;
    Ok(match changed {
        Some(true) => Room::Reserved,
        Some(false) => Room::Full,
        None => Room::Busy,
    })
}

/// Give back what `reserve` took, for an upload that was not stored after all. Counted as stored
/// when this fails: the cap can only err on the side of less.
pub async fn release(bucket: &Bucket, submission: &str, length: u64) {
    let given_back = update_count(bucket, submission, |held| Some(held.without(length))).await;
    if !matches!(given_back, Ok(Some(true))) {
        console_error!("concierge {submission}: an upload not stored is still counted");
    }
}

/// Apply `change` to the count: Some(true) written, Some(false) refused by `change`, None when
/// other writers kept winning.
async fn update_count(
    bucket: &Bucket,
    submission: &str,
    change: impl Fn(Uploads) -> Option<Uploads>,
) -> Result<Option<bool>, Failure> {
    let key = count_key(submission);
    for attempt in 0..COUNT_TRIES {
        let (held, only) = match storage::get_json_tagged::<Uploads>(bucket, &key).await? {
            None => (Uploads::default(), Only::Absent),
            Some((held, etag)) => (held, Only::Etag(etag)),
        };
        let Some(next) = change(held) else { return Ok(Some(false)) };
        if storage::put_json_if(bucket, &key, &next, only).await?.is_some() {
            return Ok(Some(true));
        }
        // Lost to a parallel upload: wait a little, a random while so the losers spread out.
        let ms = 5 + random_u64()? % (10 * u64::from(attempt.min(10) + 1));
        Delay::from(Duration::from_millis(ms)).await;
    }
    Ok(None)
}

/// Whether `submission` was filed already (no upload may join it then).
pub async fn is_filed(bucket: &Bucket, submission: &str) -> worker::Result<bool> {
    Ok(bucket.head(record_key(&record_id(submission))).await?.is_some())
}

fn record_id(submission: &str) -> String {
    format!("{}-{submission}", FormKind::Concierge.name())
}

/// A document into R2: its type and Cache-Control for the download, what it is as custom
/// metadata, never over an existing one (false when the key was taken).
pub async fn store(
    bucket: &Bucket,
    key: &str,
    body: impl Into<Data>,
    file_type: FileType,
    metadata: HashMap<String, String>,
) -> Result<bool, Failure> {
    let stored = bucket
        .put(key, body)
        .http_metadata(HttpMetadata {
            content_type: Some(file_type.mime().into()),
            cache_control: Some(CACHE_CONTROL.into()),
            ..Default::default()
        })
        .custom_metadata(metadata)
        .only_if(Conditional { etag_does_not_match: Some("*".into()), ..Default::default() })
        .execute()
        .await
        .map_err(|e| Failure::Unavailable(format!("storing {key}: {e}")))?;
    Ok(stored.is_some())
}

/// What a stored document says of itself: its submission, field and (proven) name.
pub fn metadata_of(submission: &str, field: &str, name: &str) -> HashMap<String, String> {
    [("submission", submission), ("field", field), ("name", name)]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// A submission filed: its record's id, and where the agent's e-mail stands.
pub struct Recorded {
    pub id: String,
    pub email: State,
}

/// How long a filing found being sent by a parallel one waits for its outcome: one attempt's
/// timeout and its writes.
const SETTLE_MS: u64 = 12_000;

/// Files a checked submission: one record and one e-mail to the agent listing the documents it
/// names, each with a signed link (any other under the submission is deleted; the filed ones get
/// their end);
/// idempotent (a retry files nothing twice, and sends only what is still owed, never while another
/// attempt holds it).
pub async fn file(
    settings: &Settings,
    bucket: &Bucket,
    client: &str,
    done: &Final<'_>,
    trust: Trust,
) -> Result<Recorded, Failure> {
    let id = record_id(&done.submission);
    let mut taken = queue::claim(bucket, &id, true, None).await?;
    // Her CRM's hand-offs, recorded with the filing's e-mail (by whichever tap records that).
    let mut handoffs = Vec::new();
    // Links on the site's own address (SITE_URL), never the request's Host.
    let origin = settings.site_url.as_str();
    let page = format!("{origin}{}", api::CONCIERGE_PAGE);
    if matches!(taken, Taken::Missing) {
        // One listing gives each stored document's key and name: no object is read twice.
        let stored = storage::objects(bucket, &format!("{}/", done.submission), true).await?;
        let names: HashMap<String, String> = stored
            .iter()
            .map(|o| (o.key(), o.custom_metadata().ok().and_then(|m| m.get("name").cloned()).unwrap_or_default()))
            .collect();
        let named: Vec<(&str, &str)> = done.documents.iter().map(|(d, key)| (d.field.as_str(), key.as_str())).collect();
        let filing = filing(&names.keys().cloned().collect::<Vec<_>>(), &named).map_err(|fields| {
            let not_stored = |field: String| FieldError {
                field,
                message: "This document was not received; choose it again.".into(),
            };
            Failure::Refused(400, fields.into_iter().map(not_stored).collect())
        })?;
        let mut params = email_of(settings, origin, &done.client, &filing, &names)?;
        if trust == Trust::Unverified {
            bot_check::mark(FormKind::Concierge, &mut params, &content().forms.bot_check.unverified);
        }
        let mut d = Delivery::new(id.clone(), FormKind::Concierge, &params, now_ms());
        d.unverified = trust == Trust::Unverified;
        let cap = settings.budget.concierge_per_client_per_day;
        let key = filings_key(&settings.keys.counting, client, d.received_ms);
        if quota::add_once(bucket, &key, &done.submission, u64::from(cap)).await? != Added::Yes {
            return Err(Failure::field(
                429,
                "request",
                format!("The portal takes {cap} submissions a day from one visitor; please call to send more."),
            ));
        }
        retention::set(bucket, d.received_ms + settings.retention_s * 1000, Job::Documents, &done.submission).await?;
        taken = match budget::spend_email(settings, bucket, trust).await? {
            // Past the day's e-mail budget: filed all the same, and listed in the morning's digest
            // (unless a parallel tap recorded it a moment ago: its outcome is this one's).
            None => {
                if !budget::hold(settings, bucket, d.clone()).await? {
                    Taken::Not(State::Claimed)
                } else {
                    delete(bucket, &filing.replaced).await?;
                    let handoffs = queue::hand_off(settings, bucket, &d, Some(&page)).await;
                    queue::attempt_all(settings, bucket, handoffs).await;
                    return Ok(Recorded { id, email: State::Held });
                }
            }
            Some(slot) => match queue::record(settings, bucket, d.clone()).await {
                Ok(Some(claimed)) => {
                    delete(bucket, &filing.replaced).await?;
                    handoffs = queue::hand_off(settings, bucket, &d, Some(&page)).await;
                    Taken::Claimed(Box::new(claimed))
                }
                // The same, having spent an e-mail the parallel tap spends too: given back.
                Ok(None) => {
                    budget::give_back(bucket, slot).await;
                    Taken::Not(State::Claimed)
                }
                Err(e) => {
                    budget::give_back(bucket, slot).await;
                    return Err(e.into());
                }
            },
        };
    }
    let email = match taken {
        Taken::Claimed(claimed) => {
            let (d, _) = futures_util::join!(
                queue::attempt(settings, bucket, *claimed),
                queue::attempt_all(settings, bucket, handoffs)
            );
            d.state(now_ms())
        }
        // A parallel filing is sending it: its outcome is this one's too.
        Taken::Not(State::Claimed) => settled(bucket, &id).await?,
        Taken::Not(state) => state,
        Taken::Missing => State::Due,
    };
    if email != State::Delivered {
        console_error!("concierge {id}: the agent's e-mail is not sent yet ({email:?})");
    }
    Ok(Recorded { id, email })
}

/// The documents a filing replaced.
async fn delete(bucket: &Bucket, keys: &[String]) -> worker::Result<()> {
    for key in keys {
        bucket.delete(key).await?;
    }
    Ok(())
}

/// Record `id`'s state once no attempt holds it, or Claimed after SETTLE_MS.
async fn settled(bucket: &Bucket, id: &str) -> Result<State, Failure> {
    let start = now_ms();
    loop {
        let state = queue::state(bucket, id).await?.unwrap_or(State::Due);
        if state != State::Claimed || now_ms() - start > SETTLE_MS {
            return Ok(state);
        }
        Delay::from(Duration::from_millis(250)).await;
    }
}

/// The agent's e-mail for a submission: each filed document with its name (`names`, by
/// key) and a signed link; a field with none is refused by its name.
fn email_of(
    settings: &Settings,
    origin: &str,
    client: &Values,
    filing: &Filing,
    names: &HashMap<String, String>,
) -> Result<Params, Failure> {
    let forms = &content().forms;
    let now_s = now_ms() / 1000;
    let expires = now_s + settings.link_lifetime_s;
    let mut listed = Vec::new();
    let mut missing = Vec::new();
    for document in &forms.concierge.documents {
        match filing.filed.get(&document.field) {
            Some(key) => {
                let file_name = names.get(key).cloned().unwrap_or_default();
                let signer = settings.keys.current_link();
                let link = format!(
                    "{origin}{DOCUMENTS}{key}?kid={}&expires={expires}&sig={}",
                    signer.id,
                    sign(&signer.secret, key, expires)
                );
                listed.push(Listed { document, file_name, link });
            }
            None => {
                missing.push(FieldError { field: document.field.clone(), message: document.required_message.clone() })
            }
        }
    }
    if !missing.is_empty() {
        return Err(Failure::Refused(400, missing));
    }
    Ok(email(forms, &settings.agent_email, client, &listed, &date(expires), &date(now_s + settings.retention_s)))
}
