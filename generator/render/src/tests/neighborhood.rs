//! A neighborhood's page.

use super::*;

#[test]
fn neighborhood_pages() {
    let site = render();
    let html = site.page("neighborhoods/riverside/index.html");
    assert!(html.contains("<title>Riverside &amp; Avondale Homes &amp; Market Snapshot | Move to JAX</title>"));
    assert!(html.contains("<h1 class=\"page-hero__title\" id=\"page-title\">Riverside &amp; Avondale</h1>"));
    assert!(html.contains("<li><a href=\"/\">Home</a></li><li><a href=\"/#neighborhoods\">Neighborhoods</a></li><li><span aria-current=\"page\">Riverside</span></li>"));
    for (label, figure) in [
        ("Median Condo Price", "$425K"),
        ("YoY Price Growth", "+8.2%"),
        ("Days on Market", "45"),
        ("ZIP Code", "32205"),
    ] {
        assert!(html.contains(&format!("<dt>{label}</dt><dd class=\"snapshot__value\">{figure}</dd>")), "{label}");
    }
    assert!(html.contains(">About Riverside</h2>"));
    // The latest snapshot's month and source (escaped, linked), and the way to the market page.
    assert!(html.contains("<span>Figures as of December 2024</span> <span><a href=\"https://example.com/mls\">Source: Test &lt;MLS&gt;</a></span> <a class=\"snapshot__compare\" href=\"/market/\">Compare all neighborhoods</a>"));
    assert!(
        html.contains("<strong>lovely</strong>. &lt;b&gt;bold?&lt;/b&gt;") && html.contains("<h3>Living here</h3>")
    );
    assert_eq!(html.matches("class=\"building\"").count(), 4);
    assert!(
        html.contains(">Request a Showing</a>")
            && html.contains("data-type=\"buyer-guide\"")
            && html.contains("data-type=\"cma-request\"")
    );
    assert!(html.contains("href=\"/#contact\" data-open=\"contact\""));
    // The agent's listings in the area, each with its inquiry about it; none in San Marco.
    assert!(html.contains("<h2 class=\"section-title\" id=\"listings-title\">Featured Listings in Riverside</h2>"));
    assert_eq!(html.matches("<article class=\"slide__card\"").count(), 3);
    assert!(html.contains("data-open=\"contact\" data-listing=\"/listings/quiet-cottage/\""));
    assert!(!site.page("neighborhoods/san-marco/index.html").contains("listings-title"));
    assert!(html.contains("<a class=\"explore-more__link\" href=\"/#neighborhoods\">"));
    assert!(html.contains("href=\"/#featured-properties\""));
    assert_eq!(html.matches("fetchpriority=\"high\"").count(), 1);
    let t = ld_types(html);
    assert!(t.contains(&"BreadcrumbList".to_string()) && t.contains(&"Place".to_string()), "{t:?}");
    assert!(html.contains("\"postalCode\":\"32205\""));
}

#[test]
fn each_figure_shows_its_change_since_the_previous_snapshot_and_its_trend() {
    let site = render();
    let html = site.page("neighborhoods/riverside/index.html");
    // Growth and days changed; the price did not, so it says nothing; the ZIP is never compared.
    assert!(html.contains("<dd class=\"snapshot__value\">$425K</dd><dd class=\"snapshot__trend\">"), "{html}");
    assert!(html.contains(
        "<dd class=\"snapshot__value\">+8.2%</dd><dd class=\"snapshot__change\">+0.3 pts since November 2024</dd>"
    ));
    assert!(html.contains(
        "<dd class=\"snapshot__value\">45</dd><dd class=\"snapshot__change\">-3 days since November 2024</dd>"
    ));
    assert_eq!(html.matches("class=\"snapshot__change\"").count(), 2);
    // One chart per figure over time, each with a title, a description and its table.
    assert_eq!(html.matches("<svg class=\"trend\"").count(), 3);
    assert!(html.contains("<title id=\"trend-days-title\">Days on Market in Riverside</title><desc id=\"trend-days-desc\">From 48 in November 2024 to 45 in December 2024.</desc>"));
    assert!(html.contains("<caption>Days on Market in Riverside</caption><thead><tr><th scope=\"col\">Month</th><th scope=\"col\">Days on Market</th></tr></thead><tbody><tr><th scope=\"row\">November 2024</th><td>48</td></tr><tr><th scope=\"row\">December 2024</th><td>45</td></tr></tbody>"));
    let sm = site.page("neighborhoods/san-marco/index.html");
    assert!(sm.contains(
        "<dd class=\"snapshot__value\">$485K</dd><dd class=\"snapshot__change\">+$15K since November 2024</dd>"
    ));
}
