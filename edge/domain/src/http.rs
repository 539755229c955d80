//! How a form request is sized up before it is read: the 405 / 413 / 415 decisions. The security
//! headers every answer carries are shared with the generator (jax_model::headers).

pub use jax_model::headers::{origin, security_headers};

/// How a form body arrives: JSON from the islands, or a plain form post without JavaScript.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyKind {
    Json,
    UrlEncoded,
    Multipart,
}

/// Why a request is refused before its body is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// 405, with the allowed method.
    Method,
    /// 413.
    TooLarge,
    /// 415.
    UnsupportedType,
}

impl Refusal {
    pub fn status(self) -> u16 {
        match self {
            Refusal::Method => 405,
            Refusal::TooLarge => 413,
            Refusal::UnsupportedType => 415,
        }
    }
}

/// The body kind of a `Content-Type` header value, if it is one of `accepted`.
pub fn body_kind(content_type: Option<&str>, accepted: &[BodyKind]) -> Result<BodyKind, Refusal> {
    let essence = content_type.unwrap_or("").split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    let kind = match essence.as_str() {
        "application/json" => BodyKind::Json,
        "application/x-www-form-urlencoded" => BodyKind::UrlEncoded,
        "multipart/form-data" => BodyKind::Multipart,
        _ => return Err(Refusal::UnsupportedType),
    };
    if accepted.contains(&kind) {
        Ok(kind)
    } else {
        Err(Refusal::UnsupportedType)
    }
}

/// Check method and declared length before reading a body of at most `max_bytes`. A missing
/// length is allowed here; the body is then read with the same bound.
pub fn admit(method: &str, content_length: Option<u64>, max_bytes: u64) -> Result<(), Refusal> {
    if !method.eq_ignore_ascii_case("POST") {
        return Err(Refusal::Method);
    }
    match content_length {
        Some(n) if n > max_bytes => Err(Refusal::TooLarge),
        _ => Ok(()),
    }
}

/// Whether the worker may send to `url` (EmailJS, the alert webhook, siteverify, GitHub): HTTPS, or
/// plain HTTP on this machine (local runs, tests) — a key or a client's details never travel in clear.
pub fn is_secure_url(raw: &str) -> bool {
    // Parsed as the fetch will read it: the host is what follows any `user:password@`.
    let Some(url) = crate::web_url::parse(raw) else { return false };
    let with_credentials = !url.username.is_empty() || !url.password.is_empty();
    if raw.contains(char::is_whitespace) || with_credentials {
        return false;
    }
    match (url.scheme.as_str(), url.hostname.as_str()) {
        (_, "") => false,
        ("https", _) => true,
        // The standard reads any spelling of 127.0.0.1 ("127.1", "0x7f.1") as 127.0.0.1.
        ("http", host) => host == "127.0.0.1" || host == "localhost",
        _ => false,
    }
}

/// An API path as a log may show it: its route, never what follows (a document's path carries the
/// client's file name; others, ids).
pub fn loggable_path(path: &str) -> String {
    let mut segments = path.trim_start_matches('/').splitn(3, '/');
    match (segments.next(), segments.next(), segments.next()) {
        (Some(first), Some(route), Some(_)) => format!("/{first}/{route}/…"),
        _ => path.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn only_https_or_this_machine_is_sent_to() {
        for ok in ["https://ntfy.sh/move-to-jax", "http://127.0.0.1:9000/hook", "http://localhost:1/x"] {
            assert!(is_secure_url(ok), "{ok}");
        }
        for bad in [
            "http://example.com/hook",
            "ftp://x",
            "https://",
            "https://a b",
            "",
            "http://127.0.0.1.evil.com/x",
            // What precedes `@` is credentials, not the host: the request would go to evil.example.
            "http://localhost:1@evil.example/",
            "http://127.0.0.1:80@evil.example/hook",
            "https://user:key@example.com/hook",
        ] {
            assert!(!is_secure_url(bad), "{bad}");
        }
    }

    #[test]
    fn a_logged_api_path_stops_at_its_route() {
        let document =
            "/api/documents/0b6e5c1e-7f3a-4c1e-9a57-1f2d3c4b5a69/1764300000000-bank_statements-Ana Ruiz statement.pdf";
        assert_eq!(loggable_path(document), "/api/documents/…");
        assert_eq!(loggable_path("/api/contact"), "/api/contact");
        assert_eq!(loggable_path("/api"), "/api");
    }

    #[test]
    fn content_types_are_matched_by_essence() {
        let forms = [BodyKind::Json, BodyKind::UrlEncoded];
        assert_eq!(body_kind(Some("application/json; charset=utf-8"), &forms), Ok(BodyKind::Json));
        assert_eq!(body_kind(Some("Application/X-WWW-Form-Urlencoded"), &forms), Ok(BodyKind::UrlEncoded));
        assert_eq!(body_kind(Some("multipart/form-data; boundary=x"), &forms), Err(Refusal::UnsupportedType));
        assert_eq!(body_kind(Some("text/plain"), &forms), Err(Refusal::UnsupportedType));
        assert_eq!(body_kind(None, &forms), Err(Refusal::UnsupportedType));
        assert_eq!(body_kind(Some("multipart/form-data; boundary=x"), &[BodyKind::Multipart]), Ok(BodyKind::Multipart));
    }

    #[test]
    fn method_and_size_are_checked_first() {
        assert_eq!(admit("POST", Some(100), 65_536), Ok(()));
        assert_eq!(admit("post", None, 65_536), Ok(()));
        assert_eq!(admit("GET", Some(1), 65_536).map_err(Refusal::status), Err(405));
        assert_eq!(admit("POST", Some(65_537), 65_536).map_err(Refusal::status), Err(413));
    }

    proptest! {
        #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(512) })]

        #[test]
        fn only_a_post_within_the_limit_is_admitted(method in prop_oneof!["(?i)post|get|put", ".{0,10}"], length in prop::option::of(any::<u64>()), max in any::<u64>()) {
            match admit(&method, length, max) {
                Ok(()) => prop_assert!(method.eq_ignore_ascii_case("POST") && length.is_none_or(|n| n <= max)),
                Err(r) => prop_assert!(matches!(r.status(), 405 | 413)),
            }
        }

        #[test]
        fn any_content_type_is_an_accepted_kind_or_a_415(
            content_type in prop::option::of(prop_oneof![".{0,60}", "(?i)(application/json|application/x-www-form-urlencoded|multipart/form-data) ?(; ?.{0,20})?"]),
            accepted in prop::sample::subsequence(vec![BodyKind::Json, BodyKind::UrlEncoded, BodyKind::Multipart], 0..=3),
        ) {
            match body_kind(content_type.as_deref(), &accepted) {
                Ok(kind) => prop_assert!(accepted.contains(&kind)),
                Err(r) => prop_assert_eq!(r.status(), 415),
            }
        }
    }
}
