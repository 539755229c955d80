//! The 404 page, which the worker serves for any path the site does not have.

use super::shared::{Built, Meta, Shared};
use crate::islands::{Mount, Mounted};
use crate::kind::Kind;
use crate::props::NotFoundProps;
use crate::seo;
use anyhow::Result;
use serde::Serialize;

#[derive(Serialize)]
struct NotFoundView {
    island: Mount,
}

impl Shared<'_> {
    pub(super) fn not_found(&self) -> Result<Built> {
        let s = &self.input.content.site.data;
        let nf = &s.labels.not_found;
        let meta = Meta {
            title: format!("{} | {}", nf.title, s.brand),
            description: nf.text.clone(),
            canonical: None,
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld: seo::graph(&self.agent_json, &[])?,
        };
        let mut mounted = Mounted::default();
        let view = NotFoundView { island: mounted.mount(self.input.assets, &NotFoundProps {})? };
        Ok(self.built(Kind::NotFound, "404.html".into(), &meta, &view, &mounted))
    }
}
