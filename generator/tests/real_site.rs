//! Builds the repository's real `content/` and checks what a visitor and a crawler get.

mod common;

use common::{generator, repo_root, with_shared_images};
use std::collections::HashSet;
use std::path::Path;
use std::sync::OnceLock;

/// The twelve routes and the market snapshot, exactly as the agent publishes them.
const SNAPSHOT: [(&str, &str, &str, &str, &str); 12] = [
    ("downtown-jacksonville", "$425K", "+9.2%", "38", "32202"),
    ("riverside", "$425K", "+8.2%", "45", "32205"),
    ("san-marco", "$485K", "+9.1%", "38", "32207"),
    ("jacksonville-beach", "$625K", "+12.4%", "52", "32250"),
    ("nocatee", "$385K", "+11.8%", "28", "32081"),
    ("murray-hill", "$325K", "+7.3%", "42", "32205"),
    ("avondale", "$395K", "+8.5%", "41", "32205"),
    ("southside", "$295K", "+6.8%", "35", "32216"),
    ("ortega", "$695K", "+10.2%", "58", "32210"),
    ("springfield", "$285K", "+12.1%", "29", "32206"),
    ("atlantic-beach", "$485K", "+8.9%", "47", "32233"),
    ("ponte-vedra-beach", "$825K", "+13.5%", "65", "32082"),
];

struct Site {
    _dir: tempfile::TempDir,
    dist: std::path::PathBuf,
}

/// The pages that say `noindex`: no canonical URL, not in the sitemap.
const NOT_INDEXED: [&str; 16] = [
    "404.html",
    // Each visitor's own list.
    "homes/saved/index.html",
    // Each address's saved searches, and the pages their links lead to.
    "homes/alerts/index.html",
    "homes/alerts/sent/index.html",
    "homes/alerts/confirm/index.html",
    "homes/alerts/confirmed/index.html",
    "homes/alerts/expired/index.html",
    "homes/alerts/invalid/index.html",
    "homes/alerts/unknown/index.html",
    "homes/alerts/unsubscribe/index.html",
    "homes/alerts/unsubscribed/index.html",
    "homes/alerts/error/index.html",
    "thank-you/index.html",
    "form-error/index.html",
    "client-concierge/thank-you/index.html",
    "client-concierge/form-error/index.html",
];

/// The legal pages and their headings.
const LEGAL: [(&str, &str); 2] =
    [("privacy-policy/index.html", "Privacy Policy"), ("terms-of-service/index.html", "Terms of Service")];

/// One build shared by every test here.
fn site() -> &'static Site {
    static SITE: OnceLock<Site> = OnceLock::new();
    SITE.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let dist = dir.path().join("dist");
        let content = repo_root().join("content");
        let script = repo_root().join("site/build/render-reports.mjs");
        let run = with_shared_images(&dir.path().join("cache"), || {
            generator(
                dir.path(),
                &[
                    "build",
                    "--content",
                    content.to_str().unwrap(),
                    "--out",
                    "dist",
                    "--islands",
                    "none",
                    "--cache",
                    "cache",
                    "--mdx-renderer",
                    script.to_str().unwrap(),
                ],
            )
        });
        assert!(run.ok, "the real site must build:\n{}", run.stderr);
        Site { _dir: dir, dist }
    })
}

fn page(path: &str) -> String {
    std::fs::read_to_string(site().dist.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text a reader sees: no scripts, styles or tags; entities decoded; spaces folded.
fn text(html: &str) -> String {
    let mut s = html.to_string();
    for tag in ["script", "style"] {
        while let Some(start) = s.find(&format!("<{tag}")) {
            let end = s[start..].find(&format!("</{tag}>")).map_or(s.len(), |e| start + e + tag.len() + 3);
            s.replace_range(start..end, " ");
        }
    }
    let mut out = String::new();
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    let decoded = out
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&quot;", "\"")
        .replace("&#x2F;", "/")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The inner text of the first `<tag …>…</tag>`.
fn first(html: &str, tag: &str) -> String {
    let start = html.find(&format!("<{tag}")).unwrap_or_else(|| panic!("no <{tag}>"));
    let end = html[start..].find(&format!("</{tag}>")).unwrap() + start;
    text(&html[start..end + tag.len() + 3])
}

fn json_ld(html: &str) -> Vec<serde_json::Value> {
    html.split("<script type=\"application/ld+json\">")
        .skip(1)
        .map(|rest| serde_json::from_str(&rest[..rest.find("</script>").unwrap()]).expect("JSON-LD parses"))
        .collect()
}

fn types(blocks: &[serde_json::Value]) -> Vec<String> {
    let mut out = Vec::new();
    for b in blocks {
        let items = b.get("@graph").and_then(|g| g.as_array()).cloned().unwrap_or_else(|| vec![b.clone()]);
        for i in items {
            match &i["@type"] {
                serde_json::Value::String(s) => out.push(s.clone()),
                serde_json::Value::Array(a) => out.extend(a.iter().filter_map(|t| t.as_str().map(String::from))),
                _ => {}
            }
        }
    }
    out
}

fn listing_ids() -> Vec<String> {
    let dir = repo_root().join("content/listings");
    let mut ids: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| {
            let t = std::fs::read_to_string(&p).unwrap();
            let line = t.lines().find(|l| l.starts_with("id:")).expect("listing id");
            line[3..].trim().trim_matches('"').to_string()
        })
        .collect();
    ids.sort();
    ids
}

/// The published reports' slugs (content/reports/*.mdx without `draft: true`).
fn report_slugs() -> Vec<String> {
    let mut slugs: Vec<String> = std::fs::read_dir(repo_root().join("content/reports"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "mdx"))
        .filter(|p| !std::fs::read_to_string(p).unwrap().contains("\ndraft: true"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    slugs.sort();
    slugs
}

#[test]
fn every_route_is_built() {
    let mut routes = vec!["index.html".to_string(), "client-concierge/index.html".into(), "market/index.html".into()];
    routes.push("reports/index.html".into());
    routes.extend(report_slugs().iter().map(|s| format!("reports/{s}/index.html")));
    routes.extend(LEGAL.iter().map(|(path, _)| path.to_string()));
    routes.extend(SNAPSHOT.iter().map(|(slug, ..)| format!("neighborhoods/{slug}/index.html")));
    routes.extend(listing_ids().iter().map(|id| format!("listings/{id}/index.html")));
    // The MLS's listings: none imported for this build, so the search page alone (tests/homes.rs
    // builds them).
    routes.push("homes/index.html".into());
    // This weekend's and the next's open houses (none without listings: the page says so).
    routes.push("homes/open-houses/index.html".into());
    // The seller's path and the agent's record.
    routes.push("sell/index.html".into());
    routes.push("sold/index.html".into());
    let not_indexed: Vec<String> = NOT_INDEXED.iter().map(|p| p.to_string()).collect();
    for extra in [
        "sitemap.xml",
        "robots.txt",
        "data/site.json",
        "data/listings.json",
        "data/neighborhoods.json",
        "data/quiz.json",
        "data/forms.json",
        "data/market.json",
    ] {
        routes.push(extra.into());
    }
    for r in routes.iter().chain(&not_indexed) {
        assert!(site().dist.join(r).is_file(), "missing {r}");
    }
    let built = common::files(&site().dist).into_iter().filter(|(p, _)| p.ends_with(".html")).count();
    let reports = 1 + report_slugs().len();
    assert_eq!(
        built,
        7 + LEGAL.len() + NOT_INDEXED.len() + 12 + listing_ids().len() + reports,
        "no page more, no page less"
    );
    let sitemap = page("sitemap.xml");
    for r in routes.iter().filter(|r| r.ends_with("index.html")) {
        let url = format!("https://www.movetojax.com/{}", r.trim_end_matches("index.html"));
        assert!(sitemap.contains(&format!("<loc>{url}</loc>")), "sitemap lacks {url}");
    }
    assert_eq!(
        sitemap.matches("<loc>").count(),
        7 + LEGAL.len() + 12 + listing_ids().len() + reports,
        "every indexed page, once"
    );
    for r in NOT_INDEXED {
        assert!(!sitemap.contains(r.trim_end_matches("index.html")), "the sitemap lists {r}");
    }
    assert!(page("robots.txt").contains("Sitemap: https://www.movetojax.com/sitemap.xml"));
}

#[test]
fn every_neighborhood_page_shows_its_market_snapshot() {
    for (slug, median, yoy, days, zip) in SNAPSHOT {
        let t = text(&page(&format!("neighborhoods/{slug}/index.html")));
        for label in ["Market Snapshot", "Median Condo Price", "YoY Price Growth", "Days on Market", "ZIP Code"] {
            assert!(t.contains(label), "{slug}: no {label}");
        }
        for (label, figure) in
            [("Median Condo Price", median), ("YoY Price Growth", yoy), ("Days on Market", days), ("ZIP Code", zip)]
        {
            let tile = format!("{figure} {label}");
            let tile_rev = format!("{label} {figure}");
            assert!(t.contains(&tile) || t.contains(&tile_rev), "{slug}: {label} should read {figure}");
        }
        for heading in ["Featured Buildings & Communities", "Request a Showing", "Explore More"] {
            assert!(t.contains(heading), "{slug}: no {heading}");
        }
        // One snapshot ships (the specification's, dated in its year): no change, no trend.
        assert!(t.contains("Figures as of December 2024"), "{slug}: no month");
        assert!(t.contains("Compare all neighborhoods"), "{slug}: no link to the market page");
        assert!(
            !page(&format!("neighborhoods/{slug}/index.html")).contains("class=\"snapshot__change\""),
            "{slug}: a change"
        );
    }
}

#[test]
fn the_market_page_lists_every_neighborhood_with_the_same_figures() {
    let html = page("market/index.html");
    assert_eq!(first(&html, "h1"), "Jacksonville Market Snapshot");
    let rows: Vec<&str> = html.split("<tr data-slug=\"").skip(1).collect();
    assert_eq!(rows.len(), 12);
    for (slug, median, yoy, days, zip) in SNAPSHOT {
        let row = rows.iter().find(|r| r.starts_with(&format!("{slug}\""))).unwrap_or_else(|| panic!("no row {slug}"));
        let row = text(&row[..row.find("</tr>").unwrap()]);
        assert!(row.ends_with(&format!("{median} {yoy} {days} {zip}")), "{slug}: {row}");
    }
    let json: serde_json::Value = serde_json::from_str(&page("data/market.json")).unwrap();
    assert_eq!(json["month"], "2024-12");
    assert_eq!(json["neighborhoods"].as_array().unwrap().len(), 12);
    assert!(page("sitemap.xml").contains("<loc>https://www.movetojax.com/market/</loc>"));
}

#[test]
fn riverside_is_titled_riverside_and_avondale() {
    let html = page("neighborhoods/riverside/index.html");
    assert_eq!(first(&html, "h1"), "Riverside & Avondale");
    assert!(first(&html, "title").contains("Riverside & Avondale"));
}

#[test]
fn the_404_page_leads_home() {
    let html = page("404.html");
    assert_eq!(first(&html, "h1"), "Oops! Page not found");
    assert!(html.contains("href=\"/\""));
    assert!(text(&html).contains("Return to Home"));
}

#[test]
fn the_pages_a_form_without_javascript_leads_to() {
    let forms = std::fs::read_to_string(repo_root().join("content/forms.yaml")).unwrap();
    assert!(forms.contains("\nno_script:\n"));
    let thanks = page("thank-you/index.html");
    assert_eq!(first(&thanks, "h1"), "Thank You for Reaching Out");
    assert!(text(&thanks)
        .contains("Your message has reached Alexandra, who reads every inquiry personally. She will reply shortly"));
    let error = page("form-error/index.html");
    assert_eq!(first(&error, "h1"), "Your Message Could Not Be Sent");
    let t = text(&error);
    assert!(t.contains("Some details were missing or not valid"), "{t}");
    assert!(t.contains("or call Alexandra directly at (904) 555-0147"), "{t}");
    assert!(error.contains("<a href=\"tel:+19045550147\">(904) 555-0147</a>"));
    assert!(error.contains("href=\"/#contact\">Back to the Contact Form</a>"));
    assert!(page("index.html").contains(" id=\"contact\""), "the link's target is the home page's contact section");
    for html in [&thanks, &error] {
        assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"));
        assert!(!html.contains("rel=\"canonical\""));
        assert!(html.contains("<a class=\"btn btn--navy\" href=\"/\">Return to Home</a>"));
        assert!(!html.contains("{phone}"));
    }
}

/// `key: value` of a YAML line in a content file.
fn content_value(file: &str, key: &str) -> String {
    let text = std::fs::read_to_string(repo_root().join("content").join(file)).unwrap();
    let line = text.lines().find_map(|l| l.trim().strip_prefix(&format!("{key}:")).map(str::to_string));
    line.unwrap_or_else(|| panic!("no {key} in {file}")).trim().trim_matches('"').to_string()
}

#[test]
fn the_footer_leads_to_the_legal_pages_which_state_what_content_sets() {
    let home = page("index.html");
    assert!(home.contains("<li><a href=\"/privacy-policy/\">Privacy Policy</a></li><li><a href=\"/terms-of-service/\">Terms of Service</a></li>"));
    for (path, title) in LEGAL {
        let html = page(path);
        assert_eq!(first(&html, "h1"), title);
        assert_eq!(first(&html, "title"), format!("{title} | Move to JAX"));
        assert!(!text(&html).contains('{'), "{path}: a placeholder left unfilled");
    }
    let days = content_value("forms.yaml", "document_retention_days");
    let email = content_value("site.yaml", "email");
    let privacy = page("privacy-policy/index.html");
    let t = text(&privacy);
    for s in [
        format!("are deleted {days} days after you submit them"),
        format!("kept in the site's storage for the same {days} days"),
        "deleted within 24 hours".into(),
        "expires 14 days after it is sent".into(),
        "Cloudflare".into(),
        "EmailJS".into(),
        "government-issued photo ID, a recent credit report".into(),
        "three months of bank statements".into(),
    ] {
        assert!(t.contains(&s), "the privacy policy should say {s:?}: {t}");
    }
    let main = &privacy[privacy.find("<main").unwrap()..privacy.find("</main>").unwrap()];
    assert!(main.contains(&format!("<a href=\"mailto:{email}\">{email}</a>")), "deletion requests go to {email}");
    let terms = text(&page("terms-of-service/index.html"));
    for s in
        ["deemed reliable but not guaranteed", "Exclusive Broker Agreement", "legal, tax, financial or mortgage advice"]
    {
        assert!(terms.contains(s), "the terms should say {s:?}");
    }
}

#[test]
fn the_home_page_carries_the_seed_texts_in_order() {
    let html = page("index.html");
    let t = text(&html);
    let in_order = [
        "Properties",
        "Neighborhoods",
        "New Developments",
        "Client Concierge",
        "Discover Jacksonville",
        "Join Our Luxury Portfolio",
        "Schedule Consultation",
        "Riverside",
        "San Marco",
        "Jax Beach",
        "Nocatee",
        "All Neighborhoods",
        "What's Your Vibe Quiz",
        "Live Data",
        "Residential",
        "Commercial",
        "Mixed-Use",
        "15+",
        "Active Projects",
        "$2.5B+",
        "Investment Value",
        "2024-2027",
        "Completion Timeline",
        "Current Listings",
        "Get the Buyer's Guide",
        "What's My Home Worth?",
        "Schedule Consultation",
        "Popular Areas",
        "Privacy Policy",
        "Terms of Service",
        "© 2024 Move to JAX",
    ];
    let mut at = 0;
    for s in in_order {
        match t[at..].find(s) {
            Some(i) => at += i + s.len(),
            None => panic!("the home page should show {s:?} after position {at}"),
        }
    }
    for id in ["featured-properties", "neighborhoods", "new-developments", "current-listings", "about", "contact"] {
        assert!(html.contains(&format!("id=\"{id}\"")), "no section #{id}");
    }
    for s in ["Let's Connect", "Text Me", "Message"] {
        assert!(t.contains(s), "no widget text {s}");
    }
    assert!(html.contains("href=\"sms:+19045550147\""), "Text Me is an sms: link to the agent's phone");
    // Every featured listing is in the HTML, and every neighborhood card.
    let listings: serde_json::Value = serde_json::from_str(&page("data/listings.json")).unwrap();
    for l in listings.as_array().unwrap().iter().filter(|l| l["featured"] == true) {
        for field in ["address", "price", "neighborhood"] {
            assert!(t.contains(l[field].as_str().unwrap()), "home page lacks {}", l[field]);
        }
    }
    for (slug, ..) in SNAPSHOT {
        assert!(html.contains(&format!("href=\"/neighborhoods/{slug}/\"")), "no card for {slug}");
    }
}

#[test]
fn the_concierge_page_has_its_form() {
    let html = page("client-concierge/index.html");
    let t = text(&html);
    for s in [
        "Welcome to Your Personalized Client Concierge Portal",
        "Required Documents",
        "E.g., pay stubs, W-2, or verification letter",
        "Submit Documents",
    ] {
        assert!(t.contains(s), "concierge page lacks {s}");
    }
    for field in ["photoId", "creditReport", "proofOfIncome", "bankStatement1", "bankStatement2", "bankStatement3"] {
        assert!(html.contains(&format!("name=\"{field}\"")), "no input {field}");
    }
    assert_eq!(html.matches("type=\"file\"").count(), 6);
}

#[test]
fn seo_on_every_page() {
    let mut titles = HashSet::new();
    for (path, bytes) in common::files(&site().dist).into_iter().filter(|(p, _)| p.ends_with(".html")) {
        let html = String::from_utf8(bytes).unwrap();
        assert!(titles.insert(first(&html, "title")), "{path}: duplicate title");
        assert!(html.contains("<meta name=\"description\" content=\""), "{path}: no description");
        assert!(html.contains("property=\"og:title\""), "{path}: no OpenGraph");
        let blocks = json_ld(&html);
        let t = types(&blocks);
        assert!(t.iter().any(|t| t == "RealEstateAgent"), "{path}: no RealEstateAgent in {t:?}");
        if NOT_INDEXED.contains(&path.as_str()) {
            assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"), "{path}");
            continue;
        }
        let url = format!("https://www.movetojax.com/{}", path.trim_end_matches("index.html"));
        assert!(
            html.contains(&format!("<link rel=\"canonical\" href=\"{url}\">")),
            "{path}: canonical should be {url}"
        );
        if path.starts_with("neighborhoods/") {
            assert!(t.iter().any(|t| t == "BreadcrumbList") && t.iter().any(|t| t == "Place"), "{path}: {t:?}");
        }
        if path.starts_with("listings/") {
            assert!(t.iter().any(|t| t == "BreadcrumbList") && t.iter().any(|t| t == "Offer"), "{path}: {t:?}");
        }
    }
}

#[test]
fn every_page_lists_the_agents_email_in_its_footer() {
    let email = std::fs::read_to_string(repo_root().join("content/site.yaml"))
        .unwrap()
        .lines()
        .find_map(|l| l.trim().strip_prefix("email:").map(|e| e.trim().trim_matches('"').to_string()))
        .expect("site.yaml has the agent's email");
    assert!(email.contains('@'));
    let link = format!("<a class=\"site-footer__contact\" href=\"mailto:{email}\">");
    for (path, bytes) in common::files(&site().dist).into_iter().filter(|(p, _)| p.ends_with(".html")) {
        let html = String::from_utf8(bytes).unwrap();
        let footer = &html[html.find("<footer").unwrap_or_else(|| panic!("{path} has no footer"))..];
        assert!(footer.contains(&link), "{path}: no e-mail link in the footer");
    }
}

#[test]
fn every_image_has_its_size_so_nothing_shifts() {
    for (path, bytes) in common::files(&site().dist).into_iter().filter(|(p, _)| p.ends_with(".html")) {
        let html = String::from_utf8(bytes).unwrap();
        for img in html.split("<img").skip(1) {
            let tag = &img[..img.find('>').unwrap()];
            assert!(
                tag.contains(" width=\"") && tag.contains(" height=\"") && tag.contains(" alt=\""),
                "{path}: <img{tag}>"
            );
            let src = tag.split(" src=\"").nth(1).map(|s| &s[..s.find('"').unwrap()]).unwrap();
            assert!(
                Path::new(&site().dist).join(src.trim_start_matches('/')).is_file(),
                "{path}: {src} is not in the build"
            );
        }
    }
}

#[test]
fn schemas_shipped_for_editors_are_current() {
    let dir = tempfile::tempdir().unwrap();
    let run = generator(dir.path(), &["schemas", "--out", "schemas"]);
    assert!(run.ok, "{}", run.stderr);
    let fresh = common::files(&dir.path().join("schemas"));
    let shipped = common::files(&repo_root().join("content/schemas"));
    assert_eq!(fresh.len(), 14, "13 schemas and the editor's collections");
    assert!(fresh == shipped, "content/schemas is stale: run `generator schemas`");
}

#[test]
fn typescript_shipped_for_the_islands_is_current() {
    let dir = tempfile::tempdir().unwrap();
    let run = generator(dir.path(), &["schemas", "--out", "schemas", "--site", "lib"]);
    assert!(run.ok, "{}", run.stderr);
    let fresh = common::files(&dir.path().join("lib"));
    let names: Vec<&str> = fresh.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["editor.ts", "props.ts", "protocol.ts", "signatures.ts"]);
    for (name, text) in &fresh {
        let shipped = std::fs::read(repo_root().join("site/src/lib").join(name)).unwrap();
        assert!(*text == shipped, "site/src/lib/{name} is stale: run `cargo run -p generator -- schemas`");
    }
}

#[test]
fn only_files_with_hashed_names_are_cached_for_a_year() {
    let headers = page("_headers");
    let mut rules = headers.lines().filter(|l| !l.starts_with(' '));
    assert_eq!(rules.next(), Some("/*"));
    // The open houses' calendar files: a type, not a cache rule.
    assert_eq!(rules.next(), Some("/homes/*.ics"));
    assert!(headers.contains("/homes/*.ics\n  Content-Type: text/calendar; charset=utf-8\n"), "{headers}");
    let immutable: Vec<&str> =
        rules.map(|r| r.strip_prefix('/').and_then(|r| r.strip_suffix("/*")).expect("a folder rule")).collect();
    assert!(immutable.contains(&"images"), "{headers}");
    // `<stem>-<8 hex digits of the source's hash>[-<width>].<ext>`: a new image is a new URL.
    let hashed = |name: &str| {
        let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
        let mut parts = stem.rsplit('-');
        let last = parts.next().unwrap_or_default();
        let hash = if last.bytes().all(|b| b.is_ascii_digit()) { parts.next().unwrap_or_default() } else { last };
        hash.len() == 8 && hash.bytes().all(|b| b.is_ascii_hexdigit())
    };
    // The search's files: each in a folder named by 10 hex digits of its bytes' hash.
    let in_version = |path: &str, bytes: &[u8]| {
        path.strip_prefix("data/search/")
            .and_then(|rest| rest.split_once('/'))
            .is_some_and(|(v, _)| v == &blake3::hash(bytes).to_hex()[..10])
    };
    assert!(immutable.contains(&"data/search"), "{headers}");
    for (path, bytes) in common::files(&site().dist) {
        if immutable.iter().any(|dir| path.starts_with(&format!("{dir}/"))) {
            assert!(
                hashed(path.rsplit('/').next().unwrap()) || in_version(&path, &bytes),
                "{path} is cached for a year but its name does not change with it"
            );
        }
    }
}

#[test]
fn the_sample_report_is_complete_without_javascript_and_described_for_crawlers() {
    let slugs = report_slugs();
    assert!(!slugs.is_empty(), "one sample report ships");
    let slug = &slugs[0];
    let html = page(&format!("reports/{slug}/index.html"));
    let url = format!("https://www.movetojax.com/reports/{slug}/");
    assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{url}\">")), "canonical");
    assert!(html.contains("<meta property=\"og:type\" content=\"article\">"), "og:type article");
    let ld = json_ld(&html);
    let graph = ld[0]["@graph"].as_array().unwrap();
    let article = graph.iter().find(|n| n["@type"] == "Article").expect("an Article node");
    assert_eq!(article["url"], url.as_str());
    assert_eq!(article["author"]["name"], content_value("site.yaml", "name"));
    assert_eq!(article["publisher"]["@id"], "https://www.movetojax.com/#agent");
    assert!(article["datePublished"].as_str().unwrap().len() == 10 && article["headline"].is_string());
    // The components, prerendered: the listing card as on the home page, the CTA a link to the
    // contact form that opens the consultation dialog once the islands run.
    assert!(html.contains("<article class=\"slide__card\""), "the listing card");
    assert!(html.contains("<section class=\"snapshot report__snapshot\""), "the market snapshot's tiles");
    assert!(html.contains("href=\"/#contact\" data-open=\"lead\" data-type=\"consultation\""), "the CTA");
    assert!(!html.contains("jax-component"), "every placeholder replaced");
    let words = text(&html);
    assert!(words.contains("Talk through your move with Alexandra"), "{words}");
    // Listed, newest first, and linked from every footer.
    let index = page("reports/index.html");
    assert!(index.contains(&format!("href=\"/reports/{slug}/\"")));
    assert!(page("index.html").contains("<a href=\"/reports/\">"), "the footer links the reports");
}
