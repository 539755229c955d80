//! Checks a report's MDX with markdown-rs (the Rust port of micromark, the same MDX grammar as
//! mdx-js): syntax errors, and the components with their attributes against the site's content.
//! What passes is what `render` hands mdx-js, so check and build agree.

use jax_model::market::Figure;
use jax_model::report::{Component, Report, COMPONENTS};
use jax_model::Diagnostic;
use markdown::mdast::{AttributeContent, AttributeValue, Node};
use markdown::message::Place;
use markdown::unist::Point;
use markdown::{MdxSignal as Signal, ParseOptions};
use std::collections::HashSet;

/// What the components may refer to: published neighborhoods, listings and the request forms.
pub struct Known<'a> {
    /// How many market snapshots are published: a `<Trend>` needs two.
    pub months: usize,
    pub areas: HashSet<&'a str>,
    pub listings: HashSet<&'a str>,
    pub forms: Vec<String>,
}

fn allowed() -> String {
    COMPONENTS.iter().map(|(n, _, _)| format!("<{n}>")).collect::<Vec<_>>().join(", ")
}

/// A report that passed: its components in document order, and how far its headings move so the
/// shallowest becomes `<h2>` under the page's `<h1>`.
#[derive(Debug)]
pub struct Checked {
    pub components: Vec<Component>,
    pub heading_shift: i8,
}

struct Walk<'a> {
    report: &'a Report,
    known: &'a Known<'a>,
    out: Vec<Diagnostic>,
    components: Vec<Component>,
    min_heading: Option<u8>,
}

impl Walk<'_> {
    fn at(&mut self, point: Option<&Point>, message: String) {
        let (line, column) = point.map_or((1, 1), |p| (p.line, p.column));
        self.out.push(Diagnostic {
            file: self.report.source.file.clone(),
            line: self.report.body_line + line - 1,
            column,
            field: String::new(),
            message,
        });
    }

    fn node(&mut self, node: &Node) {
        let start = node.position().map(|p| p.start.clone());
        match node {
            Node::MdxjsEsm(_) => self.at(
                start.as_ref(),
                "`import` and `export` are not allowed in a report: the components it may use are always available"
                    .into(),
            ),
            Node::MdxFlowExpression(e) if is_comment(&e.value) => {}
            Node::MdxTextExpression(e) if is_comment(&e.value) => {}
            Node::MdxFlowExpression(_) | Node::MdxTextExpression(_) => self.at(
                start.as_ref(),
                "`{…}` expressions are not allowed in a report: write the text itself (to show a brace, write `\\{`)"
                    .into(),
            ),
            Node::MdxJsxFlowElement(e) => self.element(e.name.as_deref(), &e.attributes, &e.children, start, true),
            Node::MdxJsxTextElement(e) => self.element(e.name.as_deref(), &e.attributes, &e.children, start, false),
            Node::Text(t) => {
                if let Some(p) = t.position.as_ref().and_then(|p| self.unclosed_tag(p.start.offset, p.end.offset)) {
                    self.at(Some(&p), "MDX syntax error: a tag that starts here is never closed with `>` (to show a `<`, write `\\<`)".into());
                }
            }
            _ => {
                if let Node::Heading(h) = node {
                    self.min_heading = Some(self.min_heading.map_or(h.depth, |m| m.min(h.depth)));
                }
                for child in node.children().into_iter().flatten() {
                    self.node(child);
                }
            }
        }
    }

    fn element(
        &mut self,
        name: Option<&str>,
        attributes: &[AttributeContent],
        children: &[Node],
        start: Option<Point>,
        flow: bool,
    ) {
        let at = start.as_ref();
        let Some((name, attrs, holds_text)) = COMPONENTS.iter().find(|(n, _, _)| Some(*n) == name) else {
            let what = name.map_or("a fragment `<>`".to_string(), |n| format!("<{n}>"));
            return self.at(at, format!("unknown component {what}; a report may use {}", allowed()));
        };
        if !holds_text && !flow {
            return self.at(at, format!("<{name}> must stand on a line of its own, with blank lines around it"));
        }
        let mut values: Vec<(&str, Option<&AttributeValue>)> = Vec::new();
        for a in attributes {
            match a {
                AttributeContent::Expression(_) => {
                    return self
                        .at(at, format!("<{name}> takes only {}; `{{...}}` spreads are not allowed", list(attrs)))
                }
                AttributeContent::Property(p) if !attrs.contains(&p.name.as_str()) => {
                    let point = self.attribute_point(at, &p.name);
                    return self.at(
                        Some(&point),
                        format!("unknown attribute `{}` on <{name}>; it takes {}", p.name, list(attrs)),
                    );
                }
                AttributeContent::Property(p) => values.push((p.name.as_str(), p.value.as_ref())),
            }
        }
        let get = |walk: &mut Self, attr: &str| -> Option<Value> {
            let point = walk.attribute_point(at, attr);
            match values.iter().find(|(n, _)| *n == attr).map(|(_, v)| *v) {
                None => walk.at(at, format!("<{name}> needs its `{attr}` attribute ({})", hint(attr))),
                Some(None) => walk.at(Some(&point), format!("`{attr}` needs a value: {}", hint(attr))),
                Some(Some(AttributeValue::Literal(s))) => return Some(Value::Text(s.clone())),
                Some(Some(AttributeValue::Expression(e))) => match serde_json::from_str::<Vec<String>>(&e.value) {
                    Ok(list) if attr == "areas" => return Some(Value::List(list)),
                    _ => walk.at(Some(&point), format!("`{attr}` must be {}", hint(attr))),
                },
            }
            None
        };
        let component = match *name {
            "Snapshot" => {
                get(self, "area").and_then(|v| self.area(at, "area", v)).map(|area| Component::Snapshot { area })
            }
            "Trend" => {
                let areas = get(self, "areas").and_then(|v| self.areas(at, v));
                let figure = get(self, "figure")
                    .and_then(|v| self.one_of(at, "figure", v, &Figure::ALL.map(|f| f.name().to_string())))
                    .and_then(|f| Figure::parse(&f));
                if self.known.months < 2 {
                    let m = self.known.months;
                    self.at(at, format!("<Trend> charts figures over months, and content/market has {m} published snapshot{}; until the next month's figures are in, use <Snapshot area=\"…\" />", if m == 1 { "" } else { "s" }));
                    return;
                }
                areas.zip(figure).map(|(areas, figure)| Component::Trend { areas, figure })
            }
            "Listing" => get(self, "id").and_then(|v| self.listing(at, v)).map(|id| Component::Listing { id }),
            _ => {
                let forms = self.known.forms.clone();
                get(self, "form")
                    .and_then(|v| self.one_of(at, "form", v, &forms))
                    .map(|form| Component::Cta { form, flow })
            }
        };
        if *holds_text {
            if children.is_empty() {
                self.at(at, format!("<{name}> needs its text between <{name} …> and </{name}>"));
            } else if !children.iter().all(phrasing) {
                self.at(at, format!("<{name}> holds one line of text (bold or italic allowed), nothing else"));
            }
        } else if !children.is_empty() {
            self.at(at, format!("<{name}> holds nothing: write it as <{name} … />"));
        }
        if let Some(c) = component {
            self.components.push(c);
        }
    }

    /// markdown-rs keeps a tag cut short by the end of the text as words, where mdx-js stops with
    /// an error: a `<` and a name in text is such a tag (an escaped `\<` is not).
    fn unclosed_tag(&self, from: usize, to: usize) -> Option<Point> {
        let raw = self.report.body.get(from..to)?;
        let bytes = raw.as_bytes();
        let i = (0..bytes.len()).find(|&i| {
            bytes[i] == b'<'
                && (i == 0 || bytes[i - 1] != b'\\')
                && bytes.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, b'$' | b'_'))
        })?;
        let before = &raw[..i];
        let start = Point { line: 1, column: 1, offset: 0 };
        let start = self.point_at(from).unwrap_or(start);
        Some(match before.rfind('\n') {
            Some(nl) => Point {
                line: start.line + before.matches('\n').count(),
                column: before[nl + 1..].chars().count() + 1,
                offset: from + i,
            },
            None => Point { line: start.line, column: start.column + before.chars().count(), offset: from + i },
        })
    }

    /// The line and column of a byte offset in the body.
    fn point_at(&self, offset: usize) -> Option<Point> {
        let before = self.report.body.get(..offset)?;
        let line = before.matches('\n').count() + 1;
        let column = before.rfind('\n').map_or(before, |nl| &before[nl + 1..]).chars().count() + 1;
        Some(Point { line, column, offset })
    }

    /// Where `attr` is written in the element starting at `at` (markdown-rs keeps no attribute
    /// positions): the first ` attr` after the tag's name, or the tag itself.
    fn attribute_point(&self, at: Option<&Point>, attr: &str) -> Point {
        let start = at.cloned().unwrap_or(Point { line: 1, column: 1, offset: 0 });
        let body = &self.report.body;
        let rest = body.get(start.offset..).unwrap_or("");
        let found = rest.char_indices().find(|(i, c)| {
            c.is_whitespace()
                && rest[i + c.len_utf8()..].starts_with(attr)
                && rest[i + c.len_utf8() + attr.len()..].starts_with(['=', ' ', '/', '>', '\n'])
        });
        let Some((i, c)) = found else { return start };
        let before = &rest[..i + c.len_utf8()];
        match before.rfind('\n') {
            Some(nl) => Point {
                line: start.line + before.matches('\n').count(),
                column: before[nl + 1..].chars().count() + 1,
                offset: start.offset + before.len(),
            },
            None => Point {
                line: start.line,
                column: start.column + before.chars().count(),
                offset: start.offset + before.len(),
            },
        }
    }

    fn text(&mut self, at: Option<&Point>, attr: &str, v: Value) -> Option<String> {
        match v {
            Value::Text(s) => Some(s),
            Value::List(_) => {
                let point = self.attribute_point(at, attr);
                self.at(Some(&point), format!("`{attr}` must be {}", hint(attr)));
                None
            }
        }
    }

    fn area(&mut self, at: Option<&Point>, attr: &str, v: Value) -> Option<String> {
        let s = self.text(at, attr, v)?;
        self.known_area(at, attr, &s).then_some(s)
    }

    fn known_area(&mut self, at: Option<&Point>, attr: &str, s: &str) -> bool {
        if self.known.areas.contains(s) {
            return true;
        }
        let point = self.attribute_point(at, attr);
        self.at(
            Some(&point),
            format!("no published neighborhood \"{s}\"; the neighborhoods are: {}", sorted(&self.known.areas)),
        );
        false
    }

    fn areas(&mut self, at: Option<&Point>, v: Value) -> Option<Vec<String>> {
        let list = match v {
            Value::List(l) if !l.is_empty() => l,
            _ => {
                let point = self.attribute_point(at, "areas");
                self.at(Some(&point), format!("`areas` must be {}", hint("areas")));
                return None;
            }
        };
        // Every unknown area is reported, not only the first.
        let unknown = list.iter().filter(|a| !self.known_area(at, "areas", a)).count();
        (unknown == 0).then_some(list)
    }

    fn listing(&mut self, at: Option<&Point>, v: Value) -> Option<String> {
        let id = self.text(at, "id", v)?;
        if self.known.listings.contains(id.as_str()) {
            return Some(id);
        }
        let point = self.attribute_point(at, "id");
        self.at(
            Some(&point),
            format!("no published listing has the id \"{id}\"; the ids are: {}", sorted(&self.known.listings)),
        );
        None
    }

    fn one_of(&mut self, at: Option<&Point>, attr: &str, v: Value, choices: &[String]) -> Option<String> {
        let s = self.text(at, attr, v)?;
        if choices.contains(&s) {
            return Some(s);
        }
        let point = self.attribute_point(at, attr);
        self.at(Some(&point), format!("`{attr}` must be one of {}, found \"{s}\"", choices.join(", ")));
        None
    }
}

enum Value {
    Text(String),
    List(Vec<String>),
}

fn list(attrs: &[&str]) -> String {
    attrs.iter().map(|a| format!("`{a}`")).collect::<Vec<_>>().join(" and ")
}

fn hint(attr: &str) -> String {
    match attr {
        "areas" => "a list of neighborhoods such as {[\"riverside\", \"san-marco\"]}".into(),
        "figure" => {
            let names: Vec<String> = Figure::ALL.iter().map(|f| format!("\"{}\"", f.name())).collect();
            format!("{} or {}", names[..names.len() - 1].join(", "), names[names.len() - 1])
        }
        "area" => "a neighborhood such as \"ortega\"".into(),
        "id" => "a listing's id such as \"riverside-penthouse\"".into(),
        _ => "a request form such as \"consultation\"".into(),
    }
}

fn sorted(set: &HashSet<&str>) -> String {
    let mut v: Vec<&str> = set.iter().copied().collect();
    v.sort();
    v.join(", ")
}

/// `{/* a note */}`: a comment, which renders nothing.
fn is_comment(expression: &str) -> bool {
    let e = expression.trim();
    e.strip_prefix("/*").and_then(|e| e.strip_suffix("*/")).is_some_and(|inner| !inner.contains("*/"))
}

/// Text a button label may hold: words, emphasis, or one paragraph of them.
fn phrasing(n: &Node) -> bool {
    match n {
        Node::Text(_) | Node::Break(_) | Node::InlineCode(_) => true,
        Node::Emphasis(_) | Node::Strong(_) | Node::Paragraph(_) => n.children().into_iter().flatten().all(phrasing),
        _ => false,
    }
}

/// Check a report's MDX body; problems carry the file's own line and column.
pub fn check(report: &Report, known: &Known) -> Result<Checked, Vec<Diagnostic>> {
    let mut walk = Walk { report, known, out: Vec::new(), components: Vec::new(), min_heading: None };
    // Any `import`/`export` is taken as ESM (as mdx-js does), then refused by the walk.
    let options = ParseOptions { mdx_esm_parse: Some(Box::new(|_: &str| Signal::Ok)), ..ParseOptions::mdx() };
    let tree = match markdown::to_mdast(&report.body, &options) {
        Ok(tree) => tree,
        Err(m) => {
            let point = m.place.as_deref().map(|p| match p {
                Place::Point(p) => p.clone(),
                Place::Position(p) => p.start.clone(),
            });
            walk.at(point.as_ref(), format!("MDX syntax error: {}", m.reason));
            return Err(walk.out);
        }
    };
    walk.node(&tree);
    if !walk.out.is_empty() {
        return Err(walk.out);
    }
    let heading_shift = walk.min_heading.map_or(0, |m| 2 - m as i8);
    Ok(Checked { components: walk.components, heading_shift })
}

#[cfg(test)]
mod tests;
