//! `site.yaml`'s `mls:` block: the MLS whose listings the site shows (IDX), and how. Without it
//! the site has no MLS pages.

use crate::diagnostics::Diagnostic;
use crate::document::Source;
use crate::rules;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Mls {
    /// The MLS's name as its rules ask it to be shown, e.g. "Northeast Florida Multiple Listing Service".
    pub name: String,
    /// Its IDX disclaimer, shown on every page that shows its listings.
    pub disclaimer: String,
    /// Where the listings' photos are served from (an https origin); the pages may load images from it.
    pub media_host: String,
    /// Show Closed listings, as "Sold" with their sold price (only where the MLS's rules allow it).
    #[serde(default)]
    pub show_sold: bool,
    /// The feed: the RESO Web API Property resource (https). Without it, `generator import reso`
    /// imports the project's sample listings (local development only: deploys refuse them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feed: Option<String>,
}

impl Mls {
    pub fn validate(&self, src: &Source, out: &mut Vec<Diagnostic>) {
        rules::require_text(src, out, &[("mls.name", &self.name), ("mls.disclaimer", &self.disclaimer)]);
        let host = &self.media_host;
        let path = host.strip_prefix("https://").unwrap_or("");
        if !rules::is_https_url(host) || path.trim_end_matches('/').contains('/') {
            out.push(src.at_value(
                "mls.media_host",
                format!("expected an https:// origin such as \"https://media.mls.example\", found \"{host}\""),
            ));
        }
        if let Some(feed) = &self.feed {
            if !rules::is_https_url(feed) {
                out.push(src.at_value("mls.feed", format!("expected an https:// URL, found \"{feed}\"")));
            }
        }
    }

    /// The media host without a trailing slash, e.g. "https://media.mls.example".
    pub fn media_origin(&self) -> &str {
        self.media_host.trim_end_matches('/')
    }
}
