//! Text made safe for HTML: the templates' escaping and JSON inside `<script>`.

use anyhow::{Context, Result};

/// Escapes text for HTML content and quoted attribute values. Unlike Tera's default it leaves
/// `/` alone, so URLs stay readable (`href="/neighborhoods/riverside/"`).
pub fn escape_html(s: &str) -> String {
    let special = |b: &u8| matches!(b, b'&' | b'<' | b'>' | b'"' | b'\'');
    let Some(first) = s.bytes().position(|b| special(&b)) else {
        return s.to_string();
    };
    let mut out = String::with_capacity(s.len() + 16);
    out.push_str(&s[..first]);
    let mut plain = first;
    for (i, b) in s.bytes().enumerate().skip(first) {
        let entity = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        out.push_str(&s[plain..i]);
        out.push_str(entity);
        plain = i + 1;
    }
    out.push_str(&s[plain..]);
    out
}

/// JSON that is safe inside `<script>`: `</` cannot end the element and `<!--` cannot start
/// the escaped state in which a later `</script>` would be swallowed.
pub fn script_json(value: &impl serde::Serialize) -> Result<String> {
    let json = serde_json::to_string(value).context("serializing JSON for a <script>")?;
    if !json.contains('<') {
        return Ok(json);
    }
    Ok(json.replace("</", "<\\/").replace("<!--", "\\u003c!--"))
}
