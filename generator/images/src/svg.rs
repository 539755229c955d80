//! SVG sources: their intrinsic size, read from the root element with an XML parser, and their
//! drawing rendered to pixels (resvg) for the raster variants a page shows.

use anyhow::{anyhow, bail, Context, Result};
use resvg::{tiny_skia, usvg};

/// What one reading of an SVG's XML tells the pipeline.
#[derive(Debug)]
pub(super) struct Outline {
    pub width: u32,
    pub height: u32,
    /// Whether the drawing has text: resvg is built without fonts (the build's machine would
    /// choose them), so such an SVG is served as it is and the browser draws its text.
    pub text: bool,
}

/// Size from the root `<svg>`'s `width`/`height` (plain numbers or `px`), else its `viewBox`;
/// one of width/height plus a viewBox gives the other by aspect ratio.
pub(super) fn outline(bytes: &[u8]) -> Result<Outline> {
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
    let (width, height) = match (width, height, view_box) {
        (Some(w), Some(h), _) => (round(w), round(h)),
        (Some(w), None, Some((vw, vh))) => (round(w), round(w * vh / vw)),
        (None, Some(h), Some((vw, vh))) => (round(h * vw / vh), round(h)),
        (None, None, Some((vw, vh))) => (round(vw), round(vh)),
        _ => bail!(
            "the root <svg> element has neither width and height (in px) nor a viewBox; add e.g. viewBox=\"0 0 100 100\""
        ),
    };
    let text = doc.descendants().any(|n| n.tag_name().name() == "text");
    Ok(Outline { width, height, text })
}

/// The drawing rendered `width` pixels wide (its height by its aspect ratio): straight (not
/// premultiplied) RGBA bytes, row after row, and the height.
pub(super) fn render(bytes: &[u8], width: u32) -> Result<(u32, Vec<u8>)> {
    let tree = usvg::Tree::from_data(bytes, &usvg::Options::default()).context("reading the SVG's drawing")?;
    let size = tree.size();
    let scale = width as f32 / size.width();
    let height = ((size.height() * scale).round() as u32).max(1);
    let mut pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or_else(|| anyhow!("cannot draw it {width}×{height} pixels"))?;
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    let rgba = pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    Ok((height, rgba))
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
        outline(s.as_bytes()).map(|o| (o.width, o.height)).map_err(|e| format!("{e:#}"))
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
    fn text_is_found_anywhere() {
        assert!(outline(br#"<svg viewBox="0 0 9 9"><g><text x="1">Hi</text></g></svg>"#).unwrap().text);
        assert!(!outline(br#"<svg viewBox="0 0 9 9"><!-- <text> --><rect width="1" height="1"/></svg>"#).unwrap().text);
    }

    #[test]
    fn renders_at_the_width_asked() {
        let svg = br##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"><rect width="10" height="10" fill="#f00"/></svg>"##;
        let (height, rgba) = render(svg, 200).unwrap();
        assert_eq!((height, rgba.len()), (100, 200 * 100 * 4));
        let at = |x: usize, y: usize| &rgba[(y * 200 + x) * 4..][..4];
        // The left half red and opaque, the right half transparent.
        assert_eq!((at(50, 50), at(150, 50)[3]), (&[255, 0, 0, 255][..], 0));
    }

    #[test]
    fn errors() {
        assert!(size_of(r#"<svg width="100%"/>"#).unwrap_err().contains("viewBox"));
        assert!(size_of(r#"<html><svg width="1" height="1"/></html>"#).unwrap_err().contains("<html>"));
        assert!(size_of("<svg width='1").unwrap_err().contains("not well-formed XML"));
        assert!(size_of("hello").is_err());
        assert!(outline(b"<svg width='\xff'/>").unwrap_err().to_string().contains("UTF-8"));
    }
}
