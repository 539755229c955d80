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
        assert!(html.contains(&format!("<dt>{label}</dt><dd>{figure}</dd>")), "{label}");
    }
    assert!(html.contains(">About Riverside</h2>"));
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
    assert!(html.contains("<a class=\"explore-more__link\" href=\"/#neighborhoods\">"));
    assert!(html.contains("href=\"/#featured-properties\""));
    assert_eq!(html.matches("fetchpriority=\"high\"").count(), 1);
    let t = ld_types(html);
    assert!(t.contains(&"BreadcrumbList".to_string()) && t.contains(&"Place".to_string()), "{t:?}");
    assert!(html.contains("\"postalCode\":\"32205\""));
}
