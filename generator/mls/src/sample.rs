//! The project's own seeded writer of Jacksonville listings: a RESO-shaped sample feed for local
//! development and the tests (no real MLS data is ever committed), and the benchmark's corpus.
//! Seeded, so every run writes the same feed.
//!
//! The benchmark compiles this file too (`#[path]`, for its Markdown corpus), so it uses only `rand`,
//! `serde_json` and `jiff`.

use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{RngExt, SeedableRng};
use serde_json::{json, Value};

/// The feed's `@odata.context`: what marks an import as the sample (its pages say "Sample
/// listing", and `make deploy` refuses to publish it).
pub const CONTEXT: &str = "https://sample.movetojax.invalid/reso/odata/$metadata#Property";
/// Where the sample's photos are said to be: the site's own images, under this origin.
pub const MEDIA_ORIGIN: &str = "https://sample.movetojax.invalid/";
/// The corpus's seed (xor the number of listings): a portable generator, so the feed is the same
/// on every machine and rand version.
pub const SEED: u64 = 0x5eed_1157;
/// The sample's newest ModificationTimestamp; older ones spread over the four months before it.
pub const NEWEST: &str = "2026-11-20T15:00:00Z";

/// A neighborhood the sample places listings in.
pub struct Area {
    pub name: String,
    pub zip: String,
}

pub const STREETS: &[&str] = &[
    "Riverside Ave",
    "San Jose Blvd",
    "Herschel St",
    "Atlantic Blvd",
    "Beach Blvd",
    "1st St N",
    "Ocean Dr",
    "Park St",
    "Oak St",
    "Post St",
    "Edgewood Ave",
    "Ortega Blvd",
    "Baymeadows Rd",
    "Hendricks Ave",
    "Main St",
    "Laura St",
    "Hogan St",
    "Bay St",
    "Prudential Dr",
    "Kings Ave",
    "San Marco Blvd",
    "Landon Ave",
    "St Johns Ave",
    "Avondale Ave",
    "Challen Ave",
    "Belvedere Ave",
    "Lakeside Dr",
    "Pablo Rd",
    "Nocatee Pkwy",
    "Crosswater Pkwy",
    "Ponte Vedra Blvd",
    "Sawgrass Dr",
    "Seminole Rd",
    "Sherry Dr",
    "Silver St",
    "Walnut St",
    "Market St",
    "8th St W",
    "Willow Branch Ave",
    "Roscoe Blvd",
    "Atlantic Ave",
    "Mayport Rd",
    "Hodges Blvd",
    "Southside Blvd",
    "Gate Pkwy",
    "Timuquana Rd",
];

pub const FEATURES: &[&str] = &[
    "Private dock",
    "Pool & spa",
    "River views",
    "Ocean views",
    "Chef's kitchen",
    "Wine room",
    "Home office",
    "Three-car garage",
    "Impact windows",
    "Hardwood floors",
    "Walk-in closets",
    "Screened lanai",
    "Rooftop terrace",
    "24-hour concierge",
    "Fitness center",
    "Gated community",
    "Wood-burning fireplace",
    "Smart-home wiring",
    "Solar panels",
    "Guest suite",
    "Heart pine floors",
    "Original millwork",
    "Wraparound porch",
    "Quartz countertops",
    "Gas range",
    "Boat lift",
    "Golf course views",
    "Outdoor kitchen",
    "Private elevator",
    "Covered parking",
    "Resort-style pool",
    "Marsh views",
    "Detached studio",
    "Whole-house generator",
];

/// An inclusive range to draw from.
pub type Span = (u64, u64);

/// A kind of home: its words, RESO sub-type, and the ranges it is drawn from.
pub struct Kind {
    pub name: &'static str,
    pub sub_type: &'static str,
    pub beds: Span,
    pub sqft: Span,
    pub per_sqft: Span,
    pub built: Span,
    /// Acres of lot; None for units in a building.
    pub lot: Option<Span>,
}

pub const KINDS: &[Kind] = &[
    Kind {
        name: "condominium",
        sub_type: "Condominium",
        beds: (1, 3),
        sqft: (650, 2_400),
        per_sqft: (240, 650),
        built: (1985, 2025),
        lot: None,
    },
    Kind {
        name: "townhome",
        sub_type: "Townhouse",
        beds: (2, 4),
        sqft: (1_300, 2_800),
        per_sqft: (190, 420),
        built: (1995, 2025),
        lot: Some((3, 10)),
    },
    Kind {
        name: "single-family home",
        sub_type: "Single Family Residence",
        beds: (3, 5),
        sqft: (1_700, 4_200),
        per_sqft: (170, 480),
        built: (1955, 2025),
        lot: Some((15, 60)),
    },
    Kind {
        name: "historic bungalow",
        sub_type: "Single Family Residence",
        beds: (2, 4),
        sqft: (1_100, 2_600),
        per_sqft: (210, 430),
        built: (1905, 1940),
        lot: Some((10, 30)),
    },
    Kind {
        name: "estate",
        sub_type: "Single Family Residence",
        beds: (4, 7),
        sqft: (3_800, 9_500),
        per_sqft: (320, 900),
        built: (1925, 2025),
        lot: Some((50, 300)),
    },
];

pub const OPENERS: &[&str] = &[
    "Set on a quiet, tree-lined stretch of {street}, this {kind} pairs {area} convenience with room to breathe.",
    "Sunlight fills every room of this {kind} in the heart of {area}, steps from cafés, parks and the river.",
    "This {kind} on {street} has been thoughtfully updated from top to bottom without losing its character.",
    "Welcome home to one of {area}'s most inviting addresses: a {beds}-bedroom {kind} with {sqft} square feet of living space.",
    "Rarely does a {kind} like this come to market in {area}, and the details show why.",
];

pub const MIDDLES: &[&str] = &[
    "The open kitchen centres on a long island with **{f0}**, flowing into a family room made for long evenings.",
    "Upstairs, the primary suite offers a spa bath, a sitting area and **{f1}**, while the guest rooms share a bright hall bath.",
    "Entertaining is easy with **{f0}** and **{f2}**, and the floor plan keeps everyday living simple.",
    "Thoughtful upgrades include **{f1}**, new systems and *fresh paint throughout*, so there is nothing left to do but move in.",
    "Out back, a private yard and **{f2}** make weekends at home feel like a getaway.",
    "Every bedroom has generous closet space, and **{f3}** adds flexibility for guests or a growing household.",
];

pub const CLOSERS: &[&str] = &[
    "You are minutes from downtown Jacksonville, the beaches and the airport, with top-rated schools nearby.",
    "Stroll to the neighbourhood's restaurants and shops, or spend the afternoon on the water.",
    "{area} keeps its small-town feel while putting the whole city within a short drive.",
    "Schedule a private showing to see why buyers keep coming back to {area}.",
    "HOA dues are modest, and the community's amenities are among the best on the First Coast.",
];

/// Listing offices and agents of the sample: invented, like every listing in it.
const OFFICES: &[(&str, &str)] = &[
    ("First Coast Premier Realty", "(904) 555-0110"),
    ("St. Johns River Properties", "(904) 555-0121"),
    ("Ocean & Oak Realty", "(904) 555-0132"),
    ("Riverside Heritage Homes", "(904) 555-0143"),
    ("Ponte Vedra Coastal Realty", "(904) 555-0154"),
    ("Coastal Luxury Realty", "(904) 555-0165"),
];
const AGENTS: &[&str] = &[
    "Dana Whitaker",
    "Marcus Lee",
    "Priya Raman",
    "Colin Baptiste",
    "Elena Sorensen",
    "Jamal Carter",
    "Hannah Ortiz",
    "Grant Holloway",
    "Mei Tanaka",
    "Rosa Delgado",
];
/// Status and its share of the sample, in percent.
const STATUSES: &[(&str, u32)] =
    &[("Active", 84), ("Active Under Contract", 5), ("Pending", 5), ("Coming Soon", 2), ("Closed", 4)];

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// One item of a non-empty slice.
pub fn pick<'a, T>(rng: &mut Xoshiro256PlusPlus, items: &'a [T]) -> &'a T {
    items.choose(rng).expect("a non-empty list")
}

pub fn city_of(area: &str) -> &str {
    if area.contains("Beach") {
        area
    } else if area == "Nocatee" {
        "Ponte Vedra"
    } else {
        "Jacksonville"
    }
}

pub fn rng(listings: usize) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(SEED ^ listings as u64)
}

/// A listing's words, for the sentence pools' `{street}`, `{kind}`, `{area}`, `{beds}`, `{sqft}`
/// and `{f0}`…`{f3}` (its first four features).
pub struct Words<'a> {
    pub street: &'a str,
    pub kind: &'a str,
    pub area: &'a str,
    pub beds: u64,
    pub sqft: u64,
    pub features: &'a [&'a str],
}

impl Words<'_> {
    /// `t` with the listing's words in (the templates' Markdown emphasis kept).
    pub fn fill(&self, t: &str) -> String {
        let mut out = t
            .replace("{street}", self.street)
            .replace("{kind}", self.kind)
            .replace("{area}", self.area)
            .replace("{beds}", &self.beds.to_string())
            .replace("{sqft}", &thousands(self.sqft));
        for (i, f) in self.features.iter().enumerate() {
            out = out.replace(&format!("{{f{i}}}"), &f.to_lowercase());
        }
        out
    }
}

/// Remarks of two or three paragraphs from the sentence pools, each sentence at most once;
/// `fill` puts the listing's words into a sentence. Markdown emphasis marks the features.
pub fn remarks(rng: &mut Xoshiro256PlusPlus, fill: impl Fn(&str) -> String) -> Vec<String> {
    let (mut middles, mut closers) = (MIDDLES.to_vec(), CLOSERS.to_vec());
    middles.shuffle(rng);
    closers.shuffle(rng);
    let opener = *pick(rng, OPENERS);
    let paragraphs = if rng.random_bool(0.5) { 2 } else { 3 };
    let mut out = Vec::new();
    for p in 0..paragraphs {
        let mut sentences = Vec::new();
        if p == 0 {
            sentences.push(fill(opener));
        }
        for _ in 0..rng.random_range(1..=2) {
            sentences.extend(middles.pop().map(&fill));
        }
        if p + 1 == paragraphs {
            for _ in 0..rng.random_range(1..=2) {
                sentences.extend(closers.pop().map(&fill));
            }
        }
        out.push(sentences.join(" "));
    }
    out
}

/// `listings` RESO Property records as `$expand=Media,OpenHouse` returns them. `images` are the
/// site's own photos (content-relative paths), which the sample's Media name. `member`: the
/// site's agent's MLS member ID, named as an agent on a share of the Closed listings (her record).
pub fn records(areas: &[Area], images: &[String], listings: usize, member: Option<&str>) -> Vec<Value> {
    let mut rng = rng(listings);
    let newest: jiff::Timestamp = NEWEST.parse().expect("NEWEST is a timestamp");
    (0..listings).map(|i| record(&mut rng, areas, images, newest, i, member)).collect()
}

/// An invented member ID for one of the sample's agents.
fn member_id(n: usize) -> String {
    format!("NEF{:05}", 10_000 + n)
}

fn record(
    rng: &mut Xoshiro256PlusPlus,
    areas: &[Area],
    images: &[String],
    newest: jiff::Timestamp,
    i: usize,
    member: Option<&str>,
) -> Value {
    let kind = pick(rng, KINDS);
    let area = pick(rng, areas);
    let street = *pick(rng, STREETS);
    let number = rng.random_range(100..=9_899);
    let unit = if kind.lot.is_none() {
        format!(" Unit {}{:02}", rng.random_range(1..=24), rng.random_range(1..=12))
    } else {
        String::new()
    };
    let beds = rng.random_range(kind.beds.0..=kind.beds.1);
    let baths = rng.random_range(beds.max(2) - 1..=beds + 1);
    let sqft = rng.random_range(kind.sqft.0..=kind.sqft.1) / 10 * 10;
    let price = (sqft * rng.random_range(kind.per_sqft.0..=kind.per_sqft.1)) / 5_000 * 5_000;
    let features: Vec<&str> = FEATURES.sample(rng, 4).copied().collect();
    let words = Words { street, kind: kind.name, area: &area.name, beds, sqft, features: &features };
    // The feed's remarks are plain text: the templates' Markdown emphasis goes.
    let fill = |t: &str| words.fill(t).replace('*', "");
    let remarks = remarks(rng, fill).join("\n\n");
    let roll = rng.random_range(0..100);
    let mut acc = 0;
    let status = STATUSES.iter().find(|(_, share)| {
        acc += share;
        roll < acc
    });
    let status = status.map_or("Active", |(s, _)| *s);
    let (office, office_phone) = *pick(rng, OFFICES);
    let modified = newest - jiff::SignedDuration::from_mins(rng.random_range(0..=120 * 24 * 60));
    let key = format!("SAMPLE{:06}", i + 1);
    let photos = rng.random_range(6..=14).min(images.len().max(1));
    let mut shown: Vec<&String> = images.sample(rng, photos).collect();
    shown.shuffle(rng);
    let media: Vec<Value> = shown
        .iter()
        .enumerate()
        .map(|(order, path)| {
            json!({"MediaURL": format!("{MEDIA_ORIGIN}{path}"), "Order": order, "ShortDescription": format!("Photo {} of the {}", order + 1, kind.name)})
        })
        .collect();
    let open_house: Vec<Value> = if status == "Active" && rng.random_bool(0.1) {
        let day = newest + jiff::SignedDuration::from_hours(24 * rng.random_range(1..=14));
        let start = day.round(jiff::TimestampRound::new().smallest(jiff::Unit::Hour)).unwrap_or(day);
        let end = start + jiff::SignedDuration::from_hours(2);
        vec![json!({"OpenHouseStartTime": start.to_string(), "OpenHouseEndTime": end.to_string()})]
    } else {
        Vec::new()
    };
    let lat = 30.33 + rng.random_range(-150..=150) as f64 / 1000.0;
    let lon = -81.55 + rng.random_range(-200..=150) as f64 / 1000.0;
    // Drawn in the order the record names them, so every record stays as it was before the
    // member IDs were added.
    let closed = status == "Closed";
    let close_price = if closed { json!(price / 100 * rng.random_range(94..=101)) } else { Value::Null };
    let lot = kind.lot.map(|(lo, hi)| rng.random_range(lo..=hi) as f64 / 100.0);
    let built = rng.random_range(kind.built.0..=kind.built.1);
    let agent = *pick(rng, AGENTS);
    let list_agent = AGENTS.iter().position(|a| *a == agent).map(member_id);
    // Every third Closed listing is the site agent's: the seller's side, the buyer's, then both.
    let (list_agent, buyer_agent) = match (closed, member, i % 9) {
        (true, Some(m), 0) => (Some(m.to_string()), Some(member_id(i % AGENTS.len()))),
        (true, Some(m), 3) => (list_agent, Some(m.to_string())),
        (true, Some(m), 6) => (Some(m.to_string()), Some(m.to_string())),
        (true, _, _) => (list_agent, Some(member_id((i + 1) % AGENTS.len()))),
        _ => (list_agent, None),
    };
    let close_date = closed.then(|| modified.to_zoned(jiff::tz::TimeZone::UTC).date().to_string());
    json!({
        "ListingKey": key,
        "ListingId": (2_104_000 + i).to_string(),
        "StandardStatus": status,
        "ListPrice": price,
        "ClosePrice": close_price,
        "CloseDate": close_date,
        "BedroomsTotal": beds,
        "BathroomsTotalInteger": baths,
        "LivingArea": sqft,
        "LotSizeAcres": lot,
        "YearBuilt": built,
        "PropertyType": "Residential",
        "PropertySubType": kind.sub_type,
        "UnparsedAddress": format!("{number} {street}{unit}"),
        "City": city_of(&area.name),
        "StateOrProvince": "FL",
        "PostalCode": area.zip,
        "Latitude": (lat * 1e5).round() / 1e5,
        "Longitude": (lon * 1e5).round() / 1e5,
        "SubdivisionName": area.name,
        "PublicRemarks": remarks,
        "ListOfficeName": office,
        "ListOfficePhone": office_phone,
        "ListAgentFullName": agent,
        "ListAgentMlsId": list_agent,
        "BuyerAgentMlsId": buyer_agent,
        "ModificationTimestamp": modified.to_string(),
        "InternetEntireListingDisplayYN": !rng.random_bool(0.01),
        "InternetAddressDisplayYN": !rng.random_bool(0.02),
        "Media": media,
        "OpenHouse": open_house,
    })
}

/// The records as OData pages of `page_size`, each naming the next by `@odata.nextLink`
/// (relative to `base`, as a server would).
pub fn pages(records: &[Value], page_size: usize, base: &str) -> Vec<Value> {
    let chunks: Vec<&[Value]> = records.chunks(page_size.max(1)).collect();
    let count = chunks.len();
    chunks
        .into_iter()
        .enumerate()
        .map(|(i, chunk)| {
            let mut page = json!({"@odata.context": CONTEXT, "value": chunk});
            if i + 1 < count {
                page["@odata.nextLink"] = json!(format!("{base}?$skip={}", (i + 1) * page_size));
            }
            page
        })
        .collect()
}
