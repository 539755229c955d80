//! `forms.yaml`'s `saved_search:`: what a buyer reads when saving a search of `/homes/` (the form,
//! the confirmation e-mail, the pages its links lead to, the page that manages an address's
//! searches), and the words a search is described in. The generator renders the form and the
//! pages; the edge worker, which keeps the searches and sends their e-mails, compiles it in.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The form's fields as posted: the search's URL parameters (`/homes/?…` after the `?`) in
/// `search`, and the buyer's `email`, `name` and `frequency` (`Frequencies`' names).
pub const SEARCH_FIELD: &str = "search";
pub const EMAIL_FIELD: &str = "email";
pub const NAME_FIELD: &str = "name";
pub const FREQUENCY_FIELD: &str = "frequency";
/// The frequencies' values: at each import, once a day, once a week.
pub const FREQUENCY_VALUES: [&str; 3] = ["instant", "daily", "weekly"];
// Its fields (`SavedSearchForm::fields`) are made in crate::forms, which this module's types are
// part of.

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SavedSearchForm {
    /// The control's label and the form's heading: "Save this search".
    pub title: String,
    pub text: String,
    pub email: String,
    pub name: String,
    pub frequency: String,
    pub frequencies: Frequencies,
    pub submit: String,
    /// Searches one address may keep.
    #[schemars(range(min = 1, max = 50))]
    pub per_address: u32,
    /// What a refused save is told, whatever the reason (the address keeps `per_address`
    /// searches, was sent its confirmations for the day, or stopped the site's e-mails; this
    /// visitor or the whole site sent its confirmations for the day): one text, so a stranger
    /// learns nothing of an address.
    pub refused: String,
    /// Confirmation e-mails one address may be sent a day: someone typing another's address
    /// cannot flood it.
    #[schemars(range(min = 1, max = 10))]
    pub confirmations_per_address_per_day: u32,
    /// The confirmation e-mail: `{search}` is the search in words, `{confirm}` its link,
    /// `{manage}` the manage page's.
    pub confirm: EmailText,
    /// The agent's e-mail when a search is confirmed: `{name}`, `{email}`, `{search}`, `{link}`,
    /// `{frequency}`.
    pub lead: EmailText,
    pub words: SearchWords,
    pub pages: ResultPages,
    pub manage: ManageLabels,
    pub alert: AlertTexts,
}

/// An alert: the e-mail a confirmed search gets after an import with homes new to it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AlertTexts {
    /// `{count}` homes, `{search}` the search in words.
    pub subject: String,
    /// The subject when several of the address's searches found homes: `{count}` homes, `{n}`
    /// searches (one alert an address, for all its searches).
    pub subject_several: String,
    /// Why the buyer gets it (CAN-SPAM): `{search}`.
    pub why: String,
    /// The same for several searches: `{searches}`, each in words.
    pub why_several: String,
    /// The link to the rest when more than `homes` match: `{count}` more.
    pub more: String,
    /// Homes one alert shows at most.
    #[schemars(range(min = 1, max = 24))]
    pub homes: u32,
    pub unsubscribe: String,
    pub manage: String,
    pub reasons: Reasons,
}

/// What each home in an alert is: new, cheaper, or of another status.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reasons {
    pub new: String,
    /// `{price}`: the price before.
    pub price_reduced: String,
    pub under_contract: String,
    pub pending: String,
    pub back_on_market: String,
}

/// How often a search's alerts come.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Frequencies {
    /// At each import.
    pub instant: String,
    pub daily: String,
    pub weekly: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EmailText {
    pub subject: String,
    pub text: String,
}

/// A search in words, part by part, joined by ", " after `homes`: "Homes for sale in Ortega, from
/// $500K, 3+ beds, on the water". `{area}`, `{price}`, `{n}`, `{acres}`, `{kind}`, `{status}` and
/// `{words}` are filled in.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchWords {
    pub homes: String,
    pub area: String,
    pub min_price: String,
    pub max_price: String,
    pub beds: String,
    pub baths: String,
    pub kind: String,
    pub status: String,
    pub waterfront: String,
    pub pool: String,
    /// `{n}` spaces at least.
    pub garage: String,
    pub new_construction: String,
    pub open_house: String,
    pub reduced: String,
    /// `{n}` days at most.
    pub max_days: String,
    /// `{acres}` at least.
    pub min_acres: String,
    pub words: String,
}

/// The pages a saved search's links lead to (static, under `/homes/alerts/`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultPages {
    /// After saving: the confirmation e-mail is on its way.
    pub sent: ResultPage,
    /// The confirmation link's page: its button confirms (opening a link changes nothing: mail
    /// scanners open links).
    pub confirm: ActionPage,
    pub confirmed: ResultPage,
    /// A confirmation link whose 48 hours have passed (its search is deleted).
    pub expired: ResultPage,
    /// A link that was changed or cut short.
    pub invalid: ResultPage,
    /// A link whose search or address is no longer kept (deleted, or unsubscribed since).
    pub unknown: ResultPage,
    /// The unsubscribe link's page: its button unsubscribes.
    pub unsubscribe: ActionPage,
    pub unsubscribed: ResultPage,
    /// The save was refused: `{phone}` becomes the agent's phone.
    pub error: ResultPage,
}

/// A page whose one button does what its link asks (a POST).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionPage {
    pub title: String,
    pub text: String,
    pub button: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultPage {
    pub title: String,
    pub text: String,
}

/// `/homes/alerts/`: an address's searches, from the link in each of its e-mails.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ManageLabels {
    pub title: String,
    pub intro: String,
    pub frequency: String,
    pub paused: String,
    pub pause: String,
    pub resume: String,
    pub delete: String,
    pub delete_all: String,
    /// After deleting everything: nothing about the address is kept.
    pub deleted_all: String,
    pub empty: String,
    /// The page opened without its link's key, or with one that does not check out (403).
    pub invalid: String,
    /// A link past its year (410): each alert brings a new one.
    pub expired: String,
    /// A link sent before the address unsubscribed or deleted everything (404).
    pub unknown: String,
    /// Without JavaScript: what to do instead.
    pub no_script: String,
    pub failed: String,
    /// The address unsubscribed or deleted everything: no search can be saved for it for 30
    /// days, unless its owner allows it again here.
    pub stopped: String,
    pub allow: String,
}

/// What the worker answers the manage page (`api::SAVED_SEARCH_MANAGE`): the address's searches,
/// after the change it asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ManageAnswer {
    pub searches: Vec<ManagedSearch>,
    /// The address stopped the site's e-mails (`ManageLabels::stopped`).
    pub stopped: bool,
}

/// One search as the manage page shows it (never its address: the page's link names it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ManagedSearch {
    pub id: String,
    /// The search in words.
    pub words: String,
    /// Its page: `/homes/?…`.
    pub path: String,
    /// One of `FREQUENCY_VALUES`.
    pub frequency: String,
    /// Whether its confirmation link was opened (nothing is sent before).
    pub confirmed: bool,
    pub paused: bool,
}

/// `api::HOMES_NEWS`: the imports whose news the build publishes (those of the MLS store's
/// window), oldest first; each import's homes are a file of their own (`News`), so the worker
/// reads only those after a search's last alert.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewsIndex {
    pub imports: Vec<NewsImport>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewsImport {
    /// When the import ran, in ms since the epoch.
    pub at_ms: u64,
    /// Its `News` file.
    pub path: String,
    pub homes: usize,
}

/// One import's homes that are news (new, cheaper, of another status), still listed for sale.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct News {
    pub at_ms: u64,
    pub homes: Vec<NewsHome>,
}

/// A home as an alert matches it (`facts`, the search's own) and shows it: the card's texts,
/// written by the build as the site writes them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewsHome {
    pub mls_number: String,
    /// Why it is news ("New listing", "Price reduced from $520,000").
    pub reason: String,
    pub facts: crate::search::Facts,
    pub title: String,
    pub place: String,
    pub price: String,
    /// "3 Beds · 2 Baths · 1,850 Sq Ft".
    pub features: String,
    /// "Listed by Harbor Realty" (IDX attribution, as on the site).
    pub office: String,
    /// Its page, from the site's root.
    pub path: String,
    /// Its first photo: a URL, or a path on the site.
    pub photo: Option<String>,
}
