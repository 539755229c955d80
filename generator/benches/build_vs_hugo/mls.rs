//! The MLS corpus on Hugo's side: the sample feed's records (`sample::records`, the same seeded
//! writer `generator import reso --sample` runs), kept and named as the import and the build do,
//! as Hugo content. The warm-up checks that both builders made the same listing pages.

use crate::sample;
use crate::site::{write, RealContent};
use jax_model::slug::slugify;
use serde_json::{json, Value};
use std::path::Path;

/// What the page says where the MLS hides the street (`mls.labels.address_hidden`).
const ADDRESS_HIDDEN: &str = "Address available on request";

/// One listing: its page's slug (`/homes/<slug>/`) and its Hugo front matter.
pub struct Listing {
    pub slug: String,
    pub area: Option<String>,
    pub front: Value,
}

/// The sample's `n` records the import keeps (on the market, or Closed where `show_sold`; not
/// hidden from the Internet), each with the slug and neighborhood the build gives it.
pub fn listings(real: &RealContent, n: usize) -> Vec<Listing> {
    sample::records(&real.areas(), &real.images, n, real.member.as_deref())
        .iter()
        .filter(|r| kept(real, r))
        .map(|r| listing(real, r))
        .collect()
}

pub fn kept(real: &RealContent, r: &Value) -> bool {
    let status = r["StandardStatus"].as_str().unwrap_or("");
    let on_market = matches!(status, "Active" | "Active Under Contract" | "Coming Soon" | "Pending");
    (on_market || (status == "Closed" && real.show_sold)) && r["InternetEntireListingDisplayYN"] != json!(false)
}

fn listing(real: &RealContent, r: &Value) -> Listing {
    let s = |k: &str| r[k].as_str().unwrap_or("").to_string();
    let city = s("City");
    let zip: String = s("PostalCode").chars().take(5).collect();
    let place = format!("{city}, FL {zip}");
    let address = Some(s("UnparsedAddress")).filter(|_| r["InternetAddressDisplayYN"] != json!(false));
    let slug = slugify(&format!("{} {place} {}", address.as_deref().unwrap_or(""), s("ListingId")));
    // The build's rule: the first neighborhood (site order) named by the City or within the
    // SubdivisionName, else the first whose ZIP is the listing's.
    let subdivision = s("SubdivisionName");
    let hood = real
        .hoods
        .iter()
        .find(|h| {
            let name = h.name.to_lowercase();
            city.to_lowercase() == name || subdivision.to_lowercase().contains(&name)
        })
        .or_else(|| real.hoods.iter().find(|h| h.zip.as_deref() == Some(zip.as_str())));
    let mut media: Vec<&Value> = r["Media"].as_array().map(|m| m.iter().collect()).unwrap_or_default();
    media.sort_by_key(|m| m["Order"].as_u64());
    // The import's rule: only the public, active ones (a type or status left out counts as such).
    let shown = |o: &&Value| {
        o["OpenHouseType"].as_str().is_none_or(|t| t == "Public")
            && o["OpenHouseStatus"].as_str().is_none_or(|s| s == "Active")
    };
    let open_houses: Vec<Value> = r["OpenHouse"]
        .as_array()
        .map(|o| {
            o.iter()
                .filter(shown)
                .map(|o| json!({"start": o["OpenHouseStartTime"], "end": o["OpenHouseEndTime"]}))
                .collect()
        })
        .unwrap_or_default();
    let remarks: Vec<&str> = r["PublicRemarks"].as_str().unwrap_or("").split("\n\n").collect();
    // Photos are the media that are photos; videos are links.
    let (photo_media, video_media): (Vec<&Value>, Vec<&Value>) =
        media.iter().partition(|m| m["MediaCategory"].as_str().is_none_or(|c| c == "Photo"));
    let photos: Vec<Value> =
        photo_media.iter().map(|m| json!({"url": m["MediaURL"], "alt": m["ShortDescription"]})).collect();
    let videos: Vec<&Value> = video_media.iter().map(|m| &m["MediaURL"]).collect();
    let front = json!({
        "title": address.as_deref().unwrap_or(ADDRESS_HIDDEN),
        // The lists' order: newest on the market first, as the generator's.
        "date": if r["OnMarketDate"].is_string() { &r["OnMarketDate"] } else { &r["ListingContractDate"] },
        "updated_at": r["ModificationTimestamp"],
        "outputs": ["html", "card"],
        "area": hood.map(|h| &h.slug),
        "area_name": hood.map(|h| &h.name),
        "status": r["StandardStatus"],
        "price": r["ListPrice"],
        "beds": r["BedroomsTotal"],
        "baths": r["BathroomsTotalInteger"],
        "sqft": r["LivingArea"],
        "acres": r["LotSizeAcres"],
        "year_built": r["YearBuilt"],
        "sub_type": r["PropertySubType"],
        "subdivision": subdivision,
        "mls_number": r["ListingId"],
        "address": address,
        "city": city,
        "zip": zip,
        "place": place,
        "office": r["ListOfficeName"],
        "office_phone": r["ListOfficePhone"],
        "lat": r["Latitude"],
        "lon": r["Longitude"],
        "photos": photos,
        "open_houses": open_houses,
        "remarks": remarks,
        "facts": facts(r),
        "videos": videos,
    });
    Listing { slug, area: hood.map(|h| h.slug.clone()), front }
}

/// A list field as the import reads it: a JSON array, or text separated by commas.
fn words(v: &Value) -> Vec<String> {
    let items: Vec<&str> = match v {
        Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
        Value::String(s) => s.split(',').collect(),
        _ => Vec::new(),
    };
    items.into_iter().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
}

/// The facts a buyer reads by group, as the record has them; the layout groups them (`homes/single.html`).
fn facts(r: &Value) -> Value {
    let names = |f: &str, word: &str| words(&r[f]).iter().any(|w| w.to_lowercase().contains(word));
    let on_water = r["WaterfrontYN"] == json!(true) || !words(&r["WaterfrontFeatures"]).is_empty();
    let list = |f: &str| words(&r[f]);
    json!({
        "waterfront": r["WaterfrontYN"] == json!(true),
        "waterfront_features": list("WaterfrontFeatures"),
        "water_view": if on_water { list("View") } else { Vec::new() },
        "other_view": if on_water { Vec::new() } else { list("View") },
        "dock": names("WaterfrontFeatures", "dock") || names("LotFeatures", "dock"),
        "pool": r["PoolPrivateYN"] == json!(true),
        "pool_features": list("PoolFeatures"),
        "garage": r["GarageSpaces"],
        "lot": list("LotFeatures"),
        "exterior": list("ExteriorFeatures"),
        "roof": list("Roof"),
        "interior": list("InteriorFeatures"),
        "appliances": list("Appliances"),
        "flooring": list("Flooring"),
        "fireplace": r["FireplaceYN"] == json!(true),
        "stories": r["Stories"],
        "heating": list("Heating"),
        "cooling": list("Cooling"),
        "fee": r["AssociationFee"],
        "fee_frequency": r["AssociationFeeFrequency"],
        "association": r["AssociationName"],
        "community": list("CommunityFeatures"),
        "gated": names("CommunityFeatures", "gated"),
        "taxes": r["TaxAnnualAmount"],
        "tax_year": r["TaxYear"],
        "elementary": r["ElementarySchool"],
        "middle": r["MiddleOrJuniorSchool"],
        "high": r["HighSchool"],
        "since": if r["OnMarketDate"].is_string() { &r["OnMarketDate"] } else { &r["ListingContractDate"] },
        "tour": r["VirtualTourURLUnbranded"],
    })
}

/// The listings as Hugo content: a page each (JSON front matter), `/homes/` and a list per
/// neighborhood that has listings.
pub fn content(real: &RealContent, site: &Path, listings: &[Listing]) {
    let homes = site.join("content/homes");
    for l in listings {
        write(&homes.join(format!("{}.md", l.slug)), format!("{}\n", l.front));
    }
    let front = |v: Value| format!("{v}\n");
    write(&homes.join("_index.md"), front(json!({"title": "Homes for Sale", "outputs": ["html", "searchindex"]})));
    write(&homes.join("in/_index.md"), front(json!({"title": "Homes by Neighborhood", "layout": "areas"})));
    for h in real.hoods.iter().filter(|h| listings.iter().any(|l| l.area.as_ref() == Some(&h.slug))) {
        let title = format!("Homes for Sale in {}", h.name);
        write(&homes.join("in").join(&h.slug).join("_index.md"), front(json!({"title": title, "area": h.slug})));
    }
}
