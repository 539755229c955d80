//! A form as the `form` and `honeypot` macros render it (macros.html): it works without
//! JavaScript, posting to the worker, which answers with a page.

use jax_model::forms::{Choice, Field, FieldKind, Limits};
use serde::Serialize;

#[derive(Serialize)]
pub(super) struct FieldView<'a> {
    id: String,
    name: &'a str,
    label: &'a str,
    #[serde(rename = "type")]
    kind: FieldKind,
    required: bool,
    autocomplete: Option<&'a str>,
    placeholder: Option<&'a str>,
    options: &'a [Choice],
    maxlength: Option<u32>,
    /// Spans the form's full width.
    wide: bool,
}

/// The hidden field only bots fill in.
#[derive(Serialize)]
pub(super) struct Honeypot<'a> {
    pub name: &'a str,
    pub id: String,
}

#[derive(Serialize)]
pub(super) struct FormView<'a> {
    id: &'a str,
    action: &'static str,
    fields: Vec<FieldView<'a>>,
    submit: &'a str,
    honeypot: Honeypot<'a>,
    /// Posted as they are, e.g. the lead form's `type`.
    hidden: Vec<(&'a str, &'a str)>,
}

impl<'a> FormView<'a> {
    /// A lead form of one type: its `type` posted, and the fields that type requires required.
    pub(super) fn of_type(mut self, name: &'a str, require: &[String]) -> FormView<'a> {
        self.hidden.push(("type", name));
        for f in &mut self.fields {
            f.required |= require.iter().any(|r| r == f.name);
        }
        self
    }
}

/// The fields of a form another template lays out (the concierge's client details).
pub(super) fn field_views<'a>(id: &str, fields: &'a [Field], limits: &Limits) -> Vec<FieldView<'a>> {
    fields
        .iter()
        .map(|f| FieldView {
            id: format!("{id}-{}", f.name),
            name: &f.name,
            label: &f.label,
            kind: f.kind,
            required: f.required,
            autocomplete: f.autocomplete.as_deref(),
            placeholder: f.placeholder.as_deref(),
            options: &f.options,
            maxlength: match f.kind {
                FieldKind::Textarea => Some(limits.message_max),
                FieldKind::Select => None,
                _ => Some(limits.text_max),
            },
            wide: matches!(f.kind, FieldKind::Textarea),
        })
        .collect()
}

pub(super) fn form_view<'a>(
    id: &'a str,
    action: &'static str,
    fields: &'a [Field],
    submit: &'a str,
    honeypot: &'a str,
    limits: &Limits,
) -> FormView<'a> {
    let fields = field_views(id, fields, limits);
    FormView {
        id,
        action,
        fields,
        submit,
        honeypot: Honeypot { name: honeypot, id: format!("{id}-{honeypot}") },
        hidden: Vec::new(),
    }
}
