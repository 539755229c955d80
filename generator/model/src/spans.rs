//! Where each field of a YAML document stands, so that errors found after parsing can still point
//! at a line and column. Filled in by the parse itself (`yaml::load`).

use std::collections::HashMap;

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

impl Spans {
    /// An empty index for a document whose first line is line `first_line` of its file.
    pub(crate) fn new(first_line: usize) -> Spans {
        Spans { line_offset: first_line.saturating_sub(1), ..Spans::default() }
    }

    pub(crate) fn set_key(&mut self, path: &str, pos: Pos) {
        self.keys.insert(path.to_string(), pos);
    }

    pub(crate) fn set_value(&mut self, path: &str, pos: Pos) {
        self.values.insert(path.to_string(), pos);
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

    fn index(yaml: &str, first_line: usize) -> Spans {
        crate::yaml::load(yaml, first_line).unwrap().1
    }

    #[test]
    fn finds_keys_values_and_items() {
        let y = "name: A\nsnapshot:\n  median: $1K\n  days: 3\nfeatures:\n  - one\n  - two\n";
        let s = index(y, 2);
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
        let s = index("a: [x, y]\nb:\n  - {c: 1}\n", 1);
        assert_eq!(s.value("a[1]"), Pos { line: 1, column: 8 });
        assert_eq!(s.key("b[0].c"), Pos { line: 3, column: 6 });
    }
}
