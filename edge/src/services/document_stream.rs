//! A document of a post without JavaScript, stored as it arrives rather than held whole: at most
//! one part of R2's multipart upload (5 MiB, the smallest R2 takes but for the last) is held at a
//! time. A document within one part is stored with one put; a longer one as a multipart upload,
//! aborted if the post fails before it is complete (R2 shows no object until then).

use crate::failure::Failure;
use crate::services::concierge::{store, CACHE_CONTROL};
use jax_model::forms::FileType;
use std::collections::HashMap;
use worker::{Bucket, HttpMetadata, MultipartUpload, UploadedPart};

/// R2's smallest part but the last.
pub const PART_BYTES: usize = 5 * 1024 * 1024;

pub struct DocumentStream {
    key: String,
    file_type: FileType,
    metadata: HashMap<String, String>,
    /// What arrived since the last part was stored.
    held: Vec<u8>,
    upload: Option<MultipartUpload>,
    parts: Vec<UploadedPart>,
    length: u64,
}

impl DocumentStream {
    pub fn new(key: String, file_type: FileType, metadata: HashMap<String, String>) -> DocumentStream {
        DocumentStream {
            key,
            file_type,
            metadata,
            held: Vec::with_capacity(PART_BYTES),
            upload: None,
            parts: Vec::new(),
            length: 0,
        }
    }

    /// Bytes taken so far.
    pub fn length(&self) -> u64 {
        self.length
    }

    /// Whether taking `more` bytes stores a part (the caller checks the day's room first).
    pub fn stores_with(&self, more: usize) -> bool {
        self.held.len() + more >= PART_BYTES
    }

    /// Take `bytes`; a full part goes to R2 at once.
    pub async fn push(&mut self, bucket: &Bucket, bytes: &[u8]) -> Result<(), Failure> {
        self.length += bytes.len() as u64;
        let mut rest = bytes;
        while self.held.len() + rest.len() >= PART_BYTES {
            let (now, later) = rest.split_at(PART_BYTES - self.held.len());
            self.held.extend_from_slice(now);
            rest = later;
            self.store_part(bucket).await?;
        }
        self.held.extend_from_slice(rest);
        Ok(())
    }

    async fn store_part(&mut self, bucket: &Bucket) -> Result<(), Failure> {
        let unavailable = |e: worker::Error| Failure::Unavailable(format!("storing a part of a document: {e}"));
        if self.upload.is_none() {
            let upload = bucket
                .create_multipart_upload(self.key.clone())
                .http_metadata(http_metadata(self.file_type))
                .custom_metadata(self.metadata.clone())
                .execute()
                .await
                .map_err(unavailable)?;
            self.upload = Some(upload);
        }
        let upload = self.upload.as_ref().expect("created above");
        // The held bytes are copied into the runtime's memory for R2 and freed; the next part's
        // buffer takes their place in the allocator (the wasm memory does not grow per part).
        let held = std::mem::take(&mut self.held);
        let part = upload.upload_part(self.parts.len() as u16 + 1, held).await.map_err(unavailable)?;
        self.held.reserve(PART_BYTES);
        self.parts.push(part);
        Ok(())
    }

    /// The document complete: its last part and the upload completed, or one put when it fitted
    /// one part. Its length.
    pub async fn finish(mut self, bucket: &Bucket) -> Result<u64, Failure> {
        let Some(upload) = self.upload.take() else {
            let held = std::mem::take(&mut self.held);
            store(bucket, &self.key, held, self.file_type, self.metadata.clone()).await?;
            return Ok(self.length);
        };
        let unavailable = |e: worker::Error| Failure::Unavailable(format!("completing a document: {e}"));
        if !self.held.is_empty() {
            let last = upload.upload_part(self.parts.len() as u16 + 1, std::mem::take(&mut self.held)).await;
            match last {
                Ok(part) => self.parts.push(part),
                Err(e) => {
                    let _ = upload.abort().await;
                    return Err(unavailable(e));
                }
            }
        }
        let id = upload.upload_id().await;
        if let Err(e) = upload.complete(std::mem::take(&mut self.parts)).await {
            // Its parts would stay, unlisted, until the bucket's rule aborts the upload.
            if let Ok(upload) = bucket.resume_multipart_upload(self.key.clone(), id) {
                let _ = upload.abort().await;
            }
            return Err(unavailable(e));
        }
        Ok(self.length)
    }

    /// A document not to be stored after all: its multipart upload, if begun, is aborted.
    pub async fn abandon(mut self) {
        if let Some(upload) = self.upload.take() {
            let _ = upload.abort().await;
        }
    }
}

fn http_metadata(file_type: FileType) -> HttpMetadata {
    HttpMetadata {
        content_type: Some(file_type.mime().into()),
        cache_control: Some(CACHE_CONTROL.into()),
        ..Default::default()
    }
}
