//! The MLS photos' bucket through R2's S3-compatible API: requests signed by `rusty-s3` (a small,
//! I/O-free signer) and sent with the `ureq` client the import already uses, so the generator needs
//! no async runtime or SDK for four kinds of request (list, put, delete). `photos` decides what to
//! send; this sends it.

use super::photos::{self, Local, Remote, State};
use anyhow::{anyhow, bail, Context, Result};
use jax_mls::in_bucket;
use rayon::prelude::*;
use rusty_s3::actions::{ListObjectsV2, S3Action};
use rusty_s3::{Credentials, UrlStyle};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long a signed request stays valid.
const SIGNED_FOR: Duration = Duration::from_secs(15 * 60);
/// Requests under way at once (each a small photo: the round trip is the cost).
const PARALLEL: usize = 8;
/// Cached for a year by browsers and Cloudflare: a photo's name changes with its bytes.
pub const CACHE_CONTROL: &str = "public, max-age=31536000, immutable";

/// Where the photos go and with which keys.
pub struct Bucket {
    bucket: rusty_s3::Bucket,
    credentials: Credentials,
    agent: ureq::Agent,
}

impl Bucket {
    /// `endpoint`: R2's S3 API (`https://<ACCOUNT_ID>.r2.cloudflarestorage.com`), or a server on
    /// this machine for the tests; the keys: an R2 API token's.
    pub fn new(endpoint: &str, name: &str, key_id: &str, secret: &str) -> Result<Bucket> {
        if !endpoint.starts_with("https://") && !jax_mls::fetch::on_this_machine(endpoint) {
            bail!("{endpoint}: expected an https:// URL (R2's is https://<ACCOUNT_ID>.r2.cloudflarestorage.com)");
        }
        let url = endpoint.parse().with_context(|| format!("{endpoint} is not a URL"))?;
        let bucket = rusty_s3::Bucket::new(url, UrlStyle::Path, name.to_string(), "auto")
            .map_err(|e| anyhow!("{endpoint}: {e}"))?;
        let agent = jax_host::http_client::agent(Duration::from_secs(120));
        Ok(Bucket { bucket, credentials: Credentials::new(key_id, secret), agent })
    }

    /// Every object under `prefix`, page by page.
    pub fn list(&self, prefix: &str) -> Result<Vec<Remote>> {
        let mut all = Vec::new();
        let mut token: Option<String> = None;
        loop {
            let mut action = ListObjectsV2::new(&self.bucket, Some(&self.credentials));
            action.with_prefix(prefix);
            if let Some(t) = &token {
                action.with_continuation_token(t.as_str());
            }
            let url = action.sign(SIGNED_FOR);
            let mut response = self.agent.get(url.as_str()).call().map_err(|e| anyhow!("listing the bucket: {e}"))?;
            let status = response.status().as_u16();
            let body = response.body_mut().read_to_string().map_err(|e| anyhow!("listing the bucket: {e}"))?;
            if status != 200 {
                bail!("listing the bucket {}: {status} {}", self.bucket.name(), first_line(&body));
            }
            let page =
                ListObjectsV2::parse_response(&body).map_err(|e| anyhow!("reading the bucket's listing: {e}"))?;
            all.extend(page.contents.into_iter().map(|c| Remote { key: c.key, etag: c.etag.unwrap_or_default() }));
            match page.next_continuation_token {
                Some(t) => token = Some(t),
                None => return Ok(all),
            }
        }
    }

    /// Sends one photo.
    fn put(&self, photo: &Local) -> Result<()> {
        let bytes = std::fs::read(&photo.path).with_context(|| format!("reading {}", photo.path.display()))?;
        let url = self.bucket.put_object(Some(&self.credentials), &photo.key).sign(SIGNED_FOR);
        let kind = mime_guess::from_path(&photo.path).first_or_octet_stream();
        let mut response = self
            .agent
            .put(url.as_str())
            .header("Content-Type", kind.essence_str())
            .header("Cache-Control", CACHE_CONTROL)
            .send(&bytes[..])
            .map_err(|e| anyhow!("sending {}: {e}", photo.key))?;
        let status = response.status().as_u16();
        if status != 200 {
            let body = response.body_mut().read_to_string().unwrap_or_default();
            bail!("sending {}: {status} {}", photo.key, first_line(&body));
        }
        Ok(())
    }

    fn delete(&self, key: &str) -> Result<()> {
        let url = self.bucket.delete_object(Some(&self.credentials), key).sign(SIGNED_FOR);
        let mut response = self.agent.delete(url.as_str()).call().map_err(|e| anyhow!("deleting {key}: {e}"))?;
        let status = response.status().as_u16();
        if status != 204 && status != 200 {
            let body = response.body_mut().read_to_string().unwrap_or_default();
            bail!("deleting {key}: {status} {}", first_line(&body));
        }
        Ok(())
    }
}

fn first_line(body: &str) -> &str {
    body.lines().find(|l| !l.trim().is_empty() && !l.starts_with("<?xml")).unwrap_or("").trim()
}

/// What a sync did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Synced {
    pub uploaded: usize,
    pub uploaded_bytes: u64,
    pub unchanged: usize,
    pub deleted: usize,
    /// Unreferenced, waiting out the grace period.
    pub waiting: usize,
}

/// The photo files under `site`'s `prefix` (the site's paths are their keys), but the build's
/// record of them (`in_bucket::INDEX`).
pub fn local_photos(site: &Path, prefix: &str) -> Result<Vec<Local>> {
    let dir = site.join(prefix);
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let index = site.join(in_bucket::INDEX);
    let files: Vec<PathBuf> = walkdir::WalkDir::new(&dir)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && e.path() != index)
        .map(|e| e.into_path())
        .collect();
    files
        .into_par_iter()
        .map(|path| {
            use md5::Digest;
            let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
            let key = path.strip_prefix(site).expect("under the site").to_string_lossy().replace('\\', "/");
            let md5 = md5::Md5::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
            Ok(Local { key, path, md5, bytes: bytes.len() as u64 })
        })
        .collect()
}

/// Where a sync reads and keeps what it knows between runs.
pub struct Records<'a> {
    /// When each photo no page names was first seen so (`photos::State`).
    pub state: &'a Path,
    /// The photos the bucket holds, for the next import and build (`in_bucket::FILE`).
    pub in_bucket: &'a Path,
}

/// Makes the bucket hold the site's photos: sends what it lacks (or holds with other bytes), then
/// deletes what no page has named for `grace_secs`, and records what it holds. A run that stops
/// half-way (killed, a network failure) leaves what it sent, and the next sends the rest. Fails,
/// once the rest is done, when the pages name photos the bucket has lost: their record is dropped,
/// so the next import downloads them again.
pub fn sync(
    bucket: &Bucket,
    site: &Path,
    prefix: &str,
    records: &Records,
    now: i64,
    grace_secs: i64,
) -> Result<Synced> {
    let local = local_photos(site, prefix)?;
    // Absent when the site was built to serve its photos itself: then every photo is a file.
    let index = site.join(in_bucket::INDEX);
    let shown = index.is_file().then(|| in_bucket::Photos::read(&index));
    let kept: Vec<&str> = shown.iter().flat_map(|s| s.keys()).collect();
    let remote = bucket.list(prefix)?;
    let before: State =
        std::fs::read(records.state).ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_default();
    let plan = photos::plan(&local, &kept, &remote, &before, now, grace_secs);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(PARALLEL).build().context("starting the upload threads")?;
    pool.install(|| plan.upload.par_iter().map(|p| bucket.put(p)).collect::<Result<Vec<()>>>())?;
    // Deleted only once every new photo is there.
    pool.install(|| plan.delete.par_iter().map(|k| bucket.delete(k)).collect::<Result<Vec<()>>>())?;
    jax_output::whole_file::write(records.state, &serde_json::to_vec_pretty(&plan.next)?)?;
    if let Some(shown) = shown {
        let lost: BTreeSet<String> = plan.lost.iter().cloned().collect();
        shown.without(&lost).write(records.in_bucket)?;
    }
    if let Some(first) = plan.lost.first() {
        bail!(
            "the bucket has lost {} photo files the pages name (the first: {first}): deploy nothing now; the next \
             import downloads their photos again",
            plan.lost.len()
        );
    }
    Ok(Synced {
        uploaded: plan.upload.len(),
        uploaded_bytes: plan.upload.iter().map(|p| p.bytes).sum(),
        unchanged: plan.unchanged,
        deleted: plan.delete.len(),
        waiting: plan.next.unreferenced.len(),
    })
}
