//! A form as the `form` and `honeypot` macros render it (macros.html): it works without
//! JavaScript, posting to the worker, which answers with a page.

use jax_model::forms::{Choice, Field, FieldKind, Limits};
use serde::Serialize;
use std::borrow::Cow;

#[derive(Serialize)]
pub(super) struct FieldView<'a> {
    id: String,
    name: Cow<'a, str>,
    label: Cow<'a, str>,
    #[serde(rename = "type")]
    kind: FieldKind,
    required: bool,
    autocomplete: Option<Cow<'a, str>>,
    placeholder: Option<Cow<'a, str>>,
    options: Cow<'a, [Choice]>,
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
    hidden: Vec<(&'a str, Cow<'a, str>)>,
}

impl<'a> FormView<'a> {
    /// A lead form of one type: its `type` posted, and the fields that type requires required.
    pub(super) fn of_type(mut self, name: &'a str, require: &[String]) -> FormView<'a> {
        self.hidden.push(("type", name.into()));
        for f in &mut self.fields {
            f.required |= require.iter().any(|r| r == f.name.as_ref());
        }
        self
    }

    /// With `name` posted as `value`.
    pub(super) fn with_hidden(mut self, name: &'a str, value: String) -> FormView<'a> {
        self.hidden.push((name, value.into()));
        self
    }
}

/// The fields of a form another template lays out (the concierge's client details).
pub(super) fn field_views<'a>(id: &str, fields: &'a [Field], limits: &Limits) -> Vec<FieldView<'a>> {
    fields.iter().map(|f| view(id, f, limits, Cow::Borrowed, Cow::Borrowed)).collect()
}

/// The same of fields made in code (the saved search's, `SavedSearchForm::fields`).
pub(super) fn owned_field_views(id: &str, fields: Vec<Field>, limits: &Limits) -> Vec<FieldView<'static>> {
    fields
        .into_iter()
        .map(|f| view(id, &f, limits, |s: &str| Cow::Owned(s.to_string()), |o| Cow::Owned(o.to_vec())))
        .collect()
}

fn view<'a, 'f>(
    id: &str,
    f: &'f Field,
    limits: &Limits,
    text: impl Fn(&'f str) -> Cow<'a, str>,
    options: impl Fn(&'f [Choice]) -> Cow<'a, [Choice]>,
) -> FieldView<'a> {
    FieldView {
        id: format!("{id}-{}", f.name),
        name: text(&f.name),
        label: text(&f.label),
        kind: f.kind,
        required: f.required,
        autocomplete: f.autocomplete.as_deref().map(&text),
        placeholder: f.placeholder.as_deref().map(&text),
        options: options(&f.options),
        maxlength: match f.kind {
            FieldKind::Textarea => Some(limits.message_max),
            FieldKind::Select => None,
            _ => Some(limits.text_max),
        },
        wide: matches!(f.kind, FieldKind::Textarea),
    }
}

pub(super) fn form_view<'a>(
    id: &'a str,
    action: &'static str,
    fields: Vec<FieldView<'a>>,
    submit: &'a str,
    honeypot: &'a str,
) -> FormView<'a> {
    FormView {
        id,
        action,
        fields,
        submit,
        honeypot: Honeypot { name: honeypot, id: format!("{id}-{honeypot}") },
        hidden: Vec::new(),
    }
}
