//! Where each field of a YAML document stands, so that errors found after parsing can still point
//! at a line and column. serde_yaml forgets positions once a value is built; yaml-rust2's event
//! parser keeps them.

use std::collections::HashMap;
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::Marker;

/// A position in the file: 1-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

/// Positions of keys and values by path (`snapshot.median`, `features[4]`).
#[derive(Debug, Clone, Default)]
pub struct Spans {
    keys: HashMap<String, Pos>,
    values: HashMap<String, Pos>,
    /// Line of the document's first line within the file (front matter starts after `---`).
    line_offset: usize,
}

enum Frame {
    Map { path: String, key: Option<String> },
    Seq { path: String, index: usize },
}

struct Collector {
    stack: Vec<Frame>,
    spans: Spans,
}

fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_string()
    } else {
        format!("{parent}.{key}")
    }
}

impl Collector {
    fn pos(&self, m: Marker) -> Pos {
        // yaml-rust2 lines are 1-based, columns 0-based.
        Pos { line: m.line() + self.spans.line_offset, column: m.col() + 1 }
    }

    /// Called for every node that is a value; returns the path of that value.
    fn value_path(&mut self, mark: Marker) -> Option<String> {
        let pos = self.pos(mark);
        match self.stack.last_mut() {
            None => Some(String::new()),
            Some(Frame::Seq { path, index }) => {
                let p = format!("{path}[{index}]");
                *index += 1;
                self.spans.values.insert(p.clone(), pos);
                Some(p)
            }
            Some(Frame::Map { path, key }) => match key.take() {
                Some(k) => {
                    let p = join(path, &k);
                    self.spans.values.insert(p.clone(), pos);
                    Some(p)
                }
                None => None, // a non-scalar key: not used in content files
            },
        }
    }
}

impl MarkedEventReceiver for Collector {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        match ev {
            Event::Scalar(text, ..) => {
                // A scalar in key position of a mapping is a key.
                if let Some(Frame::Map { path, key }) = self.stack.last_mut() {
                    if key.is_none() {
                        let p = join(path, &text);
                        let pos = Pos { line: mark.line() + self.spans.line_offset, column: mark.col() + 1 };
                        self.spans.keys.insert(p, pos);
                        *key = Some(text);
                        return;
                    }
                }
                self.value_path(mark);
            }
            Event::Alias(_) => {
                self.value_path(mark);
            }
            Event::MappingStart(..) => {
                let path = self.value_path(mark).unwrap_or_default();
                self.stack.push(Frame::Map { path, key: None });
            }
            Event::SequenceStart(..) => {
                let path = self.value_path(mark).unwrap_or_default();
                self.stack.push(Frame::Seq { path, index: 0 });
            }
            Event::MappingEnd | Event::SequenceEnd => {
                self.stack.pop();
            }
            _ => {}
        }
    }
}

impl Spans {
    /// Index a YAML document whose first line is line `first_line` of its file.
    /// A document that does not parse yields an empty index (the syntax error is reported elsewhere).
    pub fn index(yaml: &str, first_line: usize) -> Spans {
        let mut c = Collector {
            stack: Vec::new(),
            spans: Spans { line_offset: first_line.saturating_sub(1), ..Spans::default() },
        };
        let mut parser = Parser::new_from_str(yaml);
        let _ = parser.load(&mut c, false);
        c.spans
    }

    /// Where the key of `path` stands, or its nearest ancestor's.
    pub fn key(&self, path: &str) -> Pos {
        self.lookup(path, true)
    }

    /// Where the value of `path` begins, or its nearest ancestor's.
    pub fn value(&self, path: &str) -> Pos {
        self.lookup(path, false)
    }

    fn lookup(&self, path: &str, key_first: bool) -> Pos {
        let mut p = path.to_string();
        loop {
            let hit = if key_first {
                self.keys.get(&p).or_else(|| self.values.get(&p))
            } else {
                self.values.get(&p).or_else(|| self.keys.get(&p))
            };
            if let Some(pos) = hit {
                return *pos;
            }
            match p.rfind(['.', '[']) {
                Some(i) => p.truncate(i),
                None => return Pos { line: self.line_offset + 1, column: 1 },
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_keys_values_and_items() {
        let y = "name: A\nsnapshot:\n  median: $1K\n  days: 3\nfeatures:\n  - one\n  - two\n";
        let s = Spans::index(y, 2);
        assert_eq!(s.key("name"), Pos { line: 2, column: 1 });
        assert_eq!(s.key("snapshot.days"), Pos { line: 5, column: 3 });
        assert_eq!(s.value("snapshot.median"), Pos { line: 4, column: 11 });
        assert_eq!(s.value("features[1]"), Pos { line: 8, column: 5 });
        // Unknown paths fall back to the nearest ancestor.
        assert_eq!(s.key("snapshot.zip"), Pos { line: 3, column: 1 });
        assert_eq!(s.key("nothing"), Pos { line: 2, column: 1 });
    }

    #[test]
    fn flow_sequences_and_nested_maps() {
        let s = Spans::index("a: [x, y]\nb:\n  - {c: 1}\n", 1);
        assert_eq!(s.value("a[1]"), Pos { line: 1, column: 8 });
        assert_eq!(s.key("b[0].c"), Pos { line: 3, column: 6 });
    }
}
