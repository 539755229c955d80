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

/// What a conditional write requires of the object already at its key.
pub enum Only {
    /// Nothing there yet.
    Absent,
    /// Unchanged since it had this etag.
    Etag(String),
}

/// Write `value` at `key` if the condition holds (R2 checks and writes atomically): the new etag,
/// or None when it did not hold.
pub async fn put_json_if<T: Serialize>(bucket: &Bucket, key: &str, value: &T, only: Only) -> Result<Option<String>> {
    let text = serde_json::to_string(value)?;
    let condition = match only {
        Only::Absent => Conditional { etag_does_not_match: Some("*".into()), ..Default::default() },
        Only::Etag(etag) => Conditional { etag_matches: Some(etag), ..Default::default() },
    };
    let put = bucket.put(key, text).http_metadata(json_metadata()).only_if(condition).execute().await?;
    Ok(put.map(|object| object.etag()))
}

/// The value at `key` and its etag (for a conditional write back).
pub async fn get_json_tagged<T: DeserializeOwned>(bucket: &Bucket, key: &str) -> Result<Option<(T, String)>> {
    let Some(object) = bucket.get(key).execute().await? else { return Ok(None) };
    let etag = object.etag();
    let Some(body) = object.body() else { return Ok(None) };
    Ok(Some((serde_json::from_slice(&body.bytes().await?)?, etag)))
}

/// Every object under `prefix` (paged through), with its size and upload time.
pub async fn objects(bucket: &Bucket, prefix: &str) -> Result<Vec<worker::Object>> {
    let mut objects = Vec::new();
    let mut cursor = None;
    loop {
        let mut list = bucket.list().prefix(prefix);
        if let Some(c) = cursor.take() {
            list = list.cursor(c);
        }
        let page = list.execute().await?;
        objects.extend(page.objects());
        cursor = page.cursor();
        if !page.truncated() || cursor.is_none() {
            return Ok(objects);
        }
    }
}
