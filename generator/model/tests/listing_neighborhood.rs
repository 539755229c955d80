//! Parsing and validation of listings and neighborhoods, with the exact diagnostics.

use jax_model::content::{parse_listing, parse_neighborhood};

const LISTING: &str = r#"---
id: river-loft
address: 1 Main St, Jacksonville, FL 32202
neighborhood: Downtown
price: "$995,000"
beds: 2
baths: 2.5
sqft: "1,850"
image: images/listings/river-loft.svg
image_alt: A loft
features:
  - River views
  - Concierge
  - Two parking spaces
  - Private terrace
featured: true
order: 3
---
A **bright** loft.
"#;

fn errors(result: Result<impl std::fmt::Debug, jax_model::Diagnostics>) -> Vec<String> {
    result.expect_err("expected problems").0.iter().map(ToString::to_string).collect()
}

#[test]
fn a_valid_listing_parses() {
    let l = parse_listing("listings/a.md", LISTING).unwrap();
    assert_eq!(l.fields.id, "river-loft");
    assert_eq!(l.fields.features.len(), 4);
    assert_eq!(l.fields.order, Some(3));
    assert!(l.fields.featured && !l.fields.draft);
    assert_eq!(l.description, "A **bright** loft.");
    assert_eq!(l.baths_text(), "2.5");
}

#[test]
fn five_features_is_an_error_at_the_key() {
    let text = LISTING.replace("  - Private terrace\n", "  - Private terrace\n  - Wine room\n");
    assert_eq!(errors(parse_listing("l.md", &text)), ["l.md:11:1: features: expected exactly 4 items, found 5"]);
}

#[test]
fn unknown_fields_suggest_the_right_one_and_missing_fields_are_named() {
    let text = LISTING.replace("price: ", "prise: ");
    assert_eq!(
        errors(parse_listing("l.md", &text)),
        [
            "l.md:2:1: price: missing (required: add `price:` under the top level)",
            "l.md:5:1: prise: unknown field; expected one of: address, baths, beds, draft, featured, features, id, image, image_alt, mls_number, neighborhood, order, price, sqft (did you mean `price`?)",
        ]
    );
}

#[test]
fn wrong_types_are_all_reported_at_their_values() {
    let text = LISTING.replace("beds: 2", "beds: two").replace("featured: true", "featured: sometimes");
    assert_eq!(
        errors(parse_listing("l.md", &text)),
        [
            "l.md:6:7: beds: expected a whole number, found text \"two\"",
            "l.md:16:11: featured: expected true or false, found text \"sometimes\"",
        ]
    );
}

#[test]
fn formats_are_checked_after_parsing() {
    let text = LISTING
        .replace("\"$995,000\"", "995000")
        .replace("baths: 2.5", "baths: 2.25")
        .replace("river-loft\n", "River Loft\n")
        .replace("  - Concierge", "  - \"  \"");
    assert_eq!(
        errors(parse_listing("l.md", &text)),
        [
            "l.md:2:5: id: expected lowercase words joined by hyphens such as \"riverside-craftsman\", found \"River Loft\"",
            "l.md:5:8: price: expected a price such as \"$1,250,000\", found \"995000\"",
            "l.md:7:8: baths: expected bathrooms in halves such as 2 or 2.5, found 2.25",
            "l.md:13:5: features[1]: expected text, found an empty value",
        ]
    );
}

#[test]
fn front_matter_and_yaml_syntax_problems() {
    assert_eq!(
        errors(parse_listing("l.md", "id: x\n")),
        ["l.md:1:1: expected front matter: the file must start with a line `---`, then the fields, then another `---` line, then the text"]
    );
    let text = LISTING.replace("beds: 2\n", "beds: [2\n");
    let e = errors(parse_listing("l.md", &text));
    assert_eq!(e.len(), 1);
    assert!(e[0].starts_with("l.md:7:") && e[0].contains("YAML syntax error"), "{e:?}");
}

#[test]
fn a_listing_needs_a_description() {
    let text = LISTING.replace("A **bright** loft.\n", "");
    assert_eq!(
        errors(parse_listing("l.md", &text)),
        ["l.md:1:1: description: expected a description below the closing `---`, found none"]
    );
}

const NEIGHBORHOOD: &str = r#"---
slug: riverside
name: Riverside
title: Riverside & Avondale
description: Oaks and bungalows.
hero: Historic charm on the river.
image: images/neighborhoods/riverside.svg
image_alt: Oak-lined street
area: Riverside & Ortega
buildings:
  - name: A
    description: a
  - name: B
    description: b
  - name: C
    description: c
  - name: D
    description: d
---
About Riverside.
"#;

#[test]
fn a_valid_neighborhood_parses() {
    let n = parse_neighborhood("n.md", NEIGHBORHOOD).unwrap();
    assert_eq!(n.fields.title, "Riverside & Avondale");
    assert_eq!(n.fields.area, "Riverside & Ortega");
    assert_eq!(n.about, "About Riverside.");
}

#[test]
fn a_neighborhood_has_four_buildings_and_an_area() {
    let text = NEIGHBORHOOD.replace("  - name: D\n    description: d\n", "");
    assert_eq!(errors(parse_neighborhood("n.md", &text)), ["n.md:10:1: buildings: expected exactly 4 items, found 3"]);
    let text = NEIGHBORHOOD.replace("area: Riverside & Ortega", "area: \"\"");
    assert_eq!(errors(parse_neighborhood("n.md", &text)), ["n.md:9:7: area: expected text, found an empty value"]);
}

#[test]
fn market_figures_are_no_longer_a_neighborhood_field() {
    let text = NEIGHBORHOOD.replace("area:", "snapshot: {median: $425K}\narea:");
    let e = errors(parse_neighborhood("n.md", &text));
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].starts_with("n.md:9:1: snapshot: unknown field; expected one of: aliases, area, buildings,"), "{e:?}");
}

#[test]
fn a_neighborhood_answers_to_its_name_and_aliases_in_any_case() {
    let text = NEIGHBORHOOD.replace("area:", "aliases: [Avondale, Five Points]\narea:");
    let n = parse_neighborhood("n.md", &text).unwrap();
    for name in ["Riverside", "riverside", " Five Points ", "AVONDALE"] {
        assert!(n.is_called(name), "{name}");
    }
    assert!(!n.is_called("Ortega") && !n.is_called("Riverside & Avondale"));
}
