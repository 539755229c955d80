//! One file of the built site, held in memory until the whole build has succeeded.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// Path under the output folder, with `/` separators: `index.html`, `neighborhoods/ortega/index.html`.
    pub path: String,
    pub bytes: Vec<u8>,
}

impl Output {
    pub fn new(path: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Self {
        Output { path: path.into(), bytes: bytes.into() }
    }
}
