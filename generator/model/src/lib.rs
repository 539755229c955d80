//! The Move to JAX content model: the agent's YAML and Markdown files as typed values, with
//! diagnostics that name file, line, column and field. Pure: no file-system access, so the edge
//! worker can compile the same rules in.

// Only the YAML reader's wrapper of libyaml (yaml/libyaml.rs) may use `unsafe`.
#![deny(unsafe_code)]

pub mod api;
pub mod calendar;
pub mod concierge;
pub mod content;
pub mod diagnostics;
pub mod document;
pub mod editor;
pub mod forms;
pub mod headers;
pub mod home;
pub mod legal;
pub mod listing;
pub mod market;
pub mod mls;
pub mod mortgage;
pub mod neighborhood;
pub mod quiz;
pub mod record;
pub mod report;
pub mod rules;
pub mod saved_search;
pub mod schema_check;
pub mod search;
pub mod search_index;
pub mod sell;
pub mod signatures;
pub mod site;
pub mod slug;
pub mod spans;
pub mod submission;
pub mod yaml;

pub use content::{Content, Parts};
pub use diagnostics::{Diagnostic, Diagnostics};
pub use document::{schema_of, Parsed, Source};

/// The JSON Schema of every content file kind, by the file name it ships under.
pub fn schemas() -> Vec<(&'static str, serde_json::Value)> {
    use std::sync::Arc;
    let v = |s: Arc<serde_json::Value>| (*s).clone();
    vec![
        ("site.schema.json", v(schema_of::<site::Site>())),
        ("home.schema.json", v(schema_of::<home::Home>())),
        ("concierge.schema.json", v(schema_of::<concierge::ConciergePage>())),
        ("quiz.schema.json", v(schema_of::<quiz::Quiz>())),
        ("forms.schema.json", v(schema_of::<forms::Forms>())),
        ("listing.schema.json", v(schema_of::<listing::ListingFields>())),
        ("neighborhood.schema.json", v(schema_of::<neighborhood::NeighborhoodFields>())),
        ("market.schema.json", v(schema_of::<market::SnapshotFields>())),
        ("legal.schema.json", v(schema_of::<legal::LegalFields>())),
        ("report.schema.json", v(schema_of::<report::ReportFields>())),
        ("testimonial.schema.json", v(schema_of::<record::TestimonialFields>())),
        ("sale.schema.json", v(schema_of::<record::SaleFields>())),
        ("sell.schema.json", v(schema_of::<sell::SellPage>())),
    ]
}
