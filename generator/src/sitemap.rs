//! `sitemap.xml` and `robots.txt`, from the pages actually rendered.

use crate::output::Output;

/// The URL path of a rendered page (`neighborhoods/x/index.html` → `/neighborhoods/x/`), if it is
/// a page that belongs in the sitemap.
pub fn page_url(path: &str) -> Option<String> {
    if path == "index.html" {
        return Some("/".into());
    }
    path.strip_suffix("/index.html").map(|dir| format!("/{dir}/"))
}

fn escape_xml(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&apos;")
}

pub fn sitemap(base_url: &str, pages: &[Output]) -> Output {
    let mut urls: Vec<String> = pages.iter().filter_map(|p| page_url(&p.path)).collect();
    urls.sort_by(|a, b| (a.matches('/').count(), a).cmp(&(b.matches('/').count(), b)));
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for u in urls {
        xml.push_str(&format!("  <url><loc>{}</loc></url>\n", escape_xml(&format!("{base_url}{u}"))));
    }
    xml.push_str("</urlset>\n");
    Output::new("sitemap.xml", xml)
}

pub fn robots(base_url: &str) -> Output {
    Output::new("robots.txt", format!("User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: {base_url}/sitemap.xml\n"))
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
        assert!(String::from_utf8(robots("https://x.com").bytes).unwrap().contains("Sitemap: https://x.com/sitemap.xml"));
    }
}
