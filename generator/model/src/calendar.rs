//! Calendar dates from unix time, for the generator (a new report's date) and the edge worker
//! (link expiry, daily quota keys, notices): one implementation, no date library in the wasm.

/// A unix time (seconds) as a UTC calendar date, e.g. "2026-12-07".
pub fn date(unix_s: u64) -> String {
    // Howard Hinnant's days-to-civil.
    let z = (unix_s / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates() {
        assert_eq!(super::date(0), "1970-01-01");
        assert_eq!(super::date(951_782_400), "2000-02-29");
        assert_eq!(super::date(1_796_601_600), "2026-12-07");
    }
}
