//! The agent's reports (`content/reports/*.mdx`): checked in Rust (`check`), compiled by mdx-js in
//! one Node process per build (`node`), their components rendered by the generator's own
//! templates and put in place of mdx-js's placeholders (`substitute`).

pub mod check;
mod node;

pub use node::Resident;

use anyhow::{bail, Context, Result};
pub use check::{Checked, Known};
use jax_model::forms::Forms;
use jax_model::listing::Listing;
use jax_model::neighborhood::Neighborhood;
pub use jax_model::report::Component;
use jax_model::report::Report;
use jax_model::{Content, Diagnostics};
use std::collections::HashMap;
use std::path::Path;

/// The request forms a `<Cta form>` may open on any page: the lead form's kinds
/// (`consultation`, `buyer-guide`, `cma-request`, as forms.yaml names them) and `contact`.
pub fn cta_forms(forms: &Forms) -> Vec<String> {
    let mut names: Vec<String> = forms.lead_types().iter().map(|(key, _)| key.to_string()).collect();
    names.push(CONTACT_FORM.to_string());
    names.sort(); // as messages list them
    names
}

/// The form a `<Cta>` opens with `data-open="contact"`; the others open the lead form's dialog.
pub const CONTACT_FORM: &str = "contact";

/// What the components may name, from the published files; `months`: published market snapshots.
pub fn known<'a>(
    neighborhoods: &'a [Neighborhood],
    listings: &'a [Listing],
    forms: &Forms,
    months: usize,
) -> Known<'a> {
    Known {
        months,
        areas: neighborhoods.iter().filter(|n| !n.fields.draft).map(|n| n.fields.slug.as_str()).collect(),
        listings: listings.iter().filter(|l| !l.fields.draft).map(|l| l.fields.id.as_str()).collect(),
        forms: cta_forms(forms),
    }
}

/// Check every report (drafts too), collecting every problem; each that passes keeps what the
/// check found (its components, its headings' shift) for the build.
pub fn check_all(reports: &mut [Report], known: &Known) -> Diagnostics {
    let mut out = Diagnostics::default();
    for r in reports {
        match check::check(r, known) {
            Ok(Checked { components, heading_shift }) => (r.components, r.heading_shift) = (components, heading_shift),
            Err(problems) => out.extend(Diagnostics(problems)),
        }
    }
    out
}

/// A published report ready to render: the checked components with their labels, and the HTML.
pub struct Prepared {
    pub html: String,
    pub components: Vec<(Component, Option<String>)>,
}

/// Compile the published reports (by slug), as loading the content checked them; no Node process
/// when there are none or every one is cached.
pub fn prepare(
    c: &Content,
    script: &Path,
    cache: &Path,
    resident: Option<&Resident>,
) -> Result<HashMap<String, Prepared>> {
    if c.reports.is_empty() {
        return Ok(HashMap::new());
    }
    let compiled = node::compile(&c.reports, script, cache, resident).context("compiling the reports with mdx-js")?;
    let mut out = HashMap::new();
    for (r, comp) in c.reports.iter().zip(compiled) {
        let names: Vec<&str> = comp.components.iter().map(|p| p.name.as_str()).collect();
        let expected: Vec<&str> = r.components.iter().map(Component::name).collect();
        if names != expected {
            bail!(
                "{}: mdx-js found the components {names:?} where the check found {expected:?}; please report this",
                r.source.file
            );
        }
        let components = r
            .components
            .iter()
            .cloned()
            .zip(comp.components)
            .map(|(c, p)| (c, p.children_html.map(unwrap_p)))
            .collect();
        out.insert(r.slug.clone(), Prepared { html: comp.html, components });
    }
    Ok(out)
}

/// A label mdx-js put in a paragraph (written on lines of its own) without the paragraph.
fn unwrap_p(html: String) -> String {
    let t = html.trim();
    match t.strip_prefix("<p>").and_then(|s| s.strip_suffix("</p>")) {
        Some(inner) if !inner.contains("<p>") => inner.to_string(),
        _ => html,
    }
}

const PLACEHOLDER: &str = "<jax-component n=\"";
const PLACEHOLDER_END: &str = "\"></jax-component>";

/// `html` with the n-th placeholder replaced by `parts[n]`; each must appear exactly once.
pub fn substitute(html: &str, parts: &[String]) -> Result<String> {
    let mut out = String::with_capacity(html.len() + parts.iter().map(String::len).sum::<usize>());
    let mut used = vec![false; parts.len()];
    let mut rest = html;
    while let Some(i) = rest.find(PLACEHOLDER) {
        out.push_str(&rest[..i]);
        let after = &rest[i + PLACEHOLDER.len()..];
        let end = after.find(PLACEHOLDER_END).context("a component placeholder is not closed")?;
        let n: usize =
            after[..end].parse().with_context(|| format!("a component placeholder's number {:?}", &after[..end]))?;
        match used.get_mut(n) {
            Some(seen) if !*seen => *seen = true,
            Some(_) => bail!("the component placeholder {n} appears twice"),
            None => bail!("the component placeholder {n} names no component (there are {})", parts.len()),
        }
        out.push_str(&parts[n]);
        rest = &after[end + PLACEHOLDER_END.len()..];
    }
    out.push_str(rest);
    if let Some(n) = used.iter().position(|u| !u) {
        bail!("the component {n} has no placeholder in the compiled text");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_replaced_once_each() {
        let parts = vec!["<a>A</a>".to_string(), "<section>S</section>".to_string()];
        let html = "<p>x <jax-component n=\"0\"></jax-component>.</p>\n<jax-component n=\"1\"></jax-component>";
        assert_eq!(substitute(html, &parts).unwrap(), "<p>x <a>A</a>.</p>\n<section>S</section>");
        let twice = "<jax-component n=\"0\"></jax-component><jax-component n=\"0\"></jax-component>";
        assert!(substitute(twice, &parts[..1]).unwrap_err().to_string().contains("appears twice"));
        assert!(substitute("<p></p>", &parts[..1]).unwrap_err().to_string().contains("has no placeholder"));
        let unknown = "<jax-component n=\"7\"></jax-component>";
        assert!(substitute(unknown, &parts).unwrap_err().to_string().contains("names no component"));
        assert!(substitute("<jax-component n=\"x", &parts).is_err());
    }

    #[test]
    fn labels_lose_their_paragraph() {
        assert_eq!(unwrap_p("<p>Book <strong>now</strong></p>".into()), "Book <strong>now</strong>");
        assert_eq!(unwrap_p("Book".into()), "Book");
    }
}
