//! The open houses of this weekend and the next, as `/homes/open-houses/` lists them: by day, in
//! Eastern time, those not over yet. "This weekend" is the coming Saturday and Sunday, or the
//! current ones on a weekend; the page is rebuilt with every (hourly) build.

use crate::homes::{Home, Homes};
use crate::record::OpenHouse;
pub use crate::weekend::{day_of, eastern, saturday_of};
use jiff::civil::Date;
use jiff::{Timestamp, ToSpan};

/// One day of a weekend, with its open houses in order of their start.
pub struct Day<'a> {
    pub date: Date,
    pub open_houses: Vec<(&'a Home, &'a OpenHouse)>,
}

/// A weekend: its days from the build's day on (a Sunday build has no Saturday).
pub struct Weekend<'a> {
    pub saturday: Date,
    pub days: Vec<Day<'a>>,
}

impl Weekend<'_> {
    pub fn is_empty(&self) -> bool {
        self.days.iter().all(|d| d.open_houses.is_empty())
    }
}

/// This weekend and the next as they stand at `now`: every listing for sale's open houses.
pub fn this_weekend_and_next(homes: &Homes, now: Timestamp) -> [Weekend<'_>; 2] {
    let today = day_of(now);
    let first = saturday_of(today);
    let weekend = |saturday: Date| {
        let days = [saturday, saturday.tomorrow().unwrap_or(saturday)]
            .into_iter()
            .filter(|d| *d >= today)
            .map(|date| {
                let mut open_houses: Vec<(&Home, &OpenHouse)> = homes
                    .for_sale_in(None)
                    .flat_map(|h| h.open_houses_ahead(now).map(move |o| (h, o)))
                    .filter(|(_, o)| day_of(o.open_house_start_time) == date)
                    .collect();
                open_houses.sort_by(|(a, x), (b, y)| {
                    x.open_house_start_time.cmp(&y.open_house_start_time).then_with(|| a.slug.cmp(&b.slug))
                });
                Day { date, open_houses }
            })
            .collect();
        Weekend { saturday, days }
    };
    [weekend(first), weekend(first.checked_add(7.days()).unwrap_or(first))]
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;
    use serde_json::json;

    #[test]
    fn this_weekend_is_the_coming_one_or_the_current_one() {
        // 2026-12-05 is a Saturday.
        for (today, saturday) in [
            (date(2026, 11, 30), date(2026, 12, 5)),
            (date(2026, 12, 4), date(2026, 12, 5)),
            (date(2026, 12, 5), date(2026, 12, 5)),
            (date(2026, 12, 6), date(2026, 12, 5)),
            (date(2026, 12, 7), date(2026, 12, 12)),
        ] {
            assert_eq!(saturday_of(today), saturday, "{today}");
        }
    }

    fn home(key: &str, open: &[(&str, &str)]) -> crate::record::Property {
        let r = json!({
            "ListingKey": key, "ListingId": key.trim_start_matches('K'), "StandardStatus": "Active", "ListPrice": 900_000,
            "UnparsedAddress": format!("{key} Oak Lane"), "City": "Jacksonville", "PostalCode": "32210",
            "ListOfficeName": "Harbor Realty", "ModificationTimestamp": "2026-11-01T00:00:00Z",
            "OpenHouse": open.iter().map(|(s, e)| json!({"OpenHouseStartTime": s, "OpenHouseEndTime": e})).collect::<Vec<_>>(),
        });
        crate::check::check(&r, "x").unwrap()
    }

    #[test]
    fn the_weekends_take_each_day_from_today_on_in_eastern_time() {
        let homes = Homes::new(
            None,
            vec![
                // Saturday 1 pm and Sunday 1 pm in Jacksonville.
                home(
                    "K1",
                    &[
                        ("2026-12-05T18:00:00Z", "2026-12-05T20:00:00Z"),
                        ("2026-12-06T18:00:00Z", "2026-12-06T20:00:00Z"),
                    ],
                ),
                // Saturday 11:30 pm in Jacksonville, though Sunday in UTC; then the next Saturday.
                home(
                    "K2",
                    &[
                        ("2026-12-06T04:30:00Z", "2026-12-06T05:30:00Z"),
                        ("2026-12-12T16:00:00Z", "2026-12-12T18:00:00Z"),
                    ],
                ),
                // A weekday's, and the weekend after the next.
                home(
                    "K3",
                    &[
                        ("2026-12-08T18:00:00Z", "2026-12-08T20:00:00Z"),
                        ("2026-12-19T18:00:00Z", "2026-12-19T20:00:00Z"),
                    ],
                ),
            ],
            &[],
        );
        fn keys(d: &Day) -> Vec<String> {
            d.open_houses.iter().map(|(h, _)| h.p.listing_key.clone()).collect()
        }
        // Wednesday noon.
        let [this, next] = this_weekend_and_next(&homes, "2026-12-02T17:00:00Z".parse().unwrap());
        assert_eq!((this.saturday, next.saturday), (date(2026, 12, 5), date(2026, 12, 12)));
        assert_eq!(this.days.iter().map(keys).collect::<Vec<_>>(), [vec!["K1", "K2"], vec!["K1"]] as [Vec<&str>; 2]);
        assert_eq!(next.days.iter().map(keys).collect::<Vec<_>>(), [vec!["K2"], vec![]] as [Vec<&str>; 2]);
        assert!(!next.is_empty());
        // Sunday 9 am: Saturday is gone from the page.
        let [this, _] = this_weekend_and_next(&homes, "2026-12-06T14:00:00Z".parse().unwrap());
        assert_eq!(this.days.iter().map(|d| d.date).collect::<Vec<_>>(), [date(2026, 12, 6)]);
        // Sunday 3:30 pm: K1's open house of 1 to 3 is over, so the day has none left.
        let [this, _] = this_weekend_and_next(&homes, "2026-12-06T20:30:00Z".parse().unwrap());
        assert_eq!(this.days.iter().map(keys).collect::<Vec<_>>(), [Vec::<&str>::new()]);
        // The Monday after: the next weekend is this one now; the one after it is empty.
        let [this, next] = this_weekend_and_next(&homes, "2026-12-07T15:00:00Z".parse().unwrap());
        assert_eq!(this.days.iter().map(keys).collect::<Vec<_>>(), [vec!["K2"], vec![]] as [Vec<&str>; 2]);
        assert_eq!(next.days.iter().map(keys).collect::<Vec<_>>(), [vec!["K3"], vec![]] as [Vec<&str>; 2]);
        let [_, later] = this_weekend_and_next(&homes, "2026-12-14T15:00:00Z".parse().unwrap());
        assert!(later.is_empty());
    }
}
