//! The inlined stylesheet: split into the sections each page kind needs, then minified.
//!
//! `site.css` is one hand-written file. A comment `/* @pages: home, listing */` starts a section
//! for those page kinds (`all` for every page); it lasts until the next such comment, and text
//! before the first one is for every page. A page inlines its kind's sections in file order.
//! The minifier is small and conservative: it drops comments, folds whitespace and removes it
//! where the grammar does not need it; strings are kept verbatim.

use anyhow::{bail, Result};

const MARKER: &str = "@pages:";

/// The minified stylesheet of each of `kinds`, in the same order.
pub fn for_kinds(css: &str, kinds: &[&str]) -> Result<Vec<String>> {
    let mut out = vec![String::new(); kinds.len()];
    let mut current: Vec<bool> = vec![true; kinds.len()];
    let mut rest = css;
    loop {
        let next = next_marker(rest);
        let (chunk, after) = match next {
            Some((start, _, _)) => (&rest[..start], Some(next.unwrap())),
            None => (rest, None),
        };
        for (i, on) in current.iter().enumerate() {
            if *on {
                out[i].push_str(chunk);
                out[i].push('\n');
            }
        }
        let Some((_, end, list)) = after else { break };
        let names: Vec<&str> = list.split(',').map(str::trim).filter(|n| !n.is_empty()).collect();
        if names.is_empty() {
            bail!("site.css: `/* {MARKER} */` names no page kind; use one or more of all, {}", kinds.join(", "));
        }
        for n in &names {
            if *n != "all" && !kinds.contains(n) {
                bail!(
                    "site.css: unknown page kind \"{n}\" in `/* {MARKER} {list} */`; the kinds are all, {}",
                    kinds.join(", ")
                );
            }
        }
        current = kinds.iter().map(|k| names.iter().any(|n| *n == "all" || n == k)).collect();
        rest = &rest[end..];
    }
    Ok(out.iter().map(|s| minify(s)).collect())
}

/// The next `/* @pages: … */` comment in `css`: (its start, its end, the list).
fn next_marker(css: &str) -> Option<(usize, usize, &str)> {
    let mut from = 0;
    while let Some(open) = css[from..].find("/*").map(|i| i + from) {
        let close = css[open + 2..].find("*/").map(|i| i + open + 2)?;
        let body = css[open + 2..close].trim();
        if let Some(list) = body.strip_prefix(MARKER) {
            return Some((open, close + 2, list.trim()));
        }
        from = close + 2;
    }
    None
}

/// Characters around which whitespace is never significant.
const TIGHT: &[char] = &['{', '}', ';', ',', '>', '~'];

pub fn minify(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut chars = css.chars().peekable();
    let mut pending_space = false;
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut prev = '\0';
                for d in chars.by_ref() {
                    if prev == '*' && d == '/' {
                        break;
                    }
                    prev = d;
                }
                pending_space = true;
            }
            '"' | '\'' => {
                flush_space(&mut out, &mut pending_space, c);
                out.push(c);
                let mut escaped = false;
                for d in chars.by_ref() {
                    out.push(d);
                    if escaped {
                        escaped = false;
                    } else if d == '\\' {
                        escaped = true;
                    } else if d == c {
                        break;
                    }
                }
            }
            c if c.is_whitespace() => pending_space = true,
            _ => {
                if c == '}' && out.ends_with(';') {
                    out.pop();
                }
                flush_space(&mut out, &mut pending_space, c);
                out.push(c);
            }
        }
    }
    out.trim().to_string()
}

/// Write a pending space before `next` only where it matters.
fn flush_space(out: &mut String, pending: &mut bool, next: char) {
    if std::mem::take(pending) {
        let prev = out.chars().last();
        let needless = match prev {
            None => true,
            Some(p) => TIGHT.contains(&p) || TIGHT.contains(&next) || p == ':' || p == '(' || next == ')',
        };
        if !needless {
            out.push(' ');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{for_kinds, minify};

    #[test]
    fn sections_go_to_their_kinds_in_order() {
        let css =
            ".a{x:1}\n/* @pages: home */\n.h{x:2}\n/* @pages: listing, home */\n.l{x:3}\n/* @pages: all */\n.z{x:4}";
        let out = for_kinds(css, &["home", "listing", "concierge"]).unwrap();
        assert_eq!(out, [".a{x:1}.h{x:2}.l{x:3}.z{x:4}", ".a{x:1}.l{x:3}.z{x:4}", ".a{x:1}.z{x:4}"]);
        assert!(for_kinds("/* @pages: hme */", &["home"])
            .unwrap_err()
            .to_string()
            .contains("unknown page kind \"hme\""));
    }

    #[test]
    fn folds_whitespace_and_comments_but_keeps_meaning() {
        let css = "/* a */\n.a  > .b:hover ,\n.c {\n  color: red;\n  margin: 0 auto;\n}\n@media (min-width: 40em) and (scripting: enabled) {\n  .d::after { content: \"a  /* b */ c\"; }\n}\n.e :focus-visible{width:calc(100% - 2rem)}";
        assert_eq!(
            minify(css),
            ".a>.b:hover,.c{color:red;margin:0 auto}@media (min-width:40em) and (scripting:enabled){.d::after{content:\"a  /* b */ c\"}}.e :focus-visible{width:calc(100% - 2rem)}"
        );
    }
}
