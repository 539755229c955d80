//! The editor's GitHub sign-in (domain/editor_auth.rs says how it decides): `GET` apart from the
//! token's renewal, and apart from the forms' settings, so a deployment whose e-mail is
//! misconfigured still lets her sign in, and one without the GitHub App's keys serves the rest of
//! the site as usual. A preview has no sign-in.

use crate::failure::Failure;
use crate::routes::request::url_of;
use crate::services::{self, fetch};
use domain::content::content;
use domain::editor_auth::{self as auth, Callback, GitHubApp, NoTokens, Outcome, Tokens};
use domain::settings;
use jax_model::editor::{AUTH_BEGIN, AUTH_CALLBACK, AUTH_REFRESH, AUTH_STATUS};
use worker::{console_error, console_warn, Env, Method, Request, Response};

/// GitHub asks every API caller to name itself.
const USER_AGENT: &str = "move-to-jax-editor";

pub async fn route(req: &Request, env: &Env, path: &str) -> Result<Response, Failure> {
    match (path, req.method()) {
        (AUTH_REFRESH, Method::Post) | (AUTH_BEGIN | AUTH_CALLBACK | AUTH_STATUS, Method::Get) => {}
        (AUTH_REFRESH, _) => return Err(Failure::Method("POST")),
        (AUTH_BEGIN | AUTH_CALLBACK | AUTH_STATUS, _) => return Err(Failure::Method("GET")),
        _ => return Err(Failure::NotFound),
    }
    // Both the OAuth app's keys and site.yaml's `editor:` block, or the sign-in is off.
    let app = GitHubApp::from_lookup(|name| services::setting(env, name))
        .unwrap_or_else(|missing| {
            console_error!("the editor's sign-in is off: this deployment's settings are wrong: {}", missing.join(", "));
            None
        })
        .filter(|_| content().editor_accounts.is_some())
        // A pull request's preview edits nothing: its sign-in is off whatever its settings.
        .filter(|_| !settings::is_preview(|name| services::setting(env, name)));
    match (path, app) {
        (AUTH_STATUS, app) => Ok(Response::from_json(&serde_json::json!({ "sign_in": app.is_some() }))?),
        (AUTH_BEGIN | AUTH_CALLBACK, None) => page(Outcome::refused(503, auth::OFF), false, None),
        (AUTH_REFRESH, None) => renewed(Err((503, auth::OFF.into())), None),
        (AUTH_BEGIN, Some(app)) => begin(req, &app),
        (AUTH_CALLBACK, Some(app)) => {
            let (outcome, refresh) = match callback(req, &app).await? {
                Ok(tokens) => {
                    let cookie = tokens.refresh_cookie();
                    (Outcome::SignedIn { token: tokens.access, expires_in: tokens.expires_in }, Some(cookie))
                }
                Err((status, message)) => (Outcome::refused(status, message), None),
            };
            page(outcome, true, refresh)
        }
        (AUTH_REFRESH, Some(app)) => refresh(req, &app).await,
        _ => Err(Failure::NotFound),
    }
}

/// A refusal: the status and the words she reads.
type Refusal = (u16, String);

/// A new state in this browser's cookie, and the way to GitHub's consent page.
fn begin(req: &Request, app: &GitHubApp) -> Result<Response, Failure> {
    let state = auth::state_of(&services::random_bytes()?);
    let origin = url_of(req)?.origin;
    let mut response = Response::empty()?.with_status(302);
    let headers = response.headers_mut();
    headers.set("Location", &app.authorize_url(&origin, &state))?;
    headers.set("Set-Cookie", &auth::state_cookie(&state))?;
    headers.set("Referrer-Policy", "no-referrer")?;
    headers.set(auth::OPENER_POLICY.0, auth::OPENER_POLICY.1)?;
    Ok(response)
}

/// GitHub's answer: checked against this browser's state, the code exchanged, the account checked.
async fn callback(req: &Request, app: &GitHubApp) -> Result<Result<Tokens, Refusal>, Failure> {
    let url = url_of(req)?;
    let query: Vec<(String, String)> = url.query_pairs();
    let cookie = req.headers().get("Cookie")?;
    let code = match auth::callback(&query, auth::cookie_state(cookie.as_deref())) {
        Callback::Code(code) => code,
        Callback::WrongState => return Ok(Err((403, auth::WRONG_STATE.into()))),
        Callback::Denied => return Ok(Err((403, auth::DENIED.into()))),
        Callback::Failed(error) => {
            console_warn!("editor sign-in: GitHub answered {error}");
            return Ok(Err((502, auth::GITHUB_FAILED.into())));
        }
    };
    let origin = url.origin;
    let tokens = match exchange(app.token_request(&origin, &code)).await {
        Ok(tokens) => tokens,
        Err(refusal) => return Ok(Err(refusal)),
    };
    Ok(check_account(app, &tokens).await.map(|()| tokens))
}

/// `POST /api/auth/refresh`: the refresh token in this browser's cookie exchanged for new tokens
/// (the account checked again: site.yaml may have dropped it since), or the sign-in ended.
async fn refresh(req: &Request, app: &GitHubApp) -> Result<Response, Failure> {
    let cookie = req.headers().get("Cookie")?;
    let Some(refresh_token) = auth::cookie(cookie.as_deref(), auth::REFRESH_COOKIE) else {
        return renewed(Err((401, auth::SIGNED_OUT.into())), None);
    };
    let tokens = match exchange(app.refresh_request(refresh_token)).await {
        Ok(tokens) => tokens,
        // GitHub is away: the cookie may still serve once it is back.
        Err((502, message)) => return renewed(Err((502, message)), None),
        Err(refusal) => return renewed(Err(refusal), Some(auth::cleared_refresh_cookie())),
    };
    // GitHub spent the old refresh token in the exchange: the new one is kept even when the
    // account could not be checked, else a moment's outage of its API would end her sign-in.
    let cookie = tokens.refresh_cookie();
    match check_account(app, &tokens).await {
        Ok(()) => renewed(Ok(tokens), Some(cookie)),
        Err((502, message)) => renewed(Err((502, message)), Some(cookie)),
        Err(refusal) => renewed(Err(refusal), Some(auth::cleared_refresh_cookie())),
    }
}

/// New tokens from GitHub, for a code or a refresh token (`request`: its URL and form).
async fn exchange(request: (String, String)) -> Result<Tokens, Refusal> {
    let (token_url, body) = request;
    let form = [
        ("Content-Type", "application/x-www-form-urlencoded"),
        ("Accept", "application/json"),
        ("User-Agent", USER_AGENT),
    ];
    let tokens = match fetch::send(Method::Post, &token_url, &form, Some(&body)).await {
        Ok((200, answer)) => auth::tokens_of(&answer),
        Ok((status, _)) => Err(NoTokens::Refused(format!("status {status}"))),
        Err(outcome) => Err(NoTokens::Refused(format!("{outcome:?}"))),
    };
    match tokens {
        Ok(tokens) => Ok(tokens),
        Err(NoTokens::NeverExpires) => {
            console_error!("editor sign-in: GitHub gave a token that never expires: the app is not a GitHub App with expiring user tokens");
            Err((502, auth::NEVER_EXPIRES.into()))
        }
        // A used, expired or revoked refresh token: her sign-in has ended.
        Err(NoTokens::Refused(why)) if why == "bad_refresh_token" => Err((401, auth::SIGNED_OUT.into())),
        // A code used already, or too late (they last 10 minutes): a sign-in to start again.
        Err(NoTokens::Refused(why)) if why == "bad_verification_code" => Err((400, auth::CODE_SPENT.into())),
        Err(NoTokens::Refused(why)) => {
            console_warn!("editor sign-in: the exchange failed: {why}");
            Err((502, auth::GITHUB_FAILED.into()))
        }
    }
}

/// Whether `tokens` are an account site.yaml lists (GitHub's API says whose they are).
async fn check_account(app: &GitHubApp, tokens: &Tokens) -> Result<(), Refusal> {
    let bearer = format!("Bearer {}", tokens.access);
    let user =
        [("Authorization", bearer.as_str()), ("Accept", "application/vnd.github+json"), ("User-Agent", USER_AGENT)];
    let login = match fetch::send(Method::Get, &app.user_url(), &user, None).await {
        Ok((200, answer)) => auth::login_of(&answer),
        _ => None,
    };
    let Some(login) = login else {
        console_warn!("editor sign-in: GitHub did not say whose token it gave");
        return Err((502, auth::GITHUB_FAILED.into()));
    };
    let allowed =
        content().editor_accounts.as_deref().is_some_and(|accounts| jax_model::editor::allows(accounts, &login));
    if !allowed {
        console_warn!("editor sign-in: {login} is not among site.yaml's editor.accounts");
        return Err((403, auth::not_allowed(&login)));
    }
    Ok(())
}

/// The renewal's answer: the new token and its seconds, or the words of the refusal; never kept.
fn renewed(answer: Result<Tokens, Refusal>, cookie: Option<String>) -> Result<Response, Failure> {
    let (status, body) = match answer {
        Ok(t) => (200, serde_json::json!({ "token": t.access, "expires_in": t.expires_in })),
        Err((status, message)) => (status, serde_json::json!({ "error": message })),
    };
    let mut response = Response::from_json(&body)?.with_status(status);
    let headers = response.headers_mut();
    headers.set("Cache-Control", "no-store")?;
    if let Some(cookie) = cookie {
        headers.set("Set-Cookie", &cookie)?;
    }
    Ok(response)
}

/// The sign-in window's page: the state's cookie spent once GitHub has answered, and the refresh
/// token's set when she is signed in (a failed answer leaves an earlier sign-in's alone: anyone's
/// link could bring her here).
fn page(outcome: Outcome, spend_state: bool, refresh: Option<String>) -> Result<Response, Failure> {
    let mut response = Response::from_html(outcome.page())?.with_status(outcome.status());
    let headers = response.headers_mut();
    for (name, value) in auth::page_headers() {
        headers.set(name, &value)?;
    }
    if spend_state {
        headers.append("Set-Cookie", &auth::cleared_cookie())?;
    }
    if let Some(refresh) = refresh {
        headers.append("Set-Cookie", &refresh)?;
    }
    Ok(response)
}
