//! A record's open houses: only the public, active ones are kept, so no page or calendar file can
//! show a broker's preview or a cancelled one. A bad time makes the record bad, as before; a bad
//! type, status or key costs only its open house (or its key), named like a fact left out.

use super::reader::{key_problem, shown, Reader};
use crate::lookups::{OpenHouseStatus, OpenHouseType};
use crate::record::OpenHouse;

/// The open houses of the record `r` reads that the site shows, soonest first, once each.
pub(super) fn read(r: &mut Reader) -> Vec<OpenHouse> {
    let mut out: Vec<OpenHouse> = Vec::new();
    for (i, o) in r.list("OpenHouse").into_iter().enumerate() {
        let at = |f: &str| format!("OpenHouse[{i}].{f}");
        let start = r.timestamp_in(o, "OpenHouseStartTime", &at("OpenHouseStartTime"));
        let end = r.timestamp_in(o, "OpenHouseEndTime", &at("OpenHouseEndTime"));
        // Absent means shown: feeds that carry only public, active open houses leave them out.
        let kind = r.lenient(|r| {
            r.lookup_in(
                o,
                "OpenHouseType",
                &at("OpenHouseType"),
                "open house types",
                &OpenHouseType::ALL,
                OpenHouseType::name,
            )
        });
        let status = r.lenient(|r| {
            r.lookup_in(
                o,
                "OpenHouseStatus",
                &at("OpenHouseStatus"),
                "open house statuses",
                &OpenHouseStatus::ALL,
                OpenHouseStatus::name,
            )
        });
        let key = match o.get("OpenHouseKey").filter(|v| !v.is_null()) {
            None => None,
            Some(v) => match v.as_str().map(str::trim).filter(|k| key_problem(k).is_none()) {
                Some(k) => Some(k.to_string()),
                None => {
                    let message = format!("{}, found {}", key_problem("").unwrap_or_default(), shown(v));
                    r.lenient(|r| r.bad(&at("OpenHouseKey"), message));
                    None
                }
            },
        };
        let (Some(s), Some(e)) = (start, end) else { continue };
        if e <= s {
            r.bad(&at("OpenHouseEndTime"), "expected a time after OpenHouseStartTime");
            continue;
        }
        let shown = matches!(kind, Ok(None | Some(OpenHouseType::Public)))
            && matches!(status, Ok(None | Some(OpenHouseStatus::Active)));
        if shown && !out.iter().any(|x| x.open_house_start_time == s) {
            out.push(OpenHouse { open_house_key: key, open_house_start_time: s, open_house_end_time: e });
        }
    }
    out.sort_by_key(|o| o.open_house_start_time);
    out
}
