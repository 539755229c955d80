//! `content/market/<YYYY-MM>.yaml`: one dated market snapshot per file — every neighborhood's
//! figures for that month and where they come from. The month is the file's name, so a copy
//! cannot keep its original's date by mistake.

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::document::{parse_yaml_file, Source};
use crate::rules;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SnapshotFields {
    /// Where the figures come from, shown beside them, e.g. "Northeast Florida MLS".
    pub source: String,
    /// A page that publishes the figures (optional), linked from the source.
    #[serde(default)]
    pub source_url: Option<String>,
    /// Each neighborhood's figures, by its slug (the neighborhood file's `slug`).
    pub neighborhoods: BTreeMap<String, Figures>,
    /// A draft is checked but not published (`generator new snapshot` starts one).
    #[serde(default)]
    pub draft: bool,
}

/// The growths the check accepts, in percent (with one decimal at most); the schemas carry the
/// rule (`x-decimals`, `x-message`), so the editor refuses what the check would, in its words.
pub const GROWTH_RANGE: (f64, f64) = (-100.0, 1000.0);
pub const GROWTH_EXPECTED: &str = "expected a percentage with at most one decimal, such as 9.2 or -1.5";

/// One neighborhood's figures for the month.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Figures {
    /// Median condo price in dollars, e.g. 425000 (shown as "$425K").
    #[schemars(extend("x-pattern" = rules::MEDIAN_PRICE.pattern, "x-message" = rules::MEDIAN_PRICE.expected))]
    pub median_price: u64,
    /// Year-over-year growth of the median price in percent, one decimal at most, e.g. 9.2 (shown as "+9.2%").
    #[schemars(
        title = "Growth over the year (%)",
        range(min = GROWTH_RANGE.0, max = GROWTH_RANGE.1),
        extend("x-decimals" = 1, "x-message" = GROWTH_EXPECTED)
    )]
    pub yoy_growth: f64,
    /// Median days on market, e.g. 38.
    #[schemars(extend("x-pattern" = rules::DAYS.pattern, "x-message" = rules::DAYS.expected))]
    pub days_on_market: u32,
    /// ZIP code, as text so leading zeros stay: "32202".
    #[schemars(extend("pattern" = rules::ZIP.pattern, "x-message" = rules::ZIP.expected))]
    pub zip: String,
}

/// A calendar month: the date of a snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Month {
    pub year: u16,
    /// 1 to 12.
    pub month: u8,
}

const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

impl Month {
    /// `2024-12` (exactly four digits, a hyphen, two digits; month 01–12).
    pub fn parse(s: &str) -> Option<Month> {
        let (y, m) = s.split_once('-')?;
        if y.len() != 4 || m.len() != 2 || !y.bytes().chain(m.bytes()).all(|b| b.is_ascii_digit()) {
            return None;
        }
        let (year, month) = (y.parse().ok()?, m.parse().ok()?);
        (1..=12).contains(&month).then_some(Month { year, month })
    }
    /// "December".
    pub fn name(self) -> &'static str {
        MONTH_NAMES[usize::from(self.month - 1)]
    }
    /// "December 2024".
    pub fn label(self) -> String {
        format!("{} {}", self.name(), self.year)
    }
}

impl fmt::Display for Month {
    /// `2024-12`: the file name and the JSON's `month`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

/// A parsed snapshot file.
#[derive(Debug, Clone)]
pub struct Snapshot {
    pub month: Month,
    pub fields: SnapshotFields,
    pub source: Source,
    /// The file as read: the editor starts a new month from it (comments and order kept).
    pub text: String,
}

impl Snapshot {
    pub fn figures(&self, slug: &str) -> Option<&Figures> {
        self.fields.neighborhoods.get(slug)
    }
}

/// Every published snapshot, oldest first; never empty once the content is assembled.
#[derive(Debug, Clone)]
pub struct Market {
    pub snapshots: Vec<Snapshot>,
}

impl Market {
    /// The snapshot the site shows.
    pub fn latest(&self) -> &Snapshot {
        self.snapshots.last().expect("Content::assemble refuses a site without a snapshot")
    }
    /// The one before the latest: what each figure's change is measured against.
    pub fn previous(&self) -> Option<&Snapshot> {
        self.snapshots.len().checked_sub(2).map(|i| &self.snapshots[i])
    }
    /// A neighborhood's figures in every snapshot that has them, oldest first.
    pub fn history(&self, slug: &str) -> Vec<(Month, &Figures)> {
        self.snapshots.iter().filter_map(|s| s.figures(slug).map(|f| (s.month, f))).collect()
    }
}

/// The file name's problem, if it is not `<YYYY-MM>.yaml` (or `.yml`); else its month.
pub fn month_of_file(name: &str) -> Result<Month, String> {
    let stem = name.strip_suffix(".yaml").or_else(|| name.strip_suffix(".yml")).unwrap_or(name);
    Month::parse(stem).ok_or_else(|| {
        format!("expected a file named after its month, such as 2024-12.yaml (year, hyphen, two-digit month), found \"{name}\"")
    })
}

/// Parse one snapshot file; `name` is its file name (the month), `file` its path for diagnostics.
pub fn parse_snapshot(file: &str, name: &str, text: &str) -> Result<Snapshot, Diagnostics> {
    let month = month_of_file(name).map_err(|m| {
        Diagnostics(vec![Diagnostic { file: file.into(), line: 1, column: 1, field: String::new(), message: m }])
    })?;
    let parsed = parse_yaml_file::<SnapshotFields>(file, text)?;
    let snapshot = Snapshot { month, fields: parsed.data, source: parsed.source, text: text.to_string() };
    Diagnostics::check(snapshot, |v, out| v.validate(out))
}

impl Snapshot {
    fn validate(&self, out: &mut Vec<Diagnostic>) {
        let (f, src) = (&self.fields, &self.source);
        rules::require_text(src, out, &[("source", &f.source)]);
        if let Some(url) = &f.source_url {
            if !rules::is_https_url(url) {
                out.push(src.at_value("source_url", format!("expected an https:// address, found \"{url}\"")));
            }
        }
        if f.neighborhoods.is_empty() {
            out.push(src.at_key("neighborhoods", "expected every neighborhood's figures, found none"));
        }
        for (slug, n) in &f.neighborhoods {
            let at = |field: &str| format!("neighborhoods.{slug}.{field}");
            if !rules::is_median_price(n.median_price) {
                out.push(src.at_value(
                    &at("median_price"),
                    format!("{}, found {}", rules::MEDIAN_PRICE.expected, n.median_price),
                ));
            }
            let (low, high) = GROWTH_RANGE;
            if !n.yoy_growth.is_finite() || !(low..=high).contains(&n.yoy_growth) || !one_decimal(n.yoy_growth) {
                out.push(src.at_value(&at("yoy_growth"), format!("{GROWTH_EXPECTED}, found {}", n.yoy_growth)));
            }
            if !rules::is_days(n.days_on_market) {
                out.push(
                    src.at_value(
                        &at("days_on_market"),
                        format!("{}, found {}", rules::DAYS.expected, n.days_on_market),
                    ),
                );
            }
            if !rules::is_zip(&n.zip) {
                out.push(src.at_value(&at("zip"), format!("{}, found \"{}\"", rules::ZIP.expected, n.zip)));
            }
        }
    }
}

fn one_decimal(x: f64) -> bool {
    ((x * 10.0).round() - x * 10.0).abs() < 1e-6
}

/// The snapshot's figures that change over time (the ZIP code does not).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Figure {
    Median,
    Growth,
    Days,
}

impl Figure {
    pub const ALL: [Figure; 3] = [Figure::Median, Figure::Growth, Figure::Days];

    /// How a report names it: `<Trend figure="median" />`.
    pub fn name(self) -> &'static str {
        match self {
            Figure::Median => "median",
            Figure::Growth => "yoy",
            Figure::Days => "days",
        }
    }
    pub fn parse(name: &str) -> Option<Figure> {
        Figure::ALL.into_iter().find(|f| f.name() == name)
    }
    /// Its tile's label.
    pub fn label(self, l: &crate::site::NeighborhoodLabels) -> &str {
        match self {
            Figure::Median => &l.median,
            Figure::Growth => &l.yoy,
            Figure::Days => &l.days,
        }
    }
    /// As a chart plots it.
    pub fn value(self, f: &Figures) -> f64 {
        match self {
            Figure::Median => f.median_price as f64,
            Figure::Growth => f.yoy_growth,
            Figure::Days => f64::from(f.days_on_market),
        }
    }
    /// As a tile shows it.
    pub fn text(self, f: &Figures) -> String {
        match self {
            Figure::Median => format::price(f.median_price),
            Figure::Growth => format::growth(f.yoy_growth),
            Figure::Days => format::days(f.days_on_market),
        }
    }
    /// How it moved between two months, as a tile says it; `None` when it did not.
    pub fn change(self, from: &Figures, to: &Figures) -> Option<String> {
        match self {
            Figure::Median => format::price_change(from.median_price, to.median_price),
            Figure::Growth => format::growth_change(from.yoy_growth, to.yoy_growth),
            Figure::Days => format::days_change(from.days_on_market, to.days_on_market),
        }
    }
}

/// The specification's formats: "$425K", "+9.2%", "38".
pub mod format {
    use super::Figures;

    /// `1234567` as `1,234,567`.
    pub fn thousands(n: u64) -> String {
        let s = n.to_string();
        let mut out = String::new();
        for (i, c) in s.chars().enumerate() {
            if i > 0 && (s.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    }

    /// Dollars as "$425K" below a million (to the nearest thousand), "$1.25M" from a million.
    pub fn price(dollars: u64) -> String {
        let thousands = (dollars + 500) / 1000;
        if thousands < 1000 {
            format!("${thousands}K")
        } else {
            let m = format!("{:.2}", dollars as f64 / 1e6);
            format!("${}M", m.trim_end_matches('0').trim_end_matches('.'))
        }
    }
    /// A signed percentage: "+9.2%", "-1.5%", "+0.0%".
    pub fn growth(percent: f64) -> String {
        format!("{percent:+.1}%")
    }
    pub fn days(days: u32) -> String {
        days.to_string()
    }

    /// The change of the median price: "+$20K", "-$5K"; `None` when it did not change (to the
    /// nearest thousand).
    pub fn price_change(from: u64, to: u64) -> Option<String> {
        let (sign, d) = if to >= from { ('+', to - from) } else { ('-', from - to) };
        (d >= 500).then(|| format!("{sign}{}", price(d)))
    }
    /// The change of the growth rate in percentage points: "+0.4 pts"; `None` when unchanged.
    pub fn growth_change(from: f64, to: f64) -> Option<String> {
        let d = ((to - from) * 10.0).round() / 10.0;
        (d != 0.0).then(|| format!("{d:+.1} pts"))
    }
    /// The change of days on market: "-3 days", "+1 day"; `None` when unchanged.
    pub fn days_change(from: u32, to: u32) -> Option<String> {
        let d = i64::from(to) - i64::from(from);
        (d != 0).then(|| format!("{d:+} {}", if d.abs() == 1 { "day" } else { "days" }))
    }

    /// The figures as the four tiles show them: median, growth, days, ZIP.
    pub fn tiles(f: &Figures) -> [String; 4] {
        [price(f.median_price), growth(f.yoy_growth), days(f.days_on_market), f.zip.clone()]
    }
}

#[cfg(test)]
mod tests {
    use super::format::*;
    use super::*;

    #[test]
    fn formats_of_the_specification() {
        assert_eq!(price(425_000), "$425K");
        assert_eq!(price(285_000), "$285K");
        assert_eq!(price(999_400), "$999K");
        assert_eq!(price(999_600), "$1M");
        assert_eq!(price(1_250_000), "$1.25M");
        assert_eq!(price(2_100_000), "$2.1M");
        assert_eq!(growth(9.2), "+9.2%");
        assert_eq!(growth(12.4), "+12.4%");
        assert_eq!(growth(-1.5), "-1.5%");
        assert_eq!(days(38), "38");
    }

    #[test]
    fn changes_between_snapshots() {
        assert_eq!(price_change(405_000, 425_000).as_deref(), Some("+$20K"));
        assert_eq!(price_change(425_000, 410_000).as_deref(), Some("-$15K"));
        assert_eq!(price_change(425_000, 425_000), None);
        assert_eq!(growth_change(8.8, 9.2).as_deref(), Some("+0.4 pts"));
        assert_eq!(growth_change(9.2, 9.2), None);
        assert_eq!(growth_change(9.2, 7.0).as_deref(), Some("-2.2 pts"));
        assert_eq!(days_change(41, 38).as_deref(), Some("-3 days"));
        assert_eq!(days_change(37, 38).as_deref(), Some("+1 day"));
        assert_eq!(days_change(38, 38), None);
    }

    #[test]
    fn months_come_from_file_names() {
        assert_eq!(month_of_file("2024-12.yaml"), Ok(Month { year: 2024, month: 12 }));
        assert_eq!(month_of_file("2026-01.yml").unwrap().label(), "January 2026");
        assert_eq!(Month { year: 2024, month: 3 }.to_string(), "2024-03");
        for bad in ["2024-13.yaml", "2024-1.yaml", "24-12.yaml", "december.yaml", "2024-12 copy.yaml"] {
            assert!(month_of_file(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn figures_are_typed_and_checked() {
        let text = "source: MLS\nneighborhoods:\n  ortega: {median_price: 695000, yoy_growth: 10.2, days_on_market: 58, zip: \"32210\"}\n  riverside:\n    median_price: 0\n    yoy_growth: 8.25\n    days_on_market: 45\n    zip: \"3220\"\n";
        let err = parse_snapshot("m/2024-12.yaml", "2024-12.yaml", text).unwrap_err();
        let lines: Vec<String> = err.0.iter().map(ToString::to_string).collect();
        assert_eq!(
            lines,
            [
                "m/2024-12.yaml:5:19: neighborhoods.riverside.median_price: expected a price in dollars such as 425000, found 0",
                "m/2024-12.yaml:6:17: neighborhoods.riverside.yoy_growth: expected a percentage with at most one decimal, such as 9.2 or -1.5, found 8.25",
                "m/2024-12.yaml:8:10: neighborhoods.riverside.zip: expected a five-digit ZIP code such as \"32205\", found \"3220\"",
            ]
        );
        let ok = parse_snapshot("m/2024-12.yaml", "2024-12.yaml", &text[..text.find("  riverside").unwrap()]).unwrap();
        let f = ok.figures("ortega").unwrap();
        assert_eq!(tiles(f), ["$695K", "+10.2%", "58", "32210"]);
        assert_eq!(ok.month.label(), "December 2024");
    }
}
