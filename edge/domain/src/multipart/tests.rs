//! The reader on the host: properties of every body, whole and in pieces, and the same parts as
//! multer (the reader it replaced) for every form a browser sends.

use super::*;
use crate::content::content;
use proptest::collection::vec;
use proptest::prelude::*;
use std::collections::VecDeque;
use std::convert::Infallible;
use std::future::Future;
use std::task::{Context, Poll, Waker};

/// A part as read back: its name, file name and content.
type Part = (String, Option<String>, Vec<u8>);

fn forms() -> &'static Forms {
    &content().forms
}

/// What routes::concierge::multipart_max allows the worker's whole form.
fn whole() -> u64 {
    let c = &forms().concierge;
    c.max_file_bytes * c.documents.len() as u64 + u64::from(forms().limits.body_max_bytes)
}

fn allowed() -> Vec<String> {
    let f = forms();
    let mut names: Vec<String> = f.concierge.documents.iter().map(|d| d.field.clone()).collect();
    names.extend(f.concierge.fields.iter().map(|x| x.name.clone()));
    names.extend([f.concierge.acknowledgment.field.clone(), f.honeypot.clone()]);
    names
}

/// `body` cut at `cuts`, as a network delivers it.
fn pieces(body: &[u8], cuts: &[usize]) -> VecDeque<Vec<u8>> {
    let mut at: Vec<usize> = cuts.iter().map(|c| c % (body.len() + 1)).chain([0, body.len()]).collect();
    at.sort_unstable();
    at.dedup();
    at.windows(2).map(|w| body[w[0]..w[1]].to_vec()).collect()
}

/// Reads `body` as the worker does, every part whole, within `whole` bytes; the body arrives cut
/// at `cuts`.
fn read(body: &[u8], cuts: &[usize], boundary: &str, whole: u64) -> Result<Vec<Part>, Refused> {
    let mut pieces = pieces(body, cuts);
    let mut reader = Reader::new(forms(), boundary, limits(forms(), whole));
    let mut out: Vec<Part> = Vec::new();
    loop {
        match reader.step()? {
            Step::More => match pieces.pop_front() {
                Some(piece) => reader.feed(&piece)?,
                None => reader.end(),
            },
            Step::Part { name, file_name } => out.push((name, file_name, Vec::new())),
            Step::Data(bytes) => out.last_mut().expect("data comes in a part").2.extend(bytes),
            Step::PartEnd => {}
            Step::Done => return Ok(out),
        }
    }
}

/// Polls to the end. Still pending after this many polls is a stall: the test fails rather than
/// hangs.
fn run<T>(f: impl Future<Output = T>) -> T {
    let mut f = std::pin::pin!(f);
    let mut cx = Context::from_waker(Waker::noop());
    for _ in 0..1_000_000 {
        if let Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return v;
        }
    }
    panic!("multer stalled");
}

/// The same body read by multer, with the constraints the worker gave it; None for an error.
fn read_by_multer(body: &[u8], cuts: &[usize], boundary: &str) -> Option<Vec<Part>> {
    let f = forms();
    let c = &f.concierge;
    let text_max = u64::from(f.limits.body_max_bytes);
    let names = allowed();
    let sizes =
        names.iter().fold(multer::SizeLimit::new().whole_stream(whole()).per_field(c.max_file_bytes), |l, n| {
            if c.documents.iter().any(|d| &d.field == n) {
                l
            } else {
                l.for_field(n.clone(), text_max)
            }
        });
    let constraints = multer::Constraints::new().allowed_fields(names).size_limit(sizes);
    let mut pieces = pieces(body, cuts);
    let mut paused = false;
    let stream = futures_util::stream::poll_fn(move |cx| {
        paused = !paused;
        if paused {
            cx.waker().wake_by_ref();
            return Poll::Pending;
        }
        Poll::Ready(pieces.pop_front().map(Ok::<_, Infallible>))
    });
    let mut parts = multer::Multipart::with_constraints(stream, boundary, constraints);
    run(async move {
        let mut out = Vec::new();
        while let Some(part) = parts.next_field().await.ok()? {
            let (name, file_name) = (part.name().unwrap_or_default().to_string(), part.file_name().map(str::to_string));
            out.push((name, file_name, part.bytes().await.ok()?.to_vec()));
        }
        Some(out)
    })
}

/// A form as a browser sends it.
fn body(boundary: &str, parts: &[Part]) -> Vec<u8> {
    let mut b = Vec::new();
    for (name, file_name, content) in parts {
        b.extend(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"").as_bytes());
        if let Some(f) = file_name {
            b.extend(format!("; filename=\"{f}\"\r\nContent-Type: application/pdf").as_bytes());
        }
        b.extend(b"\r\n\r\n");
        b.extend(content);
        b.extend(b"\r\n");
    }
    b.extend(format!("--{boundary}--\r\n").as_bytes());
    b
}

/// Every refusal is a 4xx naming a field and a reason.
fn is_4xx(refused: &Refused) -> Result<(), TestCaseError> {
    let (status, errors) = refused;
    prop_assert!((400..500).contains(status), "status {status}");
    prop_assert!(!errors.is_empty());
    for e in errors {
        prop_assert!(!e.field.is_empty() && !e.message.is_empty(), "{e:?}");
    }
    Ok(())
}

/// RFC 2046's boundary characters, 1 to 70 of them.
fn boundaries() -> impl Strategy<Value = String> {
    "[0-9A-Za-z'()+_,./:=?-]{1,70}"
}

/// Content, made sure not to hold the delimiter itself.
fn contents(boundary: &str) -> impl Strategy<Value = Vec<u8>> {
    let delimiter = format!("\r\n--{boundary}").into_bytes();
    vec(any::<u8>(), 0..400)
        .prop_filter("holds the delimiter", move |c| !c.windows(delimiter.len()).any(|w| w == delimiter))
}

/// A portal form: a boundary and up to 8 allowed parts, some with a file name.
fn forms_sent() -> impl Strategy<Value = (String, Vec<Part>)> {
    boundaries().prop_flat_map(|b| {
        let part = (prop::sample::select(allowed()), prop::option::of("[A-Za-z0-9 ._-]{1,30}"), contents(&b));
        (Just(b), vec(part, 0..8))
    })
}

/// Pieces of a multipart body, valid and not, to reach every state of the reader.
fn tokens(boundary: String) -> impl Strategy<Value = Vec<u8>> {
    let mut names = allowed();
    names.extend(["other".into(), String::new(), "acknowledgment\"; name=\"x".into()]);
    vec(
        prop_oneof![
            Just(format!("--{boundary}").into_bytes()),
            Just(b"\r\n".to_vec()),
            Just(b"--".to_vec()),
            Just(b"\r\n\r\n".to_vec()),
            prop::sample::select(names)
                .prop_map(|n| format!("Content-Disposition: form-data; name=\"{n}\"").into_bytes()),
            Just(b"; filename=\"a.pdf\"\r\nContent-Type: application/pdf".to_vec()),
            vec(any::<u8>(), 0..64),
        ],
        0..40,
    )
    .prop_map(|t| t.concat())
}

/// A real form with a few bytes flipped, inserted or removed.
fn mutated() -> impl Strategy<Value = (String, Vec<u8>)> {
    (forms_sent(), vec((any::<usize>(), 1..=255u8, 0..3u8), 1..6)).prop_map(|((b, parts), edits)| {
        let mut sent = body(&b, &parts);
        for (at, byte, edit) in edits {
            let at = at % sent.len();
            match edit {
                0 => sent[at] ^= byte,
                1 => sent.insert(at, byte),
                _ => drop(sent.remove(at)),
            }
        }
        (b, sent)
    })
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(cases) }
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn a_real_form_reads_back_whole((b, parts) in forms_sent(), cuts in vec(any::<usize>(), 0..16), quoted in any::<bool>()) {
        let content_type = if quoted { format!("multipart/form-data; boundary=\"{b}\"") } else { format!("Multipart/Form-Data;boundary={b}") };
        if quoted || !b.contains(|c: char| "(),/:=?".contains(c)) {
            prop_assert_eq!(boundary(&content_type), Ok(b.clone()));
        }
        prop_assert_eq!(read(&body(&b, &parts), &cuts, &b, whole()), Ok(parts));
    }

    #[test]
    fn a_form_reads_as_multer_read_it((b, parts) in forms_sent(), cuts in vec(any::<usize>(), 0..16), padding in "[ \t]{0,3}", preamble in any::<bool>()) {
        // Transport padding after each boundary, and a preamble before the first: both allowed.
        let mut sent = body(&b, &parts);
        for at in (0..sent.len()).rev() {
            if sent[at..].starts_with(format!("--{b}\r\n").as_bytes()) && (at == 0 || sent[..at].ends_with(b"\r\n")) {
                let end = at + 2 + b.len();
                sent.splice(end..end, padding.bytes());
            }
        }
        if preamble {
            sent.splice(0..0, b"This is a multi-part message.\r\n".iter().copied());
        }
        prop_assert_eq!(read(&sent, &cuts, &b, whole()), Ok(parts.clone()));
        prop_assert_eq!(read_by_multer(&sent, &cuts, &b), Some(parts));
    }

    #[test]
    fn an_unknown_part_is_a_400_naming_it((b, mut parts) in forms_sent(), name in "[A-Za-z0-9_.]{0,12}", at in any::<usize>(), cuts in vec(any::<usize>(), 0..16)) {
        prop_assume!(!allowed().contains(&name));
        parts.insert(at % (parts.len() + 1), (name.clone(), None, b"x".to_vec()));
        let refused = read(&body(&b, &parts), &cuts, &b, whole()).unwrap_err();
        is_4xx(&refused)?;
        prop_assert_eq!(refused.0, 400);
        prop_assert_eq!(&refused.1[0].field, if name.is_empty() { "request" } else { &name });
    }

    #[test]
    fn a_form_over_the_whole_limit_is_a_413((b, parts) in forms_sent(), limit in any::<u64>(), cuts in vec(any::<usize>(), 0..16)) {
        let sent = body(&b, &parts);
        // Read up to the end of the closing delimiter, the form is over any smaller limit.
        let limit = limit % (sent.len() as u64 - 2);
        let refused = read(&sent, &cuts, &b, limit).unwrap_err();
        is_4xx(&refused)?;
        prop_assert_eq!((refused.0, refused.1[0].field.as_str()), (413, "request"));
    }

    #[test]
    fn a_form_cut_short_is_a_400((b, parts) in forms_sent(), cut in any::<usize>(), cuts in vec(any::<usize>(), 0..16)) {
        let sent = body(&b, &parts);
        let cut = cut % (sent.len() - 2);
        let refused = read(&sent[..cut], &cuts, &b, whole()).unwrap_err();
        is_4xx(&refused)?;
        prop_assert_eq!(refused.0, 400);
    }

    #[test]
    fn any_body_is_read_or_refused_with_a_4xx(
        (b, sent) in prop_oneof![
            mutated(),
            boundaries().prop_flat_map(|b| (Just(b.clone()), prop_oneof![tokens(b), vec(any::<u8>(), 0..2000)])),
        ],
        cuts in vec(any::<usize>(), 0..16),
    ) {
        match read(&sent, &cuts, &b, whole()) {
            Ok(parts) => prop_assert!(parts.iter().all(|(name, _, _)| allowed().contains(name))),
            Err(refused) => is_4xx(&refused)?,
        }
    }

    #[test]
    fn any_content_type_gives_a_boundary_or_a_400(
        content_type in prop_oneof![
            "\\PC*",
            "[ -~]{0,30}; ?boundary=[0-9A-Za-z-]{0,10}",
            "multipart/form-data; ?boundary=[0-9A-Za-z'+_.-]{0,80}[ -~]?",
            "multipart/form-data; boundary=\"[ !#-\\[\\]-~]{0,80}\"?",
        ],
        sent in vec(any::<u8>(), 0..300),
    ) {
        match boundary(&content_type) {
            Ok(b) => {
                // Whatever boundary is taken, a form sent with it reads back.
                let ack = vec![(forms().concierge.acknowledgment.field.clone(), None, b"true".to_vec())];
                prop_assert_eq!(read(&body(&b, &ack), &[], &b, whole()), Ok(ack));
                if let Err(refused) = read(&sent, &[], &b, whole()) {
                    is_4xx(&refused)?;
                }
            }
            Err(refused) => {
                is_4xx(&refused)?;
                prop_assert_eq!(refused.0, 400);
            }
        }
    }
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn a_text_part_over_the_body_limit_is_a_413(b in boundaries(), which in any::<bool>(), by in -50i64..50, fill in any::<u8>()) {
        let f = forms();
        let name = if which { f.honeypot.clone() } else { f.concierge.acknowledgment.field.clone() };
        let size = (i64::from(f.limits.body_max_bytes) + by) as usize;
        let sent = body(&b, &[(name.clone(), None, vec![fill; size])]);
        match read(&sent, &[size / 2], &b, whole()) {
            Ok(parts) => prop_assert!(by <= 0 && parts[0].2.len() == size),
            Err(refused) => {
                is_4xx(&refused)?;
                prop_assert!(by > 0);
                prop_assert_eq!((refused.0, refused.1[0].field.as_str()), (413, name.as_str()));
            }
        }
    }
}

#[test]
fn a_document_over_the_file_limit_is_a_413() {
    let c = &forms().concierge;
    let max = c.max_file_bytes as usize;
    let field = c.documents[0].field.clone();
    let sent = |size| body("x", &[(field.clone(), Some("id.pdf".into()), vec![b'a'; size])]);
    assert_eq!(read(&sent(max), &[], "x", whole()).unwrap()[0].2.len(), max);
    let (status, errors) = read(&sent(max + 1), &[], "x", whole()).unwrap_err();
    assert_eq!(
        (status, errors[0].field.as_str(), errors[0].message.as_str()),
        (413, field.as_str(), "Please upload a file smaller than 10MB.")
    );
}

#[test]
fn names_are_read_quoted_or_not_with_other_parameters_and_headers_around() {
    let f = forms();
    let ack = f.concierge.acknowledgment.field.clone();
    let doc = f.concierge.documents[0].field.clone();
    let sent = format!(
        "--x\r\nContent-Type: text/plain\r\ncontent-disposition: form-data; x; NAME={ack}\r\n\r\ntrue\r\n\
         --x\r\nContent-Disposition: form-data; filename=\"a \\\"b\\\"; c.pdf\"; name=\"{doc}\"\r\n\r\n%PDF\r\n--x--"
    );
    assert_eq!(
        read(sent.as_bytes(), &[], "x", whole()),
        Ok(vec![(ack, None, b"true".to_vec()), (doc, Some("a \"b\"; c.pdf".into()), b"%PDF".to_vec())])
    );
    assert_eq!(boundary("Multipart/Form-Data ; charset ; boundary=\"a b\"; x=y"), Ok("a b".into()));
}

#[test]
fn what_is_not_a_form_gets_the_reason() {
    let why = |sent: &str| read(sent.as_bytes(), &[], "x", whole()).unwrap_err().1[0].message.clone();
    let header = |ct: &str| boundary(ct).unwrap_err().1[0].message.clone();
    assert_eq!(why("--x\r\n"), "The form could not be read: it ends before its closing boundary.");
    assert_eq!(why("--xy\r\n\r\n--x--"), "The form could not be read: a boundary runs on.");
    assert_eq!(
        why(&format!("--x\r\n{}", "a".repeat(9000))),
        "The form could not be read: a part's headers are too long."
    );
    assert_eq!(
        why("--x\r\nContent-Disposition: form-data; name=\"a\r\n\r\n--x--"),
        "The form could not be read: a quoted name is not closed."
    );
    assert_eq!(header("text/plain; boundary=x"), "The form could not be read: it is not multipart/form-data.");
    assert_eq!(
        header("multipart/form-data; charset=utf-8"),
        "The form could not be read: its Content-Type names no boundary."
    );
    assert_eq!(
        header("multipart/form-data; boundary=\"\""),
        "The form could not be read: its boundary is not one RFC 2046 allows."
    );
    assert_eq!(
        header("multipart/form-data; boundary=\"x"),
        "The form could not be read: a quoted parameter is not closed."
    );
}
