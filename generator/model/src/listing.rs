//! `content/listings/*.md`: a listing's fields in front matter, its description as the body.

use crate::diagnostics::Diagnostic;
use crate::document::Source;
use crate::rules;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListingFields {
    /// Unique id, lowercase words joined by hyphens; the listing's page is /listings/<id>/.
    #[schemars(extend("pattern" = rules::SLUG.pattern, "x-message" = rules::SLUG.expected))]
    pub id: String,
    /// Street address with unit, city, state and ZIP.
    pub address: String,
    /// Area shown on the card, e.g. "Southbank" or "Jacksonville Beach".
    pub neighborhood: String,
    /// Asking price as shown, e.g. "$1,350,000".
    #[schemars(extend("pattern" = rules::PRICE.pattern, "x-message" = rules::PRICE.expected))]
    pub price: String,
    #[schemars(extend("x-pattern" = rules::BEDS.pattern, "x-message" = rules::BEDS.expected))]
    pub beds: u32,
    /// Bathrooms; halves allowed (2.5).
    #[schemars(extend("x-pattern" = rules::BATHS.pattern, "x-message" = rules::BATHS.expected))]
    pub baths: f64,
    /// Interior square feet as shown, e.g. "2,450".
    #[schemars(extend("pattern" = rules::AREA.pattern, "x-message" = rules::AREA.expected))]
    pub sqft: String,
    /// Image path relative to content/, e.g. images/listings/x.jpg.
    #[schemars(extend("x-image" = "listings"))]
    pub image: String,
    /// What the image shows, for screen readers.
    pub image_alt: String,
    /// Exactly four features; the carousel shows the first three.
    #[schemars(length(min = 4, max = 4))]
    pub features: Vec<String>,
    /// Shown in the home-page carousel.
    #[serde(default)]
    pub featured: bool,
    /// Position in the carousel and lists (lower first); ties by id.
    #[serde(default)]
    pub order: Option<u32>,
    /// A draft is checked but not published.
    #[serde(default)]
    pub draft: bool,
    /// Its MLS number, when the MLS feed has it too: its card then leads to its MLS page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mls_number: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Listing {
    #[serde(flatten)]
    pub fields: ListingFields,
    /// The description, as Markdown.
    pub description: String,
    #[serde(skip)]
    pub source: Source,
}

impl Listing {
    pub fn validate(&self, out: &mut Vec<Diagnostic>) {
        let (f, src) = (&self.fields, &self.source);
        if !rules::is_slug(&f.id) {
            out.push(src.at_value("id", format!("{}, found \"{}\"", rules::SLUG.expected, f.id)));
        }
        if !rules::is_price(&f.price) {
            out.push(src.at_value("price", format!("{}, found \"{}\"", rules::PRICE.expected, f.price)));
        }
        if !rules::is_area(&f.sqft) {
            out.push(src.at_value("sqft", format!("{}, found \"{}\"", rules::AREA.expected, f.sqft)));
        }
        if !rules::is_beds(f.beds) {
            out.push(src.at_value("beds", format!("{}, found {}", rules::BEDS.expected, f.beds)));
        }
        if !rules::is_baths(f.baths) {
            out.push(src.at_value("baths", format!("{}, found {}", rules::BATHS.expected, f.baths)));
        }
        if let Some(p) = rules::image_path_problem(&f.image) {
            out.push(src.at_value("image", p));
        }
        rules::require_text(
            src,
            out,
            &[("address", &f.address), ("neighborhood", &f.neighborhood), ("image_alt", &f.image_alt)],
        );
        for (i, feature) in f.features.iter().enumerate() {
            rules::require_text(src, out, &[(&format!("features[{i}]"), feature)]);
        }
        if self.description.trim().is_empty() {
            out.push(Diagnostic::at_start(
                &src.file,
                "description",
                "expected a description below the closing `---`, found none",
            ));
        }
    }

    /// Baths as shown: 3 or 3.5.
    pub fn baths_text(&self) -> String {
        let b = self.fields.baths;
        if b.fract() == 0.0 {
            format!("{}", b as u32)
        } else {
            format!("{b}")
        }
    }
}
