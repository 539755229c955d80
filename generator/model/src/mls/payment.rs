//! `mls.payment`: the figures a listing's payment estimate starts from, and `mls.labels.payment`,
//! its texts. The estimate itself is `crate::mortgage`'s.

use crate::diagnostics::Diagnostic;
use crate::document::Source;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The highest rate the estimate takes, in percent: a typo past it is told, not computed.
pub const MAX_RATE_PERCENT: f64 = 30.0;
/// The longest loan it offers, in years.
pub const MAX_YEARS: u32 = 50;

/// What the estimate on each listing for sale starts from; the buyer changes the price, the down
/// payment, the rate and the term on the page.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PaymentSettings {
    /// The down payment, in percent of the price, e.g. 20.
    #[schemars(range(min = 0, max = 100))]
    pub down_percent: f64,
    /// The loan's yearly interest rate, in percent, e.g. 6.5: keep it near today's jumbo rates.
    #[schemars(range(min = 0, max = 30), extend("x-step" = 0.001))]
    pub rate_percent: f64,
    /// The loan terms offered, in years, e.g. [15, 20, 30].
    #[schemars(length(min = 1))]
    pub terms: Vec<u32>,
    /// The term it starts from, one of `terms`.
    #[schemars(range(min = 1, max = 50))]
    pub years: u32,
    /// Home insurance a year, in percent of the price, e.g. 0.9 (higher on the water).
    #[schemars(range(min = 0, max = 10), extend("x-step" = 0.01))]
    pub insurance_percent: f64,
}

/// The estimate's texts. Every figure it shows is named an estimate.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PaymentLabels {
    /// The section's heading, e.g. "Estimated monthly payment".
    pub heading: String,
    /// Under the figures: what they are made from and are not; `{insurance}` is the insurance rate
    /// in percent.
    pub note: String,
    /// The price field, e.g. "Price ($)".
    pub price: String,
    /// The down payment field, e.g. "Down payment (%)".
    pub down: String,
    /// The rate field, e.g. "Interest rate (%)".
    pub rate: String,
    /// The term's choice, e.g. "Loan term".
    pub term: String,
    /// Each term among its choices: `{years}`, e.g. "{years} years".
    pub years: String,
    /// The lines a month, each named an estimate, e.g. "Principal and interest (estimate)".
    pub principal_and_interest: String,
    pub taxes: String,
    pub insurance: String,
    pub hoa: String,
    /// Their sum, e.g. "Estimated total a month".
    pub total: String,
    /// What a price that cannot be read says (no figure is shown meanwhile).
    pub bad_price: String,
    /// What a down payment that cannot be read says, e.g. "Enter a down payment from 0 to 100%.".
    pub bad_down: String,
    /// What a rate that cannot be read says: `{max}`, the highest rate taken.
    pub bad_rate: String,
}

impl PaymentSettings {
    pub fn validate(&self, l: &PaymentLabels, src: &Source, out: &mut Vec<Diagnostic>) {
        let mut range = |field: &str, v: f64, max: f64| {
            if !(0.0..=max).contains(&v) {
                out.push(src.at_value(field, format!("expected a percent from 0 to {max}, found {v}")));
            }
        };
        range("mls.payment.down_percent", self.down_percent, 100.0);
        range("mls.payment.rate_percent", self.rate_percent, MAX_RATE_PERCENT);
        range("mls.payment.insurance_percent", self.insurance_percent, 10.0);
        for (i, years) in self.terms.iter().enumerate() {
            if !(1..=MAX_YEARS).contains(years) {
                out.push(src.at_value(
                    &format!("mls.payment.terms[{i}]"),
                    format!("expected 1 to {MAX_YEARS} years, found {years}"),
                ));
            }
        }
        if !self.terms.contains(&self.years) {
            let terms: Vec<String> = self.terms.iter().map(u32::to_string).collect();
            out.push(src.at_value(
                "mls.payment.years",
                format!("expected one of the terms ({}), found {}", terms.join(", "), self.years),
            ));
        }
        for (field, text, placeholder) in [
            ("mls.labels.payment.note", &l.note, "{insurance}"),
            ("mls.labels.payment.years", &l.years, "{years}"),
            ("mls.labels.payment.bad_rate", &l.bad_rate, "{max}"),
        ] {
            if !text.contains(placeholder) {
                out.push(src.at_value(field, format!("expected the placeholder {placeholder} in the text")));
            }
        }
    }
}
