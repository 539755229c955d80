//! Each open house as an iCalendar file (RFC 5545) that "Add to calendar" downloads, written by
//! the build beside its listing's page: `/homes/<slug>/open-house-<day>-<hhmm>.ics`. Its times are
//! Jacksonville's wall-clock times with `TZID=America/New_York` and the zone's VTIMEZONE, which
//! Google, Apple and Outlook calendars all read, so the entry shows "1:00 PM Eastern" wherever it
//! is opened. Hand-written: a few properties, with the text escaping and line folding tested here.

use jax_mls::homes::{dollars, Home, Homes, TIME_ZONE};
use jax_mls::record::OpenHouse;
use jax_model::Content;
use jax_output::Output;
use jiff::Timestamp;
use rayon::prelude::*;

/// America/New_York by the US rules since 2007, as calendars write it.
const VTIMEZONE: &[&str] = &[
    "BEGIN:VTIMEZONE",
    "TZID:America/New_York",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:-0500",
    "TZOFFSETTO:-0400",
    "TZNAME:EDT",
    "DTSTART:20070311T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:-0400",
    "TZOFFSETTO:-0500",
    "TZNAME:EST",
    "DTSTART:20071104T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
];

/// One calendar entry.
pub struct Event<'a> {
    pub uid: String,
    /// When the entry was last changed: the listing's ModificationTimestamp, so a file's bytes
    /// change only with its listing and an hourly build re-uploads none.
    pub stamp: Timestamp,
    pub start: Timestamp,
    pub end: Timestamp,
    pub summary: &'a str,
    pub location: &'a str,
    pub description: &'a str,
    pub url: &'a str,
}

/// TEXT as RFC 5545 escapes it (3.3.11): backslash, semicolon, comma and line breaks.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.replace("\r\n", "\n").chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' | '\r' => out.push_str("\\n"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A content line folded at 75 octets (3.1), never inside a character, ended by CRLF.
pub fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 8);
    let mut width = 0;
    for c in line.chars() {
        if width + c.len_utf8() > 75 {
            out.push_str("\r\n ");
            // The space that opens the continuation counts towards its 75.
            width = 1;
        }
        out.push(c);
        width += c.len_utf8();
    }
    out.push_str("\r\n");
    out
}

/// `t` as a local DATE-TIME in Jacksonville, e.g. "20261205T130000".
fn local(t: Timestamp) -> String {
    t.in_tz(TIME_ZONE)
        .map_or_else(|_| t.strftime("%Y%m%dT%H%M%S").to_string(), |z| z.strftime("%Y%m%dT%H%M%S").to_string())
}

/// The whole file of one entry.
pub fn ics(e: &Event) -> String {
    let mut lines: Vec<String> = vec![
        "BEGIN:VCALENDAR".into(),
        "VERSION:2.0".into(),
        "PRODID:-//Move to JAX//Open houses//EN".into(),
        "CALSCALE:GREGORIAN".into(),
        "METHOD:PUBLISH".into(),
    ];
    lines.extend(VTIMEZONE.iter().map(|l| l.to_string()));
    lines.extend([
        "BEGIN:VEVENT".into(),
        format!("UID:{}", escape(&e.uid)),
        format!("DTSTAMP:{}", e.stamp.strftime("%Y%m%dT%H%M%SZ")),
        format!("DTSTART;TZID={TIME_ZONE}:{}", local(e.start)),
        format!("DTEND;TZID={TIME_ZONE}:{}", local(e.end)),
        format!("SUMMARY:{}", escape(e.summary)),
        format!("LOCATION:{}", escape(e.location)),
        format!("DESCRIPTION:{}", escape(e.description)),
        // A URI, not TEXT: not escaped (the site's own links hold no comma or semicolon).
        format!("URL:{}", e.url),
        "END:VEVENT".into(),
        "END:VCALENDAR".into(),
    ]);
    lines.iter().map(|l| fold(l)).collect()
}

/// The URL path of an open house's file, beside its listing's page: by its start in Eastern time,
/// which the import keeps once a listing.
pub fn path(h: &Home, o: &OpenHouse) -> String {
    let day = o.open_house_start_time.in_tz(TIME_ZONE).map_or_else(
        |_| o.open_house_start_time.strftime("%Y-%m-%d-%H%M").to_string(),
        |z| z.strftime("%Y-%m-%d-%H%M").to_string(),
    );
    format!("{}open-house-{day}.ics", h.url)
}

/// Every listing for sale's open houses as their files. None without an `mls:` block.
pub fn outputs(c: &Content, homes: &Homes) -> Vec<Output> {
    let Some(mls) = c.site.data.mls.as_ref() else { return Vec::new() };
    let labels = &mls.labels;
    let base = &c.site.data.base_url;
    let host = base.split("://").nth(1).unwrap_or(base).trim_end_matches('/');
    // Most listings have no open house ahead: their texts are not made. Each listing's in parallel.
    let of = |h: &Home| -> Vec<Output> {
        let p = &h.p;
        if h.open_houses_ahead(homes.now).next().is_none() {
            return Vec::new();
        }
        // Where the street may not be shown, the place alone: as on the page.
        let location = h.address.as_ref().map_or_else(|| h.place.clone(), |a| format!("{a}, {}", h.place));
        let home = match &h.address {
            Some(_) => location.clone(),
            None => format!("{} ({} {})", h.place, labels.mls_number, p.listing_id),
        };
        let summary = labels.open_house.summary.replace("{home}", &home);
        let url = crate::seo::absolute(base, &h.url);
        let description =
            format!("{} · {}\n{url}", dollars(p.list_price), labels.listed_by.replace("{office}", &p.list_office_name));
        h.open_houses_ahead(homes.now)
            .map(|o| {
                let uid = match &o.open_house_key {
                    Some(k) => format!("{k}@{host}"),
                    None => format!("{}-{}@{host}", p.listing_key, o.open_house_start_time.as_second()),
                };
                let event = Event {
                    uid,
                    stamp: p.modification_timestamp,
                    start: o.open_house_start_time,
                    end: o.open_house_end_time,
                    summary: &summary,
                    location: &location,
                    description: &description,
                    url: &url,
                };
                Output::new(path(h, o).trim_start_matches('/'), ics(&event))
            })
            .collect()
    };
    homes.for_sale_places(None).par_iter().flat_map_iter(|&i| of(&homes.homes[i])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_lines_fold_at_75_octets_with_crlf() {
        assert_eq!(
            escape("12 Oak Lane, Unit 4; back\\side\nline two"),
            "12 Oak Lane\\, Unit 4\\; back\\\\side\\nline two"
        );
        let long = format!("DESCRIPTION:{}", "é".repeat(60));
        let folded = fold(&long);
        assert!(folded.ends_with("\r\n"));
        let lines: Vec<&str> = folded.trim_end_matches("\r\n").split("\r\n").collect();
        assert!(lines.len() > 1);
        for (i, l) in lines.iter().enumerate() {
            assert!(l.len() <= 75, "line {i} is {} octets", l.len());
            assert_eq!(i > 0, l.starts_with(' '), "a continuation starts with a space");
        }
        let unfolded: String = lines.iter().enumerate().map(|(i, l)| if i == 0 { *l } else { &l[1..] }).collect();
        assert_eq!(unfolded, long, "unfolding gives the line back, no character split");
        assert_eq!(fold("SHORT:x"), "SHORT:x\r\n");
    }

    #[test]
    fn an_event_is_in_new_york_time_with_its_zone_and_crlf_everywhere() {
        let t = |s: &str| s.parse::<Timestamp>().unwrap();
        let event = Event {
            uid: "OH-1@movetojax.com".into(),
            stamp: t("2026-11-20T15:00:00Z"),
            // 1 pm to 3 pm in December (EST), and 11 am in July (EDT).
            start: t("2026-12-05T18:00:00Z"),
            end: t("2026-12-05T20:00:00Z"),
            summary: "Open house: 12 Oak Lane, Jacksonville, FL 32210",
            location: "12 Oak Lane, Jacksonville, FL 32210",
            description: "$1,250,000 · Listed by Harbor Realty\nhttps://movetojax.com/homes/x/",
            url: "https://movetojax.com/homes/x/",
        };
        let file = ics(&event);
        assert!(!file.replace("\r\n", "").contains('\n'), "every line ends with CRLF");
        for line in [
            "DTSTART;TZID=America/New_York:20261205T130000\r\n",
            "DTEND;TZID=America/New_York:20261205T150000\r\n",
            "DTSTAMP:20261120T150000Z\r\n",
            "TZID:America/New_York\r\n",
            "SUMMARY:Open house: 12 Oak Lane\\, Jacksonville\\, FL 32210\r\n",
            "LOCATION:12 Oak Lane\\, Jacksonville\\, FL 32210\r\n",
            "UID:OH-1@movetojax.com\r\n",
        ] {
            assert!(file.contains(line), "{line:?} in {file}");
        }
        assert!(file.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") && file.ends_with("END:VCALENDAR\r\n"));
        let summer = ics(&Event { start: t("2027-07-10T15:00:00Z"), end: t("2027-07-10T17:00:00Z"), ..event });
        assert!(summer.contains("DTSTART;TZID=America/New_York:20270710T110000\r\n"));
    }
}
