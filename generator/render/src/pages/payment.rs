//! A listing's payment estimate: its fields at `mls.payment`'s figures and the lines a month they
//! make (`jax_model::mortgage`), complete without JavaScript; the `payment` island recomputes them
//! as the buyer changes the fields.

use super::shared::Shared;
use crate::islands::{Mount, Mounted};
use crate::props::PaymentProps;
use anyhow::Result;
use jax_mls::homes::dollars;
use jax_mls::record::Property;
use jax_model::mls::MAX_RATE_PERCENT;
use jax_model::mortgage::{estimate, monthly_fee, whole_dollars, Terms};
use serde::Serialize;

#[derive(Debug, Serialize)]
pub(super) struct Term {
    years: u32,
    label: String,
    selected: bool,
}

/// One line a month: `key` names it for the island (`data-pay`).
#[derive(Debug, Serialize)]
pub(super) struct Line<'a> {
    key: &'static str,
    label: &'a str,
    value: String,
}

#[derive(Debug, Serialize)]
pub(super) struct Payment<'a> {
    mount: Mount,
    price: u64,
    down: f64,
    rate: f64,
    max_rate: f64,
    terms: Vec<Term>,
    lines: Vec<Line<'a>>,
    total: String,
    note: String,
}

impl<'a> Shared<'a> {
    /// The estimate of `p`, a listing for sale, at the site's figures.
    pub(super) fn payment(&self, p: &Property, mounted: &mut Mounted) -> Result<Payment<'a>> {
        let s = &self.mls().payment;
        let l = &self.mls().labels.payment;
        let hoa = p
            .facts
            .association_fee
            .zip(p.facts.association_fee_frequency.and_then(|f| f.per_year()))
            .map(|(fee, per_year)| monthly_fee(fee, per_year));
        let taxes = p.facts.tax_annual_amount;
        let terms = Terms {
            price: p.list_price as f64,
            down_percent: s.down_percent,
            rate_percent: s.rate_percent,
            years: s.years,
        };
        let e = estimate(&terms, s.insurance_percent, taxes, hoa);
        let shown = |cents: u64| dollars(whole_dollars(cents));
        let mut lines =
            vec![Line { key: "pi", label: &l.principal_and_interest, value: shown(e.principal_and_interest) }];
        if let Some(t) = e.taxes {
            lines.push(Line { key: "taxes", label: &l.taxes, value: shown(t) });
        }
        lines.push(Line { key: "insurance", label: &l.insurance, value: shown(e.insurance) });
        if let Some(h) = e.hoa {
            lines.push(Line { key: "hoa", label: &l.hoa, value: shown(h) });
        }
        let props = PaymentProps {
            bad_price: &l.bad_price,
            bad_down: &l.bad_down,
            bad_rate: l.bad_rate.replace("{max}", &MAX_RATE_PERCENT.to_string()),
            insurance_percent: s.insurance_percent,
            max_rate: MAX_RATE_PERCENT,
            tax_annual: taxes,
            hoa: e.hoa,
        };
        Ok(Payment {
            mount: mounted.mount(self.input.assets, &props)?,
            price: p.list_price,
            down: s.down_percent,
            rate: s.rate_percent,
            max_rate: MAX_RATE_PERCENT,
            terms: s
                .terms
                .iter()
                .map(|&years| Term {
                    years,
                    label: l.years.replace("{years}", &years.to_string()),
                    selected: years == s.years,
                })
                .collect(),
            lines,
            total: dollars(e.total),
            note: l.note.replace("{insurance}", &s.insurance_percent.to_string()),
        })
    }
}
