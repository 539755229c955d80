//! The bot check: Cloudflare Turnstile, on when the worker has TURNSTILE_SITE_KEY and
//! TURNSTILE_SECRET_KEY. A form sent from the page carries a token (the islands render the widget
//! when a form is about to be used) that the worker verifies with Turnstile's siteverify before it
//! records anything: a missing or refused token is a 403. A form posted without JavaScript cannot
//! carry one: it is taken all the same, as unverified — a few an hour per client, a smaller share
//! of the day's e-mails, and its e-mail says so — so the page keeps working without scripts while
//! a script posing as a form cannot spend what real visitors need.

use crate::email::Params;
use crate::form::FormKind;
use crate::quota::{client_hash, QUOTA};
use jax_model::submission::FieldError;

pub use jax_model::api::{BOT_CHECK_FIELD as FIELD, BOT_CHECK_HEADER as HEADER};
/// Turnstile's siteverify, unless TURNSTILE_VERIFY_URL says otherwise (a fake on loopback in tests).
pub const VERIFY_URL: &str = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
/// Longest token Turnstile makes; anything longer is not one.
pub const TOKEN_MAX: usize = 2048;

/// The check's keys, and where tokens are verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keys {
    /// Public: the islands render the widget with it (GET /api/bot-check).
    pub site_key: String,
    pub secret_key: String,
    pub verify_url: String,
}

/// How far a post was checked, for its limits and its e-mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trust {
    /// The check is off (no keys): every post is taken alike.
    Unchecked,
    /// Its token passed siteverify.
    Verified,
    /// Sent without a token where none can be had (no JavaScript), or while siteverify could not
    /// be reached: taken under the stricter limits, and marked in its e-mail.
    Unverified,
}

/// What siteverify said of a token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Passed,
    /// The token is not good (forged, spent, expired): the visitor's side.
    Refused(String),
    /// Siteverify could not judge it (unreachable, our secret refused): not the visitor's fault.
    Unavailable(String),
}

/// What a token must have been made for: the site's hostname (the request's) and the form's action
/// (`jax_model::api::bot_check_action` of the path posted to). Siteverify gives both back; a token
/// solved on another site sharing the key, or for another form, is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Expected<'a> {
    pub hostname: &'a str,
    pub action: &'a str,
}

/// Error codes that say the check itself failed, not the token.
const OURS: [&str; 3] = ["missing-input-secret", "invalid-input-secret", "internal-error"];

/// Siteverify's answer (`status`, `body`) as a verdict on a token that must be `expected`'s.
pub fn verdict(status: u16, body: &str, expected: Expected) -> Verdict {
    // Read as a Value (whose reader the worker has anyway) rather than a struct of its own.
    let answer = serde_json::from_slice::<serde_json::Value>(body.as_bytes()).ok();
    let Some(success) = answer.as_ref().and_then(|a| a.get("success")?.as_bool()) else {
        return Verdict::Unavailable(format!("siteverify answered {status} without its JSON"));
    };
    let error_codes: Vec<&str> = answer
        .as_ref()
        .and_then(|a| a.get("error-codes")?.as_array())
        .map_or(Vec::new(), |codes| codes.iter().filter_map(|c| c.as_str()).collect());
    let codes = error_codes.join(",");
    let field = |name: &str| answer.as_ref().and_then(|a| a.get(name)?.as_str()).unwrap_or_default().to_string();
    match success {
        true if (200..300).contains(&status) => {
            let (hostname, action) = (field("hostname"), field("action"));
            if !hostname.eq_ignore_ascii_case(expected.hostname) {
                Verdict::Refused(format!("hostname-mismatch ({hostname})"))
            } else if action != expected.action {
                Verdict::Refused(format!("action-mismatch ({action})"))
            } else {
                Verdict::Passed
            }
        }
        false if error_codes.iter().any(|c| OURS.contains(c)) => Verdict::Unavailable(codes),
        false if (400..500).contains(&status) || (200..300).contains(&status) => Verdict::Refused(codes),
        _ => Verdict::Unavailable(format!("siteverify answered {status} ({codes})")),
    }
}

/// Siteverify's request body (form-encoded). `key` lets a retry of one submission verify the same
/// token again (Turnstile takes it only as a UUID): a double tap or a parallel upload is not
/// refused as a spent token.
pub fn request(secret: &str, token: &str, remote_ip: Option<&str>, key: Option<&str>) -> String {
    let mut body = form_urlencoded::Serializer::new(String::new());
    body.append_pair("secret", secret).append_pair("response", token);
    if let Some(ip) = remote_ip {
        body.append_pair("remoteip", ip);
    }
    if let Some(key) = key.filter(|k| is_uuid(k)) {
        body.append_pair("idempotency_key", key);
    }
    body.finish()
}

/// The token a post carries, if it carries one that could be a token at all.
pub fn token(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|t| !t.is_empty())
}

/// Whether `token` is worth asking siteverify about (its size and characters).
pub fn plausible(token: &str) -> bool {
    token.len() <= TOKEN_MAX && token.bytes().all(|b| b.is_ascii_graphic())
}

/// The template param that carries the note on an unverified request, so every template can show
/// it (README.md's do, first); absent otherwise, so the specification's params stay as they are.
pub const NOTE: &str = "bot_check";

/// The agent's e-mail of a `form` request that is unverified: `note` in NOTE and at the start of
/// the body the worker writes itself (the lead's `email_body`, a filing's or a saved search's
/// `message`) — never in a value the visitor typed. The quiz's e-mail goes to the visitor: unmarked.
pub fn mark(form: FormKind, params: &mut Params, note: &str) {
    let prose = match form {
        FormKind::Quiz => return,
        FormKind::Lead => Some("email_body"),
        FormKind::Concierge | FormKind::SavedSearch => Some("message"),
        _ => None,
    };
    params.0.insert(NOTE.into(), note.to_string());
    if let Some(body) = prose.and_then(|key| params.0.get_mut(key)) {
        *body = format!("{note}\n\n{body}");
    }
}

/// The refusal of a post without a token where the page should have sent one.
pub fn missing(message: &str) -> FieldError {
    FieldError { field: FIELD.into(), message: message.into() }
}

fn is_uuid(s: &str) -> bool {
    s.len() == 36
        && s.bytes()
            .enumerate()
            .all(|(i, b)| if [8, 13, 18, 23].contains(&i) { b == b'-' } else { b.is_ascii_hexdigit() })
}

/// The count of a client's unverified posts in `now_ms`'s hour (UTC).
pub fn unverified_key(secret: &[u8], client: &str, now_ms: u64) -> String {
    format!("{QUOTA}unverified/{}/{}", hour(now_ms), client_hash(secret, client))
}

/// The count of a client's concierge uploads taken unverified (siteverify could not judge their
/// token) in `now_ms`'s hour: apart from the posts', as a submission is one upload per document.
pub fn unverified_uploads_key(secret: &[u8], client: &str, now_ms: u64) -> String {
    format!("{QUOTA}unverified-uploads/{}/{}", hour(now_ms), client_hash(secret, client))
}

/// How many uploads a client may have taken unverified in an hour: as many submissions' worth
/// (`documents` each) as it may send unverified posts.
pub fn unverified_uploads_cap(posts_per_hour: u32, documents: usize) -> u64 {
    u64::from(posts_per_hour) * documents as u64
}

fn hour(now_ms: u64) -> String {
    format!("{}T{:02}", jax_model::calendar::date(now_ms / 1000), (now_ms / 3_600_000) % 24)
}

#[cfg(test)]
mod tests {
    use super::*;

    const OURS_FORM: Expected = Expected { hostname: "movetojax.com", action: "contact" };
    fn verdict(status: u16, body: &str) -> Verdict {
        super::verdict(status, body, OURS_FORM)
    }

    #[test]
    fn a_token_passes_only_for_the_sites_hostname_and_the_forms_action() {
        let passed = |hostname: &str, action: &str| {
            verdict(200, &format!(r#"{{"success":true,"error-codes":[],"hostname":"{hostname}","action":"{action}"}}"#))
        };
        assert_eq!(passed("movetojax.com", "contact"), Verdict::Passed);
        assert_eq!(passed("MoveToJax.com", "contact"), Verdict::Passed, "hostnames are case-blind");
        assert_eq!(passed("evil.example", "contact"), Verdict::Refused("hostname-mismatch (evil.example)".into()));
        assert_eq!(passed("movetojax.com", "quiz"), Verdict::Refused("action-mismatch (quiz)".into()));
        assert_eq!(
            verdict(200, r#"{"success":true,"error-codes":[],"hostname":"movetojax.com"}"#),
            Verdict::Refused("action-mismatch ()".into()),
            "a widget rendered without the form's action"
        );
    }

    #[test]
    fn siteverify_answers_become_verdicts() {
        assert_eq!(
            verdict(200, r#"{"success":true,"error-codes":[],"hostname":"movetojax.com","action":"contact"}"#),
            Verdict::Passed
        );
        assert_eq!(
            verdict(200, r#"{"success":false,"error-codes":["timeout-or-duplicate"]}"#),
            Verdict::Refused("timeout-or-duplicate".into())
        );
        assert_eq!(
            verdict(400, r#"{"success":false,"error-codes":["invalid-input-response"]}"#),
            Verdict::Refused("invalid-input-response".into())
        );
        // Our own secret refused, or Turnstile failing: not the visitor's doing.
        assert!(matches!(
            verdict(200, r#"{"success":false,"error-codes":["invalid-input-secret"]}"#),
            Verdict::Unavailable(_)
        ));
        assert!(matches!(verdict(500, r#"{"success":false,"error-codes":[]}"#), Verdict::Unavailable(_)));
        assert!(matches!(verdict(502, "<html>Bad gateway</html>"), Verdict::Unavailable(_)));
        assert!(matches!(verdict(500, r#"{"success":true}"#), Verdict::Unavailable(_)));
    }

    #[test]
    fn an_unverified_request_says_so_first_and_the_visitors_words_stay_as_typed() {
        let params = || {
            Params::new([("email_body", "Name: Ana".to_string()), ("message", "Hi".into()), ("subject", "S".into())])
        };
        let mut p = params();
        mark(FormKind::Lead, &mut p, "Note: unchecked.");
        assert_eq!(p.get("email_body"), Some("Note: unchecked.\n\nName: Ana"));
        assert_eq!(
            (p.get(NOTE), p.get("message"), p.get("subject")),
            (Some("Note: unchecked."), Some("Hi"), Some("S"))
        );
        let mut contact = params();
        mark(FormKind::Contact, &mut contact, "N");
        assert_eq!(
            (contact.get(NOTE), contact.get("email_body"), contact.get("message")),
            (Some("N"), Some("Name: Ana"), Some("Hi"))
        );
        // The worker wrote a filing's message and a saved search's: the note leads it.
        for form in [FormKind::Concierge, FormKind::SavedSearch] {
            let mut p = params();
            mark(form, &mut p, "N");
            assert_eq!(
                (p.get(NOTE), p.get("message"), p.get("email_body")),
                (Some("N"), Some("N\n\nHi"), Some("Name: Ana"))
            );
        }
        let mut quiz = params();
        mark(FormKind::Quiz, &mut quiz, "N");
        assert_eq!(quiz, params(), "the visitor's own result is not marked");
    }

    #[test]
    fn the_request_names_the_submission_only_by_a_uuid() {
        let uuid = "0f8fad5b-d9cb-469f-a165-70867728950e";
        assert_eq!(
            request("s&x", "t=1", Some("192.0.2.1"), Some(uuid)),
            format!("secret=s%26x&response=t%3D1&remoteip=192.0.2.1&idempotency_key={uuid}")
        );
        assert_eq!(request("s", "t", None, Some("not-a-uuid-but-a-key")), "secret=s&response=t");
        assert_eq!(token(Some("  ")), None);
        assert_eq!(token(Some(" abc ")), Some("abc"));
        assert!(plausible("0.abc-_DEF"));
        assert!(!plausible("a b") && !plausible(&"x".repeat(TOKEN_MAX + 1)));
        let key = unverified_key(b"s", "192.0.2.1", 1_700_000_000_000);
        assert!(key.starts_with("quota/unverified/2023-11-14T22/") && !key.contains("192"), "{key}");
        assert_ne!(key, unverified_key(b"s", "192.0.2.1", 1_700_000_000_000 + 3_600_000), "the next hour");
        let uploads = unverified_uploads_key(b"s", "192.0.2.1", 1_700_000_000_000);
        assert!(uploads.starts_with("quota/unverified-uploads/2023-11-14T22/") && uploads != key, "{uploads}");
        assert_eq!(unverified_uploads_cap(5, 6), 30);
    }
}
