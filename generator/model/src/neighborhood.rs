//! `content/neighborhoods/*.md`: a neighborhood page; the body is its About text. Its market
//! figures live in the snapshots (`market.rs`).

use crate::diagnostics::Diagnostic;
use crate::document::Source;
use crate::rules;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NeighborhoodFields {
    /// The route: the page is /neighborhoods/<slug>/.
    pub slug: String,
    /// Short name, e.g. "Riverside".
    pub name: String,
    /// Page title, e.g. "Riverside & Avondale".
    pub title: String,
    /// One or two sentences for the neighborhood card.
    pub description: String,
    /// The blurb under the page title.
    pub hero: String,
    /// Image path relative to content/.
    #[schemars(extend("x-image" = "neighborhoods"))]
    pub image: String,
    pub image_alt: String,
    /// The part of Jacksonville it belongs to, e.g. "The Beaches": the market page filters by it.
    pub area: String,
    /// Other names for it or its parts that listings and the quiz use, e.g. ["Southbank"]: a
    /// listing whose neighborhood is one of them shows on this page, and the quiz links them here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// Exactly four featured buildings and communities.
    #[schemars(length(min = 4, max = 4))]
    pub buildings: Vec<Building>,
    /// Position in lists (lower first); ties by name.
    #[serde(default)]
    pub order: Option<u32>,
    /// Search-result description; the card description is used when absent.
    #[serde(default)]
    pub seo_description: Option<String>,
    /// A draft is checked but not published.
    #[serde(default)]
    pub draft: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Building {
    pub name: String,
    pub description: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Neighborhood {
    #[serde(flatten)]
    pub fields: NeighborhoodFields,
    /// The About text, as Markdown.
    pub about: String,
    #[serde(skip)]
    pub source: Source,
}

impl Neighborhood {
    /// Whether `name` (a listing's neighborhood, a quiz area) is this one: its name or an alias,
    /// in any case.
    pub fn is_called(&self, name: &str) -> bool {
        let name = name.trim();
        self.fields.name.eq_ignore_ascii_case(name) || self.fields.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }

    pub fn validate(&self, out: &mut Vec<Diagnostic>) {
        let (f, src) = (&self.fields, &self.source);
        if !rules::is_slug(&f.slug) {
            out.push(src.at_value(
                "slug",
                format!("expected lowercase words joined by hyphens such as \"san-marco\", found \"{}\"", f.slug),
            ));
        }
        if let Some(p) = rules::image_path_problem(&f.image) {
            out.push(src.at_value("image", p));
        }
        rules::require_text(
            src,
            out,
            &[
                ("name", &f.name),
                ("title", &f.title),
                ("description", &f.description),
                ("hero", &f.hero),
                ("image_alt", &f.image_alt),
                ("area", &f.area),
            ],
        );
        for (i, b) in f.buildings.iter().enumerate() {
            rules::require_text(
                src,
                out,
                &[(&format!("buildings[{i}].name"), &b.name), (&format!("buildings[{i}].description"), &b.description)],
            );
        }
        if self.about.trim().is_empty() {
            out.push(Diagnostic::at_start(
                &src.file,
                "about",
                "expected the About text below the closing `---`, found none",
            ));
        }
    }
}
