//! `generator photos upload`: the built site's MLS photos into their R2 bucket (`deploy::bucket`),
//! before the pages that load them are deployed.

use anyhow::{Context, Result};
use jax_deploy::bucket::{self, Bucket};
use jax_mls::in_bucket;
use jax_mls::photos::PREFIX;
use std::path::Path;

pub struct UploadArgs<'a> {
    pub content: &'a Path,
    pub out: &'a Path,
    pub endpoint: Option<&'a str>,
    pub bucket: &'a str,
    pub state: &'a Path,
    /// The store's folder, where the photos the bucket holds are recorded (`in_bucket::FILE`).
    pub mls: &'a Path,
    pub grace_hours: i64,
}

/// Sends what the bucket lacks, deletes what no page has named for the grace period, and prints
/// what it did; nothing when site.yaml names no bucket (the photos are then files of the site).
/// The keys come from the environment (an R2 API token's).
pub fn upload(a: UploadArgs) -> Result<()> {
    let site = jax_load::site(a.content)?;
    let Some(origin) = site.mls.as_ref().and_then(|m| m.photos_origin()) else {
        println!("photos: site.yaml names no bucket (mls.photos_url): the MLS photos are files of the site");
        return Ok(());
    };
    let key = |name: &str| {
        std::env::var(name)
            .with_context(|| format!("{name} is not set (an R2 API token's keys: docs/deploy.md, Set up publishing)"))
    };
    let endpoint =
        a.endpoint.context("R2_ENDPOINT is not set (R2's S3 API: https://<ACCOUNT_ID>.r2.cloudflarestorage.com)")?;
    let target = Bucket::new(endpoint, a.bucket, &key("R2_ACCESS_KEY_ID")?, &key("R2_SECRET_ACCESS_KEY")?)?;
    let now = jiff::Timestamp::now().as_second();
    let in_bucket = a.mls.join(in_bucket::FILE);
    let records = bucket::Records { state: a.state, in_bucket: &in_bucket };
    let done = bucket::sync(&target, a.out, PREFIX, &records, now, a.grace_hours * 3600)
        .with_context(|| format!("sending the MLS photos to the bucket {}", a.bucket))?;
    println!("photos: served from {origin}");
    println!(
        "photos: {} sent ({:.1} MB), {} unchanged, {} deleted, {} no longer shown kept for the {}-hour grace period",
        done.uploaded,
        done.uploaded_bytes as f64 / 1e6,
        done.unchanged,
        done.deleted,
        done.waiting,
        a.grace_hours
    );
    Ok(())
}
