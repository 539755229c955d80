//! The private R2 bucket `client-documents`: the documents, delivery records and their markers,
//! timers, quota records and (locally) the outbox.

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
    let put = bucket.put(key, text).http_metadata(json_metadata()).only_if(condition(only)).execute().await?;
    Ok(put.map(|object| object.etag()))
}

/// Write `json` (already JSON) at `key` with `metadata` if the condition holds: the new etag.
pub async fn put_text_if(
    bucket: &Bucket,
    key: &str,
    json: String,
    metadata: std::collections::HashMap<String, String>,
    only: Only,
) -> Result<Option<String>> {
    let put = bucket
        .put(key, json)
        .http_metadata(json_metadata())
        .custom_metadata(metadata)
        .only_if(condition(only))
        .execute()
        .await?;
    Ok(put.map(|object| object.etag()))
}

fn condition(only: Only) -> Conditional {
    match only {
        Only::Absent => Conditional { etag_does_not_match: Some("*".into()), ..Default::default() },
        Only::Etag(etag) => Conditional { etag_matches: Some(etag), ..Default::default() },
    }
}

/// The value at `key` and its etag (for a conditional write back).
pub async fn get_json_tagged<T: DeserializeOwned>(bucket: &Bucket, key: &str) -> Result<Option<(T, String)>> {
    let Some(object) = bucket.get(key).execute().await? else { return Ok(None) };
    let etag = object.etag();
    let Some(body) = object.body() else { return Ok(None) };
    Ok(Some((serde_json::from_slice(&body.bytes().await?)?, etag)))
}

/// The objects under a prefix, a page (up to 1,000, in key order) at a time.
pub struct Listing<'a> {
    bucket: &'a Bucket,
    prefix: String,
    metadata: bool,
    cursor: Option<String>,
    done: bool,
}

impl<'a> Listing<'a> {
    /// `metadata`: with each object's custom metadata.
    pub fn new(bucket: &'a Bucket, prefix: &str, metadata: bool) -> Listing<'a> {
        Listing { bucket, prefix: prefix.to_string(), metadata, cursor: None, done: false }
    }

    /// The next page; None once every object was listed.
    pub async fn next(&mut self) -> Result<Option<Vec<worker::Object>>> {
        if self.done {
            return Ok(None);
        }
        let mut list = self.bucket.list().prefix(self.prefix.clone());
        if self.metadata {
            list = list.include(vec![worker::Include::CustomMetadata]);
        }
        if let Some(c) = self.cursor.take() {
            list = list.cursor(c);
        }
        let page = list.execute().await?;
        self.cursor = page.cursor();
        self.done = !page.truncated() || self.cursor.is_none();
        Ok(Some(page.objects()))
    }
}

/// Every object under `prefix`, with its size and upload time (and, if `metadata`, its custom
/// metadata).
pub async fn objects(bucket: &Bucket, prefix: &str, metadata: bool) -> Result<Vec<worker::Object>> {
    let mut listing = Listing::new(bucket, prefix, metadata);
    let mut objects = Vec::new();
    while let Some(page) = listing.next().await? {
        objects.extend(page);
    }
    Ok(objects)
}
