//! `/homes/alerts/`: an address's saved searches (domain/searches.rs in the worker). The link in
//! each of their e-mails carries the address's key after `#` (never sent to a server, so never in
//! a log); the island lists the searches from the worker with it and changes them. Not indexed:
//! it is each address's own. Without JavaScript the page says how to stop the alerts instead.

use super::shared::{breadcrumb_ld, Built, Crumb, Meta, Shared, DESCRIPTION_MAX};
use crate::islands::{Mount, Mounted};
use crate::kind::Kind;
use crate::props::SearchAlertsProps;
use crate::{markdown, seo};
use anyhow::Result;
use jax_model::api;
use jax_model::saved_search::ManageLabels;
use serde::Serialize;

#[derive(Serialize)]
struct AlertsView<'a> {
    mount: Mount,
    crumbs: Vec<Crumb<'a>>,
    labels: &'a ManageLabels,
}

impl Shared<'_> {
    pub(super) fn alerts(&self) -> Result<Built> {
        let s = &self.input.content.site.data;
        let form = &self.input.content.forms.data.saved_search;
        let l = &form.manage;
        let mut mounted = Mounted::default();
        let props = SearchAlertsProps { manage: api::SAVED_SEARCH_MANAGE, labels: l, frequencies: &form.frequencies };
        let mount = mounted.mount(self.input.assets, &props)?;
        let crumbs = vec![
            Crumb { name: &s.labels.nav.home, url: api::HOME.into() },
            Crumb { name: &self.mls().labels.title, url: api::HOMES.into() },
            Crumb { name: &l.title, url: api::ALERTS.into() },
        ];
        let meta = Meta {
            title: format!("{} | {}", l.title, s.brand),
            description: markdown::truncate(&l.intro, DESCRIPTION_MAX),
            canonical: None,
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld: seo::graph(&self.agent_json, &[breadcrumb_ld(&s.base_url, &crumbs)])?,
        };
        let view = AlertsView { mount, crumbs, labels: l };
        Ok(self.built(Kind::Alerts, jax_output::index_file(api::ALERTS), &meta, &view, &mounted))
    }
}
