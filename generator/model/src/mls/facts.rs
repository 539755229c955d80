//! The texts of a listing's facts as a buyer reads them, by group (`mls.labels.facts`), and of its
//! story across the imports (`mls.labels.story`).

use crate::diagnostics::Diagnostic;
use crate::document::Source;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The groups' headings and their facts' names. A fact the feed lacks is not shown, nor a group
/// without any; a yes-or-no fact shows only when yes.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FactsLabels {
    /// The headings, e.g. "Water", "Outside", "Inside", "Community", "Taxes", "Schools", and the
    /// one over when it came on the market and its story, e.g. "Listing History".
    pub water: String,
    pub outside: String,
    pub inside: String,
    pub community: String,
    pub money: String,
    pub schools: String,
    pub history: String,
    /// What a yes-or-no fact says when yes, e.g. "Yes".
    pub yes_text: String,
    pub waterfront: String,
    pub waterfront_features: String,
    pub view: String,
    pub dock: String,
    pub pool: String,
    pub pool_features: String,
    pub garage_spaces: String,
    pub lot_features: String,
    pub exterior_features: String,
    pub roof: String,
    pub interior_features: String,
    pub appliances: String,
    pub flooring: String,
    pub fireplace: String,
    pub stories: String,
    pub heating: String,
    pub cooling: String,
    pub association_fee: String,
    /// The fee as shown: `{price}` and `{frequency}` (one of `frequencies`), e.g. "{price} {frequency}".
    pub fee: String,
    pub frequencies: FeeFrequencyLabels,
    pub association_name: String,
    pub community_features: String,
    pub gated: String,
    pub tax_annual_amount: String,
    pub tax_year: String,
    pub elementary_school: String,
    pub middle_school: String,
    pub high_school: String,
    /// `{date}`: the day it came on the market, e.g. "On the market since {date}".
    pub on_market: String,
    /// The button to the listing's unbranded virtual tour, e.g. "Virtual tour".
    pub virtual_tour: String,
    /// The link to a video of it, e.g. "Video tour"; the second and later, `{n}`, e.g. "Video tour {n}".
    pub video: String,
    pub video_n: String,
}

/// How often an association's fee is due, as `FactsLabels::fee` says it, e.g. "a month".
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeeFrequencyLabels {
    pub annually: String,
    pub bi_monthly: String,
    pub bi_weekly: String,
    pub daily: String,
    pub monthly: String,
    pub one_time: String,
    pub quarterly: String,
    pub seasonal: String,
    pub semi_annually: String,
    pub semi_monthly: String,
    pub weekly: String,
}

/// A listing's story, each event with `{price}` and `{date}` as it applies, e.g. "Listed at {price}
/// on {date}", "Reduced to {price} on {date}", "Back on the market {date}".
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StoryLabels {
    pub listed: String,
    pub reduced: String,
    pub back_on_market: String,
}

impl FactsLabels {
    /// Each text that must carry a placeholder, with it.
    pub fn validate(&self, story: &StoryLabels, src: &Source, out: &mut Vec<Diagnostic>) {
        for (field, text, placeholders) in [
            ("mls.labels.facts.fee", &self.fee, &["{price}", "{frequency}"][..]),
            ("mls.labels.facts.on_market", &self.on_market, &["{date}"]),
            ("mls.labels.facts.video_n", &self.video_n, &["{n}"]),
            ("mls.labels.story.listed", &story.listed, &["{price}", "{date}"]),
            ("mls.labels.story.reduced", &story.reduced, &["{price}", "{date}"]),
            ("mls.labels.story.back_on_market", &story.back_on_market, &["{date}"]),
        ] {
            for p in placeholders.iter().filter(|p| !text.contains(**p)) {
                out.push(src.at_value(field, format!("expected the placeholder {p} in the text")));
            }
        }
    }
}
