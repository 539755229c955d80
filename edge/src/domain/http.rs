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
pub fn is_secure_url(url: &str) -> bool {
    let host = |rest: &str| {
        let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
        authority.rsplit_once(':').map_or(authority, |(host, _)| host).to_string()
    };
    let plain = !url.contains(char::is_whitespace);
    match (url.strip_prefix("https://"), url.strip_prefix("http://")) {
        (Some(rest), _) => plain && !host(rest).is_empty(),
        (_, Some(rest)) => plain && matches!(host(rest).as_str(), "127.0.0.1" | "localhost"),
        _ => false,
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
        for bad in ["http://example.com/hook", "ftp://x", "https://", "https://a b", "", "http://127.0.0.1.evil.com/x"]
        {
            assert!(!is_secure_url(bad), "{bad}");
        }
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
