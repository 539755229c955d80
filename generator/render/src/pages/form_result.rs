//! The pages a form posted without JavaScript leads to (forms.yaml `no_script`, and the concierge's
//! `thank_you`): not indexed, no island of their own, a link home and, on an error page, a link
//! back to the form.

use super::shared::{Built, Meta, Shared, DESCRIPTION_MAX};
use crate::html::escape_html;
use crate::islands::Mounted;
use crate::kind::Kind;
use crate::{markdown, seo};
use anyhow::Result;
use jax_model::api;
use jax_model::forms::{Forms, PHONE_PLACEHOLDER};
use jax_model::saved_search::{ActionPage, ResultPage};
use serde::Serialize;

/// Where the worker sends a form posted without JavaScript (`jax_model::api`).
#[derive(Debug, Clone, Copy)]
pub enum FormResult {
    /// A form it accepted.
    ThankYou,
    /// A form it refused.
    FormError,
    /// The same two for the concierge portal's documents.
    ConciergeThankYou,
    ConciergeFormError,
    /// A saved search's (forms.yaml `saved_search.pages`, under `api::ALERTS`): its confirmation
    /// sent; its confirmation link's page (a button that confirms) and the page after; a link
    /// expired, changed or of something no longer kept; its unsubscribe link's page (a button) and
    /// the page after; its save refused.
    SearchSent,
    SearchConfirm,
    SearchConfirmed,
    SearchExpired,
    SearchInvalid,
    SearchUnknown,
    SearchUnsubscribe,
    SearchUnsubscribed,
    SearchError,
}

/// What one of those pages says.
struct Text<'a> {
    url: &'static str,
    title: &'a str,
    text: &'a str,
    back: Option<Back<'a>>,
    form: Option<Action<'a>>,
}

/// A link's page's one button: a POST to `action`, to which the worker adds the link's token
/// when it serves the page (the form's `data-link-form` marks it).
#[derive(Serialize)]
struct Action<'a> {
    action: &'static str,
    button: &'a str,
}

#[derive(Serialize)]
struct Back<'a> {
    label: &'a str,
    href: String,
}

#[derive(Serialize)]
struct FormResultView<'a> {
    title: &'a str,
    /// The text as HTML, `{phone}` made a link to the agent's phone.
    text_html: String,
    /// The error page's link back to the form.
    back: Option<Back<'a>>,
    form: Option<Action<'a>>,
}

impl FormResult {
    pub const ALL: [FormResult; 4] =
        [FormResult::ThankYou, FormResult::FormError, FormResult::ConciergeThankYou, FormResult::ConciergeFormError];
    /// A saved search's: built with the MLS's pages, the only ones that save searches.
    pub const SEARCH: [FormResult; 9] = [
        FormResult::SearchSent,
        FormResult::SearchConfirm,
        FormResult::SearchConfirmed,
        FormResult::SearchExpired,
        FormResult::SearchInvalid,
        FormResult::SearchUnknown,
        FormResult::SearchUnsubscribe,
        FormResult::SearchUnsubscribed,
        FormResult::SearchError,
    ];

    /// The page, for an error message.
    pub fn what(self) -> &'static str {
        match self {
            FormResult::ThankYou => "the thank-you page",
            FormResult::FormError => "the form-error page",
            FormResult::ConciergeThankYou => "the concierge thank-you page",
            FormResult::ConciergeFormError => "the concierge form-error page",
            FormResult::SearchSent => "the saved search's page: confirmation sent",
            FormResult::SearchConfirm => "the saved search's page: confirm",
            FormResult::SearchConfirmed => "the saved search's page: confirmed",
            FormResult::SearchExpired => "the saved search's page: link expired",
            FormResult::SearchInvalid => "the saved search's page: link not valid",
            FormResult::SearchUnknown => "the saved search's page: no longer kept",
            FormResult::SearchUnsubscribe => "the saved search's page: unsubscribe",
            FormResult::SearchUnsubscribed => "the saved search's page: unsubscribed",
            FormResult::SearchError => "the saved search's page: not saved",
        }
    }

    fn text(self, forms: &Forms) -> Text<'_> {
        // A saved search's page; those that ask to save it again link to the homes for sale.
        fn search<'a>(url: &'static str, page: &'a ResultPage, back: Option<&'a String>) -> Text<'a> {
            Text {
                url,
                title: &page.title,
                text: &page.text,
                back: back.map(|label| Back { label, href: api::HOMES.into() }),
                form: None,
            }
        }
        fn action<'a>(url: &'static str, page: &'a ActionPage, action: &'static str) -> Text<'a> {
            Text {
                url,
                title: &page.title,
                text: &page.text,
                back: None,
                form: Some(Action { action, button: &page.button }),
            }
        }
        let ns = &forms.no_script;
        let ss = &forms.saved_search;

        match self {
            FormResult::ThankYou => Text {
                url: api::THANK_YOU,
                title: &ns.thank_you.title,
                text: &ns.thank_you.text,
                back: None,
                form: None,
            },
            FormResult::FormError => Text {
                url: api::FORM_ERROR,
                title: &ns.error.title,
                text: &ns.error.text,
                back: Some(Back { label: &ns.error.back, href: Kind::FormResult.paths().contact }),
                form: None,
            },
            FormResult::ConciergeThankYou => {
                let t = &forms.concierge.thank_you;
                Text { url: api::CONCIERGE_THANK_YOU, title: &t.title, text: &t.description, back: None, form: None }
            }
            FormResult::ConciergeFormError => Text {
                url: api::CONCIERGE_FORM_ERROR,
                title: &ns.concierge_error.title,
                text: &ns.concierge_error.text,
                back: Some(Back {
                    label: &ns.concierge_error.back,
                    href: format!("{}#{}", api::CONCIERGE_PAGE, api::CONCIERGE_FORM),
                }),
                form: None,
            },
            FormResult::SearchSent => search(api::ALERTS_SENT, &ss.pages.sent, None),
            FormResult::SearchConfirm => action(api::ALERTS_CONFIRM, &ss.pages.confirm, api::SAVED_SEARCH_CONFIRM),
            FormResult::SearchConfirmed => search(api::ALERTS_CONFIRMED, &ss.pages.confirmed, None),
            FormResult::SearchExpired => search(api::ALERTS_EXPIRED, &ss.pages.expired, Some(&ss.title)),
            FormResult::SearchInvalid => search(api::ALERTS_INVALID, &ss.pages.invalid, None),
            FormResult::SearchUnknown => search(api::ALERTS_UNKNOWN, &ss.pages.unknown, Some(&ss.title)),
            FormResult::SearchUnsubscribe => {
                action(api::ALERTS_UNSUBSCRIBE, &ss.pages.unsubscribe, api::SAVED_SEARCH_UNSUBSCRIBE)
            }
            FormResult::SearchUnsubscribed => search(api::ALERTS_UNSUBSCRIBED, &ss.pages.unsubscribed, None),
            FormResult::SearchError => search(api::ALERTS_ERROR, &ss.pages.error, Some(&ss.title)),
        }
    }
}

impl Shared<'_> {
    pub(super) fn form_result(&self, page: FormResult) -> Result<Built> {
        let s = &self.input.content.site.data;
        let Text { url, title, text, back, form } = page.text(&self.input.content.forms.data);
        let tel_href = format!("tel:{}", s.agent.phone_e164().unwrap_or_default());
        let meta = Meta {
            title: format!("{title} | {}", s.brand),
            description: markdown::truncate(&text.replace(PHONE_PLACEHOLDER, &s.agent.phone), DESCRIPTION_MAX),
            canonical: None,
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld: seo::graph(&self.agent_json, &[])?,
        };
        let view = FormResultView { title, text_html: with_phone_link(text, &s.agent.phone, &tel_href), back, form };
        Ok(self.built(Kind::FormResult, jax_output::index_file(url), &meta, &view, &Mounted::default()))
    }
}

/// Content text as HTML, with `{phone}` a link to the agent's phone.
fn with_phone_link(text: &str, phone: &str, tel_href: &str) -> String {
    let link = format!("<a href=\"{}\">{}</a>", escape_html(tel_href), escape_html(phone));
    escape_html(text).replace(PHONE_PLACEHOLDER, &link)
}
