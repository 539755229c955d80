//! The prebuilt search's files, read from the static assets (no invocation of their own) for the
//! search without JavaScript (routes/homes_search.rs): side by side, each once.

use crate::failure::Failure;
use crate::services::fetch;
use futures_util::future::join_all;
use worker::Fetcher;

/// Each of `urls` (paths on `origin`) read from its bytes by `read` (`search_page::files`); a
/// file missing or not of its shape is the build's fault, never the visitor's: 503, named in the log.
pub async fn json_all<T>(
    assets: &Fetcher,
    origin: &str,
    urls: &[String],
    read: fn(&[u8]) -> Option<T>,
) -> Result<Vec<T>, Failure> {
    let files = bytes_all(assets, origin, urls).await?;
    let mut out = Vec::with_capacity(urls.len());
    for (url, bytes) in urls.iter().zip(files) {
        let of = read(&bytes).ok_or_else(|| format!("{url}: not of its shape"));
        out.push(of.map_err(|e| Failure::Unavailable(format!("the search's files: {e}")))?);
    }
    Ok(out)
}

/// Each of `urls`' bytes, side by side. Not generic: one copy of the join in the worker's wasm
/// for every file shape.
async fn bytes_all(assets: &Fetcher, origin: &str, urls: &[String]) -> Result<Vec<Vec<u8>>, Failure> {
    let read = join_all(urls.iter().map(|url| async move {
        let mut r = fetch::asset(assets, &format!("{origin}{url}")).await?;
        if r.status_code() != 200 {
            return Ok(Err(format!("{url}: {}", r.status_code())));
        }
        Ok::<_, worker::Error>(Ok(r.bytes().await?))
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
