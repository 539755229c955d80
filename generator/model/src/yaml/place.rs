//! Where a node is said to stand. libyaml marks where each node's text begins; the positions our
//! diagnostics have always given (from the yaml-rust2 index this parse replaced) differ for a few
//! kinds of node, and are kept: a block mapping stands at its first key's `:`, a block scalar at
//! its first line of text, a list not indented under its key at its first item, an empty value at
//! whatever follows it, and a value with an anchor or tag after those.

use super::libyaml::Mark;
use crate::spans::Pos;

pub(super) struct Place<'a> {
    pub src: &'a str,
    pub first_line: usize,
}

fn blanks(s: &str) -> usize {
    s.len() - s.trim_start_matches([' ', '\t']).len()
}

impl Place<'_> {
    pub fn pos(&self, m: Mark) -> Pos {
        Pos { line: m.line + self.first_line, column: m.column + 1 }
    }

    fn rest(&self, m: Mark) -> &str {
        self.src.get(m.index..).unwrap_or_default()
    }

    /// `m` moved on by `n` bytes.
    fn at(&self, m: Mark, n: usize) -> Pos {
        let skipped = self.rest(m).get(..n).unwrap_or_default();
        let pos = self.pos(m);
        match skipped.rfind('\n') {
            None => Pos { line: pos.line, column: pos.column + skipped.chars().count() },
            Some(i) => {
                Pos { line: pos.line + skipped.matches('\n').count(), column: skipped[i + 1..].chars().count() + 1 }
            }
        }
    }

    /// The `:` after a key that ends at `end`, if it is on the same line.
    pub fn colon(&self, end: Mark) -> Option<Pos> {
        let n = blanks(self.rest(end));
        self.rest(end)[n..].starts_with(':').then(|| self.at(end, n))
    }

    /// The first item of a list whose `-` is at `m`.
    pub fn first_item(&self, m: Mark) -> Pos {
        self.at(m, 1 + blanks(self.rest(m).get(1..).unwrap_or_default()))
    }

    /// A block scalar's first line of text, or its end if it has none.
    pub fn block_scalar(&self, start: Mark, end: Mark) -> Pos {
        let body = self.src.get(start.index..end.index).unwrap_or_default();
        let found = body.split_inclusive('\n').enumerate().skip(1).find_map(|(line, text)| {
            let indent = text.bytes().take_while(|b| *b == b' ').count();
            (!text.trim().is_empty()).then_some((line, indent))
        });
        match found {
            Some((line, indent)) => Pos { line: self.pos(start).line + line, column: indent + 1 },
            // Empty: where it ends, or its indicator if that is the end of the text.
            None if end.index >= self.src.len() => self.pos(start),
            None => self.pos(end),
        }
    }

    /// An empty value at `m`: in a flow mapping, its `:`; otherwise what follows it, past blanks,
    /// line breaks, comments and a next item's `-`; past the end, the line after the last.
    pub fn empty(&self, m: Mark, flow: bool) -> Pos {
        let before = self.src.get(..m.index).unwrap_or_default().trim_end_matches([' ', '\t']);
        if flow && before.ends_with(':') {
            let back = self.src[before.len() - 1..m.index].chars().count();
            let pos = self.pos(m);
            return Pos { line: pos.line, column: pos.column.saturating_sub(back) };
        }
        let rest = self.rest(m);
        let mut n = 0;
        loop {
            n = rest.len() - rest[n..].trim_start_matches([' ', '\t', '\r', '\n']).len();
            if rest[n..].starts_with('#') {
                n += rest[n..].find('\n').unwrap_or(rest.len() - n);
            } else if rest[n..].starts_with("- ") || rest[n..].starts_with("-\n") {
                n += 1;
            } else {
                break;
            }
        }
        if n < rest.len() {
            return self.at(m, n);
        }
        let lines = self.src.matches('\n').count() + usize::from(!self.src.is_empty() && !self.src.ends_with('\n'));
        Pos { line: self.first_line + lines, column: 1 }
    }

    /// The node after its anchor (`&a`) and tag (`!t`), which libyaml's mark includes.
    pub fn after_properties(&self, m: Mark) -> Pos {
        let rest = self.rest(m);
        let mut n = 0;
        while rest[n..].starts_with(['&', '!']) {
            n += rest[n..].find([' ', '\t', '\r', '\n']).unwrap_or(rest.len() - n);
            n += blanks(&rest[n..]);
        }
        self.at(m, n)
    }
}
