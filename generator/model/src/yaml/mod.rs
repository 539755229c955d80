//! The one YAML parse of a content file. libyaml's events, with their marks, build in one pass
//! the JSON value that the schema check and serde read, and the position of every key and value.

#[allow(unsafe_code)]
mod libyaml;
mod place;
mod scalar;

use crate::spans::{Pos, Spans};
use libyaml::{Event, Mark, Parser, Style};
use place::Place;
use scalar::{scalar, tagged};
use serde_json::{Map, Value};
use std::collections::HashMap;

/// Why a document could not be read, and where, in file lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    pub pos: Pos,
    pub message: String,
}

/// Deeper nesting than this is refused (as serde_yaml did), so nothing downstream recurses too far.
const MAX_DEPTH: usize = 128;

enum Frame {
    Map {
        path: String,
        start: Mark,
        map: Map<String, Value>,
        key: Option<String>,
        /// The column of its keys, once one is read.
        key_column: Option<usize>,
        /// Block style, not `{…}`.
        block: bool,
        anchor: Option<String>,
        tag: Option<String>,
    },
    Seq {
        path: String,
        items: Vec<Value>,
        anchor: Option<String>,
        tag: Option<String>,
    },
}

struct Loader<'a> {
    at: Place<'a>,
    stack: Vec<Frame>,
    anchors: HashMap<String, Value>,
    spans: Spans,
    root: Option<Value>,
}

fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_string()
    } else {
        format!("{parent}.{key}")
    }
}

/// `path: ` before a message about a nested value, as serde_yaml wrote it.
fn prefixed(path: &str, message: String) -> String {
    if path.is_empty() {
        message
    } else {
        format!("{path}: {message}")
    }
}

impl Loader<'_> {
    fn error(&self, m: Mark, message: impl Into<String>) -> YamlError {
        YamlError { pos: self.at.pos(m), message: format!("YAML syntax error: {}", message.into()) }
    }

    fn unsupported(&self) -> YamlError {
        let pos = Pos { line: self.at.first_line, column: 1 };
        YamlError { pos, message: "unsupported YAML: key must be a string".into() }
    }

    /// The path of the node that stands at `pos`, recording it; `None` for a mapping key.
    fn begin(&mut self, pos: Pos) -> Option<String> {
        let path = match self.stack.last() {
            None => return Some(String::new()),
            Some(Frame::Seq { path, items, .. }) => format!("{path}[{}]", items.len()),
            Some(Frame::Map { path, key: Some(k), .. }) => join(path, k),
            Some(Frame::Map { .. }) => return None,
        };
        self.spans.set_value(&path, pos);
        Some(path)
    }

    /// The path of a sequence or mapping that stands at `pos`.
    fn open(&mut self, m: Mark, pos: Pos) -> Result<String, YamlError> {
        if self.stack.len() >= MAX_DEPTH {
            return Err(self.error(m, "recursion limit exceeded"));
        }
        self.begin(pos).ok_or_else(|| self.unsupported())
    }

    /// Put a finished value into its parent; in a mapping awaiting a key, it is the key.
    fn attach(&mut self, value: Value, m: Mark, end: Mark, anchor: Option<String>) -> Result<(), YamlError> {
        if let Some(name) = anchor {
            self.anchors.insert(name, value.clone());
        }
        match self.stack.last_mut() {
            None => self.root = Some(value),
            Some(Frame::Seq { items, .. }) => items.push(value),
            Some(Frame::Map { map, key: key @ Some(_), .. }) => {
                map.insert(key.take().unwrap_or_default(), value);
            }
            Some(Frame::Map { .. }) => return self.key(value, m, end),
        }
        Ok(())
    }

    /// Keys are text; numbers and booleans as keys read as their text (as in JSON).
    fn key(&mut self, key: Value, m: Mark, end: Mark) -> Result<(), YamlError> {
        let (name, shown) = match key {
            Value::String(s) => (s.clone(), format!("key {s:?}")),
            Value::Number(n) => (n.to_string(), format!("key {n}")),
            Value::Bool(b) => (b.to_string(), format!("key `{b}`")),
            _ => return Err(self.unsupported()),
        };
        let (pos, colon, nested) = (self.at.pos(m), self.at.colon(end), self.stack.len() > 1);
        let Some(Frame::Map { path, start, map, key, key_column, block, .. }) = self.stack.last_mut() else {
            return Ok(());
        };
        if map.contains_key(&name) {
            let (message, start) = (prefixed(path, format!("duplicate entry with {shown}")), *start);
            return Err(self.error(start, message));
        }
        if let Some(colon) = colon.filter(|_| *block && nested && map.is_empty()) {
            self.spans.set_value(path, colon);
        }
        self.spans.set_key(&join(path, &name), pos);
        *key_column = Some(m.column);
        *key = Some(name);
        Ok(())
    }

    fn event(&mut self, event: Event, m: Mark, end: Mark) -> Result<(), YamlError> {
        match event {
            Event::Scalar { anchor, tag, value, style } => {
                let pos = if style == Style::Block {
                    self.at.block_scalar(m, end)
                } else if style == Style::Plain && m.index == end.index {
                    let flow = matches!(self.stack.last(), Some(Frame::Map { block: false, .. }));
                    self.at.empty(m, flow)
                } else if anchor.is_some() || tag.is_some() {
                    self.at.after_properties(m)
                } else {
                    self.at.pos(m)
                };
                let path = self.begin(pos);
                let value = scalar(value, style, tag)
                    .map_err(|e| self.error(m, prefixed(path.as_deref().unwrap_or_default(), e)))?;
                self.attach(value, m, end, anchor)
            }
            Event::Alias(anchor) => {
                self.begin(self.at.pos(m));
                let value = self.anchors.get(&anchor).cloned().ok_or_else(|| self.error(m, "unknown anchor"))?;
                self.attach(value, m, end, None)
            }
            Event::SequenceStart { anchor, tag, block } => {
                // A list not indented under its key stands at its first item.
                let indentless = block
                    && matches!(self.stack.last(), Some(Frame::Map { key_column: Some(c), .. }) if *c == m.column);
                let pos = match (indentless, block) {
                    (true, _) => self.at.first_item(m),
                    (false, false) if anchor.is_some() || tag.is_some() => self.at.after_properties(m),
                    _ => self.at.pos(m),
                };
                let path = self.open(m, pos)?;
                self.stack.push(Frame::Seq { path, items: Vec::new(), anchor, tag });
                Ok(())
            }
            Event::MappingStart { anchor, tag, block } => {
                let props = !block && (anchor.is_some() || tag.is_some());
                let path = self.open(m, if props { self.at.after_properties(m) } else { self.at.pos(m) })?;
                let map = Map::new();
                self.stack.push(Frame::Map { path, start: m, map, key: None, key_column: None, block, anchor, tag });
                Ok(())
            }
            Event::SequenceEnd | Event::MappingEnd => match self.stack.pop() {
                Some(Frame::Seq { items, anchor, tag, .. }) => {
                    self.attach(tagged(tag, Value::Array(items)), m, end, anchor)
                }
                Some(Frame::Map { map, anchor, tag, .. }) => {
                    self.attach(tagged(tag, Value::Object(map)), m, end, anchor)
                }
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }

    /// libyaml's own words, with the position of their context (e.g. where an unclosed `[` opened),
    /// worded as serde_yaml worded them.
    fn syntax(&self, e: libyaml::Error) -> YamlError {
        let shown = |m: Mark| (m.line, m.column) != (0, 0);
        let mut message = e.problem;
        if !shown(e.mark) && e.offset != 0 {
            message = format!("{message} at position {}", e.offset);
        }
        if let Some((context, at)) = e.context {
            message = format!("{message}, {context}");
            if shown(e.mark) && shown(at) && (at.line, at.column) != (e.mark.line, e.mark.column) {
                let p = self.at.pos(at);
                message = format!("{message} at line {} column {}", p.line, p.column);
            }
        }
        self.error(e.mark, message)
    }
}

/// Parse a YAML document whose first line is line `first_line` of its file: its value (an empty
/// mapping for an empty document) and where each key and value stands.
pub fn load(yaml: &str, first_line: usize) -> Result<(Value, Spans), YamlError> {
    let spans = Spans::new(first_line);
    let at = Place { src: yaml, first_line };
    let mut loader = Loader { at, stack: Vec::new(), anchors: HashMap::new(), spans, root: None };
    let mut parser = Parser::new(yaml);
    let mut documents = 0;
    loop {
        let (event, start, end) = parser.next().map_err(|e| loader.syntax(e))?;
        match event {
            Event::StreamEnd => break,
            Event::DocumentStart if documents > 0 => {
                let message =
                    "YAML syntax error: deserializing from YAML containing more than one document is not supported";
                return Err(YamlError { pos: Pos { line: first_line, column: 1 }, message: message.into() });
            }
            Event::DocumentStart => documents += 1,
            event => loader.event(event, start, end)?,
        }
    }
    let value = match loader.root {
        None | Some(Value::Null) => Value::Object(Map::new()),
        Some(v) => v,
    };
    Ok((value, loader.spans))
}
