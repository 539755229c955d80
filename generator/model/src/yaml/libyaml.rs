//! A safe face on libyaml's event parser: `unsafe-libyaml-norway` is the C library transpiled to
//! Rust (the maintained fork of the one serde_yaml ran), so documents read and fail exactly as they
//! always have. All of this crate's `unsafe` is here.

use std::ffi::CStr;
use std::marker::PhantomData;
use std::mem::MaybeUninit;
use unsafe_libyaml_norway as unsafe_sys;

/// A position in the text: byte index, 0-based line and column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Mark {
    pub index: usize,
    pub line: usize,
    pub column: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Style {
    Plain,
    Quoted,
    /// `|` or `>`.
    Block,
}

pub(super) enum Event {
    StreamEnd,
    DocumentStart,
    Alias(String),
    Scalar {
        anchor: Option<String>,
        tag: Option<String>,
        value: String,
        style: Style,
    },
    SequenceStart {
        anchor: Option<String>,
        tag: Option<String>,
        block: bool,
    },
    SequenceEnd,
    MappingStart {
        anchor: Option<String>,
        tag: Option<String>,
        block: bool,
    },
    MappingEnd,
    /// Stream start and document end: nothing to build.
    Other,
}

/// libyaml's complaint: what, where, and in what context (e.g. where an unclosed `[` opened).
pub(super) struct Error {
    pub problem: String,
    pub mark: Mark,
    /// Byte offset, for the reader's complaints (which have no mark).
    pub offset: usize,
    pub context: Option<(String, Mark)>,
}

pub(super) struct Parser<'a> {
    sys: Box<unsafe_sys::yaml_parser_t>,
    input: PhantomData<&'a [u8]>,
}

fn mark(m: unsafe_sys::yaml_mark_t) -> Mark {
    Mark { index: m.index as usize, line: m.line as usize, column: m.column as usize }
}

/// An owned copy of a NUL-terminated string from libyaml, if there is one.
///
/// # Safety
/// `p` is null or points at a NUL-terminated string.
unsafe fn text(p: *const u8) -> Option<String> {
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p.cast()) }.to_string_lossy().into_owned())
}

impl<'a> Parser<'a> {
    pub fn new(input: &'a str) -> Parser<'a> {
        let mut raw = Box::<unsafe_sys::yaml_parser_t>::new_uninit();
        // SAFETY: initialize fills the whole struct (or fails only when out of memory); the input
        // outlives the parser ('a), which only reads it.
        unsafe {
            assert!(!unsafe_sys::yaml_parser_initialize(raw.as_mut_ptr()).fail, "libyaml: out of memory");
            let mut parser = raw.assume_init();
            unsafe_sys::yaml_parser_set_encoding(&mut *parser, unsafe_sys::YAML_UTF8_ENCODING);
            unsafe_sys::yaml_parser_set_input_string(&mut *parser, input.as_ptr(), input.len() as u64);
            Parser { sys: parser, input: PhantomData }
        }
    }

    /// The next event with where it starts and ends.
    pub fn next(&mut self) -> Result<(Event, Mark, Mark), Error> {
        let mut event = MaybeUninit::<unsafe_sys::yaml_event_t>::uninit();
        // SAFETY: the parser is initialised; a parsed event is read, then deleted once.
        unsafe {
            if self.sys.error != unsafe_sys::YAML_NO_ERROR
                || unsafe_sys::yaml_parser_parse(&mut *self.sys, event.as_mut_ptr()).fail
            {
                return Err(error(&self.sys));
            }
            let event = event.as_mut_ptr();
            let converted = convert(&*event);
            let (start, end) = (mark((*event).start_mark), mark((*event).end_mark));
            unsafe_sys::yaml_event_delete(event);
            Ok((converted, start, end))
        }
    }
}

/// # Safety
/// `e` is an event just returned by the parser, not yet deleted.
unsafe fn convert(e: &unsafe_sys::yaml_event_t) -> Event {
    unsafe {
        match e.type_ {
            unsafe_sys::YAML_STREAM_END_EVENT => Event::StreamEnd,
            unsafe_sys::YAML_DOCUMENT_START_EVENT => Event::DocumentStart,
            unsafe_sys::YAML_ALIAS_EVENT => Event::Alias(text(e.data.alias.anchor).unwrap_or_default()),
            unsafe_sys::YAML_SCALAR_EVENT => {
                let s = &e.data.scalar;
                let bytes = std::slice::from_raw_parts(s.value, s.length as usize);
                let style = match s.style {
                    unsafe_sys::YAML_PLAIN_SCALAR_STYLE => Style::Plain,
                    unsafe_sys::YAML_LITERAL_SCALAR_STYLE | unsafe_sys::YAML_FOLDED_SCALAR_STYLE => Style::Block,
                    _ => Style::Quoted,
                };
                let value = String::from_utf8_lossy(bytes).into_owned();
                Event::Scalar { anchor: text(s.anchor), tag: text(s.tag), value, style }
            }
            unsafe_sys::YAML_SEQUENCE_START_EVENT => {
                let s = &e.data.sequence_start;
                let block = s.style == unsafe_sys::YAML_BLOCK_SEQUENCE_STYLE;
                Event::SequenceStart { anchor: text(s.anchor), tag: text(s.tag), block }
            }
            unsafe_sys::YAML_SEQUENCE_END_EVENT => Event::SequenceEnd,
            unsafe_sys::YAML_MAPPING_START_EVENT => {
                let m = &e.data.mapping_start;
                let block = m.style == unsafe_sys::YAML_BLOCK_MAPPING_STYLE;
                Event::MappingStart { anchor: text(m.anchor), tag: text(m.tag), block }
            }
            unsafe_sys::YAML_MAPPING_END_EVENT => Event::MappingEnd,
            _ => Event::Other,
        }
    }
}

/// # Safety
/// `p` is a parser whose last call failed.
unsafe fn error(p: &unsafe_sys::yaml_parser_t) -> Error {
    unsafe {
        let problem = text(p.problem.cast()).unwrap_or_else(|| "libyaml parser failed but there is no error".into());
        let context = text(p.context.cast()).map(|c| (c, mark(p.context_mark)));
        Error { problem, mark: mark(p.problem_mark), offset: p.problem_offset as usize, context }
    }
}

impl Drop for Parser<'_> {
    fn drop(&mut self) {
        // SAFETY: initialised in `new`, deleted once.
        unsafe { unsafe_sys::yaml_parser_delete(&mut *self.sys) }
    }
}
