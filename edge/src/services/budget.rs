//! The day's budget kept in R2 (domain/budget.rs says what and why): e-mails sent singly, held
//! leads and the morning digest, uploaded bytes and concierge filings per client.

use crate::services::quota::Added;
use crate::services::storage::{self, Only};
use crate::services::{alert, now_ms, queue, quota, retention};
use domain::alert::Alert;
use domain::bot_check::Trust;
use domain::budget::{
    client_uploads_key, confirmations_prefix, day_start, digest, digest_due, digest_id, emails_alerted_key,
    emails_prefix, held_id, held_key, unverified_alerted_key, uploads_alerted_key, uploads_key, DIGEST_PARTS, HELD,
};
use domain::form::FormKind;
use domain::queue::{record_key, Delivery, State};
use domain::retention::Job;
use domain::settings::Settings;
use std::collections::HashMap;
use worker::{console_error, console_warn, Bucket};

/// Held records one digest run reads at most (the digest lists what fits in one e-mail anyway).
const DIGEST_READ_MAX: usize = 300;
/// A held marker's custom metadata: the digest listing it, while that digest is owed.
const LISTED: &str = "listed";

pub use crate::services::quota::{give_back, Slot};

/// Spend one of today's lead e-mails: none when the budget is spent (the caller holds the lead);
/// the agent is alerted the first time in a day. Only leads spend it: confirmations, alerts and the
/// quiz have allowances of their own. An unverified post (domain/bot_check.rs) may take a slot
/// only while fewer than the budget's unverified share are taken: the rest wait for visitors the
/// check has seen.
pub async fn spend_email(settings: &Settings, bucket: &Bucket, trust: Trust) -> worker::Result<Option<Slot>> {
    let now = now_ms();
    let cap = settings.budget.emails_per_day;
    let share = if trust == Trust::Unverified { settings.budget.unverified_emails_per_day } else { cap };
    let full = match quota::take_slot(bucket, &emails_prefix(now), cap, share).await? {
        Ok(slot) => return Ok(Some(slot)),
        Err(full) => full,
    };
    if !full {
        console_warn!("budget: today's {share} e-mails for unverified requests are spent; this one is held");
        if quota::first_time(bucket, &unverified_alerted_key(now)).await? {
            alert::send(settings, &Alert::unverified(share)).await;
        }
    } else if quota::first_time(bucket, &emails_alerted_key(now)).await? {
        console_warn!("budget: today's {cap} e-mails are spent; requests are held for the digest");
        alert::send(settings, &Alert::budget(cap)).await;
    }
    Ok(None)
}

/// Spend one of today's saved-search e-mails (a confirmation, or the agent's "new saved search"):
/// none when they are spent. Apart from the leads': a flood of saves never holds a lead back.
pub async fn spend_confirmation(settings: &Settings, bucket: &Bucket) -> worker::Result<Option<Slot>> {
    let cap = settings.budget.confirmation_emails_per_day;
    let slot = quota::take_slot(bucket, &confirmations_prefix(now_ms()), cap, cap).await?.ok();
    if slot.is_none() {
        console_warn!("budget: today's {cap} saved-search e-mails are spent");
    }
    Ok(slot)
}

/// Whether `bytes` more fit what is left of today's uploads for everyone (the agent is alerted the
/// first time in a day they do not). Charged once stored (`UploadReservation::stored`), so what
/// fails, is dropped or is cut off spends none of it; uploads under way at once from several
/// clients can pass it by what they hold between them (each within its client's share): counting
/// them against everyone would let a few slow connections pause every client's uploads.
pub async fn day_has_room(settings: &Settings, bucket: &Bucket, bytes: u64) -> worker::Result<bool> {
    let now = now_ms();
    let cap = settings.budget.upload_bytes_per_day;
    if quota::count(bucket, &uploads_key(now)).await?.saturating_add(bytes) <= cap {
        return Ok(true);
    }
    if quota::first_time(bucket, &uploads_alerted_key(now)).await? {
        console_warn!("budget: today's {cap} upload bytes are spent; uploads are paused");
        alert::send(settings, &Alert::uploads_paused(cap)).await;
    }
    Ok(false)
}

/// Room in today's uploads for one upload of `bytes` from `client`: the day's (`day_has_room`),
/// then the client's share, taken now (a compare-and-swap on its count) so that uploads one client
/// sends at once cannot pass its share between them. The portal sends a client's documents one at
/// a time, so only a script contends for a client's count (and is told to try again).
pub async fn reserve_upload(
    settings: &Settings,
    bucket: &Bucket,
    client: &str,
    bytes: u64,
) -> worker::Result<UploadAdmission> {
    if !day_has_room(settings, bucket, bytes).await? {
        return Ok(UploadAdmission::Paused);
    }
    let key = client_uploads_key(&settings.keys.counting, client, now_ms());
    Ok(match quota::add(bucket, &key, bytes, settings.upload_bytes_per_client_per_day).await? {
        Added::Yes => UploadAdmission::Reserved(UploadReservation { key, bytes }),
        Added::Full => UploadAdmission::ClientFull,
        Added::Busy => UploadAdmission::Busy,
    })
}

/// What `reserve_upload` came to.
pub enum UploadAdmission {
    Reserved(UploadReservation),
    /// Today's uploads are spent for everyone (the agent is alerted).
    Paused,
    /// This client's share of today's uploads is spent.
    ClientFull,
    /// Other uploads from this client kept changing its count: nothing taken.
    Busy,
}

/// Bytes of a client's share taken for an upload under way: `stored` once it is stored, `release`
/// when it is not. Given back to the count it was taken from, whatever the day is by then.
#[must_use]
pub struct UploadReservation {
    key: String,
    bytes: u64,
}

impl UploadReservation {
    /// `stored` bytes of it were stored: charged to today's uploads for everyone, and what was
    /// taken beyond them given back. A count lost to contention errs low: the document is stored
    /// already, and refusing it now would keep nothing safer.
    pub async fn stored(self, bucket: &Bucket, stored: u64) {
        let day = uploads_key(now_ms());
        if !matches!(quota::add(bucket, &day, stored, u64::MAX).await, Ok(Added::Yes)) {
            console_error!("budget: {stored} uploaded bytes could not be counted");
        }
        self.give_back(bucket, self.bytes.saturating_sub(stored)).await;
    }

    /// Nothing was stored: all of it goes back to the client's share.
    pub async fn release(self, bucket: &Bucket) {
        self.give_back(bucket, self.bytes).await;
    }

    /// A give-back lost to contention stays taken: the client's share errs low, never high.
    async fn give_back(&self, bucket: &Bucket, bytes: u64) {
        if bytes > 0 && quota::take_back(bucket, &self.key, bytes).await.is_err() {
            console_error!("budget: {bytes} reserved upload bytes could not be given back");
        }
    }
}

/// Keep `d` for the morning digest instead of sending it: its `held/` marker, its end, and its
/// record, never over one that exists (false then: a parallel filing recorded it). The marker
/// goes again where that parallel filing is being sent rather than held, so the digest does not
/// list a request the agent has had singly.
pub async fn hold(settings: &Settings, bucket: &Bucket, mut d: Delivery) -> worker::Result<bool> {
    d.held_ms = Some(now_ms());
    let marker = held_key(&d.id, d.unverified);
    retention::set(bucket, d.received_ms + settings.retention_s * 1000, Job::Record, &d.id).await?;
    bucket.put(&marker, Vec::<u8>::new()).execute().await?;
    if storage::put_json_if(bucket, &d.record_key(), &d, Only::Absent).await?.is_some() {
        return Ok(true);
    }
    if queue::state(bucket, &d.id).await? != Some(State::Held) {
        bucket.delete(&marker).await?;
    }
    Ok(false)
}

/// The morning digests (from DIGEST_HOUR_UTC of `today_ms`'s day): e-mails to the agent listing
/// the requests held before that day, oldest first, up to DIGEST_PARTS of them; the ids written.
pub async fn send_digests(settings: &Settings, bucket: &Bucket, today_ms: u64) -> worker::Result<Vec<String>> {
    let mut written = Vec::new();
    if !digest_due(today_ms) {
        return Ok(written);
    }
    for part in 1..=DIGEST_PARTS {
        let id = digest_id(today_ms, part);
        if bucket.head(record_key(&id)).await?.is_some() {
            continue;
        }
        match send_digest(settings, bucket, today_ms, id).await? {
            Some(id) => written.push(id),
            None => break,
        }
    }
    Ok(written)
}

/// One digest, `id`: as many held requests as fit one e-mail; itself owed like any e-mail. A
/// request an owed digest lists waits for it rather than going in two. None when nothing is held.
async fn send_digest(
    settings: &Settings,
    bucket: &Bucket,
    today_ms: u64,
    id: String,
) -> worker::Result<Option<String>> {
    // Keys sort by the check, then by arrival (ids start with their milliseconds): the first page
    // is the oldest of those the check saw.
    let Some(page) = storage::Listing::new(bucket, HELD, true).next().await? else { return Ok(None) };
    let today = day_start(today_ms);
    let mut held = Vec::new();
    let mut digests: HashMap<String, bool> = HashMap::new();
    for marker in page.iter().take(DIGEST_READ_MAX) {
        let Some(held_id) = held_id(&marker.key()).map(String::from) else { continue };
        // Listed by an earlier digest still owed: that one carries it.
        if let Some(listed) = marker.custom_metadata()?.get(LISTED) {
            if !digests.contains_key(listed) {
                let owed = matches!(
                    queue::state(bucket, listed).await?,
                    Some(State::Due | State::Waiting(_) | State::Claimed)
                );
                digests.insert(listed.clone(), owed);
            }
            if digests[listed] {
                continue;
            }
        }
        match storage::get_json_tagged::<Delivery>(bucket, &record_key(&held_id)).await? {
            // Held before today: today's morning digest is its; what came today waits for tomorrow's.
            Some((d, _)) if d.state(now_ms()) == State::Held => {
                if d.held_ms.is_some_and(|at| at < today) {
                    held.push(d);
                }
            }
            // Delivered by an earlier digest whose clean-up was cut short, or gone.
            _ => bucket.delete(marker.key()).await?,
        }
    }
    if held.is_empty() {
        return Ok(None);
    }
    domain::sort_by_number(&mut held, |d| u128::from(d.unverified) << 64 | u128::from(d.received_ms));
    let (params, listed) = digest(&settings.agent_email, &held);
    let mut d = Delivery::new(id.clone(), FormKind::Digest, &params, now_ms());
    d.covers = listed;
    let listed: HashMap<String, String> = [(LISTED.to_string(), id.clone())].into();
    let covers: Vec<String> =
        held.iter().filter(|h| d.covers.contains(&h.id)).map(|h| held_key(&h.id, h.unverified)).collect();
    let Some(claimed) = queue::record(settings, bucket, d).await? else { return Ok(None) };
    for marker in covers {
        bucket.put(marker, Vec::<u8>::new()).custom_metadata(listed.clone()).execute().await?;
    }
    queue::attempt(settings, bucket, claimed).await;
    Ok(Some(id))
}
