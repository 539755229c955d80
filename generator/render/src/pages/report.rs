//! The market reports: each report's page (the agent's MDX as mdx-js compiled it, its components
//! rendered here by the same templates as elsewhere on the site) and their list, newest first.

use super::parts::{long_date, slide, Slide};
use super::shared::{breadcrumb_ld, Built, Crumb, Meta, Shared, DESCRIPTION_MAX};
use crate::islands::Mounted;
use crate::kind::Kind;
use crate::market::{self, SnapshotView};
use crate::{markdown, seo};
use anyhow::{anyhow, Context, Result};
use jax_model::api;
use jax_model::report::{Report, ReportFields};
use jax_reports::{substitute, Component, CONTACT_FORM};
use serde::Serialize;
use serde_json::{json, Value};

#[derive(Serialize)]
struct ReportView<'a> {
    f: &'a ReportFields,
    /// OpenGraph's `article:published_time` (base.html writes it for pages that have one).
    published: &'a str,
    date_text: String,
    body_html: String,
    crumbs: Vec<Crumb<'a>>,
}

#[derive(Serialize)]
struct Entry<'a> {
    f: &'a ReportFields,
    url: String,
    date_text: String,
}

#[derive(Serialize)]
struct ReportsView<'a> {
    entries: Vec<Entry<'a>>,
    crumbs: Vec<Crumb<'a>>,
}

/// What `partials/report-component.html` renders for one component.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum ComponentView<'a> {
    /// `name`: the neighborhood's; `id`: the heading's, unique in the page.
    Snapshot {
        s: SnapshotView<'a>,
        name: &'a str,
        id: String,
    },
    /// One trend chart (its caption, its SVG and table) per neighborhood.
    Trend {
        charts: Vec<(String, String)>,
    },
    Listing {
        s: Slide<'a>,
        id: String,
    },
    Cta {
        open: &'static str,
        r#type: Option<&'a str>,
        label: &'a str,
        flow: bool,
    },
}

impl<'a> Shared<'a> {
    fn reports_crumb(&self) -> Crumb<'a> {
        Crumb { name: &self.input.content.site.data.labels.reports.title, url: api::REPORTS.into() }
    }

    /// One component's HTML; `n` numbers it on its page.
    fn component(&self, n: usize, c: &Component, label: Option<&str>) -> Result<String> {
        let content = self.input.content;
        let view = match c {
            Component::Listing { id } => {
                let l =
                    content.listings.iter().find(|l| l.fields.id == *id).ok_or_else(|| anyhow!("no listing {id}"))?;
                let s = slide(l, n, self.input.images, &content.site.data.labels.listing);
                ComponentView::Listing { s, id: format!("report-listing-{n}") }
            }
            Component::Cta { form, flow } => {
                let (open, r#type) =
                    if form == CONTACT_FORM { ("contact", None) } else { ("lead", Some(form.as_str())) };
                ComponentView::Cta { open, r#type, label: label.unwrap_or_default(), flow: *flow }
            }
            Component::Snapshot { area } => {
                let id = format!("report-snapshot-{n}");
                let s = market::snapshot(content, area, &id).ok_or_else(|| anyhow!("no market figures for {area}"))?;
                ComponentView::Snapshot { s, name: market::name_of(content, area), id }
            }
            Component::Trend { areas, figure } => {
                let figure = *figure;
                let charts = areas
                    .iter()
                    .map(|a| {
                        let chart = market::trend(content, a, figure, &format!("report-trend-{n}-{a}"))
                            .ok_or_else(|| anyhow!("fewer than two market snapshots have figures for {a}"))?;
                        Ok((market::trend_title(content, a, figure), chart))
                    })
                    .collect::<Result<Vec<_>>>()?;
                ComponentView::Trend { charts }
            }
        };
        let mut ctx = tera::Context::new();
        ctx.insert("c", &view);
        ctx.insert("paths", &Kind::Report.paths());
        ctx.insert("labels", &content.site.data.labels);
        self.r.render("partials/report-component.html", &ctx).with_context(|| format!("rendering its <{}>", c.name()))
    }

    pub(super) fn report(&self, r: &'a Report) -> Result<Built> {
        let c = self.input.content;
        let s = &c.site.data;
        let f = &r.fields;
        let url = api::report(&r.slug);
        let prepared = self.input.reports.get(&r.slug).ok_or_else(|| anyhow!("it was not compiled"))?;
        let parts = prepared
            .components
            .iter()
            .enumerate()
            .map(|(i, (comp, label))| self.component(i + 1, comp, label.as_deref()))
            .collect::<Result<Vec<_>>>()?;
        let body_html = substitute(&prepared.html, &parts).context("placing its components")?;
        let crumbs = vec![
            Crumb { name: &s.labels.nav.home, url: api::HOME.into() },
            self.reports_crumb(),
            Crumb { name: &f.title, url: url.clone() },
        ];
        let page = seo::absolute(&s.base_url, &url);
        let mut article = json!({
            "@type": "Article",
            "@id": format!("{page}#article"),
            "headline": f.title,
            "description": f.description,
            "datePublished": f.date,
            "url": page,
            "mainEntityOfPage": page,
            "inLanguage": "en-US",
            "author": {"@type": "Person", "name": s.agent.name, "jobTitle": s.agent.title},
            "publisher": {"@id": seo::agent_id(&s.base_url)},
        });
        let og_image = self.og_image(None, "");
        if let Some(img) = &og_image {
            article["image"] = Value::String(img.url.clone());
        }
        let meta = Meta {
            title: format!("{} | {}", f.title, s.brand),
            description: markdown::truncate(&f.description, DESCRIPTION_MAX),
            canonical: self.canonical(&url),
            og_type: "article",
            og_image,
            jsonld: seo::graph(&self.agent_json, &[breadcrumb_ld(&s.base_url, &crumbs), article])?,
        };
        let view = ReportView { f, published: &f.date, date_text: long_date(&f.date), body_html, crumbs };
        Ok(self.built(Kind::Report, jax_output::index_file(&url), &meta, &view, &Mounted::default()))
    }

    pub(super) fn reports(&self) -> Result<Built> {
        let c = self.input.content;
        let s = &c.site.data;
        let labels = &s.labels.reports;
        let crumbs = vec![Crumb { name: &s.labels.nav.home, url: api::HOME.into() }, self.reports_crumb()];
        let entries: Vec<Entry> = c
            .reports
            .iter()
            .map(|r| Entry { f: &r.fields, url: api::report(&r.slug), date_text: long_date(&r.fields.date) })
            .collect();
        let listed: Vec<(String, &str)> = entries.iter().map(|e| (e.url.clone(), e.f.title.as_str())).collect();
        let list = seo::item_list(c, &labels.title, &listed);
        let meta = Meta {
            title: format!("{} | {}", labels.title, s.brand),
            description: markdown::truncate(&labels.text, DESCRIPTION_MAX),
            canonical: self.canonical(api::REPORTS),
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld: seo::graph(&self.agent_json, &[breadcrumb_ld(&s.base_url, &crumbs), list])?,
        };
        let view = ReportsView { entries, crumbs };
        Ok(self.built(Kind::Reports, jax_output::index_file(api::REPORTS), &meta, &view, &Mounted::default()))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn long_dates() {
        assert_eq!(super::long_date("2024-10-01"), "October 1, 2024");
        assert_eq!(super::long_date("2026-11-30"), "November 30, 2026");
    }
}
