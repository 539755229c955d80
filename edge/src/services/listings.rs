//! Which MLS listings a form names the site still has: each is a page of the static assets (the
//! worker carries none of the MLS's thousands of listings). One it no longer has is named by its
//! number alone (domain/listing.rs).

use crate::services::fetch;
use domain::listing::{mls_link, no_longer_listed};
use futures_util::future::join_all;
use worker::Env;

/// `named` (domain/listing.rs's lines, on `base_url`) with every MLS listing the site has no page
/// for said to be no longer listed. The pages are asked for side by side: at most
/// `api::ASK_MAX_LISTINGS`, within a request's subrequests, and no invocation of their own.
pub async fn as_listed(env: &Env, base_url: &str, named: &str) -> worker::Result<String> {
    let assets = env.assets("ASSETS")?;
    let lines: Vec<&str> = named.lines().collect();
    let found: Vec<worker::Result<Option<String>>> = join_all(lines.iter().map(|line| async {
        let Some((path, number)) = mls_link(line, base_url) else { return Ok(None) };
        let page = fetch::asset(&assets, &format!("{base_url}{path}")).await?;
        Ok((page.status_code() != 200).then(|| no_longer_listed(number)))
    }))
    .await;
    let mut out = Vec::with_capacity(lines.len());
    for (line, gone) in lines.iter().zip(found) {
        out.push(gone?.unwrap_or_else(|| line.to_string()));
    }
    Ok(out.join("\n"))
}
