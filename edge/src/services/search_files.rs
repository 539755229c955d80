//! The prebuilt search's files, read from the static assets (no invocation of their own) for the
//! search without JavaScript (routes/homes_search.rs): side by side, each once.

use crate::failure::Failure;
use crate::services::fetch;
use futures_util::future::join_all;
use serde_json::Value;
use worker::Fetcher;

/// Each of `urls` (paths on `origin`) as JSON read by `read`; a file missing or not of its shape
/// is the build's fault, never the visitor's: 503, named in the log.
pub async fn json_all<T>(
    assets: &Fetcher,
    origin: &str,
    urls: &[String],
    read: fn(&Value) -> Option<T>,
) -> Result<Vec<T>, Failure> {
    let values = values_all(assets, origin, urls).await?;
    let mut out = Vec::with_capacity(urls.len());
    for (url, value) in urls.iter().zip(values) {
        let of = read(&value).ok_or_else(|| format!("{url}: not of its shape"));
        out.push(of.map_err(|e| Failure::Unavailable(format!("the search's files: {e}")))?);
    }
    Ok(out)
}

/// Each of `urls` as JSON, side by side. Not generic: one copy of the join in the worker's wasm
/// for every file shape.
async fn values_all(assets: &Fetcher, origin: &str, urls: &[String]) -> Result<Vec<Value>, Failure> {
    let read = join_all(urls.iter().map(|url| async move {
        let mut r = fetch::asset(assets, &format!("{origin}{url}")).await?;
        if r.status_code() != 200 {
            return Ok(Err(format!("{url}: {}", r.status_code())));
        }
        let value: Option<Value> = serde_json::from_slice(&r.bytes().await?).ok();
        Ok::<_, worker::Error>(value.ok_or_else(|| format!("{url}: not JSON")))
    }))
    .await;
    let mut out = Vec::with_capacity(urls.len());
    for file in read {
        out.push(file?.map_err(|e| Failure::Unavailable(format!("the search's files: {e}")))?);
    }
    Ok(out)
}

/// The page at `path` on `origin` and its headers (the site's Content-Security-Policy).
pub async fn page(assets: &Fetcher, origin: &str, path: &str) -> Result<(String, worker::Headers), Failure> {
    let mut r = fetch::asset(assets, &format!("{origin}{path}")).await?;
    if r.status_code() != 200 {
        return Err(Failure::Unavailable(format!("{path}: {}", r.status_code())));
    }
    let headers = r.headers().clone();
    Ok((r.text().await?, headers))
}
