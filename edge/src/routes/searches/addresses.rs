//! Where a saved search's e-mails and answers lead: its links, on the site's own address, and the
//! pages of the site an answer sends the browser to.

use crate::failure::Failure;
use crate::routes::request::see_other;
use crate::services::now_ms;
use domain::searches::emails::Links;
use domain::searches::SavedSearch;
use domain::settings::Settings;
use jax_model::api;
use worker::{Request, Response};

/// A 303 to a page of the site (`path`).
pub(super) fn see(req: &Request, path: &str) -> Result<Response, Failure> {
    see_other(req, path, None)
}

/// A search's links, on the site's own address (SITE_URL): a request's Host names no link. The
/// manage page's is signed for the address's `epoch`.
pub(super) fn links(settings: &Settings, s: &SavedSearch, epoch: u64) -> Links {
    let origin = &settings.site_url;
    let keys = &settings.keys.searches;
    let token = api::SAVED_SEARCH_TOKEN;
    let confirm = keys.confirm_token(&s.address, &s.id, s.created_ms);
    Links {
        confirm: format!("{origin}{}?{token}={confirm}", api::SAVED_SEARCH_CONFIRM),
        manage: format!("{origin}{}#{}", api::ALERTS, keys.address_token(&s.address, epoch, now_ms())),
    }
}

/// The search's own page, on the site's own address.
pub(super) fn search_link(settings: &Settings, s: &SavedSearch) -> String {
    format!("{}{}", settings.site_url, s.path())
}
