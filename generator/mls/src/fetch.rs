//! A live RESO Web API feed, paged by `@odata.nextLink` into a download folder that survives a
//! run that stops: the next run goes on from the page it reached. Busy answers (429, 503) are
//! waited out as `Retry-After` asks; dropped connections and cut-off pages are asked again.

use crate::feed;
use anyhow::{anyhow, bail, Context, Result};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The environment variable holding the feed's bearer token.
pub const TOKEN_VAR: &str = "RESO_TOKEN";
/// Tries per page before the run stops (to be resumed).
const ATTEMPTS: u32 = 6;
/// The longest wait a `Retry-After` may ask for.
const MAX_WAIT: Duration = Duration::from_secs(120);
const PROGRESS: &str = "progress.json";

/// What the download folder holds, so a stopped run can go on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Progress {
    url: String,
    /// Changes after this time only; None: every listing.
    since: Option<Timestamp>,
    /// The next page to ask for in each phase (None once the phase is done).
    changes: Option<String>,
    /// Every ListingKey still in the feed (asked for only when `since` is set).
    keys: Option<String>,
    pages: usize,
}

/// The pages a finished download holds.
pub struct Downloaded {
    pub changes: Vec<feed::Page>,
    /// Every ListingKey the feed has, when only changes were asked for.
    pub keys: Option<Vec<feed::Page>>,
}

fn with_query(url: &str, query: &str) -> String {
    format!("{url}{}{query}", if url.contains('?') { '&' } else { '?' })
}

/// `next` (absolute, rooted or relative) against the page that named it.
fn resolve(page: &str, next: &str) -> String {
    if next.starts_with("https://") || next.starts_with("http://") {
        return next.to_string();
    }
    let scheme_end = page.find("://").map_or(0, |i| i + 3);
    let origin_end = page[scheme_end..].find('/').map_or(page.len(), |i| scheme_end + i);
    if next.starts_with('/') {
        return format!("{}{next}", &page[..origin_end]);
    }
    let path = page.split(['?', '#']).next().unwrap_or(page);
    let dir_end = path.rfind('/').filter(|&i| i >= origin_end).map_or(path.len(), |i| i + 1);
    let sep = if dir_end == path.len() && !path.ends_with('/') { "/" } else { "" };
    format!("{}{sep}{next}", &path[..dir_end])
}

/// An http:// URL on this machine (the tests' fake feed and media host).
pub fn on_this_machine(url: &str) -> bool {
    let loopback = ["http://127.0.0.1:", "http://127.0.0.1/", "http://localhost:", "http://localhost/", "http://[::1]"];
    loopback.iter().any(|p| url.starts_with(p))
}

/// https only, except on this machine (the tests' fake feed): the token must not cross a network in clear.
fn check_url(url: &str) -> Result<()> {
    if url.starts_with("https://") || on_this_machine(url) {
        Ok(())
    } else {
        bail!("the feed's URL must start with https:// (found \"{url}\")")
    }
}

/// How long a busy answer asks to wait: `Retry-After` in seconds or as an HTTP date.
fn retry_after(value: Option<&str>) -> Option<Duration> {
    let v = value?.trim();
    if let Ok(secs) = v.parse::<u64>() {
        return Some(Duration::from_secs(secs).min(MAX_WAIT));
    }
    let at = jiff::fmt::rfc2822::parse(v).ok()?.timestamp();
    let wait = at.duration_since(Timestamp::now());
    Some(Duration::try_from(wait).unwrap_or(Duration::ZERO).min(MAX_WAIT))
}

struct Client {
    agent: ureq::Agent,
    token: String,
}

impl Client {
    /// One page's body, asked for until it arrives whole or the tries run out.
    fn page(&self, url: &str) -> Result<Vec<u8>> {
        let mut last = anyhow!("no answer");
        for attempt in 0..ATTEMPTS {
            let backoff = Duration::from_secs(1 << attempt.min(5));
            let wait = match self.agent.get(url).header("Authorization", format!("Bearer {}", self.token)).call() {
                Err(e) => {
                    last = anyhow!("{e}");
                    backoff
                }
                Ok(mut response) => {
                    let status = response.status().as_u16();
                    let asked = response.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(str::to_string);
                    match status {
                        200 => match response.body_mut().with_config().limit(256 << 20).read_to_vec() {
                            // A page cut off mid-way is not JSON: ask again.
                            Ok(body) if serde_json::from_slice::<serde::de::IgnoredAny>(&body).is_ok() => {
                                return Ok(body)
                            }
                            Ok(_) => {
                                last = anyhow!("the page arrived incomplete");
                                backoff
                            }
                            Err(e) => {
                                last = anyhow!("the page was cut off: {e}");
                                backoff
                            }
                        },
                        401 | 403 => bail!("the feed refused the token ({status}): check {TOKEN_VAR}"),
                        429 | 500 | 502 | 503 | 504 => {
                            last = anyhow!("the feed answered {status}");
                            retry_after(asked.as_deref()).unwrap_or(backoff)
                        }
                        _ => {
                            let body = response.body_mut().read_to_string().unwrap_or_default();
                            bail!("the feed answered {status}: {}", body.chars().take(300).collect::<String>())
                        }
                    }
                }
            };
            if attempt + 1 < ATTEMPTS {
                eprintln!("import: {last}; asking again in {} s", wait.as_secs_f32());
                std::thread::sleep(wait);
            }
        }
        Err(last.context(format!("asking for {url} {ATTEMPTS} times")))
    }
}

fn save(dir: &Path, name: &str, bytes: &[u8]) -> Result<()> {
    jax_output::whole_file::write(&dir.join(name), bytes)
}

/// Downloads the feed at `url` (changes after `since`, with every key still listed) into `dir`,
/// going on from where a stopped run left off.
pub fn download(dir: &Path, url: &str, since: Option<Timestamp>) -> Result<Downloaded> {
    check_url(url)?;
    let token = std::env::var(TOKEN_VAR)
        .ok()
        .filter(|t| !t.trim().is_empty())
        .ok_or_else(|| anyhow!("{TOKEN_VAR} is not set: the feed's bearer token comes from the environment"))?;
    let client = Client { agent: jax_host::http_client::agent(Duration::from_secs(300)), token };

    let fresh = Progress {
        url: url.to_string(),
        since,
        changes: Some(match since {
            Some(t) => with_query(url, &format!("$expand=Media,OpenHouse&$filter=ModificationTimestamp%20gt%20{t}")),
            None => with_query(url, "$expand=Media,OpenHouse"),
        }),
        keys: since.map(|_| with_query(url, "$select=ListingKey")),
        pages: 0,
    };
    let progress_file = dir.join(PROGRESS);
    let mut progress =
        match std::fs::read(&progress_file).ok().and_then(|b| serde_json::from_slice::<Progress>(&b).ok()) {
            Some(p) if p.url == fresh.url && p.since == fresh.since => {
                eprintln!("import: going on from page {} of the stopped run", p.pages + 1);
                p
            }
            _ => {
                let _ = std::fs::remove_dir_all(dir);
                fresh
            }
        };
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for phase in ["changes", "keys"] {
        loop {
            let next = if phase == "changes" { &progress.changes } else { &progress.keys };
            let Some(page_url) = next.clone() else { break };
            let body = client.page(&page_url).map_err(|e| {
                e.context(format!(
                    "the import stopped after {} pages; run it again to go on from there",
                    progress.pages
                ))
            })?;
            let following = feed::page(&page_url, &body)?.next.map(|n| resolve(&page_url, &n));
            progress.pages += 1;
            save(dir, &format!("{phase}-{:06}.json", progress.pages), &body)?;
            if phase == "changes" {
                progress.changes = following;
            } else {
                progress.keys = following;
            }
            save(dir, PROGRESS, &serde_json::to_vec_pretty(&progress)?)?;
        }
    }
    let read = |prefix: &str| -> Result<Vec<feed::Page>> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with(prefix)))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        files.iter().map(|f| feed::page(&f.display().to_string(), &std::fs::read(f)?)).collect()
    };
    Ok(Downloaded { changes: read("changes-")?, keys: since.map(|_| read("keys-")).transpose()? })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_links_resolve_like_a_browser() {
        let page = "https://api.example.com/reso/odata/Property?$top=200";
        assert_eq!(resolve(page, "https://x.example/p?$skip=2"), "https://x.example/p?$skip=2");
        assert_eq!(
            resolve(page, "/reso/odata/Property?$skip=200"),
            "https://api.example.com/reso/odata/Property?$skip=200"
        );
        assert_eq!(resolve(page, "Property?$skip=200"), "https://api.example.com/reso/odata/Property?$skip=200");
    }

    #[test]
    fn retry_after_in_seconds_or_as_a_date_capped() {
        assert_eq!(retry_after(Some("3")), Some(Duration::from_secs(3)));
        assert_eq!(retry_after(Some("86400")), Some(MAX_WAIT));
        assert_eq!(retry_after(Some("Wed, 21 Oct 2015 07:28:00 GMT")), Some(Duration::ZERO));
        assert_eq!(retry_after(Some("soon")), None);
    }

    #[test]
    fn only_https_but_on_this_machine() {
        assert!(check_url("https://api.mls.example/odata/Property").is_ok());
        assert!(check_url("http://127.0.0.1:9000/odata/Property").is_ok());
        assert!(check_url("http://api.mls.example/odata/Property").is_err());
    }
}
