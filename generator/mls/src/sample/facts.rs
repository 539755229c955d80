//! The facts a buyer reads by group, for each sample listing, in shares like the First Coast's:
//! about a fifth on the water (nearly half of those with a dock), a third with a pool, half in an
//! association (every condominium and townhome, some houses; some of them gated), a third with an
//! unbranded tour, a few with a video, and for every listing its schools, its taxes (1.5–2 % of
//! its price) and the day it came on the market. Drawn from a generator of their own (the caller's,
//! seeded by the listing's number), so every other field of a record is what it was before they
//! were added.

use super::words::Kind;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use rand::RngExt;
use serde_json::{json, Map, Value};

/// Where the sample's tours and videos are said to be (no such host: the sample is invented).
pub const TOURS_ORIGIN: &str = "https://tours.sample.movetojax.invalid/";

const WATERFRONT: &[&str] =
    &["River Front", "Intracoastal Waterway", "Ocean Front", "Canal Front", "Lake Front", "Marsh Front"];
const WATER_VIEWS: &[&str] = &["River", "Water", "Ocean", "Intracoastal", "Marsh", "Lake"];
const VIEWS: &[&str] = &["Trees/Woods", "Golf Course", "City", "Park", "Pond"];
const POOL: &[&str] = &["In Ground", "Heated", "Salt Water", "Screen Enclosure", "Gunite", "Spa"];
const LOT: &[&str] = &["Corner Lot", "Cul-De-Sac", "Wooded", "Sprinklers In Front", "Sprinklers In Rear", "Fenced"];
const EXTERIOR: &[&str] = &["Balcony", "Covered Patio", "Outdoor Kitchen", "Fire Pit", "Porch", "Storm Shutters"];
const ROOFS: &[&str] = &["Shingle", "Metal", "Tile"];
const INTERIOR: &[&str] = &[
    "Walk-In Closet(s)",
    "Kitchen Island",
    "Pantry",
    "Open Floorplan",
    "Split Bedrooms",
    "Vaulted Ceiling(s)",
    "Built-in Features",
    "Smart Home",
];
const APPLIANCES: &[&str] = &["Dishwasher", "Refrigerator", "Microwave", "Washer", "Dryer", "Wine Cooler"];
const FLOORING: &[&str] = &["Hardwood", "Tile", "Carpet", "Vinyl", "Wood"];
const COMMUNITY: &[&str] = &["Clubhouse", "Community Pool", "Fitness Center", "Tennis Court(s)", "Sidewalks", "Park"];
const ELEMENTARY: &[&str] = &[
    "Cedar Bluff Elementary",
    "Live Oak Elementary",
    "Pablo Creek Elementary",
    "Riverbend Elementary",
    "Seabreeze Elementary",
    "Timucuan Elementary",
];
const MIDDLE: &[&str] =
    &["Ribault Bay Middle", "Fort Caroline Bay Middle", "Palm Valley Middle", "St. Johns Bluff Middle"];
const HIGH: &[&str] = &["First Coast Bay High", "Mandarin Point High", "Ocean Ridge High", "Timuquana High"];

fn pick<'a>(rng: &mut Xoshiro256PlusPlus, items: &[&'a str]) -> &'a str {
    items.choose(rng).copied().unwrap_or_default()
}

/// `n` to `m` different items of `items`.
fn some(rng: &mut Xoshiro256PlusPlus, items: &[&str], n: usize, m: usize) -> Vec<String> {
    let count = rng.random_range(n..=m).min(items.len());
    items.sample(rng, count).map(|s| s.to_string()).collect()
}

/// The facts of the record `r` (of this kind, in this area), drawn from `rng`, added to it.
pub(super) fn add(r: &mut Value, kind: &Kind, area: &str, rng: &mut Xoshiro256PlusPlus) {
    let key = r["ListingKey"].as_str().unwrap_or_default().to_string();
    let price = r["ListPrice"].as_u64().unwrap_or_default();
    let mut built = r["YearBuilt"].as_u64().unwrap_or_default();
    // One listing in twelve of the kinds still being built is new (from its key, not `rng`, so
    // every other draw stays as it was): this year's or last.
    let n: u64 = key.trim_start_matches(|c: char| !c.is_ascii_digit()).parse().unwrap_or(1);
    if kind.built.1 >= 2025 && n % 12 == 5 {
        built = 2025 + n / 12 % 2;
        r["YearBuilt"] = json!(built);
    }
    let modified: jiff::Timestamp =
        r["ModificationTimestamp"].as_str().and_then(|t| t.parse().ok()).unwrap_or_default();
    let condo = kind.lot.is_none();
    let house = !condo && kind.sub_type == "Single Family Residence";
    let mut f = Map::new();
    let mut put = |k: &str, v: Value| {
        f.insert(k.to_string(), v);
    };

    let waterfront = rng.random_bool(0.2);
    put("WaterfrontYN", json!(waterfront));
    if waterfront {
        let mut water = some(rng, WATERFRONT, 1, 2);
        // Nearly half of those on the water (a condominium's dock is its building's).
        if !condo && rng.random_bool(0.55) {
            water.push(if rng.random_bool(0.5) { "Dock".into() } else { "Boat Dock".into() });
        }
        put("WaterfrontFeatures", json!(water));
        put("View", json!(some(rng, WATER_VIEWS, 1, 2)));
    } else if rng.random_bool(0.4) {
        put("View", json!(some(rng, VIEWS, 1, 1)));
    }
    // Condominiums share their building's pool; a third of all listings have their own.
    let pool = !condo && rng.random_bool(0.44);
    put("PoolPrivateYN", json!(pool));
    if pool {
        put("PoolFeatures", json!(some(rng, POOL, 1, 3)));
    }
    let garage = match (condo, kind.name) {
        (true, _) => rng.random_range(0..=2),
        (_, "estate") => rng.random_range(2..=4),
        _ => rng.random_range(1..=3),
    };
    if garage > 0 {
        put("GarageSpaces", json!(garage));
    }
    if !condo {
        // The comma-separated form some servers send, which the import reads as a list too.
        put("LotFeatures", json!(some(rng, LOT, 1, 3).join(",")));
    }
    put("ExteriorFeatures", json!(some(rng, EXTERIOR, 1, 3)));
    put("Roof", json!([if condo { "Membrane" } else { pick(rng, ROOFS) }]));
    put("InteriorFeatures", json!(some(rng, INTERIOR, 2, 4)));
    let mut appliances = some(rng, APPLIANCES, 2, 4);
    appliances.insert(0, if rng.random_bool(0.5) { "Gas Range".into() } else { "Electric Range".into() });
    put("Appliances", json!(appliances));
    put("Flooring", json!(some(rng, FLOORING, 1, 3)));
    put("FireplaceYN", json!(!condo && rng.random_bool(0.35)));
    let stories = match (condo, kind.name) {
        (true, _) => 1,
        (_, "townhome") => rng.random_range(2..=3),
        (_, "estate") => rng.random_range(2..=3),
        _ => rng.random_range(1..=2),
    };
    put("Stories", json!(stories));
    put("Heating", json!(if rng.random_bool(0.6) { vec!["Central", "Electric"] } else { vec!["Heat Pump"] }));
    put("Cooling", json!(["Central Air"]));

    // Every condominium and townhome, and a sixth of the houses.
    if !house || rng.random_bool(0.16) {
        let (fee, frequency, name) = match (condo, house) {
            (true, _) => (rng.random_range(35..=120) * 10, "Monthly", format!("{area} Condominium Association")),
            (false, false) => (rng.random_range(15..=40) * 10, "Monthly", format!("{area} Townhome Association")),
            _ if rng.random_bool(0.5) => {
                (rng.random_range(6..=24) * 100, "Annually", format!("{area} Owners Association"))
            }
            _ => (rng.random_range(3..=9) * 100, "Quarterly", format!("{area} Owners Association")),
        };
        put("AssociationFee", json!(fee));
        put("AssociationFeeFrequency", json!(frequency));
        put("AssociationName", json!(name));
        let mut community = some(rng, COMMUNITY, 1, 3);
        if rng.random_bool(0.29) {
            community.insert(0, "Gated".into());
        }
        put("CommunityFeatures", json!(community));
    }

    put("TaxAnnualAmount", json!(price * rng.random_range(150..=200) / 10_000));
    put("TaxYear", json!(2025));
    put("ElementarySchool", json!(pick(rng, ELEMENTARY)));
    put("MiddleOrJuniorSchool", json!(pick(rng, MIDDLE)));
    put("HighSchool", json!(pick(rng, HIGH)));

    let day = |t: jiff::Timestamp| t.to_zoned(jiff::tz::TimeZone::UTC).date();
    let listed = modified - jiff::SignedDuration::from_hours(24 * rng.random_range(0..=150));
    let signed = listed - jiff::SignedDuration::from_hours(24 * rng.random_range(1..=7));
    put("OnMarketDate", json!(day(listed).to_string()));
    put("ListingContractDate", json!(day(signed).to_string()));
    put("NewConstructionYN", json!(built >= 2025));
    if rng.random_bool(0.31) {
        put("VirtualTourURLUnbranded", json!(format!("{TOURS_ORIGIN}{key}")));
    }
    let video = rng.random_bool(0.08);

    let Some(record) = r.as_object_mut() else { return };
    record.extend(f);
    if let Some(media) = record.get_mut("Media").and_then(Value::as_array_mut) {
        for m in media.iter_mut() {
            m["MediaCategory"] = json!("Photo");
        }
        if video {
            let order = media.len();
            media.push(
                json!({"MediaURL": format!("{TOURS_ORIGIN}{key}/video.mp4"), "Order": order, "MediaCategory": "Video"}),
            );
        }
    }
}
