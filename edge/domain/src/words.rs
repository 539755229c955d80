//! Visitors' words in the e-mails and CRM records a stranger can cause. Template params carry what
//! the visitor typed as typed (cleaned by jax_model::submission), with only its links made
//! unclickable and its markup made text (`unlinked`, the one function every sender uses), so a
//! "message", a name or a search's words cannot become a link or a tag the reader is lured by
//! (spec/cases/hostile-text.json holds the cases both sides' tests read). Where the worker writes prose of its own
//! around a visitor's words (the concierge's file names, the delivery notice), those words are in
//! quotation marks and the e-mail says once what they mean; quotation marks they typed become
//! plain ones, so none closes the quote early. A file name sits next to the real signed links, so
//! it is made wholly inert: one line, at most 100 characters, no scheme, address or domain.

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

/// What the lead e-mail's body says once, after the visitor's values.
pub const VISITOR_WORDS: &str =
    "(Each value above is the visitor's own words, as typed; links in them are not clickable.)";

/// Generic top-level domains that mail clients link (every two-letter one, a country's, is
/// taken too).
const TLDS: [&str; 40] = [
    "com", "net", "org", "info", "biz", "edu", "gov", "mil", "int", "io", "app", "dev", "xyz", "online", "site", "top",
    "shop", "store", "club", "live", "link", "click", "page", "tech", "website", "space", "icu", "vip", "pro", "cloud",
    "email", "mobi", "name", "life", "news", "blog", "homes", "realty", "money", "finance",
];

/// `word` with `scheme://` losing its colon, `@` and the dots between letters or digits
/// bracketed ("evil[.]example", "ana[at]example.com").
fn bracket(word: &str, also: fn(char) -> Option<char>) -> String {
    let chars: Vec<char> = word.chars().collect();
    let mut out = String::with_capacity(word.len());
    for (i, &c) in chars.iter().enumerate() {
        let between = |f: fn(&char) -> bool| i > 0 && f(&chars[i - 1]) && chars.get(i + 1).is_some_and(f);
        match c {
            ':' if chars.get(i + 1) == Some(&'/') => out.push_str("[:]"),
            '.' if between(|c| c.is_alphanumeric()) => out.push_str("[.]"),
            '@' => out.push_str("[at]"),
            c => out.push(also(c).unwrap_or(c)),
        }
    }
    out
}

/// Markup's angle brackets as look-alikes: a template that takes a value raw (EmailJS's `{{{…}}}`)
/// or a CRM that shows HTML gets text, not a tag.
fn no_markup(c: char) -> Option<char> {
    match c {
        '<' => Some('‹'),
        '>' => Some('›'),
        _ => None,
    }
}

/// `s` with nothing a mail client links: every scheme, address and domain bracketed, and markup's
/// angle brackets turned into look-alikes. Dots elsewhere, as in "Dr. Ruiz", stay.
pub fn inert(s: &str) -> String {
    bracket(s, no_markup)
}

/// Whether `host` (what precedes a path) is a domain a mail client would link: labels of letters,
/// digits and hyphens, the last one a two-letter or a common top-level domain.
fn is_domain(host: &str) -> bool {
    let labels: Vec<&str> = host.split('.').collect();
    let tld = labels.last().map(|l| l.to_ascii_lowercase()).unwrap_or_default();
    labels.len() >= 2
        && labels.iter().all(|l| !l.is_empty() && l.chars().all(|c| c.is_alphanumeric() || c == '-'))
        && tld.chars().all(|c| c.is_ascii_alphabetic())
        && (tld.len() == 2 || TLDS.contains(&tld.as_str()))
}

/// Whether a word (no white space) holds a link: a scheme, `www.`, an e-mail address or a domain.
fn is_link(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    let core = word.trim_matches(|c: char| !c.is_alphanumeric());
    let host = |s: &str| s.split(['/', '?', '#', ':']).next().unwrap_or("").to_string();
    lower.contains("://")
        || lower.contains("www.")
        || core.rsplit_once('@').is_some_and(|(_, domain)| is_domain(&host(domain)))
        || is_domain(&host(core))
}

/// A visitor's text as typed but for its links, which lose what makes them clickable (`inert`'s
/// brackets, word by word), and its markup, whose angle brackets become look-alikes; "1.5 baths",
/// "$1.2M", "Dr. J.R. Ruiz" and line breaks stay as they are.
pub fn unlinked(s: &str) -> String {
    s.split_inclusive(char::is_whitespace)
        .map(|piece| {
            let word = piece.trim_end_matches(char::is_whitespace);
            let space = &piece[word.len()..];
            // A tag's attribute (`href="https://…"`) is a word that holds a link.
            if is_link(word) {
                format!("{}{space}", bracket(word, no_markup))
            } else {
                piece.chars().map(|c| no_markup(c).unwrap_or(c)).collect()
            }
        })
        .collect()
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

/// spec/cases/hostile-text.json: what a stranger may type, and what every e-mail and CRM record
/// shows of it.
#[cfg(test)]
#[derive(serde::Deserialize)]
pub(crate) struct HostileCase {
    pub why: String,
    pub text: String,
    pub inert: String,
}

#[cfg(test)]
pub(crate) fn hostile_cases() -> Vec<HostileCase> {
    #[derive(serde::Deserialize)]
    struct Table {
        cases: Vec<HostileCase>,
    }
    let table: Table = serde_json::from_str(include_str!("../../../spec/cases/hostile-text.json")).unwrap();
    table.cases
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
    fn only_the_links_and_the_markup_in_a_text_lose_their_power() {
        let typed = "Hi, I'm Dr. J.R. Ruiz. 1.5 baths at $1.2M?\nCall 904-555-0142, e.g. at 9 a.m.";
        assert_eq!(unlinked(typed), typed, "words stay as typed");
        assert_eq!(unlinked("<b>Thanks</b> <3"), "‹b›Thanks‹/b› ‹3");
        assert_eq!(
            unlinked("See https://evil.example/x or www.evil.com, mail me: ana@evil.io.\nOr evil.com/pay"),
            "See https[:]//evil[.]example/x or www[.]evil[.]com, mail me: ana[at]evil[.]io.\nOr evil[.]com/pay"
        );
        assert_eq!(unlinked("(visit EVIL.CO.UK)"), "(visit EVIL[.]CO[.]UK)");
        assert_eq!(unlinked("St.Johns Town Center"), "St.Johns Town Center", "not a domain a client links");
    }

    /// The hostile cases both sides read: each as the e-mail shows it, with nothing a client links.
    #[test]
    fn every_hostile_case_comes_out_inert() {
        for case in hostile_cases() {
            let shown = unlinked(&case.text);
            assert_eq!(shown, case.inert, "{}", case.why);
            assert!(!shown.contains("://") && !shown.contains(['<', '>']), "{}: {shown}", case.why);
        }
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
