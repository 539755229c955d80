//! Client Concierge: each document streamed into R2 in its own request (its type told by its first
//! bytes before anything is stored; never buffered whole), then the set submitted with the
//! acknowledgment, idempotently, as one e-mail to the agent with a signed link per document.

use super::{read_body, sized_up, DOCUMENTS};
use crate::domain::concierge::{check_final, check_type, check_upload, date, email, Listed};
use crate::domain::content::content;
use crate::domain::delivery::Outcome;
use crate::domain::documents::{object_key, sign};
use crate::domain::http::BodyKind;
use crate::domain::queue::{record_key, Delivery};
use crate::domain::submit::parse_json;
use crate::failure::Failure;
use crate::services::{mail, now_ms, settings, storage};
use futures_util::StreamExt;
use std::collections::{BTreeMap, HashMap};
use worker::{console_error, Conditional, Env, FixedLengthStream, HttpMetadata, Method, Request, Response};

/// Bytes enough to tell JPEG, PNG and PDF apart.
const MAGIC: usize = 8;
/// The stored documents' Cache-Control.
pub const CACHE_CONTROL: &str = "private, max-age=3600";

/// `POST /api/concierge/documents?submission=<uuid>&field=<field>&name=<file name>`, the file as
/// the body → `{"id": <key>}`.
pub async fn upload(mut req: Request, env: &Env) -> Result<Response, Failure> {
    if req.method() != Method::Post {
        return Err(Failure::Method("POST"));
    }
    let forms = &content().forms;
    let query: BTreeMap<String, String> = req.url()?.query_pairs().into_owned().collect();
    let length = req.headers().get("Content-Length")?.and_then(|l| l.trim().parse::<u64>().ok());
    let up = check_upload(forms, &query, length).map_err(|(status, errors)| Failure::Refused(status, errors))?;
    if !settings(env).can_sign_links() {
        return Err(Failure::Unavailable("DOCUMENT_LINK_SECRET is not set: documents are refused".into()));
    }
    // The first bytes decide the type before anything is stored.
    let mut body = req.stream().map_err(|_| Failure::field(400, &up.document.field, &up.document.required_message))?;
    let mut head = Vec::new();
    while head.len() < MAGIC {
        match body.next().await {
            Some(chunk) => head.extend(chunk?),
            None => break,
        }
    }
    let file_type = check_type(forms, up.document, &head).map_err(|(status, errors)| Failure::Refused(status, errors))?;
    let key = object_key(&up.submission, now_ms(), &up.document.field, &up.name);
    let rest = futures_util::stream::once(async move { Ok(head) }).chain(body);
    let metadata: HashMap<String, String> = [
        ("submission", up.submission.clone()),
        ("field", up.document.field.clone()),
        ("name", up.name.clone()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    let stored = storage::bucket(env)?
        .put(&key, FixedLengthStream::wrap(rest, up.length))
        .http_metadata(HttpMetadata {
            content_type: Some(file_type.mime().into()),
            cache_control: Some(CACHE_CONTROL.into()),
            ..Default::default()
        })
        .custom_metadata(metadata)
        .only_if(Conditional { etag_does_not_match: Some("*".into()), ..Default::default() })
        .execute()
        .await
        .map_err(|e| Failure::Unavailable(format!("storing {key}: {e}")))?;
    if stored.is_none() {
        return Err(Failure::field(409, &up.document.field, "This document was already stored; choose it again to replace it."));
    }
    Ok(Response::from_json(&serde_json::json!({ "id": key }))?.with_status(201))
}

/// `POST /api/concierge` `{submission, documents: {field: id}, acknowledged: true, <honeypot>}`.
pub async fn submit(mut req: Request, env: &Env) -> Result<Response, Failure> {
    let c = content();
    let forms = &c.forms;
    let max = u64::from(forms.limits.body_max_bytes);
    let kind = sized_up(&req, max, &[BodyKind::Json, BodyKind::Multipart])?;
    if kind == BodyKind::Multipart {
        return super::redirect_to(&req, super::FORM_ERROR, "concierge");
    }
    let input = parse_json(&read_body(&mut req, max).await?).map_err(|e| Failure::Refused(400, e))?;
    if input.fields.get(&forms.honeypot).is_some_and(|v| !v.trim().is_empty()) {
        return Ok(Response::from_json(&serde_json::json!({ "ok": true }))?);
    }
    let done = check_final(forms, &input).map_err(|e| Failure::Refused(400, e))?;
    let settings = settings(env);
    if !settings.can_sign_links() {
        return Err(Failure::Unavailable("DOCUMENT_LINK_SECRET is not set: documents are refused".into()));
    }
    let bucket = storage::bucket(env)?;
    let id = format!("concierge-{}", done.submission);
    let record_key = record_key(&id);

    // A retry of a submission already filed: no second record, no second e-mail once delivered.
    let mut delivery = match storage::get_json::<Delivery>(&bucket, &record_key).await? {
        Some(d) => d,
        None => {
            let origin = req.url()?.origin().ascii_serialization();
            let expires = now_ms() / 1000 + settings.link_lifetime_s;
            let mut listed = Vec::new();
            let mut missing = Vec::new();
            for (document, key) in &done.documents {
                match bucket.head(key).await? {
                    Some(object) => {
                        let name = object.custom_metadata().ok().and_then(|m| m.get("name").cloned()).unwrap_or_default();
                        let link = format!("{origin}{DOCUMENTS}{key}?expires={expires}&sig={}", sign(&settings.link_secret, key, expires));
                        listed.push(Listed { document, file_name: name, link });
                    }
                    None => missing.push(jax_model::submission::FieldError {
                        field: document.field.clone(),
                        message: document.required_message.clone(),
                    }),
                }
            }
            if !missing.is_empty() {
                return Err(Failure::Refused(400, missing));
            }
            let params = email(forms, &settings.agent_email, &listed, &date(expires));
            let d = Delivery::new(id.clone(), "concierge", &params, now_ms());
            if mail::record_new(&bucket, &d).await? {
                d
            } else {
                // Filed a moment ago by a parallel retry.
                storage::get_json::<Delivery>(&bucket, &record_key).await?.unwrap_or(d)
            }
        }
    };
    if delivery.delivered_ms.is_none() && mail::attempt(&settings, &bucket, &mut delivery).await != Outcome::Sent {
        // Recorded, so the scheduled retry still delivers it; but the visitor hears the truth.
        console_error!("concierge {id}: the agent's e-mail is not sent yet");
        return Err(Failure::Refused(
            502,
            vec![jax_model::submission::FieldError {
                field: "request".into(),
                message: "Your documents are stored, but the e-mail to the agent could not be sent yet.".into(),
            }],
        ));
    }
    Ok(Response::from_json(&serde_json::json!({ "ok": true, "id": id }))?)
}
