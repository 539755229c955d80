//! The payment estimate of a listing for sale: principal and interest by the amortization formula,
//! and the month's share of the taxes, the insurance and the association's fee. The listing page
//! shows it at `mls.payment`'s figures; the payment island (`site/src/lib/payment.ts`) mirrors
//! these functions step for step, and both are tested on `spec/cases/payment.json`.

/// What the buyer borrows on and how.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Terms {
    /// The price in dollars.
    pub price: f64,
    /// The down payment in percent of the price, 0 to 100.
    pub down_percent: f64,
    /// The yearly interest rate in percent.
    pub rate_percent: f64,
    pub years: u32,
}

/// Dollars to whole cents, half a cent up.
fn cents(dollars: f64) -> u64 {
    (dollars * 100.0).round() as u64
}

/// Cents to whole dollars, as the page shows them (half a dollar up).
pub fn whole_dollars(cents: u64) -> u64 {
    (cents + 50) / 100
}

/// The monthly principal and interest in cents: the loan `P` at the monthly rate `r` over `n`
/// months is `P·r / (1 − (1 + r)^−n)`, and `P / n` at a zero rate.
pub fn principal_and_interest(t: &Terms) -> u64 {
    let loan = t.price * (100.0 - t.down_percent) / 100.0;
    let r = t.rate_percent / 100.0 / 12.0;
    let n = f64::from(t.years * 12);
    if r == 0.0 {
        return cents(loan / n);
    }
    cents(loan * r / (1.0 - (1.0 + r).powf(-n)))
}

/// A fee of `fee` dollars due `per_year` times a year, a month in cents.
pub fn monthly_fee(fee: u64, per_year: u32) -> u64 {
    cents(fee as f64 * f64::from(per_year) / 12.0)
}

/// Each line of the estimate a month, in cents (None where the listing does not say), and their
/// total in whole dollars: the sum of the lines as shown, so the figures add up on the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Estimate {
    pub principal_and_interest: u64,
    pub taxes: Option<u64>,
    pub insurance: u64,
    pub hoa: Option<u64>,
    pub total: u64,
}

/// The estimate of `t` with home insurance at `insurance_percent` of the price a year, the
/// listing's yearly taxes in dollars, and its association's fee a month in cents.
pub fn estimate(t: &Terms, insurance_percent: f64, tax_annual: Option<u64>, hoa: Option<u64>) -> Estimate {
    let principal_and_interest = principal_and_interest(t);
    let taxes = tax_annual.map(|tax| cents(tax as f64 / 12.0));
    let insurance = cents(t.price * insurance_percent / 100.0 / 12.0);
    let total =
        [Some(principal_and_interest), taxes, Some(insurance), hoa].into_iter().flatten().map(whole_dollars).sum();
    Estimate { principal_and_interest, taxes, insurance, hoa, total }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn table() -> Value {
        serde_json::from_str(include_str!("../../../spec/cases/payment.json")).unwrap()
    }

    fn terms(c: &Value) -> Terms {
        Terms {
            price: c["price"].as_f64().unwrap(),
            down_percent: c["down"].as_f64().unwrap(),
            rate_percent: c["rate"].as_f64().unwrap(),
            years: c["years"].as_u64().unwrap() as u32,
        }
    }

    /// spec/cases/payment.json: the island's tests read the same cases.
    #[test]
    fn principal_and_interest_is_the_amortization_formula_to_the_cent() {
        for c in table()["principal_and_interest"].as_array().unwrap() {
            assert_eq!(principal_and_interest(&terms(c)), c["cents"].as_u64().unwrap(), "{}", c["why"]);
        }
    }

    #[test]
    fn a_fee_is_its_share_of_a_month() {
        for c in table()["hoa"].as_array().unwrap() {
            let (fee, per_year) = (c["fee"].as_u64().unwrap(), c["per_year"].as_u64().unwrap() as u32);
            assert_eq!(monthly_fee(fee, per_year), c["cents"].as_u64().unwrap(), "{}", c["why"]);
        }
    }

    #[test]
    fn an_estimate_adds_up_as_shown() {
        for c in table()["estimates"].as_array().unwrap() {
            let e = estimate(
                &terms(c),
                c["insurance_percent"].as_f64().unwrap(),
                c["tax_annual"].as_u64(),
                c["hoa_cents"].as_u64(),
            );
            let expected = Estimate {
                principal_and_interest: c["principal_and_interest"].as_u64().unwrap(),
                taxes: c["taxes"].as_u64(),
                insurance: c["insurance"].as_u64().unwrap(),
                hoa: c["hoa_cents"].as_u64(),
                total: c["total"].as_u64().unwrap(),
            };
            assert_eq!(e, expected, "{}", c["why"]);
        }
        assert_eq!((whole_dollars(49), whole_dollars(50), whole_dollars(632068)), (0, 1, 6321));
    }
}
