//! The portal's form posted without JavaScript (multipart/form-data, RFC 7578), read as it arrives:
//! the boundary, which parts may come and how large, and what a body that cannot be read gets.
//! A reader of its own, not multer: multer and what it brings (http's header types, mime, bytes)
//! were a large share of the worker's wasm, which V8 checks at every cold start. No I/O:
//! routes/concierge/without_script.rs feeds it the body's chunks; the host fuzzes it and checks it
//! against multer (multipart/tests.rs).

use crate::concierge::{refuse, Refused};
use jax_model::forms::Forms;

/// The boundary a `multipart/form-data` Content-Type names, or a 400.
pub fn boundary(content_type: &str) -> Result<String, Refused> {
    let bad = |why: &str| refuse(400, "request", format!("The form could not be read: {why}."));
    let media = content_type.split(';').next().unwrap_or_default().trim();
    if !media.eq_ignore_ascii_case("multipart/form-data") {
        return Err(bad("it is not multipart/form-data"));
    }
    // The parameters as written; a quoted value may hold a ';' of its own.
    let mut rest = &content_type[content_type.find(';').map_or(content_type.len(), |i| i + 1)..];
    loop {
        rest = rest.trim_start_matches([' ', '\t', ';']);
        let Some(eq) = rest.find('=') else { return Err(bad("its Content-Type names no boundary")) };
        let key = param_name(&rest[..eq]);
        let value = &rest[eq + 1..];
        let (value, after) = match value.strip_prefix('"') {
            Some(quoted) => match unquote(quoted) {
                Some((v, after)) => (v, after),
                None => return Err(bad("a quoted parameter is not closed")),
            },
            None => {
                let end = value.find(';').unwrap_or(value.len());
                (value[..end].trim().to_string(), &value[end..])
            }
        };
        if key.eq_ignore_ascii_case("boundary") {
            return if is_boundary(&value) { Ok(value) } else { Err(bad("its boundary is not one RFC 2046 allows")) };
        }
        rest = after;
    }
}

/// A parameter's name: what precedes its `=` after the last `;` (a parameter without a value
/// before it is skipped).
fn param_name(before_eq: &str) -> &str {
    before_eq.rsplit(';').next().unwrap_or_default().trim()
}

/// A quoted string's value (backslash escapes undone) and what follows its closing quote.
fn unquote(s: &str) -> Option<(String, &str)> {
    let mut value = String::new();
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((value, &s[i + 1..])),
            '\\' => value.push(chars.next()?.1),
            c => value.push(c),
        }
    }
    None
}

/// RFC 2046: 1 to 70 of its characters, not ending in a space.
fn is_boundary(b: &str) -> bool {
    (1..=70).contains(&b.len())
        && !b.ends_with(' ')
        && b.bytes().all(|c| c.is_ascii_alphanumeric() || b"'()+_,-./:=? ".contains(&c))
}

/// Which parts may come and how large each may be.
pub struct Limits {
    /// The whole body, preamble and all.
    whole: u64,
    /// Each document.
    file: u64,
    /// Each other part.
    text: u64,
    documents: Vec<String>,
    texts: Vec<String>,
}

/// Only the portal's parts: each document up to the file limit, the client's details, the
/// acknowledgment and the honeypot up to the body limit, and at most `whole_stream` bytes in all.
pub fn limits(forms: &Forms, whole_stream: u64) -> Limits {
    let c = &forms.concierge;
    let mut texts: Vec<String> = c.fields.iter().map(|f| f.name.clone()).collect();
    texts.extend([c.acknowledgment.field.clone(), forms.honeypot.clone()]);
    Limits {
        whole: whole_stream,
        file: c.max_file_bytes,
        text: u64::from(forms.limits.body_max_bytes),
        documents: c.documents.iter().map(|d| d.field.clone()).collect(),
        texts,
    }
}

/// What the reader found next.
#[derive(Debug, PartialEq)]
pub enum Step {
    /// It needs the next chunk (`feed`), or to know there is none (`end`).
    More,
    /// A part begins: its name, and its file name if it has one.
    Part { name: String, file_name: Option<String> },
    /// The part's next bytes.
    Data(Vec<u8>),
    /// The part is whole.
    PartEnd,
    /// The closing boundary: the form is whole (what follows it is not read).
    Done,
}

enum State {
    /// Before the first boundary (a preamble is allowed, and dropped).
    Preamble,
    /// Just past a boundary: `--` closes the form, a line break starts a part.
    Boundary,
    Headers,
    /// In a part: its name, its size so far and its limit.
    Body {
        name: String,
        size: u64,
        max: u64,
    },
    Done,
}

/// A part's headers may take this much (browsers send a small fraction of it).
const HEADERS_MAX: usize = 8 * 1024;

/// A multipart body read chunk by chunk: `step` says what comes next, each part's bytes as they
/// arrive (never a document whole).
pub struct Reader {
    /// `\r\n--boundary`: what ends each part (the body is read as if it began with `\r\n`).
    delimiter: Vec<u8>,
    buf: Vec<u8>,
    received: u64,
    ended: bool,
    state: State,
    limits: Limits,
    too_large: String,
}

impl Reader {
    pub fn new(forms: &Forms, boundary: &str, limits: Limits) -> Reader {
        Reader {
            delimiter: format!("\r\n--{boundary}").into_bytes(),
            buf: b"\r\n".to_vec(),
            received: 0,
            ended: false,
            state: State::Preamble,
            limits,
            too_large: forms.concierge.toasts.too_large.description.clone(),
        }
    }

    /// The body's next chunk: a 413 once the body is over its limit.
    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), Refused> {
        self.received += chunk.len() as u64;
        if self.received > self.limits.whole {
            return Err(refuse(413, "request", &self.too_large));
        }
        self.buf.extend_from_slice(chunk);
        Ok(())
    }

    /// The body has no more chunks.
    pub fn end(&mut self) {
        self.ended = true;
    }

    /// A chunk read only to be dropped (the rest of a body refused): false once the body is over
    /// its limit, when no more of it is worth reading.
    pub fn discard(&mut self, len: usize) -> bool {
        self.buf.clear();
        self.received += len as u64;
        self.received <= self.limits.whole
    }

    pub fn step(&mut self) -> Result<Step, Refused> {
        let cut_short = || refuse(400, "request", "The form could not be read: it ends before its closing boundary.");
        match &mut self.state {
            State::Done => Ok(Step::Done),
            State::Preamble => match find(&self.buf, &self.delimiter) {
                Some(at) => {
                    self.buf.drain(..at + self.delimiter.len());
                    self.state = State::Boundary;
                    self.step()
                }
                None if self.ended => Err(cut_short()),
                None => {
                    // What cannot begin a boundary is dropped as it comes.
                    let keep = self.delimiter.len() - 1;
                    self.buf.drain(..self.buf.len().saturating_sub(keep));
                    Ok(Step::More)
                }
            },
            State::Boundary => {
                // Transport padding (spaces, tabs) may follow a boundary before its line break.
                let padding = self.buf.iter().take_while(|b| matches!(b, b' ' | b'\t')).count();
                let rest = &self.buf[padding..];
                if rest.starts_with(b"--") && padding == 0 {
                    self.state = State::Done;
                    return Ok(Step::Done);
                }
                if rest.starts_with(b"\r\n") {
                    self.buf.drain(..padding + 2);
                    self.state = State::Headers;
                    return self.step();
                }
                let could_be = rest.is_empty() || rest == b"\r" || (rest == b"-" && padding == 0);
                match (could_be, self.ended) {
                    (true, false) => Ok(Step::More),
                    (true, true) => Err(cut_short()),
                    (false, _) => Err(refuse(400, "request", "The form could not be read: a boundary runs on.")),
                }
            }
            State::Headers => {
                let end =
                    if self.buf.starts_with(b"\r\n") { Some(0) } else { find(&self.buf, b"\r\n\r\n").map(|i| i + 2) };
                let Some(end) = end else {
                    return match (self.buf.len() > HEADERS_MAX, self.ended) {
                        (true, _) => {
                            Err(refuse(400, "request", "The form could not be read: a part's headers are too long."))
                        }
                        (false, true) => Err(cut_short()),
                        (false, false) => Ok(Step::More),
                    };
                };
                let (name, file_name) = disposition(&self.buf[..end])?;
                self.buf.drain(..end + 2);
                let max = if self.limits.documents.contains(&name) {
                    self.limits.file
                } else if self.limits.texts.contains(&name) {
                    self.limits.text
                } else {
                    let field = if name.is_empty() { "request" } else { &name };
                    return Err(refuse(400, field, "This form has no such field."));
                };
                self.state = State::Body { name: name.clone(), size: 0, max };
                Ok(Step::Part { name, file_name })
            }
            State::Body { name, size, max } => {
                let (take, at_end) = match find(&self.buf, &self.delimiter) {
                    Some(at) => (at, true),
                    // Held back: what could be the start of the delimiter.
                    None => (self.buf.len().saturating_sub(self.delimiter.len() - 1), false),
                };
                if take > 0 {
                    *size += take as u64;
                    if *size > *max {
                        return Err(refuse(413, name, &self.too_large));
                    }
                    return Ok(Step::Data(self.buf.drain(..take).collect()));
                }
                if at_end {
                    self.buf.drain(..self.delimiter.len());
                    self.state = State::Boundary;
                    return Ok(Step::PartEnd);
                }
                if self.ended {
                    Err(cut_short())
                } else {
                    Ok(Step::More)
                }
            }
        }
    }
}

/// Where `needle` first occurs in `haystack`: a scan for its first byte (a line break's `\r`, rare
/// in a document's bytes), each found compared whole; about a byte a nanosecond.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = haystack[from..].iter().position(|&b| b == needle[0]) {
        let at = from + i;
        if haystack[at..].starts_with(needle) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// A part's name and file name, from its headers (each line ending in a line break): its
/// Content-Disposition's `name` and `filename`; a part without a name is named "".
fn disposition(headers: &[u8]) -> Result<(String, Option<String>), Refused> {
    let unreadable = || refuse(400, "request", "The form could not be read: a part's headers are not UTF-8.");
    let headers = std::str::from_utf8(headers).map_err(|_| unreadable())?;
    let mut found = (String::new(), None);
    for line in headers.split("\r\n") {
        let Some((header, value)) = line.split_once(':') else { continue };
        if !header.trim().eq_ignore_ascii_case("content-disposition") {
            continue;
        }
        let mut rest = value.split_once(';').map_or("", |(_, params)| params);
        while let Some(eq) = rest.find('=') {
            let key = param_name(&rest[..eq]).to_ascii_lowercase();
            let value = rest[eq + 1..].trim_start();
            let (value, after) = match value.strip_prefix('"') {
                Some(quoted) => unquote(quoted).ok_or_else(|| {
                    refuse(400, "request", "The form could not be read: a quoted name is not closed.")
                })?,
                None => {
                    let end = value.find(';').unwrap_or(value.len());
                    (value[..end].trim().to_string(), &value[end..])
                }
            };
            match key.as_str() {
                "name" => found.0 = value,
                "filename" => found.1 = Some(value),
                _ => {}
            }
            rest = after;
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests;
