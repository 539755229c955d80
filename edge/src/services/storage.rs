//! The private R2 bucket `client-documents`: delivery records, the outbox and the documents.

use serde::{de::DeserializeOwned, Serialize};
use worker::{Bucket, Conditional, Env, HttpMetadata, Result};

/// The binding's name in wrangler.toml.
pub const BUCKET: &str = "DOCUMENTS";

pub fn bucket(env: &Env) -> Result<Bucket> {
    env.bucket(BUCKET)
}

fn json_metadata() -> HttpMetadata {
    HttpMetadata { content_type: Some("application/json".into()), ..Default::default() }
}

/// Write `value` at `key` (replacing it).
pub async fn put_json<T: Serialize>(bucket: &Bucket, key: &str, value: &T) -> Result<()> {
    let text = serde_json::to_string(value)?;
    bucket.put(key, text).http_metadata(json_metadata()).execute().await?;
    Ok(())
}

/// Write `value` at `key` unless something is there already; false when it was.
pub async fn put_json_new<T: Serialize>(bucket: &Bucket, key: &str, value: &T) -> Result<bool> {
    let text = serde_json::to_string(value)?;
    let put = bucket
        .put(key, text)
        .http_metadata(json_metadata())
        .only_if(Conditional { etag_does_not_match: Some("*".into()), ..Default::default() })
        .execute()
        .await?;
    Ok(put.is_some())
}

pub async fn get_json<T: DeserializeOwned>(bucket: &Bucket, key: &str) -> Result<Option<T>> {
    let Some(object) = bucket.get(key).execute().await? else { return Ok(None) };
    let Some(body) = object.body() else { return Ok(None) };
    Ok(Some(serde_json::from_slice(&body.bytes().await?)?))
}

/// Every key under `prefix` (paged through).
pub async fn keys(bucket: &Bucket, prefix: &str, limit: usize) -> Result<Vec<String>> {
    let mut keys = Vec::new();
    let mut cursor = None;
    loop {
        let mut list = bucket.list().prefix(prefix);
        if let Some(c) = cursor.take() {
            list = list.cursor(c);
        }
        let page = list.execute().await?;
        keys.extend(page.objects().iter().map(|o| o.key()));
        if !page.truncated() || keys.len() >= limit {
            break;
        }
        cursor = page.cursor();
        if cursor.is_none() {
            break;
        }
    }
    keys.truncate(limit);
    Ok(keys)
}
