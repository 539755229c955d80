//! `generator preflight`: everything a deploy needs, checked at once and said as one list
//! (`deploy::preflight`), before anything is uploaded. `--dry-run` asks Cloudflare nothing.

use crate::deploy::assets::{self, Plan};
use crate::deploy::preflight;
use anyhow::{bail, Result};
use std::path::Path;
use std::process::Command;

pub struct Args<'a> {
    pub content: &'a Path,
    pub out: &'a Path,
    pub mls: &'a Path,
    pub plan: Plan,
    pub wrangler: &'a Path,
    pub dry_run: bool,
}

pub fn run(a: Args) -> Result<()> {
    let site = crate::load::site(a.content)?;
    let sample = super::build::holds_sample(&site, a.mls)?;
    let mut problems = preflight::content(&site, sample);
    let mut skipped = Vec::new();

    // The static assets as the deploy's build uploads them (its photos in their bucket).
    let bucket = site.mls.as_ref().is_some_and(|m| m.photos_url.is_some());
    let also: &[&str] = if bucket { &[crate::mls::photos::ASSETS_IGNORED] } else { &[] };
    match assets::count_but(a.out, also) {
        Ok(count) => {
            println!("preflight: {}", count.summary(a.plan));
            problems.extend(count.refusal(a.plan));
        }
        Err(e) => problems.push(format!("{e:#}")),
    }

    // Cloudflare's side: wrangler, logged in.
    if a.dry_run {
        skipped.push("the worker's secrets (wrangler secret list)".to_string());
        skipped.push("the R2 buckets (wrangler r2 bucket list)".to_string());
    } else {
        match wrangler(a.wrangler, &["secret", "list", "--format", "json"]).and_then(|o| preflight::secret_names(&o)) {
            Ok(names) => problems.extend(preflight::missing(&preflight::SECRETS, &names, |s| {
                format!("the worker's secret {s} is not set (wrangler secret put {s})")
            })),
            Err(e) => problems.push(format!("the worker's secrets could not be listed: {e}")),
        }
        match wrangler(a.wrangler, &["r2", "bucket", "list"]) {
            Ok(text) => {
                problems.extend(preflight::missing(&preflight::buckets(&site), &preflight::bucket_names(&text), |b| {
                    format!("the R2 bucket {b} does not exist (wrangler r2 bucket create {b})")
                }))
            }
            Err(e) => problems.push(format!("the R2 buckets could not be listed: {e}")),
        }
    }

    // The feed answers (with its token).
    if let (Some(feed), Ok(token)) = (site.mls.as_ref().and_then(|m| m.feed.as_deref()), std::env::var("RESO_TOKEN")) {
        if let Err(e) = feed_answers(feed, &token) {
            problems.push(format!("the MLS feed {feed} does not answer: {e}"));
        }
    }

    for s in &skipped {
        println!("preflight: skipped (a dry run asks Cloudflare nothing): {s}");
    }
    if !problems.is_empty() {
        let list: Vec<String> = problems.iter().map(|p| format!("  - {p}")).collect();
        bail!("the site cannot be deployed yet; nothing was uploaded. {} to do:\n{}", problems.len(), list.join("\n"));
    }
    println!("preflight: ready to deploy");
    Ok(())
}

/// What wrangler prints for `args`, or why it failed.
fn wrangler(bin: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new(bin)
        .args(args)
        .env("WRANGLER_SEND_METRICS", "false")
        .output()
        .map_err(|e| format!("{}: {e}", bin.display()))?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let line = err.lines().chain(text.lines()).find(|l| !l.trim().is_empty()).unwrap_or("");
        return Err(format!("wrangler {} failed: {}", args.join(" "), plain(line).trim()));
    }
    Ok(text)
}

/// A terminal's line without its colours (`ESC [ … m`).
fn plain(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            chars.by_ref().find(|c| c.is_ascii_alphabetic());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
#[test]
fn colours_are_left_out() {
    assert_eq!(
        plain("\u{1b}[31m✘ \u{1b}[41;31m[\u{1b}[41;97mERROR\u{1b}[41;31m]\u{1b}[0m \u{1b}[1mIn a"),
        "✘ [ERROR] In a"
    );
}

/// One listing asked of the feed.
fn feed_answers(feed: &str, token: &str) -> Result<(), String> {
    let sep = if feed.contains('?') { '&' } else { '?' };
    let agent = crate::http_client::agent(std::time::Duration::from_secs(30));
    let response = agent
        .get(&format!("{feed}{sep}$top=1"))
        .header("Authorization", format!("Bearer {token}"))
        .call()
        .map_err(|e| e.to_string())?;
    match response.status().as_u16() {
        200 => Ok(()),
        s => Err(format!("it answered {s}")),
    }
}
