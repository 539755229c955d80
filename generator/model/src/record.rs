//! The agent's record: what her clients say (`content/testimonials/*.md`) and what she has sold
//! (`content/sold/*.md`). Both are her own words about her own work: the pages show them, and no
//! Review or AggregateRating markup claims them (search engines ignore or penalise self-published
//! reviews). The /sold/ page's count and volume are computed from the sales, never typed.

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::document::{parse_markdown_file, Source};
use crate::report::is_date;
use crate::rules;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Which side of the sale the agent represented.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Buyer,
    Seller,
    Both,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TestimonialFields {
    /// How the client is named, e.g. "Catherine & James M.".
    pub client: String,
    /// Where their home was: a neighborhood's name or alias (its page then shows the words), or
    /// any place name.
    pub area: String,
    pub year: u16,
    /// Whether she helped them buy or sell: sellers' words are also on /sell/.
    pub side: Side,
    /// Position in lists (lower first); ties by client.
    #[serde(default)]
    pub order: Option<u32>,
    /// A draft is checked but not published.
    #[serde(default)]
    pub draft: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Testimonial {
    #[serde(flatten)]
    pub fields: TestimonialFields,
    /// The client's words, as Markdown.
    pub words: String,
    #[serde(skip)]
    pub source: Source,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SaleFields {
    /// The street address; without it the sale is named by its neighborhood alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    /// A neighborhood's name or alias, or any place name.
    pub neighborhood: String,
    /// The sold price, e.g. "$1,850,000"; shown only where site.yaml's `show_sold_prices` allows.
    pub price: String,
    /// The closing date, YYYY-MM-DD.
    pub date: String,
    pub side: Side,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub beds: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baths: Option<f32>,
    /// A draft is checked but not published.
    #[serde(default)]
    pub draft: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Sale {
    #[serde(flatten)]
    pub fields: SaleFields,
    /// A line about the sale, as Markdown (may be empty).
    pub note: String,
    #[serde(skip)]
    pub source: Source,
}

impl Sale {
    /// The price in whole dollars (checked at parse).
    pub fn dollars(&self) -> u64 {
        self.fields.price.chars().filter(char::is_ascii_digit).collect::<String>().parse().unwrap_or(0)
    }
}

pub fn parse_testimonial(file: &str, text: &str) -> Result<Testimonial, Diagnostics> {
    let p = parse_markdown_file::<TestimonialFields>(file, text)?;
    let t = Testimonial { fields: p.data, words: p.body, source: p.source };
    Diagnostics::check(t, |t, out| {
        rules::require_text(&t.source, out, &[("client", &t.fields.client), ("area", &t.fields.area)]);
        if !(1990..=2100).contains(&t.fields.year) {
            out.push(t.source.at_value("year", format!("expected a year such as 2024, found {}", t.fields.year)));
        }
        if t.words.trim().is_empty() {
            out.push(Diagnostic::at_start(&t.source.file, "", "expected the client's words below the front matter"));
        }
    })
}

pub fn parse_sale(file: &str, text: &str) -> Result<Sale, Diagnostics> {
    let p = parse_markdown_file::<SaleFields>(file, text)?;
    let s = Sale { fields: p.data, note: p.body, source: p.source };
    Diagnostics::check(s, |s, out| {
        let f = &s.fields;
        rules::require_text(&s.source, out, &[("neighborhood", &f.neighborhood)]);
        if let Some(a) = &f.address {
            rules::require_text(&s.source, out, &[("address", a)]);
        }
        if !rules::is_price(&f.price) {
            out.push(
                s.source.at_value("price", format!("expected a price such as \"$1,250,000\", found \"{}\"", f.price)),
            );
        }
        if !is_date(&f.date) {
            out.push(s.source.at_value(
                "date",
                format!("expected a date such as \"2024-10-18\" (YYYY-MM-DD), found \"{}\"", f.date),
            ));
        }
    })
}

/// Sales in the order the pages list them: newest first, then by address.
pub fn newest_first(sales: &mut [Sale]) {
    sales.sort_by(|a, b| (&b.fields.date, &a.fields.address).cmp(&(&a.fields.date, &b.fields.address)));
}

/// How many sales and their volume in dollars.
pub fn totals(sales: &[Sale]) -> (usize, u64) {
    (sales.len(), sales.iter().map(Sale::dollars).sum())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SALE: &str = "---\naddress: 1847 River Rd\nneighborhood: San Marco\nprice: \"$2,450,000\"\ndate: 2024-10-18\nside: seller\n---\nSold off-market in nine days.\n";

    #[test]
    fn a_sale_reads_with_its_price_in_dollars_and_the_totals_add_up() {
        let s = parse_sale("s.md", SALE).unwrap();
        assert_eq!(s.dollars(), 2_450_000);
        let t = parse_sale("t.md", &SALE.replace("$2,450,000", "$850,000")).unwrap();
        assert_eq!(totals(&[s, t]), (2, 3_300_000));
    }

    #[test]
    fn a_bad_sale_names_each_field() {
        let bad =
            SALE.replace("\"$2,450,000\"", "lots").replace("2024-10-18", "2024-13-01").replace("seller", "landlord");
        let e = parse_sale("s.md", &bad).unwrap_err().to_string();
        assert!(e.contains("side"), "{e}");
        let bad = SALE.replace("\"$2,450,000\"", "lots").replace("2024-10-18", "2024-13-01");
        let e = parse_sale("s.md", &bad).unwrap_err().to_string();
        assert!(e.contains("price: expected a price") && e.contains("date: expected a date"), "{e}");
    }

    #[test]
    fn a_testimonial_needs_its_words_and_a_plausible_year() {
        let ok = "---\nclient: Ana R.\narea: Riverside\nyear: 2024\nside: buyer\n---\nShe found us the house.\n";
        assert_eq!(parse_testimonial("t.md", ok).unwrap().fields.side, Side::Buyer);
        let e = parse_testimonial("t.md", &ok.replace("She found us the house.\n", "").replace("2024", "1890"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("year: expected a year") && e.contains("expected the client's words"), "{e}");
    }
}
