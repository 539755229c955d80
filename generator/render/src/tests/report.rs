//! A report's page and the list of reports: the components put in place of mdx-js's placeholders
//! by the site's own templates, the Article JSON-LD, and the list newest first.

use super::*;
use jax_model::market::Figure;
use jax_reports::{Component, Prepared};

const REPORT: &str =
    "---\ntitle: Riverside in Winter\ndate: 2024-12-20\ndescription: What December says.\n---\nText.\n";
const OLDER: &str = "---\ntitle: Fall Notes\ndate: 2024-10-01\ndescription: Fall.\n---\nText.\n";

/// The test site with two reports, "compiled" as mdx-js would (placeholders in the HTML).
fn site() -> HashMap<String, String> {
    let mut c = content();
    c.reports.push(ok(content::parse_report("reports/winter.mdx", "winter", REPORT)));
    c.reports.push(ok(content::parse_report("reports/fall.mdx", "fall", OLDER)));
    let html = "<p>Intro <jax-component n=\"3\"></jax-component>.</p>\n<jax-component n=\"0\"></jax-component>\n\
                <jax-component n=\"1\"></jax-component>\n<jax-component n=\"2\"></jax-component>";
    let winter = Prepared {
        html: html.into(),
        components: vec![
            (Component::Snapshot { area: "riverside".into() }, None),
            (Component::Trend { areas: vec!["riverside".into(), "san-marco".into()], figure: Figure::Median }, None),
            (Component::Listing { id: "river-penthouse".into() }, None),
            (Component::Cta { form: "consultation".into(), flow: false }, Some("Book <strong>now</strong>".into())),
        ],
    };
    let fall = Prepared { html: "<p>Fall.</p>".into(), components: Vec::new() };
    let reports = HashMap::from([("winter".to_string(), winter), ("fall".to_string(), fall)]);
    let images = images(&c);
    let out = Renderer::embedded()
        .unwrap()
        .render_pages(&RenderInput {
            content: &c,
            images: &images,
            assets: &Assets::default(),
            reports: &reports,
            homes: None,
        })
        .unwrap();
    out.into_iter().map(|o| (o.path, String::from_utf8(o.bytes).unwrap())).collect()
}

#[test]
fn a_report_page_renders_its_components_with_the_sites_templates() {
    let pages = site();
    let html = &pages["reports/winter/index.html"];
    assert!(!html.contains("jax-component"), "every placeholder replaced");
    // <Cta>: a dialog trigger, a link to the contact form without JavaScript.
    assert!(html.contains("<p>Intro <a class=\"btn btn--gold\" href=\"/#contact\" data-open=\"lead\" data-type=\"consultation\">Book <strong>now</strong></a>.</p>"), "{html}");
    // <Snapshot>: the neighborhood page's tiles, with the change since November.
    assert!(html.contains("<section class=\"snapshot report__snapshot\" aria-labelledby=\"report-snapshot-1\">"));
    assert!(
        html.contains("<dd class=\"snapshot__value\">$425K</dd>") && html.contains("since November 2024"),
        "{html}"
    );
    // <Trend>: one chart per neighborhood, each with its caption, SVG and table.
    assert_eq!(html.matches("<figure class=\"report__chart\">").count(), 2);
    assert!(html.contains("<figcaption>Median Condo Price in San Marco</figcaption>"), "{html}");
    assert!(html.contains("id=\"report-trend-2-riverside-title\""));
    // <Listing>: the home page's card.
    assert!(html.contains("<article class=\"slide__card\" aria-labelledby=\"report-listing-3\">"));
    assert!(html.contains("href=\"/listings/river-penthouse/\""));
    // Head: an article with its canonical URL and structured data.
    assert!(html.contains("<meta property=\"og:type\" content=\"article\">"));
    assert!(html.contains("<meta property=\"article:published_time\" content=\"2024-12-20\">"), "{html}");
    assert!(html.contains("<link rel=\"canonical\" href=\"https://www.movetojax.com/reports/winter/\">"));
    assert!(html.contains("<body class=\"page-report\">"));
    assert_eq!(ld_types(html), ["RealEstateAgent", "BreadcrumbList", "Article"]);
    assert!(html.contains("\"datePublished\":\"2024-12-20\"") && html.contains("\"headline\":\"Riverside in Winter\""));
    assert!(html.contains("<time datetime=\"2024-12-20\">December 20, 2024</time>"));
}

#[test]
fn the_list_of_reports_is_newest_first_and_every_footer_links_it() {
    let pages = site();
    let list = &pages["reports/index.html"];
    let (winter, fall) = (list.find("/reports/winter/").unwrap(), list.find("/reports/fall/").unwrap());
    assert!(winter < fall, "newest first");
    assert_eq!(ld_types(list), ["RealEstateAgent", "BreadcrumbList", "ItemList"]);
    assert!(pages["index.html"].contains("<li><a href=\"/reports/\">Market Reports</a></li>"));
    // Without reports there is no list and no link to it.
    assert!(!render().pages.contains_key("reports/index.html"));
    assert!(!render().page("index.html").contains("/reports/"));
}
