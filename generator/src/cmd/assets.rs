//! `generator assets`: the static assets `wrangler deploy` would upload from the site's folder,
//! counted against the Cloudflare plan's limit before anything is uploaded, and what they change
//! since the last deploy's manifest.

use anyhow::{bail, Result};
use jax_deploy::assets::{self, Plan};
use jax_deploy::manifest::Manifest;
use std::path::Path;

/// Prints the count and the limit (and, with `since`, what changed since that manifest); fails,
/// naming why, when the folder cannot be deployed. With `record`, writes the folder's manifest there.
pub fn run(out: &Path, plan: Plan, since: Option<&Path>, record: Option<&Path>) -> Result<()> {
    let count = assets::count(out)?;
    println!("{}", count.summary(plan));
    for (folder, n) in count.largest_folders(3) {
        println!("  {folder}/ {}", assets::thousands(n));
    }
    if let Some(why) = count.refusal(plan) {
        bail!("{} cannot be deployed, nothing was uploaded:\n{why}", out.display());
    }
    if since.is_none() && record.is_none() {
        return Ok(());
    }
    let now = Manifest::of(out)?;
    if let Some(path) = since {
        match Manifest::read(path)? {
            Some(before) => println!("since the last deploy: {}", now.since(&before).summary()),
            None => {
                println!("since the last deploy: no manifest at {} (a first deploy uploads every file)", path.display())
            }
        }
    }
    if let Some(path) = record {
        now.write(path)?;
    }
    Ok(())
}
