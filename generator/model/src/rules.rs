//! Small format rules shared by content validation and, later, form validation at the edge.

use crate::diagnostics::Diagnostic;
use crate::document::Source;

/// A pragmatic address check: one `@`, a dotted domain, no spaces or header-breaking characters.
pub fn is_email(s: &str) -> bool {
    let s = s.trim();
    if s.len() > 254
        || s.chars().any(|c| c.is_whitespace() || c.is_control() || matches!(c, '<' | '>' | ',' | ';' | '"'))
    {
        return false;
    }
    let Some((local, domain)) = s.split_once('@') else { return false };
    !local.is_empty()
        && local.len() <= 64
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
        && domain.split('.').next_back().is_some_and(|tld| tld.len() >= 2 && tld.chars().all(char::is_alphabetic))
}

/// A phone number a person could dial: 7 to 15 digits, with the usual punctuation.
pub fn is_phone(s: &str) -> bool {
    let s = s.trim();
    let digits = s.chars().filter(char::is_ascii_digit).count();
    (7..=15).contains(&digits) && s.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c)) && !s[1..].contains('+')
}

pub fn is_https_url(s: &str) -> bool {
    s.strip_prefix("https://").is_some_and(|rest| {
        let host = rest.split(['/', '?', '#']).next().unwrap_or("");
        host.contains('.') && !host.contains(char::is_whitespace) && !rest.contains(char::is_whitespace)
    })
}

/// Lowercase words joined by hyphens: the form of routes and ids.
pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with('-')
        && !s.ends_with('-')
        && !s.contains("--")
        && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// `$1,350,000`
pub fn is_price(s: &str) -> bool {
    let Some(num) = s.strip_prefix('$') else { return false };
    let groups: Vec<&str> = num.split(',').collect();
    !groups[0].is_empty()
        && groups[0].len() <= 3
        && groups.iter().all(|g| g.chars().all(|c| c.is_ascii_digit()))
        && groups[1..].iter().all(|g| g.len() == 3)
}

/// `2,450` or `2450`
pub fn is_area(s: &str) -> bool {
    let groups: Vec<&str> = s.split(',').collect();
    !groups[0].is_empty()
        && groups.iter().all(|g| !g.is_empty() && g.chars().all(|c| c.is_ascii_digit()))
        && (groups.len() == 1 || (groups[0].len() <= 3 && groups[1..].iter().all(|g| g.len() == 3)))
}

pub fn is_zip(s: &str) -> bool {
    s.len() == 5 && s.chars().all(|c| c.is_ascii_digit())
}

/// Every listed field must hold text, not just spaces.
pub fn require_text(src: &Source, out: &mut Vec<Diagnostic>, fields: &[(&str, &str)]) {
    for (field, value) in fields {
        if value.trim().is_empty() {
            out.push(src.at_value(field, "expected text, found an empty value"));
        }
    }
}

/// An image path relative to content/: a file under images/ of a kind the generator handles.
pub fn image_path_problem(path: &str) -> Option<String> {
    let lower = path.to_ascii_lowercase();
    if path.starts_with('/') || path.contains("..") || path.contains('\\') {
        return Some(format!("expected a path inside content/ such as images/x.jpg, found \"{path}\""));
    }
    if ![".jpg", ".jpeg", ".png", ".svg", ".webp"].iter().any(|e| lower.ends_with(e)) {
        return Some(format!("expected a .jpg, .jpeg, .png, .webp or .svg image, found \"{path}\""));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert!(
            is_email("a.b@example.com")
                && !is_email("a@b")
                && !is_email("a b@x.com")
                && !is_email("x@y.com\r\nBcc: z@q.com")
        );
        assert!(
            is_phone("(904) 555-0147")
                && is_phone("+1 904 555 0147")
                && !is_phone("12")
                && !is_phone("904-555-0147 ext<")
        );
        assert!(is_price("$1,350,000") && is_price("$895,000") && !is_price("$1350,000") && !is_price("1,350,000"));
        assert!(is_area("2,450") && is_area("980") && !is_area("24,50") && !is_area(""));
        assert!(is_zip("32202") && !is_zip("3220") && !is_zip("3220a"));
        assert!(is_slug("san-marco") && !is_slug("San-Marco") && !is_slug("san--marco") && !is_slug("-x"));
        assert!(
            is_https_url("https://www.google.com/maps/d/embed?mid=1")
                && !is_https_url("http://x.com")
                && !is_https_url("https://localhost")
        );
        assert!(
            image_path_problem("images/a.jpg").is_none()
                && image_path_problem("../a.jpg").is_some()
                && image_path_problem("images/a.gif").is_some()
        );
    }
}

#[cfg(test)]
mod shared_cases {
    /// The same cases run against the browser's mirror of these rules (site/src/lib/rules.test.ts).
    #[test]
    fn email_and_phone_cases_shared_with_the_browser() {
        let cases: serde_json::Value = serde_json::from_str(include_str!("../tests/cases/rules.json")).unwrap();
        for (rule, check) in [("email", super::is_email as fn(&str) -> bool), ("phone", super::is_phone)] {
            for (group, expected) in [("valid", true), ("invalid", false)] {
                for case in cases[rule][group].as_array().unwrap() {
                    let s = case.as_str().unwrap();
                    assert_eq!(check(s), expected, "{rule} {s:?} should be {group}");
                }
            }
        }
    }
}
