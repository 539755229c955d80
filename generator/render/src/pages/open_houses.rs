//! `/homes/open-houses/`: the open houses of this weekend and the next (`jax_mls::open_houses`), by
//! day, each linking its home with its hours, price and listing office. Rebuilt by every build,
//! so by the hour; a weekend without any says so.

use super::parts::Card;
use super::shared::{breadcrumb_ld, Built, Crumb, Meta, Shared, DESCRIPTION_MAX};
use crate::kind::Kind;
use crate::{markdown, seo};
use anyhow::Result;
use jax_mls::open_houses::{this_weekend_and_next, Weekend};
use jax_model::api;
use serde::Serialize;

#[derive(Serialize)]
struct Entry<'a> {
    /// "1:00 PM – 3:00 PM".
    hours: String,
    card: Card<'a>,
    /// The day and hours, which its calendar link's full name ends with.
    time: String,
    /// Its calendar file.
    ics: String,
}

#[derive(Serialize)]
struct DayView<'a> {
    /// "Saturday, December 5".
    name: String,
    /// "2026-12-05", for `<time>`.
    date: String,
    entries: Vec<Entry<'a>>,
}

#[derive(Serialize)]
struct WeekendView<'a> {
    heading: String,
    id: &'static str,
    days: Vec<DayView<'a>>,
    empty: bool,
}

#[derive(Serialize)]
struct OpenHousesView<'a> {
    crumbs: Vec<Crumb<'a>>,
    weekends: Vec<WeekendView<'a>>,
}

/// "December 5–6", or "November 29 – December 1" across months; one day alone when only one is left.
fn dates(w: &Weekend) -> String {
    let (Some(first), Some(last)) = (w.days.first(), w.days.last()) else { return String::new() };
    let (a, b) = (first.date, last.date);
    if a == b {
        a.strftime("%B %-d").to_string()
    } else if a.month() == b.month() {
        format!("{}–{}", a.strftime("%B %-d"), b.day())
    } else {
        format!("{} – {}", a.strftime("%B %-d"), b.strftime("%B %-d"))
    }
}

impl<'a> Shared<'a> {
    pub(super) fn open_houses(&self) -> Result<Built> {
        let s = &self.input.content.site.data;
        let l = &self.mls().labels;
        let o = &l.open_house;
        let homes = self.homes();
        let weekends = this_weekend_and_next(homes, homes.now);
        let views = weekends
            .iter()
            .zip([(&o.this_weekend, "this-weekend"), (&o.next_weekend, "next-weekend")])
            .map(|(w, (heading, id))| WeekendView {
                heading: heading.replace("{dates}", &dates(w)),
                id,
                empty: w.is_empty(),
                days: w
                    .days
                    .iter()
                    .filter(|d| !d.open_houses.is_empty())
                    .map(|d| DayView {
                        name: d.date.strftime("%A, %B %-d").to_string(),
                        date: d.date.to_string(),
                        entries: d
                            .open_houses
                            .iter()
                            .map(|(h, oh)| Entry {
                                hours: super::for_sale::hours(oh, false).unwrap_or_default(),
                                time: super::for_sale::hours(oh, true).unwrap_or_default(),
                                card: self.card(h),
                                ics: crate::calendar::path(h, oh),
                            })
                            .collect(),
                    })
                    .collect(),
            })
            .collect();
        let crumbs = vec![
            Crumb { name: &s.labels.nav.home, url: api::HOME.into() },
            Crumb { name: &l.title, url: api::HOMES.into() },
            Crumb { name: &o.title, url: api::OPEN_HOUSES.into() },
        ];
        let meta = Meta {
            title: format!("{} | {}", o.title, s.brand),
            description: markdown::truncate(&o.intro, DESCRIPTION_MAX),
            canonical: self.canonical(api::OPEN_HOUSES),
            og_type: "website",
            og_image: self.og_image(None, ""),
            jsonld: seo::graph(&self.agent_json, &[breadcrumb_ld(&s.base_url, &crumbs)])?,
        };
        let view = OpenHousesView { crumbs, weekends: views };
        Ok(self.built(Kind::OpenHouses, jax_output::index_file(api::OPEN_HOUSES), &meta, &view, &Default::default()))
    }
}
