//! What every answer carries and how a form request is sized up before it is read: security
//! headers (with a Content-Security-Policy that allows only what the site uses) and the 405 / 413
//! / 415 decisions.

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
    if accepted.contains(&kind) { Ok(kind) } else { Err(Refusal::UnsupportedType) }
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

/// The origin (`https://host[:port]`) of an https URL, e.g. the development map's embed URL.
pub fn origin(url: &str) -> Option<String> {
    let rest = url.strip_prefix("https://")?;
    let host = rest.split(['/', '?', '#']).next()?;
    (!host.is_empty() && !host.contains('@')).then(|| format!("https://{host}"))
}

/// Headers for every answer, pages and API alike. `frame_origins`: the only sites the pages may
/// embed (the new-developments map).
pub fn security_headers(frame_origins: &[String]) -> Vec<(&'static str, String)> {
    let frames = if frame_origins.is_empty() { "'none'".to_string() } else { frame_origins.join(" ") };
    let csp = [
        "default-src 'self'".to_string(),
        "script-src 'self'".to_string(),
        // The pages inline their critical CSS and the islands set inline widths (progress bars).
        "style-src 'self' 'unsafe-inline'".to_string(),
        "img-src 'self' data:".to_string(),
        "font-src 'self'".to_string(),
        "connect-src 'self'".to_string(),
        format!("frame-src {frames}"),
        "frame-ancestors 'none'".to_string(),
        "form-action 'self'".to_string(),
        "base-uri 'self'".to_string(),
        "object-src 'none'".to_string(),
    ]
    .join("; ");
    vec![
        ("Content-Security-Policy", csp),
        ("X-Content-Type-Options", "nosniff".into()),
        ("Referrer-Policy", "strict-origin-when-cross-origin".into()),
        ("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload".into()),
        ("X-Frame-Options", "DENY".into()),
        ("Permissions-Policy", "camera=(), microphone=(), geolocation=()".into()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn the_policy_allows_only_the_map_frame() {
        let map = origin("https://www.google.com/maps/d/embed?mid=x").unwrap();
        assert_eq!(map, "https://www.google.com");
        assert_eq!(origin("http://example.com"), None);
        assert_eq!(origin("https://user@evil.com/"), None);
        let headers = security_headers(&[map]);
        let csp = &headers.iter().find(|(k, _)| *k == "Content-Security-Policy").unwrap().1;
        assert!(csp.contains("frame-src https://www.google.com;"));
        assert!(csp.contains("frame-ancestors 'none'"));
        assert!(csp.contains("script-src 'self';"));
        assert!(headers.iter().any(|(k, v)| *k == "X-Content-Type-Options" && v == "nosniff"));
        let none = security_headers(&[]);
        assert!(none[0].1.contains("frame-src 'none'"));
    }
}
