//! Days in Jacksonville's time and the weekend a day is in: what the open houses' page and the
//! sample's open houses count from.

use crate::record::TIME_ZONE;
use jiff::civil::{Date, Weekday};
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};

/// The Saturday of the weekend `today` is in, or of the next one on a weekday.
pub fn saturday_of(today: Date) -> Date {
    let back = match today.weekday() {
        Weekday::Saturday => 0,
        Weekday::Sunday => 1,
        // Monday is 1 … Friday 5: so many days to go back to Sunday, then on to Saturday.
        d => d.to_monday_one_offset() as i64 - 6,
    };
    today.checked_sub(back.days()).unwrap_or(today)
}

/// The day `t` falls on in Eastern time.
pub fn day_of(t: Timestamp) -> Date {
    t.to_zoned(eastern()).date()
}

pub fn eastern() -> TimeZone {
    TimeZone::get(TIME_ZONE).unwrap_or(TimeZone::UTC)
}
