//! Alerts: after each import (and once a day for the daily and weekly searches), every confirmed
//! search gets the homes that newly match it: one e-mail an address a run, for all its searches.
//!
//! Where it runs: the worker's cron, reading what the build publishes (`api::HOMES_NEWS`, one file
//! per import: jax_mls::news), so the buyers' addresses never leave Cloudflare and the publishing
//! job needs no key to them. A sweep walks the searches in key order, a page per cron run
//! (`SEARCHES_PER_RUN`, `SENDS_PER_RUN`: the Free plan's 50 subrequests and 10 ms of CPU a run),
//! and keeps where it is in `SWEEP`; the alerts' own daily allowance stops it until the next day
//! when spent (none is dropped: a search's `since_ms` moves only when its alert is sent).

use super::{query_of, SavedSearch};
use crate::email::Params;
use jax_model::saved_search::{AlertTexts, News, NewsHome, NewsImport, NewsIndex};
use jax_model::search::Facts;
use serde::Serialize;
use std::collections::BTreeSet;

/// Where the sweep keeps its place.
pub const SWEEP: &str = "alerts/sweep.json";
/// Searches one cron run looks at (each read from the listing's metadata: no request of its own).
pub const SEARCHES_PER_RUN: usize = 100;
/// Alerts one cron run sends at most.
pub const SENDS_PER_RUN: usize = 10;
/// Requests one run's alerts may make (each: its epoch read, the send, a write per search it
/// told): with the listing, the sweep's state and the imports' files, within the Free plan's 50.
pub const ALERT_REQUESTS_PER_RUN: usize = 36;
/// Imports' files one run reads, unless its first search needs more (so a run always moves on).
pub const FILES_PER_RUN: usize = 8;
/// The daily sweep starts from this hour (UTC: 7 or 8 in the morning in Jacksonville).
pub const DAILY_HOUR_UTC: u64 = 12;
/// Alerts a day unless ALERT_EMAILS_PER_DAY says otherwise: apart from the leads' budget.
pub const ALERT_EMAILS_PER_DAY: u32 = 100;

const HOUR_MS: u64 = 60 * 60 * 1000;
const DAY_MS: u64 = 24 * HOUR_MS;

/// The sweep's place and the day's count of alerts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Sweep {
    /// The newest import a finished sweep covered.
    pub done_ms: u64,
    pub running: Option<Running>,
    /// The day (UTC, `YYYY-MM-DD`) the last daily sweep started.
    pub daily_on: String,
    /// Alerts sent on `sent_on`.
    pub sent_on: String,
    pub sent: u32,
}

/// A sweep going on.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Running {
    /// The newest import it covers.
    pub through_ms: u64,
    /// What the sweep before it covered: every search sent "as they come" was looked at through it.
    pub checked_ms: u64,
    /// The last search (its key) it looked at.
    pub after: String,
}

impl Sweep {
    /// As stored (see `index_of` for why by hand); what is missing is the default.
    pub fn of(v: &serde_json::Value) -> Sweep {
        let count = |v: &serde_json::Value, k: &str| v.get(k).and_then(|x| x.as_u64()).unwrap_or(0);
        let text = |v: &serde_json::Value, k: &str| v.get(k).and_then(|x| x.as_str()).unwrap_or("").to_string();
        let running = v.get("running").filter(|r| r.is_object()).map(|r| Running {
            through_ms: count(r, "through_ms"),
            checked_ms: count(r, "checked_ms"),
            after: text(r, "after"),
        });
        Sweep {
            done_ms: count(v, "done_ms"),
            running,
            daily_on: text(v, "daily_on"),
            sent_on: text(v, "sent_on"),
            sent: u32::try_from(count(v, "sent")).unwrap_or(u32::MAX),
        }
    }

    /// Start a sweep if one is owed at `now` (a newer import than the last sweep's, or the day's
    /// sweep from `DAILY_HOUR_UTC`): whether one is going on.
    pub fn start(&mut self, latest_ms: u64, now_ms: u64) -> bool {
        if self.running.is_some() {
            return true;
        }
        let today = jax_model::calendar::date(now_ms / 1000);
        let daily = self.daily_on != today && now_ms % DAY_MS >= DAILY_HOUR_UTC * HOUR_MS;
        if latest_ms <= self.done_ms && !daily {
            return false;
        }
        if daily {
            self.daily_on = today;
        }
        self.running =
            Some(Running { through_ms: latest_ms.max(self.done_ms), checked_ms: self.done_ms, after: String::new() });
        true
    }

    /// The sweep reached the last search.
    pub fn finish(&mut self) {
        if let Some(r) = self.running.take() {
            self.done_ms = r.through_ms;
        }
    }

    /// Alerts left today under `cap`.
    pub fn left_today(&self, now_ms: u64, cap: u32) -> u32 {
        if self.sent_on == jax_model::calendar::date(now_ms / 1000) {
            cap.saturating_sub(self.sent)
        } else {
            cap
        }
    }

    pub fn count_sent(&mut self, now_ms: u64) {
        let today = jax_model::calendar::date(now_ms / 1000);
        if self.sent_on != today {
            self.sent_on = today;
            self.sent = 0;
        }
        self.sent += 1;
    }
}

/// Whether `s` may get an alert at `now`: confirmed, not paused, and its period over since its
/// last one (a day less a few hours, so a daily alert keeps its morning; a week likewise).
pub fn due(s: &SavedSearch, now_ms: u64) -> bool {
    use super::Frequency::*;
    let Some(confirmed) = s.confirmed_ms else { return false };
    let last = s.sent_ms.unwrap_or(confirmed);
    !s.paused
        && match s.frequency {
            Instant => true,
            Daily => now_ms.saturating_sub(last) >= DAY_MS - 4 * HOUR_MS,
            Weekly => now_ms.saturating_sub(last) >= 7 * DAY_MS - 4 * HOUR_MS,
        }
}

/// From when `s` has not been told of changes in the sweep `r`: a search sent as they come was
/// looked at by the sweep before (a sweep sends it whatever matched), the others by their last alert.
pub fn since(s: &SavedSearch, r: &Running) -> u64 {
    match s.frequency {
        super::Frequency::Instant => s.since_ms.max(r.checked_ms),
        _ => s.since_ms,
    }
}

/// The imports (their times) `s` needs in the sweep `r`, among `imports`.
pub fn imports_needed(s: &SavedSearch, r: &Running, imports: &[u64]) -> Vec<u64> {
    let from = since(s, r);
    imports.iter().copied().filter(|&at| at > from && at <= r.through_ms).collect()
}

/// The homes of `news` (imports after `since`, through `through`) that `s` finds at `now_ms` (its
/// day in Jacksonville: "this weekend", "the last 30 days"): the newest import first, each home
/// once (its latest news).
pub fn homes_for<'a>(s: &SavedSearch, since: u64, through: u64, news: &[&'a News], now_ms: u64) -> Vec<&'a NewsHome> {
    let query = query_of(&s.query);
    let seconds = i64::try_from(now_ms / 1000).unwrap_or(i64::MAX);
    let today = u32::try_from(jax_model::calendar::eastern_day(seconds)).unwrap_or(u32::MAX);
    let mut imports: Vec<&&News> = news.iter().filter(|n| n.at_ms > since && n.at_ms <= through).collect();
    crate::sort_by_number(&mut imports, |n| u128::from(u64::MAX - n.at_ms));
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for n in imports {
        for h in &n.homes {
            if seen.insert(h.mls_number.as_str()) && query.matches(&h.facts, today) {
                out.push(h);
            }
        }
    }
    out
}

/// The build's files read from JSON values, field by field: serde's derived readers of these
/// types would each be code of their own in the worker, and serde_json's `Value` is in it already.
pub fn index_of(v: &serde_json::Value) -> Option<NewsIndex> {
    let imports = v.get("imports")?.as_array()?;
    let import = |i: &serde_json::Value| {
        Some(NewsImport {
            at_ms: i.get("at_ms")?.as_u64()?,
            path: i.get("path")?.as_str()?.to_string(),
            homes: usize::try_from(i.get("homes")?.as_u64()?).ok()?,
        })
    };
    Some(NewsIndex { imports: imports.iter().map(import).collect::<Option<_>>()? })
}

/// One import's `News` (see `index_of`).
pub fn news_of(v: &serde_json::Value) -> Option<News> {
    let text = |v: &serde_json::Value, k: &str| v.get(k).and_then(|x| x.as_str()).map(String::from);
    let count = |v: &serde_json::Value, k: &str| v.get(k).and_then(|x| x.as_u64());
    // The features and days are written only when they are something (false and 0 are left out).
    let small = |v: &serde_json::Value, k: &str| u32::try_from(count(v, k).unwrap_or(0)).ok();
    let yes = |v: &serde_json::Value, k: &str| v.get(k).and_then(|x| x.as_bool()).unwrap_or(false);
    let home = |h: &serde_json::Value| {
        let f = h.get("facts")?;
        Some(NewsHome {
            mls_number: text(h, "mls_number")?,
            reason: text(h, "reason")?,
            facts: Facts {
                price: count(f, "price")?,
                beds: u32::try_from(count(f, "beds")?).ok()?,
                baths: u32::try_from(count(f, "baths")?).ok()?,
                area: text(f, "area")?,
                kind: text(f, "kind")?,
                status: text(f, "status")?,
                waterfront: yes(f, "waterfront"),
                pool: yes(f, "pool"),
                garage: small(f, "garage")?,
                new_construction: yes(f, "new_construction"),
                acres: small(f, "acres")?,
                listed: small(f, "listed")?,
                reduced: small(f, "reduced")?,
                open_house: small(f, "open_house")?,
                words: text(f, "words").unwrap_or_default(),
            },
            title: text(h, "title")?,
            place: text(h, "place")?,
            price: text(h, "price")?,
            features: text(h, "features")?,
            office: text(h, "office")?,
            path: text(h, "path")?,
            photo: text(h, "photo"),
        })
    };
    let homes = v.get("homes")?.as_array()?;
    Some(News { at_ms: count(v, "at_ms")?, homes: homes.iter().map(home).collect::<Option<_>>()? })
}

/// Where an alert's links lead: the site (`https://…`, no trailing slash), the address's
/// unsubscribe link and manage page.
pub struct AlertLinks {
    pub site: String,
    pub unsubscribe: String,
    pub manage: String,
}

/// What ends every alert: the brand, the brokerage and its postal address, the MLS's disclaimer.
pub struct Footer<'a> {
    pub brand: &'a str,
    pub brokerage: &'a (String, String),
    pub disclaimer: &'a str,
}

/// One search's part of an address's alert: the search in words, its page, the homes it found.
pub struct Found<'a> {
    pub words: String,
    pub search: String,
    pub homes: Vec<&'a NewsHome>,
}

/// The alert e-mail to `email`, one for all its searches that found homes (`found`, at least one),
/// so the day's allowance counts people, not searches: to_email, from_name, subject, message (the
/// text), homes_html (the homes as HTML, every value escaped: the template shows it with three
/// braces), and the links and lines a template lays out itself. Each home once, at most `homes`
/// of them across the searches; a search with more links to them.
pub fn alert(t: &AlertTexts, email: &str, found: &[Found], links: &AlertLinks, footer: &Footer) -> Params {
    let mut seen = BTreeSet::new();
    let all: Vec<&NewsHome> =
        found.iter().flat_map(|f| f.homes.iter().copied()).filter(|h| seen.insert(h.mls_number.as_str())).collect();
    let shown = &all[..all.len().min(t.homes as usize)];
    let shown_numbers: BTreeSet<&str> = shown.iter().map(|h| h.mls_number.as_str()).collect();
    let count = all.len().to_string();
    let (subject, why) = match found {
        [one] => (
            super::fill(&t.subject, &[("count", &count), ("search", &one.words)]),
            super::fill(&t.why, &[("search", &one.words)]),
        ),
        several => {
            let words: Vec<&str> = several.iter().map(|f| f.words.as_str()).collect();
            (
                super::fill(&t.subject_several, &[("count", &count), ("n", &several.len().to_string())]),
                super::fill(&t.why_several, &[("searches", &words.join("; "))]),
            )
        }
    };
    // The rest of each search's homes, on its page.
    let more: Vec<(String, &str)> = found
        .iter()
        .filter_map(|f| {
            let left = f.homes.iter().filter(|h| !shown_numbers.contains(h.mls_number.as_str())).count();
            let line = t.more.replace("{count}", &left.to_string());
            let line = if found.len() > 1 { format!("{}: {line}", f.words) } else { line };
            (left > 0).then_some((line, f.search.as_str()))
        })
        .collect();
    let url = |path: &str| if path.starts_with('/') { format!("{}{path}", links.site) } else { path.to_string() };
    let mut text = String::new();
    let mut html = String::new();
    for h in shown {
        let link = url(&h.path);
        text.push_str(&format!(
            "{} — {}\n{}, {}\n{}\n{}\n{link}\n\n",
            h.reason, h.price, h.title, h.place, h.features, h.office
        ));
        let photo = h.photo.as_deref().map(url).map_or(String::new(), |p| {
            format!("<img src=\"{}\" alt=\"\" width=\"560\" style=\"max-width:100%;height:auto\"><br>", escape(&p))
        });
        html.push_str(&format!(
            "<p>{photo}<strong>{}</strong> — {}<br><a href=\"{}\">{}</a>, {}<br>{}<br><small>{}</small></p>\n",
            escape(&h.reason),
            escape(&h.price),
            escape(&link),
            escape(&h.title),
            escape(&h.place),
            escape(&h.features),
            escape(&h.office)
        ));
    }
    for (m, search) in &more {
        text.push_str(&format!("{m}: {search}\n\n"));
        html.push_str(&format!("<p><a href=\"{}\">{}</a></p>\n", escape(search), escape(m)));
    }
    let (brokerage, address) = footer.brokerage;
    let sender = format!("{} · {brokerage} · {address}", footer.brand);
    text.push_str(&format!(
        "{why}\n{}: {}\n{}: {}\n{sender}\n\n{}",
        t.manage, links.manage, t.unsubscribe, links.unsubscribe, footer.disclaimer
    ));
    let more_text: Vec<&str> = more.iter().map(|(m, _)| m.as_str()).collect();
    Params::new([
        ("to_email", email.to_string()),
        ("from_name", footer.brand.to_string()),
        ("subject", subject),
        ("message", text),
        ("homes_html", html),
        ("more", more_text.join("\n")),
        ("search_url", found.first().map_or(String::new(), |f| f.search.clone())),
        ("why", why),
        ("sender", sender),
        ("disclaimer", footer.disclaimer.to_string()),
        ("manage_url", links.manage.clone()),
        ("unsubscribe_url", links.unsubscribe.clone()),
    ])
}

/// Text for HTML, attribute values included.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests;
