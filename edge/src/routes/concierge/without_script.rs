//! The portal's form posted without JavaScript: one multipart request, documents and all.

use super::admission::{day_room, multipart_max, reserve};
use crate::failure::Failure;
use crate::routes::request::{self, client, declared_length, respond, url_of};
use crate::services::concierge::{file, metadata_of, remove_unfiled};
use crate::services::document_stream::DocumentStream;
use crate::services::form_parts::Parts;
use crate::services::{self, bot_check, now_ms, once, random_uuid, retention, storage, upload_stream};
use domain::answer::{answer, Pages, Taken};
use domain::bot_check::Trust;
use domain::concierge::{check_final, check_type, NAME_TOO_LONG};
use domain::content::content;
use domain::documents::{object_key, proven_name, NAME_MAX_BYTES};
use domain::form::FormKind;
use domain::multipart;
use domain::once::{PostPrint, FILE_HEAD};
use domain::retention::{Job, UNFILED_MS};
use domain::settings::Settings;
use domain::submit::Input;
use jax_model::forms::SNIFF_LEN;
use jax_model::submission::one_line;
use worker::{console_log, console_warn, Bucket, Env, Request, Response};

/// The portal's form posted without JavaScript: one multipart request. Each document is read
/// (at most its size limit, which the reader enforces as it reads), checked by its first bytes and
/// stored before the next part is read — so at most one is held at a time — then the set is filed
/// like the JSON submission. The visitor gets the portal's thank-you or error page (303, decided by
/// domain/answer.rs); unless filed, what was stored of this post is removed again.
pub async fn submit(mut req: Request, env: &Env, settings: &Settings) -> Result<Response, Failure> {
    let taken = take(&mut req, env, settings).await;
    respond(&req, FormKind::Concierge.name(), answer(Pages::CONCIERGE, true, taken))
}

/// What became of the post: every document stored and the set filed, or nothing kept.
async fn take(req: &mut Request, env: &Env, settings: &Settings) -> Result<Taken, Failure> {
    let bucket = storage::bucket(env)?;
    let submission = random_uuid()?;
    let mut stored = Vec::new();
    // No token can come without JavaScript: unverified when the check is on, and counted first.
    let trust = request::bot_check(req, settings, None, None, true).await?;
    let who = client(req)?;
    let counted = match trust {
        Trust::Unverified => bot_check::count_unverified(settings, &bucket, &who).await,
        _ => Ok(()),
    };
    // The post stores at most its length: that much of the client's share is taken first.
    let length = declared_length(req)?;
    let admitted = match counted {
        Ok(()) => {
            let most = length.unwrap_or(multipart_max(&content().forms));
            reserve(settings, &bucket, &who, most, "request").await
        }
        Err(refused) => Err(refused),
    };
    let outcome = match admitted {
        Ok(reservation) => {
            let outcome = read_and_file(req, settings, &bucket, &submission, &mut stored, trust).await;
            match outcome {
                Ok(Filed::Yes) => reservation.stored(&bucket, kept(&stored)).await,
                _ => reservation.release(&bucket).await,
            }
            outcome
        }
        Err(refused) => {
            if let Some(body) = req.inner().body() {
                upload_stream::drain(&body).await;
            }
            Err(refused)
        }
    };
    // Whatever this post stored is kept only if it was filed (and charged only then).
    if !matches!(outcome, Ok(Filed::Yes)) {
        remove_unfiled(&bucket, stored.iter().map(|(key, _)| key.as_str())).await;
    }
    console_log!("concierge without JavaScript: the isolate's wasm memory is {} MiB", services::wasm_memory_mib());
    outcome.map(|_| Taken::Quietly)
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
    let boundary = multipart::boundary(&content_type)?;
    let limits = multipart::limits(forms, multipart_max(forms));
    let mut parts = Parts::new(multipart::Reader::new(forms, &boundary, limits), req.stream()?);

    let mut input = Input::default();
    input.fields.insert("submission".into(), submission.to_string());
    let client = client(req)?;
    let action = request::action(&url_of(req)?);
    let mut print = PostPrint::new(&action, &client);
    // Every part read and stored; on a refusal the rest of the body is read and dropped before the
    // answer, so the browser still sending gets the error page rather than a reset connection.
    let read = async {
        loop {
            let Some((name, file_name)) = parts.next_part().await? else { break };
            let Some(document) = c.documents.iter().find(|d| d.field == name) else {
                // Browsers send forms as UTF-8.
                let bytes = parts.bytes().await?;
                let value = String::from_utf8(bytes).map_err(|_| Failure::field(400, &name, "Expected UTF-8 text."))?;
                print.field(&name, &value);
                input.fields.insert(name, value);
                continue;
            };
            let file_name = one_line(file_name.as_deref().unwrap_or_default());
            if file_name.len() > NAME_MAX_BYTES {
                return Err(Failure::field(400, &name, NAME_TOO_LONG));
            }
            // Its first bytes (as many as a repeat's print reads) decide its type before any is stored.
            let mut head = Vec::new();
            while head.len() < FILE_HEAD {
                match parts.chunk().await? {
                    Some(chunk) => head.extend_from_slice(&chunk),
                    None => break,
                }
            }
            if head.is_empty() {
                continue; // No file chosen: check_final names it.
            }
            let file_type = check_type(forms, document, &head[..head.len().min(SNIFF_LEN)])?;
            day_room(settings, bucket, kept(stored) + head.len() as u64).await?;
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
            let streamed = stream_rest(settings, bucket, kept(stored), &mut doc, &mut parts, &head).await;
            let length = match streamed {
                Ok(()) => doc.finish(bucket).await?,
                Err(failure) => {
                    doc.abandon().await;
                    return Err(failure);
                }
            };
            print.file(&name, &file_name, length, &head);
            stored.push((key.clone(), length));
            input.groups.entry("documents".into()).or_default().insert(document.field.clone(), key);
        }
        Ok::<(), Failure>(())
    }
    .await;
    if let Err(failure) = read {
        parts.drain().await;
        return Err(failure);
    }
    if input.is_bot(forms) {
        return Ok(Filed::Dropped);
    }
    let done = check_final(forms, &input).map_err(|e| Failure::Refused(400, e))?;
    // A static form carries no key per visit: a repeat is the same client sending the same parts.
    let once_key = print.key(&action);
    if let Some(first) = once::claim(bucket, &once_key, submission).await? {
        console_warn!("concierge without JavaScript: a repeat of {first}; nothing filed again");
        return Ok(Filed::Repeat);
    }
    // Recorded is filed: an e-mail not sent yet goes out with the scheduled retry.
    if let Err(failure) = file(settings, bucket, &client, &done, trust).await {
        once::forget(bucket, &once_key).await;
        return Err(failure);
    }
    Ok(Filed::Yes)
}

/// Bytes a post stored so far.
fn kept(stored: &[(String, u64)]) -> u64 {
    stored.iter().map(|(_, length)| length).sum()
}

/// The rest of a document part after its `head`, into `doc`, the day's room (for this document and
/// the post's `before` it) checked before each part is stored and before what is left (the last
/// part, or the whole document when it fits one).
async fn stream_rest(
    settings: &Settings,
    bucket: &Bucket,
    before: u64,
    doc: &mut DocumentStream,
    parts: &mut Parts,
    head: &[u8],
) -> Result<(), Failure> {
    doc.push(bucket, head).await?;
    while let Some(chunk) = parts.chunk().await? {
        if doc.stores_with(chunk.len()) {
            day_room(settings, bucket, before + doc.length() + chunk.len() as u64).await?;
        }
        doc.push(bucket, &chunk).await?;
    }
    day_room(settings, bucket, before + doc.length()).await
}
