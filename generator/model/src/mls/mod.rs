//! `site.yaml`'s `mls:` block: the MLS whose listings the site shows (IDX), and how. Without it
//! the site has no MLS pages.

use crate::diagnostics::Diagnostic;
use crate::document::Source;
use crate::rules;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

mod facts;
mod labels;
mod payment;
pub use facts::{FactsLabels, FeeFrequencyLabels, StoryLabels};
pub use labels::{GalleryLabels, MlsLabels, OpenHouseLabels, SavedLabels, SearchLabels, StatusLabels};
pub use payment::{PaymentLabels, PaymentSettings, MAX_RATE_PERCENT};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Mls {
    /// The MLS's name as its rules ask it to be shown, e.g. "Northeast Florida Multiple Listing Service".
    pub name: String,
    /// Its IDX disclaimer, shown on every page that shows its listings.
    pub disclaimer: String,
    /// Where the listings' photos are served from (an https origin); the pages may load images from it.
    pub media_host: String,
    /// The public origin of the `listing-photos` R2 bucket (its custom domain, e.g.
    /// "https://photos.movetojax.com"): `make deploy` sends each listing's first photo, as the site
    /// resizes it, there (`generator photos upload`) and the published pages load it from there,
    /// not as a static file of the site (Cloudflare takes 20,000 per version on the Free plan).
    /// Without it, and in `make dev`, the photos are files of the site.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photos_url: Option<String>,
    /// Which photos of a listing the site hosts (in the bucket when `photos_url` names one):
    /// `first` (the first alone; the others load from `media_host`) or `all` (every photo, the
    /// others at the two widths the gallery needs; for MLSs whose rules forbid loading their media
    /// URLs). Photos not hosted yet load from `media_host` until an import has fetched them.
    #[serde(default, skip_serializing_if = "PhotoSet::is_first")]
    pub photos: PhotoSet,
    /// Show Closed listings, as "Sold" with their sold price (only where the MLS's rules allow it).
    #[serde(default)]
    pub show_sold: bool,
    /// The agent's MLS member IDs, as the feed names agents (ListAgentMlsId, BuyerAgentMlsId and
    /// their co-agents'): the Closed listings she was party to join her record on /sold/ (where
    /// `show_sold` lets the import keep Closed listings).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub member_ids: Vec<String>,
    /// The feed: the RESO Web API Property resource (https). Without it, `generator import reso`
    /// imports the project's sample listings (local development only: deploys refuse them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feed: Option<String>,
    /// The shape of its MLS numbers (ListingId), `#` for a digit and `@` for a letter, anything else
    /// as itself, e.g. "#######" for seven digits: a shared list of saved homes and "Ask about these
    /// homes" name no other. Without it: letters, digits and '-', at most 32.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number_format: Option<String>,
    /// The payment estimate on each listing for sale: the figures it starts from.
    pub payment: PaymentSettings,
    pub labels: MlsLabels,
}

/// Which of a listing's photos the site hosts (`Mls::photos`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum PhotoSet {
    /// The first photo alone.
    #[default]
    First,
    /// Every photo.
    All,
}

impl PhotoSet {
    pub fn is_first(&self) -> bool {
        *self == PhotoSet::First
    }
}

/// Whether `number` is an MLS number of `format` (`Mls::number_format`; spec/cases/mls-numbers.json
/// holds the cases the site's island is tested on too).
pub fn fits_number(format: Option<&str>, number: &str) -> bool {
    let Some(format) = format else {
        return (1..=32).contains(&number.len()) && number.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    };
    number.len() == format.len()
        && format.bytes().zip(number.bytes()).all(|(f, n)| match f {
            b'#' => n.is_ascii_digit(),
            b'@' => n.is_ascii_alphabetic(),
            f => f == n,
        })
}

impl Mls {
    pub fn validate(&self, src: &Source, out: &mut Vec<Diagnostic>) {
        rules::require_text(src, out, &[("mls.name", &self.name), ("mls.disclaimer", &self.disclaimer)]);
        let l = &self.labels;
        for (field, text, placeholder) in [
            ("mls.labels.title_in", &l.title_in, "{name}"),
            ("mls.labels.count", &l.count, "{count}"),
            ("mls.labels.updated", &l.updated, "{time}"),
            ("mls.labels.listed_by", &l.listed_by, "{office}"),
            ("mls.labels.showing_message", &l.showing_message, "{number}"),
            ("mls.labels.search.at_least", &l.search.at_least, "{n}"),
            ("mls.labels.search.results", &l.search.results, "{count}"),
            ("mls.labels.saved.save", &l.saved.save, "{home}"),
            ("mls.labels.gallery.all", &l.gallery.all, "{count}"),
            ("mls.labels.gallery.name", &l.gallery.name, "{home}"),
        ] {
            if !text.contains(placeholder) {
                out.push(src.at_value(field, format!("expected the placeholder {placeholder} in the text")));
            }
        }
        l.facts.validate(&l.story, src, out);
        self.payment.validate(&l.payment, src, out);
        for (field, text) in [("mls.labels.page", &l.page), ("mls.labels.gallery.counter", &l.gallery.counter)] {
            if !(text.contains("{n}") && text.contains("{total}")) {
                out.push(src.at_value(field, "expected the placeholders {n} and {total} in the text"));
            }
        }
        let host = &self.media_host;
        let path = host.strip_prefix("https://").unwrap_or("");
        if !rules::is_https_url(host) || path.trim_end_matches('/').contains('/') {
            out.push(src.at_value(
                "mls.media_host",
                format!("expected an https:// origin such as \"https://media.mls.example\", found \"{host}\""),
            ));
        }
        if let Some(url) = &self.photos_url {
            let path = url.strip_prefix("https://").unwrap_or("");
            if !rules::is_https_url(url) || path.trim_end_matches('/').contains('/') {
                out.push(src.at_value(
                    "mls.photos_url",
                    format!("expected an https:// origin such as \"https://photos.example.com\", found \"{url}\""),
                ));
            }
        }
        if let Some(feed) = &self.feed {
            if !rules::is_https_url(feed) {
                out.push(src.at_value("mls.feed", format!("expected an https:// URL, found \"{feed}\"")));
            }
        }
        if let Some(format) = &self.number_format {
            let ok = (1..=32).contains(&format.len())
                && format.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'#' | b'@' | b'-'));
            if !ok {
                out.push(src.at_value(
                    "mls.number_format",
                    format!("expected `#` for a digit, `@` for a letter, letters, digits and '-' (at most 32), found \"{format}\""),
                ));
            }
        }
    }

    /// The media host without a trailing slash, e.g. "https://media.mls.example".
    pub fn media_origin(&self) -> &str {
        self.media_host.trim_end_matches('/')
    }

    /// The photos bucket's origin without a trailing slash, if the site has one.
    pub fn photos_origin(&self) -> Option<&str> {
        self.photos_url.as_deref().map(|u| u.trim_end_matches('/'))
    }
}

#[cfg(test)]
mod tests {
    use super::fits_number;

    /// spec/cases/mls-numbers.json: the island's tests read the same cases.
    #[test]
    fn an_mls_number_fits_its_feeds_format() {
        let table: serde_json::Value =
            serde_json::from_str(include_str!("../../../../spec/cases/mls-numbers.json")).unwrap();
        for case in table["cases"].as_array().unwrap() {
            let (format, number) = (case["format"].as_str(), case["number"].as_str().unwrap());
            assert_eq!(fits_number(format, number), case["fits"].as_bool().unwrap(), "{}", case["why"]);
        }
    }
}
