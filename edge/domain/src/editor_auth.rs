//! The editor's GitHub sign-in (a GitHub App's web flow) as the worker serves it to Decap CMS:
//! the decisions and texts, without I/O (routes/editor.rs does the calls).
//!
//! `GET /api/auth/github` sets a random `state` in a cookie of this site and sends her to GitHub;
//! GitHub sends her back to `/api/auth/github/callback` with a code and that state. The state must
//! match the cookie (else someone else's sign-in is being slipped in), the code is exchanged for a
//! token, and the token goes to the editor only when its account is one `site.yaml` lists. The page
//! hands the token to the editor's window with Decap's handshake (`authorizing:github`, then
//! `authorization:github:success:{…}`, or `…:error:{"message"}`), to its own origin only.
//!
//! The app is installed on the site's repository alone, with contents and pull requests, and its
//! user tokens expire after 8 hours: the editor holds only that token. The refresh token that
//! renews it stays in an HttpOnly cookie of this site (`POST /api/auth/refresh`), useless to anyone
//! without the app's secret, which only the worker has.

use crate::fallback::escape;
use jax_model::editor::AUTH_CALLBACK;

/// The GitHub App (worker secrets GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET: its client id and a
/// client secret) and where GitHub is (GITHUB_URL and GITHUB_API_URL: the tests point them at a
/// fake on loopback).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GitHubApp {
    pub client_id: String,
    pub client_secret: String,
    pub web_url: String,
    pub api_url: String,
}

pub const WEB_URL: &str = "https://github.com";
pub const API_URL: &str = "https://api.github.com";

impl GitHubApp {
    /// The app, None when neither key is set (the editor's sign-in is off), or the settings at
    /// fault: one key alone, or a GitHub URL that is not https (or loopback).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Option<GitHubApp>, Vec<String>> {
        let get = |name: &str| get(name).filter(|v| !v.trim().is_empty());
        let (client_id, client_secret) = match (get("GITHUB_CLIENT_ID"), get("GITHUB_CLIENT_SECRET")) {
            (None, None) => return Ok(None),
            (Some(id), Some(secret)) => (id, secret),
            (Some(_), None) => return Err(vec!["GITHUB_CLIENT_SECRET (with GITHUB_CLIENT_ID)".into()]),
            (None, Some(_)) => return Err(vec!["GITHUB_CLIENT_ID (with GITHUB_CLIENT_SECRET)".into()]),
        };
        let web_url = get("GITHUB_URL").unwrap_or_else(|| WEB_URL.into());
        let api_url = get("GITHUB_API_URL").unwrap_or_else(|| API_URL.into());
        let wrong: Vec<String> = [("GITHUB_URL", &web_url), ("GITHUB_API_URL", &api_url)]
            .into_iter()
            .filter(|(_, url)| !crate::http::is_secure_url(url))
            .map(|(name, _)| format!("{name} (an https:// URL)"))
            .collect();
        if !wrong.is_empty() {
            return Err(wrong);
        }
        let trim = |u: String| u.trim_end_matches('/').to_string();
        Ok(Some(GitHubApp { client_id, client_secret, web_url: trim(web_url), api_url: trim(api_url) }))
    }

    /// GitHub's consent page for this app, coming back to `origin`'s callback with `state`. No
    /// scope: a GitHub App's token can do what its installation allows, nothing more.
    pub fn authorize_url(&self, origin: &str, state: &str) -> String {
        let query = form_urlencoded::Serializer::new(String::new())
            .append_pair("client_id", &self.client_id)
            .append_pair("redirect_uri", &format!("{origin}{AUTH_CALLBACK}"))
            .append_pair("state", state)
            .append_pair("allow_signup", "false")
            .finish();
        format!("{}/login/oauth/authorize?{query}", self.web_url)
    }

    /// The code's exchange: where to POST, and the form it takes.
    pub fn token_request(&self, origin: &str, code: &str) -> (String, String) {
        let body = form_urlencoded::Serializer::new(String::new())
            .append_pair("client_id", &self.client_id)
            .append_pair("client_secret", &self.client_secret)
            .append_pair("code", code)
            .append_pair("redirect_uri", &format!("{origin}{AUTH_CALLBACK}"))
            .finish();
        (format!("{}/login/oauth/access_token", self.web_url), body)
    }

    /// A refresh token's exchange for new tokens (the old pair stops working).
    pub fn refresh_request(&self, refresh_token: &str) -> (String, String) {
        let body = form_urlencoded::Serializer::new(String::new())
            .append_pair("client_id", &self.client_id)
            .append_pair("client_secret", &self.client_secret)
            .append_pair("grant_type", "refresh_token")
            .append_pair("refresh_token", refresh_token)
            .finish();
        (format!("{}/login/oauth/access_token", self.web_url), body)
    }

    /// Who the token belongs to: `GET /user`.
    pub fn user_url(&self) -> String {
        format!("{}/user", self.api_url)
    }
}

/// The cookie that carries the sign-in's state from its start to GitHub's answer: this site's only
/// (`__Host-`), never read by scripts, sent back on GitHub's redirect (a top-level GET: Lax).
pub const STATE_COOKIE: &str = "__Host-editor-state";
/// How long she has to answer GitHub's consent page.
pub const STATE_SECONDS: u32 = 600;

pub fn state_cookie(state: &str) -> String {
    format!("{STATE_COOKIE}={state}; Path=/; Max-Age={STATE_SECONDS}; HttpOnly; Secure; SameSite=Lax")
}

/// The cookie spent: every answer of the callback clears it, so a state serves one sign-in.
pub fn cleared_cookie() -> String {
    format!("{STATE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax")
}

/// A state: 32 random bytes as hex.
pub fn state_of(bytes: &[u8; 32]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The state cookie's value in a `Cookie` header.
pub fn cookie_state(header: Option<&str>) -> Option<&str> {
    cookie(header, STATE_COOKIE)
}

/// A cookie's value in a `Cookie` header; an empty one is none.
pub fn cookie<'a>(header: Option<&'a str>, name: &str) -> Option<&'a str> {
    header?
        .split(';')
        .filter_map(|c| c.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v)
        .filter(|v| !v.is_empty())
}

/// The cookie that keeps the refresh token: this site's only, never read by scripts, sent only by
/// the site's own pages (`Strict`: no other site's form can spend it).
pub const REFRESH_COOKIE: &str = "__Host-editor-refresh";

pub fn refresh_cookie(token: &str, seconds: u64) -> String {
    format!("{REFRESH_COOKIE}={token}; Path=/; Max-Age={seconds}; HttpOnly; Secure; SameSite=Strict")
}

pub fn cleared_refresh_cookie() -> String {
    format!("{REFRESH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict")
}

/// What GitHub's redirect back says.
#[derive(Debug, PartialEq, Eq)]
pub enum Callback {
    /// The state matches the cookie: exchange the code.
    Code(String),
    /// She declined on GitHub's consent page (`error=access_denied`).
    Denied,
    /// No state, or not the one this browser started with.
    WrongState,
    /// GitHub said something else went wrong: its `error` code, or a word saying it was not one
    /// (the query is anyone's to write, and this goes to the log).
    Failed(String),
}

/// GitHub's redirect back (`query`) against the state this browser holds (`cookie`).
pub fn callback(query: &[(String, String)], cookie: Option<&str>) -> Callback {
    let get = |name: &str| query.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()).filter(|v| !v.is_empty());
    let matches = match (get("state"), cookie) {
        (Some(q), Some(c)) => same(q.as_bytes(), c.as_bytes()),
        _ => false,
    };
    if !matches {
        return Callback::WrongState;
    }
    match (get("error"), get("code")) {
        (Some("access_denied"), _) => Callback::Denied,
        (Some(error), _) => Callback::Failed(error_code(error)),
        (None, Some(code)) => Callback::Code(code.to_string()),
        (None, None) => Callback::Failed("no code".into()),
    }
}

/// GitHub's error codes are short snake_case words (`redirect_uri_mismatch`); anything else is
/// not logged as sent.
fn error_code(error: &str) -> String {
    let code = error.len() <= 64 && error.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if code {
        error.to_string()
    } else {
        "an error that is not one of GitHub's codes".into()
    }
}

/// Equal, in time that does not depend on where they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

// GitHub's answers are read as JSON values: a struct of their own would cost the worker a JSON
// reader of its own apiece.

/// A GitHub App's user tokens: the one the editor uses and the one that renews it, each with the
/// seconds it lasts.
#[derive(Debug, PartialEq, Eq)]
pub struct Tokens {
    pub access: String,
    pub expires_in: u64,
    pub refresh: String,
    pub refresh_expires_in: u64,
}

impl Tokens {
    /// The cookie that keeps the refresh token for as long as GitHub says it lasts.
    pub fn refresh_cookie(&self) -> String {
        refresh_cookie(&self.refresh, self.refresh_expires_in)
    }
}

/// Why GitHub's answer to an exchange holds no tokens the editor may have.
#[derive(Debug, PartialEq, Eq)]
pub enum NoTokens {
    /// GitHub's error code (`bad_refresh_token`, `bad_verification_code`, …) or a word on the answer.
    Refused(String),
    /// A token that never expires: an OAuth app, or a GitHub App with expiring tokens turned off.
    NeverExpires,
}

/// The tokens in GitHub's answer to an exchange (of a code or of a refresh token).
pub fn tokens_of(answer: &str) -> Result<Tokens, NoTokens> {
    let answer: serde_json::Value = serde_json::from_slice(answer.as_bytes()).unwrap_or_default();
    let text = |key: &str| answer.get(key).and_then(|v| v.as_str()).filter(|s| !s.is_empty()).map(String::from);
    let seconds = |key: &str| answer.get(key).and_then(|v| v.as_u64()).filter(|s| *s > 0);
    let Some(access) = text("access_token") else {
        return Err(NoTokens::Refused(error_code(&text("error").unwrap_or_else(|| "no_token".into()))));
    };
    match (seconds("expires_in"), text("refresh_token"), seconds("refresh_token_expires_in")) {
        (Some(expires_in), Some(refresh), Some(refresh_expires_in)) => {
            Ok(Tokens { access, expires_in, refresh, refresh_expires_in })
        }
        _ => Err(NoTokens::NeverExpires),
    }
}

/// The account name in GitHub's `GET /user` answer.
pub fn login_of(answer: &str) -> Option<String> {
    let answer: serde_json::Value = serde_json::from_slice(answer.as_bytes()).ok()?;
    answer.get("login")?.as_str().filter(|s| !s.is_empty()).map(String::from)
}

/// What the sign-in window says, and hands to the editor.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The token the editor uses and the seconds it lasts.
    SignedIn { token: String, expires_in: u64 },
    /// Refused: the status, and the words she reads (in the window and on the editor's page).
    Refused { status: u16, message: String },
}

pub const OFF: &str = "The editor's GitHub sign-in is off: this site has no GitHub App yet (docs/deploy.md: Set up publishing). The rest of the site works as usual.";
pub const WRONG_STATE: &str = "This sign-in could not be checked: it did not start from this site's editor, or took longer than 10 minutes. Close this window and sign in again from the editor.";
pub const DENIED: &str = "You did not allow the editor to use your GitHub account, so you are not signed in.";
pub const GITHUB_FAILED: &str = "GitHub did not complete the sign-in. Please try again in a moment.";
pub const NEVER_EXPIRES: &str = "GitHub gave this site a key that never expires, which the editor does not take: its sign-in needs a GitHub App whose user tokens expire (docs/deploy.md: Set up publishing). You are not signed in.";
pub const CODE_SPENT: &str =
    "This sign-in was used already or took too long. Close this window and sign in again from the editor.";
pub const SIGNED_OUT: &str = "Your editor sign-in has ended: sign in with GitHub again.";
pub const NOT_FROM_EDITOR: &str = "This request did not come from this site's editor.";

/// The refusal of an account `site.yaml` does not list.
pub fn not_allowed(login: &str) -> String {
    format!("The GitHub account {login} may not edit this site: only the accounts listed under editor.accounts in site.yaml may sign in.")
}

impl Outcome {
    pub fn refused(status: u16, message: impl Into<String>) -> Outcome {
        Outcome::Refused { status, message: message.into() }
    }

    pub fn status(&self) -> u16 {
        match self {
            Outcome::SignedIn { .. } => 200,
            Outcome::Refused { status, .. } => *status,
        }
    }

    /// Decap's message for the editor's window.
    fn message(&self) -> String {
        match self {
            Outcome::SignedIn { token, expires_in } => format!(
                "authorization:github:success:{}",
                serde_json::json!({ "token": token, "provider": "github", "expires_in": expires_in })
            ),
            Outcome::Refused { message, .. } => {
                format!("authorization:github:error:{}", serde_json::json!({ "message": message }))
            }
        }
    }

    /// The sign-in window's page: what happened, and the script that tells the editor.
    pub fn page(&self) -> String {
        let (title, text) = match self {
            Outcome::SignedIn { .. } => ("Signed in", "You are signed in to the editor. This window closes by itself."),
            Outcome::Refused { message, .. } => ("Not signed in", message.as_str()),
        };
        format!(
            "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
             content=\"width=device-width, initial-scale=1\"><meta name=\"robots\" content=\"noindex\">\
             <title>{title}</title></head><body data-message=\"{}\"><main><h1>{title}</h1><p>{}</p></main>\
             <script>{SCRIPT}</script></body></html>\n",
            escape(&self.message()),
            escape(text)
        )
    }
}

/// Decap's handshake from the sign-in window: it says `authorizing:github` to the editor's window
/// (its opener, on this origin only), and answers the editor's echo with the page's message.
pub const SCRIPT: &str = "(function(){var m=document.body.dataset.message,o=window.opener;if(!o||!m)return;\
addEventListener('message',function f(e){if(e.origin!==location.origin||e.source!==o)return;\
removeEventListener('message',f);o.postMessage(m,location.origin)});\
o.postMessage('authorizing:github',location.origin)})();";

/// `SCRIPT`'s hash for the page's Content-Security-Policy (a test recomputes it).
pub const SCRIPT_HASH: &str = "sha256-kax2YGv1vSF4LKhhROnya5S31DbUWggeGq4eNMXF+HA=";

/// The sign-in pages' policy: their one script, nothing else; no referrer (the callback's URL
/// carries the code).
pub fn page_headers() -> [(&'static str, String); 4] {
    [
        (
            "Content-Security-Policy",
            format!("default-src 'none'; script-src '{SCRIPT_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
        ),
        ("Referrer-Policy", "no-referrer".into()),
        ("Cache-Control", "no-store".into()),
        (OPENER_POLICY.0, OPENER_POLICY.1.into()),
    ]
}

/// The sign-in window's pages (and its way to GitHub) keep the editor as their opener, which the
/// editor's own policy allows its popups (jax_model::headers::EDITOR_OPENER_POLICY): the pages'
/// `same-origin` would cut the window off from the editor it hands the token to.
pub const OPENER_POLICY: (&str, &str) = ("Cross-Origin-Opener-Policy", "unsafe-none");

#[cfg(test)]
mod tests;
