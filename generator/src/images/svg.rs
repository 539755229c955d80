//! The intrinsic size of an SVG, read from its root element with an XML parser.

use anyhow::{bail, Context, Result};

/// Size from the root `<svg>`'s `width`/`height` (plain numbers or `px`), else its `viewBox`;
/// one of width/height plus a viewBox gives the other by aspect ratio.
pub(super) fn size(bytes: &[u8]) -> Result<(u32, u32)> {
    let text = std::str::from_utf8(bytes).context("not UTF-8 text")?;
    // SVG editors write DOCTYPEs (with internal entities); roxmltree still guards against
    // entity explosions.
    let options = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
    let doc = roxmltree::Document::parse_with_options(text, options).context("not well-formed XML")?;
    let root = doc.root_element();
    let tag = root.tag_name().name();
    if tag != "svg" {
        bail!("the root element is <{tag}>, not <svg>");
    }
    let width = root.attribute("width").and_then(length);
    let height = root.attribute("height").and_then(length);
    let view_box = root.attribute("viewBox").and_then(view_box);
    let round = |v: f64| (v.round() as u32).max(1);
    match (width, height, view_box) {
        (Some(w), Some(h), _) => Ok((round(w), round(h))),
        (Some(w), None, Some((vw, vh))) => Ok((round(w), round(w * vh / vw))),
        (None, Some(h), Some((vw, vh))) => Ok((round(h * vw / vh), round(h))),
        (None, None, Some((vw, vh))) => Ok((round(vw), round(vh))),
        _ => bail!(
            "the root <svg> element has neither width and height (in px) nor a viewBox; add e.g. viewBox=\"0 0 100 100\""
        ),
    }
}

/// `"120"`, `"120px"`, `"120.5"`; `None` for relative units (`%`, `em`, …).
fn length(value: &str) -> Option<f64> {
    let v = value.trim();
    let v = v.strip_suffix("px").unwrap_or(v).trim_end();
    let n: f64 = v.parse().ok()?;
    (n.is_finite() && n > 0.0).then_some(n)
}

/// Width and height of a `viewBox="min-x min-y width height"` (whitespace or commas).
fn view_box(value: &str) -> Option<(f64, f64)> {
    let nums: Vec<f64> = value
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<f64>())
        .collect::<Result<_, _>>()
        .ok()?;
    match nums[..] {
        [_, _, w, h] if w.is_finite() && h.is_finite() && w > 0.0 && h > 0.0 => Some((w, h)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size_of(s: &str) -> Result<(u32, u32), String> {
        size(s.as_bytes()).map_err(|e| format!("{e:#}"))
    }

    #[test]
    fn sizes() {
        assert_eq!(size_of(r#"<svg width="100%" height="100%" viewBox="0 0 300 150"/>"#), Ok((300, 150)));
        assert_eq!(size_of(r#"<svg width="600" viewBox="0 0 300 150"/>"#), Ok((600, 300)));
        assert_eq!(size_of(r#"<svg height="50px" viewBox="0 0 300 150"></svg>"#), Ok((100, 50)));
        assert_eq!(
            size_of(r#"<svg:svg xmlns:svg="http://www.w3.org/2000/svg" width="10.6" height="3"/>"#),
            Ok((11, 3))
        );
        assert_eq!(size_of("\u{feff}<svg viewBox='0,0 64.4 32'><circle r='3'/></svg>"), Ok((64, 32)));
        // Entities declared in the DOCTYPE are expanded; a size in a comment is not the size.
        assert_eq!(
            size_of(r#"<!DOCTYPE svg [ <!ENTITY w "120"> ]><!-- <svg width="1"> --><svg width="&w;" height='80'/>"#),
            Ok((120, 80))
        );
    }

    #[test]
    fn errors() {
        assert!(size_of(r#"<svg width="100%"/>"#).unwrap_err().contains("viewBox"));
        assert!(size_of(r#"<html><svg width="1" height="1"/></html>"#).unwrap_err().contains("<html>"));
        assert!(size_of("<svg width='1").unwrap_err().contains("not well-formed XML"));
        assert!(size_of("hello").is_err());
        assert!(size(b"<svg width='\xff'/>").unwrap_err().to_string().contains("UTF-8"));
    }
}
