//! Saved searches' alerts, sent by the cron (domain/searches/alerts.rs says how a sweep goes):
//! the news the build published (through the static assets' binding), the searches from one R2
//! listing a page, each alert straight through EmailJS (no record: a search's place moves only
//! once its alert is sent, so one that fails is simply sent at a later run).

use crate::services::{mail, random_u64, searches, storage};
use domain::content::content;
use domain::delivery::Outcome;
use domain::email::SEARCH_ALERT;
use domain::queue::{new_id, Delivery};
use domain::searches::alerts::{
    alert, due, homes_for, imports_needed, index_of, news_of, since, AlertLinks, Footer, Sweep, FILES_PER_RUN,
    SEARCHES_PER_RUN, SENDS_PER_RUN, SWEEP,
};
use domain::searches::{address_token, describe, SEARCHES};
use domain::settings::Settings;
use jax_model::api;
use jax_model::saved_search::News;
use std::collections::BTreeMap;
use storage::Only;
use worker::{console_log, console_warn, Bucket, Env};

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
    for o in &objects {
        let Some((mut s, tag)) = searches::listed(o).filter(|(s, _)| due(s, now)) else {
            after = o.key();
            continue;
        };
        run.looked += 1;
        let needed = imports_needed(&s, &running, &times);
        let missing: Vec<u64> = needed.iter().copied().filter(|at| !files.contains_key(at)).collect();
        if !files.is_empty() && files.len() + missing.len() > FILES_PER_RUN {
            break; // the next run reads them, fresh
        }
        for at in missing {
            let path = index.imports.iter().find(|i| i.at_ms == at).map_or("", |i| i.path.as_str());
            if let Some(news) = asset(env, origin, path).await?.as_ref().and_then(news_of) {
                files.insert(at, news);
            }
        }
        let news: Vec<&News> = needed.iter().filter_map(|at| files.get(at)).collect();
        let homes = homes_for(&s, since(&s, &running), running.through_ms, &news);
        if homes.is_empty() {
            after = o.key();
            continue;
        }
        if left == 0 || run.sent == SENDS_PER_RUN {
            run.waiting = left == 0;
            break;
        }
        let token = address_token(&settings.keys.searches, &s.address);
        let links = AlertLinks {
            site: origin.to_string(),
            search: format!("{origin}{}", s.path()),
            unsubscribe: format!("{origin}{}?{}={token}", api::SAVED_SEARCH_UNSUBSCRIBE, api::SAVED_SEARCH_TOKEN),
            manage: format!("{origin}{}#{token}", api::ALERTS),
        };
        let params = alert(&form.alert, &s, &describe(&s.query, form, &c.areas), &homes, &links, &footer);
        let d = Delivery::new(new_id(now, SEARCH_ALERT, random_u64()?), SEARCH_ALERT, &params, now);
        match mail::send(settings, bucket, &d).await {
            Outcome::Sent => {
                run.sent += 1;
                left -= 1;
                sweep.count_sent(now);
                s.since_ms = running.through_ms;
                s.sent_ms = Some(now);
                if !searches::update(bucket, &s, tag).await? {
                    // Changed meanwhile (the manage page): its next alert may repeat some homes.
                    console_warn!("alerts: search {} changed while its alert went", s.id);
                }
            }
            // The address (or EmailJS for it) refused: its searches are paused, and the buyer can
            // resume them from the manage page.
            Outcome::Failed(code) if (400..500).contains(&code) => {
                run.paused += searches::pause_address(bucket, &s.address).await?;
                console_warn!("alerts: EmailJS refused an alert ({code}); the address's searches are paused");
            }
            outcome => {
                console_warn!("alerts: not sent ({outcome:?}); the sweep waits for the next run");
                run.waiting = true;
                break;
            }
        }
        after = o.key();
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
