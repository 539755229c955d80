//! `content/legal/privacy-policy.md` and `content/legal/terms-of-service.md`: the agent's legal
//! pages, front matter for the head plus the text in Markdown. The text names figures kept
//! elsewhere in content/ as `{placeholders}` (see `Placeholder`), so a number such as how long
//! documents are kept is written once and the policy cannot drift from it.

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::document::{parse_markdown_file, split_front_matter, Source};
use crate::forms::Forms;
use crate::rules;
use crate::site::Site;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The legal pages a site has: each one required, at a route that never changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegalKind {
    Privacy,
    Terms,
}

impl LegalKind {
    pub const ALL: [LegalKind; 2] = [LegalKind::Privacy, LegalKind::Terms];

    /// The file's name in `content/legal/` without `.md`, and the page's route.
    pub fn slug(self) -> &'static str {
        match self {
            LegalKind::Privacy => "privacy-policy",
            LegalKind::Terms => "terms-of-service",
        }
    }

    pub fn file_name(self) -> String {
        format!("{}.md", self.slug())
    }

    /// The page's URL path, e.g. `/privacy-policy/`.
    pub fn url(self) -> String {
        format!("/{}/", self.slug())
    }

    /// What the page's text must say through a placeholder: the privacy policy states the
    /// retention period and where to ask for deletion as the site really has them.
    fn required(self) -> &'static [Placeholder] {
        match self {
            LegalKind::Privacy => &[Placeholder::DocumentRetentionDays, Placeholder::AgentEmail],
            LegalKind::Terms => &[],
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LegalFields {
    /// The page's heading and, with the brand, its title, e.g. "Privacy Policy".
    pub title: String,
    /// One or two sentences for search results and link previews (about 160 characters show).
    pub description: String,
}

#[derive(Debug, Clone)]
pub struct LegalPage {
    pub kind: LegalKind,
    pub fields: LegalFields,
    /// The text as written, placeholders unfilled (see `text`).
    pub body: String,
    pub source: Source,
}

/// A value from another content file that the legal text may name as `{name}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placeholder {
    Brand,
    AgentName,
    AgentEmail,
    AgentPhone,
    Brokerage,
    DocumentRetentionDays,
}

impl Placeholder {
    pub const ALL: [Placeholder; 6] = [
        Placeholder::Brand,
        Placeholder::AgentName,
        Placeholder::AgentEmail,
        Placeholder::AgentPhone,
        Placeholder::Brokerage,
        Placeholder::DocumentRetentionDays,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Placeholder::Brand => "brand",
            Placeholder::AgentName => "agent_name",
            Placeholder::AgentEmail => "agent_email",
            Placeholder::AgentPhone => "agent_phone",
            Placeholder::Brokerage => "brokerage",
            Placeholder::DocumentRetentionDays => "document_retention_days",
        }
    }

    /// Where the value comes from, for error messages and the README.
    pub fn origin(self) -> &'static str {
        match self {
            Placeholder::Brand => "site.yaml `brand`",
            Placeholder::AgentName => "site.yaml `agent.name`",
            Placeholder::AgentEmail => "site.yaml `agent.email`",
            Placeholder::AgentPhone => "site.yaml `agent.phone`",
            Placeholder::Brokerage => "site.yaml `brokerage.name`",
            Placeholder::DocumentRetentionDays => "forms.yaml `concierge.document_retention_days`",
        }
    }

    pub fn value(self, site: &Site, forms: &Forms) -> String {
        match self {
            Placeholder::Brand => site.brand.clone(),
            Placeholder::AgentName => site.agent.name.clone(),
            Placeholder::AgentEmail => site.agent.email.clone(),
            // Its space made non-breaking: a phone number is never split across lines.
            Placeholder::AgentPhone => site.agent.phone.replace(' ', "\u{a0}"),
            Placeholder::Brokerage => site.brokerage.name.clone(),
            Placeholder::DocumentRetentionDays => forms.concierge.document_retention_days.to_string(),
        }
    }

    fn by_name(name: &str) -> Option<Placeholder> {
        Placeholder::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Did-you-mean for a misspelt name.
    fn closest(name: &str) -> Option<&'static str> {
        let score = |p: &Placeholder| strsim::jaro_winkler(name, p.name());
        Placeholder::ALL
            .iter()
            .filter(|p| score(p) > 0.8)
            .max_by(|a, b| score(a).total_cmp(&score(b)))
            .map(|p| p.name())
    }

    fn list() -> String {
        Placeholder::ALL.iter().map(|p| format!("{{{}}}", p.name())).collect::<Vec<_>>().join(", ")
    }
}

/// A `{…}` in the text: its byte range and the name inside; `None` when no `}` closes it on its line.
fn braces(text: &str) -> impl Iterator<Item = (usize, Option<&str>)> {
    let mut from = 0;
    std::iter::from_fn(move || {
        let open = from + text[from..].find('{')?;
        let line_end = text[open..].find('\n').map_or(text.len(), |i| open + i);
        match text[open..line_end].find('}') {
            Some(i) => {
                from = open + i + 1;
                Some((open, Some(&text[open + 1..open + i])))
            }
            None => {
                from = open + 1;
                Some((open, None))
            }
        }
    })
}

/// Line and column (1-based, in characters) of byte `at` in `text`.
fn position(text: &str, at: usize) -> (usize, usize) {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    (text[..at].matches('\n').count() + 1, text[line_start..at].chars().count() + 1)
}

/// Parse `content/legal/<kind>.md`.
pub fn parse(file: &str, text: &str, kind: LegalKind) -> Result<LegalPage, Diagnostics> {
    let p = parse_markdown_file::<LegalFields>(file, text)?;
    let page = LegalPage { kind, fields: p.data, body: p.body, source: p.source };
    let mut out = Vec::new();
    page.validate(text, &mut out);
    if out.is_empty() {
        Ok(page)
    } else {
        Err(Diagnostics(out).sorted())
    }
}

impl LegalPage {
    /// `text` is the whole file, so problems in the body point at their line and column.
    fn validate(&self, text: &str, out: &mut Vec<Diagnostic>) {
        let src = &self.source;
        let f = &self.fields;
        rules::require_text(src, out, &[("title", &f.title), ("description", &f.description)]);
        for (field, value) in [("title", &f.title), ("description", &f.description)] {
            if value.contains('{') {
                out.push(src.at_value(field, "placeholders are filled in only in the text below the closing `---`"));
            }
        }
        // The body runs to the end of the file, so its offset is what precedes it.
        let body_at = split_front_matter(text).map_or(0, |(_, _, body)| text.len() - body.len());
        let at = |offset: usize, message: String| {
            let (line, column) = position(text, body_at + offset);
            Diagnostic { file: src.file.clone(), line, column, field: "text".into(), message }
        };
        let body = &text[body_at..];
        if body.trim().is_empty() {
            out.push(at(0, "expected the page's text below the closing `---`, found none".into()));
            return;
        }
        let mut used = Vec::new();
        for (offset, name) in braces(body) {
            match name.map(|n| (n, Placeholder::by_name(n.trim()))) {
                Some((_, Some(p))) => used.push(p),
                Some((n, None)) => {
                    let mut m = format!("unknown placeholder {{{n}}}; the placeholders are: {}", Placeholder::list());
                    if let Some(best) = Placeholder::closest(n) {
                        m.push_str(&format!(" (did you mean {{{best}}}?)"));
                    }
                    out.push(at(offset, m));
                }
                None => out.push(at(
                    offset,
                    format!(
                        "a `{{` with no `}}` after it on its line; braces mark placeholders: {}",
                        Placeholder::list()
                    ),
                )),
            }
        }
        for p in self.kind.required() {
            if !used.contains(p) {
                let m = format!(
                    "expected the placeholder {{{}}} in the text (from {}), so the page states it as the site has it",
                    p.name(),
                    p.origin()
                );
                out.push(at(0, m));
            }
        }
    }

    /// The Markdown text with every placeholder filled in.
    pub fn text(&self, site: &Site, forms: &Forms) -> String {
        fill(&self.body, site, forms)
    }
}

/// `text` with every `{placeholder}` filled in (the legal pages', and the concierge page's words
/// about its documents); other braces stay as they are.
pub fn fill(text: &str, site: &Site, forms: &Forms) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut from = 0;
    for (offset, name) in braces(text) {
        if let Some(p) = name.and_then(|n| Placeholder::by_name(n.trim())) {
            out.push_str(&text[from..offset]);
            out.push_str(&p.value(site, forms));
            from = offset + name.map_or(1, |n| n.len() + 2);
        }
    }
    out.push_str(&text[from..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_braces_and_positions() {
        let found: Vec<_> = braces("a {x} b {\n{y}").collect();
        assert_eq!(found, [(2, Some("x")), (8, None), (10, Some("y"))]);
        assert_eq!(position("ab\ncdé{", 7), (2, 4));
    }
}
