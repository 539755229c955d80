//! Where a saved search's e-mails lead: its links, on the site's own address.

use crate::services::now_ms;
use domain::searches::emails::Links;
use domain::searches::SavedSearch;
use domain::settings::Settings;
use jax_model::api;

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
