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
    /// The public origin of the `listing-photos` R2 bucket (its custom domain, e.g.
    /// "https://photos.movetojax.com"): `make deploy` sends each listing's first photo, as the site
    /// resizes it, there (`generator photos upload`) and the published pages load it from there,
    /// not as a static file of the site (Cloudflare takes 20,000 per version on the Free plan).
    /// Without it, and in `make dev`, the photos are files of the site.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photos_url: Option<String>,
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
    pub labels: MlsLabels,
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

/// The texts of the MLS pages (/homes/, each listing's page, the lists by neighborhood).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MlsLabels {
    /// The search page's heading and title, e.g. "Homes for Sale".
    pub title: String,
    /// The sentence under it.
    pub intro: String,
    /// A neighborhood's list: `{name}` is the neighborhood's, e.g. "Homes for Sale in {name}".
    pub title_in: String,
    /// `{count}` homes, e.g. "{count} homes for sale".
    pub count: String,
    /// On every card and page of the project's invented sample listings, e.g. "Sample listing".
    pub sample: String,
    /// `{time}`: when the listings were last imported (on a listing's own page: when its data last
    /// changed at the MLS), e.g. "Listing data last updated {time}".
    pub updated: String,
    /// `{office}`: the listing office, e.g. "Listed by {office}".
    pub listed_by: String,
    /// Before the MLS number, e.g. "MLS #".
    pub mls_number: String,
    /// The listing page's button that asks the agent for a showing.
    pub request_showing: String,
    /// The contact form's message when it opens from that button: `{home}` (the address, or the
    /// place where the address may not be shown) and `{number}` (the MLS number).
    pub showing_message: String,
    pub open_houses: String,
    pub lot: String,
    pub year_built: String,
    pub property_type: String,
    pub subdivision: String,
    pub neighborhood: String,
    /// The link to the listing's place on a map.
    pub map: String,
    /// Shown instead of the street address where the MLS does not allow it.
    pub address_hidden: String,
    /// The link to the listings of the whole market, from a neighborhood's list.
    pub all_areas: String,
    pub previous: String,
    pub next: String,
    /// `{n}` of `{total}`, e.g. "Page {n} of {total}".
    pub page: String,
    /// The statuses as visitors read them.
    pub status: StatusLabels,
    /// The search form of `/homes/`.
    pub search: SearchLabels,
    /// The hearts on the cards and listing pages, and `/homes/saved/`.
    pub saved: SavedLabels,
}

/// Saved homes: the heart that keeps a home on the visitor's device, and the page that lists them.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SavedLabels {
    /// The page's heading and title, e.g. "Saved Homes".
    pub title: String,
    /// The sentence under it: what is kept, and where.
    pub intro: String,
    /// The heart's name for assistive technology: `{home}`, the card's title, e.g. "Save {home}".
    pub save: String,
    /// The link to the page from the lists, e.g. "Saved homes".
    pub link: String,
    /// When no home is saved (and what the page says without JavaScript).
    pub empty: String,
    /// On a saved home that is no longer for sale.
    pub gone: String,
    /// The button that copies a link carrying the list, and what it says once it has.
    pub share: String,
    pub copied: String,
    /// The heading of a list opened from a shared link, and the button that keeps its homes here.
    pub shared: String,
    pub keep: String,
    /// The button that opens the contact form about the list; what the form says it is about
    /// (`{count}` homes); and its message's first line, before a line per home.
    pub ask: String,
    pub ask_about: String,
    pub ask_message: String,
    /// On a listing page once its home is saved: the link to a search for homes like it.
    pub like: String,
}

/// The search form of `/homes/` and what it says of its results.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchLabels {
    /// The form's name for assistive technology, e.g. "Search homes for sale".
    pub name: String,
    pub min_price: String,
    pub max_price: String,
    /// The price filters' choice for no bound, e.g. "No min", "No max".
    pub no_min: String,
    pub no_max: String,
    pub beds: String,
    pub baths: String,
    /// The beds and baths filters' choice for any number, e.g. "Any".
    pub any: String,
    /// `{n}`: at least that many, e.g. "{n}+".
    pub at_least: String,
    /// The neighborhood filter's choice for every neighborhood.
    pub all_neighborhoods: String,
    /// The type filter's choice for every type.
    pub any_type: String,
    pub status: String,
    pub any_status: String,
    /// The words field's label and its hint.
    pub words: String,
    pub words_hint: String,
    pub sort: String,
    pub sort_newest: String,
    pub sort_price_low: String,
    pub sort_price_high: String,
    pub sort_size: String,
    /// The button that runs the search.
    pub submit: String,
    /// The button that opens the other fields on a phone, e.g. "Filters"; the count of active
    /// filters is shown on it, with `filters_active` (`{n}`) for assistive technology.
    pub filters: String,
    pub filters_active: String,
    /// The button that closes the phone's filters: `{count}`, how many homes they leave.
    pub show: String,
    /// `{count}`: how many homes the filters leave, e.g. "{count} homes match your search".
    pub results: String,
    /// When none is left.
    pub none: String,
    /// The link that clears every filter.
    pub clear: String,
    /// When the search's files cannot be read (the list then stays as it is).
    pub failed: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StatusLabels {
    pub active: String,
    pub active_under_contract: String,
    pub coming_soon: String,
    pub pending: String,
    pub closed: String,
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
        ] {
            if !text.contains(placeholder) {
                out.push(src.at_value(field, format!("expected the placeholder {placeholder} in the text")));
            }
        }
        if !(l.page.contains("{n}") && l.page.contains("{total}")) {
            out.push(src.at_value("mls.labels.page", "expected the placeholders {n} and {total} in the text"));
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
            serde_json::from_str(include_str!("../../../spec/cases/mls-numbers.json")).unwrap();
        for case in table["cases"].as_array().unwrap() {
            let (format, number) = (case["format"].as_str(), case["number"].as_str().unwrap());
            assert_eq!(fits_number(format, number), case["fits"].as_bool().unwrap(), "{}", case["why"]);
        }
    }
}
