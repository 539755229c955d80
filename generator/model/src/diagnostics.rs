//! Content errors that name the file, the line and column, the field and what was expected.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Diagnostic {
    /// Path of the content file as the agent knows it (e.g. `content/listings/x.md`).
    pub file: String,
    /// 1-based line in the file.
    pub line: usize,
    /// 1-based column in the file.
    pub column: usize,
    /// The field, as a path: `snapshot.median`, `features`, `buildings[2].name`; empty for the whole file.
    pub field: String,
    /// What is wrong and what is expected.
    pub message: String,
}

impl Diagnostic {
    /// A problem with a whole file (or folder), or with a `field` that has no place of its own in
    /// it (e.g. the text below the front matter): pointed at its start.
    pub fn at_start(file: impl Into<String>, field: &str, message: impl Into<String>) -> Diagnostic {
        Diagnostic { file: file.into(), line: 1, column: 1, field: field.into(), message: message.into() }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}:{}:{}: {}", self.file, self.line, self.column, self.message)
        } else {
            write!(f, "{}:{}:{}: {}: {}", self.file, self.line, self.column, self.field, self.message)
        }
    }
}

/// Every problem found in the content, sorted by file and position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// `value` if `validate` finds nothing wrong with it, else every problem it found, sorted.
    pub fn check<T>(value: T, validate: impl FnOnce(&T, &mut Vec<Diagnostic>)) -> Result<T, Diagnostics> {
        let mut out = Vec::new();
        validate(&value, &mut out);
        if out.is_empty() {
            Ok(value)
        } else {
            Err(Diagnostics(out).sorted())
        }
    }
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }
    pub fn sorted(mut self) -> Self {
        self.0.sort();
        self.0.dedup();
        self
    }
    pub fn files(&self) -> usize {
        let mut files: Vec<&str> = self.0.iter().map(|d| d.file.as_str()).collect();
        files.sort();
        files.dedup();
        files.len()
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.0 {
            writeln!(f, "{d}")?;
        }
        let (n, files) = (self.len(), self.files());
        write!(f, "{n} problem{} in {files} file{}", if n == 1 { "" } else { "s" }, if files == 1 { "" } else { "s" })
    }
}

impl std::error::Error for Diagnostics {}
