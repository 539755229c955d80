//! Each document streamed into R2 in its own request: its type told by its first bytes before
//! anything is stored, never buffered whole.

use super::admission::{check_token, reserve, too_many_at_once};
use crate::failure::Failure;
use crate::routes::request::{client, declared_length, url_of};
use crate::services::budget::UploadReservation;
use crate::services::concierge::{self as documents, metadata_of, store, Room};
use crate::services::{bot_check, now_ms, random_uuid, retention, storage, upload_stream};
use domain::bot_check::{self as check, Trust};
use domain::concierge::{check_type, check_upload, Upload};
use domain::content::content;
use domain::documents::{object_key, proven_name};
use domain::retention::{Job, UNFILED_MS};
use domain::settings::Settings;
use jax_model::api::SUBMISSION_TOKEN_HEADER;
use jax_model::forms::{FileType, SNIFF_LEN};
use std::collections::BTreeMap;
use worker::wasm_bindgen_futures::JsFuture;
use worker::{Bucket, Env, Method, Request, Response};

/// `POST /api/concierge/submissions` → 201 `{"submission": <uuid>, "token": <hex>}`: a new
/// submission, which only the holder of its token can add to or file.
pub fn begin(req: &Request, settings: &Settings) -> Result<Response, Failure> {
    if req.method() != Method::Post {
        return Err(Failure::Method("POST"));
    }
    let submission = random_uuid()?;
    let token = settings.keys.submission_token(&submission);
    Ok(Response::from_json(&serde_json::json!({ "submission": submission, "token": token }))?.with_status(201))
}

/// `POST /api/concierge/documents?submission=<uuid>&field=<field>&name=<file name>`, the file as
/// the body and the submission's token in its header → `{"id": <key>}`.
pub async fn upload(req: Request, env: &Env, settings: &Settings) -> Result<Response, Failure> {
    if req.method() != Method::Post {
        return Err(Failure::Method("POST"));
    }
    let forms = &content().forms;
    let query: BTreeMap<String, String> = domain::map_of(url_of(&req)?.query_pairs());
    let length = declared_length(&req)?;
    let up = check_upload(forms, &query, length)?;
    check_token(settings, &up.submission, req.headers().get(SUBMISSION_TOKEN_HEADER)?.as_deref())?;
    let field = up.document.field.as_str();
    // The first bytes decide the type before anything is stored.
    let unreadable = |_| Failure::field(400, field, "The file could not be read; choose it again.");
    let body = req.inner().body().ok_or_else(|| Failure::field(400, field, &up.document.required_message))?;
    let (head, whole) = upload_stream::head_and_whole(body, SNIFF_LEN).await.map_err(unreadable)?;
    let bucket = storage::bucket(env)?;
    // Uploads come from the page only: a token, verified again for each (Turnstile takes a
    // token again under its submission's UUID).
    let token = req.headers().get(check::HEADER)?;
    let who = client(&req)?;
    let admitted = async {
        let trust =
            crate::routes::request::bot_check(&req, settings, token.as_deref(), Some(&up.submission), false).await?;
        if trust == Trust::Unverified {
            bot_check::count_unverified_upload(settings, &bucket, &who).await?;
        }
        admit(settings, &bucket, &who, &up, &head).await
    };
    let (file_type, reservation) = match admitted.await {
        Ok(admitted) => admitted,
        Err(refusal) => {
            upload_stream::drain(&whole).await;
            return Err(refusal);
        }
    };
    let now = now_ms();
    let name = proven_name(&up.name, file_type);
    let key = object_key(&up.submission, now, field, &name);
    // The piping runs on its own (a promise) while R2 reads what it pipes.
    let (sized, piping) = upload_stream::fixed_length(&whole, up.length).map_err(unreadable)?;
    let reading = sized.clone();
    let stored = store(&bucket, &key, sized, file_type, metadata_of(&up.submission, field, &name)).await;
    if matches!(stored, Ok(true)) {
        reservation.stored(&bucket, up.length).await;
    } else {
        // Not taken: stop the piping, which would otherwise wait on R2 for ever.
        let _ = JsFuture::from(reading.cancel()).await;
        documents::release(&bucket, &up.submission, up.length).await;
        reservation.release(&bucket).await;
    }
    let piped = piping.await;
    if stored.is_err() && piped.is_err() {
        return Err(Failure::field(400, field, "The file arrived incomplete; choose it again."));
    }
    if !stored? {
        return Err(Failure::field(409, field, "This document was already stored; choose it again to replace it."));
    }
    Ok(Response::from_json(&serde_json::json!({ "id": key }))?.with_status(201))
}

/// An upload's checks once its first bytes are in: its type, a submission not filed yet, room in
/// the day's uploads (overall, and this client's share: taken here), and in the submission's count
/// (taken here too: the caller gives both back if the upload is not stored).
async fn admit(
    settings: &Settings,
    bucket: &Bucket,
    who: &str,
    up: &Upload<'_>,
    head: &[u8],
) -> Result<(FileType, UploadReservation), Failure> {
    let forms = &content().forms;
    let field = up.document.field.as_str();
    let file_type = check_type(forms, up.document, head)?;
    if documents::is_filed(bucket, &up.submission).await? {
        return Err(Failure::field(409, field, "These documents were submitted already; start a new submission."));
    }
    let reservation = reserve(settings, bucket, who, up.length, field).await?;
    let in_submission = async {
        // Its end, set before anything of it is written (its count included): a day after the
        // submission's newest upload, unless filed.
        retention::set(bucket, now_ms() + UNFILED_MS, Job::Unfiled, &up.submission).await?;
        match documents::reserve(bucket, &up.submission, up.length).await? {
            Room::Reserved => Ok(()),
            Room::Full => Err(Failure::field(
                413,
                field,
                "This submission already holds six documents' worth of files; submit it, or start again.",
            )),
            Room::Busy => Err(too_many_at_once(field)),
        }
    };
    match in_submission.await {
        Ok(()) => Ok((file_type, reservation)),
        Err(refusal) => {
            reservation.release(bucket).await;
            Err(refusal)
        }
    }
}
