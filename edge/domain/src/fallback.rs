//! The page a visitor gets when the worker itself fails on a page request (the 404 page cannot be
//! read, or anything unexpected): the specification's 'Unexpected Application Error!' with the
//! status and its text, the site's header and a way home — never a bare 500 or a blank page. It
//! is complete in itself (inline style, no asset), since reading the assets may be what failed.

use serde::{Deserialize, Serialize};

/// The page's title and heading, as the specification words it.
pub const TITLE: &str = "Unexpected Application Error!";

/// The site's header as the fallback shows it (build.rs takes it from site.yaml and the paths).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Header {
    pub brand: String,
    pub tagline: String,
    /// The home link's accessible name.
    pub home: String,
    /// The navigation's links: label and path.
    pub nav: Vec<(String, String)>,
    /// The way home, as the 404 page words it.
    pub home_link: String,
}

/// A status's text, as HTTP words it.
pub fn reason(status: u16) -> &'static str {
    match status {
        404 => "Not Found",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        _ => "Error",
    }
}

pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The whole page for `status`.
pub fn page(header: &Header, status: u16) -> String {
    let nav: String = header
        .nav
        .iter()
        .map(|(label, href)| format!("<li><a href=\"{}\">{}</a></li>", escape(href), escape(label)))
        .collect();
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\"><meta name=\"robots\" content=\"noindex\">\
         <title>{TITLE}</title><style>{STYLE}</style></head><body>\
         <header><a class=\"brand\" href=\"/\" aria-label=\"{home}\"><span>{brand}</span><small>{tagline}</small></a>\
         <nav aria-label=\"Site\"><ul>{nav}</ul></nav></header>\
         <main><h1>{TITLE}</h1><p class=\"status\">{status} {text}</p>\
         <p><a class=\"home\" href=\"/\">{home_link}</a></p></main></body></html>\n",
        home = escape(&header.home),
        brand = escape(&header.brand),
        tagline = escape(&header.tagline),
        text = reason(status),
        home_link = escape(&header.home_link),
    )
}

const STYLE: &str = "body{margin:0;font-family:Georgia,serif;color:#1b2a3a;background:#faf8f4}\
header{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;justify-content:space-between;padding:1rem 1.5rem;\
background:#1b2a3a}header a{color:#fff;text-decoration:none}.brand span{display:block;font-size:1.5rem}\
.brand small{display:block;font-family:system-ui,sans-serif;letter-spacing:.08em;text-transform:uppercase;\
font-size:.75rem;color:#d8c7a0}nav ul{display:flex;flex-wrap:wrap;gap:1rem;margin:0;padding:0;list-style:none;\
font-family:system-ui,sans-serif}main{max-width:40rem;margin:4rem auto;padding:0 1.5rem}h1{font-weight:400}\
.status{font-family:system-ui,sans-serif;font-size:1.25rem}.home{display:inline-block;padding:.75rem 1.5rem;\
background:#1b2a3a;color:#fff;text-decoration:none;font-family:system-ui,sans-serif}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fallback_names_the_status_and_leads_home_under_the_sites_header() {
        let header = Header {
            brand: "Move to JAX".into(),
            tagline: "Jacksonville Real Estate".into(),
            home: "Move to JAX home".into(),
            nav: vec![("Client <Concierge>".into(), "/client-concierge/".into())],
            home_link: "Return to Home".into(),
        };
        let html = page(&header, 500);
        assert!(html.contains("<title>Unexpected Application Error!</title>"));
        assert!(
            html.contains("<h1>Unexpected Application Error!</h1><p class=\"status\">500 Internal Server Error</p>")
        );
        assert!(html.contains("<span>Move to JAX</span><small>Jacksonville Real Estate</small>"));
        assert!(html.contains("<li><a href=\"/client-concierge/\">Client &lt;Concierge&gt;</a></li>"));
        assert!(html.contains("<a class=\"home\" href=\"/\">Return to Home</a>"));
        assert!(page(&header, 404).contains("404 Not Found"));
    }
}
