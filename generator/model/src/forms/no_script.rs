//! The pages a form posted without JavaScript leads to.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The static pages the edge worker redirects to (303, with `?form=<name>`) when a form was posted
/// without JavaScript (see `api::THANK_YOU`, `api::FORM_ERROR`). With JavaScript the toasts say
/// the same in place. Both pages offer a link home (site.yaml `labels.not_found.link`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoScript {
    /// `/thank-you/`: the post was accepted.
    pub thank_you: NoScriptPage,
    /// `/form-error/`: the post was refused (fields missing or not valid).
    pub error: NoScriptError,
    /// `/client-concierge/form-error/`: the portal's documents were refused; `back` leads to the
    /// portal. (Its thank-you page shows `concierge.thank_you`.)
    pub concierge_error: NoScriptError,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoScriptPage {
    /// The page's heading (and, with the brand, its title).
    pub title: String,
    /// One paragraph; `{phone}` in it becomes a link to the agent's phone (site.yaml).
    pub text: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoScriptError {
    /// The page's heading (and, with the brand, its title).
    pub title: String,
    /// One paragraph: what went wrong and what to do. Must contain `{phone}`, which becomes a link
    /// to the agent's phone (site.yaml), so a visitor who cannot send the form can call instead.
    pub text: String,
    /// The link back to the form, e.g. "Back to the Contact Form".
    pub back: String,
}

/// The one placeholder the no-JavaScript pages fill in.
pub const PHONE_PLACEHOLDER: &str = "{phone}";
