//! A URL as the WHATWG URL standard reads it. In the worker that is the runtime's own `URL`, the
//! parser its fetch uses: the url crate would be a second parser in the wasm, which V8 checks at
//! every cold start (docs/benchmarks.md has what it cost). On the host, where the domain is
//! tested, it is the url crate, which follows the same standard.

/// The parts of a URL the worker decides by.
#[derive(Debug, Clone, PartialEq)]
pub struct WebUrl {
    /// Without its colon: "https".
    pub scheme: String,
    pub username: String,
    pub password: String,
    /// The host without its port (an IPv6 address in brackets).
    pub hostname: String,
    /// "scheme://host[:port]", "null" for a URL without one.
    pub origin: String,
    /// The path, percent-encoded as sent.
    pub path: String,
    /// The query without its "?" ("" for none).
    pub query: String,
    /// The whole URL without its fragment.
    pub without_fragment: String,
}

impl WebUrl {
    /// The query's pairs, decoded.
    pub fn query_pairs(&self) -> Vec<(String, String)> {
        form_urlencoded::parse(self.query.as_bytes()).into_owned().collect()
    }
}

/// `raw` read as a URL; None when it is not one.
#[cfg(target_arch = "wasm32")]
pub fn parse(raw: &str) -> Option<WebUrl> {
    let url = web_sys::Url::new(raw).ok()?;
    let scheme = url.protocol().trim_end_matches(':').to_string();
    let search = url.search();
    let mut without_fragment = url.href();
    if let Some(hash) = without_fragment.find('#') {
        without_fragment.truncate(hash);
    }
    Some(WebUrl {
        scheme,
        username: url.username(),
        password: url.password(),
        hostname: url.hostname(),
        origin: url.origin(),
        path: url.pathname(),
        query: search.strip_prefix('?').unwrap_or(&search).to_string(),
        without_fragment,
    })
}

/// `raw` read as a URL; None when it is not one.
#[cfg(not(target_arch = "wasm32"))]
pub fn parse(raw: &str) -> Option<WebUrl> {
    let mut url = url::Url::parse(raw).ok()?;
    let origin = url.origin().ascii_serialization();
    url.set_fragment(None);
    Some(WebUrl {
        scheme: url.scheme().to_string(),
        username: url.username().to_string(),
        password: url.password().unwrap_or_default().to_string(),
        hostname: url.host_str().unwrap_or_default().to_string(),
        origin,
        path: url.path().to_string(),
        query: url.query().unwrap_or_default().to_string(),
        without_fragment: url.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_is_read_into_its_parts() {
        let u = parse("https://user:pw@Example.com:8443/a%20b/c?x=1&y=two+words#frag").unwrap();
        assert_eq!(
            (u.scheme.as_str(), u.username.as_str(), u.password.as_str(), u.hostname.as_str()),
            ("https", "user", "pw", "example.com")
        );
        assert_eq!(
            (u.origin.as_str(), u.path.as_str(), u.query.as_str()),
            ("https://example.com:8443", "/a%20b/c", "x=1&y=two+words")
        );
        assert_eq!(u.without_fragment, "https://user:pw@example.com:8443/a%20b/c?x=1&y=two+words");
        assert_eq!(u.query_pairs(), [("x".to_string(), "1".to_string()), ("y".to_string(), "two words".to_string())]);
        let local = parse("http://127.0.0.1:8787/").unwrap();
        assert_eq!(
            (local.hostname.as_str(), local.origin.as_str(), local.query.as_str()),
            ("127.0.0.1", "http://127.0.0.1:8787", "")
        );
        assert_eq!(parse("not a url"), None);
    }
}
