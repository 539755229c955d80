//! A listing's page.

use super::*;

#[test]
fn listing_pages() {
    let site = render();
    let html = site.page("listings/river-penthouse/index.html");
    assert!(
        html.contains("<title>1 Riverside Ave, Unit 1801, Jacksonville, FL 32202 — $1,350,000 | Move to JAX</title>")
    );
    assert!(html.contains(
        "<h1 class=\"listing__title\" id=\"page-title\">1 Riverside Ave, Unit 1801, Jacksonville, FL 32202</h1>"
    ));
    assert!(html.contains("<dt>Baths</dt><dd>2.5</dd>") && html.contains("<dt>Sq Ft</dt><dd>2,450</dd>"));
    for f in ["Dock", "Kitchen", "Views", "Garage"] {
        assert!(html.contains(&format!("<li>{f}</li>")));
    }
    assert!(html
        .contains("A <strong>fine</strong> home on the river. &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
    let t = ld_types(html);
    assert!(
        t.contains(&"Apartment".to_string())
            && t.contains(&"Offer".to_string())
            && t.contains(&"BreadcrumbList".to_string()),
        "{t:?}"
    );
    assert!(html.contains("\"price\":\"1350000\",\"priceCurrency\":\"USD\""));
    let description = &html[html.find("<meta name=\"description\" content=\"").unwrap()..];
    assert!(description.starts_with(
        "<meta name=\"description\" content=\"$1,350,000 · 3 Beds · 2.5 Baths · 2,450 Sq Ft · Riverside. A fine home"
    ));
    assert!(ld_types(site.page("listings/san-marco-estate/index.html")).contains(&"SingleFamilyResidence".to_string()));
}
