//! Saved searches in R2 (domain/searches.rs says how they are kept and why), and a search
//! confirmed from its link, with the agent told.

use crate::failure::Failure;
use crate::services::quota::{self, Added};
use crate::services::storage::{self, objects, Only};
use crate::services::submissions::record_and_send;
use crate::services::{random_u64, retention};
use domain::bot_check::{self as check, Trust};
use domain::content::content;
use domain::form::FormKind;
use domain::queue::{new_id, Delivery};
use domain::retention::Job;
use domain::searches::emails;
use domain::searches::links::{Confirmation, ADDRESS_LINK_MS};
use domain::searches::{address_prefix, epoch_key, key, suppression_key, SavedSearch, SUPPRESSED_MS, UNCONFIRMED_MS};
use domain::settings::Settings;
use jax_model::calendar::date;
use worker::{console_error, Bucket, Env};

/// Why a search was not stored (a stranger is told the same of each: domain/searches.rs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The address unsubscribed or deleted everything within 30 days.
    Suppressed,
    /// The address keeps as many searches as it may.
    Full,
    /// The address was sent its confirmations for the day.
    Confirmations,
}

/// Store a new, unconfirmed search, with the timer that deletes it unless it is confirmed within
/// 48 hours, and count its confirmation e-mail against the address's day. `hashes`: every hash
/// its mailbox may be kept under (a rotation's previous key's too): a suppression of any holds.
pub async fn save(
    bucket: &Bucket,
    s: &SavedSearch,
    hashes: &[String],
    per_address: u32,
    confirmations_per_day: u32,
) -> worker::Result<Result<(), Refused>> {
    for address in hashes {
        if is_suppressed(bucket, address).await? {
            return Ok(Err(Refused::Suppressed));
        }
    }
    let kept = objects(bucket, &address_prefix(&s.address), false).await?.len();
    if kept >= per_address as usize {
        return Ok(Err(Refused::Full));
    }
    let day = format!("{}searches/{}/{}", domain::quota::QUOTA, s.address, date(s.created_ms / 1000));
    if quota::add(bucket, &day, 1, u64::from(confirmations_per_day)).await? != Added::Yes {
        return Ok(Err(Refused::Confirmations));
    }
    retention::set(bucket, s.created_ms + UNCONFIRMED_MS, Job::Search, &s.key()).await?;
    // Ids carry 64 random bits: one taken already is not a visitor's doing.
    if put(bucket, s, Only::Absent).await?.is_none() {
        return Err(worker::Error::RustError(format!("saved search {} exists already", s.key())));
    }
    Ok(Ok(()))
}

/// The search `id` of `address`, with its etag.
pub async fn get(bucket: &Bucket, address: &str, id: &str) -> worker::Result<Option<(SavedSearch, String)>> {
    storage::get_json_tagged(bucket, &key(address, id)).await
}

/// Write `s` back unless it changed since `etag` was read: whether it was written.
pub async fn update(bucket: &Bucket, s: &SavedSearch, etag: String) -> worker::Result<bool> {
    Ok(put(bucket, s, Only::Etag(etag)).await?.is_some())
}

/// What a confirmation link came to: its page says which.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirmed {
    /// It names no search kept.
    Unknown,
    /// Not yet: the link was only opened, and its page's button confirms it.
    NotYet,
    /// Confirmed: before, by a press at the same time, or now.
    Yes,
}

/// Confirm the search `link` names when `post` (its page's button; opening the link changes
/// nothing) and tell the agent ("a new saved search").
pub async fn confirm(
    settings: &Settings,
    env: &Env,
    link: Confirmation<'_>,
    post: bool,
    now: u64,
) -> Result<Confirmed, Failure> {
    let bucket = storage::bucket(env)?;
    let Some((mut s, etag)) = get(&bucket, link.address, link.id).await? else {
        return Ok(Confirmed::Unknown);
    };
    if s.confirmed_ms.is_some() {
        return Ok(Confirmed::Yes);
    }
    if !post {
        return Ok(Confirmed::NotYet);
    }
    s.confirmed_ms = Some(now);
    // Alerts tell of what changes from now on.
    s.since_ms = now;
    if !update(&bucket, &s, etag).await? {
        // Pressed twice at once: the other press confirmed it and told the agent.
        return Ok(Confirmed::Yes);
    }
    let c = content();
    let search = search_link(settings, &s);
    let mut params = emails::lead(&c.forms.saved_search, &settings.agent_email, &s, &c.areas, &search);
    // Her CRM takes it with the save's trust: pressing a button proves no one is a person.
    let trust = if s.unverified { Trust::Unverified } else { Trust::Verified };
    if s.unverified {
        check::mark(FormKind::SavedSearch, &mut params, &c.forms.bot_check.unverified);
    }
    let form = FormKind::SavedSearch;
    let mut lead = Delivery::new(new_id(now, form, random_u64()?), form, &params, now);
    lead.unverified = s.unverified;
    // The search is confirmed whatever becomes of the agent's e-mail (it is queued and retried).
    if let Err(e) = record_and_send(settings, &bucket, lead, trust, Some(&search)).await {
        console_error!("saved search {}: the agent's e-mail was not recorded: {e:?}", s.id);
    }
    Ok(Confirmed::Yes)
}

/// The search's own page, on the site's own address.
fn search_link(settings: &Settings, s: &SavedSearch) -> String {
    format!("{}{}", settings.site_url, s.path())
}

/// The custom metadata each search carries a copy of itself in: the alerts' sweep reads a page
/// of searches from one listing, with no request per search.
pub const METADATA: &str = "search";

/// Write `s` if `only` holds: its new etag.
async fn put(bucket: &Bucket, s: &SavedSearch, only: Only) -> worker::Result<Option<String>> {
    let json = serde_json::to_string(s)?;
    let metadata = std::collections::HashMap::from([(METADATA.to_string(), json.clone())]);
    storage::put_text_if(bucket, &s.key(), json, metadata, only).await
}

/// The search an object's listing carries (`METADATA`), with its etag.
pub fn listed(o: &worker::Object) -> Option<(SavedSearch, String)> {
    listed_search(o).map(|s| (s, o.etag()))
}

fn listed_search(o: &worker::Object) -> Option<SavedSearch> {
    let json = o.custom_metadata().ok()?.remove(METADATA)?;
    serde_json::from_slice(json.as_bytes()).ok()
}

/// Pause every search of `address` (its alerts were refused), as the manage page would.
pub async fn pause_address(bucket: &Bucket, address: &str) -> worker::Result<usize> {
    let mut paused = 0;
    for o in objects(bucket, &address_prefix(address), true).await? {
        if let Some((mut s, etag)) = listed(&o).filter(|(s, _)| !s.paused) {
            s.paused = true;
            paused += usize::from(update(bucket, &s, etag).await?);
        }
    }
    Ok(paused)
}

/// Every search of `address`, in key order: from the listing's copies (`METADATA`), no read each.
pub async fn of_address(bucket: &Bucket, address: &str) -> worker::Result<Vec<SavedSearch>> {
    let listed = objects(bucket, &address_prefix(address), true).await?;
    Ok(listed.iter().filter_map(listed_search).collect())
}

/// Delete one search.
pub async fn delete(bucket: &Bucket, s: &SavedSearch) -> worker::Result<()> {
    bucket.delete(s.key()).await
}

/// Delete everything kept about `address`: its searches (its day's count of confirmations ends
/// with the day): how many.
pub async fn delete_address(bucket: &Bucket, address: &str) -> worker::Result<usize> {
    let keys: Vec<String> = objects(bucket, &address_prefix(address), false).await?.iter().map(|o| o.key()).collect();
    if !keys.is_empty() {
        bucket.delete_multiple(keys.clone()).await?;
    }
    Ok(keys.len())
}

/// Refuse every save for `address` for 30 days (it unsubscribed, or deleted everything): a
/// stranger cannot sign it up again meanwhile. Set again, its 30 days start again.
pub async fn suppress(bucket: &Bucket, address: &str) -> worker::Result<()> {
    let key = suppression_key(address);
    retention::set(bucket, crate::services::now_ms() + SUPPRESSED_MS, Job::Suppression, &key).await?;
    bucket.put(&key, Vec::<u8>::new()).execute().await?;
    Ok(())
}

/// Whether `address` is suppressed.
pub async fn is_suppressed(bucket: &Bucket, address: &str) -> worker::Result<bool> {
    Ok(bucket.head(suppression_key(address)).await?.is_some())
}

/// The address's owner lets it save searches again (from the manage page's link).
pub async fn lift(bucket: &Bucket, address: &str) -> worker::Result<()> {
    bucket.delete(suppression_key(address)).await
}

#[derive(serde::Serialize, serde::Deserialize)]
struct Epoch {
    epoch: u64,
}

/// The address's epoch: 0 until its first "delete everything" or unsubscribe.
pub async fn epoch(bucket: &Bucket, address: &str) -> worker::Result<u64> {
    Ok(storage::get_json_tagged::<Epoch>(bucket, &epoch_key(address)).await?.map_or(0, |(e, _)| e.epoch))
}

/// Move the address's epoch on: every link sent before stops working. Kept as long as a link of
/// the epoch before could work (a year): the new one.
pub async fn next_epoch(bucket: &Bucket, address: &str) -> worker::Result<u64> {
    let key = epoch_key(address);
    let next = epoch(bucket, address).await? + 1;
    retention::set(bucket, crate::services::now_ms() + ADDRESS_LINK_MS, Job::Epoch, &key).await?;
    // Two at once both move it past every link sent before: either write will do.
    bucket.put(&key, serde_json::to_vec(&Epoch { epoch: next })?).execute().await?;
    Ok(next)
}

/// Delete everything of `address` and stop it (an unsubscribe, "delete everything"): its
/// searches, then a suppression for 30 days and a new epoch, so no earlier link works.
pub async fn stop(bucket: &Bucket, address: &str) -> worker::Result<usize> {
    let deleted = delete_address(bucket, address).await?;
    suppress(bucket, address).await?;
    next_epoch(bucket, address).await?;
    Ok(deleted)
}
