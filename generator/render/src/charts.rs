//! Charts drawn at build time as inline SVG: no JavaScript, and the same figures for screen
//! readers as a title, a description and a table (visually hidden, since the chart shows them).

use crate::html::escape_html;

/// One value of a chart: its name (a month, a neighborhood), the number and how pages write it.
pub struct Point {
    pub name: String,
    pub value: f64,
    pub text: String,
}

/// What a chart says about itself: `id` must be unique in the page (its title and description
/// are referenced by id); `columns` head the hidden table (what names the points, what the values are).
pub struct Labels<'a> {
    pub id: &'a str,
    pub title: &'a str,
    pub description: &'a str,
    pub columns: [&'a str; 2],
}

/// The table a screen reader reads instead of the drawing.
fn table(l: &Labels, points: &[Point]) -> String {
    let mut t = format!(
        "<div class=\"visually-hidden\"><table><caption>{}</caption><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead><tbody>",
        escape_html(l.title),
        escape_html(l.columns[0]),
        escape_html(l.columns[1])
    );
    for p in points {
        t.push_str(&format!(
            "<tr><th scope=\"row\">{}</th><td>{}</td></tr>",
            escape_html(&p.name),
            escape_html(&p.text)
        ));
    }
    // In a div: a table ignores `width` and `overflow`, so it would widen the page.
    t.push_str("</tbody></table></div>");
    t
}

fn svg_open(class: &str, l: &Labels, width: f64, height: f64) -> String {
    format!(
        "<svg class=\"{class}\" viewBox=\"0 0 {width} {height}\" role=\"img\" aria-labelledby=\"{id}-title {id}-desc\" focusable=\"false\"><title id=\"{id}-title\">{}</title><desc id=\"{id}-desc\">{}</desc>",
        escape_html(l.title),
        escape_html(l.description),
        id = escape_html(l.id),
    )
}

/// Two decimals are plenty for a drawing, and keep the markup short.
fn n(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

const TREND_W: f64 = 160.0;
const TREND_H: f64 = 48.0;
const PAD: f64 = 5.0;

/// A small line chart of one figure over time (oldest first), first and last value marked.
pub fn trend(l: &Labels, points: &[Point]) -> String {
    let (lo, hi) =
        points.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| (lo.min(p.value), hi.max(p.value)));
    let span = if hi > lo { hi - lo } else { 1.0 };
    let step = if points.len() > 1 { (TREND_W - 2.0 * PAD) / (points.len() - 1) as f64 } else { 0.0 };
    let xy: Vec<(f64, f64)> = points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let y = if hi > lo { TREND_H - PAD - (p.value - lo) / span * (TREND_H - 2.0 * PAD) } else { TREND_H / 2.0 };
            (PAD + step * i as f64, y)
        })
        .collect();
    let mut s = svg_open("trend", l, TREND_W, TREND_H);
    let line: Vec<String> = xy.iter().map(|(x, y)| format!("{},{}", n(*x), n(*y))).collect();
    s.push_str(&format!("<polyline class=\"trend__line\" points=\"{}\"/>", line.join(" ")));
    for (x, y) in xy.first().into_iter().chain(xy.last().filter(|_| xy.len() > 1)) {
        s.push_str(&format!("<circle class=\"trend__dot\" cx=\"{}\" cy=\"{}\" r=\"3\"/>", n(*x), n(*y)));
    }
    s.push_str("</svg>");
    s + &table(l, points)
}

const BAR_W: f64 = 400.0;
const BAR_ROW: f64 = 30.0;
/// Where the bars start: the names are right-aligned before it.
const BAR_X: f64 = 168.0;
/// Room after the longest bar for its value.
const BAR_VALUE: f64 = 64.0;

/// Horizontal bars, one per point in the given order, each with its name and its value.
pub fn bars(l: &Labels, points: &[Point]) -> String {
    let max = points.iter().map(|p| p.value).fold(0.0, f64::max);
    let height = BAR_ROW * points.len() as f64;
    let mut s = svg_open("bars", l, BAR_W, height);
    for (i, p) in points.iter().enumerate() {
        let y = BAR_ROW * i as f64;
        let w = if max > 0.0 { (BAR_W - BAR_X - BAR_VALUE) * p.value / max } else { 0.0 };
        s.push_str(&format!(
            "<text class=\"bars__name\" x=\"{}\" y=\"{}\">{}</text><rect class=\"bars__bar\" x=\"{BAR_X}\" y=\"{}\" width=\"{}\" height=\"{}\"/><text class=\"bars__value\" x=\"{}\" y=\"{}\">{}</text>",
            n(BAR_X - 8.0),
            n(y + BAR_ROW / 2.0 + 5.0),
            escape_html(&p.name),
            n(y + 6.0),
            n(w),
            n(BAR_ROW - 12.0),
            n(BAR_X + w + 6.0),
            n(y + BAR_ROW / 2.0 + 5.0),
            escape_html(&p.text),
        ));
    }
    s.push_str("</svg>");
    s + &table(l, points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pts(values: &[(&str, f64)]) -> Vec<Point> {
        values.iter().map(|(name, v)| Point { name: name.to_string(), value: *v, text: format!("${v}") }).collect()
    }
    const L: Labels =
        Labels { id: "t", title: "Price <in> Ortega", description: "From 1 to 2.", columns: ["Month", "Price"] };

    #[test]
    fn a_trend_rises_left_to_right_and_reads_as_a_table() {
        let svg = trend(&L, &pts(&[("November 2024", 1.0), ("December 2024", 2.0)]));
        assert!(svg.contains("role=\"img\" aria-labelledby=\"t-title t-desc\""), "{svg}");
        assert!(svg
            .contains("<title id=\"t-title\">Price &lt;in&gt; Ortega</title><desc id=\"t-desc\">From 1 to 2.</desc>"));
        // Higher values are drawn higher (smaller y).
        assert!(svg.contains("points=\"5,43 155,5\""), "{svg}");
        assert!(svg.contains("<th scope=\"row\">November 2024</th><td>$1</td>"), "{svg}");
        assert_eq!(svg.matches("<circle").count(), 2);
    }

    #[test]
    fn a_flat_trend_is_drawn_mid_height() {
        let svg = trend(&L, &pts(&[("a", 3.0), ("b", 3.0), ("c", 3.0)]));
        assert!(svg.contains("points=\"5,24 80,24 155,24\""), "{svg}");
    }

    #[test]
    fn bars_scale_to_the_largest_value() {
        let svg = bars(&L, &pts(&[("Ortega", 200.0), ("Springfield", 100.0)]));
        assert!(svg.contains("viewBox=\"0 0 400 60\""), "{svg}");
        assert!(svg.contains("width=\"168\""), "{svg}");
        assert!(svg.contains("width=\"84\""), "{svg}");
        assert!(svg.contains(">Springfield</text>"));
        assert!(svg.contains("<th scope=\"row\">Ortega</th><td>$200</td>"));
    }
}
