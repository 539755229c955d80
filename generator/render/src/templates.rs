//! The Tera templates, compiled once (built in, or read from a folder in serve mode), and the
//! stylesheet each page kind inlines.

use super::css;
use super::kind::Kind;
use anyhow::{anyhow, bail, Context, Result};
use std::path::Path;

/// The chrome's partials, rendered once per kind (`chrome`).
pub const HEADER: &str = "partials/header.html";
pub const FOOTER: &str = "partials/footer.html";
pub const WIDGET: &str = "partials/widget.html";
pub const AGENT: &str = "partials/agent-card.html";

/// The compiled templates and the (minified) stylesheet each page kind inlines.
pub struct Renderer {
    pub(super) tera: tera::Tera,
    /// The stylesheet for each page kind, in `Kind::ALL` order.
    pub(super) css: Vec<String>,
}

/// The search's card fragments (`pages::homes_search`).
pub(super) const CARDS: &str = "home-cards.html";

/// The stylesheet's file name in the templates folder; it is inlined, not rendered.
const STYLESHEET: &str = "site.css";

/// Every template, compiled into the binary. `tests::frame::embedded_templates_match_the_folder`
/// keeps this list in step with the folder.
pub(super) const EMBEDDED: &[(&str, &str)] = &[
    ("base.html", include_str!("../templates/base.html")),
    ("macros.html", include_str!("../templates/macros.html")),
    ("partials/header.html", include_str!("../templates/partials/header.html")),
    ("partials/footer.html", include_str!("../templates/partials/footer.html")),
    ("partials/widget.html", include_str!("../templates/partials/widget.html")),
    ("partials/agent-card.html", include_str!("../templates/partials/agent-card.html")),
    ("home.html", include_str!("../templates/home.html")),
    ("neighborhood.html", include_str!("../templates/neighborhood.html")),
    ("listing.html", include_str!("../templates/listing.html")),
    ("concierge.html", include_str!("../templates/concierge.html")),
    ("404.html", include_str!("../templates/404.html")),
    ("form-result.html", include_str!("../templates/form-result.html")),
    ("legal.html", include_str!("../templates/legal.html")),
    ("market.html", include_str!("../templates/market.html")),
    ("report.html", include_str!("../templates/report.html")),
    ("reports.html", include_str!("../templates/reports.html")),
    ("homes.html", include_str!("../templates/homes.html")),
    ("for-sale.html", include_str!("../templates/for-sale.html")),
    ("sell.html", include_str!("../templates/sell.html")),
    ("sold.html", include_str!("../templates/sold.html")),
    ("saved.html", include_str!("../templates/saved.html")),
    ("alerts.html", include_str!("../templates/alerts.html")),
    ("open-houses.html", include_str!("../templates/open-houses.html")),
    (CARDS, include_str!("../templates/home-cards.html")),
    ("partials/report-component.html", include_str!("../templates/partials/report-component.html")),
    (STYLESHEET, include_str!("../templates/site.css")),
];

/// Templates the renderer calls by name; a folder lacking one is refused up front.
fn required() -> impl Iterator<Item = &'static str> {
    ["base.html", "macros.html", HEADER, FOOTER, WIDGET, AGENT, CARDS]
        .into_iter()
        .chain(Kind::ALL.iter().map(|k| k.template()))
}

impl Renderer {
    /// Templates compiled into the binary.
    pub fn embedded() -> Result<Renderer> {
        let (css, templates): (Vec<_>, Vec<_>) = EMBEDDED.iter().partition(|(name, _)| *name == STYLESHEET);
        let css = css.first().map(|(_, text)| *text).unwrap_or_default();
        Renderer::new(templates.into_iter().map(|(n, t)| (n.to_string(), t.to_string())).collect(), css)
            .context("compiling the built-in templates")
    }

    /// Templates read from a folder (serve mode re-reads them when they change).
    pub fn from_dir(dir: &Path) -> Result<Renderer> {
        let mut templates = Vec::new();
        let mut css = None;
        for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
            let entry = entry.with_context(|| format!("listing the templates in {}", dir.display()))?;
            if !entry.file_type().is_file() {
                continue;
            }
            let rel = entry.path().strip_prefix(dir).expect("walked inside dir").to_string_lossy().replace('\\', "/");
            let is_template = rel.ends_with(".html");
            if !is_template && rel != STYLESHEET {
                continue;
            }
            let text = std::fs::read_to_string(entry.path())
                .with_context(|| format!("reading the template {}", entry.path().display()))?;
            if is_template {
                templates.push((rel, text));
            } else {
                css = Some(text);
            }
        }
        let css = css.ok_or_else(|| anyhow!("{} has no {STYLESHEET}", dir.display()))?;
        Renderer::new(templates, &css).with_context(|| format!("compiling the templates in {}", dir.display()))
    }

    fn new(templates: Vec<(String, String)>, css: &str) -> Result<Renderer> {
        let mut tera = tera::Tera::default();
        tera.autoescape_on(vec![".html"]);
        tera.set_escape_fn(crate::html::escape_html);
        tera.add_raw_templates(templates).map_err(tera_error)?;
        let mut missing: Vec<&str> = required().filter(|t| !tera.get_template_names().any(|n| n == *t)).collect();
        if !missing.is_empty() {
            missing.sort();
            bail!("missing templates: {}", missing.join(", "));
        }
        crate::icons::register(&mut tera)?;
        let kinds: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        let css = css::for_kinds(css, &kinds)?;
        Ok(Renderer { tera, css })
    }

    /// Render one template, naming it in the error.
    pub(super) fn render_bytes(&self, template: &str, ctx: &tera::Context) -> Result<Vec<u8>> {
        let mut out = Vec::with_capacity(40 * 1024);
        self.tera
            .render_to(template, ctx, &mut out)
            .map_err(tera_error)
            .with_context(|| format!("rendering the template {template}"))?;
        // Serve mode holds every page until the whole site is written, so none may keep spare
        // capacity (a page kept its buffer's whole growth); glibc shrinks in place.
        out.shrink_to_fit();
        Ok(out)
    }

    pub(super) fn render(&self, template: &str, ctx: &tera::Context) -> Result<String> {
        String::from_utf8(self.render_bytes(template, ctx)?).context("a template produced invalid UTF-8")
    }
}

/// Tera's errors keep their explanation in the source chain; flatten it into one message.
fn tera_error(e: tera::Error) -> anyhow::Error {
    let mut msg = e.to_string();
    let mut source = std::error::Error::source(&e);
    while let Some(s) = source {
        msg.push_str(": ");
        msg.push_str(&s.to_string());
        source = s.source();
    }
    anyhow!(msg)
}
