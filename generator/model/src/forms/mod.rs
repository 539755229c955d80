//! `content/forms.yaml`: every form's fields, limits, messages, e-mail subjects and toasts, the
//! concierge documents and the pages a form posted without JavaScript leads to. The generator
//! renders the forms and hands the islands what they need as props; the edge worker compiles it
//! in.

use crate::saved_search;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Forms {
    pub limits: Limits,
    pub messages: Messages,
    /// The submit button while sending, e.g. "Sending...".
    pub sending: String,
    /// The accessible name of a dialog's close button.
    pub close: String,
    /// The accessible name of a toast's dismiss button.
    pub dismiss: String,
    /// Name of the hidden field that only bots fill in.
    pub honeypot: String,
    pub lead: LeadForm,
    pub listing_request: Form,
    pub contact: Form,
    pub quiz: QuizForm,
    pub concierge: ConciergeForm,
    /// Saving a search of `/homes/` for alerts.
    pub saved_search: saved_search::SavedSearchForm,
    /// The pages a form posted without JavaScript leads to.
    pub no_script: NoScript,
    pub budget: Budget,
    pub bot_check: BotCheck,
}

/// What visitors and the agent read about the bot check (Cloudflare Turnstile, on when the worker
/// has its keys): a form sent from the page carries a token the worker verifies.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BotCheck {
    /// A form sent from the page without the check's token (refused, 403).
    pub missing: String,
    /// A token the check did not accept (refused, 403).
    pub failed: String,
    /// The first line of the agent's e-mail about a request sent without the check (a page
    /// without JavaScript, or a script posing as one).
    pub unverified: String,
}

/// What the website may spend in a day, so that a flood of posts cannot use up the agent's
/// EmailJS plan or her storage (the edge worker keeps the counts; days are UTC days).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Budget {
    /// Leads' e-mails sent one by one a day (the forms, showing requests, concierge filings): no
    /// other e-mail can spend them. Past it no lead is dropped: each is recorded and listed in the
    /// next morning's digest e-mail. Keep it well under the EmailJS plan's daily share.
    #[schemars(range(min = 1, max = 100000))]
    pub emails_per_day: u32,
    /// Of those, how many may go to requests sent without the bot check (see `bot_check`); the
    /// rest are kept for the visitors it has seen. Past it such requests wait for the digest.
    pub unverified_emails_per_day: u32,
    /// Requests without the bot check one client may send an hour (past it, 429).
    #[schemars(range(min = 1))]
    pub unverified_per_client_per_hour: u32,
    /// Concierge submissions one client (an address, or an IPv6 /64) may file a day.
    #[schemars(range(min = 1))]
    pub concierge_per_client_per_day: u32,
    /// Bytes of documents all visitors together may upload a day; past it uploads pause (503,
    /// "uploads are paused") and the agent is alerted. At least one document's worth.
    #[schemars(range(min = 10485760))]
    pub upload_bytes_per_day: u64,
    /// Saved searches' confirmation e-mails (and the e-mail telling you of a confirmed search)
    /// all visitors together may cause a day, apart from the leads'. Past it a save is refused.
    #[schemars(range(min = 1, max = 100000))]
    pub confirmation_emails_per_day: u32,
    /// Confirmation e-mails one client (an address, or an IPv6 /64) may cause a day, whatever the
    /// bot check says.
    #[schemars(range(min = 1))]
    pub confirmations_per_client_per_day: u32,
    /// Leads handed to your CRM (Follow Up Boss, the lead webhook) a day, each counted once: past
    /// it a lead still reaches your e-mail, and you are alerted.
    #[schemars(range(min = 1, max = 100000))]
    pub crm_leads_per_day: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Longest one-line answer, in characters.
    pub text_max: u32,
    /// Longest message or notes, in characters.
    pub message_max: u32,
    /// Largest form body the worker accepts, in bytes.
    pub body_max_bytes: u32,
}

/// Validation messages; `{label}` and `{max}` are filled in.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Messages {
    pub required: String,
    pub email: String,
    pub phone: String,
    pub too_long: String,
    pub option: String,
    /// A form sent about a listing that is not one of the site's (the hidden `listing` field).
    pub listing: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Form {
    pub title: String,
    pub text: String,
    pub submit: String,
    /// E-mail subject; `{name}` is the visitor's name.
    pub subject: String,
    pub fields: Vec<Field>,
    pub toasts: Toasts,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeadForm {
    pub fields: Vec<Field>,
    pub toasts: Toasts,
    pub types: LeadTypes,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeadTypes {
    pub consultation: LeadType,
    #[serde(rename = "buyer-guide")]
    pub buyer_guide: LeadType,
    #[serde(rename = "cma-request")]
    pub cma_request: LeadType,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeadType {
    pub title: String,
    pub text: String,
    pub submit: String,
    /// E-mail subject; `{name}` is the visitor's name.
    pub subject: String,
    /// Fields that are optional in general but required for this type.
    #[serde(default)]
    pub require: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QuizForm {
    pub subject: String,
}

/// Field names the site's code reads, per form: content may relabel them, not drop them.
pub const LEAD_FIELDS: &[&str] =
    &["firstName", "lastName", "email", "phone", "propertyAddress", "interestedIn", "message"];
pub const LISTING_REQUEST_FIELDS: &[&str] = &["name", "email", "phone", "propertyAddress", "notes"];
pub const CONTACT_FIELDS: &[&str] = &["name", "email", "phone", "message"];
pub const CONCIERGE_FIELDS: &[&str] = &["name", "email", "phone"];

impl saved_search::SavedSearchForm {
    /// The buyer's fields, as the generator renders them and the worker checks them (by the
    /// forms' own rules, jax_model::submission).
    pub fn fields(&self) -> Vec<Field> {
        let field = |name: &str, label: &str, kind, required, autocomplete: Option<&str>, options| Field {
            name: name.into(),
            label: label.into(),
            kind,
            required,
            autocomplete: autocomplete.map(String::from),
            placeholder: None,
            options,
        };
        let f = &self.frequencies;
        let choices = saved_search::FREQUENCY_VALUES
            .iter()
            .zip([&f.instant, &f.daily, &f.weekly])
            .map(|(value, label)| Choice { value: value.to_string(), label: label.clone() })
            .collect();
        vec![
            field(saved_search::EMAIL_FIELD, &self.email, FieldKind::Email, true, Some("email"), Vec::new()),
            field(saved_search::NAME_FIELD, &self.name, FieldKind::Text, false, Some("name"), Vec::new()),
            field(saved_search::FREQUENCY_FIELD, &self.frequency, FieldKind::Select, true, None, choices),
        ]
    }
}

mod check;
mod concierge;
mod fields;
mod no_script;
#[cfg(test)]
mod tests;

pub use concierge::*;
pub use fields::*;
pub use no_script::*;
