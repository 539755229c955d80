//! A feed's record checked field by field into a `Property`: every bad field is named with its
//! listing's key (`ListingKey <key>: <field>: <what is wrong>`). A record with a bad field the
//! site needs (its key, price, status, address, photos' URLs…) is skipped; a bad fact of the
//! buyer's groups (`facts`) or a media item of an unknown category is only left out, and only the
//! public, active open houses are kept (`open_houses`).

mod facts;
mod open_houses;
mod reader;
#[cfg(test)]
mod tests;

use crate::record::{Media, MediaCategory, Problem, Property, Status};
use reader::{key_problem, shown, web_url, Reader};
use serde_json::Value;

/// A record checked: the listing, or what makes it bad; and the fields left out of it.
pub struct Checked {
    pub property: Result<Property, Vec<Problem>>,
    /// Each fact left out, named like a problem.
    pub dropped: Vec<Problem>,
}

/// Checks one record of the feed. `place` names it when it has no ListingKey ("record 3 of page-2.json").
pub fn check(record: &Value, place: &str) -> Result<Property, Vec<Problem>> {
    check_all(record, place).property
}

/// The same, with the fields it left out.
pub fn check_all(record: &Value, place: &str) -> Checked {
    let Some(record) = record.as_object() else {
        let problem =
            Problem { key: format!("(none, {place})"), field: "record".into(), message: "expected an object".into() };
        return Checked { property: Err(vec![problem]), dropped: Vec::new() };
    };
    let raw_key = record.get("ListingKey").and_then(Value::as_str).map(str::trim).unwrap_or("");
    let key = if raw_key.is_empty() { format!("(none, {place})") } else { raw_key.to_string() };
    let mut r = Reader { record, key, problems: Vec::new(), dropped: Vec::new() };
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
    let year_built = r.year("YearBuilt");
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
        if !web_url(url) {
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
        // A category the Dictionary does not have could be anything: not shown as a photo.
        let media_category = match m.get("MediaCategory").filter(|v| !v.is_null()) {
            None => None,
            Some(v) => match v.as_str().and_then(MediaCategory::parse) {
                Some(c) => Some(c),
                None => {
                    let names: Vec<&str> = MediaCategory::ALL.iter().map(|c| c.name()).collect();
                    let message =
                        format!("expected one of RESO's media categories ({}), found {}", names.join(", "), shown(v));
                    r.lenient(|r| r.bad(&at("MediaCategory"), message));
                    continue;
                }
            },
        };
        media.push(Media {
            media_url: url.to_string(),
            order,
            short_description: short_description.map(str::to_string),
            media_category,
        });
    }
    media.sort_by_key(|m| m.order);

    let open_house = open_houses::read(&mut r);
    let facts = facts::read(&mut r);

    let property = match (r.problems.is_empty(), status, list_price, modification_timestamp) {
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
            facts,
        }),
        _ => Err(r.problems),
    };
    Checked { property, dropped: r.dropped }
}
