//! What every page has: its path, the shared frame and SEO, the sitemap, the islands and their
//! scripts, and the templates themselves.

use super::*;

#[test]
fn every_page_is_rendered_at_its_path() {
    let site = render();
    let mut paths: Vec<&str> = site.pages.keys().map(String::as_str).collect();
    paths.sort();
    assert_eq!(
        paths,
        [
            "404.html",
            "client-concierge/form-error/index.html",
            "client-concierge/index.html",
            "client-concierge/thank-you/index.html",
            "form-error/index.html",
            "index.html",
            "listings/quiet-cottage/index.html",
            "listings/river-penthouse/index.html",
            "listings/san-marco-estate/index.html",
            "market/index.html",
            "neighborhoods/riverside/index.html",
            "neighborhoods/san-marco/index.html",
            "privacy-policy/index.html",
            "sell/index.html",
            "sold/index.html",
            "terms-of-service/index.html",
            "thank-you/index.html",
        ]
    );
}

/// The pages that say `noindex` and have no canonical URL.
const NOT_INDEXED: [&str; 5] = [
    "404.html",
    "thank-you/index.html",
    "form-error/index.html",
    "client-concierge/thank-you/index.html",
    "client-concierge/form-error/index.html",
];

#[test]
fn every_page_has_the_shared_frame_and_seo() {
    let site = render();
    let mut titles = std::collections::HashSet::new();
    for (path, html) in &site.pages {
        assert!(html.starts_with("<!doctype html>\n<html lang=\"en\">"), "{path}");
        assert!(html.contains("<meta name=\"viewport\""), "{path}");
        assert!(html.contains("<style>:root{"), "{path}: the stylesheet is inlined");
        let title = &html[html.find("<title>").unwrap() + 7..html.find("</title>").unwrap()];
        assert!(titles.insert(title.to_string()), "{path}: duplicate title {title}");
        assert!(html.contains("<meta name=\"description\" content=\""), "{path}");
        assert!(html.contains("<meta property=\"og:title\""), "{path}");
        assert!(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"), "{path}");
        assert!(
            html.contains("<link rel=\"icon\" href=\"/images/favicon-abcd1234.svg\" type=\"image/svg+xml\">"),
            "{path}"
        );
        assert!(!html.contains("apple-touch-icon"), "{path}: no touch icon in the images map, none linked");
        assert!(html.contains("<meta property=\"og:image\" content=\"https://www.movetojax.com/images/"), "{path}");
        assert!(ld_types(html).contains(&"RealEstateAgent".to_string()), "{path}");
        assert!(html.contains("href=\"sms:+19045550147\""), "{path}: Text Me");
        assert!(html.contains("href=\"tel:+19045550147\""), "{path}: the footer phone");
        assert!(html.contains("© 2024 Move to JAX. All rights reserved."), "{path}");
        assert!(
            html.contains("aria-controls=\"site-nav\"") && html.contains("aria-expanded=\"false\""),
            "{path}: menu button"
        );
        assert!(
            html.contains("data-open=\"lead\" data-type=\"consultation\""),
            "{path}: the footer's consultation trigger"
        );
        assert!(
            html.contains(&format!("<a class=\"site-footer__contact\" href=\"mailto:{EMAIL}\">")),
            "{path}: the footer's e-mail link"
        );
        assert!(!html.contains("&#x2F;"), "{path}: URLs are not over-escaped");
        assert!(
            !html.contains("<script src") && !html.contains("type=\"module\""),
            "{path}: no islands built, no script"
        );
        for img in html.split("<img").skip(1) {
            let tag = &img[..img.find('>').unwrap()];
            assert!(
                tag.contains(" width=\"") && tag.contains(" height=\"") && tag.contains(" alt=\""),
                "{path}: <img{tag}>"
            );
        }
        if !NOT_INDEXED.contains(&path.as_str()) {
            let url = format!("https://www.movetojax.com/{}", path.trim_end_matches("index.html"));
            assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{url}\">")), "{path}: canonical {url}");
            assert!(html.contains(&format!("<meta property=\"og:url\" content=\"{url}\">")), "{path}");
        }
    }
    let nf = site.page("404.html");
    assert!(nf.contains("<meta name=\"robots\" content=\"noindex\">") && !nf.contains("rel=\"canonical\""));
    assert!(nf.contains("<h1 class=\"not-found__title\" id=\"page-title\">Oops! Page not found</h1>"));
    assert!(nf.contains("<a class=\"btn btn--navy\" href=\"/\">Return to Home</a>"));
}

#[test]
fn the_sitemap_lists_every_page_but_those_not_indexed() {
    let c = content();
    let images = images(&c);
    let assets = Assets::default();
    let pages = Renderer::embedded()
        .unwrap()
        .render_pages(&RenderInput {
            content: &c,
            images: &images,
            assets: &assets,
            reports: &HashMap::new(),
            homes: None,
        })
        .unwrap();
    let xml = String::from_utf8(crate::sitemap::sitemap("https://www.movetojax.com", &pages).bytes).unwrap();
    for url in ["/", "/client-concierge/", "/neighborhoods/riverside/", "/listings/quiet-cottage/"] {
        assert!(xml.contains(&format!("<loc>https://www.movetojax.com{url}</loc>")), "{url}: {xml}");
    }
    assert_eq!(xml.matches("<loc>").count(), pages.len() - NOT_INDEXED.len());
    for path in NOT_INDEXED {
        let url = path.trim_end_matches("index.html");
        assert!(!xml.contains(url), "{path} is not indexed: {xml}");
    }
}

#[test]
fn island_props_are_script_safe_json_and_dialogs_carry_only_what_the_page_triggers() {
    let site = render();
    let home = site.page("index.html");
    let listing = site.page("listings/river-penthouse/index.html");
    for (html, islands) in [
        (home, &["nav", "carousel", "neighborhood-tabs", "checked-form", "contact-widget", "dialogs"][..]),
        (listing, &["nav", "contact-widget", "dialogs"][..]),
        (site.page("neighborhoods/riverside/index.html"), &["nav", "explore-more", "contact-widget", "dialogs"][..]),
        (site.page("client-concierge/index.html"), &["nav", "concierge-form", "contact-widget", "dialogs"][..]),
    ] {
        let found: Vec<&str> = html.split("data-island=\"").skip(1).map(|r| &r[..r.find('"').unwrap()]).collect();
        assert_eq!(found, islands);
        // Each mount point's first child is its props.
        for part in html.split("data-island=\"").skip(1) {
            let after_tag = &part[part.find('>').unwrap() + 1..];
            assert!(after_tag.starts_with("<script type=\"application/json\" data-props>"), "{}", &part[..60]);
        }
        for props in scripts(html, "application/json") {
            assert!(!props.contains("</"), "{props}");
            serde_json::from_str::<serde_json::Value>(props).unwrap();
        }
    }
    let dialogs = |html: &str| -> serde_json::Value {
        let at = html.find("data-island=\"dialogs\"").unwrap();
        serde_json::from_str(scripts(&html[at..], "application/json")[0]).unwrap()
    };
    let d = dialogs(home);
    assert!(
        d["quiz"]["questions"].is_array()
            && d["listing_request"].is_object()
            && d["lead"].is_object()
            && d["contact"].is_object()
    );
    let d = dialogs(listing);
    assert!(
        d.get("quiz").is_none() && d.get("listing_request").is_none() && d["lead"]["types"]["consultation"].is_object()
    );
    assert_eq!(d["honeypot"], "website");
}

#[test]
fn built_islands_get_their_bundles_and_the_runtime() {
    let mut assets = Assets {
        runtime: Some(Bundle { src: "/assets/main-1.js".into(), ..Bundle::default() }),
        early: Some(InlineScript::new("start()".into()).unwrap()),
        ..Assets::default()
    };
    assets.islands.insert(
        "nav".into(),
        Bundle { src: "/assets/nav-2.js".into(), preloads: vec!["/assets/react-3.js".into()], css: vec![] },
    );
    assets.islands.insert(
        "carousel".into(),
        Bundle { src: "/assets/carousel-4.js".into(), preloads: vec![], css: vec!["/assets/carousel-5.css".into()] },
    );
    let site = render_with(&assets);
    let home = site.page("index.html");
    let head = &home[..home.find("</head>").unwrap()];
    // The early script is the only script; it fetches the runtime when an island starts.
    assert!(head.contains("<script data-runtime=\"/assets/main-1.js\">start()</script>"));
    assert_eq!(head.matches("<script").count(), 2, "the early script and the JSON-LD");
    // Every island waits for a click, visibility or idle time: nothing is preloaded.
    assert!(!head.contains("modulepreload"));
    assert!(head.contains("<link rel=\"stylesheet\" href=\"/assets/carousel-5.css\">"));
    assert!(home.contains("data-island=\"nav\" data-hydrate=\"interaction\" data-src=\"/assets/nav-2.js\""));
    assert!(home.contains("data-island=\"carousel\" data-hydrate=\"visible\" data-src=\"/assets/carousel-4.js\""));
    // The dialogs hydrate on a click on any `[data-open]` trigger; this manifest has no dialogs bundle.
    assert!(home.contains("data-island=\"dialogs\" data-hydrate=\"interaction\" data-trigger=\"[data-open]\" data-trigger-popup=\"dialog\">"));
    let listing = site.page("listings/river-penthouse/index.html");
    assert!(!listing.contains("carousel-5.css"), "a page loads only its islands' styles");
}

#[test]
fn a_page_links_exactly_the_islands_it_mounts_in_page_order() {
    // Every island built, each with a stylesheet named after it.
    let names = [
        "nav",
        "carousel",
        "neighborhood-tabs",
        "contact-widget",
        "concierge-form",
        "explore-more",
        "not-found",
        "market-table",
        "checked-form",
    ];
    let mut assets = Assets {
        runtime: Some(Bundle { src: "/assets/main.js".into(), ..Bundle::default() }),
        early: Some(InlineScript::new("start()".into()).unwrap()),
        ..Assets::default()
    };
    for name in names.iter().chain(&["dialogs"]) {
        let bundle =
            Bundle { src: format!("/assets/{name}.js"), preloads: vec![], css: vec![format!("/assets/{name}.css")] };
        assets.islands.insert(name.to_string(), bundle);
    }
    let site = render_with(&assets);
    for (path, html) in &site.pages {
        let (head, body) = html.split_at(html.find("</head>").unwrap());
        let mounted: Vec<&str> = body.split("data-island=\"").skip(1).map(|r| &r[..r.find('"').unwrap()]).collect();
        let linked: Vec<&str> = head
            .split("<link rel=\"stylesheet\" href=\"/assets/")
            .skip(1)
            .map(|r| &r[..r.find(".css").unwrap()])
            .collect();
        assert_eq!(linked, mounted, "{path}");
    }
}

#[test]
fn embedded_templates_match_the_folder() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let mut on_disk: Vec<String> = walkdir::WalkDir::new(&dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.path().strip_prefix(&dir).unwrap().to_string_lossy().replace('\\', "/"))
        .collect();
    on_disk.sort();
    let mut embedded: Vec<String> = EMBEDDED.iter().map(|(n, _)| n.to_string()).collect();
    embedded.sort();
    assert_eq!(embedded, on_disk, "add every template to EMBEDDED in render/mod.rs");
    for (name, text) in EMBEDDED {
        assert_eq!(*text, std::fs::read_to_string(dir.join(name)).unwrap(), "{name}");
    }
    // The folder renders the same as the embedded copy.
    let c = content();
    let images = images(&c);
    let assets = Assets::default();
    let input = RenderInput { content: &c, images: &images, assets: &assets, reports: &HashMap::new(), homes: None };
    let a = Renderer::embedded().unwrap().render_pages(&input).unwrap();
    let b = Renderer::from_dir(&dir).unwrap().render_pages(&input).unwrap();
    assert_eq!(a, b);
}

#[test]
fn template_errors_name_the_template() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in EMBEDDED {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    std::fs::write(
        dir.path().join("listing.html"),
        "{% extends \"base.html\" %}{% block main %}{{ page.nope.deeper }}{% endblock main %}",
    )
    .unwrap();
    let c = content();
    let images = images(&c);
    let assets = Assets::default();
    let r = Renderer::from_dir(dir.path()).unwrap();
    let e = r
        .render_pages(&RenderInput {
            content: &c,
            images: &images,
            assets: &assets,
            reports: &HashMap::new(),
            homes: None,
        })
        .unwrap_err();
    let msg = format!("{e:#}");
    assert!(msg.contains("listing.html") && msg.contains("listings/"), "{msg}");
    std::fs::remove_file(dir.path().join("404.html")).unwrap();
    let e = Renderer::from_dir(dir.path()).err().unwrap();
    assert!(format!("{e:#}").contains("missing templates: 404.html"), "{e:#}");
}

#[test]
fn stylesheet_sections_stay_small() {
    // Inlined in every page's head, so it must stay inside the first round trip with the HTML
    // above the fold (the page budgets in generator/tests/budgets.rs hold the totals).
    let r = Renderer::embedded().unwrap();
    for (kind, css) in Kind::ALL.iter().zip(&r.css) {
        assert!(css.len() < 23 * 1024, "{}: {} bytes of CSS", kind.name(), css.len());
        assert!(!css.contains("/*"), "comments are stripped");
    }
}
