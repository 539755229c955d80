//! Calendar dates from unix time, for the generator (a new report's date) and the edge worker
//! (link expiry, daily quota keys, notices): one implementation, no date library in the wasm.

/// A unix time (seconds) as a UTC calendar date, e.g. "2026-12-07".
pub fn date(unix_s: u64) -> String {
    let (y, m, d) = civil((unix_s / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// A day as days since 1970-01-01 as its year, month and day (Howard Hinnant's days-to-civil).
fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The days since 1970-01-01 of a year, month and day (Hinnant's days-from-civil).
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let (m, d) = (i64::from(m), i64::from(d));
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// A day of the week, 0 for Sunday to 6 for Saturday, of a day since 1970-01-01 (a Thursday).
pub fn weekday(day: i64) -> i64 {
    (day + 4).rem_euclid(7)
}

/// The day in Jacksonville (America/New_York) at a unix time (seconds), as days since
/// 1970-01-01: the day a search's "this weekend" and "the last 30 days" count from. The US rule
/// since 2007: daylight time from the second Sunday of March, 2 a.m. local (7:00 UTC), to the
/// first Sunday of November, 2 a.m. local (6:00 UTC). By hand, as `date` is: the worker carries
/// no time-zone database.
pub fn eastern_day(unix_s: i64) -> i64 {
    let utc_day = unix_s.div_euclid(86_400);
    let (year, _, _) = civil(utc_day);
    // The nth Sunday of a month: its first day, then to its first Sunday, then n - 1 weeks on.
    let sunday = |month: u32, nth: i64| {
        let first = days_from_civil(year, month, 1);
        first + (7 - weekday(first)) % 7 + 7 * (nth - 1)
    };
    let starts = sunday(3, 2) * 86_400 + 7 * 3_600;
    let ends = sunday(11, 1) * 86_400 + 6 * 3_600;
    let offset = if (starts..ends).contains(&unix_s) { 4 } else { 5 };
    (unix_s - offset * 3_600).div_euclid(86_400)
}

/// "2026-12-07" as days since 1970-01-01; None unless a date of that shape.
pub fn day_of(date: &str) -> Option<i64> {
    let mut parts = date.splitn(3, '-');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    if y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return None;
    }
    let (y, m, d) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    ((1..=12).contains(&m) && (1..=31).contains(&d)).then(|| days_from_civil(y, m, d))
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates() {
        assert_eq!(super::date(0), "1970-01-01");
        assert_eq!(super::date(951_782_400), "2000-02-29");
        assert_eq!(super::date(1_796_601_600), "2026-12-07");
    }

    #[test]
    fn days_and_weekdays() {
        for (date, days) in [("1970-01-01", 0), ("2000-02-29", 11_016), ("2026-12-07", 20_794)] {
            assert_eq!(super::day_of(date), Some(days), "{date}");
            assert_eq!(super::date(days as u64 * 86_400), date);
        }
        assert_eq!(super::weekday(20_794), 1, "2026-12-07 is a Monday");
        assert_eq!(super::day_of("2026-13-01"), None);
        assert_eq!(super::day_of("26-12-01"), None);
    }

    #[test]
    fn jacksonville_days_turn_at_its_midnight() {
        let at = |s: &str| super::day_of(&s[..10]).unwrap() * 86_400 + s[11..13].parse::<i64>().unwrap() * 3_600;
        let day = |s: &str| super::eastern_day(at(s));
        // Standard time: midnight is 5:00 UTC.
        assert_eq!(day("2026-12-08T04"), super::day_of("2026-12-07").unwrap());
        assert_eq!(day("2026-12-08T05"), super::day_of("2026-12-08").unwrap());
        // Daylight time (from 2026-03-08 7:00 UTC to 2026-11-01 6:00 UTC): midnight is 4:00 UTC.
        assert_eq!(day("2026-07-04T03"), super::day_of("2026-07-03").unwrap());
        assert_eq!(day("2026-07-04T04"), super::day_of("2026-07-04").unwrap());
        assert_eq!(day("2026-03-08T06"), super::day_of("2026-03-08").unwrap(), "1 a.m. EST");
        assert_eq!(day("2026-11-02T04"), super::day_of("2026-11-01").unwrap(), "11 p.m. EST");
    }
}
