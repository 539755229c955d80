//! The e-mails of a saved search: the confirmation to the buyer (FormKind::SearchConfirm: its own
//! template, EMAILJS_TEMPLATE_ID_SEARCH_CONFIRM, else EMAILJS_TEMPLATE_ID), and the agent's "a new
//! saved search" lead once it is confirmed (FormKind::SavedSearch: through the contact form's
//! template, as her notices are; her CRM takes it as a Registration).

use super::{describe, fill, SavedSearch};
use crate::email::Params;
use crate::words::unlinked;
use jax_model::saved_search::SavedSearchForm;

/// The confirmation's links: on the site's own address (SITE_URL), never one a request named.
pub struct Links {
    pub confirm: String,
    pub manage: String,
}

/// The confirmation e-mail to the buyer: to_email, from_name (the site's), subject, message, and
/// the two links again (confirm_url, manage_url) for a template that shows buttons.
pub fn confirmation(
    form: &SavedSearchForm,
    brand: &str,
    s: &SavedSearch,
    areas: &[(String, String)],
    links: &Links,
) -> Params {
    let words = describe(&s.query, form, areas);
    let values = [("search", words.as_str()), ("confirm", links.confirm.as_str()), ("manage", links.manage.as_str())];
    Params::new([
        ("to_email", s.email.clone()),
        ("from_name", brand.to_string()),
        ("subject", fill(&form.confirm.subject, &values)),
        ("message", fill(&form.confirm.text, &values)),
        ("confirm_url", links.confirm.clone()),
        ("manage_url", links.manage.clone()),
    ])
}

/// The agent's e-mail once a search is confirmed, in the contact template's params (from_name,
/// from_email: the buyer's, so she can reply; phone: none); `search`: the search's page.
pub fn lead(
    form: &SavedSearchForm,
    agent_email: &str,
    s: &SavedSearch,
    areas: &[(String, String)],
    search: &str,
) -> Params {
    let words = describe(&s.query, form, areas);
    // The name is a stranger's words; the address, checked, stays one to reply to.
    let name = if s.name.is_empty() { s.email.clone() } else { unlinked(&s.name) };
    let name = name.as_str();
    let frequency = s.frequency.label(&form.frequencies).to_lowercase();
    let values = [
        ("name", name),
        ("email", s.email.as_str()),
        ("search", words.as_str()),
        ("link", search),
        ("frequency", frequency.as_str()),
    ];
    Params::new([
        ("to_email", agent_email.to_string()),
        ("from_name", name.to_string()),
        ("from_email", s.email.clone()),
        ("phone", String::new()),
        ("subject", fill(&form.lead.subject, &values)),
        ("message", fill(&form.lead.text, &values)),
    ])
}
