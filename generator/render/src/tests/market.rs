//! The market page and its JSON.

use super::*;

#[test]
fn the_market_table_is_complete_without_javascript() {
    let site = render();
    let html = site.page("market/index.html");
    assert!(html.contains("<title>Jacksonville Market Snapshot | Move to JAX</title>"));
    assert!(html.contains("<h1 class=\"page-hero__title\" id=\"page-title\">Jacksonville Market Snapshot</h1>"));
    assert!(html.contains("<span>Figures as of December 2024</span>"));
    // Every neighborhood, in the site's order, every figure in the specification's format.
    let rows: Vec<&str> = html.split("<tr data-slug=\"").skip(1).map(|r| &r[..r.find('"').unwrap()]).collect();
    assert_eq!(rows, ["riverside", "san-marco"]);
    assert!(html.contains("<tr data-slug=\"san-marco\"><th scope=\"row\"><a href=\"/neighborhoods/san-marco/\">San Marco</a><span class=\"market-table__where\">Historic Districts · 32207</span></th><td class=\"market-table__area\">Historic Districts</td><td class=\"market-table__num\">$485K</td><td class=\"market-table__num\">+9.1%</td><td class=\"market-table__num\">38</td><td class=\"market-table__num market-table__zip\">32207</td></tr>"), "{html}");
    for key in ["name", "area", "median_price", "yoy_growth", "days_on_market", "zip"] {
        assert!(html.contains(&format!("data-sort=\"{key}\"")), "{key}");
    }
    // The island is mounted with its props, and reads the JSON.
    assert!(html.contains("data-island=\"market-table\" data-hydrate=\"idle\""));
    assert!(html.contains("\"data\":\"/data/market.json\""));
    assert!(html.contains("\"areas\":[\"Historic Districts\"]"));
}

#[test]
fn the_price_chart_is_prerendered_highest_first() {
    let site = render();
    let html = site.page("market/index.html");
    assert!(html.contains("<svg class=\"bars\" viewBox=\"0 0 400 60\" role=\"img\" aria-labelledby=\"price-chart-title price-chart-desc\""));
    assert!(html.contains("<desc id=\"price-chart-desc\">December 2024: San Marco $485K, Riverside $425K.</desc>"));
    let names: Vec<&str> = html
        .split("class=\"bars__name\"")
        .skip(1)
        .map(|r| &r[r.find('>').unwrap() + 1..r.find("</text>").unwrap()])
        .collect();
    assert_eq!(names, ["San Marco", "Riverside"]);
}

#[test]
fn the_market_page_is_a_dataset_linked_from_every_footer() {
    let site = render();
    let html = site.page("market/index.html");
    let t = ld_types(html);
    assert!(t.contains(&"Dataset".to_string()) && t.contains(&"BreadcrumbList".to_string()), "{t:?}");
    assert!(html.contains("\"contentUrl\":\"https://www.movetojax.com/data/market.json\""));
    assert!(html.contains("\"temporalCoverage\":\"2024-12\""));
    assert!(html.contains("<link rel=\"canonical\" href=\"https://www.movetojax.com/market/\">"));
    for (path, page) in &site.pages {
        if path.ends_with(".html") && page.contains("<footer") {
            assert!(page.contains("<li><a href=\"/market/\">Jacksonville Market Snapshot</a></li>"), "{path}");
        }
    }
}
