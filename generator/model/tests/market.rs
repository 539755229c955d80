//! Parsing and validation of a market snapshot file, with the exact diagnostics. The checks
//! across files (unknown or missing neighborhood, two files for a month) are fixture sites.

use jax_model::market::{format, parse_snapshot};

const SNAPSHOT: &str = r#"source: Northeast Florida MLS
neighborhoods:
  riverside:
    median_price: 425000
    yoy_growth: 8.2
    days_on_market: 45
    zip: 32205
  ortega: {median_price: 695000, yoy_growth: -1.5, days_on_market: 58, zip: "32210"}
"#;

fn errors(text: &str) -> Vec<String> {
    match parse_snapshot("market/2024-12.yaml", "2024-12.yaml", text) {
        Ok(_) => Vec::new(),
        Err(d) => d.0.iter().map(ToString::to_string).collect(),
    }
}

#[test]
fn figures_are_typed_and_a_zip_written_as_a_number_stays_text() {
    let s = parse_snapshot("market/2024-12.yaml", "2024-12.yaml", SNAPSHOT).unwrap();
    let r = s.figures("riverside").unwrap();
    assert_eq!((r.median_price, r.yoy_growth, r.days_on_market, r.zip.as_str()), (425_000, 8.2, 45, "32205"));
    assert_eq!(format::tiles(s.figures("ortega").unwrap()), ["$695K", "-1.5%", "58", "32210"]);
    assert_eq!(s.month.label(), "December 2024");
}

#[test]
fn a_missing_figure_is_named() {
    let text = SNAPSHOT.replace("    median_price: 425000\n", "");
    assert_eq!(
        errors(&text),
        ["market/2024-12.yaml:3:3: neighborhoods.riverside.median_price: missing (required: add `median_price:` under `neighborhoods.riverside`)"]
    );
}

#[test]
fn a_malformed_figure_is_named_where_it_is() {
    let text = SNAPSHOT
        .replace("median_price: 425000", "median_price: $425K")
        .replace("days_on_market: 45", "days_on_market: 0");
    assert_eq!(
        errors(&text),
        ["market/2024-12.yaml:4:19: neighborhoods.riverside.median_price: expected a whole number, found text \"$425K\""]
    );
    let text =
        SNAPSHOT.replace("days_on_market: 45", "days_on_market: 0").replace("yoy_growth: -1.5", "yoy_growth: 12.25");
    assert_eq!(
        errors(&text),
        [
            "market/2024-12.yaml:6:21: neighborhoods.riverside.days_on_market: expected 1 to 999 days, found 0",
            "market/2024-12.yaml:8:46: neighborhoods.ortega.yoy_growth: expected a percentage with at most one decimal, such as 9.2 or -1.5, found 12.25",
        ]
    );
}

#[test]
fn an_unknown_figure_points_at_its_key() {
    let text = SNAPSHOT.replace("    days_on_market: 45\n", "    days_on_market: 45\n    dom: 12\n");
    assert_eq!(
        errors(&text),
        ["market/2024-12.yaml:7:5: neighborhoods.riverside.dom: unknown field; expected one of: days_on_market, median_price, yoy_growth, zip"]
    );
}

#[test]
fn the_file_name_is_the_month() {
    let e = parse_snapshot("market/december.yaml", "december.yaml", SNAPSHOT).unwrap_err();
    assert_eq!(
        e.to_string().lines().next().unwrap(),
        "market/december.yaml:1:1: expected a file named after its month, such as 2024-12.yaml (year, hyphen, two-digit month), found \"december.yaml\""
    );
}
