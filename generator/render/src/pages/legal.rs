//! The privacy policy and the terms of service: the agent's Markdown, placeholders filled in,
//! under a plain page hero with the site's usual chrome and SEO.

use super::shared::{breadcrumb_ld, Built, Crumb, Meta, Shared, DESCRIPTION_MAX};
use crate::islands::Mounted;
use crate::kind::Kind;
use crate::{markdown, seo};
use anyhow::Result;
use jax_model::api;
use jax_model::legal::{LegalFields, LegalPage};
use serde::Serialize;

#[derive(Serialize)]
struct LegalView<'a> {
    f: &'a LegalFields,
    /// The text as HTML; its headings start at `<h2>` under the page's `<h1>`.
    body_html: String,
    crumbs: Vec<Crumb<'a>>,
}

impl<'a> Shared<'a> {
    pub(super) fn legal(&self, l: &'a LegalPage) -> Result<Built> {
        let c = self.input.content;
        let s = &c.site.data;
        let f = &l.fields;
        let url = l.kind.url();
        let crumbs =
            vec![Crumb { name: &s.labels.nav.home, url: api::HOME.into() }, Crumb { name: &f.title, url: url.clone() }];
        let meta = Meta {
            title: format!("{} | {}", f.title, s.brand),
            description: markdown::truncate(&f.description, DESCRIPTION_MAX),
            canonical: self.canonical(&url),
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld: seo::graph(&self.agent_json, &[breadcrumb_ld(&s.base_url, &crumbs)])?,
        };
        let view = LegalView { f, body_html: markdown::to_html(&l.text(s, &c.forms.data), 2), crumbs };
        Ok(self.built(Kind::Legal, jax_output::index_file(&url), &meta, &view, &Mounted::default()))
    }
}
