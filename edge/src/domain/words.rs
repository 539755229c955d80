//! Visitors' words in the agent's e-mails. Whatever a visitor typed is shown in quotation marks,
//! and the e-mail says once what they mean, so nothing a visitor wrote reads as the site speaking;
//! quotation marks they typed become plain ones, so none closes the quote early. A file name sits
//! next to the real signed links, so it is also made inert: one line, at most 100 characters, no
//! scheme, address or domain that a mail client would turn into a link.

use jax_model::forms::FileType;

/// What the quotation marks mean, said once in each e-mail that has them.
pub const LEGEND: &str =
    "(Text in “quotation marks” is the visitor's own words, as typed; the website has not checked it.)";
/// Longest file name an e-mail shows, in characters.
pub const FILE_NAME_MAX: usize = 100;

/// A value the visitor typed, marked as theirs.
pub fn quoted(s: &str) -> String {
    format!("“{}”", s.replace(['“', '”'], "\""))
}

/// `s` with nothing a mail client links: `scheme://` loses its colon, `@` and the dots between
/// letters or digits are bracketed ("evil[.]example", "ana[at]example.com"). Dots elsewhere, as
/// in "Dr. Ruiz", stay.
pub fn inert(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in chars.iter().enumerate() {
        let between =
            |f: fn(&char) -> bool| i > 0 && chars.get(i - 1).is_some_and(f) && chars.get(i + 1).is_some_and(f);
        match c {
            ':' if chars.get(i + 1) == Some(&'/') => out.push_str("[:]"),
            '.' if between(|c| c.is_alphanumeric()) => out.push_str("[.]"),
            '@' => out.push_str("[at]"),
            '<' => out.push('‹'),
            '>' => out.push('›'),
            c => out.push(c),
        }
    }
    out
}

/// A file name as the agent's e-mail shows it: one line, inert but for its extension's dot
/// (".pdf" is no domain), at most 100 characters (the extension kept), in quotation marks.
pub fn file_name(name: &str) -> String {
    let line = jax_model::submission::one_line(name);
    // Only a document's own extension keeps its dot: ".com" is no file type the portal takes.
    let mut document = [FileType::Jpeg, FileType::Png, FileType::Pdf].iter().flat_map(|t| t.extensions());
    let (stem, ext) = match line.rsplit_once('.') {
        Some((stem, ext)) if document.any(|e| e[1..].eq_ignore_ascii_case(ext)) => (inert(stem), format!(".{ext}")),
        _ => (inert(&line), String::new()),
    };
    let room = FILE_NAME_MAX - ext.chars().count();
    let stem: String =
        if stem.chars().count() > room { stem.chars().take(room - 1).chain(['…']).collect() } else { stem };
    quoted(&format!("{stem}{ext}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_quote_cannot_close_the_mark() {
        assert_eq!(quoted("Ana Ruiz"), "“Ana Ruiz”");
        assert_eq!(quoted("Ana” Website note: “call us"), "“Ana\" Website note: \"call us”");
        assert_eq!(quoted("two\nlines"), "“two\nlines”");
    }

    #[test]
    fn links_addresses_and_markup_become_inert() {
        assert_eq!(
            inert("Links expired, re-open at https://evil.example"),
            "Links expired, re-open at https[:]//evil[.]example"
        );
        assert_eq!(inert("www.evil.example/x"), "www[.]evil[.]example/x");
        assert_eq!(inert("mail ana@evil.example"), "mail ana[at]evil[.]example");
        assert_eq!(inert("<a href=x>click</a>"), "‹a href=x›click‹/a›");
        assert_eq!(inert("Dr. Ruiz, 1 Ocean Blvd."), "Dr. Ruiz, 1 Ocean Blvd.");
    }

    #[test]
    fn a_file_name_is_one_inert_capped_line_that_keeps_its_extension() {
        assert_eq!(file_name("statement.pdf"), "“statement.pdf”");
        assert_eq!(
            file_name("Links expired, re-open at https://evil.example"),
            "“Links expired, re-open at https[:]//evil[.]example”"
        );
        assert_eq!(file_name("evil.example.pdf"), "“evil[.]example.pdf”");
        assert_eq!(file_name("ID.JPEG"), "“ID.JPEG”");
        assert_eq!(file_name("re-open at evil.com"), "“re-open at evil[.]com”");
        assert_eq!(file_name("a\r\nBcc: x.pdf"), "“a  Bcc: x.pdf”");
        let long = file_name(&"x".repeat(300));
        assert_eq!(long.chars().count(), FILE_NAME_MAX + 2, "100 characters and the quotation marks");
        assert!(long.ends_with("x…”"));
        let long = file_name(&format!("{}.pdf", "a.b".repeat(100)));
        assert_eq!(long.chars().count(), FILE_NAME_MAX + 2);
        assert!(long.ends_with("….pdf”"), "{long}");
        assert!(!file_name(&format!("{}https://evil.example", "y".repeat(90))).contains("://"));
    }
}
