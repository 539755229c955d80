//! The agent's Markdown as HTML. Raw HTML in the text is shown as text (it is the agent's words,
//! not markup), headings are placed under the section heading they sit in (the shallowest
//! becomes `top`, the rest keep their relative depth, so no level is skipped), and images become
//! their description (an image needs its size reserved, which only the image pipeline knows).

use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

fn options() -> Options {
    Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TABLES
}

/// HTML of `md` whose shallowest heading becomes `<h{top}>`.
pub fn to_html(md: &str, top: u8) -> String {
    let mut in_image = 0usize;
    let mut events: Vec<Event> = Vec::new();
    for event in Parser::new_ext(md, options()) {
        match event {
            Event::Html(s) | Event::InlineHtml(s) => events.push(Event::Text(s)),
            Event::Start(Tag::Image { .. }) => in_image += 1,
            Event::End(TagEnd::Image) => in_image = in_image.saturating_sub(1),
            // Inside an image the events are its alt text: keep the words only.
            Event::Text(t) | Event::Code(t) if in_image > 0 => events.push(Event::Text(t)),
            _ if in_image > 0 => {}
            e => events.push(e),
        }
    }
    let shallowest = events.iter().filter_map(|e| match e {
        Event::Start(Tag::Heading { level, .. }) => Some(*level as u8),
        _ => None,
    });
    if let Some(min) = shallowest.min() {
        let place = |level: HeadingLevel| {
            let n = (level as u8 - min + top).clamp(1, 6);
            HeadingLevel::try_from(n as usize).unwrap_or(HeadingLevel::H6)
        };
        for e in &mut events {
            match e {
                Event::Start(Tag::Heading { level, .. }) | Event::End(TagEnd::Heading(level)) => *level = place(*level),
                _ => {}
            }
        }
    }
    let mut html = String::with_capacity(md.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    html
}

/// The words of `md`, for meta descriptions: no markup, whitespace folded.
pub fn plain_text(md: &str) -> String {
    let mut out = String::with_capacity(md.len());
    for event in Parser::new_ext(md, options()) {
        let piece: Option<CowStr> = match event {
            Event::Text(t) | Event::Code(t) | Event::Html(t) | Event::InlineHtml(t) => Some(t),
            Event::SoftBreak
            | Event::HardBreak
            | Event::End(TagEnd::Paragraph)
            | Event::End(TagEnd::Heading(_))
            | Event::End(TagEnd::Item) => Some(" ".into()),
            _ => None,
        };
        if let Some(p) = piece {
            out.push_str(&p);
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// At most `max` characters, cut at a word boundary with an ellipsis.
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max.saturating_sub(1)).collect();
    let cut = match cut.rfind(' ') {
        Some(i) if i > max / 2 => &cut[..i],
        _ => &cut[..],
    };
    format!("{}…", cut.trim_end_matches([',', ';', ':', '.', ' ', '—', '-']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_raw_html_and_shifts_headings() {
        let html = to_html("## Title\n\nHello <script>alert(1)</script> **there**\n\n<div>block</div>\n\n![A porch](x.jpg)\n\n#### Deeper", 3);
        assert!(html.contains("<h3>Title</h3>") && html.contains("<h5>Deeper</h5>"), "{html}");
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "{html}");
        assert!(html.contains("&lt;div&gt;block&lt;/div&gt;"), "{html}");
        assert!(html.contains("<strong>there</strong>"));
        assert!(!html.contains("<img") && html.contains("A porch"), "{html}");
        assert!(!html.contains("<script"));
    }

    #[test]
    fn plain_text_and_truncation() {
        assert_eq!(plain_text("A **bold** move.\n\n- one\n- two"), "A bold move. one two");
        assert_eq!(truncate("one two three four", 12), "one two…");
        assert_eq!(truncate("short", 12), "short");
    }
}
