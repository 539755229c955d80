//! A listing's facts as a buyer reads them, grouped under plain headings (water, outside, inside,
//! community, taxes, schools), then when it came on the market and its story across the imports;
//! its unbranded tour and its videos as links. A fact the feed lacks is left out (never "N/A"), a
//! yes-or-no fact shows only when yes, and a group without a fact is not shown.

use jax_mls::history::Event;
use jax_mls::homes::dollars;
use jax_mls::record::{FeeFrequency, Property};
use jax_model::mls::{FactsLabels, FeeFrequencyLabels, StoryLabels};
use serde::Serialize;

#[derive(Debug, Serialize)]
pub(super) struct Fact<'a> {
    pub label: &'a str,
    pub value: String,
}

#[derive(Debug, Serialize)]
pub(super) struct Group<'a> {
    pub heading: &'a str,
    pub facts: Vec<Fact<'a>>,
}

/// When it came on the market and what happened since; None when there is neither.
#[derive(Debug, Serialize)]
pub(super) struct History<'a> {
    pub heading: &'a str,
    pub since: Option<String>,
    pub story: Option<String>,
}

#[derive(Debug, Serialize)]
pub(super) struct Link<'a> {
    pub url: &'a str,
    pub label: String,
}

/// What the page shows of them.
#[derive(Debug, Serialize)]
pub(super) struct Details<'a> {
    pub groups: Vec<Group<'a>>,
    pub history: Option<History<'a>>,
    pub tour: Option<&'a str>,
    pub videos: Vec<Link<'a>>,
}

/// "November 3, 2026".
fn day(d: jiff::civil::Date) -> String {
    d.strftime("%B %-d, %Y").to_string()
}

/// "2", or "2.5" where the feed counts a half.
fn count(n: f64) -> String {
    if n.fract() == 0.0 {
        format!("{n:.0}")
    } else {
        format!("{n}")
    }
}

fn frequency(l: &FeeFrequencyLabels, f: FeeFrequency) -> &str {
    match f {
        FeeFrequency::Annually => &l.annually,
        FeeFrequency::BiMonthly => &l.bi_monthly,
        FeeFrequency::BiWeekly => &l.bi_weekly,
        FeeFrequency::Daily => &l.daily,
        FeeFrequency::Monthly => &l.monthly,
        FeeFrequency::OneTime => &l.one_time,
        FeeFrequency::Quarterly => &l.quarterly,
        FeeFrequency::Seasonal => &l.seasonal,
        FeeFrequency::SemiAnnually => &l.semi_annually,
        FeeFrequency::SemiMonthly => &l.semi_monthly,
        FeeFrequency::Weekly => &l.weekly,
    }
}

/// A group's facts, each only where the feed has it.
struct Facts<'a> {
    yes: &'a str,
    facts: Vec<Fact<'a>>,
}

impl<'a> Facts<'a> {
    fn new(yes: &'a str) -> Facts<'a> {
        Facts { yes, facts: Vec::new() }
    }

    fn text(&mut self, label: &'a str, value: Option<String>) -> &mut Self {
        if let Some(value) = value {
            self.facts.push(Fact { label, value });
        }
        self
    }

    fn list(&mut self, label: &'a str, items: &[String]) -> &mut Self {
        self.text(label, (!items.is_empty()).then(|| items.join(", ")))
    }

    fn yes(&mut self, label: &'a str, yes: bool) -> &mut Self {
        let value = yes.then(|| self.yes.to_string());
        self.text(label, value)
    }

    fn group(&mut self, heading: &'a str, out: &mut Vec<Group<'a>>) {
        let facts = std::mem::take(&mut self.facts);
        if !facts.is_empty() {
            out.push(Group { heading, facts });
        }
    }
}

/// The story as one line: "Listed at $X on <date> · Reduced to $Y on <date> · …".
pub(super) fn story(l: &StoryLabels, events: &[Event]) -> Option<String> {
    let said: Vec<String> = events
        .iter()
        .map(|e| match e {
            Event::Listed { price, on } => l.listed.replace("{price}", &dollars(*price)).replace("{date}", &day(*on)),
            Event::Reduced { price, on } => l.reduced.replace("{price}", &dollars(*price)).replace("{date}", &day(*on)),
            Event::BackOnMarket { on } => l.back_on_market.replace("{date}", &day(*on)),
        })
        .collect();
    (!said.is_empty()).then(|| said.join(" · "))
}

pub(super) fn details<'a>(p: &'a Property, events: &[Event], l: &'a FactsLabels, s: &StoryLabels) -> Details<'a> {
    let mut groups = Vec::new();
    let mut f = Facts::new(&l.yes_text);
    // A view is the water's on the water; elsewhere (woods, a golf course) it is the outside's.
    let on_water = p.facts.waterfront_yn == Some(true) || !p.facts.waterfront_features.is_empty();
    let none: &[String] = &[];
    let (water_view, other_view) = if on_water { (&p.facts.view[..], none) } else { (none, &p.facts.view[..]) };
    f.yes(&l.waterfront, p.facts.waterfront())
        .list(&l.waterfront_features, &p.facts.waterfront_features)
        .list(&l.view, water_view)
        .yes(&l.dock, p.facts.has_dock())
        .group(&l.water, &mut groups);
    f.list(&l.view, other_view)
        .yes(&l.pool, p.facts.pool())
        .list(&l.pool_features, &p.facts.pool_features)
        .text(&l.garage_spaces, p.facts.garage_spaces.filter(|n| *n > 0.0).map(count))
        .list(&l.lot_features, &p.facts.lot_features)
        .list(&l.exterior_features, &p.facts.exterior_features)
        .list(&l.roof, &p.facts.roof)
        .group(&l.outside, &mut groups);
    f.list(&l.interior_features, &p.facts.interior_features)
        .list(&l.appliances, &p.facts.appliances)
        .list(&l.flooring, &p.facts.flooring)
        .yes(&l.fireplace, p.facts.fireplace_yn == Some(true))
        .text(&l.stories, p.facts.stories.filter(|n| *n > 0).map(|n| n.to_string()))
        .list(&l.heating, &p.facts.heating)
        .list(&l.cooling, &p.facts.cooling)
        .group(&l.inside, &mut groups);
    let fee = p.facts.association_fee.map(|fee| match p.facts.association_fee_frequency {
        Some(often) => l.fee.replace("{price}", &dollars(fee)).replace("{frequency}", frequency(&l.frequencies, often)),
        None => dollars(fee),
    });
    f.text(&l.association_fee, fee)
        .text(&l.association_name, p.facts.association_name.clone())
        .list(&l.community_features, &p.facts.community_features)
        .yes(&l.gated, p.facts.gated())
        .group(&l.community, &mut groups);
    f.text(&l.tax_annual_amount, p.facts.tax_annual_amount.map(dollars))
        .text(&l.tax_year, p.facts.tax_year.map(|y| y.to_string()))
        .group(&l.money, &mut groups);
    f.text(&l.elementary_school, p.facts.elementary_school.clone())
        .text(&l.middle_school, p.facts.middle_or_junior_school.clone())
        .text(&l.high_school, p.facts.high_school.clone())
        .group(&l.schools, &mut groups);
    // The day it came on the market, not a count of days: a count would change every listing's
    // page every day, and the build rewrites a page only when its listing changes.
    let since = p.facts.on_market_since().map(|d| l.on_market.replace("{date}", &day(d)));
    let story = story(s, events);
    let history = (since.is_some() || story.is_some()).then_some(History { heading: &l.history, since, story });
    let videos = p
        .videos()
        .enumerate()
        .map(|(i, m)| Link {
            url: &m.media_url,
            label: if i == 0 { l.video.clone() } else { l.video_n.replace("{n}", &(i + 1).to_string()) },
        })
        .collect();
    Details { groups, history, tour: p.facts.virtual_tour_url_unbranded.as_deref(), videos }
}
