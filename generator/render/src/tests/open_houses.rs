//! Open houses: each on its listing's page with its calendar file, the file's entry (the street
//! only where the MLS allows it), and `/homes/open-houses/` by day for this weekend and the next.

use super::*;
use jax_mls::homes::Homes;
use serde_json::{json, Value};
use std::collections::HashSet;

fn record(key: &str, address_shown: bool, open: &[(&str, &str)]) -> Value {
    json!({
        "ListingKey": key, "ListingId": format!("21000{}", key.len()), "StandardStatus": "Active", "ListPrice": 1_250_000,
        "BedroomsTotal": 4, "UnparsedAddress": format!("{} Ortega Blvd, Unit 2", key.len()), "City": "Jacksonville",
        "PostalCode": "32210", "ListOfficeName": "Harbor Realty", "ModificationTimestamp": "2026-11-01T00:00:00Z",
        "InternetAddressDisplayYN": address_shown,
        "OpenHouse": open.iter().enumerate().map(|(i, (s, e))| json!({"OpenHouseKey": format!("{key}-{i}"), "OpenHouseStartTime": s, "OpenHouseEndTime": e})).collect::<Vec<_>>(),
    })
}

#[test]
fn open_houses_link_their_calendar_files_and_fill_this_weekend_and_the_next() {
    let mut c = content();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
    c.site.data.mls = jax_load::site(&root).unwrap().mls;
    let records = [
        // Saturday December 5, 1 to 3 pm, and the Saturday after at 11; one this morning, over.
        record(
            "K1",
            true,
            &[
                ("2026-12-02T14:00:00Z", "2026-12-02T16:00:00Z"),
                ("2026-12-05T18:00:00Z", "2026-12-05T20:00:00Z"),
                ("2026-12-12T16:00:00Z", "2026-12-12T18:00:00Z"),
            ],
        ),
        record("K22", false, &[("2026-12-06T17:00:00Z", "2026-12-06T19:00:00Z")]),
    ];
    let listings = records.iter().map(|r| jax_mls::check::check(r, "x").unwrap()).collect();
    let mut homes = Homes::new(None, listings, &[]);
    // A Wednesday.
    homes.now = "2026-12-02T17:00:00Z".parse().unwrap();
    let files = crate::calendar::outputs(&c, &homes);
    let shown = homes.homes.iter().find(|h| h.p.listing_key == "K1").unwrap();
    let hidden = homes.homes.iter().find(|h| h.p.listing_key == "K22").unwrap();
    let ics = |h: &jax_mls::homes::Home, day: &str| {
        let path = format!("{}open-house-{day}.ics", h.url.trim_start_matches('/'));
        let f = files
            .iter()
            .find(|f| f.path == path)
            .unwrap_or_else(|| panic!("{path} among {:?}", files.iter().map(|f| &f.path).collect::<Vec<_>>()));
        // Unfolded: the URL is longer than a line.
        String::from_utf8(f.bytes.clone()).unwrap().replace("\r\n ", "")
    };
    assert_eq!(files.len(), 3, "no calendar file for the open house that is over");
    let one = ics(shown, "2026-12-05-1300");
    assert!(one.contains("\r\nSUMMARY:Open house: 2 Ortega Blvd\\, Unit 2\\, Jacksonville\\, FL 32210\r\n"), "{one}");
    assert!(one.contains("\r\nLOCATION:2 Ortega Blvd\\, Unit 2\\, Jacksonville\\, FL 32210\r\n"));
    assert!(one.contains(&format!("\r\nURL:{}{}\r\n", c.site.data.base_url, shown.url)));
    assert!(one.contains("\r\nUID:K1-1@"), "by the MLS's key of the open house");
    let two = ics(hidden, "2026-12-06-1200");
    assert!(!two.contains("Ortega Blvd"), "no street where the MLS withholds it: {two}");
    assert!(two.contains("\r\nLOCATION:Jacksonville\\, FL 32210\r\n"));

    let images = images(&c);
    let input = RenderInput {
        content: &c,
        images: &images,
        assets: &Assets::default(),
        reports: &HashMap::new(),
        homes: Some(&homes),
    };
    let page = jax_output::index_file(jax_model::api::OPEN_HOUSES);
    let wanted: HashSet<String> = [page.clone(), jax_output::index_file(&shown.url)].into();
    let out = Renderer::embedded().unwrap().render_some(&input, &wanted).unwrap();
    let html = |path: &str| String::from_utf8(out.iter().find(|o| o.path == path).unwrap().bytes.clone()).unwrap();
    let listing = html(&jax_output::index_file(&shown.url));
    assert!(listing.contains(&format!(
        "href=\"{}open-house-2026-12-05-1300.ics\" type=\"text/calendar\">Add to calendar",
        shown.url
    )));
    assert!(listing.contains("Saturday, December 5, 1:00 PM – 3:00 PM"));
    assert!(!listing.contains("Wednesday, December 2"), "the open house that is over is not offered");
    let list = html(&page);
    let this = &list[list.find("id=\"this-weekend\"").unwrap()..list.find("id=\"next-weekend\"").unwrap()];
    assert!(this.contains("This weekend, December 5–6"));
    let (sat, sun) = (this.find("Saturday, December 5").unwrap(), this.find("Sunday, December 6").unwrap());
    assert!(
        sat < this.find(&format!("href=\"{}\"", shown.url)).unwrap()
            && sun < this.find(&format!("href=\"{}\"", hidden.url)).unwrap()
    );
    assert!(this.contains("1:00 PM – 3:00 PM") && this.contains("Listed by Harbor Realty"));
    let next = &list[list.find("id=\"next-weekend\"").unwrap()..];
    assert!(next.contains("Saturday, December 12") && next.contains("11:00 AM – 1:00 PM"));
    assert!(!next.contains("Sunday, December 13"), "a day without any is left out");
    // Once an open house is over, its listing's page is made anew, though its record is the same.
    let print = |homes: &Homes| {
        crate::incremental::fingerprints(blake3::hash(b""), homes, &[])[&jax_output::index_file(&shown.url)].clone()
    };
    let before = print(&homes);
    homes.now = "2026-12-05T19:00:00Z".parse().unwrap();
    assert_eq!(print(&homes), before, "the open house of 1 pm is not over at 2 pm");
    homes.now = "2026-12-05T21:00:00Z".parse().unwrap();
    assert_ne!(print(&homes), before);
    // Two weeks on, neither weekend has any: the page says so.
    homes.now = "2026-12-16T17:00:00Z".parse().unwrap();
    let input = RenderInput {
        content: &c,
        images: &images,
        assets: &Assets::default(),
        reports: &HashMap::new(),
        homes: Some(&homes),
    };
    let out = Renderer::embedded().unwrap().render_some(&input, &[page.clone()].into()).unwrap();
    let empty = String::from_utf8(out[0].bytes.clone()).unwrap();
    assert_eq!(empty.matches("No open houses are scheduled for these days yet.").count(), 2);
}
