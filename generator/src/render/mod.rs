//! Renders every HTML page of the site with the Tera templates in `generator/templates`.
//!
//! Work is split so a page costs little: what every page of a kind shares (the header, footer,
//! contact widget, dialogs mount point and the inlined stylesheet) is rendered once per build and
//! handed to each page as finished HTML; a page then renders only its own content, and its
//! `<head>` links the islands it and its chrome mounted. Pages render in parallel.

mod charts;
mod chrome;
mod css;
mod islands;
mod kind;
mod markdown;
pub mod market;
mod pages;
mod props;
mod seo;
#[cfg(test)]
mod tests;
mod typescript;

use kind::Kind;
pub use pages::index_file;
pub use typescript::files as typescript_files;

use crate::output::Output;
use anyhow::{anyhow, bail, Context, Result};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::path::Path;

pub struct RenderInput<'a> {
    pub content: &'a jax_model::Content,
    /// Processed images by their content-relative path ("images/hero.svg" → ImageInfo).
    pub images: &'a HashMap<String, crate::images::ImageInfo>,
    pub assets: &'a crate::assets::Assets,
    /// The published reports as mdx-js compiled them, by slug.
    pub reports: &'a HashMap<String, crate::reports::Prepared>,
    /// The MLS's listings; None when the site shows none (no `mls:` block).
    pub homes: Option<&'a crate::mls::homes::Homes>,
}

/// The compiled templates and the (minified) stylesheet each page kind inlines.
pub struct Renderer {
    tera: tera::Tera,
    /// The stylesheet for each page kind, in `Kind::ALL` order.
    css: Vec<String>,
}

/// The search's card fragments (`pages::homes_search`).
const CARDS: &str = "home-cards.html";

/// The stylesheet's file name in the templates folder; it is inlined, not rendered.
const STYLESHEET: &str = "site.css";

/// Every template, compiled into the binary. `tests::frame::embedded_templates_match_the_folder`
/// keeps this list in step with the folder.
const EMBEDDED: &[(&str, &str)] = &[
    ("base.html", include_str!("../../templates/base.html")),
    ("macros.html", include_str!("../../templates/macros.html")),
    ("partials/header.html", include_str!("../../templates/partials/header.html")),
    ("partials/footer.html", include_str!("../../templates/partials/footer.html")),
    ("partials/widget.html", include_str!("../../templates/partials/widget.html")),
    ("home.html", include_str!("../../templates/home.html")),
    ("neighborhood.html", include_str!("../../templates/neighborhood.html")),
    ("listing.html", include_str!("../../templates/listing.html")),
    ("concierge.html", include_str!("../../templates/concierge.html")),
    ("404.html", include_str!("../../templates/404.html")),
    ("form-result.html", include_str!("../../templates/form-result.html")),
    ("legal.html", include_str!("../../templates/legal.html")),
    ("market.html", include_str!("../../templates/market.html")),
    ("report.html", include_str!("../../templates/report.html")),
    ("reports.html", include_str!("../../templates/reports.html")),
    ("homes.html", include_str!("../../templates/homes.html")),
    ("for-sale.html", include_str!("../../templates/for-sale.html")),
    ("sell.html", include_str!("../../templates/sell.html")),
    ("sold.html", include_str!("../../templates/sold.html")),
    (CARDS, include_str!("../../templates/home-cards.html")),
    ("partials/report-component.html", include_str!("../../templates/partials/report-component.html")),
    (STYLESHEET, include_str!("../../templates/site.css")),
];

/// Templates the renderer calls by name; a folder lacking one is refused up front.
fn required() -> impl Iterator<Item = &'static str> {
    ["base.html", "macros.html", chrome::HEADER, chrome::FOOTER, chrome::WIDGET, CARDS]
        .into_iter()
        .chain(Kind::ALL.iter().map(|k| k.template()))
}

/// Escapes text for HTML content and quoted attribute values. Unlike Tera's default it leaves
/// `/` alone, so URLs stay readable (`href="/neighborhoods/riverside/"`).
pub(crate) fn escape_html(s: &str) -> String {
    let special = |b: &u8| matches!(b, b'&' | b'<' | b'>' | b'"' | b'\'');
    let Some(first) = s.bytes().position(|b| special(&b)) else {
        return s.to_string();
    };
    let mut out = String::with_capacity(s.len() + 16);
    out.push_str(&s[..first]);
    let mut plain = first;
    for (i, b) in s.bytes().enumerate().skip(first) {
        let entity = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        out.push_str(&s[plain..i]);
        out.push_str(entity);
        plain = i + 1;
    }
    out.push_str(&s[plain..]);
    out
}

/// JSON that is safe inside `<script>`: `</` cannot end the element and `<!--` cannot start
/// the escaped state in which a later `</script>` would be swallowed.
pub(crate) fn script_json(value: &impl serde::Serialize) -> Result<String> {
    let json = serde_json::to_string(value).context("serializing JSON for a <script>")?;
    if !json.contains('<') {
        return Ok(json);
    }
    Ok(json.replace("</", "<\\/").replace("<!--", "\\u003c!--"))
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
        tera.set_escape_fn(escape_html);
        tera.add_raw_templates(templates).map_err(tera_error)?;
        let mut missing: Vec<&str> = required().filter(|t| !tera.get_template_names().any(|n| n == *t)).collect();
        if !missing.is_empty() {
            missing.sort();
            bail!("missing templates: {}", missing.join(", "));
        }
        let kinds: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        let css = css::for_kinds(css, &kinds)?;
        Ok(Renderer { tera, css })
    }

    /// Every HTML page of the site, rendered in parallel.
    #[cfg(test)] // `generator build` and serve hand each page on as it is rendered
    pub fn render_pages(&self, input: &RenderInput) -> Result<Vec<Output>> {
        let none = crate::incremental::Unchanged::default();
        Ok(self.render_pages_with(input, &none, Ok, |path| anyhow::bail!("{path} was not rendered"))?.0)
    }

    /// Every HTML page of the site, rendered in parallel, each handed to `keep` as soon as it is
    /// rendered: `generator build` puts it on disk, so the site's pages are never all in memory.
    /// With MLS listings, also every listing for sale's card in the lists' order (for the
    /// search's card shards and the build's record), rendered once before the lists that copy
    /// them. A listing's page that `unchanged` has is not rendered but handed to `skipped` by its
    /// path; its card is taken as recorded.
    pub fn render_pages_with<P: Send>(
        &self,
        input: &RenderInput,
        unchanged: &crate::incremental::Unchanged,
        keep: impl Fn(Output) -> Result<P> + Sync + Send,
        skipped: impl Fn(String) -> Result<P> + Sync + Send,
    ) -> Result<(Vec<P>, crate::incremental::Cards)> {
        let shared = pages::Shared::new(self, input)?.with_cards(unchanged)?;
        let pages = jobs(input)
            .par_iter()
            .map_init(pages::Contexts::default, |contexts, page| match page {
                pages::Page::ForSale(h) if unchanged.has(&index_file(&h.url)) => skipped(index_file(&h.url)),
                _ => shared.render(contexts, page).and_then(&keep),
            })
            .collect::<Result<_>>()?;
        Ok((pages, shared.into_cards()))
    }

    /// Only the pages at these output paths, as `render_pages_with` renders them (what
    /// `generator serve` shows first after an edit): the MLS's thousands of pages are passed
    /// over by their paths, the few others built to learn theirs.
    pub fn render_some(&self, input: &RenderInput, wanted: &HashSet<String>) -> Result<Vec<Output>> {
        let jobs: Vec<pages::Page> = jobs(input)
            .into_iter()
            .filter(|page| page.known_path().is_none_or(|path| wanted.contains(&path)))
            .collect();
        // The cards of the lists among them.
        let mut places = Vec::new();
        for page in &jobs {
            if let (pages::Page::Homes(list), Some(homes)) = (page, input.homes) {
                places.extend_from_slice(list.places(homes));
            }
        }
        let shared = pages::Shared::new(self, input)?.with_cards_of(&places)?;
        let built: Vec<pages::Built> = jobs
            .par_iter()
            .map(|page| shared.build(page))
            .filter(|b| b.as_ref().map_or(true, |b| wanted.contains(&b.path)))
            .collect::<Result<_>>()?;
        built
            .into_par_iter()
            .map_init(pages::Contexts::default, |contexts, b| shared.render_built(contexts, b))
            .collect()
    }

    /// Render one template, naming it in the error.
    fn render_bytes(&self, template: &str, ctx: &tera::Context) -> Result<Vec<u8>> {
        let mut out = Vec::with_capacity(40 * 1024);
        self.tera
            .render_to(template, ctx, &mut out)
            .map_err(tera_error)
            .with_context(|| format!("rendering the template {template}"))?;
        // Serve mode holds every page until the whole site is written, so none may keep spare
        // capacity (a 32 KB listing page kept all of its 40 KB); glibc shrinks in place.
        out.shrink_to_fit();
        Ok(out)
    }

    fn render(&self, template: &str, ctx: &tera::Context) -> Result<String> {
        String::from_utf8(self.render_bytes(template, ctx)?).context("a template produced invalid UTF-8")
    }
}

/// Every page of the site, to build.
fn jobs<'a>(input: &RenderInput<'a>) -> Vec<pages::Page<'a>> {
    let c = input.content;
    let mut jobs = vec![pages::Page::Home, pages::Page::Concierge, pages::Page::NotFound];
    jobs.extend(pages::FormResult::ALL.map(pages::Page::FormResult));
    jobs.extend(c.neighborhoods.iter().map(pages::Page::Neighborhood));
    jobs.extend(c.listings.iter().map(pages::Page::Listing));
    jobs.extend(c.legal_pages().map(pages::Page::Legal));
    jobs.push(pages::Page::Market);
    if c.sell.is_some() {
        jobs.push(pages::Page::Sell);
    }
    if !pages::sales(c, input.homes).is_empty() {
        jobs.push(pages::Page::Sold);
    }
    if !c.reports.is_empty() {
        jobs.push(pages::Page::Reports);
        jobs.extend(c.reports.iter().map(pages::Page::Report));
    }
    if let Some(homes) = input.homes {
        jobs.extend(pages::homes_pages(c, homes));
        jobs.extend(homes.homes.iter().map(pages::Page::ForSale));
    }
    jobs
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
