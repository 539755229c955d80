//! What the search form offers: its sort values, price steps and select choices.

use serde::Serialize;

pub use jax_model::search_index::Sort;

/// The steps the price filters offer, in dollars.
pub const PRICE_STEPS: [u64; 12] = [
    200_000, 300_000, 400_000, 500_000, 600_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000, 5_000_000,
    10_000_000,
];

/// The days-on-market filter's choices: at most that many days.
pub const DAYS_CHOICES: [u32; 5] = [3, 7, 14, 30, 90];

/// The lot filter's choices, in hundredths of an acre: at least that much.
pub const ACRES_CHOICES: [u32; 6] = [25, 50, 100, 200, 500, 1000];

/// A choice of a select: its value in the URL and what it says.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    pub value: String,
    pub label: String,
}

/// The price filters' choices: every step, written as the market figures are ("$750K", "$1.5M").
pub fn price_choices() -> Vec<Choice> {
    PRICE_STEPS.iter().map(|&p| Choice { value: p.to_string(), label: jax_model::market::format::price(p) }).collect()
}
