//! `content/forms.yaml`: every form's fields, limits, messages, e-mail subjects and toasts, the
//! concierge documents and the pages a form posted without JavaScript leads to. The generator
//! renders the forms and hands the islands what they need as props; the edge worker compiles it
//! in.

use crate::diagnostics::Diagnostic;
use crate::document::Source;
use crate::saved_search;
use crate::signatures;
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum FieldKind {
    Text,
    Email,
    Tel,
    Textarea,
    Select,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Field {
    /// The name the form posts, e.g. "firstName".
    pub name: String,
    pub label: String,
    #[serde(rename = "type")]
    pub kind: FieldKind,
    #[serde(default)]
    pub required: bool,
    /// The HTML autocomplete token, e.g. "given-name".
    #[serde(default)]
    pub autocomplete: Option<String>,
    #[serde(default)]
    pub placeholder: Option<String>,
    /// The choices of a select.
    #[serde(default)]
    pub options: Vec<Choice>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    pub value: String,
    pub label: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Toast {
    pub title: String,
    pub description: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Toasts {
    pub success: Toast,
    pub error: Toast,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QuizForm {
    pub subject: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConciergeForm {
    /// Largest accepted file, in bytes (10 MB = 10485760).
    pub max_file_bytes: u64,
    /// Days after a submission until its documents and its record are deleted; the privacy
    /// policy states it (`{document_retention_days}` in content/legal/privacy-policy.md). At
    /// least the download links' lifetime: no link may outlive its document.
    #[schemars(range(min = DOCUMENT_LINK_DAYS))]
    pub document_retention_days: u32,
    /// Who the client is (name, e-mail, phone), asked before the documents: the agent's e-mail
    /// is from the name and lists all three.
    pub fields: Vec<Field>,
    #[schemars(length(min = 1))]
    pub documents: Vec<Document>,
    pub acknowledgment: Acknowledgment,
    pub subject: String,
    pub submit: String,
    pub submitting: String,
    pub toasts: ConciergeToasts,
    pub thank_you: Toast,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Document {
    /// The name the form posts, e.g. "photoId".
    pub field: String,
    pub label: String,
    /// How the agent's e-mail names it, e.g. "Government ID".
    pub kind: String,
    #[serde(default)]
    pub hint: Option<String>,
    #[schemars(length(min = 1))]
    pub accept: Vec<FileType>,
    pub required_message: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Acknowledgment {
    /// The field name, e.g. "acknowledged".
    pub field: String,
    pub label: String,
    pub required_message: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConciergeToasts {
    pub too_large: Toast,
    pub invalid_type: Toast,
    pub success: Toast,
    pub failure: Toast,
}

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
/// How many days the agent's document links last unless the worker's DOCUMENT_LINK_DAYS says
/// otherwise; documents are kept at least that long.
pub const DOCUMENT_LINK_DAYS: u32 = 14;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum FileType {
    Jpeg,
    Png,
    Pdf,
}

impl FileType {
    pub fn mime(self) -> &'static str {
        match self {
            FileType::Jpeg => "image/jpeg",
            FileType::Png => "image/png",
            FileType::Pdf => "application/pdf",
        }
    }
    /// File-name endings a browser's file picker should offer.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            FileType::Jpeg => &[".jpg", ".jpeg"],
            FileType::Png => &[".png"],
            FileType::Pdf => &[".pdf"],
        }
    }
    /// What the first bytes say the file is, whatever its name claims.
    pub fn sniff(head: &[u8]) -> Option<FileType> {
        SIGNATURES.iter().find(|(_, signature)| head.starts_with(signature)).map(|(t, _)| *t)
    }
}

/// The bytes each accepted document type's files start with. The worker decides a file's type by
/// them (`FileType::sniff`), and so does the browser before it uploads (the concierge's sniffer
/// reads `site/src/lib/signatures.ts`, which the generator writes from this table).
pub const SIGNATURES: &[(FileType, &[u8])] =
    &[(FileType::Jpeg, signatures::JPEG), (FileType::Png, signatures::PNG), (FileType::Pdf, signatures::PDF)];

/// How many leading bytes decide a file's type: the longest signature.
pub const SNIFF_LEN: usize = {
    let mut longest = 0;
    let mut i = 0;
    while i < SIGNATURES.len() {
        if SIGNATURES[i].1.len() > longest {
            longest = SIGNATURES[i].1.len();
        }
        i += 1;
    }
    longest
};

/// Field names the site's code reads, per form: content may relabel them, not drop them.
pub const LEAD_FIELDS: &[&str] =
    &["firstName", "lastName", "email", "phone", "propertyAddress", "interestedIn", "message"];
pub const LISTING_REQUEST_FIELDS: &[&str] = &["name", "email", "phone", "propertyAddress", "notes"];
pub const CONTACT_FIELDS: &[&str] = &["name", "email", "phone", "message"];
pub const CONCIERGE_FIELDS: &[&str] = &["name", "email", "phone"];

fn is_field_name(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_ascii_lowercase()) && s.chars().all(|c| c.is_ascii_alphanumeric())
}

fn validate_fields(src: &Source, out: &mut Vec<Diagnostic>, path: &str, fields: &[Field], needed: &[&str]) {
    for (i, f) in fields.iter().enumerate() {
        let at = format!("{path}.fields[{i}]");
        if !is_field_name(&f.name) {
            out.push(src.at_value(
                &format!("{at}.name"),
                format!("expected a camelCase name such as \"firstName\", found \"{}\"", f.name),
            ));
        }
        if fields[..i].iter().any(|g| g.name == f.name) {
            out.push(src.at_value(&format!("{at}.name"), format!("duplicate field name \"{}\"", f.name)));
        }
        match (f.kind, f.options.is_empty()) {
            (FieldKind::Select, true) => out.push(src.at_key(&at, "a select needs `options`")),
            (FieldKind::Select, false) | (_, true) => {}
            (_, false) => out.push(src.at_key(&format!("{at}.options"), "only a select has options")),
        }
    }
    for name in needed {
        if !fields.iter().any(|f| f.name == *name) {
            out.push(
                src.at_key(
                    &format!("{path}.fields"),
                    format!("missing the field \"{name}\" (the site's code reads it)"),
                ),
            );
        }
    }
}

impl Forms {
    /// The lead types with their keys as posted.
    pub fn lead_types(&self) -> [(&'static str, &LeadType); 3] {
        let t = &self.lead.types;
        [("consultation", &t.consultation), ("buyer-guide", &t.buyer_guide), ("cma-request", &t.cma_request)]
    }

    pub fn validate(&self, src: &Source, out: &mut Vec<Diagnostic>) {
        validate_fields(src, out, "lead", &self.lead.fields, LEAD_FIELDS);
        validate_fields(src, out, "listing_request", &self.listing_request.fields, LISTING_REQUEST_FIELDS);
        validate_fields(src, out, "contact", &self.contact.fields, CONTACT_FIELDS);
        validate_fields(src, out, "concierge", &self.concierge.fields, CONCIERGE_FIELDS);
        for (key, t) in self.lead_types() {
            if !t.subject.contains("{name}") {
                out.push(src.at_value(
                    &format!("lead.types.{key}.subject"),
                    "expected the placeholder {name} (the visitor's name)",
                ));
            }
            for (i, name) in t.require.iter().enumerate() {
                if !self.lead.fields.iter().any(|f| &f.name == name) {
                    out.push(src.at_value(
                        &format!("lead.types.{key}.require[{i}]"),
                        format!("no lead field is named \"{name}\""),
                    ));
                }
            }
        }
        for (path, form) in [("listing_request", &self.listing_request), ("contact", &self.contact)] {
            if !form.subject.contains("{name}") {
                out.push(
                    src.at_value(&format!("{path}.subject"), "expected the placeholder {name} (the visitor's name)"),
                );
            }
        }
        for (path, msg) in
            [("messages.required", &self.messages.required), ("messages.too_long", &self.messages.too_long)]
        {
            if !msg.contains("{label}") {
                out.push(src.at_value(path, "expected the placeholder {label}"));
            }
        }
        if !self.messages.too_long.contains("{max}") {
            out.push(src.at_value("messages.too_long", "expected the placeholder {max}"));
        }
        if !is_field_name(&self.honeypot) {
            out.push(src.at_value("honeypot", format!("expected a camelCase field name, found \"{}\"", self.honeypot)));
        }
        let c = &self.concierge;
        if c.max_file_bytes == 0 || c.max_file_bytes > 100 * 1024 * 1024 {
            out.push(src.at_value(
                "concierge.max_file_bytes",
                format!("expected 1 to 104857600 bytes, found {}", c.max_file_bytes),
            ));
        }
        for (i, d) in c.documents.iter().enumerate() {
            if !is_field_name(&d.field) {
                out.push(src.at_value(
                    &format!("concierge.documents[{i}].field"),
                    format!("expected a camelCase name such as \"photoId\", found \"{}\"", d.field),
                ));
            }
            if c.documents[..i].iter().any(|e| e.field == d.field) {
                out.push(src.at_value(
                    &format!("concierge.documents[{i}].field"),
                    format!("duplicate document field \"{}\"", d.field),
                ));
            }
        }
        let ns = &self.no_script;
        for (path, e) in [("no_script.error", &ns.error), ("no_script.concierge_error", &ns.concierge_error)] {
            if !e.text.contains(PHONE_PLACEHOLDER) {
                out.push(src.at_value(
                    &format!("{path}.text"),
                    "expected the placeholder {phone} (the agent's phone, so a visitor can call instead)",
                ));
            }
        }
        for (path, text) in [
            ("no_script.thank_you.text", &ns.thank_you.text),
            ("no_script.error.text", &ns.error.text),
            ("no_script.concierge_error.text", &ns.concierge_error.text),
        ] {
            if text.replace(PHONE_PLACEHOLDER, "").contains(['{', '}']) {
                out.push(src.at_value(path, "unknown placeholder: only {phone} is filled in"));
            }
        }
        for (path, text) in [
            ("no_script.thank_you.title", &ns.thank_you.title),
            ("no_script.thank_you.text", &ns.thank_you.text),
            ("no_script.error.title", &ns.error.title),
            ("no_script.error.text", &ns.error.text),
            ("no_script.error.back", &ns.error.back),
            ("no_script.concierge_error.title", &ns.concierge_error.title),
            ("no_script.concierge_error.text", &ns.concierge_error.text),
            ("no_script.concierge_error.back", &ns.concierge_error.back),
        ] {
            if text.trim().is_empty() {
                out.push(src.at_value(path, "expected a text, found nothing"));
            }
        }
        if self.budget.unverified_emails_per_day > self.budget.emails_per_day {
            out.push(src.at_value(
                "budget.unverified_emails_per_day",
                format!("expected at most emails_per_day ({})", self.budget.emails_per_day),
            ));
        }
        let b = &self.bot_check;
        for (path, text) in [
            ("bot_check.missing", &b.missing),
            ("bot_check.failed", &b.failed),
            ("bot_check.unverified", &b.unverified),
        ] {
            if text.trim().is_empty() {
                out.push(src.at_value(path, "expected a text, found nothing"));
            }
        }
        if self.limits.text_max == 0 || self.limits.message_max == 0 || self.limits.body_max_bytes < 1024 {
            out.push(src.at_key("limits", "expected positive limits and a body limit of at least 1024 bytes"));
        }
    }
}

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

#[cfg(test)]
mod tests {
    use super::{FileType, SIGNATURES, SNIFF_LEN};

    #[test]
    fn sniffs_by_magic_bytes() {
        assert_eq!(FileType::sniff(b"\xFF\xD8\xFF\xE0rest"), Some(FileType::Jpeg));
        assert_eq!(FileType::sniff(b"\x89PNG\r\n\x1a\nrest"), Some(FileType::Png));
        assert_eq!(FileType::sniff(b"%PDF-1.7"), Some(FileType::Pdf));
        assert_eq!(FileType::sniff(b"GIF89a"), None);
        assert_eq!(FileType::sniff(b""), None);
        assert_eq!(SNIFF_LEN, 8);
        // Every accepted type has a signature (a new FileType does not compile here until listed).
        for t in [FileType::Jpeg, FileType::Png, FileType::Pdf] {
            let covered = match t {
                FileType::Jpeg | FileType::Png | FileType::Pdf => SIGNATURES.iter().any(|(s, _)| *s == t),
            };
            assert!(covered, "{t:?}");
        }
    }
}
