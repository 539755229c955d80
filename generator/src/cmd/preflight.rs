//! `generator preflight`: everything a deploy needs, checked at once and said as one list
//! (`deploy::preflight`), before anything is uploaded. `--dry-run` asks Cloudflare and GitHub
//! nothing.

use anyhow::{bail, Result};
use jax_deploy::assets::{self, Plan};
use jax_deploy::{branch, preflight};
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
    let site = jax_load::site(a.content)?;
    let sample = super::build::holds_sample(&site, a.mls)?;
    let mut problems = preflight::content(&site, sample);
    let mut skipped = Vec::new();
    let root = a.content.parent().unwrap_or(Path::new("."));
    match std::fs::read_to_string(root.join("wrangler.toml")) {
        Ok(toml) => problems.extend(preflight::site_url(&toml, &site.base_url)),
        Err(e) => problems.push(format!("wrangler.toml could not be read: {e}")),
    }

    // The branch that deploys: its code owners from this clone, its rules from GitHub.
    if let Some(editor) = &site.editor {
        problems.extend(branch::owners(std::fs::read_to_string(root.join(branch::CODEOWNERS)).ok().as_deref()));
        if a.dry_run {
            skipped.push(format!("{}'s rules on GitHub (GitHub's API)", editor.branch));
        } else {
            match branch_rules(&editor.repository, &editor.branch) {
                Ok(json) => problems.extend(branch::rules(&json, &editor.branch)),
                Err(e) => problems.push(format!("{}'s rules could not be read from GitHub: {e}", editor.branch)),
            }
        }
    }

    // The static assets as the deploy's build uploads them (its photos in their bucket).
    let bucket = site.mls.as_ref().is_some_and(|m| m.photos_url.is_some());
    let also: &[&str] = if bucket { &[jax_mls::photos::ASSETS_IGNORED] } else { &[] };
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
        skipped.push("the documents bucket's lifecycle rule (wrangler r2 bucket lifecycle list)".to_string());
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
        match backstop(a.wrangler, a.content) {
            Ok(Some(done)) => println!("preflight: {done}"),
            Ok(None) => {}
            Err(e) => problems.push(e),
        }
    }

    // The feed answers (with its token).
    if let (Some(feed), Ok(token)) = (site.mls.as_ref().and_then(|m| m.feed.as_deref()), std::env::var("RESO_TOKEN")) {
        if let Err(e) = feed_answers(feed, &token) {
            problems.push(format!("the MLS feed {feed} does not answer: {e}"));
        }
    }

    for s in &skipped {
        println!("preflight: skipped (a dry run asks Cloudflare and GitHub nothing): {s}");
    }
    if !problems.is_empty() {
        let list: Vec<String> = problems.iter().map(|p| format!("  - {p}")).collect();
        bail!("the site cannot be deployed yet; nothing was uploaded. {} to do:\n{}", problems.len(), list.join("\n"));
    }
    println!("preflight: ready to deploy");
    Ok(())
}

/// The documents bucket's backstop rule (deploy::preflight::BACKSTOP): checked, and added when
/// missing (what was done, if anything); one that would delete documents before their retention
/// ends is a problem for her to fix, never overwritten.
fn backstop(bin: &Path, content: &Path) -> Result<Option<String>, String> {
    let retention = jax_load::forms(content).map_err(|e| format!("{e:#}"))?.concierge.document_retention_days;
    let bucket = "client-documents";
    let listed = wrangler(bin, &["r2", "bucket", "lifecycle", "list", bucket])
        .map_err(|e| format!("the lifecycle rules of {bucket} could not be listed: {e}"))?;
    match preflight::backstop(&listed) {
        preflight::Backstop::Present(days) if days > retention => aborts_incomplete(bin, bucket, &listed),
        preflight::Backstop::Present(days) => Err(format!(
            "a lifecycle rule of {bucket} deletes objects after {days} days, before the {retention} days documents are kept: remove it (wrangler r2 bucket lifecycle remove {bucket} <name>)"
        )),
        preflight::Backstop::Missing => {
            let days = preflight::backstop_days(retention).to_string();
            // Multipart uploads a post left incomplete (the worker stopped mid-document) go after a day.
            let add = [
                "r2",
                "bucket",
                "lifecycle",
                "add",
                bucket,
                preflight::BACKSTOP,
                "--expire-days",
                &days,
                "--abort-multipart-days",
                "1",
                "--force",
            ];
            wrangler(bin, &add).map_err(|e| format!("the lifecycle rule of {bucket} is missing and could not be added: {e}"))?;
            Ok(Some(format!("added the lifecycle rule {} to {bucket}: every object deleted {days} days after its upload, should the cron stop", preflight::BACKSTOP)))
        }
    }
}

/// The rule that aborts incomplete multipart uploads (a new bucket has R2's, after 7 days): added
/// when missing, aborting them after a day.
fn aborts_incomplete(bin: &Path, bucket: &str, listed: &str) -> Result<Option<String>, String> {
    if preflight::aborts_incomplete(listed).is_some() {
        return Ok(None);
    }
    let add = ["r2", "bucket", "lifecycle", "add", bucket, preflight::ABORTS, "--abort-multipart-days", "1", "--force"];
    wrangler(bin, &add).map_err(|e| {
        format!("the rule aborting incomplete uploads of {bucket} is missing and could not be added: {e}")
    })?;
    Ok(Some(format!(
        "added the lifecycle rule {} to {bucket}: an upload a post left incomplete is aborted after a day",
        preflight::ABORTS
    )))
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

/// GitHub's list of the rules on `branch` (GITHUB_API_URL, which GitHub's runners set; a
/// GITHUB_TOKEN that can read the repository when it is private).
fn branch_rules(repository: &str, branch: &str) -> Result<String, String> {
    let api = std::env::var("GITHUB_API_URL").unwrap_or_else(|_| "https://api.github.com".into());
    let agent = jax_host::http_client::agent(std::time::Duration::from_secs(30));
    let mut request = agent
        .get(&format!("{}{}", api.trim_end_matches('/'), branch::rules_path(repository, branch)))
        .header("Accept", "application/vnd.github+json")
        .header("User-Agent", "move-to-jax-preflight");
    if let Ok(token) = std::env::var("GITHUB_TOKEN") {
        request = request.header("Authorization", format!("Bearer {token}"));
    }
    let mut response = request.call().map_err(|e| e.to_string())?;
    match response.status().as_u16() {
        200 => response.body_mut().read_to_string().map_err(|e| e.to_string()),
        404 => Err(format!("GitHub answered 404: is {repository} right, and GITHUB_TOKEN a token that can read it?")),
        s => Err(format!("GitHub answered {s}")),
    }
}

/// One listing asked of the feed.
fn feed_answers(feed: &str, token: &str) -> Result<(), String> {
    let sep = if feed.contains('?') { '&' } else { '?' };
    let agent = jax_host::http_client::agent(std::time::Duration::from_secs(30));
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
