//! Saved searches' alerts, sent by the cron (domain/searches/alerts.rs says how a sweep goes):
//! the news the build published (through the static assets' binding), the searches from one R2
//! listing a page, each alert straight through EmailJS (no record: a search's place moves only
//! once its alert is sent, so one that fails is simply sent at a later run).

use crate::services::{mail, random_u64, searches, storage};
use domain::content::content;
use domain::delivery::Outcome;
use domain::form::FormKind;
use domain::queue::{new_id, Delivery};
use domain::searches::alerts::{
    alert, due, homes_for, imports_needed, index_of, news_of, since, AlertLinks, Footer, Found, Sweep,
    ALERT_REQUESTS_PER_RUN, FILES_PER_RUN, SEARCHES_PER_RUN, SENDS_PER_RUN, SWEEP,
};
use domain::searches::{describe, parse_key, SavedSearch, SEARCHES};
use domain::settings::Settings;
use jax_model::api;
use jax_model::saved_search::News;
use std::collections::BTreeMap;
use storage::Only;
use worker::{console_log, console_warn, Bucket, Env};

/// The listing's objects, an address's side by side, grouped by address.
fn by_address(objects: &[worker::Object]) -> Vec<Vec<&worker::Object>> {
    let mut groups: Vec<Vec<&worker::Object>> = Vec::new();
    let mut last = String::new();
    for o in objects {
        let key = o.key();
        let address = parse_key(&key).map_or("", |(a, _)| a).to_string();
        match groups.last_mut() {
            Some(group) if address == last => group.push(o),
            _ => groups.push(vec![o]),
        }
        last = address;
    }
    groups
}

/// What one run did.
#[derive(Debug, Default)]
pub struct Run {
    pub looked: usize,
    pub sent: usize,
    pub paused: usize,
    /// The sweep waits: the day's allowance is spent, or EmailJS did not answer.
    pub waiting: bool,
    pub finished: bool,
}

/// A file of the static assets, as JSON; None when the build wrote none (or not JSON).
async fn asset(env: &Env, origin: &str, path: &str) -> worker::Result<Option<serde_json::Value>> {
    let mut r = super::fetch::asset(&env.assets("ASSETS")?, &format!("{origin}{path}")).await?;
    if r.status_code() != 200 {
        return Ok(None);
    }
    Ok(serde_json::from_slice(&r.bytes().await?).ok())
}

/// One cron run's part of the sweep at `now`; None when no sweep is owed.
pub async fn run(settings: &Settings, env: &Env, bucket: &Bucket, now: u64) -> worker::Result<Option<Run>> {
    let origin = settings.site_url.as_str();
    let Some(index) = asset(env, origin, api::HOMES_NEWS).await?.as_ref().and_then(index_of) else {
        return Ok(None);
    };
    let latest = index.imports.last().map_or(0, |i| i.at_ms);
    let (mut sweep, etag) = match storage::get_json_tagged::<serde_json::Value>(bucket, SWEEP).await? {
        Some((s, etag)) => (Sweep::of(&s), Only::Etag(etag)),
        None => (Sweep::default(), Only::Absent),
    };
    if !sweep.start(latest, now) {
        return Ok(None);
    }
    let running = sweep.running.clone().unwrap_or_default();
    let times: Vec<u64> = index.imports.iter().map(|i| i.at_ms).collect();
    let mut list =
        bucket.list().prefix(SEARCHES).limit(SEARCHES_PER_RUN as u32).include(vec![worker::Include::CustomMetadata]);
    if !running.after.is_empty() {
        list = list.start_after(running.after.clone());
    }
    let page = list.execute().await?;
    let objects = page.objects();
    let c = content();
    let form = &c.forms.saved_search;
    let footer = Footer { brand: &c.header.brand, brokerage: &c.brokerage, disclaimer: &c.mls_disclaimer };
    let mut files: BTreeMap<u64, News> = BTreeMap::new();
    let mut run = Run::default();
    let mut after = running.after.clone();
    let mut left = sweep.left_today(now, settings.alert_emails_per_day);
    let mut requests = 0;
    // An address's searches are side by side in key order: one alert for all of them. The last
    // address of a page cut short may go on in the next: it waits for that run, whole.
    let groups = by_address(&objects);
    let whole = groups.len().saturating_sub(usize::from(page.truncated() && groups.len() > 1));
    'addresses: for group in &groups[..whole] {
        let mut told: Vec<(SavedSearch, String, Vec<u64>)> = Vec::new();
        let mut found = Vec::new();
        for o in group {
            let Some((s, tag)) = searches::listed(o).filter(|(s, _)| due(s, now)) else { continue };
            run.looked += 1;
            let needed = imports_needed(&s, &running, &times);
            let missing: Vec<u64> = needed.iter().copied().filter(|at| !files.contains_key(at)).collect();
            if !files.is_empty() && files.len() + missing.len() > FILES_PER_RUN {
                break 'addresses; // the next run reads them, fresh
            }
            for at in missing {
                let path = index.imports.iter().find(|i| i.at_ms == at).map_or("", |i| i.path.as_str());
                if let Some(news) = asset(env, origin, path).await?.as_ref().and_then(news_of) {
                    files.insert(at, news);
                }
            }
            told.push((s, tag, needed));
        }
        for (s, _, needed) in &told {
            let news: Vec<&News> = needed.iter().filter_map(|at| files.get(at)).collect();
            let homes = homes_for(s, since(s, &running), running.through_ms, &news, now);
            if !homes.is_empty() {
                found.push((
                    s,
                    Found { words: describe(&s.query, form, &c.areas), search: format!("{origin}{}", s.path()), homes },
                ));
            }
        }
        if found.is_empty() {
            after = group.last().map_or(after, |o| o.key());
            continue;
        }
        // Its epoch's read, the send, a write per search it tells.
        let cost = 2 + found.len();
        if left == 0 || run.sent == SENDS_PER_RUN || requests + cost > ALERT_REQUESTS_PER_RUN {
            run.waiting = left == 0;
            break;
        }
        requests += cost;
        // The newest search's address as typed: every search here is of one mailbox.
        let email = found.iter().map(|(s, _)| s).max_by_key(|s| s.created_ms).map_or("", |s| s.email.as_str());
        let address = found[0].0.address.clone();
        let epoch = searches::epoch(bucket, &address).await?;
        let token = settings.keys.searches.address_token(&address, epoch, now);
        let links = AlertLinks {
            site: origin.to_string(),
            unsubscribe: format!("{origin}{}?{}={token}", api::SAVED_SEARCH_UNSUBSCRIBE, api::SAVED_SEARCH_TOKEN),
            manage: format!("{origin}{}#{token}", api::ALERTS),
        };
        let ids: Vec<String> = found.iter().map(|(s, _)| s.id.clone()).collect();
        let parts: Vec<Found> = found.into_iter().map(|(_, f)| f).collect();
        let params = alert(&form.alert, email, &parts, &links, &footer);
        let form = FormKind::SearchAlert;
        let d = Delivery::new(new_id(now, form, random_u64()?), form, &params, now);
        match mail::send(settings, bucket, &d).await {
            Outcome::Sent => {
                run.sent += 1;
                left -= 1;
                sweep.count_sent(now);
                for (mut s, tag, _) in told.into_iter().filter(|(s, _, _)| ids.contains(&s.id)) {
                    s.since_ms = running.through_ms;
                    s.sent_ms = Some(now);
                    if !searches::update(bucket, &s, tag).await? {
                        // Changed meanwhile (the manage page): its next alert may repeat some homes.
                        console_warn!("alerts: search {} changed while its alert went", s.id);
                    }
                }
            }
            // The address (or EmailJS for it) refused: its searches are paused, and the buyer can
            // resume them from the manage page.
            Outcome::Failed(code) if (400..500).contains(&code) => {
                run.paused += searches::pause_address(bucket, &address).await?;
                console_warn!("alerts: EmailJS refused an alert ({code}); the address's searches are paused");
            }
            outcome => {
                console_warn!("alerts: not sent ({outcome:?}); the sweep waits for the next run");
                run.waiting = true;
                break;
            }
        }
        after = group.last().map_or(after, |o| o.key());
    }
    let whole_page = objects.last().is_none_or(|o| after == o.key());
    if whole_page && !page.truncated() {
        sweep.finish();
        run.finished = true;
    } else if let Some(r) = sweep.running.as_mut() {
        r.after = after;
    }
    if storage::put_json_if(bucket, SWEEP, &sweep, etag).await?.is_none() {
        console_log!("alerts: another run moved the sweep meanwhile");
    }
    Ok(Some(run))
}
