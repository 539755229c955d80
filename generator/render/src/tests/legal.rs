//! The privacy policy and the terms of service.

use super::*;

fn main_of(html: &str) -> &str {
    &html[html.find("<main id=\"main\">").unwrap()..html.find("</main>").unwrap()]
}

/// Every page of `c`, rendered without images or assets.
fn pages_of(c: &jax_model::Content) -> Vec<Output> {
    Renderer::embedded()
        .unwrap()
        .render_pages(&RenderInput {
            content: c,
            images: &HashMap::new(),
            assets: &Assets::default(),
            reports: &HashMap::new(),
            homes: None,
        })
        .unwrap()
}

#[test]
fn legal_pages_have_the_shared_frame_and_their_own_seo() {
    let site = render();
    for (path, title, url) in [
        ("privacy-policy/index.html", "Privacy &amp; Cookies", "/privacy-policy/"),
        ("terms-of-service/index.html", "Terms of Service", "/terms-of-service/"),
    ] {
        let html = site.page(path);
        assert!(html.contains(&format!("<title>{title} | Move to JAX</title>")), "{path}");
        assert!(html.contains(&format!("<h1 class=\"page-hero__title\" id=\"page-title\">{title}</h1>")), "{path}");
        assert!(html.contains(&format!("<link rel=\"canonical\" href=\"https://www.movetojax.com{url}\">")), "{path}");
        assert!(!html.contains("noindex"), "{path} is indexed");
        assert!(html.contains("<body class=\"page-legal\">"), "{path}");
        assert!(html.contains("class=\"site-header\"") && html.contains("class=\"site-footer\""), "{path}");
        assert!(
            html.contains(&format!(
                "<li><a href=\"/\">Home</a></li><li><span aria-current=\"page\">{title}</span></li>"
            )),
            "{path}"
        );
        let t = ld_types(html);
        assert!(t.contains(&"RealEstateAgent".to_string()) && t.contains(&"BreadcrumbList".to_string()), "{t:?}");
        let islands: Vec<&str> = html.split("data-island=\"").skip(1).map(|r| &r[..r.find('"').unwrap()]).collect();
        assert_eq!(islands, ["nav", "contact-widget", "dialogs"], "{path}: only the islands every page has");
        // Its stylesheet has the hero and the prose, not the concierge form.
        let css = &html[html.find("<style>").unwrap()..html.find("</style>").unwrap()];
        assert!(
            css.contains(".page-hero--plain{") && css.contains(".prose{") && css.contains(".legal__body{"),
            "{path}"
        );
        assert!(!css.contains(".documents{"), "{path}");
    }
    let privacy = site.page("privacy-policy/index.html");
    assert!(privacy.contains("<meta name=\"description\" content=\"What we collect &lt;and&gt; why.\">"));
    assert!(privacy.contains("<p class=\"page-hero__text\">What we collect &lt;and&gt; why.</p>"));
}

#[test]
fn placeholders_are_filled_and_the_text_stays_text() {
    let site = render();
    let main = main_of(site.page("privacy-policy/index.html"));
    assert!(main.contains("<p>Kept 30 days. &lt;b&gt;Really.&lt;/b&gt;</p>"), "{main}");
    assert!(
        // The phone's space is non-breaking: it never splits across lines.
        main.contains(&format!("<p>E-mail <a href=\"mailto:{EMAIL}\">{EMAIL}</a> or call (904)\u{a0}555-0147.</p>")),
        "{main}"
    );
    assert!(main.contains("<p>Write to Jane Doe, Crown Realty, Move to JAX.</p>"), "{main}");
    assert!(!main.contains('{') && !main.contains('}'), "{main}");
    // Under the page's h1, the text's headings keep their order: # becomes h2, ## becomes h3.
    assert!(main.contains("<h2>Deletion</h2>") && main.contains("<h3>By post</h3>"), "{main}");
    assert_eq!(main.matches("<h1").count(), 1);
    // The terms, whole: the hero, then the text.
    assert_eq!(
        main_of(site.page("terms-of-service/index.html")),
        "<main id=\"main\">\n<article class=\"legal\" aria-labelledby=\"page-title\">\n<div class=\"page-hero page-hero--plain\">\n<div class=\"container page-hero__content\">\n<ol class=\"crumbs crumbs--light\"><li><a href=\"/\">Home</a></li><li><span aria-current=\"page\">Terms of Service</span></li></ol>\n<h1 class=\"page-hero__title\" id=\"page-title\">Terms of Service</h1>\n<p class=\"page-hero__text\">The terms.</p>\n</div>\n</div>\n<div class=\"container legal__body\">\n<div class=\"prose\"><p>Information is deemed reliable but not guaranteed.</p>\n</div>\n</div>\n</article>\n\n"
    );
}

#[test]
fn the_retention_period_comes_from_forms_yaml() {
    let mut c = content();
    c.forms.data.concierge.document_retention_days = 45;
    let pages = pages_of(&c);
    let privacy = pages.iter().find(|p| p.path == "privacy-policy/index.html").unwrap();
    let html = String::from_utf8(privacy.bytes.clone()).unwrap();
    assert!(html.contains("<p>Kept 45 days."), "{html}");
}

#[test]
fn every_footer_links_the_legal_pages_and_the_sitemap_lists_them() {
    let site = render();
    for (path, html) in &site.pages {
        let footer = &html[html.find("<footer").unwrap()..];
        assert!(
            footer.contains("<li><a href=\"/privacy-policy/\">Privacy Policy</a></li><li><a href=\"/terms-of-service/\">Terms of Service</a></li>"),
            "{path}"
        );
    }
    let pages = pages_of(&content());
    let xml = String::from_utf8(crate::sitemap::sitemap("https://www.movetojax.com", &pages).bytes).unwrap();
    for url in ["/privacy-policy/", "/terms-of-service/"] {
        assert!(xml.contains(&format!("<loc>https://www.movetojax.com{url}</loc>")), "{xml}");
    }
}
