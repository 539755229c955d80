//! `sitemap.xml` and `robots.txt`, from the pages actually rendered: every page that may be
//! indexed, never one whose head says `noindex` (the thank-you and form-error pages).

use jax_output::Output;

/// The URL path of a rendered page (`neighborhoods/x/index.html` → `/neighborhoods/x/`), if it is
/// a page that belongs in the sitemap.
pub fn page_url(path: &str) -> Option<String> {
    if path == "index.html" {
        return Some("/".into());
    }
    path.strip_suffix("/index.html").map(|dir| format!("/{dir}/"))
}

/// The tag `base.html` writes into the head of a page without a canonical URL.
const NOINDEX: &[u8] = b"<meta name=\"robots\" content=\"noindex\">";

/// Whether the page's `<head>` asks search engines not to index it.
pub fn is_noindex(html: &[u8]) -> bool {
    // memmem, not `windows().any()`: that compared at every byte of every page's head (the
    // inlined stylesheet is most of it), a large share of a build's CPU time.
    let head_end = memchr::memmem::find(html, b"</head>").unwrap_or(html.len());
    memchr::memmem::find(&html[..head_end], NOINDEX).is_some()
}

fn escape_xml(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&apos;")
}

#[cfg(test)] // the build passes what it kept of each page to `of_pages`
pub fn sitemap(base_url: &str, pages: &[Output]) -> Output {
    of_pages(base_url, pages.iter().map(|p| (p.path.as_str(), is_noindex(&p.bytes))))
}

/// The sitemap from each rendered page's path and whether it said `noindex`.
pub fn of_pages<'a>(base_url: &str, pages: impl Iterator<Item = (&'a str, bool)>) -> Output {
    let mut urls: Vec<String> = pages.filter(|(_, noindex)| !noindex).filter_map(|(path, _)| page_url(path)).collect();
    urls.sort_by_cached_key(|u| (u.matches('/').count(), u.clone()));
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for u in urls {
        xml.push_str(&format!("  <url><loc>{}</loc></url>\n", escape_xml(&format!("{base_url}{u}"))));
    }
    xml.push_str("</urlset>\n");
    Output::new("sitemap.xml", xml)
}

pub fn robots(base_url: &str) -> Output {
    Output::new(
        "robots.txt",
        format!("User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin/\n\nSitemap: {base_url}/sitemap.xml\n"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_pages_not_the_404() {
        let pages = [
            Output::new("index.html", ""),
            Output::new("neighborhoods/san-marco/index.html", ""),
            Output::new("404.html", ""),
        ];
        let xml = String::from_utf8(sitemap("https://x.com", &pages).bytes).unwrap();
        assert!(xml.contains("<loc>https://x.com/</loc>"));
        assert!(xml.contains("<loc>https://x.com/neighborhoods/san-marco/</loc>"));
        assert!(!xml.contains("404"));
        assert!(String::from_utf8(robots("https://x.com").bytes)
            .unwrap()
            .contains("Sitemap: https://x.com/sitemap.xml"));
    }

    #[test]
    fn leaves_out_pages_that_are_not_indexed() {
        let noindex = "<!doctype html><html><head><title>Thanks</title><meta name=\"robots\" content=\"noindex\">\n</head><body></body></html>";
        let quoted = "<!doctype html><html><head></head><body><pre>&lt;meta name=\"robots\" content=\"noindex\"&gt; <meta name=\"robots\" content=\"noindex\"></pre></body></html>";
        let pages = [
            Output::new("index.html", "<html><head></head></html>"),
            Output::new("thank-you/index.html", noindex),
            Output::new("form-error/index.html", noindex),
            Output::new("guide/index.html", quoted),
        ];
        let xml = String::from_utf8(sitemap("https://x.com", &pages).bytes).unwrap();
        assert!(xml.contains("<loc>https://x.com/</loc>"));
        assert!(!xml.contains("thank-you") && !xml.contains("form-error"), "{xml}");
        assert!(xml.contains("<loc>https://x.com/guide/</loc>"), "only the head counts: {xml}");
    }
}
