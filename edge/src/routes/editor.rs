//! The editor's GitHub sign-in (domain/editor_auth.rs says how it decides): `GET` only, apart from
//! the forms' settings, so a deployment whose e-mail is misconfigured still lets her sign in, and
//! one without the OAuth app's keys serves the rest of the site as usual.

use crate::domain::content::content;
use crate::domain::editor_auth::{self as auth, Callback, GitHubApp, Outcome};
use crate::failure::Failure;
use crate::services::{self, fetch};
use jax_model::editor::{AUTH_BEGIN, AUTH_CALLBACK, AUTH_STATUS};
use worker::{console_error, console_warn, Env, Method, Request, Response};

/// GitHub asks every API caller to name itself.
const USER_AGENT: &str = "move-to-jax-editor";

pub async fn route(req: &Request, env: &Env, path: &str) -> Result<Response, Failure> {
    if req.method() != Method::Get {
        return Err(Failure::Method("GET"));
    }
    // Both the OAuth app's keys and site.yaml's `editor:` block, or the sign-in is off.
    let app = GitHubApp::from_lookup(|name| services::setting(env, name))
        .unwrap_or_else(|missing| {
            console_error!("the editor's sign-in is off: this deployment's settings are wrong: {}", missing.join(", "));
            None
        })
        .filter(|_| content().editor_accounts.is_some());
    match (path, app) {
        (AUTH_STATUS, app) => Ok(Response::from_json(&serde_json::json!({ "sign_in": app.is_some() }))?),
        (AUTH_BEGIN | AUTH_CALLBACK, None) => page(Outcome::refused(503, auth::OFF), false),
        (AUTH_BEGIN, Some(app)) => begin(req, &app),
        (AUTH_CALLBACK, Some(app)) => page(callback(req, &app).await?, true),
        _ => Err(Failure::NotFound),
    }
}

/// A new state in this browser's cookie, and the way to GitHub's consent page.
fn begin(req: &Request, app: &GitHubApp) -> Result<Response, Failure> {
    let state = auth::state_of(&services::random_bytes()?);
    let origin = req.url()?.origin().ascii_serialization();
    let mut response = Response::empty()?.with_status(302);
    let headers = response.headers_mut();
    headers.set("Location", &app.authorize_url(&origin, &state))?;
    headers.set("Set-Cookie", &auth::state_cookie(&state))?;
    headers.set("Referrer-Policy", "no-referrer")?;
    Ok(response)
}

/// GitHub's answer: checked against this browser's state, the code exchanged, the account checked.
async fn callback(req: &Request, app: &GitHubApp) -> Result<Outcome, Failure> {
    let url = req.url()?;
    let query: Vec<(String, String)> = url.query_pairs().into_owned().collect();
    let cookie = req.headers().get("Cookie")?;
    let code = match auth::callback(&query, auth::cookie_state(cookie.as_deref())) {
        Callback::Code(code) => code,
        Callback::WrongState => return Ok(Outcome::refused(403, auth::WRONG_STATE)),
        Callback::Denied => return Ok(Outcome::refused(403, auth::DENIED)),
        Callback::Failed(error) => {
            console_warn!("editor sign-in: GitHub answered {error}");
            return Ok(Outcome::refused(502, auth::GITHUB_FAILED));
        }
    };
    let origin = url.origin().ascii_serialization();
    let (token_url, body) = app.token_request(&origin, &code);
    let form = [
        ("Content-Type", "application/x-www-form-urlencoded"),
        ("Accept", "application/json"),
        ("User-Agent", USER_AGENT),
    ];
    let token = match fetch::send(Method::Post, &token_url, &form, Some(&body)).await {
        Ok((200, answer)) => auth::token_of(&answer),
        Ok((status, _)) => Err(format!("status {status}")),
        Err(outcome) => Err(format!("{outcome:?}")),
    };
    let token = match token {
        Ok(token) => token,
        Err(why) => {
            console_warn!("editor sign-in: the code's exchange failed: {why}");
            return Ok(Outcome::refused(502, auth::GITHUB_FAILED));
        }
    };
    let bearer = format!("Bearer {token}");
    let user =
        [("Authorization", bearer.as_str()), ("Accept", "application/vnd.github+json"), ("User-Agent", USER_AGENT)];
    let login = match fetch::send(Method::Get, &app.user_url(), &user, None).await {
        Ok((200, answer)) => auth::login_of(&answer),
        _ => None,
    };
    let Some(login) = login else {
        console_warn!("editor sign-in: GitHub did not say whose token it gave");
        return Ok(Outcome::refused(502, auth::GITHUB_FAILED));
    };
    let allowed =
        content().editor_accounts.as_deref().is_some_and(|accounts| jax_model::editor::allows(accounts, &login));
    if !allowed {
        console_warn!("editor sign-in: {login} is not among site.yaml's editor.accounts");
        return Ok(Outcome::refused(403, auth::not_allowed(&login)));
    }
    Ok(Outcome::SignedIn { token })
}

/// The sign-in window's page; the state's cookie cleared once GitHub has answered.
fn page(outcome: Outcome, spend_state: bool) -> Result<Response, Failure> {
    let mut response = Response::from_html(outcome.page())?.with_status(outcome.status());
    let headers = response.headers_mut();
    for (name, value) in auth::page_headers() {
        headers.set(name, &value)?;
    }
    if spend_state {
        headers.set("Set-Cookie", &auth::cleared_cookie())?;
    }
    Ok(response)
}
