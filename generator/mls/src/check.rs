//! A feed's record checked field by field into a `Property`: every bad field is named with its
//! listing's key (`ListingKey <key>: <field>: <what is wrong>`), and a record with any is skipped.

use crate::record::{Media, OpenHouse, Problem, Property, Status};
use jiff::Timestamp;
use serde_json::{Map, Value};

/// A value as a problem message shows it: short, quoted when it is a string.
fn shown(v: &Value) -> String {
    let text = v.to_string();
    if text.chars().count() > 40 {
        format!("{}…", text.chars().take(40).collect::<String>())
    } else {
        text
    }
}

/// Reads one record's fields, collecting a problem for each bad one.
struct Reader<'a> {
    record: &'a Map<String, Value>,
    key: String,
    problems: Vec<Problem>,
}

impl<'a> Reader<'a> {
    fn bad(&mut self, field: &str, message: impl Into<String>) {
        self.problems.push(Problem { key: self.key.clone(), field: field.to_string(), message: message.into() });
    }

    /// The field's value; JSON null counts as absent (OData sends null for an empty field).
    fn get(&self, field: &str) -> Option<&'a Value> {
        self.record.get(field).filter(|v| !v.is_null())
    }

    fn text(&mut self, field: &str) -> Option<String> {
        match self.get(field)? {
            Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
            Value::String(_) => None,
            v => {
                let found = shown(v);
                self.bad(field, format!("expected text, found {found}"));
                None
            }
        }
    }

    fn required_text(&mut self, field: &str) -> String {
        let present = self.get(field).is_some_and(|v| !v.as_str().is_some_and(|s| s.trim().is_empty()));
        let value = self.text(field);
        if !present {
            self.bad(field, "missing");
        }
        value.unwrap_or_default()
    }

    fn number(&mut self, field: &str, range: std::ops::RangeInclusive<f64>) -> Option<f64> {
        let v = self.get(field)?;
        match v.as_f64() {
            Some(n) if range.contains(&n) => Some(n),
            Some(n) => {
                self.bad(field, format!("expected a number from {} to {}, found {n}", range.start(), range.end()));
                None
            }
            None => {
                let found = shown(v);
                self.bad(field, format!("expected a number, found {found}"));
                None
            }
        }
    }

    fn whole(&mut self, field: &str, max: u64) -> Option<u64> {
        let v = self.get(field)?;
        match v.as_u64() {
            Some(n) if n <= max => Some(n),
            _ => {
                let found = shown(v);
                self.bad(field, format!("expected a whole number from 0 to {max}, found {found}"));
                None
            }
        }
    }

    /// Dollars: a number, rounded to whole dollars.
    fn price(&mut self, field: &str) -> Option<u64> {
        self.number(field, 0.0..=1e12).map(|n| n.round() as u64)
    }

    fn flag(&mut self, field: &str) -> Option<bool> {
        let v = self.get(field)?;
        match v.as_bool() {
            Some(b) => Some(b),
            None => {
                let found = shown(v);
                self.bad(field, format!("expected true or false, found {found}"));
                None
            }
        }
    }

    /// A calendar date, "YYYY-MM-DD" (RESO's Date fields).
    fn date(&mut self, field: &str) -> Option<jiff::civil::Date> {
        let v = self.get(field)?;
        match v.as_str().and_then(|s| s.parse::<jiff::civil::Date>().ok()) {
            Some(d) => Some(d),
            None => {
                let found = shown(v);
                self.bad(field, format!("expected a date such as \"2026-11-24\", found {found}"));
                None
            }
        }
    }

    fn timestamp_in(&mut self, record: &Map<String, Value>, field: &str, at: &str) -> Option<Timestamp> {
        let v = record.get(field).filter(|v| !v.is_null());
        let Some(v) = v else {
            self.bad(at, "missing");
            return None;
        };
        match v.as_str().and_then(|s| s.parse::<Timestamp>().ok()) {
            Some(t) => Some(t),
            None => {
                let found = shown(v);
                self.bad(at, format!("expected a date and time such as \"2026-11-24T14:05:00Z\", found {found}"));
                None
            }
        }
    }

    fn list(&mut self, field: &str) -> Vec<&'a Map<String, Value>> {
        match self.get(field) {
            None => Vec::new(),
            Some(Value::Array(items)) => {
                let mut out = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    match item.as_object() {
                        Some(o) => out.push(o),
                        None => {
                            self.bad(&format!("{field}[{i}]"), format!("expected an object, found {}", shown(item)))
                        }
                    }
                }
                out
            }
            Some(v) => {
                let found = shown(v);
                self.bad(field, format!("expected a list, found {found}"));
                Vec::new()
            }
        }
    }
}

/// A ListingKey that can name a file and a URL: letters, digits, `-`, `_` and `.`, not starting with `.`.
fn key_problem(key: &str) -> Option<&'static str> {
    let ok = !key.is_empty()
        && key.len() <= 128
        && !key.starts_with('.')
        && key.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    (!ok).then_some("expected letters, digits, '-', '_' or '.' (at most 128)")
}

/// Checks one record of the feed. `place` names it when it has no ListingKey ("record 3 of page-2.json").
pub fn check(record: &Value, place: &str) -> Result<Property, Vec<Problem>> {
    let Some(record) = record.as_object() else {
        let problem =
            Problem { key: format!("(none, {place})"), field: "record".into(), message: "expected an object".into() };
        return Err(vec![problem]);
    };
    let raw_key = record.get("ListingKey").and_then(Value::as_str).map(str::trim).unwrap_or("");
    let key = if raw_key.is_empty() { format!("(none, {place})") } else { raw_key.to_string() };
    let mut r = Reader { record, key, problems: Vec::new() };
    if raw_key.is_empty() {
        r.bad("ListingKey", "missing");
    } else if let Some(p) = key_problem(raw_key) {
        r.bad("ListingKey", p);
    }
    let listing_id = r.required_text("ListingId");
    let status = match r.get("StandardStatus") {
        None => {
            r.bad("StandardStatus", "missing");
            None
        }
        Some(v) => {
            let status = v.as_str().and_then(Status::parse);
            if status.is_none() {
                let names: Vec<&str> = Status::ALL.iter().map(|s| s.name()).collect();
                let found = shown(v);
                r.bad(
                    "StandardStatus",
                    format!("expected one of RESO's statuses ({}), found {found}", names.join(", ")),
                );
            }
            status
        }
    };
    let list_price = r.price("ListPrice");
    if r.get("ListPrice").is_none() {
        r.bad("ListPrice", "missing");
    }
    let close_price = r.price("ClosePrice");
    let bedrooms_total = r.whole("BedroomsTotal", 100).map(|n| n as u32);
    let bathrooms_total_integer = r.whole("BathroomsTotalInteger", 100).map(|n| n as u32);
    let living_area = r.number("LivingArea", 0.0..=1e6);
    let lot_size_acres = r.number("LotSizeAcres", 0.0..=1e6);
    let year_built = r.whole("YearBuilt", 2100).map(|n| n as u32);
    if year_built.is_some_and(|y| y < 1600) {
        r.bad("YearBuilt", format!("expected a year from 1600 to 2100, found {}", year_built.unwrap_or(0)));
    }
    let property_type = r.text("PropertyType");
    let property_sub_type = r.text("PropertySubType");
    let unparsed_address = r.text("UnparsedAddress");
    let city = r.required_text("City");
    let postal_code = r.required_text("PostalCode");
    let zip = postal_code.split('-').next().unwrap_or("");
    if !postal_code.is_empty() && (zip.len() != 5 || !zip.bytes().all(|b| b.is_ascii_digit())) {
        r.bad("PostalCode", format!("expected a ZIP code such as \"32207\", found \"{postal_code}\""));
    }
    let latitude = r.number("Latitude", -90.0..=90.0);
    let longitude = r.number("Longitude", -180.0..=180.0);
    let subdivision_name = r.text("SubdivisionName");
    let public_remarks = r.text("PublicRemarks");
    let list_office_name = r.required_text("ListOfficeName");
    let list_office_phone = r.text("ListOfficePhone");
    let list_agent_full_name = r.text("ListAgentFullName");
    let list_agent_mls_id = r.text("ListAgentMlsId");
    let co_list_agent_mls_id = r.text("CoListAgentMlsId");
    let buyer_agent_mls_id = r.text("BuyerAgentMlsId");
    let co_buyer_agent_mls_id = r.text("CoBuyerAgentMlsId");
    let close_date = r.date("CloseDate");
    let modification_timestamp = r.timestamp_in(record, "ModificationTimestamp", "ModificationTimestamp");
    // Absent means allowed: an IDX feed carries only what its members may display.
    let internet_entire_listing_display_yn = r.flag("InternetEntireListingDisplayYN").unwrap_or(true);
    let internet_address_display_yn = r.flag("InternetAddressDisplayYN").unwrap_or(true);
    if internet_address_display_yn && unparsed_address.is_none() {
        r.bad("UnparsedAddress", "missing (needed unless InternetAddressDisplayYN is false)");
    }

    let mut media = Vec::new();
    for (i, m) in r.list("Media").into_iter().enumerate() {
        let at = |f: &str| format!("Media[{i}].{f}");
        let url = m.get("MediaURL").and_then(Value::as_str).map(str::trim).unwrap_or("");
        // http only on this machine (the tests' fake media host).
        let secure = url.starts_with("https://") || crate::fetch::on_this_machine(url);
        if !secure || url.len() <= "https://".len() || url.contains(char::is_whitespace) {
            r.bad(
                &at("MediaURL"),
                format!("expected an https:// URL, found {}", m.get("MediaURL").map_or("nothing".into(), shown)),
            );
            continue;
        }
        let order = match m.get("Order").filter(|v| !v.is_null()) {
            None => i as u32,
            Some(v) => match v.as_u64().filter(|&n| n <= u64::from(u32::MAX)) {
                Some(n) => n as u32,
                None => {
                    r.bad(&at("Order"), format!("expected a whole number, found {}", shown(v)));
                    continue;
                }
            },
        };
        let short_description =
            m.get("ShortDescription").and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty());
        media.push(Media {
            media_url: url.to_string(),
            order,
            short_description: short_description.map(str::to_string),
        });
    }
    media.sort_by_key(|m| m.order);

    let mut open_house = Vec::new();
    for (i, o) in r.list("OpenHouse").into_iter().enumerate() {
        let start = r.timestamp_in(o, "OpenHouseStartTime", &format!("OpenHouse[{i}].OpenHouseStartTime"));
        let end = r.timestamp_in(o, "OpenHouseEndTime", &format!("OpenHouse[{i}].OpenHouseEndTime"));
        if let (Some(s), Some(e)) = (start, end) {
            if e <= s {
                r.bad(&format!("OpenHouse[{i}].OpenHouseEndTime"), "expected a time after OpenHouseStartTime");
            } else {
                open_house.push(OpenHouse { open_house_start_time: s, open_house_end_time: e });
            }
        }
    }
    open_house.sort_by_key(|o| o.open_house_start_time);

    match (r.problems.is_empty(), status, list_price, modification_timestamp) {
        (true, Some(standard_status), Some(list_price), Some(modification_timestamp)) => Ok(Property {
            listing_key: raw_key.to_string(),
            listing_id,
            standard_status,
            list_price,
            close_price,
            bedrooms_total,
            bathrooms_total_integer,
            living_area,
            lot_size_acres,
            year_built,
            property_type,
            property_sub_type,
            unparsed_address,
            city,
            postal_code,
            latitude,
            longitude,
            subdivision_name,
            public_remarks,
            list_office_name,
            list_office_phone,
            list_agent_full_name,
            list_agent_mls_id,
            co_list_agent_mls_id,
            buyer_agent_mls_id,
            co_buyer_agent_mls_id,
            close_date,
            modification_timestamp,
            internet_entire_listing_display_yn,
            internet_address_display_yn,
            media,
            open_house,
        }),
        _ => Err(r.problems),
    }
}
