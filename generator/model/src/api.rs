//! Every path the site names in more than one place: the edge worker's API, the pages it
//! redirects to, and the pages and home-page sections the pages link to. The pages' links and
//! form actions, the islands' props, the generator's output paths and the worker's router all
//! take them from here.

use schemars::JsonSchema;
use serde::Serialize;

pub const LEAD: &str = "/api/lead";
pub const LISTING_REQUEST: &str = "/api/listing-request";
pub const CONTACT: &str = "/api/contact";
pub const QUIZ: &str = "/api/quiz";
/// A new concierge submission, minted by the worker: `POST` → `{"submission": <uuid>, "token":
/// <hex>}`. The token (an HMAC of the id) goes with every upload into it and with its filing, so a
/// submission's id alone lets no one add to it or file it.
pub const CONCIERGE_SUBMISSIONS: &str = "/api/concierge/submissions";
/// The header an upload's submission token travels in (its body is the file).
pub const SUBMISSION_TOKEN_HEADER: &str = "X-Submission-Token";
/// The body field the filing's submission token travels in.
pub const SUBMISSION_TOKEN_FIELD: &str = "submission_token";
/// One concierge document per request: the file itself is the body, and the query names the
/// submission, the document's field and the file's name.
pub const CONCIERGE_DOCUMENTS: &str = "/api/concierge/documents";
/// The concierge submission: the uploaded documents' keys plus the acknowledgment, as JSON (or,
/// without JavaScript, everything in one multipart form).
pub const CONCIERGE: &str = "/api/concierge";
/// The body field a form post's idempotency key travels in: the islands make one per submission,
/// and the worker answers a repeat with the first post's answer (edge/domain/src/once.rs).
pub const IDEMPOTENCY_KEY: &str = "idempotency_key";
/// The bot check's settings for the islands: `{"site_key": "…"}`, or `{"site_key": null}` while
/// the check is off (the worker lacks its keys).
pub const BOT_CHECK: &str = "/api/bot-check";
/// The body field a form post's bot-check token travels in (Turnstile's own name for it).
pub const BOT_CHECK_FIELD: &str = "cf-turnstile-response";
/// The header an upload's token travels in (its body is the file).
pub const BOT_CHECK_HEADER: &str = "CF-Turnstile-Response";
/// Cloudflare Turnstile's origin: the pages' CSP lets its script and its frame in.
pub const BOT_CHECK_ORIGIN: &str = "https://challenges.cloudflare.com";
/// Its script, rendered by the islands when a form is about to be used.
pub const BOT_CHECK_SCRIPT: &str = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
/// The bot check's action for a post to `path` (Turnstile's `action`: the widget is rendered with
/// it, siteverify gives it back and the worker compares, so a token made for one form is refused
/// by another): the API path's first segment — `/api/contact` → `contact`, `/api/concierge/documents`
/// → `concierge` (the uploads and the filing are one form's). None outside the API. The islands'
/// copy (site/src/lib/bot-check.ts) is tested on the same cases (spec/cases/bot_check_actions.json).
pub fn bot_check_action(path: &str) -> Option<&str> {
    let action = path.strip_prefix("/api/")?.split(['/', '?', '#']).next()?;
    (!action.is_empty()).then_some(action)
}
/// Saved searches (edge/domain/src/searches.rs): a save (a form post), its confirmation link, an
/// address's unsubscribe link (each a GET from an e-mail, answered with a page whose button POSTs
/// to the same link; a mail client's one-click POST unsubscribes at once), and the manage page's
/// requests (JSON).
pub const SAVED_SEARCHES: &str = "/api/searches";
pub const SAVED_SEARCH_CONFIRM: &str = "/api/searches/confirm";
pub const SAVED_SEARCH_UNSUBSCRIBE: &str = "/api/searches/unsubscribe";
pub const SAVED_SEARCH_MANAGE: &str = "/api/searches/manage";
/// The links' token parameter.
pub const SAVED_SEARCH_TOKEN: &str = "t";
/// The manage page (its link carries the address's token after `#`, never sent to a server),
/// and the pages the worker's answers lead to.
pub const ALERTS: &str = "/homes/alerts/";
pub const ALERTS_SENT: &str = "/homes/alerts/sent/";
/// The confirmation link's page and the unsubscribe link's, each with one button that posts: the
/// worker serves them for a link that checks out, its token in the form's action.
pub const ALERTS_CONFIRM: &str = "/homes/alerts/confirm/";
pub const ALERTS_UNSUBSCRIBE: &str = "/homes/alerts/unsubscribe/";
pub const ALERTS_CONFIRMED: &str = "/homes/alerts/confirmed/";
pub const ALERTS_EXPIRED: &str = "/homes/alerts/expired/";
/// A link changed on its way (400), and one whose search or address is gone (404).
pub const ALERTS_INVALID: &str = "/homes/alerts/invalid/";
pub const ALERTS_UNKNOWN: &str = "/homes/alerts/unknown/";
pub const ALERTS_UNSUBSCRIBED: &str = "/homes/alerts/unsubscribed/";
pub const ALERTS_ERROR: &str = "/homes/alerts/error/";
/// The agent's private document links: `/api/documents/<key>?expires=…&sig=…`.
pub const DOCUMENTS: &str = "/api/documents/";

/// Where the worker sends (303, with `?form=<name>`) a visitor whose form was posted without
/// JavaScript and accepted: a static page the generator renders (`thank-you/index.html`).
pub const THANK_YOU: &str = "/thank-you/";
/// The same for a post the worker refused (missing or invalid fields): `form-error/index.html`.
pub const FORM_ERROR: &str = "/form-error/";
/// The concierge portal's own pair: its documents filed, or refused (with a link back to it).
pub const CONCIERGE_THANK_YOU: &str = "/client-concierge/thank-you/";
pub const CONCIERGE_FORM_ERROR: &str = "/client-concierge/form-error/";

/// The home page.
pub const HOME: &str = "/";
/// The concierge portal's page.
pub const CONCIERGE_PAGE: &str = "/client-concierge/";
/// Every neighborhood's market figures side by side.
pub const MARKET_PAGE: &str = "/market/";
/// The market figures as JSON: what the market page's island sorts and filters.
pub const MARKET_DATA: &str = "/data/market.json";

/// The ids of the home page's sections that links lead to (`/#contact`, or `#contact` on the home
/// page itself).
pub const CONTACT_SECTION: &str = "contact";
pub const FEATURED_SECTION: &str = "featured-properties";
pub const NEIGHBORHOODS_SECTION: &str = "neighborhoods";
pub const DEVELOPMENTS_SECTION: &str = "new-developments";
/// The id of the concierge page's form (the portal's error page links back to it).
pub const CONCIERGE_FORM: &str = "concierge-form";

/// The sellers' page (content/sell.yaml) and the agent's record of sales (content/sold/).
pub const SELL_PAGE: &str = "/sell/";
pub const SOLD_PAGE: &str = "/sold/";
/// The id of /sell/'s valuation form (the hero and the valuation dialog's success lead to it).
pub const VALUATION_FORM: &str = "valuation";

/// The list of the agent's market reports.
pub const REPORTS: &str = "/reports/";

/// A report's page.
pub fn report(slug: &str) -> String {
    format!("{REPORTS}{slug}/")
}

/// The agent's own listings' pages are under it.
pub const LISTINGS: &str = "/listings/";

/// A listing's page.
pub fn listing(id: &str) -> String {
    format!("{LISTINGS}{id}/")
}

/// The body field naming the listing a form was opened about (its page's path): the worker puts
/// the listing's link, and a featured listing's address, in the agent's e-mail.
pub const LISTING_FIELD: &str = "listing";

/// Whether `path` has the shape of a listing's page: `/listings/<slug>/` (the agent's own) or
/// `/homes/<slug>/` (the MLS's).
pub fn is_listing_path(path: &str) -> bool {
    let slug = path.strip_prefix(LISTINGS).or_else(|| path.strip_prefix(HOMES));
    slug.and_then(|s| s.strip_suffix('/')).is_some_and(|s| s.len() <= 160 && crate::rules::is_slug(s))
}

/// A neighborhood's page.
pub fn neighborhood(slug: &str) -> String {
    format!("/neighborhoods/{slug}/")
}

/// Every MLS listing for sale, searchable; its further pages are `/homes/page/<n>/`.
pub const HOMES: &str = "/homes/";
/// `/homes/`' search without JavaScript: its form's GET, which the worker answers (no static file
/// has this path, so the assets hand it on) from the same files as the island
/// (edge/domain/src/search_page.rs). Each costs an invocation; the island's never come here.
pub const HOMES_SEARCH: &str = "/homes/search/";

/// The prebuilt search of `/homes/` (generator/mls/src/search/): its index's size, codes and
/// files; each file is in a folder under `SEARCH_DIR` named by the hash of its bytes (`{version}`,
/// which `meta.json` names: a page reads the files its `meta.json` names, and a deploy uploads
/// only those whose bytes changed): its columns (`{name}`: a column's), …
pub const HOMES_META: &str = "/data/homes/meta.json";
pub const HOMES_COLUMN: &str = "/data/search/{version}/columns/{name}.json";
/// … its word shards (`{key}`: a word's first two characters) …
pub const HOMES_WORDS: &str = "/data/search/{version}/words/{key}.json";
/// … and the listings' cards, in shards of consecutive listings in one of the results' orders
/// (`{order}`), each named by its hash alone (`{version}`), which `Meta::shards` gives.
pub const HOMES_CARDS: &str = "/data/search/{version}/cards/{order}.json";
/// The folder of the search's files: their names change with their bytes, so it is cached as immutable.
pub const SEARCH_DIR: &str = "data/search";

/// The homes a visitor saved with the hearts (kept on their device only, under `SAVED_HOMES_KEY`
/// in localStorage), or those a shared link names in `SAVED_HOMES_PARAM` (MLS numbers, by commas).
pub const SAVED_HOMES: &str = "/homes/saved/";
/// This weekend's and the next's open houses.
pub const OPEN_HOUSES: &str = "/homes/open-houses/";
/// What the imports changed, for saved searches' alerts (jax_model::saved_search::NewsIndex), and
/// each import's homes (`{at}`: its time in ms).
pub const HOMES_NEWS: &str = "/data/homes/news.json";
pub const HOMES_NEWS_IMPORT: &str = "/data/homes/news/{at}.json";
pub const SAVED_HOMES_KEY: &str = "saved-homes";
pub const SAVED_HOMES_PARAM: &str = "homes";
/// Listings one form may ask about at most ("Ask about these homes": the first of the list).
pub const ASK_MAX_LISTINGS: usize = 24;

/// An MLS listing's page.
pub fn home_for_sale(slug: &str) -> String {
    format!("{HOMES}{slug}/")
}

/// Page `n` (from 1) of the MLS listings, all of them or one neighborhood's.
pub fn homes_page(neighborhood: Option<&str>, n: usize) -> String {
    let base = match neighborhood {
        Some(slug) => format!("{HOMES}in/{slug}/"),
        None => HOMES.to_string(),
    };
    if n <= 1 {
        base
    } else {
        format!("{base}page/{n}/")
    }
}

/// The paths the islands post to, the fields their posts' keys and bot-check tokens go in, and the
/// bot check's script, serialized into their props.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema)]
pub struct Endpoints {
    pub lead: &'static str,
    pub listing_request: &'static str,
    pub contact: &'static str,
    pub quiz: &'static str,
    pub concierge_submissions: &'static str,
    pub submission_token_header: &'static str,
    pub submission_token_field: &'static str,
    pub concierge_documents: &'static str,
    pub concierge: &'static str,
    pub idempotency_key: &'static str,
    pub listing_field: &'static str,
    pub bot_check: &'static str,
    pub bot_check_field: &'static str,
    pub bot_check_header: &'static str,
    pub bot_check_script: &'static str,
}

pub const ENDPOINTS: Endpoints = Endpoints {
    lead: LEAD,
    listing_request: LISTING_REQUEST,
    contact: CONTACT,
    quiz: QUIZ,
    concierge_submissions: CONCIERGE_SUBMISSIONS,
    submission_token_header: SUBMISSION_TOKEN_HEADER,
    submission_token_field: SUBMISSION_TOKEN_FIELD,
    concierge_documents: CONCIERGE_DOCUMENTS,
    concierge: CONCIERGE,
    idempotency_key: IDEMPOTENCY_KEY,
    listing_field: LISTING_FIELD,
    bot_check: BOT_CHECK,
    bot_check_field: BOT_CHECK_FIELD,
    bot_check_header: BOT_CHECK_HEADER,
    bot_check_script: BOT_CHECK_SCRIPT,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bot_check_action_is_its_api_paths_first_segment() {
        let cases: Vec<serde_json::Value> =
            serde_json::from_str(include_str!("../../../spec/cases/bot_check_actions.json")).unwrap();
        for case in cases {
            let path = case["path"].as_str().unwrap();
            assert_eq!(bot_check_action(path), case["action"].as_str(), "{path}");
        }
        // Every form's path has one Turnstile takes (at most 32 of [A-Za-z0-9_-]).
        for path in [LEAD, LISTING_REQUEST, CONTACT, QUIZ, CONCIERGE_DOCUMENTS, CONCIERGE] {
            let action = bot_check_action(path).unwrap();
            assert!(
                action.len() <= 32 && action.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
                "{path}"
            );
        }
    }

    #[test]
    fn listing_paths_are_the_listings_pages_and_nothing_else() {
        assert!(is_listing_path(&listing("riverside-avondale-tudor")));
        assert!(is_listing_path(&home_for_sale("3343-avondale-ave-atlantic-beach-fl-32233-2111072")));
        for bad in [
            "/listings/",
            "/homes/",
            "/homes/page/2/",
            "/homes/a/b/",
            "/homes/Upper/",
            "/homes/x",
            "https://evil.example/homes/x/",
            "/homes/../admin/",
            "/neighborhoods/riverside/",
        ] {
            assert!(!is_listing_path(bad), "{bad}");
        }
        assert!(!is_listing_path(&home_for_sale(&"a".repeat(161))));
    }
}
