//! `generator assets`: the static assets `wrangler deploy` would upload from the site's folder,
//! counted against the Cloudflare plan's limit before anything is uploaded.

use crate::deploy::assets::{self, Plan};
use anyhow::{bail, Result};
use std::path::Path;

/// Prints the count and the limit; fails, naming why, when the folder cannot be deployed.
pub fn run(out: &Path, plan: Plan) -> Result<()> {
    let count = assets::count(out)?;
    println!("{}", count.summary(plan));
    for (folder, n) in count.largest_folders(3) {
        println!("  {folder}/ {}", assets::thousands(n));
    }
    if let Some(why) = count.refusal(plan) {
        bail!("{} cannot be deployed, nothing was uploaded:\n{why}", out.display());
    }
    Ok(())
}
