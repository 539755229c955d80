//! The set submitted with the acknowledgment, idempotently, as one e-mail to the agent with a
//! signed link per document.

use super::admission::{check_token, multipart_max};
use super::without_script;
use crate::failure::Failure;
use crate::routes::request::{client, read_body, sized_up};
use crate::services::concierge::file;
use crate::services::{self, storage};
use domain::bot_check as check;
use domain::concierge::check_final;
use domain::content::content;
use domain::http::BodyKind;
use domain::queue::State;
use domain::settings::Settings;
use domain::submit::parse_json;
use jax_model::api::SUBMISSION_TOKEN_FIELD;
use worker::{console_log, Env, Request, Response};

/// `POST /api/concierge` `{submission, documents: {field: id}, acknowledgment: true, <honeypot>}`,
/// or without JavaScript the portal's whole form as multipart/form-data.
pub async fn submit(mut req: Request, env: &Env, settings: &Settings) -> Result<Response, Failure> {
    let forms = &content().forms;
    let max = u64::from(forms.limits.body_max_bytes);
    let kind = sized_up(&req, multipart_max(forms), &[BodyKind::Json, BodyKind::Multipart])?;
    if kind == BodyKind::Multipart {
        return without_script::submit(req, env, settings).await;
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
    let trust = crate::routes::request::bot_check(&req, settings, token, Some(&done.submission), false).await?;
    let recorded = file(settings, &storage::bucket(env)?, &client(&req)?, &done, trust).await?;
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
