//! The sample's open houses: this weekend's and the next's, whatever the import's day.

use crate::open_houses::eastern;
use crate::sample::open_houses::around;
use crate::sample::{records, Area, NEWEST};

#[test]
fn open_houses_fill_this_weekend_and_the_next_and_move_with_the_import() {
    // The sample's size, and the benchmark's smoke run's.
    for size in [240, 300] {
        weekends_of(size);
    }
}

fn weekends_of(size: usize) {
    let areas = [Area { name: "Riverside".into(), zip: "32204".into() }];
    let mut all = records(&areas, &["images/a.jpg".into()], size, None);
    // A Wednesday after a change of daylight time, and so weeks after NEWEST.
    let now: jiff::Timestamp = "2027-03-17T16:00:00Z".parse().unwrap();
    around(&mut all, NEWEST.parse().unwrap(), now);
    let listings: Vec<_> = all.iter().map(|r| crate::check::check(r, "x").unwrap()).collect();
    let (mut shown, mut feed) = (0, 0);
    for (r, p) in all.iter().zip(&listings) {
        let open = r["OpenHouse"].as_array().unwrap();
        feed += open.len();
        shown += p.open_house.len();
        assert!(open.is_empty() || r["StandardStatus"] == "Active");
        for o in &p.open_house {
            let start = o.open_house_start_time.to_zoned(eastern());
            assert!(matches!(start.weekday(), jiff::civil::Weekday::Saturday | jiff::civil::Weekday::Sunday));
            assert!((11..=14).contains(&start.hour()), "an afternoon's, in Eastern time: {start}");
        }
    }
    assert!(shown > 10 && shown < feed, "some not shown (a broker's, cancelled, ended): {shown} of {feed}");
    let homes = crate::homes::Homes::new(None, listings, &[]);
    let [this, next] = crate::open_houses::this_weekend_and_next(&homes, now);
    assert_eq!(this.saturday, jiff::civil::date(2027, 3, 20));
    let counts: Vec<usize> = this.days.iter().chain(&next.days).map(|d| d.open_houses.len()).collect();
    assert!(counts.iter().all(|&n| n > 0), "each day of this weekend and the next at {size}: {counts:?}");
}
