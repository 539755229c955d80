//! `content/reports/<slug>.mdx`: the agent's market commentary. Front matter for the head and the
//! index, then the text in MDX (Markdown plus a few components); the generator checks the MDX
//! against the site and renders it. The slug is the file name.

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::document::{parse_yaml, split_front_matter, Source};
use crate::market::Figure;
use crate::rules;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportFields {
    /// The report's heading and, with the brand, its title, e.g. "Jacksonville Market, Fall 2024".
    pub title: String,
    /// Publication date, YYYY-MM-DD: the reports list newest first.
    #[schemars(regex(pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    pub date: String,
    /// One or two sentences for the reports list, search results and link previews.
    pub description: String,
    /// A draft is checked but not published.
    #[serde(default)]
    pub draft: bool,
}

#[derive(Debug, Clone)]
pub struct Report {
    /// The file name without `.mdx`: the page is /reports/<slug>/.
    pub slug: String,
    pub fields: ReportFields,
    /// The MDX text below the front matter, as written.
    pub body: String,
    /// The file line the body starts on (1-based), so MDX positions become file positions.
    pub body_line: usize,
    /// Its components in document order, and how far its headings move so the shallowest becomes
    /// `<h2>` under the page's `<h1>`: found by the generator's check of the MDX, which loading the
    /// content runs on every report (empty and 0 until then).
    pub components: Vec<Component>,
    pub heading_shift: i8,
    pub source: Source,
}

/// A component as written in a report, checked against the site's content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Component {
    Snapshot {
        area: String,
    },
    Trend {
        areas: Vec<String>,
        figure: Figure,
    },
    Listing {
        id: String,
    },
    /// `flow`: on a line of its own (not inside a paragraph).
    Cta {
        form: String,
        flow: bool,
    },
}

impl Component {
    pub fn name(&self) -> &'static str {
        match self {
            Component::Snapshot { .. } => "Snapshot",
            Component::Trend { .. } => "Trend",
            Component::Listing { .. } => "Listing",
            Component::Cta { .. } => "Cta",
        }
    }
}

/// The components a report may use: name, attributes, whether it holds text.
pub const COMPONENTS: [(&str, &[&str], bool); 4] = [
    ("Snapshot", &["area"], false),
    ("Trend", &["areas", "figure"], false),
    ("Listing", &["id"], false),
    ("Cta", &["form"], true),
];

/// A calendar date written YYYY-MM-DD.
pub fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let num = |r: std::ops::Range<usize>| s.get(r).filter(|p| p.bytes().all(|c| c.is_ascii_digit()))?.parse().ok();
    let (Some(y), Some(m), Some(d)) = (num(0..4), num(5..7), num(8..10)) else { return false };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days: u32 = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    y >= 1900 && (1..=days).contains(&d)
}

fn whole_file(file: &str, message: &str) -> Diagnostics {
    Diagnostics(vec![Diagnostic::at_start(file, "", message)])
}

/// Parse a report file named `file` whose slug is `slug` (its file name without `.mdx`).
pub fn parse(file: &str, slug: &str, text: &str) -> Result<Report, Diagnostics> {
    let Some((yaml, first_line, body)) = split_front_matter(text) else {
        return Err(whole_file(
            file,
            "expected front matter: the file must start with a line `---`, then the fields, then another `---` line, then the text",
        ));
    };
    let (fields, source) = parse_yaml::<ReportFields>(file, yaml, first_line)?;
    // The YAML's lines, then the closing `---`.
    let body_line = first_line + yaml.split_inclusive('\n').count() + 1;
    let report = Report {
        slug: slug.to_string(),
        fields,
        body: body.to_string(),
        body_line,
        components: Vec::new(),
        heading_shift: 0,
        source,
    };
    Diagnostics::check(report, |v, out| v.validate(out))
}

impl Report {
    fn validate(&self, out: &mut Vec<Diagnostic>) {
        let (f, src) = (&self.fields, &self.source);
        if !rules::is_slug(&self.slug) {
            out.push(Diagnostic::at_start(
                &src.file,
                "",
                format!(
                    "the file name is the page's address: expected lowercase words joined by hyphens such as \"november-2026.mdx\", found \"{}.mdx\"",
                    self.slug
                ),
            ));
        }
        if !is_date(&f.date) {
            out.push(src.at_value(
                "date",
                format!("expected a date such as \"2026-11-30\" (YYYY-MM-DD), found \"{}\"", f.date),
            ));
        }
        rules::require_text(src, out, &[("title", &f.title), ("description", &f.description)]);
        if self.body.trim().is_empty() {
            out.push(Diagnostic {
                file: src.file.clone(),
                line: self.body_line,
                column: 1,
                field: String::new(),
                message: "expected the report's text below the closing `---`, found none".into(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert!(is_date("2024-02-29") && is_date("2026-11-30"));
        assert!(!is_date("2023-02-29") && !is_date("2026-13-01") && !is_date("2026-1-01") && !is_date("26-11-30"));
    }

    #[test]
    fn body_line_and_problems() {
        let r = parse("r.mdx", "fall-2024", "---\ntitle: T\ndate: 2024-10-01\ndescription: D\n---\nHello\n").unwrap();
        assert_eq!((r.body_line, r.body.as_str()), (6, "Hello\n"));
        let e = parse("r.mdx", "Fall", "---\ntitle: T\ndate: 2024-13-01\ndescription: D\n---\n").unwrap_err();
        let text = e.to_string();
        assert!(text.contains("r.mdx:1:1: the file name is the page's address"), "{text}");
        assert!(text.contains("r.mdx:3:7: date: expected a date"), "{text}");
        assert!(text.contains("r.mdx:6:1: expected the report's text"), "{text}");
    }
}
