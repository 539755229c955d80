//! What a visitor's form submission must satisfy — the server's copy of the rules the islands
//! apply for instant feedback (site/src/islands/dialogs/validate.ts); the edge worker is the
//! authority. Pure: values in, cleaned values or every problem out.

use crate::forms::{Field, FieldKind, Limits, Messages};
use crate::rules::{is_email, is_phone};
use serde::Serialize;
use std::collections::BTreeMap;

/// A field the server refused, and why (the API's 400 answer lists these).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

/// Cleaned values of the form's own fields (see `clean`), by name (absent ones empty).
pub type Values = BTreeMap<String, String>;

fn fill(template: &str, label: &str, max: u32) -> String {
    template.replace("{label}", label).replace("{max}", &max.to_string())
}

/// Check `input` against `fields`; `also_required` adds fields required here (e.g. the valuation
/// request's property address). Returns the cleaned values, or every problem in field order.
pub fn validate(
    fields: &[Field],
    input: &BTreeMap<String, String>,
    limits: &Limits,
    messages: &Messages,
    also_required: &[String],
) -> Result<Values, Vec<FieldError>> {
    let mut values = Values::new();
    let mut errors = Vec::new();
    for f in fields {
        let value = input.get(&f.name).map_or_else(String::new, |v| clean(f.kind, v));
        let value = value.as_str();
        let required = f.required || also_required.iter().any(|r| r == &f.name);
        let max = if f.kind == FieldKind::Textarea { limits.message_max } else { limits.text_max };
        let problem = if value.is_empty() {
            required.then(|| fill(&messages.required, &f.label, max))
        } else if value.chars().count() > max as usize {
            Some(fill(&messages.too_long, &f.label, max))
        } else if f.kind == FieldKind::Email && !is_email(value) {
            Some(messages.email.clone())
        } else if f.kind == FieldKind::Tel && !is_phone(value) {
            Some(messages.phone.clone())
        } else if f.kind == FieldKind::Select && !f.options.iter().any(|o| o.value == value) {
            Some(messages.option.clone())
        } else {
            None
        };
        match problem {
            Some(message) => errors.push(FieldError { field: f.name.clone(), message }),
            None => {
                values.insert(f.name.clone(), value.to_string());
            }
        }
    }
    if errors.is_empty() {
        Ok(values)
    } else {
        Err(errors)
    }
}

/// Bidirectional controls: they reorder what is shown ("invoice\u{202E}fdp.exe" reads as
/// "invoiceexe.pdf"), in a name, a subject or a file name alike. Dropped wherever a visitor's
/// words go.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Line and paragraph separators (U+2028, U+2029): line breaks to a mail client, not controls.
fn is_separator(c: char) -> bool {
    matches!(c, '\u{2028}' | '\u{2029}')
}

/// A value safe in an e-mail header or a one-line template slot: line breaks, separators and
/// other control characters (header injection) become spaces; bidirectional controls go.
pub fn one_line(s: &str) -> String {
    s.chars()
        .filter(|c| !is_bidi_control(*c))
        .map(|c| if c.is_control() || is_separator(c) { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

/// A text of several lines as typed: its line breaks (any spelling) become `\n`, other control
/// characters spaces, bidirectional controls go; trimmed.
pub fn text(s: &str) -> String {
    s.replace("\r\n", "\n")
        .chars()
        .filter(|c| !is_bidi_control(*c))
        .map(|c| match c {
            '\n' | '\r' => '\n',
            c if is_separator(c) => '\n',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect::<String>()
        .trim()
        .to_string()
}

/// A field's value as the worker keeps it: a textarea's as `text`, any other's as `one_line`.
pub fn clean(kind: FieldKind, value: &str) -> String {
    if kind == FieldKind::Textarea {
        text(value)
    } else {
        one_line(value)
    }
}

/// An e-mail subject from its template, e.g. "Consultation Request from {name}".
pub fn subject(template: &str, name: &str) -> String {
    one_line(&template.replace("{name}", &one_line(name)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::Choice;

    fn field(name: &str, label: &str, kind: FieldKind, required: bool) -> Field {
        Field {
            name: name.into(),
            label: label.into(),
            kind,
            required,
            autocomplete: None,
            placeholder: None,
            options: vec![],
        }
    }

    fn lead() -> Vec<Field> {
        let mut select = field("interestedIn", "Interested In", FieldKind::Select, false);
        select.options = vec![Choice { value: "waterfront".into(), label: "Waterfront Property".into() }];
        vec![
            field("firstName", "First Name", FieldKind::Text, true),
            field("email", "Email", FieldKind::Email, true),
            field("phone", "Phone", FieldKind::Tel, true),
            field("propertyAddress", "Property Address", FieldKind::Text, false),
            select,
            field("message", "Message", FieldKind::Textarea, true),
        ]
    }

    const LIMITS: Limits = Limits { text_max: 20, message_max: 50, body_max_bytes: 65536 };

    fn messages() -> Messages {
        Messages {
            required: "{label} is required.".into(),
            email: "Please enter a valid email address.".into(),
            phone: "Please enter a valid phone number.".into(),
            too_long: "{label} must be {max} characters or fewer.".into(),
            option: "Please choose one of the listed options.".into(),
            listing: "This listing is not one of the site's.".into(),
        }
    }

    fn input(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    const GOOD: &[(&str, &str)] =
        &[("firstName", " Ana "), ("email", "ana@example.com"), ("phone", "(904) 555-0147"), ("message", "Hello")];

    #[test]
    fn accepts_and_trims_a_complete_submission_keeping_only_known_fields() {
        let mut i = input(GOOD);
        i.insert("isAdmin".into(), "true".into());
        let v = validate(&lead(), &i, &LIMITS, &messages(), &[]).unwrap();
        assert_eq!(v["firstName"], "Ana");
        assert_eq!(v["propertyAddress"], "");
        assert!(!v.contains_key("isAdmin"));
    }

    #[test]
    fn reports_every_problem_with_field_and_reason() {
        let errors = validate(
            &lead(),
            &input(&[
                ("email", "ana@example"),
                ("phone", "12"),
                ("interestedIn", "castle"),
                ("message", &"x".repeat(51)),
            ]),
            &LIMITS,
            &messages(),
            &[],
        )
        .unwrap_err();
        let got: Vec<(&str, &str)> = errors.iter().map(|e| (e.field.as_str(), e.message.as_str())).collect();
        assert_eq!(
            got,
            [
                ("firstName", "First Name is required."),
                ("email", "Please enter a valid email address."),
                ("phone", "Please enter a valid phone number."),
                ("interestedIn", "Please choose one of the listed options."),
                ("message", "Message must be 50 characters or fewer."),
            ]
        );
    }

    #[test]
    fn a_type_can_require_an_optional_field() {
        let required = vec!["propertyAddress".to_string()];
        let errors = validate(&lead(), &input(GOOD), &LIMITS, &messages(), &required).unwrap_err();
        assert_eq!(
            errors,
            [FieldError { field: "propertyAddress".into(), message: "Property Address is required.".into() }]
        );
    }

    #[test]
    fn lengths_count_characters_not_bytes() {
        let name = "é".repeat(20);
        let mut i = input(GOOD);
        i.insert("firstName".into(), name);
        assert!(validate(&lead(), &i, &LIMITS, &messages(), &[]).is_ok());
    }

    #[test]
    fn subjects_and_one_line_values_cannot_break_headers() {
        assert_eq!(
            subject("Consultation Request from {name}", "Ana\r\nBcc: x@evil.com"),
            "Consultation Request from Ana  Bcc: x@evil.com"
        );
        assert_eq!(one_line("  a\tb\n"), "a b");
    }

    #[test]
    fn separators_and_bidi_controls_never_pass() {
        assert_eq!(one_line("Ana\u{2028}Bcc: x\u{2029}y"), "Ana Bcc: x y");
        assert_eq!(one_line("\u{202E}ageV asiraM\u{202C} \u{2066}x\u{2069}\u{200F}"), "ageV asiraM x");
        assert_eq!(text(" one\r\ntwo\rthree\u{2028}four\u{202E}\u{0007} \n"), "one\ntwo\nthree\nfour");
        let mut i = input(GOOD);
        i.insert("firstName".into(), "\u{202E}Ana\u{2028}".into());
        i.insert("message".into(), "Hi\u{2029}there".into());
        let v = validate(&lead(), &i, &LIMITS, &messages(), &[]).unwrap();
        assert_eq!((v["firstName"].as_str(), v["message"].as_str()), ("Ana", "Hi\nthere"));
    }
}

#[cfg(test)]
mod shared_cases {
    use super::*;
    use crate::forms::{Field, Limits, Messages};
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct Cases {
        limits: Limits,
        messages: Messages,
        fields: Vec<Field>,
        cases: Vec<Case>,
    }

    #[derive(Deserialize)]
    struct Case {
        input: BTreeMap<String, String>,
        #[serde(default)]
        also_required: Vec<String>,
        errors: Vec<Expected>,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    struct Expected {
        field: String,
        message: String,
    }

    /// The same cases run against the browser's mirror (site/src/islands/dialogs/validate.test.ts).
    #[test]
    fn form_cases_shared_with_the_browser() {
        let c: Cases = serde_json::from_str(include_str!("../../../spec/cases/forms.json")).unwrap();
        for case in &c.cases {
            let got = match validate(&c.fields, &case.input, &c.limits, &c.messages, &case.also_required) {
                Ok(_) => vec![],
                Err(e) => e.into_iter().map(|e| Expected { field: e.field, message: e.message }).collect(),
            };
            assert_eq!(got, case.errors, "input {:?}", case.input);
        }
    }
}
