//! The project's own seeded writer of Jacksonville listings: a RESO-shaped sample feed for local
//! development and the tests (no real MLS data is ever committed), and the benchmark's corpus.
//! Seeded, so every run writes the same feed.
//!
//! The benchmark's corpus comes from here too (`sample::records`), so it uses only `rand`,
//! `serde_json` and `jiff`. The pools of words are in `words`, the facts a buyer reads by group in
//! `facts`, the open houses in `open_houses`.

use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{RngExt, SeedableRng};
use serde_json::{json, Value};

mod facts;
pub mod open_houses;
mod words;
pub use facts::TOURS_ORIGIN;
pub use words::{Kind, Span, CLOSERS, FEATURES, KINDS, MIDDLES, OPENERS, STREETS};
use words::{AGENTS, OFFICES, STATUSES};

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

pub use jax_model::market::format::thousands;

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
    let mut records: Vec<Value> = (0..listings).map(|i| record(&mut rng, areas, images, newest, i, member)).collect();
    // After every record is drawn, so the others stay as they were. The first /homes/ lists: the
    // greatest by the lists' rank (its date as `Facts::on_market_since` reads it).
    fn rank(r: &Value) -> (Option<jiff::civil::Date>, &str) {
        let since = ["OnMarketDate", "ListingContractDate"].iter().find_map(|f| r[*f].as_str()?.parse().ok());
        crate::record::list_rank(since, r["ListingId"].as_str().unwrap_or_default())
    }
    let first_for_sale = records
        .iter()
        .enumerate()
        .filter(|(_, r)| r["StandardStatus"] != "Closed" && r["InternetEntireListingDisplayYN"] == true)
        .max_by(|(_, a), (_, b)| rank(a).cmp(&rank(b)))
        .map(|(i, _)| i);
    for (i, r) in records.iter_mut().enumerate() {
        if i % 10 == 0 || Some(i) == first_for_sale {
            many_photos(r);
        }
    }
    records
}

/// The photos of the sample's fullest listings (every tenth, and the first that /homes/ lists,
/// whose page the browser suite audits), as many as a portal's listing shows.
pub const MANY_PHOTOS: usize = 30;

/// Gives `record` `MANY_PHOTOS` photos: its own again in turn (the site has few drawings), each
/// with its order and caption.
fn many_photos(record: &mut Value) {
    let Some(Value::Array(media)) = record.get_mut("Media") else { return };
    let own = media.len();
    for n in own..MANY_PHOTOS.max(own) {
        let Some(mut again) = media.get(n % own.max(1)).cloned() else { return };
        let caption = again["ShortDescription"].as_str().unwrap_or_default();
        let caption = caption.replacen(&format!("Photo {} ", n % own + 1), &format!("Photo {} ", n + 1), 1);
        again["Order"] = json!(n);
        again["ShortDescription"] = json!(caption);
        media.push(again);
    }
}

/// The open houses' own generator, seeded by the listing's place.
fn open_rng(i: usize) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(SEED ^ 0x0be7_0000_0000 ^ i as u64)
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
    let open_house: Vec<Value> = match status == "Active" && rng.random_bool(0.1) {
        true => {
            // The draw that once gave its day, kept so every record after it stays as it was.
            let _ = rng.random_range(1..=14);
            open_houses::draw(&mut open_rng(i), &key, newest, true)
        }
        false if status == "Active" => open_houses::draw(&mut open_rng(i), &key, newest, false),
        false => Vec::new(),
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
    let mut record = json!({
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
    });
    // The facts from a generator of their own, seeded by the listing's number.
    let mut facts_rng = Xoshiro256PlusPlus::seed_from_u64(SEED ^ 0xfac7_0000_0000 ^ i as u64);
    facts::add(&mut record, kind, &area.name, &mut facts_rng);
    record
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
