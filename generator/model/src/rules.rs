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

/// A rule the check holds in code, as the browser editor can hold it too: a regular expression
/// that accepts exactly what the check accepts (a test compares them on many inputs) and the
/// check's words for a refusal (the check adds what it found). The content's schemas carry both
/// (`pattern` on text, `x-pattern` on numbers, and `x-message`), so the editor refuses a value
/// before saving, in the words `generator check` would use.
pub struct Rule {
    pub pattern: &'static str,
    pub expected: &'static str,
}

pub const SLUG: Rule = Rule {
    pattern: r"^[a-z0-9]+(-[a-z0-9]+)*$",
    expected: "expected lowercase words joined by hyphens such as \"riverside-craftsman\"",
};
pub const PRICE: Rule = Rule { pattern: r"^\$\d{1,3}(,\d{3})*$", expected: "expected a price such as \"$1,250,000\"" };
pub const AREA: Rule =
    Rule { pattern: r"^(\d+|\d{1,3}(,\d{3})+)$", expected: "expected square feet such as \"2,450\"" };
pub const BEDS: Rule = Rule { pattern: r"^([1-9]|[1-4]\d|50)$", expected: "expected 1 to 50 bedrooms" };
pub const BATHS: Rule =
    Rule { pattern: r"^(0\.5|([1-9]|[1-4]\d)(\.5)?|50)$", expected: "expected bathrooms in halves such as 2 or 2.5" };
pub const ZIP: Rule = Rule { pattern: r"^\d{5}$", expected: "expected a five-digit ZIP code such as \"32205\"" };
pub const DAYS: Rule = Rule { pattern: r"^[1-9]\d{0,2}$", expected: "expected 1 to 999 days" };
pub const MEDIAN_PRICE: Rule =
    Rule { pattern: r"^([1-9]\d{3,8}|1000000000)$", expected: "expected a price in dollars such as 425000" };

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

pub fn is_beds(n: u32) -> bool {
    (1..=50).contains(&n)
}

/// 0.5 to 50, in halves.
pub fn is_baths(n: f64) -> bool {
    (0.5..=50.0).contains(&n) && (n * 2.0).fract() == 0.0
}

/// Median days on market.
pub fn is_days(n: u32) -> bool {
    (1..=999).contains(&n)
}

/// A market snapshot's median price, in dollars.
pub fn is_median_price(n: u64) -> bool {
    (1_000..=1_000_000_000).contains(&n)
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
        let cases: serde_json::Value = serde_json::from_str(include_str!("../../../spec/cases/rules.json")).unwrap();
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

#[cfg(test)]
mod editor_rules {
    use super::*;

    fn pattern(rule: &Rule) -> regex::Regex {
        regex::Regex::new(rule.pattern).unwrap()
    }

    /// Strings made of `alphabet`, every one up to `len` characters long.
    fn all_strings(alphabet: &[char], len: usize) -> Vec<String> {
        let mut out = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..len {
            last = last.iter().flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}"))).collect();
            out.extend(last.iter().cloned());
        }
        out
    }

    #[test]
    fn each_pattern_accepts_exactly_what_the_check_accepts() {
        type Case = (&'static Rule, fn(&str) -> bool, Vec<String>);
        let texts: [Case; 4] = [
            (&SLUG, is_slug, all_strings(&['a', 'z', '0', '-', 'A', '_'], 5)),
            (&PRICE, is_price, all_strings(&['$', '1', '0', ','], 7)),
            (&AREA, is_area, all_strings(&['2', '0', ',', ' '], 7)),
            (&ZIP, is_zip, all_strings(&['3', '0', 'a'], 6)),
        ];
        for (rule, check, inputs) in texts {
            let p = pattern(rule);
            for s in inputs {
                assert_eq!(p.is_match(&s), check(&s), "{:?} on {s:?}", rule.pattern);
            }
        }
        // Numbers as the editor holds them (JavaScript's String(n): 2, 2.5).
        let (beds, days, baths, median) = (pattern(&BEDS), pattern(&DAYS), pattern(&BATHS), pattern(&MEDIAN_PRICE));
        for n in 0..=1_200u32 {
            assert_eq!(beds.is_match(&n.to_string()), is_beds(n), "beds {n}");
            assert_eq!(days.is_match(&n.to_string()), is_days(n), "days {n}");
        }
        for halves in 0..=120u32 {
            for b in [f64::from(halves) / 2.0, f64::from(halves) / 2.0 + 0.25] {
                assert_eq!(baths.is_match(&b.to_string()), is_baths(b), "baths {b}");
            }
        }
        for n in
            [0, 1, 999, 1_000, 1_001, 425_000, 99_999_999, 999_999_999, 1_000_000_000, 1_000_000_001, 9_999_999_999]
        {
            assert_eq!(median.is_match(&n.to_string()), is_median_price(n), "median {n}");
        }
    }
}
