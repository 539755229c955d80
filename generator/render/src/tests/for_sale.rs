//! An MLS listing's page: its facts by group, each group only with a fact in it, its story, its
//! unbranded tour and its videos as links. The labels are the real site's (`content/site.yaml`).

use super::*;
use jax_mls::history::Event;
use jax_mls::homes::Homes;
use serde_json::{json, Value};
use std::collections::HashSet;

fn record(key: &str, facts: Value) -> Value {
    let mut r = json!({
        "ListingKey": key, "ListingId": format!("2100{}", key.len()), "StandardStatus": "Active", "ListPrice": 850_000,
        "BedroomsTotal": 4, "UnparsedAddress": format!("{} Ortega Blvd", key.len()), "City": "Jacksonville",
        "PostalCode": "32210", "ListOfficeName": "Harbor Realty", "ModificationTimestamp": "2026-11-01T00:00:00Z",
        "Media": [{"MediaURL": "https://photos.mls.example/a.jpg", "Order": 0}],
    });
    r.as_object_mut().unwrap().extend(facts.as_object().unwrap().clone());
    r
}

/// Each listing's page, rendered with the real site's MLS labels.
fn pages(records: &[Value], history: jax_mls::history::History) -> Vec<String> {
    let mut c = content();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
    c.site.data.mls = jax_load::site(&root).unwrap().mls;
    let listings = records.iter().map(|r| jax_mls::check::check(r, "x").unwrap()).collect();
    let mut homes = Homes::new(None, listings, &[]);
    homes.history = history;
    let images = images(&c);
    let input = RenderInput {
        content: &c,
        images: &images,
        assets: &Assets::default(),
        reports: &HashMap::new(),
        homes: Some(&homes),
    };
    let paths: Vec<String> = records
        .iter()
        .map(|r| {
            let h = homes.homes.iter().find(|h| h.p.listing_key == r["ListingKey"]).unwrap();
            jax_output::index_file(&h.url)
        })
        .collect();
    let wanted: HashSet<String> = paths.iter().cloned().collect();
    let out = Renderer::embedded().unwrap().render_some(&input, &wanted).unwrap();
    paths
        .iter()
        .map(|path| String::from_utf8(out.iter().find(|o| &o.path == path).unwrap().bytes.clone()).unwrap())
        .collect()
}

/// The page's groups: each heading with its facts as "label: value".
fn groups(html: &str) -> Vec<(String, Vec<String>)> {
    let Some(start) = html.find("<div class=\"for-sale__groups\">") else { return Vec::new() };
    let block = &html[start..];
    block[..block.find("\n</div>").unwrap()]
        .split("<div class=\"for-sale__group\"><h2>")
        .skip(1)
        .map(|g| {
            let heading = g[..g.find("</h2>").unwrap()].to_string();
            let facts = g
                .split("<div><dt>")
                .skip(1)
                .map(|f| f.replace("</dt><dd>", ": ").split("</dd>").next().unwrap().to_string())
                .collect();
            (heading, facts)
        })
        .collect()
}

#[test]
fn a_listing_shows_its_facts_by_group_its_story_its_tour_and_its_videos_as_links() {
    let facts = json!({
        "WaterfrontYN": true, "WaterfrontFeatures": "River Front,Boat Dock", "View": ["River"],
        "PoolPrivateYN": true, "PoolFeatures": ["Heated"], "GarageSpaces": 2.5, "Roof": ["Tile"],
        "FireplaceYN": true, "Stories": 2, "Cooling": ["Central Air"],
        "AssociationFee": 245.5, "AssociationFeeFrequency": "Monthly", "AssociationName": "Ortega Point",
        "CommunityFeatures": ["Gated", "Clubhouse"], "TaxAnnualAmount": 14_000, "TaxYear": 2025,
        "ElementarySchool": "Cedar Bluff Elementary", "HighSchool": "Timuquana High",
        "ListingContractDate": "2026-01-02",
        "VirtualTourURLUnbranded": "https://tours.example/k1", "VirtualTourURLBranded": "https://brand.example/k1",
        "Media": [
            {"MediaURL": "https://photos.mls.example/a.jpg", "Order": 0, "MediaCategory": "Photo"},
            {"MediaURL": "https://videos.example/1.mp4", "Order": 1, "MediaCategory": "Video"},
            {"MediaURL": "https://photos.mls.example/b.jpg", "Order": 2},
            {"MediaURL": "https://videos.example/2.mp4", "Order": 3, "MediaCategory": "Video"},
            {"MediaURL": "https://brand.example/tour", "Order": 4, "MediaCategory": "Branded Virtual Tour"},
        ],
    });
    let d = |s: &str| s.parse().unwrap();
    let story = vec![
        Event::Listed { price: 900_000, on: d("2026-01-05") },
        Event::Reduced { price: 850_000, on: d("2026-03-02") },
        Event::BackOnMarket { on: d("2026-04-01") },
    ];
    let history = [("K1".to_string(), story)].into_iter().collect();
    let html = &pages(&[record("K1", facts)], history)[0];
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(
        groups(html),
        [
            (
                "Water".into(),
                s(&["Waterfront: Yes", "Waterfront features: River Front, Boat Dock", "View: River", "Dock: Yes"])
            ),
            ("Outside".into(), s(&["Private pool: Yes", "Pool features: Heated", "Garage spaces: 2.5", "Roof: Tile"])),
            ("Inside".into(), s(&["Fireplace: Yes", "Stories: 2", "Cooling: Central Air"])),
            (
                "Community".into(),
                s(&[
                    "HOA fee: $246 a month",
                    "Association: Ortega Point",
                    "Community features: Gated, Clubhouse",
                    "Gated community: Yes"
                ])
            ),
            ("Taxes".into(), s(&["Annual taxes: $14,000", "Tax year: 2025"])),
            ("Schools".into(), s(&["Elementary: Cedar Bluff Elementary", "High: Timuquana High"])),
            ("Listing History".into(), vec![]),
        ]
    );
    // When it came on the market (the contract's date, without an OnMarketDate), and its story.
    assert!(html.contains("<h2>Listing History</h2><p>On the market since January 2, 2026</p><p class=\"for-sale__story\">Listed at $900,000 on January 5, 2026 · Reduced to $850,000 on March 2, 2026 · Back on the market April 1, 2026</p>"), "{html}");
    // Under the photo: the unbranded tour, then each video as a link.
    assert!(html.contains(concat!(
        "<p class=\"for-sale__tours\"><a class=\"btn btn--outline\" href=\"https://tours.example/k1\" rel=\"nofollow noopener\">Virtual tour</a>",
        "<a class=\"link-arrow\" href=\"https://videos.example/1.mp4\" rel=\"nofollow noopener\">Video tour</a>",
        "<a class=\"link-arrow\" href=\"https://videos.example/2.mp4\" rel=\"nofollow noopener\">Video tour 2</a></p>"
    )));
    // Videos are links only (never a player, never a photo); the branded tour is nowhere.
    assert!(!html.contains("<video") && !html.contains("<iframe"));
    assert_eq!(html.matches(".mp4").count(), 2, "each video once, as its link");
    assert!(!html.contains("brand.example"));
    assert!(html.contains("photos.mls.example/b.jpg"), "the photo after the video is a photo");
}

#[test]
fn a_listing_without_facts_shows_no_group_and_nothing_for_what_it_lacks() {
    let no = json!({"WaterfrontYN": false, "PoolPrivateYN": false, "FireplaceYN": false, "GarageSpaces": 0});
    let view = json!({"View": ["Golf Course"], "TaxAnnualAmount": 9_000});
    let [bare, none_yes, golf] =
        &pages(&[record("K1", json!({})), record("K22", no), record("K333", view)], Default::default())[..]
    else {
        panic!("three pages")
    };
    for html in [bare, none_yes] {
        assert!(!html.contains("<div class=\"for-sale__group"), "no group at all");
        assert!(!html.contains("<p class=\"for-sale__tours") && !html.contains("Virtual tour"));
    }
    assert!(!bare.contains("N/A") && !bare.contains("Listing History"));
    // A view away from the water is the outside's; the water has nothing to say.
    assert_eq!(
        groups(golf),
        [
            ("Outside".into(), vec!["View: Golf Course".to_string()]),
            ("Taxes".into(), vec!["Annual taxes: $9,000".into()])
        ]
    );
}

/// The payment estimate's lines as "label: value", and the fields' values.
fn payment(html: &str) -> Option<(Vec<String>, Vec<String>)> {
    let start = html.find("<section class=\"payment\"")?;
    let block = &html[start..start + html[start..].find("</section>").unwrap()];
    let lines = block
        .split("<div><dt>")
        .chain(block.split("<div class=\"payment__total\"><dt>"))
        .skip(1)
        .filter(|l| !l.starts_with('<'))
        .map(|l| {
            let (label, rest) = l.split_once("</dt>").unwrap();
            format!("{label}: {}", &rest[rest.find('>').unwrap() + 1..rest.find("</dd>").unwrap()])
        })
        .collect();
    let values = block.split(" value=\"").skip(1).map(|v| v[..v.find('"').unwrap()].to_string()).collect();
    Some((lines, values))
}

#[test]
fn a_listing_for_sale_shows_its_payment_at_the_sites_figures_and_a_sold_one_none() {
    let hoa = json!({"TaxAnnualAmount": 14_000, "AssociationFee": 1_200, "AssociationFeeFrequency": "Quarterly"});
    let once = json!({"AssociationFee": 5_000, "AssociationFeeFrequency": "One Time"});
    let sold = json!({"StandardStatus": "Closed", "ClosePrice": 800_000, "CloseDate": "2026-10-01"});
    let [with_hoa, one_time, closed] =
        &pages(&[record("K1", hoa), record("K22", once), record("K333", sold)], Default::default())[..]
    else {
        panic!("three pages")
    };
    // 850,000 at 20 % down, 6.5 %, 30 years (content/site.yaml): 680,000 borrowed, 4,298.06 a month;
    // 14,000 / 12 in taxes, 0.9 % of the price in insurance, a quarterly 1,200 a month.
    let (lines, values) = payment(with_hoa).unwrap();
    assert_eq!(
        lines,
        [
            "Principal and interest (estimate): $4,298",
            "Property taxes (estimate): $1,167",
            "Home insurance (estimate): $638",
            "HOA fee (estimate): $400",
            "Estimated total a month: $6,503",
        ]
    );
    assert_eq!(values, ["850000", "20", "6.5", "15", "20", "30"], "the fields, then the terms");
    assert!(with_hoa.contains("<option value=\"30\" selected>30 years</option>"));
    assert!(with_hoa.contains("data-island=\"payment\" data-hydrate=\"visible\""));
    assert!(with_hoa.contains(r#""tax_annual":14000,"hoa":40000"#), "the island's figures: {with_hoa}");
    // No taxes in the feed, and a fee that is no monthly cost: neither line.
    let (lines, _) = payment(one_time).unwrap();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[1].starts_with("Home insurance") && lines[2].starts_with("Estimated total"));
    assert!(payment(closed).is_none(), "a sold home has no payment");
}
