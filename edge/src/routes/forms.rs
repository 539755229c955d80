//! The lead form, the listing request, the contact form and the quiz: validated (domain/submit.rs),
//! judged by the bot check, then recorded and e-mailed (services/submissions.rs). The answer is
//! decided once (domain/answer.rs): JSON for the islands, a page for a form without JavaScript.

use super::request::{self, client, read_body, respond, sized_up, url_of};
use crate::failure::Failure;
use crate::services::submissions::{self, Post};
use domain::answer::{answer, Pages, Taken};
use domain::bot_check as check;
use domain::content::content;
use domain::crm;
use domain::form::FormKind;
use domain::http::BodyKind;
use domain::once;
use domain::settings::Settings;
use domain::submit::{accept, parse_json, parse_urlencoded, Accepted};
use worker::{Env, Request, Response};

pub async fn post(mut req: Request, env: &Env, kind: FormKind, settings: &Settings) -> Result<Response, Failure> {
    let max = u64::from(content().forms.limits.body_max_bytes);
    let body_kind = sized_up(&req, max, &[BodyKind::Json, BodyKind::UrlEncoded])?;
    let body = read_body(&mut req, max).await?;
    let plain = body_kind == BodyKind::UrlEncoded;
    let taken = take(&req, env, kind, settings, plain, &body).await;
    respond(&req, kind.name(), answer(Pages::of(kind), plain, taken))
}

/// What became of the post: checked, judged by the bot check (before anything is recorded), then
/// recorded and sent.
async fn take(
    req: &Request,
    env: &Env,
    kind: FormKind,
    settings: &Settings,
    plain: bool,
    body: &[u8],
) -> Result<Taken, Failure> {
    let refused = |errors| Failure::Refused(400, errors);
    let input = if plain { parse_urlencoded(body) } else { parse_json(body) }.map_err(refused)?;
    let client = client(req)?;
    let accepted = accept(kind, &input, content(), &settings.agent_email).map_err(refused)?;
    let once_key = once::key_of(&request::action(&url_of(req)?), &input, &client).map_err(|e| refused(vec![e]))?;
    let Accepted::Email(params) = accepted else { return Ok(Taken::Quietly) };
    // Without JavaScript there is no token to be had: unverified.
    let field = |name: &str| input.fields.get(name).map(String::as_str);
    let trust = request::bot_check(req, settings, field(check::FIELD), field(once::FIELD), plain).await?;
    let page = crm::page(req.headers().get("Referer")?.as_deref(), &req.inner().url());
    let post = Post { kind, params, trust, client: &client, once_key: &once_key, page };
    submissions::submit(settings, env, post).await
}
