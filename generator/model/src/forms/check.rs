//! What `generator check` says of content/forms.yaml: the fields the site's code reads are there,
//! named as it posts them, and the limits are sane.

use super::*;
use crate::diagnostics::Diagnostic;
use crate::document::Source;

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
