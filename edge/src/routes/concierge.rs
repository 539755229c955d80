//! Client Concierge: each document streamed into R2 in its own request (its type told by its first
//! bytes before anything is stored; never buffered whole), then the set submitted with the
//! acknowledgment, idempotently, as one e-mail to the agent with a signed link per document.

use super::{client, read_body, sized_up};
use crate::domain::bot_check::{self as check, Trust};
use crate::domain::concierge::{check_final, check_type, check_upload, Upload, NAME_TOO_LONG};
use crate::domain::content::content;
use crate::domain::documents::{loggable, object_key, proven_name, NAME_MAX_BYTES};
use crate::domain::http::BodyKind;
use crate::domain::multipart;
use crate::domain::once::{PostPrint, FILE_HEAD};
use crate::domain::queue::State;
use crate::domain::retention::{Job, UNFILED_MS};
use crate::domain::settings::Settings;
use crate::domain::submit::{parse_json, Input};
use crate::failure::Failure;
use crate::services::budget::UploadRoom;
use crate::services::concierge::{self as documents, file, metadata_of, store, Room};
use crate::services::document_stream::DocumentStream;
use crate::services::{self, bot_check, budget, now_ms, once, random_uuid, retention, storage, upload_stream};
use futures_util::StreamExt;
use jax_model::api::{CONCIERGE_FORM_ERROR, CONCIERGE_THANK_YOU, SUBMISSION_TOKEN_FIELD, SUBMISSION_TOKEN_HEADER};
use jax_model::forms::{FileType, Forms, SNIFF_LEN};
use jax_model::submission::one_line;
use multer::Multipart;
use std::collections::BTreeMap;
use worker::send::SendWrapper;
use worker::wasm_bindgen_futures::JsFuture;
use worker::{console_error, console_log, console_warn, Bucket, Env, Method, Request, Response};

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

/// A submission token that is not `submission`'s: refused before anything is read or stored.
fn check_token(settings: &Settings, submission: &str, token: Option<&str>) -> Result<(), Failure> {
    if token.is_some_and(|t| settings.keys.is_submission_token(submission, t)) {
        return Ok(());
    }
    Err(Failure::field(403, "submission", NOT_THIS_SUBMISSION))
}

/// What an upload or a filing without its submission's token is told.
const NOT_THIS_SUBMISSION: &str =
    "This submission was not started on this page; reload the page and send the documents again.";

/// `POST /api/concierge/documents?submission=<uuid>&field=<field>&name=<file name>`, the file as
/// the body and the submission's token in its header → `{"id": <key>}`.
pub async fn upload(req: Request, env: &Env, settings: &Settings) -> Result<Response, Failure> {
    if req.method() != Method::Post {
        return Err(Failure::Method("POST"));
    }
    let forms = &content().forms;
    let query: BTreeMap<String, String> = crate::domain::map_of(req.url()?.query_pairs().into_owned());
    let length = req.headers().get("Content-Length")?.and_then(|l| l.trim().parse::<u64>().ok());
    let up = check_upload(forms, &query, length).map_err(|(status, errors)| Failure::Refused(status, errors))?;
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
        let trust = super::bot_check(&req, settings, token.as_deref(), Some(&up.submission), false).await?;
        if trust == Trust::Unverified {
            bot_check::count_unverified_upload(settings, &bucket, &who).await?;
        }
        admit(settings, &bucket, &who, &up, &head).await
    };
    let file_type = match admitted.await {
        Ok(file_type) => file_type,
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
    if !matches!(stored, Ok(true)) {
        // Not taken: stop the piping, which would otherwise wait on R2 for ever.
        let _ = JsFuture::from(reading.cancel()).await;
        documents::release(&bucket, &up.submission, up.length).await;
    }
    let piped = piping.await;
    if stored.is_err() && piped.is_err() {
        return Err(Failure::field(400, field, "The file arrived incomplete; choose it again."));
    }
    if !stored? {
        return Err(Failure::field(409, field, "This document was already stored; choose it again to replace it."));
    }
    budget::charge_upload(settings, &bucket, &who, up.length).await;
    Ok(Response::from_json(&serde_json::json!({ "id": key }))?.with_status(201))
}

/// An upload's checks once its first bytes are in: its type, a submission not filed yet, room in
/// the day's uploads (overall and this client's: charged once stored), and in the submission's
/// count (taken here: the caller gives it back if the upload is not stored).
async fn admit(
    settings: &Settings,
    bucket: &Bucket,
    who: &str,
    up: &Upload<'_>,
    head: &[u8],
) -> Result<FileType, Failure> {
    let forms = &content().forms;
    let field = up.document.field.as_str();
    let file_type =
        check_type(forms, up.document, head).map_err(|(status, errors)| Failure::Refused(status, errors))?;
    if documents::is_filed(bucket, &up.submission).await? {
        return Err(Failure::field(409, field, "These documents were submitted already; start a new submission."));
    }
    upload_room(settings, bucket, who, up.length).await?;
    // Its end, set before anything of it is written (its count included): a day after the
    // submission's newest upload, unless filed.
    retention::set(bucket, now_ms() + UNFILED_MS, Job::Unfiled, &up.submission).await?;
    match documents::reserve(bucket, &up.submission, up.length).await? {
        Room::Reserved => Ok(file_type),
        Room::Full => Err(Failure::field(
            413,
            field,
            "This submission already holds six documents' worth of files; submit it, or start again.",
        )),
        Room::Busy => Err(too_many_at_once(field)),
    }
}

/// Room for `bytes` more in today's uploads, overall and for `who`, or the refusal.
async fn upload_room(settings: &Settings, bucket: &Bucket, who: &str, bytes: u64) -> Result<(), Failure> {
    match budget::upload_room(settings, bucket, who, bytes).await? {
        UploadRoom::Room => Ok(()),
        UploadRoom::Paused => Err(uploads_paused()),
        UploadRoom::ClientFull => Err(Failure::field(
            429,
            "request",
            "This browser has sent as many documents as the portal takes from one visitor in a day; please try again tomorrow.",
        )),
    }
}

/// Too many uploads contending for a count at once: try again.
fn too_many_at_once(field: &str) -> Failure {
    Failure::field(429, field, "Too many uploads at once; choose the file again.")
}

/// Past the day's upload budget (the agent is alerted).
fn uploads_paused() -> Failure {
    Failure::field(503, "request", "The document portal's uploads are paused for today; please try again tomorrow.")
}

/// `POST /api/concierge` `{submission, documents: {field: id}, acknowledgment: true, <honeypot>}`,
/// or without JavaScript the portal's whole form as multipart/form-data.
pub async fn submit(mut req: Request, env: &Env, settings: &Settings) -> Result<Response, Failure> {
    let forms = &content().forms;
    let max = u64::from(forms.limits.body_max_bytes);
    let kind = sized_up(&req, multipart_max(forms), &[BodyKind::Json, BodyKind::Multipart])?;
    if kind == BodyKind::Multipart {
        return submit_without_script(req, env, settings).await;
    }
    // JSON has its own, far smaller limit, also checked before the body is read.
    sized_up(&req, max, &[BodyKind::Json])?;
    let input = parse_json(&read_body(&mut req, max).await?).map_err(|e| Failure::Refused(400, e))?;
    if input.is_bot(forms) {
        return Ok(Response::from_json(&serde_json::json!({ "ok": true }))?);
    }
    let done = check_final(forms, &input).map_err(|e| Failure::Refused(400, e))?;
    check_token(settings, &done.submission, input.fields.get(SUBMISSION_TOKEN_FIELD).map(String::as_str))?;
    let token = input.fields.get(check::FIELD).map(String::as_str);
    let trust = super::bot_check(&req, settings, token, Some(&done.submission), false).await?;
    let origin = req.url()?.origin().ascii_serialization();
    let recorded = file(settings, &storage::bucket(env)?, &origin, &client(&req)?, &done, trust).await?;
    console_log!("concierge filed: the isolate's wasm memory is {} MiB", services::wasm_memory_mib());
    match recorded.email {
        State::Delivered => Ok(Response::from_json(&serde_json::json!({ "ok": true, "id": recorded.id }))?),
        // A parallel filing is still sending it (beyond one attempt's time): filed, being sent.
        State::Claimed => {
            Ok(Response::from_json(&serde_json::json!({ "ok": true, "id": recorded.id, "status": "being sent" }))?
                .with_status(202))
        }
        // Recorded, so the scheduled retry still delivers it; but the visitor hears the truth.
        _ => Err(Failure::field(
            502,
            "request",
            "Your documents are stored, but the e-mail to the agent could not be sent yet.",
        )),
    }
}

/// The largest whole form without JavaScript: every document at its limit, plus the rest.
fn multipart_max(forms: &Forms) -> u64 {
    let c = &forms.concierge;
    c.max_file_bytes * c.documents.len() as u64 + u64::from(forms.limits.body_max_bytes)
}

/// The portal's form posted without JavaScript: one multipart request. Each document is read
/// (at most the 10 MB limit, which multer enforces as it reads), checked by its first bytes and
/// stored before the next part is read — so at most one is held at a time — then the set is filed
/// like the JSON submission. The visitor gets the portal's thank-you or error page (303); unless
/// filed, what was stored of this post is removed again.
async fn submit_without_script(mut req: Request, env: &Env, settings: &Settings) -> Result<Response, Failure> {
    let bucket = storage::bucket(env)?;
    let submission = random_uuid()?;
    let mut stored = Vec::new();
    // No token can come without JavaScript: unverified when the check is on, and counted first.
    let trust = super::bot_check(&req, settings, None, None, true).await?;
    let counted = match trust {
        Trust::Unverified => bot_check::count_unverified(settings, &bucket, &client(&req)?).await,
        _ => Ok(()),
    };
    let outcome = match counted {
        Ok(()) => read_and_file(&mut req, settings, &bucket, &submission, &mut stored, trust).await,
        Err(refused) => {
            if let Some(body) = req.inner().body() {
                upload_stream::drain(&body).await;
            }
            Err(refused)
        }
    };
    // Whatever this post stored is kept only if it was filed; what it was charged is given back.
    if !matches!(outcome, Ok(Filed::Yes)) {
        let who = client(&req)?;
        for (key, length) in &stored {
            match bucket.delete(key).await {
                Ok(()) => budget::refund_upload(settings, &bucket, &who, *length).await,
                Err(e) => console_error!("removing {} of a post not filed: {e}", loggable(key)),
            }
        }
    }
    console_log!("concierge without JavaScript: the isolate's wasm memory is {} MiB", services::wasm_memory_mib());
    match outcome {
        Ok(_) => super::redirect_to(&req, CONCIERGE_THANK_YOU, "concierge"),
        Err(Failure::Refused(status, errors)) => {
            let why: Vec<String> = errors.iter().map(|e| format!("{}: {}", e.field, e.message)).collect();
            console_warn!("concierge without JavaScript refused ({status}): {}", why.join("; "));
            super::redirect_to(&req, CONCIERGE_FORM_ERROR, "concierge")
        }
        Err(other) => Err(other),
    }
}

enum Filed {
    Yes,
    /// The honeypot was filled: answered like a success, kept nowhere.
    Dropped,
    /// The same post again (a double tap, a reload that sent it twice): answered like the first,
    /// which is filed; this one's documents are removed.
    Repeat,
}

async fn read_and_file(
    req: &mut Request,
    settings: &Settings,
    bucket: &Bucket,
    submission: &str,
    stored: &mut Vec<(String, u64)>,
    trust: Trust,
) -> Result<Filed, Failure> {
    let forms = &content().forms;
    let c = &forms.concierge;
    let content_type = req.headers().get("Content-Type")?.unwrap_or_default();
    let boundary = multipart::boundary(&content_type).map_err(|(status, errors)| Failure::Refused(status, errors))?;
    let constraints = multipart::constraints(forms, multipart_max(forms));
    // The body as multer wants it: a Send stream (wasm has one thread, so this wrapper is sound).
    let mut body = SendWrapper::new(req.stream()?);
    let stream = futures_util::stream::poll_fn(move |cx| body.poll_next_unpin(cx))
        .map(|chunk| chunk.map_err(|e| std::io::Error::other(e.to_string())));
    let mut parts = Multipart::with_constraints(stream, boundary, constraints);

    let mut input = Input::default();
    input.fields.insert("submission".into(), submission.to_string());
    let client = client(req)?;
    let mut print = PostPrint::new("concierge", &client);
    // Every part read and stored; on a refusal the rest of the body is read and dropped before the
    // answer, so the browser still sending gets the error page rather than a reset connection.
    let read = async {
        loop {
            let part = match parts.next_field().await {
                Ok(Some(part)) => part,
                Ok(None) => break,
                Err(e) => return Err(multipart_refusal(forms, e)),
            };
            let name = part.name().unwrap_or_default().to_string();
            let Some(document) = c.documents.iter().find(|d| d.field == name) else {
                // Decoded here rather than by multer's `text()`, which would link in every legacy
                // charset's tables (~170 KB of wasm) for forms that browsers send as UTF-8 anyway.
                let bytes = part.bytes().await.map_err(|e| multipart_refusal(forms, e))?;
                let value = String::from_utf8(Vec::from(bytes))
                    .map_err(|_| Failure::field(400, &name, "Expected UTF-8 text."))?;
                print.field(&name, &value);
                input.fields.insert(name, value);
                continue;
            };
            let file_name = one_line(part.file_name().unwrap_or_default());
            if file_name.len() > NAME_MAX_BYTES {
                return Err(Failure::field(400, &name, NAME_TOO_LONG));
            }
            // Its first bytes (as many as a repeat's print reads) decide its type before any is stored.
            let mut part = part;
            let mut head = Vec::new();
            while head.len() < FILE_HEAD {
                match part.chunk().await.map_err(|e| multipart_refusal(forms, e))? {
                    Some(chunk) => head.extend_from_slice(&chunk),
                    None => break,
                }
            }
            if head.is_empty() {
                continue; // No file chosen: check_final names it.
            }
            let file_type = check_type(forms, document, &head[..head.len().min(SNIFF_LEN)])
                .map_err(|(status, errors)| Failure::Refused(status, errors))?;
            upload_room(settings, bucket, &client, head.len() as u64).await?;
            if stored.is_empty() {
                // Its end, before its first byte is stored: should this post be cut off past here, the
                // cron deletes what it left (once filed, its documents get their own end).
                retention::set(bucket, now_ms() + UNFILED_MS, Job::Unfiled, submission).await?;
            }
            let stored_name = proven_name(&file_name, file_type);
            let key = object_key(submission, now_ms(), &document.field, &stored_name);
            let mut doc =
                DocumentStream::new(key.clone(), file_type, metadata_of(submission, &document.field, &stored_name));
            // Stored as it arrives, a part at a time, never held whole.
            let streamed = stream_rest(settings, bucket, &client, &mut doc, &mut part, &head).await;
            let length = match streamed {
                Ok(()) => doc.finish(bucket).await?,
                Err(failure) => {
                    doc.abandon().await;
                    return Err(failure);
                }
            };
            print.file(&name, &file_name, length, &head);
            budget::charge_upload(settings, bucket, &client, length).await;
            stored.push((key.clone(), length));
            input.groups.entry("documents".into()).or_default().insert(document.field.clone(), key);
        }
        Ok::<(), Failure>(())
    }
    .await;
    if let Err(failure) = read {
        drain(&mut parts).await;
        return Err(failure);
    }
    if input.is_bot(forms) {
        return Ok(Filed::Dropped);
    }
    let done = check_final(forms, &input).map_err(|e| Failure::Refused(400, e))?;
    // A static form carries no key per visit: a repeat is the same client sending the same parts.
    let once_key = print.key("concierge");
    if let Some(first) = once::claim(bucket, &once_key, submission).await? {
        console_warn!("concierge without JavaScript: a repeat of {first}; nothing filed again");
        return Ok(Filed::Repeat);
    }
    let origin = req.url()?.origin().ascii_serialization();
    // Recorded is filed: an e-mail not sent yet goes out with the scheduled retry.
    if let Err(failure) = file(settings, bucket, &origin, &client, &done, trust).await {
        once::forget(bucket, &once_key).await;
        return Err(failure);
    }
    Ok(Filed::Yes)
}

/// What is left of a multipart body, read and dropped (multer still bounds it).
async fn drain(parts: &mut Multipart<'_>) {
    while let Ok(Some(mut part)) = parts.next_field().await {
        while let Ok(Some(_)) = part.chunk().await {}
    }
}

/// The rest of a document part after its `head`, into `doc`, the day's room checked before each
/// part is stored and before what is left (the last part, or the whole document when it fits one).
async fn stream_rest(
    settings: &Settings,
    bucket: &Bucket,
    client: &str,
    doc: &mut DocumentStream,
    part: &mut multer::Field<'_>,
    head: &[u8],
) -> Result<(), Failure> {
    doc.push(bucket, head).await?;
    while let Some(chunk) = part.chunk().await.map_err(|e| multipart_refusal(&content().forms, e))? {
        if doc.stores_with(chunk.len()) {
            upload_room(settings, bucket, client, doc.length() + chunk.len() as u64).await?;
        }
        doc.push(bucket, &chunk).await?;
    }
    upload_room(settings, bucket, client, doc.length()).await
}

/// What a multipart body that could not be read gets (domain::multipart::refusal).
fn multipart_refusal(forms: &Forms, e: multer::Error) -> Failure {
    let (status, errors) = multipart::refusal(forms, e);
    Failure::Refused(status, errors)
}
