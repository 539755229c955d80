//! The e-mails and CRM hand-offs owed, in R2 (the layout and states are domain/queue.rs's):
//! recorded before the first attempt, claimed before every attempt so none goes twice, retried by
//! the scheduled run in order of due time, parked when given up on, and the agent told of those
//! (by e-mail, and by the alert webhook when one is set).

use crate::services::storage::{self, Listing, Only};
use crate::services::{alert, crm, mail, now_ms, retention};
use domain::alert::Alert;
use domain::budget::held_key;
use domain::crm::Answer;
use domain::delivery::Outcome;
use domain::due;
use domain::form::FormKind;
use domain::notice::{self, Parked};
use domain::queue::{parse_pending, pending_key, record_key, Delivery, State, DEAD, LEASE_MS, PENDING};
use domain::retention::Job;
use domain::settings::Settings;
use futures_util::{stream, StreamExt};
use std::cell::Cell;
use std::collections::HashMap;
use worker::{console_error, console_log, console_warn, Bucket};

/// Attempts running at once: Workers allow six open connections per invocation.
const CONCURRENCY: usize = 6;
/// A run starts no attempt after this long, so runs (every 5 minutes) seldom overlap; claims keep
/// an overlap harmless.
const RUN_BUDGET_MS: u64 = 4 * 60 * 1000;
/// Markers one run takes up at most: an attempt costs about six subrequests, and a paid Worker
/// has 10,000.
const RUN_MAX_MARKERS: usize = 1000;

/// A record taken for one attempt: the etag its claim wrote, and the marker to move after it.
pub struct Claimed {
    pub delivery: Delivery,
    etag: String,
    marker: String,
}

/// What `claim` found.
pub enum Taken {
    Claimed(Box<Claimed>),
    Not(State),
    Missing,
}

/// Record a new e-mail, claimed by the caller for its first attempt; None when a record with its
/// id exists already (an idempotent submission filed by a parallel retry). The record's end (its
/// retention timer) and the marker are written first, in that order (nothing without an end): a marker without its record is dropped by
/// a later run, while a record without a marker would never be retried.
pub async fn record(settings: &Settings, bucket: &Bucket, mut d: Delivery) -> worker::Result<Option<Claimed>> {
    let marker = d.pending_key();
    retention::set(bucket, d.received_ms + settings.retention_s * 1000, Job::Record, &d.id).await?;
    bucket.put(&marker, Vec::<u8>::new()).execute().await?;
    d.claim(now_ms());
    Ok(storage::put_json_if(bucket, &d.record_key(), &d, Only::Absent).await?.map(|etag| Claimed {
        delivery: d,
        etag,
        marker,
    }))
}

/// Keep a record that is not to be sent (`withheld` says why): no marker, no attempt.
pub async fn keep(settings: &Settings, bucket: &Bucket, d: &Delivery) -> worker::Result<()> {
    retention::set(bucket, d.received_ms + settings.retention_s * 1000, Job::Record, &d.id).await?;
    storage::put_json(bucket, &d.record_key(), d).await
}

/// Where record `id` stands now, if it exists.
pub async fn state(bucket: &Bucket, id: &str) -> worker::Result<Option<State>> {
    Ok(storage::get_json_tagged::<Delivery>(bucket, &record_key(id)).await?.map(|(d, _)| d.state(now_ms())))
}

/// Take record `id` for an attempt now: if it is due, or (a visitor asking again) merely waiting.
/// `found` is the marker that led here, when one did.
pub async fn claim(bucket: &Bucket, id: &str, even_early: bool, found: Option<&str>) -> worker::Result<Taken> {
    let Some((mut d, etag)) = storage::get_json_tagged::<Delivery>(bucket, &record_key(id)).await? else {
        return Ok(Taken::Missing);
    };
    let now = now_ms();
    match d.state(now) {
        State::Due => {}
        State::Waiting(_) if even_early => {}
        state => return Ok(Taken::Not(state)),
    }
    let marker = found.map_or_else(|| d.pending_key(), String::from);
    d.claim(now);
    Ok(match storage::put_json_if(bucket, &d.record_key(), &d, Only::Etag(etag)).await? {
        Some(etag) => Taken::Claimed(Box::new(Claimed { delivery: d, etag, marker })),
        // Another attempt claimed it between our read and our write.
        None => Taken::Not(State::Claimed),
    })
}

/// One attempt at a claimed record: its e-mail, or its hand-off to a CRM. Its outcome is written
/// back over the claim (only over it: a claim that lapsed belongs to whoever took the record next),
/// then its marker moves to the next due time, or gives way to a `dead/` one when parked, or goes
/// once it is delivered.
pub async fn attempt(settings: &Settings, bucket: &Bucket, claimed: Claimed) -> Delivery {
    let Claimed { delivery: mut d, etag, marker } = claimed;
    // Answers that are a setting for her to fix: logged as errors even while retried.
    let to_fix = match d.handoff {
        None => {
            let outcome = mail::send(settings, bucket, &d).await;
            d.attempted(outcome, now_ms(), settings.retry_first_s);
            matches!(outcome, Outcome::Forbidden | Outcome::NotConfigured)
        }
        Some(to) => {
            let answer = crm::send(settings, &d, to).await;
            d.handed(answer, now_ms(), settings.retry_first_s);
            crm::noted(settings, bucket, to, answer).await;
            matches!(answer, Answer::Unauthorized(_) | Answer::Archived)
        }
    };
    let what = format!("{} {} ({}, attempt {})", d.what(), d.id, d.form.name(), d.attempts);
    let outcome = d.last_outcome.clone().unwrap_or_default();
    match (d.delivered_ms, d.parked_ms) {
        (Some(_), _) if to_fix => console_error!("{what}: {outcome}"),
        (Some(_), _) => console_log!("{what}: {outcome}"),
        (_, Some(_)) => console_error!("{what}: {outcome} — given up, kept at {} and {}", d.record_key(), d.dead_key()),
        _ if to_fix => console_error!("{what}: {outcome} — kept for retry"),
        _ => console_warn!("{what}: {outcome} — kept for retry"),
    }
    match storage::put_json_if(bucket, &d.record_key(), &d, Only::Etag(etag)).await {
        Ok(Some(_)) => {
            if let Err(e) = move_marker(bucket, &d, &marker).await {
                console_error!("{what}: moving its marker failed (a later run repairs it): {e}");
            }
            if let Err(e) = after(settings, bucket, &d).await {
                console_error!("{what}: telling the agent failed (the next notice does): {e}");
            }
        }
        Ok(None) => {
            console_error!("{what}: its claim lapsed before the outcome was written; the record's newer state stands")
        }
        Err(e) => console_error!("{what}: writing its outcome failed; it is retried when the claim lapses: {e}"),
    }
    d
}

/// Record the hand-offs of `lead` (sent from `page`) that the settings ask for, each claimed for
/// its first attempt, within the day's CRM hand-offs (crm::spend_handoff). Once per lead: a
/// hand-off recorded already (a parallel tap's) is left to it. One not recorded is logged: her
/// e-mail of the lead still goes.
pub async fn hand_off(settings: &Settings, bucket: &Bucket, lead: &Delivery, page: Option<&str>) -> Vec<Claimed> {
    let mut claimed = Vec::new();
    let to = settings.handoffs.for_lead(lead.form, lead.unverified);
    if to.is_empty() {
        return claimed;
    }
    match crm::spend_handoff(settings, bucket).await {
        Ok(true) => {}
        Ok(false) => return claimed,
        Err(e) => {
            console_error!("hand-offs of {}: the day's count failed: {e}", lead.id);
            return claimed;
        }
    }
    for to in to {
        let d = lead.handoff(to, page.map(String::from), now_ms());
        match record(settings, bucket, d).await {
            Ok(Some(c)) => claimed.push(c),
            Ok(None) => {}
            Err(e) => console_error!("{} hand-off of {}: recording it failed: {e}", to.name(), lead.id),
        }
    }
    claimed
}

/// The first attempts at `claimed`, side by side.
pub async fn attempt_all(settings: &Settings, bucket: &Bucket, claimed: Vec<Claimed>) -> Vec<Delivery> {
    futures_util::future::join_all(claimed.into_iter().map(|c| attempt(settings, bucket, c))).await
}

/// What an attempt's outcome means for the agent: a notice delivered has told her of its entries;
/// an e-mail given up on goes to the second channel too, a notice given up on by its entries'
/// records (which count as told if the webhook took it: she finds them in storage).
async fn after(settings: &Settings, bucket: &Bucket, d: &Delivery) -> worker::Result<()> {
    match (d.form, d.delivered_ms.is_some(), d.parked_ms.is_some()) {
        (FormKind::Notice, true, _) => mark_told(bucket, &d.covers, &d.id).await,
        (FormKind::Digest, true, _) => digest_delivered(bucket, d).await,
        (FormKind::Notice, _, true) => {
            if alert::send(settings, &Alert::undelivered(false, &d.covers)).await {
                mark_told(bucket, &d.covers, &format!("{} (webhook)", d.id)).await?;
            }
            Ok(())
        }
        // A digest given up on: its requests stay held for the next one; the webhook is told which.
        (FormKind::Digest, _, true) => {
            alert::send(settings, &Alert::undelivered(true, &d.covers)).await;
            Ok(())
        }
        (_, _, true) => {
            alert::send(settings, &Alert::parked(&Parked::of(d))).await;
            Ok(())
        }
        _ => Ok(()),
    }
}

/// A digest delivered: each request it listed counts as delivered, and leaves the held list.
async fn digest_delivered(bucket: &Bucket, digest: &Delivery) -> worker::Result<()> {
    for id in &digest.covers {
        let Some((mut d, etag)) = storage::get_json_tagged::<Delivery>(bucket, &record_key(id)).await? else {
            // Gone (retention): its marker, whichever it was, goes too.
            bucket.delete(held_key(id, false)).await?;
            bucket.delete(held_key(id, true)).await?;
            continue;
        };
        d.delivered_ms = Some(now_ms());
        d.last_outcome = Some(format!("sent in {}", digest.id));
        if storage::put_json_if(bucket, &d.record_key(), &d, Only::Etag(etag)).await?.is_none() {
            console_error!("digest {}: {id} changed meanwhile; left held for the next digest", digest.id);
            continue;
        }
        bucket.delete(held_key(id, d.unverified)).await?;
    }
    Ok(())
}

/// Mark the `dead/` markers of `ids` told, by `how` (a notice's id).
async fn mark_told(bucket: &Bucket, ids: &[String], how: &str) -> worker::Result<()> {
    for id in ids {
        let key = format!("{DEAD}{id}");
        let Some(marker) = bucket.head(&key).await? else { continue };
        let mut parked = Parked::from_metadata(id, &marker.custom_metadata()?);
        parked.told = Some(how.to_string());
        parked.listed = None;
        bucket.put(&key, Vec::<u8>::new()).custom_metadata(parked.metadata()).execute().await?;
    }
    Ok(())
}

/// After an attempt: the marker where the record is due next, or a `dead/` one; the old one goes
/// last, so a failure between leaves two markers (harmless) rather than none.
async fn move_marker(bucket: &Bucket, d: &Delivery, old: &str) -> worker::Result<()> {
    if d.parked_ms.is_some() {
        bucket.put(d.dead_key(), Vec::<u8>::new()).custom_metadata(Parked::of(d).metadata()).execute().await?;
    } else if d.delivered_ms.is_none() && d.pending_key() != old {
        bucket.put(d.pending_key(), Vec::<u8>::new()).execute().await?;
    }
    if d.delivered_ms.is_some() || d.parked_ms.is_some() || d.pending_key() != old {
        bucket.delete(old).await?;
    }
    Ok(())
}

/// What one scheduled run did.
#[derive(Debug, Default)]
pub struct Run {
    pub tried: usize,
    pub sent: usize,
    pub parked: usize,
    /// Due records left for the next run (the budget ran out).
    pub left: bool,
    pub notice: Option<String>,
}

enum Step {
    Sent,
    Failed,
    Parked,
    Passed,
    OverBudget,
}

/// The scheduled run: every record due, earliest first, whatever waits before it; then the
/// agent's notice of those given up on, named after the day of `today_ms` (the cron's time).
pub async fn run(settings: &Settings, bucket: &Bucket, today_ms: u64) -> worker::Result<Run> {
    let start = now_ms();
    let mut run = Run::default();
    let taken_up = Cell::new(0usize);
    let mut listing = Listing::new(bucket, PENDING, false);
    while let Some(page) = listing.next().await? {
        let (due, all_seen) = due::due_on_page(
            page.iter().map(|o| (o.key(), parse_pending(&o.key()).map(|(due, _)| due))).collect(),
            start,
        );
        let steps: Vec<Step> = stream::iter(due)
            .map(|(key, due)| {
                let taken_up = &taken_up;
                async move {
                    if now_ms() - start > RUN_BUDGET_MS || taken_up.get() >= RUN_MAX_MARKERS {
                        return Step::OverBudget;
                    }
                    taken_up.set(taken_up.get() + 1);
                    retry(settings, bucket, &key, due, start).await
                }
            })
            .buffer_unordered(CONCURRENCY)
            .collect()
            .await;
        for step in steps {
            match step {
                Step::Sent => run.sent += 1,
                Step::Parked => run.parked += 1,
                Step::OverBudget => run.left = true,
                Step::Failed | Step::Passed => {}
            }
            run.tried += usize::from(matches!(step, Step::Sent | Step::Failed | Step::Parked));
        }
        if all_seen || run.left {
            break;
        }
    }
    run.notice = tell_agent(settings, bucket, today_ms).await?;
    Ok(run)
}

/// One marker found due.
async fn retry(settings: &Settings, bucket: &Bucket, key: &str, due: u64, start: u64) -> Step {
    let Some((_, id)) = parse_pending(key) else { return Step::Passed };
    let taken = match claim(bucket, id, false, Some(key)).await {
        Ok(taken) => taken,
        Err(e) => {
            console_error!("retry: reading {} failed: {e}", record_key(id));
            return Step::Passed;
        }
    };
    let tidied = match taken {
        Taken::Claimed(c) => {
            let d = attempt(settings, bucket, *c).await;
            return match (d.delivered_ms, d.parked_ms) {
                (Some(_), _) => Step::Sent,
                (_, Some(_)) => Step::Parked,
                _ => Step::Failed,
            };
        }
        // Sent or parked by an attempt whose marker move did not happen.
        Taken::Not(State::Delivered | State::Parked | State::Withheld | State::Held) => bucket.delete(key).await,
        // A stale marker: index the record where it is due.
        Taken::Not(State::Waiting(next)) => match bucket.put(pending_key(next, id), Vec::<u8>::new()).execute().await {
            Ok(_) => bucket.delete(key).await,
            Err(e) => Err(e),
        },
        Taken::Not(_) => Ok(()),
        // Its record is written just after it; only an old marker without one is an orphan.
        Taken::Missing if due + LEASE_MS < start => {
            console_warn!("retry: {key} has no record; dropped");
            bucket.delete(key).await
        }
        Taken::Missing => Ok(()),
    };
    if let Err(e) = tidied {
        console_error!("retry: tidying {key} failed: {e}");
    }
    Step::Passed
}

/// The agent's notice of the e-mails given up on that no delivered notice told her of: at most one
/// a day (its id is the day's), itself an e-mail owed like any other. Those it lists are marked
/// listed now and told once it is delivered; one listed by a notice that was itself given up on is
/// listed again by the next day's.
async fn tell_agent(settings: &Settings, bucket: &Bucket, today_ms: u64) -> worker::Result<Option<String>> {
    let now = now_ms();
    let mut untold = Vec::new();
    let mut notices: HashMap<String, bool> = HashMap::new();
    let mut listing = Listing::new(bucket, DEAD, true);
    while let Some(page) = listing.next().await? {
        for o in page {
            let Some(id) = o.key().strip_prefix(DEAD).map(String::from) else { continue };
            let parked = Parked::from_metadata(&id, &o.custom_metadata()?);
            if parked.told.is_some() {
                continue;
            }
            let owed = match &parked.listed {
                None => false,
                Some(notice) => match notices.get(notice) {
                    Some(owed) => *owed,
                    None => {
                        let owed = notice_owed(bucket, notice, now).await?;
                        notices.insert(notice.clone(), owed);
                        owed
                    }
                },
            };
            if !owed {
                untold.push(parked);
            }
        }
    }
    if untold.is_empty() {
        return Ok(None);
    }
    domain::sort_by_number(&mut untold, |p| u128::from(p.received_ms));
    let id = notice::notice_id(today_ms);
    if bucket.head(record_key(&id)).await?.is_some() {
        return Ok(None);
    }
    let mut d = Delivery::new(id.clone(), FormKind::Notice, &notice::params(&settings.agent_email, &untold), now);
    d.covers = untold.iter().map(|p| p.id.clone()).collect();
    let Some(claimed) = record(settings, bucket, d).await? else { return Ok(None) };
    for mut p in untold {
        p.listed = Some(id.clone());
        bucket.put(format!("{DEAD}{}", p.id), Vec::<u8>::new()).custom_metadata(p.metadata()).execute().await?;
    }
    attempt(settings, bucket, claimed).await;
    Ok(Some(id))
}

/// Whether notice `id` is still to be delivered (so what it lists waits for it). A delivered one
/// whose entries were not all marked told, or one given up on, is not.
async fn notice_owed(bucket: &Bucket, id: &str, now: u64) -> worker::Result<bool> {
    let Some((d, _)) = storage::get_json_tagged::<Delivery>(bucket, &record_key(id)).await? else { return Ok(false) };
    Ok(match d.state(now) {
        State::Delivered => {
            // Delivered, but marking its entries told was cut short: finish it now.
            mark_told(bucket, &d.covers, &d.id).await?;
            true
        }
        State::Due | State::Waiting(_) | State::Claimed => true,
        State::Parked | State::Withheld | State::Held => false,
    })
}
