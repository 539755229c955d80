//! `content/sell.yaml`: the sellers' page (/sell/): how the agent markets a home, what she
//! provides, her recent sales (from content/sold/), the market's figures (the latest snapshot),
//! sellers' words (content/testimonials/) and the home-valuation form (forms.yaml's
//! `cma-request`). Without the file there is no /sell/ page.

use crate::diagnostics::Diagnostic;
use crate::document::Source;
use crate::home::Seo;
use crate::rules;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SellPage {
    pub seo: Seo,
    pub hero: Heading,
    /// How she markets a home, step by step.
    pub approach: Approach,
    /// What she provides, a line each.
    pub provides: Provides,
    /// Her most recent sales; `all` links to /sold/.
    pub sales: Sales,
    /// The neighborhoods' latest figures.
    pub market: Heading,
    /// Heading of the sellers' words.
    pub testimonials: String,
    /// The valuation form's eyebrow (its title, text and button are forms.yaml's).
    pub valuation_eyebrow: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Heading {
    pub eyebrow: String,
    pub title: String,
    pub text: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Approach {
    pub eyebrow: String,
    pub title: String,
    #[schemars(length(min = 1))]
    pub steps: Vec<Step>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Step {
    pub title: String,
    pub text: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Provides {
    pub title: String,
    #[schemars(length(min = 1))]
    pub items: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sales {
    pub title: String,
    /// How many of the newest sales it shows.
    pub count: usize,
    /// The link to every sale (/sold/).
    pub all: String,
}

impl SellPage {
    pub fn validate(&self, src: &Source, out: &mut Vec<Diagnostic>) {
        rules::require_text(
            src,
            out,
            &[
                ("seo.title", &self.seo.title),
                ("hero.title", &self.hero.title),
                ("approach.title", &self.approach.title),
                ("provides.title", &self.provides.title),
                ("sales.title", &self.sales.title),
                ("market.title", &self.market.title),
            ],
        );
        if self.approach.steps.is_empty() {
            out.push(src.at_value("approach.steps", "expected at least one step"));
        }
        if !(1..=12).contains(&self.sales.count) {
            out.push(src.at_value("sales.count", format!("expected 1 to 12 sales, found {}", self.sales.count)));
        }
    }
}
