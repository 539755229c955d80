//! The client concierge portal: the document upload form, which posts every file at once
//! (multipart) without JavaScript and one by one with it.

use super::form::{field_views, FieldView, Honeypot};
use super::shared::{Built, Meta, Shared};
use crate::islands::{Mount, Mounted};
use crate::kind::Kind;
use crate::props::ConciergeProps;
use crate::seo;
use anyhow::Result;
use jax_model::api;
use jax_model::concierge::ConciergePage;
use jax_model::forms::Acknowledgment;
use serde::Serialize;

#[derive(Serialize)]
struct DocumentView<'a> {
    field: &'a str,
    id: String,
    label: &'a str,
    hint: Option<&'a str>,
    hint_id: String,
    accept: String,
}

#[derive(Serialize)]
struct ConciergeView<'a> {
    page: &'a ConciergePage,
    /// The trust items, their placeholders filled.
    trust: Vec<String>,
    privacy_url: String,
    /// Who the client is, before the documents.
    client: Vec<FieldView<'a>>,
    documents: Vec<DocumentView<'a>>,
    ack: &'a Acknowledgment,
    submit: &'a str,
    action: &'static str,
    honeypot: Honeypot<'a>,
    island: Mount,
}

impl<'a> Shared<'a> {
    pub(super) fn concierge(&self) -> Result<Built> {
        let c = self.input.content;
        let forms = &c.forms.data;
        let p = &c.concierge.data;
        let documents = forms
            .concierge
            .documents
            .iter()
            .map(|d| {
                let mut accept: Vec<&str> = Vec::new();
                for t in &d.accept {
                    accept.push(t.mime());
                    accept.extend(t.extensions());
                }
                accept.dedup();
                DocumentView {
                    field: &d.field,
                    id: format!("concierge-{}", d.field),
                    label: &d.label,
                    hint: d.hint.as_deref(),
                    hint_id: format!("concierge-{}-hint", d.field),
                    accept: accept.join(","),
                }
            })
            .collect();
        let mut mounted = Mounted::default();
        let view = ConciergeView {
            page: p,
            trust: p.trust.items.iter().map(|i| jax_model::legal::fill(i, &c.site.data, forms)).collect(),
            privacy_url: jax_model::legal::LegalKind::Privacy.url(),
            client: field_views("concierge", &forms.concierge.fields, &forms.limits),
            documents,
            ack: &forms.concierge.acknowledgment,
            submit: &forms.concierge.submit,
            action: api::CONCIERGE,
            honeypot: Honeypot { name: &forms.honeypot, id: format!("concierge-{}", forms.honeypot) },
            island: mounted.mount(
                self.input.assets,
                &ConciergeProps {
                    form: &forms.concierge,
                    honeypot: &forms.honeypot,
                    dismiss: &forms.dismiss,
                    messages: &forms.messages,
                    limits: &forms.limits,
                    action: api::CONCIERGE,
                    api: api::ENDPOINTS,
                },
            )?,
        };
        let meta = Meta {
            title: p.seo.title.clone(),
            description: p.seo.description.clone(),
            canonical: self.canonical(api::CONCIERGE_PAGE),
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld: seo::graph(&self.agent_json, &[])?,
        };
        Ok(self.built(Kind::Concierge, jax_output::index_file(api::CONCIERGE_PAGE), &meta, &view, &mounted))
    }
}
