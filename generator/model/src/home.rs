//! `content/home.yaml`: the home page's copy, section by section, in page order.

use crate::diagnostics::Diagnostic;
use crate::document::Source;
use crate::rules;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Seo {
    /// The page title in search results and browser tabs.
    pub title: String,
    /// The search-result description (about 150 characters).
    pub description: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Home {
    pub seo: Seo,
    pub hero: Hero,
    pub featured: SectionIntro,
    pub neighborhoods: NeighborhoodsSection,
    pub developments: Developments,
    pub listings: ListingsSection,
    pub about: About,
    pub contact: Contact,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Hero {
    pub eyebrow: String,
    pub title: String,
    pub text: String,
    #[schemars(extend("x-image" = ""))]
    pub image: String,
    pub image_alt: String,
    /// Opens the listing-request form.
    pub primary_cta: String,
    /// Opens the consultation form.
    pub secondary_cta: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SectionIntro {
    pub eyebrow: String,
    pub heading: String,
    pub text: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NeighborhoodsSection {
    pub eyebrow: String,
    pub heading: String,
    pub text: String,
    /// The tabs before "All"; each names a neighborhood route.
    pub tabs: Vec<Tab>,
    pub all_label: String,
    pub quiz_prompt: String,
    pub quiz_cta: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tab {
    pub label: String,
    /// A neighborhood's slug.
    pub route: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Developments {
    pub eyebrow: String,
    pub heading: String,
    pub text: String,
    pub badges: Vec<String>,
    pub stats: Vec<Stat>,
    /// The button that opens the contact form, e.g. "Contact Me for Details".
    pub contact_cta: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stat {
    pub value: String,
    pub label: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListingsSection {
    pub eyebrow: String,
    pub heading: String,
    pub text: String,
    /// Link text to the brokerage's listings page.
    pub cta: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct About {
    pub eyebrow: String,
    pub heading: String,
    /// Markdown.
    pub body: String,
    #[schemars(extend("x-image" = ""))]
    pub image: String,
    pub image_alt: String,
    pub highlights: Vec<Stat>,
    /// Opens the buyer's-guide form.
    pub buyer_guide_cta: String,
    /// Opens the home-valuation form.
    pub valuation_cta: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Contact {
    pub eyebrow: String,
    pub heading: String,
    pub text: String,
    /// Opens the consultation form.
    pub cta: String,
    /// Heading above the contact form on the page.
    pub form_heading: String,
}

impl Home {
    pub fn validate(&self, src: &Source, out: &mut Vec<Diagnostic>) {
        for (field, image) in [("hero.image", &self.hero.image), ("about.image", &self.about.image)] {
            if let Some(p) = rules::image_path_problem(image) {
                out.push(src.at_value(field, p));
            }
        }
        rules::require_text(
            src,
            out,
            &[
                ("hero.title", &self.hero.title),
                ("seo.title", &self.seo.title),
                ("seo.description", &self.seo.description),
            ],
        );
    }
}
