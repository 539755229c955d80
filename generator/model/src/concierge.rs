//! `content/concierge.yaml`: the Client Concierge page's copy.

use crate::home::Seo;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConciergePage {
    pub seo: Seo,
    pub eyebrow: String,
    pub heading: String,
    pub text: String,
    /// The documents card.
    pub card_title: String,
    pub card_text: String,
    /// Short reassurances shown beside the form (privacy, encryption, who sees the files).
    pub assurances: Vec<String>,
    /// Above the form: who reviews the documents, how they are kept and reached, and when they
    /// are deleted. The items may name `{agent_name}`, `{brand}` and `{document_retention_days}`
    /// (forms.yaml's figure, never retyped here).
    pub trust: Trust,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Trust {
    pub title: String,
    #[schemars(length(min = 1))]
    pub items: Vec<String>,
    /// The link to the privacy policy.
    pub privacy: String,
}
